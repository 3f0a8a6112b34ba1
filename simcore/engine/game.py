"""One whole game (docs/rules.md, Base game), compiled: setup, turns, record.

The turn reads as the rulebook does (play_turn):
    [hook setup] ... start -> [hook before_roll] -> optional knight before the roll -> roll
    ([hook roll]) -> 7:
    discards, robber ([hook move_robber]), steal | else production ([hook owe]) -> [hook
    after_production] -> actions until the policy ends (a variant's own actions:
    [hooks is_legal_action, apply_action]; simcore.engine.apply) -> end (cards bought this turn become
    usable; [hook end_turn])
A player who has `victory_points` on their own turn wins at once.  Variants plug in
at the hook points (simcore.engine.hooks), each in its own module; a solo mode may play the
whole game its own way ([hook play_game], e.g. simcore.variants.robin_hood.rules).
Policies are asked at every choice point (policies.decide); the engine checks
every answer and counts illegal ones in st.illegal (always 0 in tests).
"""
import numpy as np
from simcore.accel.jit import jitted
from simcore.engine.kernels import entry

from policies import decide
from policies.weights import KIND_MASK, ROLLOUT_BIT
from simcore.engine import feel, hooks
from simcore.engine import records as R
from simcore.engine.actions import A_END, A_KNIGHT, A_LOOKAHEAD
from simcore.engine.apply import apply_action, move_robber
from simcore.engine.board import setup_board
from simcore.engine.devcards import can_play, fill_deck
from simcore.engine.economy import SOURCE_SETUP, init_card_kinds, discard, give, produce
from simcore.engine.events import (E_GAME_END, E_PAYOUT, E_ROLL, E_SETUP_ROAD, E_SETUP_SETTLEMENT, E_TURN,
                                   log_event)
from simcore.engine.legal import is_legal
from simcore.engine.lookahead import best_candidate
from simcore.engine.search_point import playout_dice
from simcore.engine.params import (LAYOUT_BEGINNER, P_LAYOUT, P_MAX_TURNS, P_NO_ADJACENT_RED, P_PLAYERS, P_ROTATE_SEATS,
                                   P_SEAT_SPECS, P_VICTORY_POINTS)
from simcore.engine.pieces import place_road, place_settlement, spot_is_free
from simcore.engine.state import (COST_CITY, copy_into, COST_DEVCARD, COST_ROAD, COST_SETTLEMENT, DESERT, DEV_KNIGHT,
                                  DEV_VP, ITEM_CITY, ITEM_DEVCARD, ITEM_ROAD, ITEM_SETTLEMENT, PIECE_LIMITS, randint,
                                  victory_points)
from simcore.engine.topology import CORNER_EDGES, CORNER_HEXES

MAX_ACTIONS_PER_TURN = 200
HAND_LIMIT = 7          # more than this on a 7: discard half, rounded down


@jitted
def seat_policies(st, kinds, weights, params, game_index):
    """Give each seat its scenario seat's policy (kinds/weights are per scenario seat
    spec): seat s plays spec s, or with rotate_seats spec (s + game_index) % specs,
    through all scenario seats (more than the players in a one-player mode)."""
    players = params[P_PLAYERS]
    specs = params[P_SEAT_SPECS] if params[P_SEAT_SPECS] > 0 else players
    for s in range(players):
        spec = (s + game_index) % specs if params[P_ROTATE_SEATS] else s
        kind = kinds[spec]
        st.policy_kind[s] = kind & KIND_MASK
        if kind & ROLLOUT_BIT:   # a rollout seat: its base kind, and its search (policies.rollout_seat)
            st.rollout[s, 0] = 1
            st.rollout[s, 1] = (kind >> 8) & 0xFF
            st.rollout[s, 2] = (kind >> 16) & 0xFFFF
            st.rollout[s, 3] = (kind >> 32) & 0xFFFF
        copy_into(st.weights[s], weights[spec])
        st.stats[s, R.S_SPEC] = spec


@jitted
def init_game(st, params):
    """Set up a zeroed state record: supplies, board, deck, and every -1 marker."""
    players = params[P_PLAYERS]
    st.players = players
    st.army_holder = -1
    st.road_holder = -1
    st.winner = -1
    st.plan_turn[:] = -1
    st.corner_harbour[:] = -1
    copy_into(st.params, params)
    copy_into(st.costs[ITEM_ROAD], COST_ROAD)
    copy_into(st.costs[ITEM_SETTLEMENT], COST_SETTLEMENT)
    copy_into(st.costs[ITEM_CITY], COST_CITY)
    copy_into(st.costs[ITEM_DEVCARD], COST_DEVCARD)
    st.corner_owner[:] = -1
    st.corner_free[:] = 1
    st.corner_guard[:] = -1
    st.edge_owner[:] = -1
    init_card_kinds(st, params)
    for p in range(players):
        for k in range(3):
            st.pieces[p, k] = PIECE_LIMITS[k]
    setup_board(st, params[P_LAYOUT] == LAYOUT_BEGINNER, params[P_NO_ADJACENT_RED] != 0)
    fill_deck(st)
    hooks.init(st)


# --- setup ------------------------------------------------------------------

@jitted
def setup_placement(st, p, second):
    c = decide.setup_settlement(st, p)
    if c < 0 or c >= st.corner_owner.shape[0] or not spot_is_free(st, c):
        st.illegal += 1
        return
    log_event(st, E_SETUP_SETTLEMENT, p, c, 0, 0, 0)   # before the award it may move (pieces.py)
    place_settlement(st, p, c)
    if second:  # one of each adjacent resource
        for k in range(3):
            h = CORNER_HEXES[c, k]
            if h >= 0 and st.hex_resource[h] != DESERT and st.bank[st.hex_resource[h]] > 0:
                give(st, p, st.hex_resource[h], 1, R.S_GAIN_SETUP)
                log_event(st, E_PAYOUT, p, st.hex_resource[h], 1, h, SOURCE_SETUP)
    e = decide.setup_road(st, p, c)
    ok = False
    for k in range(3):
        if CORNER_EDGES[c, k] == e and e >= 0 and st.edge_owner[e] < 0:
            ok = True
    if not ok:
        st.illegal += 1
        return
    log_event(st, E_SETUP_ROAD, p, e, 0, 0, 0)
    place_road(st, p, e)


@jitted
def setup_phase(st):
    """Snake order 0..n-1, n-1..0; the second settlement yields its resources
    (unless a variant places its own way: hook setup)."""
    if hooks.setup(st):
        return
    players = st.players
    for p in range(players):
        setup_placement(st, p, False)
    for p in range(players - 1, -1, -1):
        setup_placement(st, p, True)


@jitted
def discards(st):
    """Every player holding more than HAND_LIMIT cards discards half, rounded down."""
    players = st.players
    for q in range(players):
        discard_half(st, q, HAND_LIMIT)


@jitted
def discard_half(st, q, limit):
    """q discards half its cards, rounded down, if it holds more than `limit` (a card of its choice at a time)."""
    n = st.hand[q].sum()
    if n > limit:
        for _ in range(n // 2):
            r = decide.discard(st, q)
            if r < 0 or r >= st.hand.shape[1] or st.hand[q, r] == 0:
                st.illegal += 1
                r = 0
                while st.hand[q, r] == 0:
                    r += 1
            discard(st, q, r, 1)


@jitted
def seven(st, p):
    """A 7: discards, then the robber (docs/rules.md, Base game), unless a variant has its own 7 (hook seven)."""
    if hooks.seven(st, p):
        return
    discards(st)
    move_robber(st, p)


@jitted
def check_win(st, p):
    if victory_points(st, p) >= st.params[P_VICTORY_POINTS]:
        st.winner = p
        return True
    return False


@jitted
def game_over(st, p):
    """Has the game ended (p wins with `victory_points` on their own turn), unless a
    variant decides that its own way (hook game_over)?"""
    ended = hooks.game_over(st, p)
    if ended >= 0:
        return ended > 0
    return check_win(st, p)


@jitted
def start_turn(st, p):
    st.current = p
    feel.note_standings(st)   # the standings after the turns before this one
    st.turn += 1
    if p == 0:
        st.rounds += 1
    st.dev_played = 0
    st.offers_made = 0
    log_event(st, E_TURN, p, st.turn, st.rounds, 0, 0)


@jitted
def roll(st, p):
    """The number dice's sum: a variant's own dice (hook roll, e.g. with an event die
    played first), or two dice."""
    total = hooks.roll(st, p)
    if total >= 0:
        st.last_roll = total
        return total
    return two_dice(st, p)


@jitted
def two_dice(st, p):
    """Two dice; their sum (in a rollout's play-out, its own dice: search_point.playout_dice)."""
    if st.playing_out:
        d1, d2 = playout_dice(st)
    else:
        d1 = randint(6) + 1
        d2 = randint(6) + 1
    st.last_roll = d1 + d2
    log_event(st, E_ROLL, p, d1, d2, d1 + d2, 0)
    return d1 + d2


@jitted
def play_turn(st, p):
    """One player's turn, as the rulebook has it (docs/rules.md, Base game), with the variants' hooks."""
    start_turn(st, p)
    if game_over(st, p):  # e.g. longest road passed to p on another turn
        return
    hooks.before_roll(st, p)
    if can_play(st, p, DEV_KNIGHT) and decide.knight_before_roll(st, p):
        apply_action(st, p, A_KNIGHT, 0, 0)
        if game_over(st, p):
            return
    total = roll(st, p)
    if total == 7:
        seven(st, p)
    else:
        produce(st, total)
    if hooks.game_over(st, p) > 0:   # a variant's 7 may end the game (Robin at his target)
        return
    hooks.after_production(st, p)
    for _ in range(MAX_ACTIONS_PER_TURN):
        a, x, y = decide.action(st, p)
        if a == A_LOOKAHEAD:   # a strong seat listed its options: the one it values most after playing it
            a, x, y = best_candidate(st, p, x)
        if a == A_END:
            break
        if not is_legal(st, p, a, x, y):
            st.illegal += 1
            break
        apply_action(st, p, a, x, y)
        if game_over(st, p):
            return
    end_turn(st, p)


@jitted
def end_turn(st, p):
    """Cards bought this turn become usable: on the owner's next turn, and for
    answers out of turn (Grundbesitz defences) in between."""
    for d in range(st.dev_hand.shape[1]):
        st.dev_hand[p, d] += st.dev_new[p, d]
        st.dev_new[p, d] = 0
    hooks.end_turn(st, p)


# --- a whole game -----------------------------------------------------------

@jitted
def begin_game(buf, buf_bytes, params, kinds, weights, game_index, seed, log_on):
    """The state record buf[0] zeroed (buf_bytes: its memory before the log), seeded, with the
    seats' policies, the board and the per-game tables: the game before its setup."""
    buf_bytes[:] = 0
    st = buf[0]
    np.random.seed(seed)
    st.log_on = log_on
    seat_policies(st, kinds, weights, params, game_index)
    init_game(st, params)
    for s in range(params[P_PLAYERS]):
        decide.new_game(st, s)
    return st


@jitted
def play_game(buf, buf_bytes, params, kinds, weights, game_index, seed, log_on):
    """Plays one game from its seed in the state record buf[0] (buf_bytes is the
    record's memory before the log, zeroed first).  kinds/weights are per
    scenario seat spec; log_on = 1 records every event in st.log."""
    st = begin_game(buf, buf_bytes, params, kinds, weights, game_index, seed, log_on)
    players = params[P_PLAYERS]
    if not hooks.play_game(st):   # a solo mode plays its own setup, turns and endings
        setup_phase(st)
        while st.turn < params[P_MAX_TURNS]:
            p = st.turn % players
            play_turn(st, p)
            if st.winner >= 0:
                break
    log_event(st, E_GAME_END, st.winner, st.winner, st.turn, st.rounds, 0)


@jitted
def write_record(st, row, game_index, seed):
    """The game's record row (simcore.engine.rows): the game columns, and each seat's counters
    in st.stats with their final values set here first."""
    row[:] = -1
    row[R.G_GAME] = game_index
    row[R.G_SEED] = seed
    row[R.G_WINNER] = st.winner
    row[R.G_TURNS] = st.turn
    row[R.G_ROUNDS] = st.rounds
    for p in range(st.players):
        st.stats[p, R.S_VP] = victory_points(st, p)
        st.stats[p, R.S_VP_SETTLEMENTS] = st.stats[p, R.S_SETTLEMENTS]
        st.stats[p, R.S_VP_CITIES] = 2 * st.stats[p, R.S_CITIES]
        st.stats[p, R.S_VP_CARDS] = st.dev_hand[p, DEV_VP] + st.dev_new[p, DEV_VP]
        st.stats[p, R.S_VP_ARMY] = 2 if st.army_holder == p else 0
        st.stats[p, R.S_VP_ROAD] = 2 if st.road_holder == p else 0
        st.stats[p, R.S_ROAD_LENGTH] = st.road_length[p]
    feel.record(st, row)
    hooks.record(st, row)


@entry
def play_batch_kernel(params, kinds, weights, game_indices, seeds, out, buf, buf_bytes, log_on):
    """Plays the games one after the other in one state record; row i of `out` is game i.
    (With log_on, the log of the last game stays in buf[0].log.)"""
    for i in range(game_indices.shape[0]):
        play_game(buf, buf_bytes, params, kinds, weights, game_indices[i], seeds[i], log_on)
        write_record(buf[0], out[i], game_indices[i], seeds[i])
