"""The invariant checker of the engine tests (docs/architecture.md, "Invariants every test
run can check"), shared by test_invariants.py (the base game) and test_grundbesitz_games.py.

`play_checked` is a test-only compiled loop (`play_games_checked`, the loop of every
checked run: C&K's and Autarkie's take it with their own check): it plays each game with
the engine's own functions exactly as simcore.engine.game.play_game does (init_game,
decide.new_game, setup_phase, play_turn), and after setup and after every turn checks the
state against a recount made from the board (`check_state`, ending with the Grundbesitz
checks of `check_grundbesitz`, which hold trivially with the variant off).  It returns
one row per game: the first broken invariant (0 = none), the turn it broke on, the
game's winner and turns (compared with the product's own records, so the checked
games are the real ones), and the first turn on which the engine refused a policy's
answer (st.illegal, reported by its own test).

The first call compiles the kernel (about a minute, as long as the game kernel
itself); later runs load it from numba's cache (simcore.accel.jit).
"""
import hashlib
import os
from pathlib import Path

import numba
import numpy as np
import pytest
from numba import njit

from policies import decide
from policies.registry import resolve
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.run.batch import play_batch
from simcore.engine.game import init_game, play_turn, seat_policies, setup_phase
from simcore.accel.jit import jitted  # (importing simcore.accel.jit also sets numba's cache folder for the engine's sources)
from simcore.engine.economy import kind_supply
from simcore.engine.params import P_MAX_TURNS, P_PLAYERS, P_VICTORY_POINTS
from simcore.run.seeds import game_seeds
from simcore.engine.state import (DESERT, DEV_DECK_COUNTS, DEV_KNIGHT, DEV_VP, GENERIC_HARBOUR, MAX_PLAYERS,
                                  N_DEV_CARDS, N_DEV_TYPES, N_RESOURCES, PIECE_LIMITS, game_bytes, new_state_buffer,
                                  victory_points)
from simcore.engine.topology import CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS, EDGE_CORNERS, N_CORNERS, N_EDGES, N_HEXES
from tests.positions import make_params
from simcore.engine.kernel_variants import variant_code
from simcore.variants import grundbesitz as GBD
from simcore.variants.grundbesitz import N_GB

GB_STATS = GBD.GB.seat_base   # Grundbesitz's counters in st.stats: GB_STATS..GB_STATS_END - 1
GB_STATS_END = GB_STATS + len(GBD.GB.seat_columns)

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
    11: "derived fields: stats, income, trade rates, corner_free and road_touch match the board",
    12: "development cards: the deck keeps its 25 cards; held + played == drawn",
    13: "winner: reached victory_points, on its own turn",
    14: "a game without a winner ran exactly max_turns turns",
    15: "board encoding: corner levels 0/1/2 with owners, owners are players",
    # Grundbesitz (docs/rules.md, Grundbesitz; check_grundbesitz): they hold trivially with the variant off
    16: "Grundbesitz on the board: its owner has a building on its corner; its hex produces and has an "
        "allowed number; a GB nobody owns carries no markers",
    17: "gb_count == the GBs counted from gb_owner, within max_per_player",
    18: "blockade markers are never negative",
    19: "GB records: gb_owned == gb_bought == GBs on the board; spend_grundbesitz == bought * cost; markers "
        "received by all == placed by all; placed - removed == markers on the board; defences by kind add up "
        "to gb_defences, and follow-ups are at most that many",
    20: "knights: st.knights == knights played, less the GB knights when knights_count_for_army is off",
    21: "removals: nobody removed more than removals_per_round markers this round",
    22: "variant off: no Grundbesitz, no markers, no GB records",
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
def pieces_placed(st):
    """Roads plus building levels on the board: grows with every piece placed."""
    n = 0
    for e in range(N_EDGES):
        if st.edge_owner[e] >= 0:
            n += 1
    for c in range(N_CORNERS):
        n += st.corner_level[c]
    return n


@njit(cache=True)
def cards_kept(st, params):
    """0 if the bank and the hands hold each kind's supply and no count is negative; 2 on a
    negative count, else 1 (the first kind out of balance)."""
    for r in range(st.hand.shape[1]):
        supply = kind_supply(st, params, r)
        total = st.bank[r]
        if st.bank[r] < 0:
            return 2
        for p in range(st.players):
            total += st.hand[p, r]
            if st.hand[p, r] < 0:
                return 2
        if total != supply:
            return 1
    return 0


@njit(cache=True)
def dev_deck_tally(st):
    """(cards of each kind in the development deck, of them drawn so far)."""
    in_deck = np.zeros(N_DEV_TYPES, np.int64)
    drawn = np.zeros(N_DEV_TYPES, np.int64)
    for i in range(N_DEV_CARDS):
        in_deck[st.dev_deck[i]] += 1
        if i < st.dev_top:
            drawn[st.dev_deck[i]] += 1
    return in_deck, drawn


@njit(cache=True)
def check_state(st, params, lengths_fresh):
    """The first broken invariant (a key of INVARIANTS), or 0."""
    players = st.players
    code = cards_kept(st, params)   # 1, 2: cards of every kind
    if code:
        return code
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
    income = np.zeros((players, N_RESOURCES), np.int64)
    rate = np.full((players, N_RESOURCES), 4, np.int64)
    for c in range(N_CORNERS):
        o = st.corner_owner[c]
        if o < 0:
            continue
        if st.corner_level[c] == 1:
            settlements[o] += 1
        else:
            cities[o] += 1
        for r in range(N_RESOURCES):
            income[o, r] += st.corner_level[c] * st.corner_pips[c, r]
        h = st.corner_harbour[c]
        if h == GENERIC_HARBOUR:
            for r in range(N_RESOURCES):
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
        for r in range(N_RESOURCES):
            if st.income[p, r] != income[p, r] or st.trade_rate[p, r] != rate[p, r]:
                return 11
        # 6: roads connected
        if not roads_connected(st, p):
            return 6
    # 11: the engine's board caches (distance rule, roads at each corner)
    for c in range(N_CORNERS):
        free = st.corner_owner[c] < 0
        for k in range(3):
            n = CORNER_NEIGHBOURS[c, k]
            if n >= 0 and st.corner_owner[n] >= 0:
                free = False
        if st.corner_free[c] != (1 if free else 0):
            return 11
        for p in range(players):
            touching = 0
            for k in range(3):
                e = CORNER_EDGES[c, k]
                if e >= 0 and st.edge_owner[e] == p:
                    touching += 1
            if st.road_touch[p, c] != touching:
                return 11
    # 8: road lengths
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
    in_deck, drawn = dev_deck_tally(st)
    bought = 0
    for d in range(N_DEV_TYPES):
        if in_deck[d] != DEV_DECK_COUNTS[d]:
            return 12
        held = 0
        for p in range(players):
            held += st.dev_hand[p, d] + st.dev_new[p, d]
        if d == DEV_KNIGHT:   # played: for the army, or spent on Grundbesitz (check 20)
            for p in range(players):
                held += st.stats[p, R.S_KNIGHTS]
        if held > drawn[d] or ((d == DEV_KNIGHT or d == DEV_VP) and held != drawn[d]):
            return 12
    for p in range(players):
        bought += st.stats[p, R.S_DEVS_BOUGHT]
    if bought != st.dev_top:
        return 12
    return check_grundbesitz(st, params)


@variant_code(GBD.GRUNDBESITZ, 0)
def check_grundbesitz(st, params):
    """The first broken Grundbesitz invariant (16..22), or 0.  (variant code, not njit: it is
    compiled into play_checked where the state has the variant, and runs as Python under
    check_state.py_func.)  With the variant off nothing of it may have happened (22)."""
    players = st.players
    if params[GBD.P_GB_ON] == 0:
        for p in range(players):
            for k in range(GB_STATS, GB_STATS_END):
                if st.stats[p, k] != 0:
                    return 22
        return 22 if st.gb_markers.sum() != 0 or st.gb_count.sum() != 0 else 0
    count = np.zeros((players, N_HEXES), np.int64)
    on_board = 0
    for g in range(N_GB):
        q = st.gb_owner[g]
        if st.gb_markers[g] < 0:
            return 18
        if q < 0:
            if q != -1 or st.gb_markers[g] != 0:
                return 16
            continue
        c = g // 3
        h = CORNER_HEXES[c, g % 3]
        if q >= players or st.corner_owner[c] != q or h < 0 or st.hex_resource[h] == DESERT:
            return 16
        if (params[GBD.P_GB_ALLOWED] >> st.hex_number[h]) & 1 == 0:
            return 16
        count[q, h] += 1
        on_board += st.gb_markers[g]
    cost = 0
    for r in range(N_RESOURCES):
        cost += params[GBD.P_GB_COST + r]
    placed = 0
    received = 0
    removed = 0
    owned = 0
    for p in range(players):
        n = 0
        for h in range(N_HEXES):
            if st.gb_count[p, h] != count[p, h]:
                return 17
            n += count[p, h]
        if params[GBD.P_GB_MAX_PER_PLAYER] > 0 and n > params[GBD.P_GB_MAX_PER_PLAYER]:
            return 17
        owned += n
        if st.stats[p, GBD.S_GB_OWNED] != n or st.stats[p, GBD.S_GB_BOUGHT] != n or st.stats[p, GBD.S_SPEND_GB] != n * cost:
            return 19
        placed += (st.stats[p, GBD.S_GB_MARKERS_RESPONSE] + st.stats[p, GBD.S_GB_MARKERS_KNIGHT]
                   + st.stats[p, GBD.S_GB_MARKERS_ROBBER] + st.stats[p, GBD.S_GB_MARKERS_STRIKE])
        received += st.stats[p, GBD.S_GB_MARKERS_RECEIVED]
        removed += (st.stats[p, GBD.S_GB_REMOVED_FREE] + st.stats[p, GBD.S_GB_REMOVED_KNIGHT]
                    + st.stats[p, GBD.S_GB_FOLLOW_REMOVE])
        defended, follow_ups = 0, 0
        for k in range(5):
            defended += st.stats[p, GBD.S_GB_DEFENDED0 + k]
        for k in range(4):
            follow_ups += st.stats[p, GBD.S_GB_FOLLOW0 + k]
        if defended != st.stats[p, GBD.S_GB_DEFENCES] or follow_ups > defended:
            return 19
        gb_knights = (st.stats[p, GBD.S_GB_KNIGHTS_BLOCK] + st.stats[p, GBD.S_GB_KNIGHTS_REMOVE]
                      + st.stats[p, GBD.S_GB_KNIGHTS_DEFENCE])
        uncounted = 0 if params[GBD.P_GB_KNIGHTS_ARMY] else gb_knights
        if st.knights[p] != st.stats[p, R.S_KNIGHTS] - uncounted or gb_knights > st.stats[p, R.S_KNIGHTS]:
            return 20
        if st.gb_removal_round[p] > st.rounds or (st.gb_removal_round[p] == st.rounds
                                                  and st.gb_removals[p] > params[GBD.P_GB_REMOVALS]):
            return 21
    if placed != received or placed - removed != on_board:
        return 19
    if params[GBD.P_GB_ON] == 0 and (owned > 0 or placed > 0 or removed > 0):
        return 22
    return 0


@jitted
def play_games_checked(check, params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    """The game loop of every checked run (this file's, C&K's, Autarkie's): each game played
    as simcore.engine.game.play_game plays it (init_game, decide.new_game, setup_phase, play_turn),
    and `check(st, params, memo, row)` after setup and after every turn: the first broken
    invariant, or 0.  memo: the check's notes between its calls in one game (-1 at the
    start); row: out[i], whose columns from 3 on the check fills.  out[i, :3] = (first
    broken invariant or 0, the turn it broke or the game ended on, winner).  A compiled
    checker is a kernel of its own that calls this with its check (play_checked)."""
    players = params[P_PLAYERS]
    memo = np.empty(MAX_PLAYERS + 2, np.int64)
    for i in range(game_indices.shape[0]):
        buf_bytes[:] = 0
        st = buf[0]
        np.random.seed(seeds[i])
        st.log_on = 0
        seat_policies(st, kinds, weights, params, game_indices[i])
        init_game(st, params)
        for s in range(players):
            decide.new_game(st, s)
        setup_phase(st)
        memo[:] = -1
        out[i, 3:] = -1
        while True:
            code = check(st, params, memo, out[i])
            if code != 0 or st.winner >= 0 or st.turn >= params[P_MAX_TURNS]:
                break
            play_turn(st, st.turn % players)
        out[i, 0] = code
        out[i, 1] = st.turn
        out[i, 2] = st.winner


@njit(cache=True)
def check_turn(st, params, memo, row):
    """check_state after a turn, with the game's end: a winner with victory_points on its own
    turn (13), a game without one ending at max_turns (14).  memo[0]: pieces on the board at
    the last recount of the road lengths, memo[1:]: those lengths.  row[3] = turns, row[4] =
    the first turn with a refused policy answer (st.illegal) or -1."""
    if st.illegal > 0 and row[4] < 0:
        row[4] = st.turn
    row[3] = st.turn
    if pieces_placed(st) != memo[0]:     # every change of the board places a piece
        memo[0] = pieces_placed(st)
        for p in range(st.players):
            memo[1 + p] = trail_length(st, p)
    code = check_state(st, params, memo[1:])
    return code if code != 0 else end_code(st, params, params[P_VICTORY_POINTS], 13)


@jitted
def end_code(st, params, target, code):
    """`code` when the game has a winner with fewer than `target` VP or who won off his own
    turn, code + 1 when it has none and ran past max_turns, else 0."""
    if st.winner >= 0:
        return code if victory_points(st, st.winner) < target or st.winner != st.current else 0
    return code + 1 if st.turn > params[P_MAX_TURNS] else 0


def checker_kernel(fn):
    """njit(cache=True) for a checker kernel (one that calls play_games_checked or this file's
    recounts), cached in a folder named after this file's hash: numba checks a cached kernel
    only against its own file, not against the functions it inlines from here."""
    engine_cache = numba.config.CACHE_DIR   # simcore.accel.jit's folder
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    numba.config.CACHE_DIR = os.path.join(engine_cache, "checkers-" + key)
    try:
        return njit(cache=True)(fn)
    finally:
        numba.config.CACHE_DIR = engine_cache


@checker_kernel
def play_checked(params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    """out[i] = (first broken invariant or 0, turn it broke on, winner, turns, first turn
    with a refused policy answer or -1)."""
    play_games_checked(check_turn, params, kinds, weights, game_indices, seeds, buf, buf_bytes, out)


# --- a checked run -------------------------------------------------------------------

def seat_inputs(policies):
    """(kinds, weights) of the seats `policies` (preset names)."""
    resolved = [resolve(name) for name in policies]
    return np.array([k for k, _ in resolved], np.int64), np.array([w for _, w in resolved])


def checked_games(kernel, params, policies, games, seed, columns=5):
    """(out, seeds, the product's records) of games 0..games-1 of a run of the seats
    `policies` (preset names) under `params`, played by the checker `kernel` (a
    play_checked) and by simcore.run.batch.play_batch."""
    kinds, weights = seat_inputs(policies)
    indices = np.arange(games, dtype=np.int64)
    seeds = game_seeds(seed, 0, games)
    out = np.zeros((games, columns), np.int64)
    buf = new_state_buffer(params)
    kernel(params, kinds, weights, indices, seeds, buf, game_bytes(buf), out)
    return out, seeds, play_batch(params, kinds, weights, indices, seeds)


def conformance_run(scenario, games):
    """(params, seats, seed, out, seeds, rows) of `games` games of the shipped scenario `scenario`
    (its rules, seats and seed) played by play_checked: the base game's invariants, with the
    variant's rules on (tests/test_conformance.py)."""
    from simcore.run.config import find_scenario, load_scenario, pack_rules
    s = load_scenario(find_scenario(scenario))
    params, seats = pack_rules(s), tuple(seat.policy for seat in s.seats)
    return (params, seats, s.seed, *checked_games(play_checked, params, seats, games, s.seed))


def run_checked(policies, games, seed, **rules):
    """(checked results, seeds, the product's records) of games 0..games-1 of a run of
    the seats `policies` (preset names; seats rotate) under make_params(**rules), on a
    random layout unless `layout` is given."""
    params = make_params(len(policies), layout=rules.pop("layout", P.LAYOUT_RANDOM), rotate_seats=True, **rules)
    return checked_games(play_checked, params, policies, games, seed)


def assert_invariants(run):
    """Fail on the first broken invariant of a run_checked run."""
    out, seeds, rows = run
    failed = np.flatnonzero(out[:, 0])
    if len(failed):
        g = failed[0]
        pytest.fail(f"{len(failed)} of {len(out)} games broke an invariant; first: game {g} (seed {seeds[g]}) "
                    f"after turn {out[g, 1]}: {INVARIANTS[out[g, 0]]}")
    # the checked games are the product's games: same winner and length as play_batch
    assert (rows[:, R.G_WINNER] == out[:, 2]).all() and (rows[:, R.G_TURNS] == out[:, 3]).all()
