"""Invariants checked after every turn of thousands of whole games (docs/architecture.md,
"Invariants every test run can check"), and determinism.

The checker (`play_checked`, a test-only compiled loop over the engine's own
functions, and `check_state`, the recount it compares with) is in tests/invariants.py,
shared with the Grundbesitz games (test_grundbesitz_games.py).
"""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simcore.engine import params as P
from simcore.engine import records as R
from simcore.run.batch import play_batch
from simcore.engine.pieces import refresh_derived
from tests.invariants import assert_invariants, check_state, checked_games, play_checked, run_checked, trail_length
from tests.positions import batch_inputs, edge, make_params, new_position, roads, settle

MIXED = ("greedy", "roads", "devcards", "random")


CASES = {
    # name: (seats, games, run seed, rules)
    "random-4p": (("random",) * 4, 1000, 11, {}),
    "random-3p": (("random",) * 3, 700, 12, {"no_adjacent_red": True}),
    "random-4p-short-bank": (("random",) * 4, 300, 13, {"supply": 7}),   # the bank runs dry often
    "mixed-4p": (MIXED, 500, 14, {}),
    "mixed-3p": (MIXED[:3], 250, 15, {"layout": P.LAYOUT_BEGINNER}),
    "mixed-3p-random": (MIXED[1:], 250, 16, {}),
    "strong-4p": (("strong", "greedy", "strong", "random"), 200, 18, {}),   # the look-ahead leaves no trace
}


_RUNS = {}


def _case(case):
    """The checked run of a case, played once per session."""
    if case not in _RUNS:
        seats, games, seed, rules = CASES[case]
        _RUNS[case] = run_checked(seats, games, seed, **rules)
    return _RUNS[case]


@pytest.mark.parametrize("case", list(CASES))
def test_invariants_hold_after_every_turn(case):
    assert_invariants(_case(case))
    assert (_case(case)[0][:, 2] >= 0).mean() > 0.5   # most games end with a winner


@pytest.mark.parametrize("case", list(CASES))
def test_policies_never_propose_illegal_moves(case):
    out, seeds, _ = _case(case)
    refused = out[:, 4] >= 0
    if refused.any():
        g = int(np.flatnonzero(refused)[0])
        pytest.fail(f"{refused.sum()} games had a policy answer refused (st.illegal); "
                    f"first: game {g} (seed {seeds[g]}) in turn {out[g, 4]}")


def test_short_games_end_without_winner_and_stay_consistent():
    run = run_checked(("random",) * 4, 200, 17, max_turns=30)
    assert_invariants(run)
    out = run[0]
    assert (out[:, 2] == -1).all() and (out[:, 3] == 30).all()


def _checked_position():
    """A small position that passes the checker (check_state run as Python: no second
    compilation for a plain record)."""
    st, params = new_position()
    settle(st, 0, 4)
    roads(st, 0, [4, 8, 12])
    settle(st, 1, 23)
    roads(st, 1, [23, 29])
    fresh = np.array([trail_length.py_func(st, p) for p in range(4)])
    assert check_state.py_func(st, params, fresh) == 0
    return st, params, fresh


def _broken(change):
    st, params, fresh = _checked_position()
    change(st, fresh)
    refresh_derived(st)                # as if the engine had made the change
    return check_state.py_func(st, params, fresh)


def test_the_checker_catches_broken_invariants():
    def lose_a_card(st, fresh):
        st.bank[2] -= 1

    def uncounted_settlement(st, fresh):
        st.corner_owner[45], st.corner_level[45] = 2, 1
        st.edge_owner[edge(45, 40)] = 2

    def neighbours(st, fresh):
        st.corner_owner[18], st.corner_level[18] = 0, 1  # next to player 1's settlement at 23
        st.corner_owner[4], st.corner_level[4] = -1, 0   # keep the piece count

    def loose_road(st, fresh):
        st.edge_owner[edge(44, 48)] = 0
        st.edge_owner[edge(8, 12)] = -1                  # keep the road count

    def stale_length(st, fresh):
        fresh[0] += 1

    def army_without_knights(st, fresh):
        st.army_holder = 1

    assert _broken(lose_a_card) == 1
    assert _broken(uncounted_settlement) == 3
    assert _broken(neighbours) == 5
    assert _broken(loose_road) == 6
    assert _broken(stale_length) == 8
    assert _broken(army_without_knights) == 9


def test_trail_length_finds_known_trails():
    st, _ = new_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12, 17, 23, 18, 13, 9])      # a ring of 6 and a spur: 7
    roads(st, 0, [17, 22])                            # a second spur cannot be added
    settle(st, 1, 4)
    roads(st, 1, [4, 0, 3, 7])                        # 3
    assert trail_length.py_func(st, 0) == 7 and trail_length.py_func(st, 1) == 3


# --- determinism: same scenario + same seed => identical records --------------------------

ROOT = Path(__file__).resolve().parent.parent

DETERMINISM = {
    # name: (seats, games, layout)
    "mixed-4p": (MIXED, 4, P.LAYOUT_RANDOM),
    "random-3p": (("random",) * 3, 2, P.LAYOUT_RANDOM),
    "greedy-4p-beginner": (("greedy",) * 4, 3, P.LAYOUT_BEGINNER),
    "strong-4p": (("strong", "greedy", "random", "strong"), 2, P.LAYOUT_RANDOM),   # record_bytes in Python too
}


def _batch_inputs(seats, games, layout, seed=21):
    return batch_inputs(seats, games, seed, layout)


def test_same_seed_gives_identical_records():
    inputs = _batch_inputs(MIXED, 50, P.LAYOUT_RANDOM)
    first = play_batch(*inputs)
    assert (play_batch(*inputs) == first).all()
    other = play_batch(*_batch_inputs(MIXED, 50, P.LAYOUT_RANDOM, seed=22))
    assert (other[:, R.G_WINNER:] != first[:, R.G_WINNER:]).any(axis=1).mean() > 0.9


def test_a_game_alone_equals_the_same_game_inside_a_batch():
    # no state leaks from one game to the next in the kernel's reused state record
    params, kinds, weights, indices, seeds = _batch_inputs(MIXED, 30, P.LAYOUT_RANDOM)
    batch = play_batch(params, kinds, weights, indices, seeds)
    for k in (0, 7, 29):
        alone = play_batch(params, kinds, weights, indices[k:k + 1], seeds[k:k + 1])
        assert (alone[0] == batch[k]).all(), k
    backwards = play_batch(params, kinds, weights, indices[::-1].copy(), seeds[::-1].copy())
    assert (backwards[::-1] == batch).all()


_NO_JIT_SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from simcore.run.batch import play_batch
data = np.load(sys.argv[2])
rows = play_batch(data["params"], data["kinds"], data["weights"], data["indices"], data["seeds"])
np.save(sys.argv[3], rows)
"""


@pytest.mark.parametrize("case", list(DETERMINISM))
def test_compiled_games_equal_the_games_run_as_python(case, tmp_path):
    # docs/architecture.md, Invariants every test run can check: the code runs with NUMBA_DISABLE_JIT=1, and the
    # same seed gives the same game
    inputs = _batch_inputs(*DETERMINISM[case])
    np.savez(tmp_path / "in.npz", **dict(zip(("params", "kinds", "weights", "indices", "seeds"), inputs)))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    subprocess.run([sys.executable, "-c", _NO_JIT_SCRIPT, str(ROOT), str(tmp_path / "in.npz"),
                    str(tmp_path / "out.npy")], env=env, cwd=ROOT, check=True, timeout=300)
    as_python = np.load(tmp_path / "out.npy")
    compiled = play_batch(*inputs)
    assert as_python.shape == compiled.shape
    different = np.flatnonzero((as_python != compiled).any(axis=1))
    assert len(different) == 0, f"games {different.tolist()} differ without the JIT"


# the run tests/test_conformance.py plays: variant -> function
CONFORMANCE = {"base": "conformance"}


def conformance(games):
    """The base game's conformance run (tests/test_conformance.py)."""
    seats, seed = ("random", "greedy", "roads", "devcards"), 5
    params = make_params(4, layout=P.LAYOUT_RANDOM, rotate_seats=True)
    return (params, seats, seed, *checked_games(play_checked, params, seats, games, seed))
