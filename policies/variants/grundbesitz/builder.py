"""The builder's Grundbesitz decisions (docs/rules.md, Grundbesitz), tuned by the gb* weights.

It values a GB by the card it pays every round (about what a 9-pip settlement
pays) times its preference for the resource, buys it as a goal like any other
(policies.builder.choose_goal through the builder_goal hook of
policies.variants.grundbesitz.bots), blocks others' GBs when that costs nothing
(gb_block), spends knights on blockades (gb_knight_block) or on freeing its own
GBs (gb_remove), and defends its GBs and buildings with knights (gb_defend).
"""
from policies.common import public_vp, tie_break
from policies.weights import W_DIVERSITY, W_PIPS, W_RESOURCE0
from simcore.variants.grundbesitz import board as gb
from simcore.accel.jit import jitted
from simcore.variants.grundbesitz import (A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, N_GB, P_GB_MAJORITY_FREE,
                                          P_GB_STEAL_KNIGHTS, W_GB_BLOCK, W_GB_DEFEND, W_GB_DEFEND_REMOVAL,
                                          W_GB_FOLLOW_REMOVE, W_GB_KNIGHT_BLOCK, W_GB_REMOVE, W_GB_STRIKE)
from simcore.engine.topology import HEX_CORNERS, N_CORNERS

GB_PIPS = 9.0   # one card a round is what a 9-pip settlement pays (4 rolls x 9/36)


@jitted
def purchase_value(st, p, g, w):
    r = st.hex_resource[gb.gb_hex(g)]
    v = GB_PIPS * w[W_PIPS] * w[W_RESOURCE0 + r]
    if st.income[p, r] == 0:
        v += w[W_DIVERSITY]
    return v


@jitted
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


@jitted
def knight_use(st, p, w):
    """(A_KNIGHT_REMOVE or A_KNIGHT_BLOCK, g) when the weights say a knight is worth
    it on a Grundbesitz now, else (-1, -1)."""
    if w[W_GB_REMOVE] > 0:
        where = own_removal(st, p, False)  # own blocked GB, the one closest to free first
        if where >= 0:
            return A_KNIGHT_REMOVE, where
    best, where, ties = -1.0, -1, 0
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
    """Its own GB under a block or response, its building under the robber, and
    (gb_defend_removal) a removal that would free another player's GB."""
    if what == gb.WHAT_REMOVAL:
        return (w[W_GB_DEFEND_REMOVAL] > 0 and st.gb_owner[target] != q and st.gb_markers[target] == 1
                and gb.has_knight(st, q))
    if w[W_GB_DEFEND] <= 0:
        return False
    return what == gb.WHAT_ROBBER_MOVE or st.gb_owner[target] == q


@jitted
def counter(st, actor, defender, h, what, target, w):
    return w[W_GB_DEFEND] > 0


@jitted
def robber_on(st, q):
    """q has a building on the robber's hex."""
    for k in range(6):
        if st.corner_owner[HEX_CORNERS[st.robber, k]] == q:
            return True
    return False


@jitted
def robber_on_leader(st, d):
    """The robber stands where it hurts a leading opponent (most public VP) and not d."""
    best = -1
    for q in range(st.players):
        if q != d:
            best = max(best, public_vp(st, q))
    if robber_on(st, d):
        return False
    for q in range(st.players):
        if q != d and public_vp(st, q) == best and robber_on(st, q):
            return True
    return False


@jitted
def follow_up(st, d, actor, h, what, w):
    """Take the robber off its own hex; else free an own GB held by one marker
    (gb_follow_remove), strike at an unblocked GB (gb_strike), lift a marker from an
    own GB; else only defend while the robber already hurts the leader, or take the
    robber (a steal, and a hex of its choice)."""
    can_rob = st.params[P_GB_STEAL_KNIGHTS] == 1 or gb.has_knight(st, d)
    if can_rob and robber_on(st, d):
        return gb.FOLLOW_ROBBER
    own = own_removal(st, d, False)
    if w[W_GB_FOLLOW_REMOVE] > 0 and own >= 0 and st.gb_markers[own] == 1:
        return gb.FOLLOW_REMOVE
    if w[W_GB_STRIKE] > 0 and strike_target(st, d, actor, h, what) >= 0:
        return gb.FOLLOW_STRIKE
    if w[W_GB_FOLLOW_REMOVE] > 0 and own >= 0:
        return gb.FOLLOW_REMOVE
    if robber_on_leader(st, d) or not can_rob:
        return gb.FOLLOW_NONE
    return gb.FOLLOW_ROBBER


@jitted
def follow_target(st, d, actor, h, what, choice):
    if choice == gb.FOLLOW_STRIKE:
        return strike_target(st, d, actor, h, what)
    return own_removal(st, d, False)


@jitted
def strike_target(st, d, actor, h, what):
    """An unblocked GB d may place markers on after a cancel (the leader's first), or -1."""
    best, where, ties = -1.0, -1, 0
    for g in range(N_GB):
        if st.gb_markers[g] == 0 and gb.can_strike(st, d, actor, h, what, g):
            take, best, ties = tie_break(float(public_vp(st, st.gb_owner[g])), best, ties)
            if take:
                where = g
    return where


@jitted
def own_removal(st, d, free):
    """Its own blocked GB it may remove a marker from now (for free: as the hex's
    majority holder), the fewest markers first, or -1."""
    best, where, ties = -1e9, -1, 0
    if gb.removals_left(st, st.params, d) <= 0 or (free and st.params[P_GB_MAJORITY_FREE] == 0):
        return where   # what can_remove / can_free_remove ask of every GB, asked once
    for g in range(N_GB):
        if st.gb_owner[g] == d and st.gb_markers[g] > 0 and (gb.can_free_remove(st, st.params, d, g) if free
                                                             else gb.can_remove(st, st.params, d, g)):
            take, best, ties = tie_break(-float(st.gb_markers[g]), best, ties)
            if take:
                where = g
    return where


@jitted
def free_removal(st, p, w):
    """Its own blocked GB with the fewest markers where it holds the majority, or -1."""
    return own_removal(st, p, True)
