"""Invariants of the Robin Hood mode (docs/rules.md, Robin Hood) after setup and after every round of
thousands of games, as tests/test_invariants.py does for the base game.

`play_robin_checked` plays each game with the engine's own functions exactly as
simcore.engine.game.play_game and simcore.variants.robin_hood.rules.play do (init_game, decide.new_game,
robin.setup, robin.play_round, robin.end_game) and checks the state against a recount
made from the board; the winner and length of every checked game are compared with
the product's own records.
"""
import os
import subprocess
import sys

import numpy as np
import pytest
from numba import njit

import simcore.accel.jit  # noqa: F401  (numba's cache folder for the engine's sources)
from policies import decide
from policies.registry import resolve
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.variants.robin_hood import rules as robin
from simcore.run.batch import play_batch
from simcore.engine.game import init_game, seat_policies
from simcore.engine.economy import kind_supply
from simcore.engine.params import P_MAX_TURNS
from simcore.variants.robin_hood import (ENDING_ENCLOSURE, ENDING_MAX_TURNS, ENDING_NONE, ENDING_ROBIN_TARGET,
                                         ENDING_SHERIFF_TARGET, NEUTRAL, ROBIN_CARD_KINDS, SHERIFF, SIDE_DRAW,
                                         SIDE_ROBIN, SIDE_SHERIFF)
from simcore.variants.robin_hood.board import enclosed
from simcore.run.seeds import game_seeds
from simcore.engine.state import (DESERT, DEV_DECK_COUNTS, DEV_KNIGHT, DEV_VP, GENERIC_HARBOUR, MAX_PLAYERS,
                                  N_DEV_CARDS, N_DEV_TYPES, N_RESOURCES, PIECE_LIMITS, new_state_buffer, victory_points)
from simcore.engine.topology import CORNER_EDGES, CORNER_NEIGHBOURS, EDGE_CORNERS, N_CORNERS, N_EDGES, N_HEXES
from tests.robin_positions import ROBIN_AT, ROBIN_ROW, robin_params
from tests.invariants import checked_games, checker_kernel, dev_deck_tally, roads_connected, trail_length
from tests.test_invariants import _NO_JIT_SCRIPT, ROOT
from simcore.variants import robin_hood as RH

INVARIANTS = {
    1: "resources: bank + the Sheriff's hand == resource_supply; nobody else holds cards",
    2: "no negative count (hand, bank, pieces, dev cards, knights, Robin's counters)",
    3: "the Sheriff's VP == settlements + 2 * cities (counted on the board) + VP cards + 2 per award",
    4: "pieces: the Sheriff's on the board + left == sets x (5, 4, 15); the neutral ones all placed",
    5: "distance rule over all buildings, neutral ones included",
    6: "the Sheriff's roads reach his buildings; each neutral road touches a neutral settlement",
    7: "every Sheriff building touches one of his roads",
    8: "road_length == a fresh search; longest road and largest army with their thresholds",
    9: "derived fields: stats building counts, income and trade rates match the board",
    10: "development cards: the deck keeps its 25 cards; held + played == drawn",
    11: "Robin: on a land hex, his camp the desert, the movement deck intact",
    12: "Robin's VP == VP scored at Sheriff buildings + at neutral ones",
    13: "a running game has no ending reached (targets, enclosure); an ended one its ending's condition",
    14: "winner: seat 0 exactly when the Sheriff's side won",
    15: "board encoding: owners are the Sheriff or the neutral colour, levels 0/1/2",
}


@njit(cache=True)
def check_robin_state(st, params, fresh_length):
    """The first broken invariant (a key of INVARIANTS), or 0."""
    sets = params[RH.P_ROBIN_PIECE_SETS]
    for r in range(st.hand.shape[1]):
        supply = kind_supply(st, params, r)
        if st.bank[r] < 0 or st.hand[SHERIFF, r] < 0:
            return 2
        if st.bank[r] + st.hand[SHERIFF, r] != supply:
            return 1
        for q in range(1, MAX_PLAYERS):
            if st.hand[q, r] != 0:
                return 1
    for k in range(3):
        if st.pieces[SHERIFF, k] < 0 or st.pieces[NEUTRAL, k] != 0:
            return 2 if st.pieces[SHERIFF, k] < 0 else 4
    for d in range(N_DEV_TYPES):
        if st.dev_hand[SHERIFF, d] < 0 or st.dev_new[SHERIFF, d] < 0:
            return 2
    for k in range(RH.N_ROBIN):
        if st.robin_stats[k] < 0:
            return 2
    # 15: encoding
    for c in range(N_CORNERS):
        o = st.corner_owner[c]
        lv = st.corner_level[c]
        if (o != -1 and o != SHERIFF and o != NEUTRAL) or (o < 0) != (lv == 0) or lv < 0 or lv > 2:
            return 15
        if o == NEUTRAL and lv != 1:
            return 15
    for e in range(N_EDGES):
        o = st.edge_owner[e]
        if o != -1 and o != SHERIFF and o != NEUTRAL:
            return 15
    # recounts
    settlements = 0
    cities = 0
    n_neutral = 0
    income = np.zeros(N_RESOURCES, np.int64)
    rate = np.full(N_RESOURCES, 4, np.int64)
    for c in range(N_CORNERS):
        o = st.corner_owner[c]
        if o < 0:
            continue
        for k in range(3):                                   # 5: distance rule
            n = CORNER_NEIGHBOURS[c, k]
            if n >= 0 and st.corner_owner[n] >= 0:
                return 5
        if o == NEUTRAL:
            n_neutral += 1
            continue
        if st.corner_level[c] == 1:
            settlements += 1
        else:
            cities += 1
        for r in range(N_RESOURCES):
            income[r] += st.corner_level[c] * st.corner_pips[c, r]
        h = st.corner_harbour[c]
        if h == GENERIC_HARBOUR:
            for r in range(N_RESOURCES):
                rate[r] = min(rate[r], 3)
        elif h >= 0:
            rate[h] = 2
        touches = False                                      # 7
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e >= 0 and st.edge_owner[e] == SHERIFF:
                touches = True
        if not touches:
            return 7
    roads = 0
    neutral_roads = 0
    for e in range(N_EDGES):
        if st.edge_owner[e] == SHERIFF:
            roads += 1
        elif st.edge_owner[e] == NEUTRAL:
            neutral_roads += 1
            if st.corner_owner[EDGE_CORNERS[e, 0]] != NEUTRAL and st.corner_owner[EDGE_CORNERS[e, 1]] != NEUTRAL:
                return 6
    # 3: VP from the board
    vp = settlements + 2 * cities + st.dev_hand[SHERIFF, DEV_VP] + st.dev_new[SHERIFF, DEV_VP]
    if st.army_holder == SHERIFF:
        vp += 2
    if st.road_holder == SHERIFF:
        vp += 2
    if victory_points(st, SHERIFF) != vp:
        return 3
    # 4: pieces
    if (settlements + st.pieces[SHERIFF, 0] != sets * PIECE_LIMITS[0]
            or cities + st.pieces[SHERIFF, 1] != sets * PIECE_LIMITS[1]
            or roads + st.pieces[SHERIFF, 2] != sets * PIECE_LIMITS[2]
            or n_neutral != params[RH.P_ROBIN_NEUTRAL] or neutral_roads != params[RH.P_ROBIN_NEUTRAL]):
        return 4
    # 6
    if not roads_connected(st, SHERIFF):
        return 6
    # 8: longest road and largest army (one player: held exactly at the threshold)
    if st.road_length[SHERIFF] != fresh_length:
        return 8
    if (st.road_holder == SHERIFF) != (fresh_length >= 5) or (st.road_holder != SHERIFF and st.road_holder != -1):
        return 8
    if (st.army_holder == SHERIFF) != (st.knights[SHERIFF] >= 3) or (st.army_holder != SHERIFF and st.army_holder != -1):
        return 8
    # 9: derived fields
    if (st.stats[SHERIFF, R.S_SETTLEMENTS] != settlements or st.stats[SHERIFF, R.S_CITIES] != cities
            or st.stats[SHERIFF, R.S_ROADS] != roads):
        return 9
    for r in range(N_RESOURCES):
        if st.income[SHERIFF, r] != income[r] or st.trade_rate[SHERIFF, r] != rate[r]:
            return 9
    # 10: development cards
    in_deck, drawn = dev_deck_tally(st)
    for d in range(N_DEV_TYPES):
        held = st.dev_hand[SHERIFF, d] + st.dev_new[SHERIFF, d]
        if d == DEV_KNIGHT:
            held += st.knights[SHERIFF]
        if in_deck[d] != DEV_DECK_COUNTS[d] or held > drawn[d] or ((d == DEV_KNIGHT or d == DEV_VP) and held != drawn[d]):
            return 10
    if st.stats[SHERIFF, R.S_DEVS_BOUGHT] != st.dev_top:
        return 10
    # 11: Robin and his deck
    if st.robber < 0 or st.robber >= N_HEXES or st.hex_resource[st.robin_camp] != DESERT:
        return 11
    if st.robin_deck_top < 0 or st.robin_deck_top > st.robin_deck_n:
        return 11
    cards = np.zeros(ROBIN_CARD_KINDS, np.int64)
    for i in range(st.robin_deck_n):
        cards[st.robin_deck[i]] += 1
    for card in range(ROBIN_CARD_KINDS):
        if cards[card] != params[RH.P_ROBIN_DECK + card]:
            return 11
    # 12
    if st.robin_stats[RH.RB_VP] != st.robin_stats[RH.RB_VP_SHERIFF] + st.robin_stats[RH.RB_VP_NEUTRAL]:
        return 12
    # 13, 14: endings
    robin_vp = st.robin_stats[RH.RB_VP]
    ending = st.robin_stats[RH.RB_ENDING]
    side = st.robin_stats[RH.RB_WINNER]
    fenced = st.robin_enclosure != 0 and enclosed(st, st.robber)
    if ending == ENDING_NONE:
        if robin_vp >= st.robin_target or vp >= st.sheriff_target or fenced or st.winner != -1:
            return 13
        return 0
    if ending == ENDING_ROBIN_TARGET and (robin_vp < st.robin_target or side != SIDE_ROBIN):
        return 13
    if ending == ENDING_SHERIFF_TARGET and (st.robin_stats[RH.RB_SHERIFF_VP] < st.sheriff_target or side != SIDE_SHERIFF):
        return 13
    if ending == ENDING_ENCLOSURE:
        want = SIDE_SHERIFF if vp > robin_vp else (SIDE_ROBIN if robin_vp > vp else SIDE_DRAW)
        if not fenced or side != want:
            return 13
    if ending == ENDING_MAX_TURNS and (st.turn != params[P_MAX_TURNS] or side != SIDE_DRAW):
        return 13
    if (st.winner == SHERIFF) != (side == SIDE_SHERIFF) or (st.winner != SHERIFF and st.winner != -1):
        return 14
    return 0


@checker_kernel
def play_robin_checked(params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    """Plays each game as play_game / robin.play do, checking after setup and after every
    round.  out[i] = (first broken invariant or 0, turn it broke on, winner, turns, first
    turn with a refused policy answer or -1, 1 if the development deck was empty then)."""
    for i in range(game_indices.shape[0]):
        buf_bytes[:] = 0
        st = buf[0]
        np.random.seed(seeds[i])
        seat_policies(st, kinds, weights, params, game_indices[i])
        init_game(st, params)
        decide.new_game(st, 0)
        robin.setup(st)
        version = -1
        fresh = 0
        code = 0
        out[i, 4] = -1
        out[i, 5] = 0
        while True:
            if st.illegal > 0 and out[i, 4] < 0:
                out[i, 4] = st.turn
                out[i, 5] = st.dev_top == N_DEV_CARDS
            if st.board_version != version:
                version = st.board_version
                fresh = trail_length(st, SHERIFF)
            code = check_robin_state(st, params, fresh)
            if code != 0 or robin.over(st) or st.turn >= params[P_MAX_TURNS]:
                break
            robin.play_round(st)
        if code == 0 and not robin.over(st):
            robin.end_game(st, ENDING_MAX_TURNS)
            code = check_robin_state(st, params, fresh)
        out[i, 0] = code
        out[i, 1] = st.turn
        out[i, 2] = st.winner
        out[i, 3] = st.turn


def _run(policies, games, seed, **rules):
    rules.setdefault("layout", P.LAYOUT_RANDOM)
    params = robin_params(rotate_seats=True, **rules)
    if len(policies) > 1:
        params[P.P_SEAT_SPECS] = len(policies)
    out, seeds, rows = checked_games(play_robin_checked, params, policies, games, seed, columns=6)
    failed = np.flatnonzero(out[:, 0])
    if len(failed):
        g = failed[0]
        pytest.fail(f"{len(failed)} of {games} games broke an invariant; first: game {g} (seed {seeds[g]}, "
                    f"run seed {seed}) at turn {out[g, 1]}: {INVARIANTS[out[g, 0]]}")
    assert (rows[:, R.G_WINNER] == out[:, 2]).all() and (rows[:, R.G_TURNS] == out[:, 3]).all()
    return out, rows


SHERIFFS = ("sheriff-greedy", "sheriff-warden")
CASES = {
    # name: (seats, games, run seed, rules)
    "random": (("random",), 800, 31, {}),
    "sheriffs": (SHERIFFS, 1000, 32, {}),
    "greedy-builder": (("greedy",), 200, 33, {"layout": P.LAYOUT_BEGINNER}),
    "random-die-no-neutral": (("random",), 400, 34, {"die": True, "neutral": 0, "steals": 3, "discard": False}),
    "random-crowded": (("random",), 400, 35, {"neutral": 12, "sets": 1, "enclosure": False}),
    "sheriffs-short-bank": (SHERIFFS, 400, 36, {"sets": 4, "deck": (1, 1, 1, 1, 1, 2), "supply": 7}),
    "warden-targets": (("sheriff-warden",), 300, 37, {"robin_target": 10, "sheriff_target": 20,
                                                      "layout": P.LAYOUT_BEGINNER}),
    "strong-sheriff": (("strong",), 200, 38, {}),   # the look-ahead leaves no trace
}
_RUNS = {}


def _case(case):
    if case not in _RUNS:
        seats, games, seed, rules = CASES[case]
        _RUNS[case] = _run(seats, games, seed, **rules)
    return _RUNS[case]


@pytest.mark.parametrize("case", list(CASES))
def test_invariants_hold_after_every_round(case):
    out, rows = _case(case)
    endings = rows[:, ROBIN_AT + RH.RB_ENDING]
    assert (endings != ENDING_MAX_TURNS).mean() > 0.9          # games end by the rules, not the turn limit


@pytest.mark.parametrize("case", list(CASES))
def test_policies_never_propose_illegal_moves(case):
    # the builder's known proposal of a card from an empty deck is tolerated as in test_invariants
    out, _ = _case(case)
    refused = (out[:, 4] >= 0) & (out[:, 5] == 0)
    assert not refused.any(), f"{refused.sum()} games had a policy answer refused; first: game " \
                              f"{int(np.flatnonzero(refused)[0])}"


def test_every_ending_occurs():
    _, rows = _case("sheriffs")
    endings = set(rows[:, ROBIN_AT + RH.RB_ENDING].tolist())
    assert {ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET, ENDING_ENCLOSURE} <= endings
    sides = rows[:, ROBIN_AT + RH.RB_WINNER]
    assert {SIDE_SHERIFF, SIDE_ROBIN} <= set(sides.tolist())


def test_the_checker_catches_a_broken_invariant():
    st = new_state_buffer()[0]
    params = robin_params()
    np.random.seed(0)
    init_game(st, params)
    robin.configure(st, params)
    check = check_robin_state.py_func
    assert check(st, params, 0) == 4               # the neutral settlements are not placed yet
    robin.setup(st)
    assert check(st, params, int(st.road_length[SHERIFF])) == 0
    st.robin_stats[RH.RB_VP] += 1                   # a VP from nowhere
    assert check(st, params, int(st.road_length[SHERIFF])) == 12
    st.robin_stats[RH.RB_VP] -= 1
    st.hand[NEUTRAL, 0] += 1                        # a card for the neutral colour
    st.bank[0] -= 1
    assert check(st, params, int(st.road_length[SHERIFF])) == 1


# --- determinism -------------------------------------------------------------------


def test_compiled_robin_games_equal_the_games_run_as_python(tmp_path):
    params = robin_params(layout=P.LAYOUT_RANDOM, rotate_seats=True)
    params[P.P_SEAT_SPECS] = 3
    resolved = [resolve(name) for name in SHERIFFS + ("random",)]
    inputs = dict(params=params, kinds=np.array([k for k, _ in resolved], np.int64),
                  weights=np.array([w for _, w in resolved]), indices=np.arange(6, dtype=np.int64),
                  seeds=game_seeds(41, 0, 6))
    np.savez(tmp_path / "in.npz", **inputs)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    subprocess.run([sys.executable, "-c", _NO_JIT_SCRIPT, str(ROOT), str(tmp_path / "in.npz"),
                    str(tmp_path / "out.npy")], env=env, cwd=ROOT, check=True, timeout=300)
    as_python = np.load(tmp_path / "out.npy")
    compiled = play_batch(*inputs.values())
    assert (as_python == compiled).all()
    assert (compiled[:, ROBIN_ROW.at(0, R.S_SPEC)] == [0, 1, 2, 0, 1, 2]).all()   # the Sheriffs take turns


def test_a_robin_game_alone_equals_the_same_game_inside_a_batch():
    params = robin_params(layout=P.LAYOUT_RANDOM)
    kind, weights = resolve("sheriff-warden")
    kinds, weights = np.array([kind]), weights[None, :]
    indices, seeds = np.arange(30, dtype=np.int64), game_seeds(42, 0, 30)
    batch = play_batch(params, kinds, weights, indices, seeds)
    for k in (0, 13, 29):
        assert (play_batch(params, kinds, weights, indices[k:k + 1], seeds[k:k + 1])[0] == batch[k]).all()


# the test session's warm-up jobs in this file (tests/warm.py): (job, function, rough cold compile seconds)
WARM_UP = (("robin", "warm_up", 55),)


def warm_up():
    """The test session's warm-up job (WARM_UP, tests/warm.py): the kernels this
    file plays, the product's and the checker's, compiled once before the tests."""
    _run(("random",), 1, 31)


# the run tests/test_conformance.py plays: variant -> function
CONFORMANCE = {"robin_hood": "conformance"}


def conformance(games):
    """Robin Hood's conformance run (tests/test_conformance.py)."""
    seats, seed = SHERIFFS, 8
    params = robin_params(rotate_seats=True, layout=P.LAYOUT_RANDOM)
    params[P.P_SEAT_SPECS] = len(seats)
    return (params, seats, seed, *checked_games(play_robin_checked, params, seats, games, seed, columns=6))
