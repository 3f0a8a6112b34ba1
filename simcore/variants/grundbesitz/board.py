"""Grundbesitz (docs/rules.md, Grundbesitz): what the board allows, asked by the rules (simcore.variants.grundbesitz.rules)
and the policies (policies.variants.grundbesitz.builder, policies.randombot) alike.

A Grundbesitz (GB) is the pair (corner c, hex CORNER_HEXES[c, k]), numbered g = 3 * c + k.
"""
from simcore.engine.economy import can_afford
from simcore.accel.jit import jitted
from simcore.engine.state import DESERT, DEV_KNIGHT
from simcore.engine.topology import CORNER_HEXES
from simcore.variants.grundbesitz import (ITEM_GB, N_GB, P_GB_ALLOWED, P_GB_MAJORITY_FREE, P_GB_MAX_PER_PLAYER, P_GB_ON,
                                          P_GB_REMOVALS)

# what a contest is about (event field `what`; the gb_defended_* columns in this order)
WHAT_KNIGHT_BLOCK, WHAT_ROBBER_BLOCK, WHAT_REMOVAL, WHAT_ROBBER_MOVE, WHAT_RESPONSE = 0, 1, 2, 3, 4
# block kinds (event field `kind`)
BLOCK_RESPONSE, BLOCK_KNIGHT, BLOCK_ROBBER, BLOCK_STRIKE = 0, 1, 2, 3
# a defender's follow-up after a cancel (the gb_follow_* columns in this order): only
# defend, place markers (strike back), move the robber and steal, remove a marker
FOLLOW_NONE, FOLLOW_STRIKE, FOLLOW_ROBBER, FOLLOW_REMOVE = 0, 1, 2, 3
# how a marker is removed (event field `removal`)
REMOVE_FREE, REMOVE_KNIGHT, REMOVE_DEFENCE = 0, 1, 2


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
    nobody owns g yet, and p is under the per-player limit (docs/rules.md, Grundbesitz: Where)."""
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
def can_strike(st, d, actor, h, what, g):
    """A defender's follow-up marker placement (docs/rules.md, Grundbesitz: Defence): on one of the
    actor's GBs on h after a cancelled block, response or removal ("strike back");
    after a cancelled robber move, on any GB d could block with a knight."""
    if what == WHAT_ROBBER_MOVE:
        return can_block(st, d, g)
    return 0 <= g < N_GB and st.gb_owner[g] == actor and gb_hex(g) == h


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
    """The strict majority holder's free removal on g's hex: one per such hex a turn (docs/rules.md, Grundbesitz,
    seed §5 "an diesem Feld"), within removals_per_round (can_remove)."""
    return (params[P_GB_MAJORITY_FREE] != 0 and can_remove(st, params, p, g)
            and majority_holder(st, gb_hex(g)) == p and st.gb_free_turn[gb_hex(g)] != st.turn)


@jitted
def can_robber_block(st, p, g):
    """A GB of another player on the hex the robber stands on (and is about to leave)."""
    return 0 <= g < N_GB and st.gb_owner[g] >= 0 and st.gb_owner[g] != p and gb_hex(g) == st.robber
