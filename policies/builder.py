"""The scripted `builder` kind behind the presets greedy, roads and devcards.

Each turn it picks the goal (city, settlement, road, development card) with the
best  weight * value / (1 + cards still missing), builds it when it can, trades
with the bank towards it when it cannot, and otherwise ends the turn.  Spots
are valued by pips, resource preference, diversity and harbours.  Every
maximum breaks ties uniformly at random (tie_break), never by seat or index
order.
"""

from simcore.accel.jit import jitted

from policies.weights import (W_CITY, W_DEVCARD, W_DIVERSITY, W_HARBOUR, W_KNIGHT_EARLY, W_LONGEST_ROAD,
                              W_PIPS, W_RESOURCE0, W_ROAD, W_ROBBER_LEADER, W_SETTLEMENT, W_TRADE)
from policies.dispatch import builder_goal, builder_goal_action
from policies.common import public_vp, tie_break
from simcore.engine.actions import (A_OFFER, A_BUY_DEV, A_CITY, A_END, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS,
                                    A_SETTLEMENT, A_TRADE)
from simcore.engine.devcards import can_play, deck_left
from simcore.engine.economy import can_bank_trade
from simcore.engine.params import P_VICTORY_POINTS
from simcore.engine.legal import can_buy_dev, can_city, can_offer, can_road, can_settlement, is_legal
from simcore.engine.pieces import can_build_settlement_at, spot_is_free
from simcore.engine.state import (ITEM_CITY, ITEM_DEVCARD, ITEM_ROAD, ITEM_SETTLEMENT, DEV_KNIGHT, DEV_MONOPOLY,
                                  DEV_PLENTY, DEV_ROADS, N_RESOURCES, PIECE_CITY, PIECE_ROAD, PIECE_SETTLEMENT, PIPS,
                                  RES_POPCOUNT)
from simcore.engine.topology import (CORNER_EDGES, CORNER_NEIGHBOURS, EDGE_CORNERS, HEX_CORNERS, N_CORNERS, N_HEXES)

HAND_LIMIT = 7        # above this a 7 costs half the hand
GOAL_NONE, GOAL_CITY, GOAL_SETTLEMENT, GOAL_ROAD, GOAL_DEV = 0, 1, 2, 3, 4
GOAL_ITEM = 16        # GOAL_ITEM + item: a variant's goal of buying st.costs[item] (policies.dispatch.builder_goal)
VALUE_SCALE = 0.1     # a spot's value in pips adds this much per pip to a goal's score


@jitted
def new_game(st, p, w):
    """Per-game table: weighted production value of every corner for p."""
    for c in range(N_CORNERS):
        v = 0.0
        for r in range(N_RESOURCES):
            v += st.corner_pips[c, r] * w[W_RESOURCE0 + r]
        st.corner_prod[p, c] = v * w[W_PIPS]
    st.spot_val_mask[p] = -1   # spot_val not computed yet


@jitted
def update_spot_values(st, p, w):
    """Table st.spot_val[p]: value of a settlement at each corner for p, i.e.
    production + a bonus per resource type new to p + harbour bonus.  Renewed
    when p's set of income types changes (the only input that changes in a game);
    call before reading spot_val."""
    if st.spot_val_mask[p] == st.income_mask[p]:
        return
    for x in range(N_CORNERS):
        fresh = RES_POPCOUNT[st.corner_res_mask[x] & ~st.income_mask[p]]
        v = st.corner_prod[p, x] + fresh * w[W_DIVERSITY]
        if st.corner_harbour[x] >= 0:
            v += w[W_HARBOUR]
        st.spot_val[p, x] = v
    st.spot_val_mask[p] = st.income_mask[p]


@jitted
def free_spot_value(st, p, c):
    """spot_val of a corner free by the distance rule, else 0."""
    return st.spot_val[p, c] if st.corner_free[c] == 1 else 0.0


@jitted
def missing(st, p, cost):
    m = 0
    for r in range(st.hand.shape[1]):
        if cost[r] > st.hand[p, r]:
            m += cost[r] - st.hand[p, r]
    return m


# --- where ------------------------------------------------------------------

@jitted
def best_settlement_spot(st, p, w):
    update_spot_values(st, p, w)
    best, where = -1.0, -1
    ties = 0
    for c in range(N_CORNERS):
        if can_build_settlement_at(st, p, c):
            take, best, ties = tie_break(st.spot_val[p, c], best, ties)
            if take:
                where = c
    return best, where


@jitted
def best_city_spot(st, p, w):
    best, where = -1.0, -1
    ties = 0
    for c in range(N_CORNERS):
        if st.corner_owner[c] == p and st.corner_level[c] == 1:
            take, best, ties = tie_break(st.corner_prod[p, c], best, ties)
            if take:
                where = c
    return best, where


@jitted
def road_target_value(st, p, e):
    """Value of the best settlement spot this road leads to: a free spot at its end,
    or half the value of one a further road away."""
    best = 0.0
    for j in range(2):
        y = EDGE_CORNERS[e, j]
        if st.corner_owner[y] >= 0 and st.corner_owner[y] != p:
            continue
        best = max(best, free_spot_value(st, p, y))
        for k in range(3):
            x = CORNER_NEIGHBOURS[y, k]
            if x >= 0 and x != EDGE_CORNERS[e, 1 - j]:
                best = max(best, 0.5 * free_spot_value(st, p, x))
    return best


@jitted
def extends_network(st, p, c):
    """p's own building, or an end of p's roads not blocked by another's building."""
    owner = st.corner_owner[c]
    return owner == p or (owner < 0 and st.road_touch[p, c] > 0)


@jitted
def best_road(st, p, w):
    """The legal road leading to the best settlement spot.  Candidates are the
    empty edges at the corners p's network can be extended from."""
    update_spot_values(st, p, w)
    best, where = -1.0, -1
    ties = 0
    for c in range(N_CORNERS):
        if not extends_network(st, p, c):
            continue
        for k in range(3):
            e = CORNER_EDGES[c, k]
            other = CORNER_NEIGHBOURS[c, k]
            # an edge between two such corners is taken from the lower one only
            if e >= 0 and st.edge_owner[e] < 0 and not (other < c and extends_network(st, p, other)):
                take, best, ties = tie_break(road_target_value(st, p, e), best, ties)
                if take:
                    where = e
    return best, where


# --- what -------------------------------------------------------------------

@jitted
def choose_goal(st, p, w):
    """(goal, where, cost) with the best weight * value / (1 + missing cards)."""
    best, goal, where = 0.0, GOAL_NONE, -1
    cost = st.costs[ITEM_DEVCARD]
    if st.pieces[p, PIECE_CITY] > 0:
        v, c = best_city_spot(st, p, w)
        if c >= 0:
            s = w[W_CITY] * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, st.costs[ITEM_CITY]))
            if s > best:
                best, goal, where, cost = s, GOAL_CITY, c, st.costs[ITEM_CITY]
    spot = -1
    if st.pieces[p, PIECE_SETTLEMENT] > 0:
        v, spot = best_settlement_spot(st, p, w)
        if spot >= 0:
            s = w[W_SETTLEMENT] * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, st.costs[ITEM_SETTLEMENT]))
            if s > best:
                best, goal, where, cost = s, GOAL_SETTLEMENT, spot, st.costs[ITEM_SETTLEMENT]
    if st.pieces[p, PIECE_ROAD] > 0:
        # roads lead to new spots; with a spot at hand only a road-racer builds more
        wants = spot < 0 and st.pieces[p, PIECE_SETTLEMENT] > 0
        if wants or w[W_LONGEST_ROAD] > 0:
            v, e = best_road(st, p, w)
            if e >= 0:
                weight = w[W_ROAD] if wants else w[W_ROAD] * w[W_LONGEST_ROAD] * 0.5
                s = weight * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, st.costs[ITEM_ROAD]))
                if s > best:
                    best, goal, where, cost = s, GOAL_ROAD, e, st.costs[ITEM_ROAD]
    if deck_left(st) > 0:
        s = w[W_DEVCARD] / (1 + missing(st, p, st.costs[ITEM_DEVCARD]))
        if s > best:
            best, goal, where, cost = s, GOAL_DEV, -1, st.costs[ITEM_DEVCARD]
    s, g, item = builder_goal(st, p, w)   # the variants' own goals
    if g >= 0 and s > best:
        best, goal, where, cost = s, GOAL_ITEM + item, g, st.costs[item]
    return goal, where, cost


@jitted
def no_variant_goal(st, p, w):
    """policies.dispatch.builder_goal when no variant has a goal: (score, where, item)."""
    return 0.0, -1, -1


@jitted
def no_goal_action(st, p, item, where):
    """policies.dispatch.builder_goal_action when no variant claims the goal."""
    return A_END, 0, 0


@jitted
def goal_cost(st, goal):
    if goal >= GOAL_ITEM:
        return st.costs[goal - GOAL_ITEM]
    if goal == GOAL_CITY:
        return st.costs[ITEM_CITY]
    if goal == GOAL_SETTLEMENT:
        return st.costs[ITEM_SETTLEMENT]
    if goal == GOAL_ROAD:
        return st.costs[ITEM_ROAD]
    return st.costs[ITEM_DEVCARD]


@jitted
def planned_goal(st, p, w):
    """(goal, where, cost): the goal p chose earlier this turn while the board is unchanged
    (trades and discards do not change it) and, for a development card, the deck is not
    empty; otherwise a new choice."""
    if not (st.plan_turn[p] == st.turn and st.plan_version[p] == st.board_version
            and (st.plan_goal[p] != GOAL_DEV or deck_left(st) > 0)):
        new_plan(st, p, w)
    return st.plan_goal[p], st.plan_where[p], goal_cost(st, st.plan_goal[p])


@jitted
def new_plan(st, p, w):
    """choose_goal's goal and where, remembered in st.plan_*[p] (its cost is goal_cost's)."""
    goal, where, _ = choose_goal(st, p, w)
    st.plan_turn[p] = st.turn
    st.plan_version[p] = st.board_version
    st.plan_goal[p] = goal
    st.plan_where[p] = where


@jitted
def trade_towards(st, p, cost):
    """A bank trade of a surplus card kind for a missing one, or (-1, -1)."""
    give_r, best = -1, -1.0
    ties = 0
    for r in range(st.hand.shape[1]):
        spare = st.hand[p, r] - cost[r] - st.trade_rate[p, r]
        if spare >= 0 and st.trade_rate[p, r] > 0:
            take, best, ties = tie_break(spare, best, ties)
            if take:
                give_r = r
    if give_r < 0:
        return -1, -1
    get_r, best = -1, -1.0
    ties = 0
    for r in range(st.hand.shape[1]):
        if cost[r] > st.hand[p, r] and can_bank_trade(st, p, give_r, r):
            take, best, ties = tie_break(cost[r] - st.hand[p, r], best, ties)
            if take:
                get_r = r
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
    if not can_spend(st, p) and not can_play(st, p, DEV_PLENTY):
        return A_END, 0, 0
    goal, where, cost = planned_goal(st, p, w)
    if goal == GOAL_NONE:
        return spend_down(st, p, w)
    if can_play(st, p, DEV_PLENTY) and 0 < missing(st, p, cost) <= 2 and st.bank.sum() > 0:
        return A_PLENTY, 0, 0
    if missing(st, p, cost) == 0:
        if goal == GOAL_CITY:
            return A_CITY, where, 0
        if goal == GOAL_SETTLEMENT:
            return A_SETTLEMENT, where, 0
        if goal == GOAL_ROAD:
            return A_ROAD, where, 0
        if goal >= GOAL_ITEM:
            return builder_goal_action(st, p, goal - GOAL_ITEM, where)
        return A_BUY_DEV, 0, 0
    if w[W_TRADE] > 0:
        g, r = trade_towards(st, p, cost)
        if g >= 0:
            return A_TRADE, g, r
        g, r = offer_towards(st, p, cost)
        if g >= 0:
            return A_OFFER, g, r
    return spend_down(st, p, w)


@jitted
def offer_towards(st, p, cost):
    """A domestic offer (trade.domestic) of one spare card for one the goal misses,
    or (-1, -1)."""
    if not can_offer(st, p):
        return -1, -1
    give_r, best, ties = -1, -1.0, 0
    for r in range(st.hand.shape[1]):
        spare = st.hand[p, r] - cost[r]
        if spare >= 1:
            take, best, ties = tie_break(float(spare), best, ties)
            if take:
                give_r = r
    get_r, best, ties = -1, -1.0, 0
    for r in range(st.hand.shape[1]):
        if give_r >= 0 and cost[r] > st.hand[p, r] and is_legal(st, p, A_OFFER, give_r, r):
            take, best, ties = tie_break(float(cost[r] - st.hand[p, r]), best, ties)
            if take:
                get_r = r
    return (give_r, get_r) if get_r >= 0 else (-1, -1)


@jitted
def accept_offer(st, q, p, give_r, get_r, w):
    """Take a card the own goal misses for one it can spare, unless the offerer is
    far ahead (3+ visible VP more) or close to winning."""
    if public_vp(st, p) >= public_vp(st, q) + 3 or public_vp(st, p) >= st.params[P_VICTORY_POINTS] - 2:
        return False
    goal, where, cost = planned_goal(st, q, w)
    return cost[give_r] > st.hand[q, give_r] and st.hand[q, get_r] > cost[get_r]


@jitted
def can_spend(st, p):
    """Whether any purchase or bank trade is possible with this hand at all
    (if not, there is nothing to plan this turn)."""
    for r in range(st.hand.shape[1]):
        if st.trade_rate[p, r] > 0 and st.hand[p, r] >= st.trade_rate[p, r]:
            return True
    return can_road(st, p) or can_buy_dev(st, p) or can_city(st, p) or can_settlement(st, p)


@jitted
def spend_down(st, p, w):
    """Rather than end the turn above the 7-card limit, buy whatever is affordable."""
    if st.hand[p].sum() <= HAND_LIMIT:
        return A_END, 0, 0
    if can_city(st, p):
        v, c = best_city_spot(st, p, w)
        if c >= 0:
            return A_CITY, c, 0
    if can_settlement(st, p):
        v, c = best_settlement_spot(st, p, w)
        if c >= 0:
            return A_SETTLEMENT, c, 0
    if can_buy_dev(st, p):
        return A_BUY_DEV, 0, 0
    if can_road(st, p):
        v, e = best_road(st, p, w)
        if e >= 0 and v > 0.0:
            return A_ROAD, e, 0
    return A_END, 0, 0


# --- other choice points ----------------------------------------------------

@jitted
def setup_settlement(st, p, w):
    update_spot_values(st, p, w)
    best, where = -1.0, -1
    ties = 0
    for c in range(N_CORNERS):
        if spot_is_free(st, c):
            take, best, ties = tie_break(st.spot_val[p, c], best, ties)
            if take:
                where = c
    return where


@jitted
def setup_road(st, p, c, w):
    update_spot_values(st, p, w)
    best, where = -1.0, -1
    ties = 0
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and st.edge_owner[e] < 0:
            take, best, ties = tie_break(road_target_value(st, p, e), best, ties)
            if take:
                where = e
    return where


@jitted
def discard(st, p, w):
    """Throw away what the current goal needs least."""
    goal, where, cost = planned_goal(st, p, w)
    best, pick = -1e9, -1
    ties = 0
    for r in range(st.hand.shape[1]):
        if st.hand[p, r] > 0:
            take, best, ties = tie_break(st.hand[p, r] - cost[r], best, ties)
            if take:
                pick = r
    return pick


@jitted
def robber(st, p, w):
    """Block the hex that hurts opponents most, weighted towards the leader; never
    one of our own; rob the leader there."""
    best, target = -1e9, -1
    ties = 0
    robber_weights(st, w)
    for h in range(N_HEXES):
        if h == st.robber:
            continue
        take, best, ties = tie_break(robber_hex_value(st, p, h), best, ties)
        if take:
            target = h
    return target, robber_victim(st, p, target)


@jitted
def robber_weights(st, w):
    """st.player_val: the worth of hurting each player, the leader first."""
    for q in range(st.players):
        st.player_val[q] = 1.0 + w[W_ROBBER_LEADER] * public_vp(st, q)


@jitted
def robber_hex_value(st, p, h):
    """The others' production the robber blocks on h, weighted by st.player_val (robber_weights);
    our own buildings there count heavily against it."""
    v = 0.0
    for k in range(6):
        c = HEX_CORNERS[h, k]
        o = st.corner_owner[c]
        if o == p:
            v -= 100.0 * st.corner_level[c]
        elif o >= 0:
            v += st.corner_level[c] * PIPS[st.hex_number[h]] * st.player_val[o]
    return v


@jitted
def robber_victim(st, p, h):
    """The player to rob on h: the most VP in sight (then the bigger hand), -1 = nobody."""
    victim, best = -1, -1.0
    ties = 0
    for k in range(6):
        o = st.corner_owner[HEX_CORNERS[h, k]]
        if o >= 0 and o != p and st.hand[o].sum() > 0:
            take, best, ties = tie_break(public_vp(st, o) + 0.01 * st.hand[o].sum(), best, ties)
            if take:
                victim = o
    return victim


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
    need = st.choice   # scratch: cards of each resource the goal still misses
    for r in range(N_RESOURCES):
        need[r] = max(0, cost[r] - st.hand[p, r])
    first = plenty_pick(st, need)
    if need[first] > 0:
        need[first] -= 1
    return first, plenty_pick(st, need)


@jitted
def plenty_pick(st, need):
    """The resource the bank has that is needed most (then the one it has most of)."""
    best, pick = -1e9, 0
    ties = 0
    for r in range(N_RESOURCES):
        if st.bank[r] > 0:
            take, best, ties = tie_break(need[r] * 100.0 + st.bank[r], best, ties)
            if take:
                pick = r
    return pick


@jitted
def monopoly(st, p):
    """The resource the others hold most of."""
    best, pick = -1.0, 0
    ties = 0
    for r in range(N_RESOURCES):
        held = 0
        for q in range(st.players):
            if q != p:
                held += st.hand[q, r]
        take, best, ties = tie_break(held, best, ties)
        if take:
            pick = r
    return pick
