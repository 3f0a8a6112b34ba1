"""The builder's Autarkie decisions (docs/rules.md, Fleisch / Autarkie), tuned by the aut_* weights.

Every step (slave, Knecht, Geselle) is valued in VP: its share of the race for the
Autarkie card (aut_card: card_vp times the points it brings over the points still
needed to take the card; a holder values points as a lead to keep, a quarter as
much, less the larger the lead),
plus its expected extra income (aut_income: pips of the hex / 36 per roll over the
rolls left, about ROLLS_PER_VP per VP the leader still needs, at CARD_VP per card,
times the resource preference), minus its price (CARD_VP per card held, the maritime
rate's worth per card it would still have to trade for: meat is scarce).  A slave
counts half the income of the best free place (it is the first half of a Knecht).
The builder takes a step worth more than its price when paying does not delay its
building goal, or one worth STEP_BAR more whatever; with aut_trade it trades with
the bank towards a step worth buying (when only one card is missing).
"""
from policies.builder import missing, planned_goal, trade_towards
from policies.common import public_vp, tie_break
from policies.weights import W_RESOURCE0
from simcore.variants.autarkie import board as ab
from simcore.engine.actions import A_TRADE
from simcore.accel.jit import jitted
from simcore.engine.params import P_VICTORY_POINTS
from simcore.engine.kernel_variants import variant_code
from simcore.engine.state import PIPS
from simcore.engine.topology import N_CORNERS
from simcore.variants.ck import W_CK_COMMODITY
from simcore.variants.autarkie import (A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, AUTARKIE,
                                       P_AUT_CARD_VP, P_AUT_MAX, P_AUT_POINTS, P_AUT_THRESHOLD, STEP_GESELLE,
                                       STEP_KNECHT, STEP_SLAVE, W_AUT_CARD, W_AUT_GESELLE, W_AUT_INCOME,
                                       W_AUT_TRADE, W_AUT_TRADE_RATE)

ROLLS_PER_VP = 9.0    # rolls per VP the leader still needs (a game: ~90 player-turns for ~10 VP)
MIN_ROLLS, MAX_ROLLS = 8.0, 60.0
CARD_VP = 0.2         # a card is worth about a fifth of a VP (a settlement: 4 cards, 1 VP)
STEP_BAR = 0.5        # a step worth this much more than its price is taken even if it delays the goal


@jitted
def race_value(st, p, gain, w):
    """VP the `gain` autarky points are worth in the race for the card."""
    params = st.params
    if gain <= 0 or w[W_AUT_CARD] <= 0:
        return 0.0
    own = st.aut_points[p]
    gain = min(gain, params[P_AUT_MAX] - own)
    best_other = 0
    for q in range(st.players):
        if q != p:
            best_other = max(best_other, st.aut_points[q])
    if st.aut_holder == p:   # a lead to keep: worth less the larger it is
        return 0.25 * w[W_AUT_CARD] * params[P_AUT_CARD_VP] * gain / (1.0 + own - best_other)
    need = max(params[P_AUT_THRESHOLD], best_other + 1) - own
    if need > params[P_AUT_MAX] - own or need <= 0:
        return 0.0
    return w[W_AUT_CARD] * params[P_AUT_CARD_VP] * min(gain, need) / need


@jitted
def rolls_left(st):
    """About how many rolls the game still has: ROLLS_PER_VP per VP the leader lacks."""
    lead = 0
    for q in range(st.players):
        lead = max(lead, public_vp(st, q))
    return min(MAX_ROLLS, max(MIN_ROLLS, ROLLS_PER_VP * (st.params[P_VICTORY_POINTS] - lead)))


@jitted
def income_value(st, g, w, rolls):
    """VP of a Knecht's extra income at place g over `rolls` rolls."""
    h = ab.place_hex(g)
    return w[W_AUT_INCOME] * w[W_RESOURCE0 + st.hex_resource[h]] * CARD_VP * rolls * PIPS[st.hex_number[h]] / 36.0


@jitted
def pip_value(st, h, w, rolls):
    """VP of one card per roll of hex h over `rolls` rolls, before any preference."""
    return w[W_AUT_INCOME] * CARD_VP * rolls * PIPS[st.hex_number[h]] / 36.0


@jitted
def geselle_bonus(st, g, w, rolls):
    """aut_geselle: what the Geselle's card (meat, or on C&K paper, cloth or coin) is worth beyond
    the card it replaces, per pip of its hex; 0 where it yields nothing (docs/rules.md, Fleisch / Autarkie)."""
    h = ab.place_hex(g)
    if w[W_AUT_GESELLE] <= 0 or ab.geselle_kind(st, h) < 0:
        return 0.0
    return w[W_AUT_GESELLE] * pip_value(st, h, w, rolls)


@jitted
def geselle_income_change(st, g, w, rolls):
    """The Geselle yields its commodity instead of the Knecht's resource: meat for grain on
    fields (even), nothing for the resource on other hexes of the base substrate; on C&K
    paper, cloth or coin valued as a C&K builder values a commodity pip (ck_commodity)
    against the resource's preference; plus the aut_geselle bonus."""
    kind = ab.geselle_kind(st, ab.place_hex(g))
    if kind < 0:
        return -income_value(st, g, w, rolls)
    bonus = geselle_bonus(st, g, w, rolls)
    if kind == st.aut_meat:
        return bonus
    h = ab.place_hex(g)
    return w[W_AUT_INCOME] * (w[W_CK_COMMODITY] - w[W_RESOURCE0 + st.hex_resource[h]]) * CARD_VP * rolls * \
        PIPS[st.hex_number[h]] / 36.0 + bonus


@jitted
def geselle_site(st, g):
    """Place g is at a city that is not damaged, where a Geselle would count as one (docs/rules.md, Fleisch / Autarkie)."""
    c = ab.place_corner(g)
    return st.corner_level[c] == 2 and not ab.city_damaged(st, c)


@jitted
def knecht_value(st, p, g, w, rolls):
    """A Knecht's income at g, and while p has no Geselle, half the Geselle's bonus where one could
    stand (a city): the Geselle is made from a Knecht in place."""
    v = income_value(st, g, w, rolls)
    if st.aut_geselle[p] == 0 and geselle_site(st, g):
        v += 0.5 * geselle_bonus(st, g, w, rolls)
    return v


@jitted
def best_place(st, p, w, rolls, geselle):
    """(value, place) of p's best place for a new Knecht (geselle False: a free place, knecht_value)
    or for its Geselle (True: a Knecht at an undamaged city, geselle_income_change), (0, -1) if none."""
    if geselle and st.aut_geselle[p] > 0:
        return 0.0, -1
    best, where, ties = -1e9, -1, 0
    for c in range(N_CORNERS):
        if st.corner_owner[c] != p:
            continue
        for g in range(3 * c, 3 * c + 3):
            if geselle:
                if not (geselle_site(st, g) and ab.geselle_place_ok(st, p, g)):
                    continue
                v = geselle_income_change(st, g, w, rolls)
            else:
                if not ab.knecht_place_ok(st, p, g):
                    continue
                v = knecht_value(st, p, g, w, rolls)
            take, best, ties = tie_break(v, best, ties)
            if take:
                where = g
    return (best, where) if where >= 0 else (0.0, -1)


@jitted
def step_price(st, p, step):
    """CARD_VP per card of the price p holds, its maritime rate's worth per card it lacks."""
    n = 0.0
    for k in range(st.hand.shape[1]):
        need = st.aut_costs[step, k]
        held = min(need, st.hand[p, k])
        n += held + (need - held) * max(st.trade_rate[p, k], 1)
    return CARD_VP * n


@jitted
def best_step(st, p, w):
    """(net VP, action, place, step) of p's best step the chips and the board allow now
    (whatever the hand), (-1e9, -1, -1, -1) if none."""
    params = st.params
    pts = P_AUT_POINTS
    best, action, where, step = -1e9, -1, -1, -1
    rolls = rolls_left(st)
    v, g = best_place(st, p, w, rolls, False)
    if st.aut_slaves[p] > 0 and g >= 0:
        s = race_value(st, p, params[pts + 1] - params[pts], w) + v - step_price(st, p, STEP_KNECHT)
        if s > best:
            best, action, where, step = s, A_AUT_KNECHT, g, STEP_KNECHT
    if ab.chips_left(st, params, p) > 0:
        s = race_value(st, p, params[pts], w) + 0.5 * v - step_price(st, p, STEP_SLAVE)
        if s > best:
            best, action, where, step = s, A_AUT_SLAVE, 0, STEP_SLAVE
    v, g = best_place(st, p, w, rolls, True)
    if g >= 0:
        s = race_value(st, p, params[pts + 2] - params[pts + 1], w) + v - step_price(st, p, STEP_GESELLE)
        if s > best:
            best, action, where, step = s, A_AUT_GESELLE, g, STEP_GESELLE
    return best, action, where, step


@jitted
def delays_goal(st, p, step, w):
    """Whether paying the step leaves the builder's goal more cards short."""
    goal, where, cost = planned_goal(st, p, w)
    before = missing(st, p, cost)
    for k in range(st.hand.shape[1]):
        st.hand[p, k] -= st.aut_costs[step, k]
    after = missing(st, p, cost)
    for k in range(st.hand.shape[1]):
        st.hand[p, k] += st.aut_costs[step, k]
    return after > before


@jitted
def can_pay_any(st, p):
    for step in range(3):
        if ab.can_pay_step(st, p, step):
            return True
    return False


@variant_code(AUTARKIE, (-1, -1, -1))
def action(st, p, w):
    """(action, x, y) of a step or a trade towards one worth taking now, else (-1, -1, -1)."""
    if w[W_AUT_TRADE] <= 0 and not can_pay_any(st, p):   # the common case: nothing to weigh
        return -1, -1, -1
    value, a, g, step = best_step(st, p, w)
    if a < 0 or value <= 0.0:
        return -1, -1, -1
    if ab.can_pay_step(st, p, step):
        if value >= STEP_BAR or not delays_goal(st, p, step, w):
            return a, g, 0
        return -1, -1, -1
    if w[W_AUT_TRADE] > 0 and missing(st, p, st.aut_costs[step]) == 1:
        give_r, get_r = trade_towards(st, p, st.aut_costs[step])
        if give_r >= 0 and st.trade_rate[p, give_r] <= w[W_AUT_TRADE_RATE]:
            return A_TRADE, give_r, get_r
    return -1, -1, -1

