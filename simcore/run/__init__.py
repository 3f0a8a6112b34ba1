"""Loading scenarios (config, grid: no numba) and playing them: batches, runs, sweeps,
replays, bench."""
