"""Invariants checked after every turn of thousands of whole games (DESIGN.md
"Invariants every test run can check").

`play_checked` is a test-only compiled loop: it plays each game with the engine's own
functions exactly as simcore.game.play_game does (init_game, decide.new_game,
setup_phase, play_turn), and after setup and after every turn checks the state
against a recount made from the board.  It returns one row per game: the first
broken invariant (0 = none), the turn it broke on, the game's winner and turns
(compared with the product's own records, so the checked games are the real ones),
and the first turn on which the engine refused a policy's answer (st.illegal; a
separate test, as a known policy bug breaks it).

The first call compiles the kernel (about half a minute, as long as the game
kernel itself); later runs load it from numba's cache (simcore.jit).
"""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numba import njit

import simcore.jit  # noqa: F401  (sets numba's cache folder for the engine's sources)
from policies import decide
from policies.registry import resolve
from simcore import records as R
from simcore.batch import play_batch
from simcore.game import init_game, play_turn, seat_specs, setup_phase
from simcore.params import P_MAX_TURNS, P_PLAYERS, P_RESOURCE_SUPPLY, P_VICTORY_POINTS
from simcore.seeds import game_seeds
from simcore.state import (DEV_DECK_COUNTS, DEV_KNIGHT, DEV_VP, GENERIC_HARBOUR, N_DEV_CARDS, N_DEV_TYPES,
                           N_RES, PIECE_LIMITS, game_bytes, new_state_buffer, victory_points)
from simcore.topology import CORNER_EDGES, CORNER_NEIGHBOURS, EDGE_CORNERS, N_CORNERS, N_EDGES
from simcore import params as P
from tests.positions import make_params

# invariant codes (row[0] of a game's result); 0 = all held
INVARIANTS = {
    1: "resources: bank + hands == resource_supply for every resource",
    2: "no negative count (hands, bank, pieces, dev cards, knights)",
    3: "VP == settlements + 2 * cities (counted on the board) + VP cards + 2 per award",
    4: "pieces on the board + pieces left == 5 settlements, 4 cities, 15 roads",
    5: "distance rule: no two buildings on neighbouring corners",
    6: "roads connected: every road reaches its owner's buildings through its own roads",
    7: "buildings connected: every building touches one of its owner's roads",
    8: "road_length == a fresh search for the longest trail",
    9: "largest army: holder has 3+ knights and the most; nobody else reached 3 without it",
    10: "longest road: holder has 5+ and the longest; if set aside, nobody is alone at 5+",
    11: "derived fields: stats building counts, income and trade rates match the board",
    12: "development cards: the deck keeps its 25 cards; held + played == drawn",
    13: "winner: reached victory_points, on its own turn",
    14: "a game without a winner ran exactly max_turns turns",
    15: "board encoding: corner levels 0/1/2 with owners, owners are players",
}


# --- recounts from the board ------------------------------------------------------------

@njit(cache=True)
def trail_length(st, p):
    """Longest trail in p's roads, found edge by edge (a different search from the
    engine's): from every road in both directions, never using a road twice and never
    continuing through a corner with an opponent's building."""
    best = 0
    used = np.zeros(N_EDGES, np.bool_)
    path_e = np.zeros(N_EDGES + 1, np.int64)      # road at each depth (a trail uses each road once)
    path_end = np.zeros(N_EDGES + 1, np.int64)    # corner the trail has reached at that depth
    path_k = np.zeros(N_EDGES + 1, np.int64)      # next slot to try at that corner
    for e0 in range(N_EDGES):
        if st.edge_owner[e0] != p:
            continue
        for j in range(2):
            n = 1
            path_e[0] = e0
            path_end[0] = EDGE_CORNERS[e0, j]
            path_k[0] = 0
            used[e0] = True
            best = max(best, 1)
            while n > 0:
                c = path_end[n - 1]
                k = path_k[n - 1]
                owner = st.corner_owner[c]
                if k == 3 or (owner >= 0 and owner != p):
                    used[path_e[n - 1]] = False
                    n -= 1
                    continue
                path_k[n - 1] = k + 1
                e = CORNER_EDGES[c, k]
                if e < 0 or used[e] or st.edge_owner[e] != p:
                    continue
                used[e] = True
                path_e[n] = e
                path_end[n] = EDGE_CORNERS[e, 1] if EDGE_CORNERS[e, 0] == c else EDGE_CORNERS[e, 0]
                path_k[n] = 0
                n += 1
                best = max(best, n)
    return best


@njit(cache=True)
def roads_connected(st, p):
    """Every road of p is reached from p's buildings through p's roads (a road legal
    when built may later run through an opponent's settlement, so corners are not
    blocked here)."""
    reached = np.zeros(N_CORNERS, np.bool_)
    queue = np.zeros(N_CORNERS, np.int64)
    n = 0
    for c in range(N_CORNERS):
        if st.corner_owner[c] == p:
            reached[c] = True
            queue[n] = c
            n += 1
    i = 0
    while i < n:
        c = queue[i]
        i += 1
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e >= 0 and st.edge_owner[e] == p:
                x = CORNER_NEIGHBOURS[c, k]
                if not reached[x]:
                    reached[x] = True
                    queue[n] = x
                    n += 1
    for e in range(N_EDGES):
        if st.edge_owner[e] == p and not (reached[EDGE_CORNERS[e, 0]] and reached[EDGE_CORNERS[e, 1]]):
            return False
    return True


@njit(cache=True)
def check_state(st, params, lengths_fresh):
    """The first broken invariant (a key of INVARIANTS), or 0."""
    players = st.players
    supply = params[P_RESOURCE_SUPPLY]
    # 1, 2: resources
    for r in range(N_RES):
        total = st.bank[r]
        if st.bank[r] < 0:
            return 2
        for p in range(players):
            total += st.hand[p, r]
            if st.hand[p, r] < 0:
                return 2
        if total != supply:
            return 1
    for p in range(players):
        for k in range(3):
            if st.pieces[p, k] < 0:
                return 2
        for d in range(N_DEV_TYPES):
            if st.dev_hand[p, d] < 0 or st.dev_new[p, d] < 0:
                return 2
        if st.knights[p] < 0:
            return 2
    # 15: encoding
    for c in range(N_CORNERS):
        o = st.corner_owner[c]
        lv = st.corner_level[c]
        if o < -1 or o >= players or (o < 0) != (lv == 0) or lv < 0 or lv > 2:
            return 15
    for e in range(N_EDGES):
        if st.edge_owner[e] < -1 or st.edge_owner[e] >= players:
            return 15
    # recount buildings and roads from the board
    settlements = np.zeros(players, np.int64)
    cities = np.zeros(players, np.int64)
    n_roads = np.zeros(players, np.int64)
    income = np.zeros((players, N_RES), np.int64)
    rate = np.full((players, N_RES), 4, np.int64)
    for c in range(N_CORNERS):
        o = st.corner_owner[c]
        if o < 0:
            continue
        if st.corner_level[c] == 1:
            settlements[o] += 1
        else:
            cities[o] += 1
        for r in range(N_RES):
            income[o, r] += st.corner_level[c] * st.corner_pips[c, r]
        h = st.corner_harbour[c]
        if h == GENERIC_HARBOUR:
            for r in range(N_RES):
                rate[o, r] = min(rate[o, r], 3)
        elif h >= 0:
            rate[o, h] = 2
        # 5: distance rule
        for k in range(3):
            n = CORNER_NEIGHBOURS[c, k]
            if n >= 0 and st.corner_owner[n] >= 0:
                return 5
        # 7: a building touches an own road
        touches = False
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e >= 0 and st.edge_owner[e] == o:
                touches = True
        if not touches:
            return 7
    for e in range(N_EDGES):
        if st.edge_owner[e] >= 0:
            n_roads[st.edge_owner[e]] += 1
    for p in range(players):
        # 3: VP from the board, not from the engine's counters
        vp = settlements[p] + 2 * cities[p] + st.dev_hand[p, DEV_VP] + st.dev_new[p, DEV_VP]
        if st.army_holder == p:
            vp += 2
        if st.road_holder == p:
            vp += 2
        if victory_points(st, p) != vp:
            return 3
        # 4: pieces
        if (settlements[p] + st.pieces[p, 0] != PIECE_LIMITS[0] or cities[p] + st.pieces[p, 1] != PIECE_LIMITS[1]
                or n_roads[p] + st.pieces[p, 2] != PIECE_LIMITS[2]):
            return 4
        # 11: derived fields
        if (st.stats[p, R.S_SETTLEMENTS] != settlements[p] or st.stats[p, R.S_CITIES] != cities[p]
                or st.stats[p, R.S_ROADS] != n_roads[p]):
            return 11
        for r in range(N_RES):
            if st.income[p, r] != income[p, r] or st.trade_rate[p, r] != rate[p, r]:
                return 11
        # 6: roads connected
        if not roads_connected(st, p):
            return 6
    # 8: road lengths (recomputed only when the board changed)
    for p in range(players):
        if st.road_length[p] != lengths_fresh[p]:
            return 8
    # 9: largest army
    most = 0
    for p in range(players):
        most = max(most, st.knights[p])
    holder = st.army_holder
    if holder >= 0:
        if st.knights[holder] < 3 or st.knights[holder] < most:
            return 9
    elif most >= 3:
        return 9
    # 10: longest road
    longest = 0
    n_longest = 0
    for p in range(players):
        if st.road_length[p] > longest:
            longest = st.road_length[p]
            n_longest = 1
        elif st.road_length[p] == longest:
            n_longest += 1
    holder = st.road_holder
    if holder >= 0:
        if st.road_length[holder] < 5 or st.road_length[holder] < longest:
            return 10
    elif longest >= 5 and n_longest == 1:
        return 10
    # 12: development cards
    drawn = np.zeros(N_DEV_TYPES, np.int64)
    in_deck = np.zeros(N_DEV_TYPES, np.int64)
    for i in range(N_DEV_CARDS):
        in_deck[st.dev_deck[i]] += 1
        if i < st.dev_top:
            drawn[st.dev_deck[i]] += 1
    bought = 0
    for d in range(N_DEV_TYPES):
        if in_deck[d] != DEV_DECK_COUNTS[d]:
            return 12
        held = 0
        for p in range(players):
            held += st.dev_hand[p, d] + st.dev_new[p, d]
        if d == DEV_KNIGHT:
            for p in range(players):
                held += st.knights[p]
        if held > drawn[d] or ((d == DEV_KNIGHT or d == DEV_VP) and held != drawn[d]):
            return 12
    for p in range(players):
        bought += st.stats[p, R.S_DEVS_BOUGHT]
    if bought != st.dev_top:
        return 12
    return 0


@njit(cache=True)
def play_checked(params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    """Plays each game as simcore.game.play_game does, checking after setup and after
    every turn.  out[i] = (first broken invariant or 0, turn it broke on, winner, turns,
    first turn with a refused policy answer or -1, 1 if the deck was empty then)."""
    players = params[P_PLAYERS]
    fresh = np.zeros(players, np.int64)
    for i in range(game_indices.shape[0]):
        buf_bytes[:] = 0
        st = buf[0]
        np.random.seed(seeds[i])
        st.log_on = 0
        spec = seat_specs(params, game_indices[i])
        for s in range(players):
            st.policy_kind[s] = kinds[spec[s]]
            st.weights[s, :] = weights[spec[s]]
            st.stats[s, R.S_SPEC] = spec[s]
        init_game(st, params)
        for s in range(players):
            decide.new_game(st, s)
        setup_phase(st)
        version = -1
        code = 0
        out[i, 4] = -1
        out[i, 5] = 0
        while True:
            if st.illegal > 0 and out[i, 4] < 0:
                out[i, 4] = st.turn
                out[i, 5] = st.dev_top == N_DEV_CARDS
            if st.board_version != version:
                version = st.board_version
                for p in range(players):
                    fresh[p] = trail_length(st, p)
            code = check_state(st, params, fresh)
            if code == 0 and st.winner >= 0:
                if victory_points(st, st.winner) < params[P_VICTORY_POINTS] or st.winner != st.current:
                    code = 13
            if code != 0 or st.winner >= 0:
                break
            if st.turn >= params[P_MAX_TURNS]:
                break
            play_turn(st, params, st.turn % players)
        if code == 0 and st.winner < 0 and st.turn != params[P_MAX_TURNS]:
            code = 14
        out[i, 0] = code
        out[i, 1] = st.turn
        out[i, 2] = st.winner
        out[i, 3] = st.turn


# --- the runs -------------------------------------------------------------------------

MIXED = ("greedy", "roads", "devcards", "random")


def _run(policies, games, seed, **rules):
    players = len(policies)
    params = make_params(players, layout=rules.pop("layout", P.LAYOUT_RANDOM), rotate_seats=True, **rules)
    resolved = [resolve(name) for name in policies]
    kinds = np.array([k for k, _ in resolved], np.int64)
    weights = np.array([w for _, w in resolved])
    indices = np.arange(games, dtype=np.int64)
    seeds = game_seeds(seed, 0, games)
    out = np.zeros((games, 6), np.int64)
    buf = new_state_buffer()
    play_checked(params, kinds, weights, indices, seeds, buf, game_bytes(buf), out)
    failed = np.flatnonzero(out[:, 0])
    if len(failed):
        g = failed[0]
        pytest.fail(f"{len(failed)} of {games} games broke an invariant; first: game {g} (seed {seeds[g]}, "
                    f"run seed {seed}) at turn {out[g, 1]}: {INVARIANTS[out[g, 0]]}")
    # the checked games are the product's games: same winner and length as play_batch
    rows = play_batch(params, kinds, weights, indices, seeds)
    assert (rows[:, R.G_WINNER] == out[:, 2]).all() and (rows[:, R.G_TURNS] == out[:, 3]).all()
    return out


CASES = {
    # name: (seats, games, run seed, rules)
    "random-4p": (("random",) * 4, 1000, 11, {}),
    "random-3p": (("random",) * 3, 700, 12, {"no_adjacent_red": True}),
    "random-4p-short-bank": (("random",) * 4, 300, 13, {"supply": 7}),   # the bank runs dry often
    "mixed-4p": (MIXED, 500, 14, {}),
    "mixed-3p": (MIXED[:3], 250, 15, {"layout": P.LAYOUT_BEGINNER}),
    "mixed-3p-random": (MIXED[1:], 250, 16, {}),
}


_RUNS = {}


def _case(case):
    """The checked run of a case, played once per session."""
    if case not in _RUNS:
        seats, games, seed, rules = CASES[case]
        _RUNS[case] = _run(seats, games, seed, **rules)
    return _RUNS[case]


@pytest.mark.parametrize("case", list(CASES))
def test_invariants_hold_after_every_turn(case):
    out = _case(case)
    assert (out[:, 2] >= 0).mean() > 0.5   # most games end with a winner


# A builder whose plan is "buy a development card" keeps proposing it after the deck
# runs out (pinned by the strict xfail test_rules_devcards.py::
# test_builder_does_not_buy_from_an_empty_deck).  Until that is fixed, a refused answer
# with an empty deck is tolerated here; set this to False with the fix.
TOLERATE_EMPTY_DECK_BUY = True


@pytest.mark.parametrize("case", list(CASES))
def test_policies_never_propose_illegal_moves(case):
    out = _case(case)
    refused = out[:, 4] >= 0
    if TOLERATE_EMPTY_DECK_BUY:
        refused &= out[:, 5] == 0
    if refused.any():
        g = int(np.flatnonzero(refused)[0])
        pytest.fail(f"{refused.sum()} games had a policy answer refused (st.illegal); "
                    f"first: game {g} at turn {out[g, 4]} (run seed {CASES[case][2]})")


def test_short_games_end_without_winner_and_stay_consistent():
    out = _run(("random",) * 4, 200, 17, max_turns=30)
    assert (out[:, 2] == -1).all() and (out[:, 3] == 30).all()


def test_the_checker_catches_a_broken_invariant():
    # the checker itself can fail: take one card out of the game
    st = new_state_buffer()[0]
    params = make_params(4)
    np.random.seed(0)
    init_game(st, params)
    fresh = np.zeros(4, np.int64)
    check = check_state.py_func        # as Python: no second compilation for a plain record
    assert check(st, params, fresh) == 0
    st.bank[2] -= 1
    assert check(st, params, fresh) == 1
    st.bank[2] += 1
    st.corner_owner[13] = 0            # a settlement that was never counted
    st.corner_level[13] = 1
    assert check(st, params, fresh) in (3, 4, 7)


# --- determinism: same scenario + same seed => identical records --------------------------

ROOT = Path(__file__).resolve().parent.parent

DETERMINISM = {
    # name: (seats, games, layout)
    "mixed-4p": (MIXED, 4, P.LAYOUT_RANDOM),
    "random-3p": (("random",) * 3, 2, P.LAYOUT_RANDOM),
    "greedy-4p-beginner": (("greedy",) * 4, 3, P.LAYOUT_BEGINNER),
}


def _batch_inputs(seats, games, layout, seed=21):
    params = make_params(len(seats), layout=layout, rotate_seats=True)
    resolved = [resolve(name) for name in seats]
    kinds = np.array([k for k, _ in resolved], np.int64)
    weights = np.array([w for _, w in resolved])
    return params, kinds, weights, np.arange(games, dtype=np.int64), game_seeds(seed, 0, games)


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
from simcore.batch import play_batch
data = np.load(sys.argv[2])
rows = play_batch(data["params"], data["kinds"], data["weights"], data["indices"], data["seeds"])
np.save(sys.argv[3], rows)
"""


@pytest.mark.parametrize("case", list(DETERMINISM))
def test_compiled_games_equal_the_games_run_as_python(case, tmp_path):
    # DESIGN.md: the code runs with NUMBA_DISABLE_JIT=1, and the same seed gives the same game
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
