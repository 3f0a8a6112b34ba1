"""Every registered variant conforms (as OpenSpiel's random_sim_test and pgx's api_test do for every
game they register): its games, played by its checker (tests/invariants.py's loop with the variant's
own check, after setup and after every turn: the shared invariants, cards conserved per kind, and
its own), break no invariant and are the product's games; their records keep the VP accounting; and a game's record depends on its seed alone (the same games again, and each
game played alone, give the same rows).

A variant's checked run is found in its test files: a module-level `CONFORMANCE = {variant:
function}`, function(games) -> (params, seats, seed, out, seeds, rows), reusing the checker kernels
the suite compiles anyway (tests/warm.py).  A registered variant without one fails here; the test
variants (the toy of new-variant, tests/test_toy_variant.py, and the boxes) are played under the
same checks of the records by tests/test_toy_variant.py."""
import importlib

import numpy as np
import pytest

import simcore.variants  # noqa: F401
from simcore.engine import records as R
from simcore.engine.params import P_PLAYERS
from simcore.engine.variant import REGISTRY
from simcore.run.batch import play_batch, row_layout
from tests.invariants import seat_inputs
from tests.warm import declared

GAMES = 200


# variant -> (test file, function): the CONFORMANCE runs the test files declare
RUNS = {name: (file, function) for file, runs in declared("CONFORMANCE") for name, function in runs.items()}


def record_checks(params, rows):
    """The records' own accounting: counts never negative, every seat's VP at least the base game's
    parts (variants add their own), the settlements' VP the settlements standing.  (The pieces'
    limits are the rules': the checkers hold them after every turn, Robin Hood's Sheriff with two
    sets of pieces.)"""
    layout = row_layout(params)
    seats = np.arange(int(params[P_PLAYERS]))
    for column in (R.S_SETTLEMENTS, R.S_CITIES, R.S_ROADS):
        assert (rows[:, layout.at(seats, column)] >= 0).all(), R.SEAT_COLUMNS[column]
    parts = sum(rows[:, layout.at(seats, c)] for c in (R.S_VP_SETTLEMENTS, R.S_VP_CITIES, R.S_VP_CARDS,
                                                         R.S_VP_ARMY, R.S_VP_ROAD))
    assert (rows[:, layout.at(seats, R.S_VP)] >= parts).all()
    assert (rows[:, layout.at(seats, R.S_VP_SETTLEMENTS)] == rows[:, layout.at(seats, R.S_SETTLEMENTS)]).all()


def test_every_registered_variant_declares_a_conformance_run():
    assert set(REGISTRY) <= set(RUNS), f"no CONFORMANCE run in the tests of {sorted(set(REGISTRY) - set(RUNS))}"


@pytest.mark.parametrize("variant", ["base", *REGISTRY])
def test_every_registered_variant_conforms(variant):
    file, function = RUNS[variant]
    params, seats, seed, out, seeds, rows = getattr(importlib.import_module(f"tests.{file[:-3]}"), function)(GAMES)
    assert len(out) == GAMES
    failed = np.flatnonzero(out[:, 0])
    assert not len(failed), f"{variant}: {len(failed)} games broke invariant {out[failed[0], 0]} (seed {seeds[failed[0]]})"
    assert (rows[:, R.G_WINNER] == out[:, 2]).all()       # the checked games are the product's
    record_checks(params, rows)
    kinds, weights = seat_inputs(seats)
    indices = np.arange(GAMES, dtype=np.int64)
    again = play_batch(params, kinds, weights, indices, seeds)
    assert (again == rows).all()
    for g in (0, GAMES // 2, GAMES - 1):   # a game alone: its seed and index only
        assert (play_batch(params, kinds, weights, indices[g:g + 1], seeds[g:g + 1])[0] == rows[g]).all()
