"""The `rollout` policy's candidates: at a searched decision, the base policy's own choice
first, then its next best options, ranked as the builder values what they build.

policies.decide asks the base policy, then (for a rollout seat the search driver plays, see
simcore.engine.search_point.searching) hands its answer here; `pick` says which candidate to
play (the search's answer, or the one a play-out tests).  Decisions searched:
  action            the main-phase action: builds, development cards bought and played, bank
                    trades and offers, the variants' own actions (every legal option the
                    random policy lists: policies.randombot.action_options), and ending the turn
  robber            the robber's hex and victim (a 7, a knight, a C&K knight's chase)
  setup_settlement  each setup settlement (its road is the base policy's)
Every other choice point stays with the base policy.  Ranking ties go to the option listed
first: no random draw here, so the list is the same in every pass over the decision.
"""
from simcore.accel.jit import jitted

from policies import builder, randombot
from simcore.engine.actions import (A_BUY_DEV, A_CITY, A_END, A_KNIGHT, A_MONOPOLY, A_OFFER, A_PLENTY, A_ROAD, A_ROADS,
                                    A_SETTLEMENT, A_TRADE)
from simcore.engine.pieces import spot_is_free
from simcore.engine.search_point import pick
from simcore.engine.topology import N_CORNERS, N_HEXES

NONE = -1e18   # an option not to be listed


@jitted
def action(st, p, a0, x0, y0):
    """(a, x, y): the searched main-phase action; (a0, x0, y0) is the base policy's."""
    n = action_candidates(st, p, a0, x0, y0, st.rollout[p, 1])
    k = pick(st, p, n)
    return st.cand_a[k], st.cand_x[k], st.cand_y[k]


@jitted
def action_candidates(st, p, a0, x0, y0, limit):
    """The base's action, its next best legal options (`limit` in all) and ending the turn; their number."""
    st.cand_a[0], st.cand_x[0], st.cand_y[0] = a0, x0, y0
    n = 1
    if a0 == A_END and not builder.can_spend(st, p):
        return 1   # nothing to buy or trade: ending the turn is no choice (cards in hand wait a turn)
    builder.update_spot_values(st, p, st.weights[p])
    m = randombot.action_options(st, p)   # every legal option in st.choice, choice_x, choice_y
    while n < limit:
        best, at = NONE, -1
        for i in range(m):
            v = option_score(st, p, st.choice[i], st.choice_x[i], st.choice_y[i])
            if v > best and not listed(st, n, st.choice[i], st.choice_x[i], st.choice_y[i]):
                best, at = v, i
        if at < 0:
            break
        st.cand_a[n], st.cand_x[n], st.cand_y[n] = st.choice[at], st.choice_x[at], st.choice_y[at]
        n += 1
    if not listed(st, n, A_END, 0, 0):
        st.cand_a[n], st.cand_x[n], st.cand_y[n] = A_END, 0, 0
        n += 1
    return n


@jitted
def listed(st, n, a, x, y):
    for i in range(n):
        if st.cand_a[i] == a and st.cand_x[i] == x and (st.cand_y[i] == y or a == A_END):
            return True
    return False


@jitted
def option_score(st, p, a, x, y):
    """How the builder ranks an option: what it builds first (a city, a settlement, a card
    played, a card bought, a variant's action, a road), by the spot's value; trades last."""
    if a == A_END:
        return NONE
    if a == A_CITY:
        return 100.0 + st.corner_prod[p, x]
    if a == A_SETTLEMENT:
        return 90.0 + st.spot_val[p, x]
    if a == A_KNIGHT:
        return 65.0 if builder.robber_on_own_hex(st, p) else 55.0
    if a == A_ROADS or a == A_PLENTY or a == A_MONOPOLY:
        return 55.0
    if a == A_BUY_DEV:
        return 50.0
    if a == A_ROAD:
        return 20.0 + builder.road_target_value(st, p, x)
    if a == A_TRADE:
        return 5.0
    if a == A_OFFER:
        return 2.0
    return 45.0   # a variant's own action


@jitted
def robber(st, p, h0, v0):
    """(hex, victim): the searched robber move; (h0, v0) is the base policy's."""
    n = robber_candidates(st, p, h0, v0)
    k = pick(st, p, n)
    return st.cand_a[k], st.cand_x[k]


@jitted
def robber_candidates(st, p, h0, v0):
    """The base's move, then the hexes hurting the others most (the builder's measure: their
    production there, weighted towards the leader), each robbing its richest-looking victim."""
    st.cand_a[0], st.cand_x[0], st.cand_y[0] = h0, v0, 0
    n = 1
    builder.robber_weights(st, st.weights[p])
    while n < st.rollout[p, 1]:
        best, at = NONE, -1
        for h in range(N_HEXES):
            if h == st.robber or hex_listed(st, n, h):
                continue
            v = builder.robber_hex_value(st, p, h)
            if v > best:
                best, at = v, h
        if at < 0:
            break
        st.cand_a[n], st.cand_x[n], st.cand_y[n] = at, builder.robber_victim(st, p, at), 0
        n += 1
    return n


@jitted
def hex_listed(st, n, h):
    for i in range(n):
        if st.cand_a[i] == h:
            return True
    return False


@jitted
def setup_settlement(st, p, c0):
    """The searched setup settlement; c0 is the base policy's."""
    st.cand_a[0], st.cand_x[0], st.cand_y[0] = c0, 0, 0
    n = 1
    builder.update_spot_values(st, p, st.weights[p])
    while n < st.rollout[p, 1]:
        best, at = NONE, -1
        for c in range(N_CORNERS):
            if spot_is_free(st, c) and st.spot_val[p, c] > best and not listed(st, n, c, 0, 0):
                best, at = st.spot_val[p, c], c
        if at < 0:
            break
        st.cand_a[n], st.cand_x[n], st.cand_y[n] = at, 0, 0
        n += 1
    return st.cand_a[pick(st, p, n)]
