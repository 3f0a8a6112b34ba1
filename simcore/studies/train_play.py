"""Games for `train`: one seat's candidate weights against the scenario's field, won or not.

    field = Field.of(scenario, seat)                  # the scenario's packed rules and policies
    won = games.wins(field, kind, weights, TRAIN, 0, 400)   # uint8[400]: did seat `seat` win game g?

The compiled batch kernel (simcore.run.batch.play_batch) plays many games per call; only
the packed scenario seat `seat` changes between candidates.  Seats rotate as in a run:
game g puts scenario seat (s + g) % seats at table seat s, so a candidate plays every table
position.  Game g's seed is that of game g of a run with the same seed, in one of three
disjoint index ranges (streams), so training, validation and the final holdout never share
a game:  TRAIN [0, 2^30), VALIDATION [2^30, 2^31), HOLDOUT [2^31, 2^32).
With jobs > 1 the games of a call are split between long-lived loky worker processes.
"""
from dataclasses import dataclass, replace

import numpy as np

from simcore.engine import records as R
from simcore.run.batch import play_batch, row_layout
from simcore.run.config import pack_policies, pack_rules
from simcore.run.seeds import game_seeds
from simcore.engine.state import new_state_buffer

TRAIN, VALIDATION, HOLDOUT = 0, 2**30, 2**31
MIN_SPLIT = 200      # fewer games than this per worker are played here, in one call


@dataclass
class Field:
    params: np.ndarray     # int64[N_PARAMS]
    kinds: np.ndarray      # int64[specs]: the scenario's seats
    weights: np.ndarray    # float64[specs, N_WEIGHTS]
    seat: int              # the scenario seat being trained
    seed: int              # the run seed the game seeds derive from

    @classmethod
    def of(cls, scenario, seat, seed=None):
        """The field of `scenario` for training its seat `seat`.  A one-player scenario with
        several alternative seats keeps only that one (every game is then its game)."""
        if scenario.players == 1 and len(scenario.seats) > 1:
            scenario = replace(scenario, seats=(scenario.seats[seat],))
            seat = 0
        kinds, weights = pack_policies(scenario)
        return cls(pack_rules(scenario), kinds, weights, seat, scenario.seed if seed is None else seed)

    def with_others(self, kind, weights):
        """The same field with every other seat playing (kind, weights) (self-play)."""
        kinds = np.full_like(self.kinds, kind)
        return replace(self, kinds=kinds, weights=np.tile(weights, (len(kinds), 1)))

    @property
    def specs(self):
        return len(self.kinds)


class Games:
    """Plays games for one training run; `played` counts them."""

    def __init__(self, jobs=1):
        self.jobs = jobs
        self.played = 0
        self._executor = None

    def warm_up(self, field, stream):
        """Compile (or load) the kernel here and in the workers before the clock starts."""
        from simcore.run.batch import warm_up
        warm_up(field.params, field.kinds, field.weights, stream)
        if self.jobs > 1:
            pool = self._pool()
            for f in [pool.submit(play_wins, field.params, field.kinds, field.weights, field.seat, field.seed, 0, 1)
                      for _ in range(self.jobs)]:
                f.result()

    def close(self):
        """End the worker pool: it is loky's plain reusable pool, and left alive, a later joblib
        Parallel with as many jobs (a run or sweep in the same process) would take it over and fail."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None

    def _pool(self):
        if self._executor is None:
            from simcore.run.backends import loky_pool
            self._executor = loky_pool(self.jobs, timeout=10)
        return self._executor

    def wins(self, field, kind, weights, stream, start, count):
        """uint8[count]: 1 where the trained seat won game stream + start + i."""
        kinds = field.kinds.copy()
        table = field.weights.copy()
        kinds[field.seat], table[field.seat] = kind, weights
        first = stream + start
        parts = min(self.jobs, max(1, count // MIN_SPLIT))
        self.played += count
        if parts == 1:
            return play_wins(field.params, kinds, table, field.seat, field.seed, first, count)
        pool = self._pool()
        edges = np.linspace(0, count, parts + 1).astype(int)
        futures = [pool.submit(play_wins, field.params, kinds, table, field.seat, field.seed,
                                         first + a, b - a) for a, b in zip(edges[:-1], edges[1:])]
        return np.concatenate([f.result() for f in futures])


_BUFFERS = {}


def play_wins(params, kinds, weights, seat, seed, first, count):
    """uint8[count]: did scenario seat `seat` win games first .. first+count-1 (seeds of run `seed`)."""
    key = params.tobytes()
    if key not in _BUFFERS:
        _BUFFERS.clear()
        _BUFFERS[key] = new_state_buffer(params)
    indices = np.arange(first, first + count, dtype=np.int64)
    rows = play_batch(params, kinds, weights, indices, game_seeds(seed, first, count), buf=_BUFFERS[key])
    winner = rows[:, R.G_WINNER]
    at = row_layout(params).at(np.maximum(winner, 0), R.S_SPEC)
    spec = rows[np.arange(count), at]
    return ((winner >= 0) & (spec == seat)).astype(np.uint8)
