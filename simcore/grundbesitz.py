"""Grundbesitz (RULES.md §1, seed 000): land-ownership markers that yield one
resource at each of the owner's turns, blockade markers, and knight fights.

A Grundbesitz (GB) is the pair (corner c, hex CORNER_HEXES[c, k]), numbered
g = 3 * c + k.  The engine calls in at these points of the turn (simcore.game):
  before_roll      free removal by the hex's strict majority holder
  after_production yields of the player's unblocked GBs
  robber moves     robber block of a GB on the hex left, robber defence
  actions          A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE
Blocks, removals and robber moves on a hex can be cancelled by a defender's
knight (contest); policies answer every question through policies.decide.
"""
from policies import decide
from simcore import records as R
from simcore.actions import A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE
from simcore.devcards import can_play
from simcore.economy import can_afford, give, pay
from simcore.events import (E_GB_BLOCK, E_GB_BUY, E_GB_COUNTER, E_GB_DEFENCE, E_GB_REMOVE, E_GB_YIELD,
                            E_PLAY_DEV, log_event)
from simcore.jit import jitted
from simcore.kernel_variants import GRUNDBESITZ, variant_code
from simcore.params import (P_GB_ALLOWED, P_GB_COUNTER_DEPTH, P_GB_DEFENCE, P_GB_DELAY,
                            P_GB_KNIGHTS_ARMY, P_GB_MAJORITY_FREE, P_GB_MARKERS_BLOCK, P_GB_MARKERS_KNIGHT,
                            P_GB_MAX_PER_PLAYER, P_GB_ON, P_GB_REMOVALS, P_GB_RESPONSE_KNIGHT, P_GB_STEAL_KNIGHTS)
from simcore.pieces import update_largest_army
from simcore.state import DESERT, DEV_KNIGHT, ITEM_GB, N_GB
from simcore.topology import CORNER_HEXES, HEX_CORNERS

# what a contest is about (event field `what`)
WHAT_KNIGHT_BLOCK, WHAT_ROBBER_BLOCK, WHAT_REMOVAL, WHAT_ROBBER_MOVE = 0, 1, 2, 3
# block kinds (event field `kind`)
BLOCK_RESPONSE, BLOCK_KNIGHT, BLOCK_ROBBER, BLOCK_STRIKE = 0, 1, 2, 3
# a defender's follow-up after a cancel
FOLLOW_NONE, FOLLOW_STRIKE, FOLLOW_ROBBER = 0, 1, 2
REMOVE_FREE, REMOVE_KNIGHT = 0, 1


@jitted
def gb_hex(g):
    return CORNER_HEXES[g // 3, g % 3]


@jitted
def enabled(params):
    return params[P_GB_ON] != 0


# --- what is allowed ----------------------------------------------------------

@jitted
def owned_count(st, p):
    n = 0
    for h in range(st.gb_count.shape[1]):
        n += st.gb_count[p, h]
    return n


@jitted
def can_buy_at(st, params, p, g):
    """p has a building on g's corner, g's hex produces and has an allowed number,
    nobody owns g yet, and p is under the per-player limit (RULES.md §1 Where)."""
    if g < 0 or g >= N_GB:
        return False
    h = gb_hex(g)
    if h < 0 or st.corner_owner[g // 3] != p or st.gb_owner[g] >= 0 or st.hex_resource[h] == DESERT:
        return False
    if (params[P_GB_ALLOWED] >> st.hex_number[h]) & 1 == 0:
        return False
    limit = params[P_GB_MAX_PER_PLAYER]
    return limit == 0 or owned_count(st, p) < limit


@jitted
def can_afford_gb(st, params, p):
    return can_afford(st, p, st.costs[ITEM_GB])


@jitted
def has_knight(st, p):
    return st.dev_hand[p, DEV_KNIGHT] > 0


@jitted
def can_block(st, p, g):
    """A GB of another player on a hex where p owns a GB."""
    if g < 0 or g >= N_GB:
        return False
    q = st.gb_owner[g]
    return q >= 0 and q != p and st.gb_count[p, gb_hex(g)] > 0


@jitted
def removals_left(st, params, p):
    if st.gb_removal_round[p] != st.rounds:
        return params[P_GB_REMOVALS]
    return params[P_GB_REMOVALS] - st.gb_removals[p]


@jitted
def can_remove(st, params, p, g):
    """A marker on a GB of a hex where p owns a GB, within p's removals this round."""
    return (0 <= g < N_GB and st.gb_owner[g] >= 0 and st.gb_markers[g] > 0
            and st.gb_count[p, gb_hex(g)] > 0 and removals_left(st, params, p) > 0)


@jitted
def majority_holder(st, h):
    """The player with strictly the most GBs on hex h, -1 if none."""
    best, who, tied = 0, -1, False
    for q in range(st.players):
        n = st.gb_count[q, h]
        if n > best:
            best, who, tied = n, q, False
        elif n == best and n > 0:
            tied = True
    return -1 if tied else who


@jitted
def can_free_remove(st, params, p, g):
    return (params[P_GB_MAJORITY_FREE] != 0 and can_remove(st, params, p, g)
            and majority_holder(st, gb_hex(g)) == p)


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
    st.stats[st.gb_owner[g], R.S_GB_MARKERS_RECEIVED] += n
    if kind == BLOCK_RESPONSE:
        st.stats[actor, R.S_GB_MARKERS_RESPONSE] += n
    elif kind == BLOCK_KNIGHT:
        st.stats[actor, R.S_GB_MARKERS_KNIGHT] += n
    elif kind == BLOCK_ROBBER:
        st.stats[actor, R.S_GB_MARKERS_ROBBER] += n
    else:
        st.stats[actor, R.S_GB_MARKERS_STRIKE] += n
    log_event(st, E_GB_BLOCK, actor, st.gb_owner[g], g, n, kind)


@jitted
def remove_marker(st, p, g, kind):
    st.gb_markers[g] -= 1
    st.gb_removed_turn[g] = st.turn
    if st.gb_removal_round[p] != st.rounds:
        st.gb_removal_round[p] = st.rounds
        st.gb_removals[p] = 0
    st.gb_removals[p] += 1
    st.stats[p, R.S_GB_REMOVED_FREE if kind == REMOVE_FREE else R.S_GB_REMOVED_KNIGHT] += 1
    log_event(st, E_GB_REMOVE, p, g, kind, st.gb_markers[g], 0)


# --- defence (RULES.md §1 Defence) ----------------------------------------------

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
    does, cancels.  With max_counter_depth > 1
    the actor may cancel the cancel, and so on.  Returns the defender whose cancel
    stands, or -1 when the action stands."""
    if params[P_GB_DEFENCE] == 0:
        return -1
    defender = -1
    for depth in range(params[P_GB_COUNTER_DEPTH]):
        if depth % 2 == 0:
            defender = -1
            for i in range(1, st.players):
                q = (actor + i) % st.players
                if may_defend(st, q, actor, h, what) and decide.gb_defend(st, q, actor, h, what, target):
                    defender = q
                    break
            if defender < 0:
                return -1
            spend_knight(st, params, defender, R.S_GB_KNIGHTS_DEFENCE, False)
            st.stats[defender, R.S_GB_DEFENCES] += 1
            log_event(st, E_GB_DEFENCE, defender, actor, h, what, 0)
        else:
            if not has_knight(st, actor) or not decide.gb_counter(st, actor, defender, h, what, target):
                return defender
            spend_knight(st, params, actor, R.S_GB_KNIGHTS_DEFENCE, actor == st.current)
            log_event(st, E_GB_COUNTER, actor, defender, h, what, 0)
            defender = -1
    return defender


@jitted
def defender_follow_up(st, params, d, actor, h):
    """After a cancel the defender only defends, strikes back (markers_per_block on
    one of the actor's GBs on h), or moves the robber and steals (with
    defence_steal_knights knights in all: a second one is played for it if 2).
    Returns FOLLOW_ROBBER when the defender is to move the robber."""
    choice = decide.gb_follow_up(st, d, actor, h)
    if choice == FOLLOW_STRIKE:
        g = decide.gb_strike_target(st, d, actor, h)
        if 0 <= g < N_GB and st.gb_owner[g] == actor and gb_hex(g) == h:
            place_markers(st, d, g, params[P_GB_MARKERS_BLOCK], BLOCK_STRIKE)
        else:
            st.illegal += 1
    elif choice == FOLLOW_ROBBER:
        if params[P_GB_STEAL_KNIGHTS] == 2:
            if not has_knight(st, d):
                st.illegal += 1
                return FOLLOW_NONE
            spend_knight(st, params, d, R.S_GB_KNIGHTS_DEFENCE, False)
        return FOLLOW_ROBBER
    return FOLLOW_NONE


@variant_code(GRUNDBESITZ, False)
def is_legal_action(st, params, p, a, x):
    """simcore.legal for A_BUY_GB, A_KNIGHT_BLOCK and A_KNIGHT_REMOVE on GB x."""
    if a == A_BUY_GB:
        return can_afford_gb(st, params, p) and can_buy_at(st, params, p, x)
    if a == A_KNIGHT_BLOCK:
        return can_play(st, p, DEV_KNIGHT) and can_block(st, p, x)
    if a == A_KNIGHT_REMOVE:
        return can_play(st, p, DEV_KNIGHT) and can_remove(st, params, p, x)
    return False


# --- the actions ----------------------------------------------------------------

@variant_code(GRUNDBESITZ, None)
def buy(st, params, p, g):
    """A_BUY_GB: pay, own, then the acquisition responses (RULES.md §1)."""
    pay(st, p, st.costs[ITEM_GB], R.S_SPEND_GB)
    h = gb_hex(g)
    st.gb_owner[g] = p
    st.gb_markers[g] = 0
    st.gb_removed_turn[g] = -1
    st.gb_ready_turn[g] = st.turn + params[P_GB_DELAY] * st.players
    st.gb_count[p, h] += 1
    st.board_version += 1   # plans made on the old board (policies) are stale
    st.stats[p, R.S_GB_BOUGHT] += 1
    st.stats[p, R.S_GB_OWNED] += 1
    log_event(st, E_GB_BUY, p, g, g // 3, h, 0)
    # each other owner of a GB on the hex, in turn order, may block it at once; a
    # response that costs a knight is a block made with a knight (RULES.md §1)
    needs_knight = params[P_GB_RESPONSE_KNIGHT] != 0
    markers = params[P_GB_MARKERS_KNIGHT] if needs_knight else params[P_GB_MARKERS_BLOCK]
    for i in range(1, st.players):
        q = (p + i) % st.players
        if st.gb_count[q, h] == 0 or (needs_knight and not has_knight(st, q)):
            continue
        if decide.gb_response_block(st, q, g):
            if needs_knight:
                spend_knight(st, params, q, R.S_GB_KNIGHTS_BLOCK, False)
            place_markers(st, q, g, markers, BLOCK_RESPONSE)


@variant_code(GRUNDBESITZ, -1)
def knight_block(st, params, p, g):
    """A_KNIGHT_BLOCK: the turn's knight places markers_per_knight_block on g instead
    of moving the robber.  Returns the defender who will move the robber, or -1."""
    spend_knight(st, params, p, R.S_GB_KNIGHTS_BLOCK, True)
    return contested_block(st, params, p, g, WHAT_KNIGHT_BLOCK, params[P_GB_MARKERS_KNIGHT], BLOCK_KNIGHT)


@jitted
def contested_block(st, params, p, g, what, markers, kind):
    """Block g with `markers` unless a defender cancels; returns the defender who is
    then to move the robber, or -1."""
    h = gb_hex(g)
    d = contest(st, params, p, h, what, g)
    if d < 0:
        place_markers(st, p, g, markers, kind)
        return -1
    return d if defender_follow_up(st, params, d, p, h) == FOLLOW_ROBBER else -1


@variant_code(GRUNDBESITZ, -1)
def knight_remove(st, params, p, g):
    """A_KNIGHT_REMOVE: the turn's knight removes one marker from g."""
    spend_knight(st, params, p, R.S_GB_KNIGHTS_REMOVE, True)
    return removal(st, params, p, g, REMOVE_KNIGHT)


@jitted
def removal(st, params, p, g, kind):
    h = gb_hex(g)
    d = contest(st, params, p, h, WHAT_REMOVAL, g)
    if d < 0:
        remove_marker(st, p, g, kind)
        return -1
    return d if defender_follow_up(st, params, d, p, h) == FOLLOW_ROBBER else -1


@variant_code(GRUNDBESITZ, -1)
def robber_block(st, params, p, g):
    """Before moving the robber: markers_per_block on a GB of the hex it leaves; the
    robber still moves but steals nothing.  Returns the defender who moves the
    robber instead (a cancel followed by the robber option), or -1."""
    return contested_block(st, params, p, g, WHAT_ROBBER_BLOCK, params[P_GB_MARKERS_BLOCK], BLOCK_ROBBER)


@jitted
def can_robber_block(st, p, g):
    """A GB of another player on the hex the robber stands on (and is about to leave)."""
    return 0 <= g < N_GB and st.gb_owner[g] >= 0 and st.gb_owner[g] != p and gb_hex(g) == st.robber


@variant_code(GRUNDBESITZ, -1)
def robber_defence(st, params, p, h):
    """The robber is about to be moved onto h: a player with a building there may
    cancel with a knight and move it instead.  Returns that defender or -1."""
    return contest(st, params, p, h, WHAT_ROBBER_MOVE, -1)


# --- the hooks of the turn ------------------------------------------------------

@variant_code(GRUNDBESITZ, -1)
def before_roll(st, params, p):
    """Free removal by the strict majority holder of a hex (majority_free_removal).
    Returns a defender who is to move the robber, or -1."""
    if params[P_GB_MAJORITY_FREE] == 0 or removals_left(st, params, p) <= 0:
        return -1
    g = decide.gb_free_removal(st, p)
    if g < 0:
        return -1
    if not can_free_remove(st, params, p, g):
        st.illegal += 1
        return -1
    return removal(st, params, p, g, REMOVE_FREE)


@variant_code(GRUNDBESITZ, None)
def after_production(st, params, p):
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
            give(st, p, r, 1, R.S_GAIN_GB)
            log_event(st, E_GB_YIELD, p, r, 1, h, g)
