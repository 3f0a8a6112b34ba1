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


def lines(scenario, games):
    """`catan-balance bench`: what is timed (before the timing), then the figures, as lines."""
    import os
    yield (f"bench: {scenario.name}, {scenario.players} player{'s' if scenario.players != 1 else ''} "
           f"({', '.join(s.policy for s in scenario.seats)}), one core")
    result = bench(scenario, games)
    yield (f"compile / cache load: {result['compile_s']:.2f} s, {result['compile_cpu_s']:.2f} s of CPU "
           f"(first batch of {result['warmup_games']} games; load average {os.getloadavg()[0]:.1f})")
    rate = result['games_per_s']
    yield (f"{result['games']:,} games in {result['seconds']:.2f} s: {rate:,.{0 if rate >= 100 else 1}f} games/s "
           f"({1000 / result['games_per_s']:.3f} ms a game, {result['turns_per_game']:.1f} player-turns a game)")


def jobs_lines(scenario, jobs, tally, **where):
    """`catan-balance bench --jobs J`: whole runs with 1 and J jobs (jobs_ratio) and their ratio, as lines."""
    import os
    import tempfile
    yield f"bench: {scenario.name}, {scenario.games:,} games, whole runs (no report) with 1 and {jobs} jobs"
    with tempfile.TemporaryDirectory(prefix="catan-bench-") as folder:
        result = jobs_ratio(scenario, jobs, folder, tally, **where)
    for r in result["runs"]:
        yield f"--jobs {r['jobs']}: {r['seconds']:.1f} s, {r['games_per_s']:,.0f} games/s"
    load = ", ".join(f"{x:.2f}" for x in result["load_before"])
    yield f"ratio: {result['ratio']:.2f}x with {jobs} jobs (load average before: {load}; {os.cpu_count()} cores)"


def compile_lines(scenarios, stream):
    """`catan-balance compile`: each engine the scenarios need compiled (or loaded) once, a line each;
    stream: where the compiler's notice goes."""
    from simcore.engine.state import rules_variants
    from simcore.run.batch import engine_name, warm_up
    seen = set()
    for scenario in scenarios:
        params = pack_rules(scenario)
        kernel = rules_variants(params)
        if kernel in seen:
            continue
        seen.add(kernel)
        seconds, compiled = warm_up(params, *pack_policies(scenario), stream)
        how = "compiled" if compiled else "loaded from the cache"
        yield f"engine for {engine_name(params)} (as {scenario.name} needs it): {how} in {seconds:.1f} s"
