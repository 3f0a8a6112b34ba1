"""Thin Python shell around the game kernel: checks inputs, calls the compiled batch.

play_batch(params, kinds, weights, game_indices, seeds) -> int64[n, records.N_COLUMNS]
  params:       int64[params.N_PARAMS]    packed rules (simcore.config.pack_rules)
  kinds:        int64[players]            policy kind per *scenario* seat spec
  weights:      float64[players, N_WEIGHTS] weights per scenario seat spec
  game_indices: int64[n]                  game index within the run (drives seat rotation)
  seeds:        uint32[n]                 one seed per game (simcore.seeds.game_seeds)
A game's row depends only on (params, kinds, weights, game index, seed).
"""
import numpy as np

from simcore import records
from simcore.params import N_PARAMS


def play_batch(params, kinds, weights, game_indices, seeds):
    # STUB until the kernel lands: fake but well-formed rows.
    n = len(game_indices)
    out = np.full((n, records.N_COLUMNS), -1, dtype=np.int64)
    out[:, records.G_GAME] = game_indices
    out[:, records.G_SEED] = seeds
    out[:, records.G_WINNER] = np.asarray(seeds) % 4
    out[:, records.G_TURNS] = 60
    out[:, records.G_ROUNDS] = 15
    for s in range(int(params[0])):
        base = records.SEAT_BASE + s * records.SEAT_WIDTH
        out[:, base:base + records.SEAT_WIDTH] = 0
        out[:, base + records.S_SPEC] = s
    return out
