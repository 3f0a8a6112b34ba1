"""Kernel speed on one core: a warm-up batch (compilation or cache load), then a timed batch."""
import time

import numpy as np

from simcore import records
from simcore.batch import play_batch
from simcore.config import pack_policies, pack_rules
from simcore.seeds import game_seeds

WARMUP_GAMES = 8


def bench(scenario, games):
    """Time play_batch on games 0..games-1 of `scenario` in this process; return the figures."""
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    indices = np.arange(games, dtype=np.int64)
    seeds = game_seeds(scenario.seed, 0, games)

    t0 = time.perf_counter()
    play_batch(params, kinds, weights, indices[:WARMUP_GAMES], seeds[:WARMUP_GAMES])
    t1 = time.perf_counter()
    block = play_batch(params, kinds, weights, indices, seeds)
    t2 = time.perf_counter()
    return {"warmup_games": min(WARMUP_GAMES, games), "compile_s": t1 - t0, "games": games,
            "seconds": t2 - t1, "games_per_s": games / max(t2 - t1, 1e-9),
            "turns_per_game": float(block[:, records.G_TURNS].mean())}
