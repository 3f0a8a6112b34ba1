"""The `strong` kind: the builder, with its main-phase action chosen by a one-ply look-ahead.

At a main-phase decision the strong seat lists the builder's own action first, then the legal
options the builder ranks next (policies.rollout.action_candidates) and ending the turn, and
answers A_LOOKAHEAD: the engine plays each option on the state, asks `value` what the position
is then worth to the player, restores the state and plays the best (simcore.engine.lookahead).
Every other choice (setup, robber, discards, answers to offers, the variants' questions) is the
builder's, with the seat's weights: a strong preset is a builder preset plus value weights.  (A
variant may look further at some of them: its strong_setup hook, policies.decide.setup_settlement;
Robin Hood's Sheriff at where Robin goes, policies.variants.robin_hood.outlook.)

`value` is a weighted sum of features of the position as the player sees it (policies.weights:
VALUE_FEATURES, each oriented so that more is better): its own hand, cards and VP, and only what
is public of the others (their buildings, roads, knights played, awards; never their hands'
development cards).  A position in which the player has won is worth WIN.
"""
from simcore.accel.jit import jitted

from policies import builder, rollout
from policies.common import public_vp
from policies.dispatch import strong_candidates, strong_value
from policies.weights import (V_ARMY, V_CITY_READY, V_DEV_READY, V_DEVCARDS, V_DIVERSITY, V_HAND, V_HARBOUR,
                              V_BASE, V_LEAD, V_LUMBER, V_NEAR, V_RIVALS, V_ROAD, V_ROBBED, V_SAFE, V_SETTLEMENT_READY,
                              V_SPOT, V_STYLE, V_VP)
from simcore.engine.actions import A_LOOKAHEAD
from simcore.engine.devcards import deck_left
from simcore.engine.hooks import victory_points as variant_vp
from simcore.engine.params import P_VICTORY_POINTS
from simcore.engine.pieces import can_build_settlement_at
from simcore.engine.records import S_SETTLEMENTS
from simcore.engine.state import (DEV_VP, GENERIC_HARBOUR, ITEM_CITY, ITEM_DEVCARD, ITEM_SETTLEMENT, N_DEV_TYPES,
                                  N_RESOURCES, PIECE_CITY, PIECE_SETTLEMENT, PIPS, hand_size, row_sum,
                                  victory_points)
from simcore.engine.topology import CORNER_EDGES, CORNER_NEIGHBOURS, HEX_CORNERS, N_CORNERS

CANDIDATES = 10        # options listed besides ending the turn (the builder's own first)
HAND_LIMIT = 7
WIN = 1e6
UNKNOWN_DEV_VP = 0.2   # an unknown development card is a VP card with the deck's odds (5 of 25)


@jitted
def action(st, p, a0, x0, y0, w):
    """The strong seat's main-phase answer, given the builder's (a0, x0, y0): A_LOOKAHEAD with the
    options listed in st.cand_*, or the builder's answer when there is nothing to choose."""
    n = rollout.action_candidates(st, p, a0, x0, y0, CANDIDATES + 1)
    n = strong_candidates(st, p, n)   # a variant's own options (the Sheriff's fence roads)
    if w[V_STYLE] > 0:
        n = same_action(st, n, a0)
    if n <= 1:
        return a0, x0, y0
    return A_LOOKAHEAD, n, 0


@jitted
def same_action(st, n, a0):
    """Restricted play (a seat's style): of the n options in st.cand_*, only those of the builder's own
    action a0 (which corner, which trade, which card; ending the turn only when the builder ends it),
    moved to the front; their number."""
    m = 0
    for k in range(n):
        if st.cand_a[k] == a0:
            st.cand_a[m], st.cand_x[m], st.cand_y[m] = st.cand_a[k], st.cand_x[k], st.cand_y[k]
            m += 1
    return m


@jitted
def value(st, p, w, first):
    """What the position is worth to p (see the module's docstring); st as p may see it; `first`: the
    position after the builder's own choice (weight v_base)."""
    known = victory_points(st, p)
    if known >= st.params[P_VICTORY_POINTS] or st.winner == p:   # (a variant's own ending: Robin fenced in)
        return WIN
    vp = known + UNKNOWN_DEV_VP * st.unknown_dev
    v = w[V_VP] * vp
    rival_vp, rival_income, rival_road, rival_army = 0, 0, 0, 0
    for q in range(st.players):
        if q != p:
            rival_vp = max(rival_vp, public_vp(st, q) + variant_vp(st, q))
            rival_income = max(rival_income, row_sum(st.income, q))
            rival_road = max(rival_road, st.road_length[q])
            rival_army = max(rival_army, st.knights[q])
    v += w[V_LEAD] * (vp - rival_vp)
    v -= w[V_RIVALS] * rival_income / 10.0
    v += production(st, p, w)
    v += hand(st, p, w)
    v += w[V_SPOT] * best_spots(st, p, True) / 10.0 + w[V_NEAR] * best_spots(st, p, False) / 10.0
    v += w[V_ROAD] * min(max(st.road_length[p] - rival_road, -2), 2)
    v += w[V_ARMY] * min(max(st.knights[p] - rival_army, -2), 2)
    cards = st.unknown_dev
    for d in range(N_DEV_TYPES):
        if d != DEV_VP:
            cards += st.dev_hand[p, d] + st.dev_new[p, d]
    v += w[V_DEVCARDS] * cards + harbours(st, p, w)
    if first:
        v += w[V_BASE]
    return strong_value(st, p, w, v)   # the variants' own features


@jitted
def production(st, p, w):
    """The value of p's production: per resource, its kinds, and what the robber blocks."""
    v = 0.0
    kinds = 0
    for r in range(N_RESOURCES):
        v += w[V_LUMBER + r] * st.income[p, r] / 10.0
        if st.income[p, r] > 0:
            kinds += 1
    blocked = 0
    h = st.robber
    for k in range(6):
        c = HEX_CORNERS[h, k]
        if st.corner_owner[c] == p:
            blocked += st.corner_level[c] * PIPS[st.hex_number[h]]
    return v + w[V_DIVERSITY] * kinds - w[V_ROBBED] * blocked / 10.0


@jitted
def hand(st, p, w):
    """The value of p's hand: its cards (those above the limit count against it) and how near it
    is to a city, a settlement and a development card."""
    n = hand_size(st, p)
    v = w[V_HAND] * min(n, HAND_LIMIT) - w[V_SAFE] * max(n - HAND_LIMIT, 0)
    if st.pieces[p, PIECE_CITY] > 0 and st.stats[p, S_SETTLEMENTS] > 0:
        v += w[V_CITY_READY] / (1.0 + builder.missing(st, p, st.costs[ITEM_CITY]))
    if st.pieces[p, PIECE_SETTLEMENT] > 0 and has_spot(st, p):
        v += w[V_SETTLEMENT_READY] / (1.0 + builder.missing(st, p, st.costs[ITEM_SETTLEMENT]))
    if deck_left(st) > 0:
        v += w[V_DEV_READY] / (1.0 + builder.missing(st, p, st.costs[ITEM_DEVCARD]))
    return v


@jitted
def has_spot(st, p):
    for c in range(N_CORNERS):
        if can_build_settlement_at(st, p, c):
            return True
    return False


@jitted
def spot_pips(st, c):
    n = 0
    for r in range(N_RESOURCES):
        n += st.corner_pips[c, r]
    return n


@jitted
def best_spots(st, p, reached):
    """Pips of the best two free spots p's roads reach (`reached`), or of those one road further."""
    first, second = 0, 0
    for c in range(N_CORNERS):
        if st.corner_free[c] != 1 or st.corner_owner[c] >= 0:
            continue
        ok = can_build_settlement_at(st, p, c)
        if not reached:
            ok = not ok and one_road_away(st, p, c)
        if ok:
            n = spot_pips(st, c)
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
    return first + second


@jitted
def one_road_away(st, p, c):
    """Could one more road of p's end at corner c (an empty edge from a corner p's network extends from)?"""
    for k in range(3):
        e = CORNER_EDGES[c, k]
        y = CORNER_NEIGHBOURS[c, k]
        if e >= 0 and st.edge_owner[e] < 0 and builder.extends_network(st, p, y):
            return True
    return False


@jitted
def harbours(st, p, w):
    """2:1 harbours of a resource p produces, and 3:1 harbours at half, that p's buildings stand on."""
    n = 0.0
    for c in range(N_CORNERS):
        h = st.corner_harbour[c]
        if h >= 0 and st.corner_owner[c] == p:
            if h == GENERIC_HARBOUR:
                n += 0.5
            elif st.income[p, h] > 0:
                n += 1.0
    return w[V_HARBOUR] * n
