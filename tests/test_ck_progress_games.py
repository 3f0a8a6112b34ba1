"""Cities & Knights progress cards over whole games (the compiled invariant checker of
tests/test_ck_invariants.py): the random policy plays every card that is played (so the
invariant games exercise every effect), and the greedy family plays them too."""
import numpy as np

from simcore.engine.rows import RowLayout
from simcore.variants.ck import PROGRESS_CARDS, VP_CARDS
from tests.test_ck_invariants import run_checked

PLAYED = [n for n in PROGRESS_CARDS if n not in VP_CARDS]


def _played(rows, seats):
    names = RowLayout(("ck",)).names()
    return {n: sum(rows[:, names.index(f"seat{s}_ck_played_{n}")].sum() for s in range(seats)) for n in PLAYED}


def test_random_games_play_every_card_and_keep_the_invariants():
    out, seeds, rows = run_checked(("random",) * 4, 100, 11)
    assert not np.flatnonzero(out[:, 0]).size
    assert all(v > 0 for v in _played(rows, 4).values()), _played(rows, 4)


def test_greedy_family_plays_progress_cards():
    out, seeds, rows = run_checked(("greedy", "knights", "science", "trade"), 100, 12)
    assert not np.flatnonzero(out[:, 0]).size
    played = _played(rows, 4)
    assert sum(v > 0 for v in played.values()) >= 20, played
