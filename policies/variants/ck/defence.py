"""The C&K builder's plan for the barbarians and its knights' actions (docs/rules.md, Cities & Knights: Knights,
Barbarians; issue 29 item 3): when the ship is near and Catan's active strength falls short
of the barbarians' (or the player would be among the weakest with a city to lose), raise and
activate knights, trading for grain or wool + ore when the hand lacks them (`ck_plan`); place
knights next to its own hexes, where they can chase the robber; while the ship is far, move a
knight next to the robber on its hex and displace a weaker knight of an opponent with at least
its VP (`ck_displace`)."""
import numpy as np

from policies import builder
from policies.common import public_vp
from simcore.accel.jit import jitted
from simcore.engine.records import S_CITIES
from simcore.engine.state import PIPS, row_sum
from simcore.engine.topology import CORNER_HEXES, HEX_CORNERS, N_CORNERS
from simcore.variants.ck import (A_CK_KNIGHT_MOVE, KNIGHTS_PER_LEVEL, P_CK_STEPS, W_CK_CHASE, W_CK_DISPLACE,
                                 W_CK_KNIGHTS, W_CK_PLAN)
from simcore.variants.ck.board import (GRAIN, ORE, WOOL, all_active, barbarian_strength, can_act, can_build_knight,
                                       may_promote, metropolises, move_target_ok, reach, robber_next_to)


@jitted
def near(st, w):
    """The ship is within the builder's horizon: closer than ck_knights thirds of its way, ck_plan
    steps earlier."""
    steps = st.params[P_CK_STEPS]
    left = steps - st.ck_barbarians
    return w[W_CK_KNIGHTS] > 0 and left * 3 <= w[W_CK_KNIGHTS] * steps + 3 + 3 * max(w[W_CK_PLAN], 0.0)


@jitted
def threatened(st, p, w):
    """The barbarians are near and Catan is weaker than them, or p would be among the weakest
    defenders with a city to lose."""
    if not near(st, w):
        return False
    total = 0                          # Catan's active strength (st.ck_power: each player's)
    for q in range(st.players):
        total += st.ck_power[q]
    if total < barbarian_strength(st):
        return True
    if open_cities(st, p) <= 0:
        return False
    for q in range(st.players):        # p is among the weakest with a city to lose
        if q != p and st.ck_power[q] < st.ck_power[p] and open_cities(st, q) > 0:
            return False
    return True


@jitted
def open_cities(st, q):
    """Cities of q without a metropolis."""
    return st.stats[q, S_CITIES] - metropolises(st, q)


@jitted
def own_pips(st, p, c):
    """Pips of the hexes at corner c on which p has a building (a knight there can chase the robber off them)."""
    v = 0
    for k in range(3):
        h = CORNER_HEXES[c, k]
        if h < 0 or st.hex_number[h] == 0:
            continue
        for j in range(6):
            if st.corner_owner[HEX_CORNERS[h, j]] == p:
                v += PIPS[st.hex_number[h]]
                break
    return v


@jitted
def knight_corner(st, p, w):
    """Where p builds a knight: the legal corner next to most of its own pips (ck_plan > 0), else
    the first legal corner; -1 if none."""
    best, where = -1, -1
    for c in range(N_CORNERS):
        if can_build_knight(st, p, c):
            if w[W_CK_PLAN] <= 0:
                return c
            v = own_pips(st, p, c)
            if v > best:
                best, where = v, c
    return where


@jitted
def knight_trade(st, p, w):
    """A bank trade towards what the threatened p's knights need (grain for an inactive knight, else
    wool + ore for a new or promoted one), or (-1, -1); ck_plan > 0 only."""
    if w[W_CK_PLAN] <= 0:
        return -1, -1
    cost = np.zeros(st.hand.shape[1], np.int64)
    if row_sum(st.ck_knights, p) > 0 and not all_active(st, p):
        cost[GRAIN] = 1
    elif st.ck_knights[p, 0] < KNIGHTS_PER_LEVEL or may_promote(st, p):
        cost[WOOL] = 1
        cost[ORE] = 1
    else:
        return -1, -1
    return builder.trade_towards(st, p, cost)


@jitted
def robber_corner(st, p, c):
    """After reach(st, p, c): a free corner next to the robber p's knight at c can move to, or -1."""
    for d in range(N_CORNERS):
        if robber_next_to(st, d) and st.corner_guard[d] < 0 and move_target_ok(st, p, c, d):
            return d
    return -1


@jitted
def displace_target(st, p, c):
    """After reach(st, p, c): the corner of a weaker knight of an opponent with at least p's VP
    (the leader's first), or -1."""
    mine = public_vp(st, p)
    best, where = -1, -1
    for d in range(N_CORNERS):
        q = st.corner_guard[d]
        if q >= 0 and q != p and move_target_ok(st, p, c, d):
            v = public_vp(st, q)
            if v >= mine and v > best:
                best, where = v, d
    return where


@jitted
def knight_move(st, p, w):
    """While the ship is far: an active knight moves next to the robber on p's hex (ck_chase, ck_plan:
    it chases from there once active again), or displaces an opponent's weaker knight (ck_displace).
    (A_CK_KNIGHT_MOVE, from, to) or (-1, -1, -1)."""
    to_robber = w[W_CK_CHASE] > 0 and w[W_CK_PLAN] > 0 and st.ck_attacks > 0 and builder.robber_on_own_hex(st, p)
    if st.ck_power[p] == 0 or near(st, w) or not (to_robber or w[W_CK_DISPLACE] > 0):
        return -1, -1, -1
    for c in range(N_CORNERS):
        if not can_act(st, p, c):
            continue
        reach(st, p, c)
        if to_robber and not robber_next_to(st, c):
            d = robber_corner(st, p, c)
            if d >= 0:
                return A_CK_KNIGHT_MOVE, c, d
        if w[W_CK_DISPLACE] > 0 and st.ck_knight[c] > 1:
            d = displace_target(st, p, c)
            if d >= 0:
                return A_CK_KNIGHT_MOVE, c, d
    return -1, -1, -1
