"""Grundbesitz (docs/rules.md, Grundbesitz, seed 000): land-ownership markers that yield one
resource at each of the owner's turns, blockade markers, and knight fights.
Declared in simcore/variants/grundbesitz/__init__.py; what the board allows is in
simcore/variants/grundbesitz/board.py.

Its hooks (simcore.engine.hooks): init, before_roll (free removal by the hex's strict
majority holder), after_production (yields of the player's unblocked GBs),
move_robber (robber block of a GB on the hex left, robber defence), and its actions
A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE (is_legal_action, apply_action).
Blocks, responses, removals and robber moves on a hex can be cancelled by a
defender's knight (contest), who then picks a follow-up (defender_follow_up);
policies answer every question through policies.decide (the base game's choice points) and
policies.variants.grundbesitz.bots (its own).
"""
from simcore.engine.bots import ask, decide
from simcore.engine import records as R
from simcore.engine.devcards import can_play
from simcore.engine.economy import give, pay
from simcore.engine.events import E_PLAY_DEV, log_event
from simcore.engine.apply import place_robber, relocate_robber
from simcore.variants.grundbesitz.board import (BLOCK_KNIGHT, BLOCK_RESPONSE, BLOCK_ROBBER, BLOCK_STRIKE, FOLLOW_NONE,
                                                FOLLOW_REMOVE, FOLLOW_ROBBER, FOLLOW_STRIKE, REMOVE_DEFENCE,
                                                REMOVE_FREE, REMOVE_KNIGHT, WHAT_KNIGHT_BLOCK, WHAT_REMOVAL,
                                                WHAT_RESPONSE, WHAT_ROBBER_BLOCK, WHAT_ROBBER_MOVE, can_afford_gb,
                                                can_block, can_buy_at, can_free_remove, can_remove, can_robber_block,
                                                can_strike, gb_hex, has_knight, removals_left)
from simcore.accel.jit import jitted
from simcore.engine.kernel_variants import variant_code
from simcore.engine.pieces import update_largest_army
from simcore.engine.state import DEV_KNIGHT, N_RESOURCES
from simcore.engine.topology import HEX_CORNERS
from simcore.variants.grundbesitz import (ITEM_GB, A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, E_GB_BLOCK, E_GB_BUY,
                                          E_GB_COUNTER, E_GB_DEFENCE, E_GB_FOLLOW_UP, E_GB_REMOVE, E_GB_YIELD, GRUNDBESITZ, N_GB,
                                          P_GB_CANCELLED_ROBBER, P_GB_COST, P_GB_COUNTER_DEPTH, P_GB_COUNTER_ROBBER,
                                          P_GB_DEFENCE, P_GB_DELAY, P_GB_KNIGHTS_ARMY, P_GB_MAJORITY_FREE,
                                          P_GB_MARKERS_BLOCK, P_GB_MARKERS_KNIGHT, P_GB_RESPONSE_DEFENCE,
                                          P_GB_RESPONSE_KNIGHT, P_GB_STEAL_KNIGHTS, ROBBER_BY_ACTOR,
                                          ROBBER_BY_DEFENDER, S_GAIN_GB, S_GB_BOUGHT, S_GB_DEFENCES, S_GB_DEFENDED0,
                                          S_GB_FOLLOW0, S_GB_KNIGHTS_BLOCK, S_GB_KNIGHTS_DEFENCE,
                                          S_GB_KNIGHTS_REMOVE, S_GB_MARKERS_KNIGHT, S_GB_MARKERS_RECEIVED,
                                          S_GB_MARKERS_RESPONSE, S_GB_MARKERS_ROBBER, S_GB_MARKERS_STRIKE,
                                          S_GB_OWNED, S_GB_REMOVED_FREE, S_GB_REMOVED_KNIGHT, S_SPEND_GB)

# its bots' choice points (policies/variants/grundbesitz/bots.py), asked by name (simcore.engine.bots)
gb_defend = ask(GRUNDBESITZ, "gb_defend")
gb_counter = ask(GRUNDBESITZ, "gb_counter")
gb_follow_up = ask(GRUNDBESITZ, "gb_follow_up")
gb_follow_target = ask(GRUNDBESITZ, "gb_follow_target")
gb_response_block = ask(GRUNDBESITZ, "gb_response_block")
gb_robber_block = ask(GRUNDBESITZ, "gb_robber_block")
gb_free_removal = ask(GRUNDBESITZ, "gb_free_removal")


# --- knights ------------------------------------------------------------------

@jitted
def spend_knight(st, params, p, stat, own_turn):
    """Play an unused knight for a Grundbesitz purpose.  On one's own turn it is the
    turn's development card; knights count for largest army if knights_count_for_army."""
    st.dev_hand[p, DEV_KNIGHT] -= 1
    if own_turn:
        st.dev_played = 1
    st.stats[p, stat] += 1
    st.stats[p, R.S_KNIGHTS] += 1
    log_event(st, E_PLAY_DEV, p, DEV_KNIGHT, 0, 0, 0)
    if params[P_GB_KNIGHTS_ARMY]:
        st.knights[p] += 1
        update_largest_army(st, p)


# --- markers ------------------------------------------------------------------

@jitted
def place_markers(st, actor, g, n, kind):
    st.gb_markers[g] += n
    st.stats[st.gb_owner[g], S_GB_MARKERS_RECEIVED] += n
    if kind == BLOCK_RESPONSE:
        st.stats[actor, S_GB_MARKERS_RESPONSE] += n
    elif kind == BLOCK_KNIGHT:
        st.stats[actor, S_GB_MARKERS_KNIGHT] += n
    elif kind == BLOCK_ROBBER:
        st.stats[actor, S_GB_MARKERS_ROBBER] += n
    else:
        st.stats[actor, S_GB_MARKERS_STRIKE] += n
    log_event(st, E_GB_BLOCK, actor, st.gb_owner[g], g, n, kind)


@jitted
def remove_marker(st, p, g, kind):
    """One marker off g; it counts in p's removals this round (docs/rules.md, Grundbesitz: Removal)."""
    st.gb_markers[g] -= 1
    st.gb_removed_turn[g] = st.turn
    if st.gb_removal_round[p] != st.rounds:
        st.gb_removal_round[p] = st.rounds
        st.gb_removals[p] = 0
    st.gb_removals[p] += 1
    if kind == REMOVE_FREE:
        st.stats[p, S_GB_REMOVED_FREE] += 1
    elif kind == REMOVE_KNIGHT:
        st.stats[p, S_GB_REMOVED_KNIGHT] += 1   # a defender's removal counts in gb_follow_remove
    log_event(st, E_GB_REMOVE, p, g, kind, st.gb_markers[g], 0)


# --- defence (docs/rules.md, Grundbesitz: Defence) ----------------------------------------------

STANDS, COUNTERED = -1, -2   # contest(): nobody cancelled; the actor's counter was the last word


@jitted
def may_defend(st, q, actor, h, what):
    """Who may cancel: a GB owner on the hex (a building owner there for a robber move)."""
    if q == actor or not has_knight(st, q):
        return False
    if what == WHAT_ROBBER_MOVE:
        for k in range(6):
            if st.corner_owner[HEX_CORNERS[h, k]] == q:
                return True
        return False
    return st.gb_count[q, h] > 0


@jitted
def contest(st, params, actor, h, what, target):
    """Ask the others in turn order from the actor's left whether one cancels the
    action (on GB `target`, -1 for a robber move) with a knight; the first who
    does, cancels.  With max_counter_depth > 1 the actor may cancel the cancel, and
    so on.  Returns the defender whose cancel stands, STANDS when nobody cancelled, or
    COUNTERED when the action stands by the actor's counter."""
    if params[P_GB_DEFENCE] == 0:
        return STANDS
    defender = -1
    for depth in range(params[P_GB_COUNTER_DEPTH]):
        if depth % 2 == 0:
            defender = -1
            for i in range(1, st.players):
                q = (actor + i) % st.players
                if may_defend(st, q, actor, h, what) and gb_defend(st, q, actor, h, what, target):
                    defender = q
                    break
            if defender < 0:
                return STANDS if depth == 0 else COUNTERED
            spend_knight(st, params, defender, S_GB_KNIGHTS_DEFENCE, defender == st.current)
            st.stats[defender, S_GB_DEFENCES] += 1
            st.stats[defender, S_GB_DEFENDED0 + what] += 1
            log_event(st, E_GB_DEFENCE, defender, actor, h, what, 0)
        else:
            if not has_knight(st, actor) or not gb_counter(st, actor, defender, h, what, target):
                return defender
            spend_knight(st, params, actor, S_GB_KNIGHTS_DEFENCE, actor == st.current)
            log_event(st, E_GB_COUNTER, actor, defender, h, what, 0)
            defender = -1
    return defender if defender >= 0 else COUNTERED


@jitted
def defender_follow_up(st, params, d, actor, h, what):
    """Seed §6-7: after a cancel the defender only defends, places markers_per_block
    (can_strike), removes a marker (within its removals this round), or moves the robber
    and steals (with defence_steal_knights knights in all: a second one is played for it
    if 2).  Returns the follow-up carried out; a refused one is FOLLOW_NONE."""
    choice = gb_follow_up(st, d, actor, h, what)
    done = FOLLOW_NONE
    g = -1
    if choice == FOLLOW_STRIKE or choice == FOLLOW_REMOVE:
        g = gb_follow_target(st, d, actor, h, what, choice)
        if choice == FOLLOW_STRIKE and can_strike(st, d, actor, h, what, g):
            done = FOLLOW_STRIKE
        elif choice == FOLLOW_REMOVE and can_remove(st, params, d, g):
            done = FOLLOW_REMOVE
        else:
            st.illegal += 1
    elif choice == FOLLOW_ROBBER:
        if params[P_GB_STEAL_KNIGHTS] == 1 or has_knight(st, d):
            done = FOLLOW_ROBBER
        else:
            st.illegal += 1
    elif choice != FOLLOW_NONE:
        st.illegal += 1
    st.stats[d, S_GB_FOLLOW0 + done] += 1
    log_event(st, E_GB_FOLLOW_UP, d, actor, h, what, done)     # the choice, then its effect (issue 30)
    if done == FOLLOW_STRIKE:
        place_markers(st, d, g, params[P_GB_MARKERS_BLOCK], BLOCK_STRIKE)
    elif done == FOLLOW_REMOVE:
        remove_marker(st, d, g, REMOVE_DEFENCE)
    elif done == FOLLOW_ROBBER and params[P_GB_STEAL_KNIGHTS] != 1:
        spend_knight(st, params, d, S_GB_KNIGHTS_DEFENCE, False)    # the second knight, for the robber
    return done


@jitted
def fight(st, params, actor, h, what, target):
    """An action that may be defended: (defender whose cancel stands or -1, player who
    is to move the robber and steal or -1).  The robber goes to the defender who chose
    it as follow-up, or - with counter_moves_robber - to an actor whose counter-knight
    was the last one played (a robber block or move moves it anyway)."""
    d = contest(st, params, actor, h, what, target)
    if d >= 0:
        return d, (d if defender_follow_up(st, params, d, actor, h, what) == FOLLOW_ROBBER else -1)
    robber_kind = what == WHAT_ROBBER_BLOCK or what == WHAT_ROBBER_MOVE
    if d == COUNTERED and params[P_GB_COUNTER_ROBBER] != 0 and not robber_kind:
        return -1, actor
    return -1, -1


@jitted
def take_robber(st, mover):
    """The last knight's player moves the robber and steals (-1: nobody)."""
    if mover >= 0:
        relocate_robber(st, mover, True)


@variant_code(GRUNDBESITZ, False)
def is_legal_action(st, p, a, x, y):
    """Hook (simcore.engine.legal): A_BUY_GB, A_KNIGHT_BLOCK and A_KNIGHT_REMOVE on GB x."""
    params = st.params
    if a == A_BUY_GB:
        return can_afford_gb(st, params, p) and can_buy_at(st, params, p, x)
    if a == A_KNIGHT_BLOCK:
        return can_play(st, p, DEV_KNIGHT) and can_block(st, p, x)
    if a == A_KNIGHT_REMOVE:
        return can_play(st, p, DEV_KNIGHT) and can_remove(st, params, p, x)
    return False


# --- the actions ----------------------------------------------------------------

@jitted
def buy(st, params, p, g):
    """A_BUY_GB: pay, own, then the acquisition responses (docs/rules.md, Grundbesitz), each of which
    may be defended (response_defence)."""
    pay(st, p, st.costs[ITEM_GB], S_SPEND_GB)
    h = gb_hex(g)
    st.gb_owner[g] = p
    st.gb_markers[g] = 0
    st.gb_removed_turn[g] = -1
    st.gb_ready_turn[g] = st.turn + params[P_GB_DELAY] * st.players
    st.gb_count[p, h] += 1
    st.board_version += 1   # plans made on the old board (policies) are stale
    st.stats[p, S_GB_BOUGHT] += 1
    st.stats[p, S_GB_OWNED] += 1
    log_event(st, E_GB_BUY, p, g, g // 3, h, 0)
    # each other owner of a GB on the hex, in turn order, may block it at once; a
    # response that costs a knight is a block made with a knight (docs/rules.md, Grundbesitz)
    needs_knight = params[P_GB_RESPONSE_KNIGHT] != 0
    markers = params[P_GB_MARKERS_KNIGHT] if needs_knight else params[P_GB_MARKERS_BLOCK]
    for i in range(1, st.players):
        q = (p + i) % st.players
        if st.gb_count[q, h] == 0 or (needs_knight and not has_knight(st, q)):
            continue
        if gb_response_block(st, q, g):
            if needs_knight:
                spend_knight(st, params, q, S_GB_KNIGHTS_BLOCK, False)
            d, mover = -1, -1
            if params[P_GB_RESPONSE_DEFENCE] != 0:   # seed §6: any placement of markers may be defended
                d, mover = fight(st, params, q, h, WHAT_RESPONSE, g)
            if d < 0:
                place_markers(st, q, g, markers, BLOCK_RESPONSE)
            take_robber(st, mover)


@jitted
def knight_block(st, params, p, g):
    """A_KNIGHT_BLOCK: the turn's knight places markers_per_knight_block on g instead
    of moving the robber."""
    spend_knight(st, params, p, S_GB_KNIGHTS_BLOCK, True)
    d, mover = fight(st, params, p, gb_hex(g), WHAT_KNIGHT_BLOCK, g)
    if d < 0:
        place_markers(st, p, g, params[P_GB_MARKERS_KNIGHT], BLOCK_KNIGHT)
    take_robber(st, mover)


@jitted
def removal(st, params, p, g, kind):
    """One marker off g (free or with the turn's knight) unless a defender cancels."""
    if kind == REMOVE_KNIGHT:
        spend_knight(st, params, p, S_GB_KNIGHTS_REMOVE, True)
    elif kind == REMOVE_FREE:
        st.gb_free_turn[gb_hex(g)] = st.turn     # the hex's free removal is used, defended or not
    d, mover = fight(st, params, p, gb_hex(g), WHAT_REMOVAL, g)
    if d < 0:
        remove_marker(st, p, g, kind)
    take_robber(st, mover)


@jitted
def robber_block(st, params, p, g):
    """Before moving the robber: markers_per_block on a GB of the hex it leaves; the
    robber still moves but steals nothing.  Returns True when the robber has been
    dealt with (a defender took it, or cancelled_robber_block gives it to the defender
    or to nobody), False when p is still to move it."""
    d, mover = fight(st, params, p, gb_hex(g), WHAT_ROBBER_BLOCK, g)
    if d < 0:
        place_markers(st, p, g, params[P_GB_MARKERS_BLOCK], BLOCK_ROBBER)
        return False
    if mover >= 0:
        take_robber(st, mover)
        return True
    who = params[P_GB_CANCELLED_ROBBER]
    if who == ROBBER_BY_DEFENDER:
        relocate_robber(st, d, False)
    return who != ROBBER_BY_ACTOR


@jitted
def robber_defence(st, params, p, h):
    """The robber is about to be moved onto h: a player with a building there may cancel
    the move with a knight (the robber then stays) and follow up, e.g. move it himself.
    Returns True when the move was cancelled."""
    d, mover = fight(st, params, p, h, WHAT_ROBBER_MOVE, -1)
    take_robber(st, mover)
    return d >= 0


# --- the hooks of the turn ------------------------------------------------------

@variant_code(GRUNDBESITZ, None)
def init(st):
    """Hook: nobody owns a GB, none had a marker removed; the price in force."""
    st.gb_owner[:] = -1
    st.gb_removed_turn[:] = -1
    st.gb_free_turn[:] = -1
    for r in range(N_RESOURCES):     # `cost` names the five resources; commodities cost 0
        st.costs[ITEM_GB, r] = st.params[P_GB_COST + r]


@variant_code(GRUNDBESITZ, None)
def before_roll(st, p):
    """Hook: the free removals (one per hex p holds the majority on, within removals_per_round)."""
    free_removal(st, st.params, p)


@variant_code(GRUNDBESITZ, False)
def apply_action(st, p, a, x, y):
    """Hook (simcore.engine.apply.apply_action): the variant's actions on GB x."""
    if a == A_BUY_GB:
        buy(st, st.params, p, x)
    elif a == A_KNIGHT_BLOCK:
        knight_block(st, st.params, p, x)
    else:
        removal(st, st.params, p, x, REMOVE_KNIGHT)


@variant_code(GRUNDBESITZ, False)
def move_robber(st, p):
    """Hook, the robber on a 7 or a knight (docs/rules.md, Grundbesitz): the mover may first block a GB on
    the hex the robber leaves (then it steals nothing), and a player with a building on the
    target hex may cancel the move with a knight and move the robber (and steal) instead."""
    params = st.params
    steals = True
    g = gb_robber_block(st, p)
    if g >= 0:
        if not can_robber_block(st, p, g):
            st.illegal += 1
        else:
            steals = False
            if robber_block(st, params, p, g):
                return True
    h, victim = decide.robber(st, p)
    if 0 <= h < st.hex_resource.shape[0] and h != st.robber and robber_defence(st, params, p, h):
        return True
    place_robber(st, p, h, victim, steals)
    return True


@jitted
def free_removal(st, params, p):
    """Free removals by the strict majority holder of a hex (majority_free_removal): one
    marker per hex p holds the majority on (docs/rules.md, Grundbesitz, seed §5 "an diesem Feld"), each
    hex once a turn (gb_free_turn), within removals_per_round; p stops when it passes (-1)."""
    if params[P_GB_MAJORITY_FREE] == 0:
        return
    while removals_left(st, params, p) > 0:
        g = gb_free_removal(st, p)
        if g < 0:
            return
        if not can_free_remove(st, params, p, g):
            st.illegal += 1
            return
        removal(st, params, p, g, REMOVE_FREE)


@variant_code(GRUNDBESITZ, None)
def after_production(st, p):
    """Each of p's GBs that is not blocked, not under the robber, had no marker
    removed this turn and is past its delay yields 1 of its hex (bank permitting)."""
    for g in range(N_GB):
        if st.gb_owner[g] != p or st.gb_markers[g] > 0 or st.gb_removed_turn[g] == st.turn:
            continue
        h = gb_hex(g)
        if h == st.robber or st.turn < st.gb_ready_turn[g]:
            continue
        r = st.hex_resource[h]
        if st.bank[r] > 0:
            give(st, p, r, 1, S_GAIN_GB)
            log_event(st, E_GB_YIELD, p, r, 1, h, g)
