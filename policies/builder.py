"""The scripted `builder` kind behind the presets greedy, roads and devcards.

Each turn it picks the goal (city, settlement, road, development card) with the
best  weight * value / (1 + cards still missing), builds it when it can, trades
with the bank towards it when it cannot, and otherwise ends the turn.  Spots
are valued by pips, resource preference, diversity and harbours.  Every
maximum is taken over scores with a tiny random jitter, so ties are broken at
random, never by seat or index order.
"""
import numpy as np
from simcore.jit import jitted

from policies.weights import (W_CITY, W_DEVCARD, W_DIVERSITY, W_HARBOUR, W_KNIGHT_EARLY, W_LONGEST_ROAD,
                              W_PIPS, W_RESOURCE0, W_ROAD, W_ROBBER_LEADER, W_SETTLEMENT, W_TRADE)
from simcore.actions import (A_BUY_DEV, A_CITY, A_END, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS,
                             A_SETTLEMENT, A_TRADE)
from simcore.devcards import can_play, deck_left
from simcore.economy import can_bank_trade
from simcore.pieces import can_build_road_at, can_build_settlement_at, spot_is_free
from simcore.state import (COST_CITY, COST_DEVCARD, COST_ROAD, COST_SETTLEMENT, DESERT, DEV_KNIGHT,
                           DEV_MONOPOLY, DEV_PLENTY, DEV_ROADS, N_RES, PIECE_CITY, PIECE_ROAD,
                           PIECE_SETTLEMENT, PIPS, POPCOUNT5)
from simcore.records import S_CITIES, S_SETTLEMENTS
from simcore.topology import (CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS, EDGE_CORNERS, HEX_CORNERS,
                              N_CORNERS, N_EDGES, N_HEXES)

JITTER = 1e-6
GOAL_NONE, GOAL_CITY, GOAL_SETTLEMENT, GOAL_ROAD, GOAL_DEV = 0, 1, 2, 3, 4
VALUE_SCALE = 0.1     # a spot's value in pips adds this much per pip to a goal's score


@jitted
def jitter():
    return JITTER * np.random.random()


@jitted
def public_vp(st, q):
    """VP the others can see (VP cards stay hidden)."""
    vp = st.stats[q, S_SETTLEMENTS] + 2 * st.stats[q, S_CITIES]
    if st.army_holder == q:
        vp += 2
    if st.road_holder == q:
        vp += 2
    return vp


@jitted
def new_game(st, p, w):
    """Per-game table: weighted production value of every corner for p."""
    for c in range(N_CORNERS):
        v = 0.0
        for r in range(N_RES):
            v += st.corner_pips[c, r] * w[W_RESOURCE0 + r]
        st.corner_prod[p, c] = v * w[W_PIPS]


@jitted
def spot_value(st, p, c, w):
    """Production + a bonus per resource type new to p + harbour bonus."""
    fresh = POPCOUNT5[st.corner_res_mask[c] & ~st.income_mask[p]]
    v = st.corner_prod[p, c] + fresh * w[W_DIVERSITY]
    if st.corner_harbour[c] >= 0:
        v += w[W_HARBOUR]
    return v


@jitted
def missing(st, p, cost):
    m = 0
    for r in range(N_RES):
        if cost[r] > st.hand[p, r]:
            m += cost[r] - st.hand[p, r]
    return m


# --- where ------------------------------------------------------------------

@jitted
def best_settlement_spot(st, p, w):
    best, where = -1.0, -1
    for c in range(N_CORNERS):
        if can_build_settlement_at(st, p, c):
            v = spot_value(st, p, c, w) + jitter()
            if v > best:
                best, where = v, c
    return best, where


@jitted
def best_city_spot(st, p, w):
    best, where = -1.0, -1
    for c in range(N_CORNERS):
        if st.corner_owner[c] == p and st.corner_level[c] == 1:
            v = st.corner_prod[p, c] + jitter()
            if v > best:
                best, where = v, c
    return best, where


@jitted
def free_spot_value(st, p, c, w):
    """spot_value of a corner free by the distance rule, else 0; memoised in
    st.scratch (reset to -1 by the caller)."""
    memo = st.scratch
    if memo[c] < 0.0:
        memo[c] = spot_value(st, p, c, w) if spot_is_free(st, c) else 0.0
    return memo[c]


@jitted
def road_target_value(st, p, e, w):
    """Value of the best settlement spot this road leads to: a free spot at its end,
    or half the value of one a further road away."""
    best = 0.0
    for j in range(2):
        y = EDGE_CORNERS[e, j]
        if st.corner_owner[y] >= 0 and st.corner_owner[y] != p:
            continue
        best = max(best, free_spot_value(st, p, y, w))
        for k in range(3):
            x = CORNER_NEIGHBOURS[y, k]
            if x >= 0 and x != EDGE_CORNERS[e, 1 - j]:
                best = max(best, 0.5 * free_spot_value(st, p, x, w))
    return best


@jitted
def best_road(st, p, w):
    best, where = -1.0, -1
    st.scratch[:] = -1.0
    for e in range(N_EDGES):
        if st.edge_owner[e] < 0 and can_build_road_at(st, p, e):
            v = road_target_value(st, p, e, w) + jitter()
            if v > best:
                best, where = v, e
    return best, where


# --- what -------------------------------------------------------------------

@jitted
def choose_goal(st, p, w):
    """(goal, where, cost) with the best weight * value / (1 + missing cards)."""
    best, goal, where = 0.0, GOAL_NONE, -1
    cost = COST_DEVCARD
    if st.pieces[p, PIECE_CITY] > 0:
        v, c = best_city_spot(st, p, w)
        if c >= 0:
            s = w[W_CITY] * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, COST_CITY))
            if s > best:
                best, goal, where, cost = s, GOAL_CITY, c, COST_CITY
    spot = -1
    if st.pieces[p, PIECE_SETTLEMENT] > 0:
        v, spot = best_settlement_spot(st, p, w)
        if spot >= 0:
            s = w[W_SETTLEMENT] * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, COST_SETTLEMENT))
            if s > best:
                best, goal, where, cost = s, GOAL_SETTLEMENT, spot, COST_SETTLEMENT
    if st.pieces[p, PIECE_ROAD] > 0:
        # roads lead to new spots; with a spot at hand only a road-racer builds more
        wants = spot < 0 and st.pieces[p, PIECE_SETTLEMENT] > 0
        if wants or w[W_LONGEST_ROAD] > 0:
            v, e = best_road(st, p, w)
            if e >= 0:
                weight = w[W_ROAD] if wants else w[W_ROAD] * w[W_LONGEST_ROAD] * 0.5
                s = weight * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, COST_ROAD))
                if s > best:
                    best, goal, where, cost = s, GOAL_ROAD, e, COST_ROAD
    if deck_left(st) > 0:
        s = w[W_DEVCARD] / (1 + missing(st, p, COST_DEVCARD))
        if s > best:
            best, goal, where, cost = s, GOAL_DEV, -1, COST_DEVCARD
    return goal, where, cost


@jitted
def goal_cost(goal):
    if goal == GOAL_CITY:
        return COST_CITY
    if goal == GOAL_SETTLEMENT:
        return COST_SETTLEMENT
    if goal == GOAL_ROAD:
        return COST_ROAD
    return COST_DEVCARD


@jitted
def planned_goal(st, p, w):
    """The goal p chose earlier this turn while the board is unchanged (trades and
    discards do not change it); otherwise a new choice, remembered in st.plan_*[p]."""
    if st.plan_turn[p] == st.turn and st.plan_version[p] == st.board_version:
        return st.plan_goal[p], st.plan_where[p], goal_cost(st.plan_goal[p])
    goal, where, cost = choose_goal(st, p, w)
    st.plan_turn[p] = st.turn
    st.plan_version[p] = st.board_version
    st.plan_goal[p] = goal
    st.plan_where[p] = where
    return goal, where, cost


@jitted
def trade_towards(st, p, cost):
    """A bank trade of a surplus resource for a missing one, or (-1, -1)."""
    give_r, best = -1, -1.0
    for r in range(N_RES):
        spare = st.hand[p, r] - cost[r] - st.trade_rate[p, r]
        if spare >= 0:
            v = spare + jitter()
            if v > best:
                best, give_r = v, r
    if give_r < 0:
        return -1, -1
    get_r, best = -1, -1.0
    for r in range(N_RES):
        if cost[r] > st.hand[p, r] and can_bank_trade(st, p, give_r, r):
            v = cost[r] - st.hand[p, r] + jitter()
            if v > best:
                best, get_r = v, r
    return (give_r, get_r) if get_r >= 0 else (-1, -1)


@jitted
def robber_on_own_hex(st, p):
    h = st.robber
    if st.hex_number[h] == 0:
        return False
    for k in range(6):
        if st.corner_owner[HEX_CORNERS[h, k]] == p:
            return True
    return False


@jitted
def action(st, p, w):
    # development cards first (one per turn)
    if can_play(st, p, DEV_KNIGHT) and robber_on_own_hex(st, p):
        return A_KNIGHT, 0, 0
    if can_play(st, p, DEV_ROADS) and st.pieces[p, PIECE_ROAD] > 0:
        v, e = best_road(st, p, w)
        if e >= 0:
            return A_ROADS, 0, 0
    if can_play(st, p, DEV_MONOPOLY):
        r = monopoly(st, p)
        taken = 0
        for q in range(st.players):
            if q != p:
                taken += st.hand[q, r]
        if taken >= 3:
            return A_MONOPOLY, 0, 0
    goal, where, cost = planned_goal(st, p, w)
    if goal == GOAL_NONE:
        return A_END, 0, 0
    if can_play(st, p, DEV_PLENTY) and 0 < missing(st, p, cost) <= 2 and st.bank.sum() > 0:
        return A_PLENTY, 0, 0
    if missing(st, p, cost) == 0:
        if goal == GOAL_CITY:
            return A_CITY, where, 0
        if goal == GOAL_SETTLEMENT:
            return A_SETTLEMENT, where, 0
        if goal == GOAL_ROAD:
            return A_ROAD, where, 0
        return A_BUY_DEV, 0, 0
    if w[W_TRADE] > 0:
        g, r = trade_towards(st, p, cost)
        if g >= 0:
            return A_TRADE, g, r
    return A_END, 0, 0


# --- other choice points ----------------------------------------------------

@jitted
def setup_settlement(st, p, w):
    best, where = -1.0, -1
    for c in range(N_CORNERS):
        if spot_is_free(st, c):
            v = spot_value(st, p, c, w) + jitter()
            if v > best:
                best, where = v, c
    return where


@jitted
def setup_road(st, p, c, w):
    best, where = -1.0, -1
    st.scratch[:] = -1.0
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and st.edge_owner[e] < 0:
            v = road_target_value(st, p, e, w) + jitter()
            if v > best:
                best, where = v, e
    return where


@jitted
def discard(st, p, w):
    """Throw away what the current goal needs least."""
    goal, where, cost = planned_goal(st, p, w)
    best, pick = -1e9, -1
    for r in range(N_RES):
        if st.hand[p, r] > 0:
            v = st.hand[p, r] - cost[r] + jitter()
            if v > best:
                best, pick = v, r
    return pick


@jitted
def robber(st, p, w):
    """Block the hex that hurts opponents most, weighted towards the leader; never
    one of our own; rob the leader there."""
    best, target = -1e9, -1
    for h in range(N_HEXES):
        if h == st.robber:
            continue
        v = 0.0
        for k in range(6):
            c = HEX_CORNERS[h, k]
            o = st.corner_owner[c]
            if o == p:
                v -= 100.0 * st.corner_level[c]
            elif o >= 0:
                v += st.corner_level[c] * PIPS[st.hex_number[h]] * (1.0 + w[W_ROBBER_LEADER] * public_vp(st, o))
        v += jitter()
        if v > best:
            best, target = v, h
    victim, best = -1, -1.0
    for k in range(6):
        o = st.corner_owner[HEX_CORNERS[target, k]]
        if o >= 0 and o != p and st.hand[o].sum() > 0:
            v = public_vp(st, o) + 0.01 * st.hand[o].sum() + jitter()
            if v > best:
                best, victim = v, o
    return target, victim


@jitted
def knight_before_roll(st, p, w):
    return robber_on_own_hex(st, p) or w[W_KNIGHT_EARLY] > 0


@jitted
def free_road(st, p, w):
    v, e = best_road(st, p, w)
    return e


@jitted
def plenty(st, p, w):
    """The two cards the current goal misses most (else what the bank has most of)."""
    goal, where, cost = planned_goal(st, p, w)
    need = np.zeros(N_RES, np.int64)
    for r in range(N_RES):
        need[r] = max(0, cost[r] - st.hand[p, r])
    picks = np.zeros(2, np.int64)
    for i in range(2):
        best, pick = -1e9, 0
        for r in range(N_RES):
            if st.bank[r] > 0:
                v = need[r] * 100.0 + st.bank[r] + jitter()
                if v > best:
                    best, pick = v, r
        picks[i] = pick
        if need[pick] > 0:
            need[pick] -= 1
    return picks[0], picks[1]


@jitted
def monopoly(st, p):
    """The resource the others hold most of."""
    best, pick = -1.0, 0
    for r in range(N_RES):
        held = 0
        for q in range(st.players):
            if q != p:
                held += st.hand[q, r]
        v = held + jitter()
        if v > best:
            best, pick = v, r
    return pick
