"""The builder's Grundbesitz decisions (RULES.md §1), tuned by the gb* weights.

It values a GB by the card it pays every round (about what a 9-pip settlement
pays) times its preference for the resource, buys it as a goal like any other
(policies.builder.choose_goal), blocks others' GBs when that costs nothing
(gb_block), spends knights on blockades (gb_knight_block) or on freeing its own
GBs (gb_remove), and defends its GBs and buildings with knights (gb_defend).
"""
from policies.common import public_vp, tie_break
from policies.weights import W_DIVERSITY, W_PIPS, W_RESOURCE0
from simcore import grundbesitz_board as gb
from simcore.jit import jitted
from simcore.kernel_variants import variant_code
from simcore.variants.grundbesitz import (A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, GRUNDBESITZ, N_GB, P_GB_STEAL_KNIGHTS,
                                          W_GB_BLOCK, W_GB_DEFEND, W_GB_KNIGHT_BLOCK, W_GB_REMOVE)
from simcore.state import randint
from simcore.topology import N_CORNERS

GB_PIPS = 9.0   # one card a round is what a 9-pip settlement pays (4 rolls x 9/36)


@jitted
def purchase_value(st, p, g, w):
    r = st.hex_resource[gb.gb_hex(g)]
    v = GB_PIPS * w[W_PIPS] * w[W_RESOURCE0 + r]
    if st.income[p, r] == 0:
        v += w[W_DIVERSITY]
    return v


@variant_code(GRUNDBESITZ, (0.0, -1))
def best_purchase(st, p, w):
    """(value, g) of the best GB p may buy, (-1, -1) if none."""
    best, where, ties = -1.0, -1, 0
    for c in range(N_CORNERS):
        if st.corner_owner[c] != p:
            continue
        for k in range(3):
            g = 3 * c + k
            if gb.can_buy_at(st, st.params, p, g):
                take, best, ties = tie_break(purchase_value(st, p, g, w), best, ties)
                if take:
                    where = g
    return best, where


@variant_code(GRUNDBESITZ, (-1, -1))
def knight_use(st, p, w):
    """(A_KNIGHT_REMOVE or A_KNIGHT_BLOCK, g) when the weights say a knight is worth
    it on a Grundbesitz now, else (-1, -1)."""
    best, where, ties = -1e9, -1, 0
    if w[W_GB_REMOVE] > 0:
        for g in range(N_GB):  # own blocked GB, the one closest to free first
            if st.gb_owner[g] == p and gb.can_remove(st, st.params, p, g):
                take, best, ties = tie_break(-float(st.gb_markers[g]), best, ties)
                if take:
                    where = g
        if where >= 0:
            return A_KNIGHT_REMOVE, where
    best, ties = -1.0, 0
    if w[W_GB_KNIGHT_BLOCK] > 0:
        for g in range(N_GB):  # an unblocked GB of another, the leader's first
            if st.gb_markers[g] == 0 and gb.can_block(st, p, g):
                take, best, ties = tie_break(float(public_vp(st, st.gb_owner[g])), best, ties)
                if take:
                    where = g
        if where >= 0:
            return A_KNIGHT_BLOCK, where
    return -1, -1


@jitted
def response_block(st, q, g, w):
    return w[W_GB_BLOCK] > 0


@jitted
def robber_block(st, p, w):
    """An unblocked GB of another player on the hex the robber leaves (the leader's
    first), or -1: blocking a steady income beats one stolen card."""
    if w[W_GB_BLOCK] <= 0:
        return -1
    best, where, ties = -1.0, -1, 0
    for g in range(N_GB):
        if st.gb_markers[g] == 0 and gb.can_robber_block(st, p, g):
            take, best, ties = tie_break(float(public_vp(st, st.gb_owner[g])), best, ties)
            if take:
                where = g
    return where


@jitted
def defend(st, q, actor, h, what, target, w):
    """Its own GB under a block, or its building under the robber; never a removal."""
    if w[W_GB_DEFEND] <= 0:
        return False
    if what == gb.WHAT_ROBBER_MOVE:
        return True
    if what == gb.WHAT_REMOVAL:
        return False
    return st.gb_owner[target] == q


@jitted
def counter(st, actor, defender, h, what, target, w):
    return w[W_GB_DEFEND] > 0


@jitted
def follow_up(st, d, actor, h, w):
    """Strike back at an unblocked GB of the actor if it blocks, else take the robber."""
    if w[W_GB_BLOCK] > 0 and strike_target(st, d, actor, h) >= 0:
        return gb.FOLLOW_STRIKE
    if st.params[P_GB_STEAL_KNIGHTS] == 1 or gb.has_knight(st, d):
        return gb.FOLLOW_ROBBER
    return gb.FOLLOW_NONE


@jitted
def strike_target(st, d, actor, h):
    """The actor's unblocked GB on h (at random among several), or -1."""
    where, ties = -1, 0
    for g in range(N_GB):
        if st.gb_owner[g] == actor and gb.gb_hex(g) == h and st.gb_markers[g] == 0:
            ties += 1
            if randint(ties) == 0:
                where = g
    return where


@jitted
def free_removal(st, p, w):
    """Its own blocked GB with the fewest markers where it holds the majority, or -1."""
    best, where, ties = -1e9, -1, 0
    for g in range(N_GB):
        if st.gb_owner[g] == p and gb.can_free_remove(st, st.params, p, g):
            take, best, ties = tie_break(-float(st.gb_markers[g]), best, ties)
            if take:
                where = g
    return where
