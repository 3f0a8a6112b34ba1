"""Progress cards of Cities & Knights (docs/rules.md, Cities & Knights) for the bots: whether a greedy-family
bot plays a card now (`worth`, asked by policies.variants.ck.builder), its Alchemist before the
roll, and the answers to a card's choices (simcore.variants.ck.progress lists them) for the
builder (`pick`: the best-scoring allowed answer) and the random policy (`random_pick`:
any allowed answer).  Weights: ck_progress (play cards at all), ck_card_min (cards a
harvest, monopoly or Alchemist roll must bring)."""

from policies import builder
from simcore.variants.ck.progress_board import answers, corner_ok, first_ok, inventor_hex, open_road, pick_ok
from simcore.engine.pieces import has_building_on
from simcore.accel.jit import jitted
from simcore.variants.ck.board import all_active, trade_commodity
from simcore.engine.state import DESERT, N_RESOURCES, PIPS, randint, row_sum
from simcore.engine.state import victory_points as total_vp
from simcore.engine.topology import HEX_CORNERS, N_CORNERS, N_EDGES, N_HEXES
from simcore.variants.ck import (CARD_ALCHEMIST, CARD_BISHOP, CARD_COMMERCIAL_HARBOR, CARD_CRANE, CARD_DESERTER,
                                 CARD_DIPLOMAT, CARD_ENGINEER, CARD_INTRIGUE, CARD_INVENTOR, CARD_IRRIGATION, CARD_MASTER_MERCHANT,
                                 CARD_MEDICINE, CARD_MERCHANT, CARD_MERCHANT_FLEET, CARD_MINING,
                                 CARD_RESOURCE_MONOPOLY, CARD_ROAD_BUILDING, CARD_SABOTEUR, CARD_SMITH, CARD_SPY,
                                 CARD_TRADE_MONOPOLY, CARD_WARLORD, CARD_WEDDING, N_PROGRESS, P_CK_STEPS,
                                 W_CK_CARD_MIN, W_CK_TRACK0)

GRAIN, ORE = 3, 4


# --- the random policy ----------------------------------------------------------------------

@jitted
def random_pick(st, q, card, k):
    """Any allowed answer, uniformly (-1 if none)."""
    n = 0
    for x in range(answers(st, card, k)):
        if pick_ok(st, q, card, k, x):
            st.choice[n] = x
            n += 1
    return st.choice[randint(n)] if n > 0 else -1


@jitted
def random_discard(st, p):
    """A 5th progress card drawn: any held card, uniformly."""
    n = 0
    for card in range(N_PROGRESS):
        for _ in range(st.ck_progress[p, card]):
            st.choice[n] = card
            n += 1
    return st.choice[randint(n)] if n > 0 else -1


@jitted
def random_alchemist(st, p):
    return randint(2) == 1


# --- the builder ----------------------------------------------------------------------------

@jitted
def levels_at(st, q, h):
    """q's building levels around hex h (what its number pays q)."""
    return levels_around(st, q, h)[0]


@jitted
def levels_around(st, q, h):
    """(q's, the others') building levels around hex h, in one pass."""
    own, others = 0, 0
    for j in range(6):
        c = HEX_CORNERS[h, j]
        o = st.corner_owner[c]
        if o == q:
            own += st.corner_level[c]
        elif o >= 0:
            others += st.corner_level[c]
    return own, others


@jitted
def roll_value(st, p, s):
    """Cards a roll of s pays p, less half what it pays the others."""
    v = 0.0
    for i in range(2):
        h = st.number_hexes[s, i]
        if h >= 0 and h != st.robber:
            own, others = levels_around(st, p, h)
            v += own - 0.5 * others
    return v


@jitted
def alchemist_sum(st, p):
    return alchemist_best(st, p)[0]


@jitted
def alchemist_best(st, p):
    """(the sum of the number dice with the best roll_value, the first of equals; its value)."""
    best, where = -1e9, 2
    for s in range(2, 13):
        if s != 7:
            v = roll_value(st, p, s)
            if v > best:
                best, where = v, s
    return where, best


@jitted
def alchemist(st, p, w):
    """Play the Alchemist when the best sum pays at least ck_card_min."""
    return alchemist_best(st, p)[1] >= w[W_CK_CARD_MIN]


@jitted
def harvest_gain(st, p, r):
    n = 0
    for h in range(N_HEXES):
        if st.hex_resource[h] == r and has_building_on(st, p, h):
            n += 2
    return min(n, st.bank[r])


@jitted
def monopoly_gain(st, p, k, most):
    n = 0
    for q in range(st.players):
        if q != p:
            n += min(most, st.hand[q, k])
    return n


@jitted
def best_monopoly(st, p, card):
    """(kind, cards) of the best Resource or Trade Monopoly."""
    most = 2 if card == CARD_RESOURCE_MONOPOLY else 1
    lo = 0 if card == CARD_RESOURCE_MONOPOLY else N_RESOURCES
    hi = N_RESOURCES if card == CARD_RESOURCE_MONOPOLY else st.hand.shape[1]
    best, where = -1, lo
    for k in range(lo, hi):
        if k >= N_RESOURCES and not trade_commodity(st, k):   # a commodity for trade (meat too, docs/rules.md, Fleisch / Autarkie)
            continue
        g = monopoly_gain(st, p, k, most)
        if g > best:
            best, where = g, k
    return where, best


@jitted
def inventor_gain(st, p):
    """Own pips the Inventor's swap of the builder's two picks gains: its first hex a (best
    score k 0) and second b (best score k 1 but a), each the first of equals, as `pick`
    chooses them; in one pass over the hexes (b: the best, or the second best if that is a)."""
    a, best_a = -1, -1e18
    b1, best1, b2, best2 = -1, -1e18, -1, -1e18
    for x in range(N_HEXES):
        if not inventor_hex(st, x):
            continue
        n = PIPS[st.hex_number[x]]
        own, others = levels_around(st, p, x)
        v = 10.0 * own - n - others                  # score k 0
        if v > best_a:
            best_a, a = v, x
        v = 10.0 * n + others - 10.0 * own           # score k 1
        if v > best1:
            b2, best2 = b1, best1
            b1, best1 = x, v
        elif v > best2:
            b2, best2 = x, v
    b = b1 if b1 != a else b2
    if a < 0 or b < 0:
        return 0
    d = PIPS[st.hex_number[b]] - PIPS[st.hex_number[a]]
    return d * (levels_at(st, p, a) - levels_at(st, p, b))


@jitted
def worth(st, p, card, w):
    """Whether the builder plays `card` now (it may: can_play)."""
    need = w[W_CK_CARD_MIN]
    if card == CARD_IRRIGATION:
        return harvest_gain(st, p, GRAIN) >= need
    if card == CARD_MINING:
        return harvest_gain(st, p, ORE) >= need
    if card == CARD_RESOURCE_MONOPOLY or card == CARD_TRADE_MONOPOLY:
        k, g = best_monopoly(st, p, card)
        return g >= (need if card == CARD_RESOURCE_MONOPOLY else 0.5 * need)
    if card == CARD_MERCHANT_FLEET:
        for k in range(st.hand.shape[1]):
            if st.trade_rate[p, k] > 2 and st.hand[p, k] >= 4:
                return True
        return False
    if card == CARD_MERCHANT:
        return st.ck_merchant_owner != p
    if card == CARD_WARLORD:
        n = 0
        if not all_active(st, p):
            for c in range(N_CORNERS):
                if st.corner_guard[c] == p and st.ck_knight_active[c] == 0:
                    n += 1
        return n >= 2 or st.params[P_CK_STEPS] - st.ck_barbarians <= 2
    if card == CARD_INVENTOR:
        return inventor_gain(st, p) > 0
    return True


@jitted
def discard(st, p, w):
    """A 5th progress card drawn: the first held card it would not play now (worth), else the first held."""
    first = -1
    for card in range(N_PROGRESS):
        if st.ck_progress[p, card] > 0:
            if first < 0:
                first = card
            if not worth(st, p, card, w):
                return card
    return first


@jitted
def pick(st, q, card, k, w):
    """The builder's answer to choice k of `card`."""
    if card == CARD_ROAD_BUILDING or (card == CARD_DIPLOMAT and k == 1):
        e = builder.free_road(st, q, w)
        if pick_ok(st, q, card, k, e):
            return e
    return best_answer(st, q, card, k, w)


@jitted
def best_answer(st, q, card, k, w):
    """The allowed answer with the best score, the first of equals; -1 = none.  The cards
    played most choose in a loop of their own: the same tests and scores as pick_ok and
    score, without asking them per answer (a constant score: the first allowed answer)."""
    if card == CARD_MERCHANT:
        return merchant_hex(st, q)
    if card == CARD_BISHOP:
        return bishop_hex(st, q)
    if card == CARD_INVENTOR:
        return inventor_pick(st, q, k)
    if card == CARD_DIPLOMAT and k == 0:
        return diplomat_road(st, q)
    if card == CARD_DESERTER and k == 1:
        return deserter_knight(st, q)
    if card == CARD_SMITH or card == CARD_INTRIGUE or card == CARD_MEDICINE or card == CARD_SABOTEUR:
        return corner_best(st, q, card, w)
    if (card == CARD_ROAD_BUILDING or card == CARD_ENGINEER or card == CARD_DIPLOMAT
            or (card == CARD_DESERTER and k == 2) or (card == CARD_SPY and k == 1)):
        return first_ok(st, q, card, k)        # the same score for every answer (Diplomat k 1: free edges)
    best, where = -1e18, -1
    s = alchemist_sum(st, q) if card == CARD_ALCHEMIST else 0   # once, not per answer
    for x in range(answers(st, card, k)):
        if pick_ok(st, q, card, k, x):
            v = score(st, q, card, k, x, w, s)
            if v > best:
                best, where = v, x
    return where


@jitted
def corner_best(st, q, card, w):
    """best_answer of the cards whose one choice is a corner (Smith, Intrigue, Medicine, Saboteur)."""
    best, where = -1e18, -1
    for x in range(N_CORNERS):
        if corner_ok(st, q, card, x):
            v = score(st, q, card, 0, x, w, 0)
            if v > best:
                best, where = v, x
    return where


@jitted
def merchant_hex(st, q):
    """best_answer of the Merchant: a land hex at q's building, most own levels x pips."""
    best, where = -1e18, -1
    for x in range(N_HEXES):
        if st.hex_resource[x] == DESERT:
            continue
        own, building = 0, False
        for j in range(6):
            c = HEX_CORNERS[x, j]
            if st.corner_owner[c] == q:
                own += st.corner_level[c]
                building = True
        if building:
            v = own * PIPS[st.hex_number[x]]
            if v > best:
                best, where = v, x
    return where


@jitted
def bishop_hex(st, q):
    """best_answer of the Bishop: a hex but the robber's, by its opponents and their cards."""
    best, where = -1e18, -1
    for x in range(N_HEXES):
        if x == st.robber:
            continue
        mask = 0                                     # the players with a building at x
        for j in range(6):
            o = st.corner_owner[HEX_CORNERS[x, j]]
            if o >= 0:
                mask |= 1 << o
        n = 0.0
        for p in range(st.players):
            if p != q and (mask >> p) & 1:
                n += 1.0 + 0.1 * row_sum(st.hand, p)
        v = n - 10.0 * ((mask >> q) & 1 == 1)
        if v > best:
            best, where = v, x
    return where


@jitted
def inventor_pick(st, q, k):
    """best_answer of the Inventor's hex k (k 1: not the first, st.ck_pick)."""
    best, where = -1e18, -1
    for x in range(N_HEXES):
        if inventor_hex(st, x) and (k == 0 or x != st.ck_pick):
            n = PIPS[st.hex_number[x]]
            own, others = levels_around(st, q, x)
            v = 10.0 * own - n - others if k == 0 else 10.0 * n + others - 10.0 * own
            if v > best:
                best, where = v, x
    return where


@jitted
def diplomat_road(st, q):
    """best_answer of the Diplomat's road: an open road, the longest road's holder's first."""
    best, where = -1e18, -1
    for x in range(N_EDGES):
        if open_road(st, x):
            o = st.edge_owner[x]
            v = -1.0 if o == q else 1.0 + 5.0 * (o == st.road_holder)
            if v > best:
                best, where = v, x
    return where


@jitted
def deserter_knight(st, q):
    """best_answer of the deserter's owner q: its weakest knight, an inactive one first."""
    best, where = -1e18, -1
    for x in range(N_CORNERS):
        if st.corner_guard[x] == q and st.ck_knight[x] > 0:
            v = -2.0 * st.ck_knight[x] - st.ck_knight_active[x]
            if v > best:
                best, where = v, x
    return where


@jitted
def spare_resource(st, q):
    """q holds two or more of some resource (one to give a Commercial Harbor's opponent)."""
    for r in range(N_RESOURCES):
        if st.hand[q, r] >= 2:
            return True
    return False


@jitted
def score(st, q, card, k, x, w, s):
    """How much the builder q likes answer x (higher is better; ties: the first); s: the
    Alchemist's sum (alchemist_sum), for that card."""
    if card == CARD_ALCHEMIST:
        if k == 0:                                   # the red die low (gates), the sum reachable
            return 10.0 - x if 1 <= s - x <= 6 else -10.0
        return 1.0 if x == s - st.ck_fixed_red else 0.0
    if card == CARD_INVENTOR:
        n = PIPS[st.hex_number[x]]
        own, others = levels_around(st, q, x)
        if k == 0:                                   # own hex with a poor number
            return 10.0 * own - n - others
        return 10.0 * n + others - 10.0 * own
    if card == CARD_CRANE:
        return w[W_CK_TRACK0 + x]
    if card == CARD_MEDICINE:
        return st.corner_pips[x].sum()
    if card == CARD_SMITH or card == CARD_INTRIGUE:
        return st.ck_knight[x]
    if card == CARD_COMMERCIAL_HARBOR and k == 2:      # ck.commercial_harbor = "choose": trade with ck_pick
        return float(x) if spare_resource(st, q) else -float(x)   # while it has a resource to spare
    if card == CARD_COMMERCIAL_HARBOR or card == CARD_WEDDING or card == CARD_MERCHANT_FLEET:
        return st.hand[q, x]                         # give (or trade) what it holds most of
    if card == CARD_MASTER_MERCHANT or card == CARD_SPY:
        if k == 0:
            return st.hand[x].sum() + 10.0 * st.ck_progress[x].sum() * (card == CARD_SPY) + total_vp(st, x)
        if card == CARD_SPY:
            return 1.0
        return st.hand[st.ck_pick, x] - 0.5 * st.hand[q, x]
    if card == CARD_MERCHANT:
        return levels_at(st, q, x) * PIPS[st.hex_number[x]]
    if card == CARD_RESOURCE_MONOPOLY:
        return monopoly_gain(st, q, x, 2)
    if card == CARD_TRADE_MONOPOLY:
        return monopoly_gain(st, q, x, 1)
    if card == CARD_BISHOP:
        n = 0.0
        for p in range(st.players):
            if p != q and has_building_on(st, p, x):
                n += 1.0 + 0.1 * st.hand[p].sum()
        return n - 10.0 * has_building_on(st, q, x)
    if card == CARD_DESERTER:
        if k == 0:
            v = 0.0
            for c in range(N_CORNERS):
                if st.corner_guard[c] == x:
                    v = max(v, st.ck_knight[c] + 0.5 * st.ck_knight_active[c])
            return v
        if k == 1:                                   # the deserter's owner gives its weakest
            return -2.0 * st.ck_knight[x] - st.ck_knight_active[x]
        return 0.0
    if card == CARD_DIPLOMAT:
        o = st.edge_owner[x]
        return -1.0 if o == q else 1.0 + 5.0 * (o == st.road_holder)
    if card == CARD_SABOTEUR:
        return 10.0 * total_vp(st, st.corner_owner[x]) + st.corner_pips[x].sum()
    return 0.0
