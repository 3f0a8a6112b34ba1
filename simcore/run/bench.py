"""Kernel speed on one core: a warm-up batch (compilation or cache load), then a timed batch."""
import time

import numpy as np

from simcore.engine import records
from simcore.run.batch import play_batch
from simcore.run.cap import games_cap
from simcore.run.config import pack_policies, pack_rules
from simcore.run.seeds import game_seeds

WARMUP_GAMES = 8


def bench(scenario, games):
    """Time play_batch on games 0..games-1 of `scenario` in this process; return the figures."""
    games = games_cap(games)
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    indices = np.arange(games, dtype=np.int64)
    seeds = game_seeds(scenario.seed, 0, games)

    t0, cpu0 = time.perf_counter(), time.process_time()
    play_batch(params, kinds, weights, indices[:WARMUP_GAMES], seeds[:WARMUP_GAMES])
    t1, cpu1 = time.perf_counter(), time.process_time()
    block = play_batch(params, kinds, weights, indices, seeds)
    t2 = time.perf_counter()
    # compile_cpu_s: the compile's CPU time in this process, nearly the same at any load (its wall time
    # grows with the load): the figure the first run's notice quotes (simcore.run.batch.BASE_COMPILE_SECONDS)
    return {"warmup_games": min(WARMUP_GAMES, games), "compile_s": t1 - t0, "compile_cpu_s": cpu1 - cpu0,
            "games": games,
            "seconds": t2 - t1, "games_per_s": games / max(t2 - t1, 1e-9),
            "turns_per_game": float(block[:, records.G_TURNS].mean())}


def jobs_ratio(scenario, jobs, folder, tally, backend="local", scheduler=None):
    """Whole runs (workers, chunk files, games.csv, summary; no report) with one job and with `jobs`,
    side by side in this session: {"load_before", "load_after", "runs": [{"jobs", "seconds", "games_per_s"}],
    "ratio"}.  The kernel is compiled (or loaded) first, so neither run pays for it; tally: as for runner.run."""
    import dataclasses
    import os
    from pathlib import Path

    from simcore.run.sweep import run_one as run
    run(dataclasses.replace(scenario, games=1), Path(folder) / "warm", tally=tally, progress=False, force=True)
    out = {"load_before": os.getloadavg(), "runs": []}
    for j in (1, jobs):
        t0 = time.perf_counter()
        run(scenario, Path(folder) / f"jobs-{j}", tally=tally, jobs=j, progress=False, force=True,
            backend=backend if j > 1 else "local", scheduler=scheduler)
        seconds = time.perf_counter() - t0
        out["runs"].append({"jobs": j, "seconds": seconds, "games_per_s": scenario.games / seconds})
    out["load_after"] = os.getloadavg()
    out["ratio"] = out["runs"][1]["games_per_s"] / out["runs"][0]["games_per_s"]
    return out
