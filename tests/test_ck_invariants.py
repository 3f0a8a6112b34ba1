"""Cities & Knights (docs/rules.md, Cities & Knights) over whole games: invariants after every turn of
random-policy and greedy-family games (a compiled checker: tests/invariants.py's game loop with this check):
conservation of every card kind and of the progress cards, progress hands within 4,
knights <= 2 per level and matching the board, the kept counts (ck_power: the active knights'
levels; ck_damaged_n: the damaged cities; the settlement and city counts) matching the board,
metropolises <= 1 per track on their holder's cities, walls and damage only under cities, VP = the sum of their sources,
no refused policy answer; and the games are the product's (same winner and length)."""
import numpy as np
import pytest
from numba import njit

from simcore.engine import records as R
from simcore.variants.ck.board import metropolises, progress_in_hand
from simcore.engine.economy import kind_supply
from simcore.accel.jit import jitted  # noqa: F401  (sets numba's cache folder for the engine's sources)
from simcore.engine.params import P_MAX_TURNS
from simcore.engine.rows import RowLayout
from simcore.engine.state import victory_points
from simcore.engine.topology import N_CORNERS
from simcore.variants.ck import (KNIGHTS_PER_LEVEL, MAX_LEVEL, N_PROGRESS, N_TRACKS, P_CK_DECK, P_CK_MAX_WALLS,
                                 P_CK_VP, PROGRESS_HAND)
from tests.ck_positions import ck_params
from tests.invariants import checked_games, checker_kernel, end_code, play_games_checked

INVARIANTS = {1: "bank + hands == supply for every card kind", 2: "progress cards: decks + hands + shown == deck",
              3: "progress hand over 4", 4: "knights per level over 2 or not the board's",
              5: "a knight on a building, or guard and knight level disagree", 6: "metropolis not on its holder's city",
              7: "VP != the sum of its sources", 8: "walls: not under an own city, or over the limit",
              9: "a damaged corner that is no city", 10: "a refused policy answer", 11: "level out of 0..5",
              12: "a winner below ck.victory_points, or not on its own turn", 13: "max_turns game not at max_turns",
              14: "ck_power is not the sum of the active knights' levels",
              15: "ck_damaged_n is not the count of damaged cities",
              16: "the settlement or city counts (stats, read by the bots' and can_play's tests) are not the board's"}


@njit(cache=True)
def check(st, params):
    players = st.players
    for k in range(st.hand.shape[1]):
        if st.bank[k] + st.hand[:players, k].sum() != kind_supply(st, params, k) or st.bank[k] < 0:
            return 1
    shown = st.ck_progress_vp[:players].sum()
    all_total, all_held = 0, shown
    for t in range(N_TRACKS):
        all_held += st.ck_deck_n[t]
    for card in range(N_PROGRESS):
        all_total += params[P_CK_DECK + card]
        all_held += st.ck_progress[:players, card].sum()
    if all_total != all_held:
        return 2
    for p in range(players):
        if progress_in_hand(st, p) > PROGRESS_HAND:
            return 3
        for lv in range(3):
            n = 0
            for c in range(N_CORNERS):
                if st.corner_guard[c] == p and st.ck_knight[c] == lv + 1:
                    n += 1
            if n != st.ck_knights[p, lv] or n > KNIGHTS_PER_LEVEL:
                return 4
        power = 0
        for c in range(N_CORNERS):
            if st.corner_guard[c] == p and st.ck_knight_active[c]:
                power += st.ck_knight[c]
        if power != st.ck_power[p]:
            return 14
        damaged = 0
        for c in range(N_CORNERS):
            if st.ck_damaged[c] and st.corner_owner[c] == p:
                damaged += 1
        if damaged != st.ck_damaged_n[p]:
            return 15
        for t in range(N_TRACKS):
            if st.ck_level[p, t] < 0 or st.ck_level[p, t] > MAX_LEVEL:
                return 11
        settlements, cities = 0, 0
        for c in range(N_CORNERS):
            if st.corner_owner[c] == p:
                settlements += st.corner_level[c] == 1
                cities += st.corner_level[c] == 2
        if settlements != st.stats[p, R.S_SETTLEMENTS] or cities != st.stats[p, R.S_CITIES]:
            return 16
        walls = 0
        for c in range(N_CORNERS):
            if st.ck_wall[c] and st.corner_owner[c] == p:
                walls += 1
        if walls != st.ck_walls[p] or walls > params[P_CK_MAX_WALLS]:
            return 8
        vp = (st.stats[p, R.S_SETTLEMENTS] + 2 * st.stats[p, R.S_CITIES] + 2 * metropolises(st, p)
              + st.ck_defender[p] + st.ck_progress_vp[p] + (1 if st.ck_merchant_owner == p else 0)
              + (2 if st.road_holder == p else 0))
        if vp != victory_points(st, p):
            return 7
    for c in range(N_CORNERS):
        if (st.corner_guard[c] >= 0) != (st.ck_knight[c] > 0) or (st.corner_guard[c] >= 0 and st.corner_owner[c] >= 0):
            return 5
        if st.ck_wall[c] and st.corner_level[c] != 2:
            return 8
        if st.ck_damaged[c] and st.corner_level[c] != 2:
            return 9
    for t in range(N_TRACKS):
        h = st.ck_metro[t]
        if h >= 0:
            c = st.ck_metro_corner[t]
            if c < 0 or st.corner_owner[c] != h or st.corner_level[c] != 2 or st.ck_level[h, t] < 4:
                return 6
            for u in range(t):
                if st.ck_metro_corner[u] == c:
                    return 6
    if st.illegal > 0:
        return 10
    return 0


@njit(cache=True)
def check_turn(st, params, memo, row):
    """check, and the game's end: a winner with ck.victory_points on its own turn (12), a
    game without one ending at max_turns (13).  row[3] = barbarian attacks, row[4] = the
    highest metropolis track taken (-1: none)."""
    row[3] = st.ck_attacks
    row[4] = st.ck_metro.max()
    code = check(st, params)
    return code if code != 0 else end_code(st, params, params[P_CK_VP], 12)


@checker_kernel
def play_checked(params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    play_games_checked(check_turn, params, kinds, weights, game_indices, seeds, buf, buf_bytes, out)


def run_checked(policies, games, seed, **ck):
    params = ck_params(len(policies), **ck)
    params[P_MAX_TURNS] = 400
    return checked_games(play_checked, params, policies, games, seed)


@pytest.mark.parametrize("policies,games", [(("random",) * 4, 300), (("random",) * 3, 200),
                                            (("greedy", "knights", "science", "trade"), 300),
                                            (("random", "knights", "random", "trade"), 200),
                                            (("strong", "knights", "greedy", "strong"), 100)])
def test_invariants_hold_after_every_turn(policies, games):
    out, seeds, rows = run_checked(policies, games, 3)
    failed = np.flatnonzero(out[:, 0])
    if len(failed):
        g = failed[0]
        pytest.fail(f"{len(failed)} of {games} games broke an invariant; first: game {g} (seed {seeds[g]}) "
                    f"after turn {out[g, 1]}: {INVARIANTS[out[g, 0]]}")
    assert (rows[:, R.G_WINNER] == out[:, 2]).all() and (rows[:, R.G_TURNS] == out[:, 1]).all()
    assert (out[:, 3] > 0).mean() > 0.9                  # barbarians attack in (almost) every game
    if "greedy" in policies:
        assert (out[:, 4] >= 0).mean() > 0.3             # metropolises are taken
    if policies[0] == "random":                          # the random policy walks into every C&K action
        names = RowLayout(("ck",)).names()
        for counter in ("ck_knights_built", "ck_knights_promoted", "ck_knights_activated", "ck_knight_actions",
                        "ck_walls", "ck_progress_played", "spend_improvements", "gain_aqueduct"):
            total = sum(rows[:, names.index(f"seat{s}_{counter}")].sum() for s in range(len(policies)))
            assert total > 0, counter


# the test session's warm-up jobs in this file (tests/warm.py): (job, function, rough cold compile seconds)
WARM_UP = (("ck", "warm_up", 110),)


def warm_up():
    """The test session's warm-up job (WARM_UP, tests/warm.py): the kernels this
    file plays, the product's and the checker's, compiled once before the tests."""
    run_checked(("random",) * 4, 1, 3)


# the run tests/test_conformance.py plays: variant -> function
CONFORMANCE = {"ck": "conformance"}


def conformance(games):
    """C&K's conformance run (tests/test_conformance.py)."""
    seats, seed = ("random", "greedy", "random", "greedy"), 7
    params = ck_params(len(seats))
    params[P_MAX_TURNS] = 400
    return (params, seats, seed, *checked_games(play_checked, params, seats, games, seed))
