"""Analytic checks of the dice and production, and the plausibility of whole games
(docs/rules.md, Base game: "Turn: roll 2d6 ... pays 1 per settlement and 2 per city")."""
import numpy as np
from numba import njit
from scipy import stats

import simcore.accel.jit  # noqa: F401  (sets numba's cache folder for the engine's sources)
from policies.registry import resolve
from simcore.engine import records as R
from simcore.engine.economy import produce
from simcore.run.seeds import game_seeds
from simcore.run.batch import play_batch
from simcore.engine.state import N_RESOURCES, PIPS, randint
from simcore.engine.topology import CORNER_HEXES
from tests.positions import city, make_params, new_position, settle

# ways to roll 2..12 with two dice, out of 36
WAYS = np.array([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])


@njit(cache=True)
def roll_counts(seed, n):
    """Counts of each die face and of each 2d6 total over n rolls of the engine's dice
    (simcore.engine.game.play_turn: randint(6) + 1 twice)."""
    np.random.seed(seed)
    faces = np.zeros(7, np.int64)
    totals = np.zeros(13, np.int64)
    for _ in range(n):
        d1 = randint(6) + 1
        d2 = randint(6) + 1
        faces[d1] += 1
        faces[d2] += 1
        totals[d1 + d2] += 1
    return faces, totals


def test_two_dice_follow_the_2d6_distribution():
    n = 360_000
    faces, totals = roll_counts(1, n)
    assert faces[0] == 0 and totals[:2].sum() == 0
    assert stats.chisquare(faces[1:], np.full(6, 2 * n / 6)).pvalue > 0.001
    assert stats.chisquare(totals[2:], WAYS * n / 36).pvalue > 0.001
    assert abs(totals[7] / n - 6 / 36) < 0.003


def test_the_chi_square_check_would_notice_a_loaded_die():
    # the same check on dice that roll a 6 a little more often fails
    rng = np.random.default_rng(0)
    n = 360_000
    loaded = rng.choice(np.arange(1, 7), size=(n, 2), p=[0.16, 0.16, 0.16, 0.16, 0.16, 0.20])
    totals = np.bincount(loaded.sum(axis=1), minlength=13)
    assert stats.chisquare(totals[2:], WAYS * n / 36).pvalue < 0.001


@njit(cache=True)
def mean_production(buf, seed, n):
    """Average cards per roll for each player and resource over n rolls: roll, produce
    (nothing on a 7: the robber stays where it is), return the cards to the bank."""
    st = buf[0]
    np.random.seed(seed)
    players = st.players
    got = np.zeros((players, N_RESOURCES), np.float64)
    for _ in range(n):
        roll = randint(6) + randint(6) + 2
        if roll != 7:
            produce(st, roll)
        for p in range(players):
            for r in range(N_RESOURCES):
                got[p, r] += st.hand[p, r]
                st.bank[r] += st.hand[p, r]
                st.hand[p, r] = 0
    return got / n


def test_mean_production_per_roll_is_the_pip_count_over_36():
    # a settlement earns sum(pips)/36 cards per roll of each adjacent resource, a city twice that
    st, _ = new_position()
    settle(st, 0, 13)                  # brick 6, wool 2, wool 4
    city(st, 1, 45)                    # grain 6, grain 4, wool 11
    settle(st, 2, 4)                   # ore 10, wool 2, brick 6
    city(st, 3, 30)                    # desert (robber), grain 4, lumber 3
    expected = np.zeros((4, N_RESOURCES))
    for p, c in ((0, 13), (1, 45), (2, 4), (3, 30)):
        for h in CORNER_HEXES[c]:
            if h >= 0 and h != st.robber:
                expected[p, st.hex_resource[h]] += st.corner_level[c] * PIPS[st.hex_number[h]] / 36
    assert (expected[3] > 0).sum() == 2    # nothing from the desert
    buf = np.zeros(1, st.dtype).view(np.recarray)   # the position's record: its hands, every variant's fields
    buf[0] = st
    n = 200_000
    got = mean_production(buf, 5, n)
    # each roll pays at most 2 cards of a resource to a player: the standard error is below 2/sqrt(n)
    assert np.abs(got - expected).max() < 8 / np.sqrt(n), (got, expected)
    assert np.allclose(expected, st.income[:4] / 36)


# --- whole games --------------------------------------------------------------------------

def test_four_greedy_bots_win_about_equally_often():
    # with rotating seats every seat wins 15-40% of 2000 games, and under 1% end without a winner
    games = 2000
    kind, weights = resolve("greedy")
    params = make_params(4, layout=0, rotate_seats=True)
    out = play_batch(params, np.full(4, kind), np.tile(weights, (4, 1)), np.arange(games),
                     game_seeds(1, 0, games))
    winners = out[:, R.G_WINNER]
    assert (winners < 0).mean() < 0.01
    shares = np.bincount(winners[winners >= 0], minlength=4) / games
    assert ((shares > 0.15) & (shares < 0.40)).all(), shares
    assert 40 < out[:, R.G_TURNS].mean() < 200        # a greedy game lasts some 20 rounds
