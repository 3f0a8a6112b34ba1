"""Cities & Knights (docs/rules.md, Cities & Knights): what the board allows, asked by the rules (simcore.variants.ck.rules and
its modules) and the bots (policies/variants/ck/, policies/variants/autarkie/) alike.  No state changes here except the
reach scratch."""
from simcore.engine.economy import kind_rate
from simcore.accel.jit import jitted
from simcore.engine.kinds import kind_of
from simcore.engine.records import S_CITIES
from simcore.engine.state import DESERT, GENERIC_HARBOUR, N_RESOURCES, row_sum
from simcore.engine.topology import CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS, EDGE_CORNERS, N_CORNERS
from simcore.variants.ck import (ABILITY_LEVEL, FIFTH_REFUSE, HAND_LIMIT, KNIGHT_LEVELS, KNIGHTS_PER_LEVEL, LEVEL5_BLOCKED,
                                 MAX_LEVEL, METRO_CITY_ALWAYS, METRO_LEVEL, N_PROGRESS, N_TRACKS, P_CK_FIFTH_CARD,
                                 P_CK_LEVEL5, P_CK_MAX_WALLS, P_CK_METRO_CITY, P_CK_METRO_STRENGTH, P_CK_ON,
                                 P_CK_REPAIR, P_CK_WALL_COST, PROGRESS_COLOUR, PROGRESS_HAND, WALL_HAND)

LUMBER, BRICK, WOOL, GRAIN, ORE = range(N_RESOURCES)
SCIENCE, TRADE, POLITICS = range(N_TRACKS)


@jitted
def enabled(params):
    return params[P_CK_ON] != 0


paper = kind_of("paper")   # its hand column: C&K's commodities sit side by side as declared (COMMODITY_NAMES)


@jitted
def commodity(st, t):
    """The hand column of the commodity of track t (paper, cloth, coin); t = N_TRACKS: one past coin."""
    return paper(st) + t


@jitted
def trade_commodity(st, k):
    """Card kind k trades as a commodity (docs/rules.md, Cities & Knights: the trading house, the Trade Monopoly, the
    Commercial Harbor): paper, cloth, coin, and the kind a variant on this substrate adds
    (st.ck_trade_extra: Autarkie's meat, docs/rules.md, Fleisch / Autarkie: "Meat is a commodity")."""
    return (commodity(st, 0) <= k < commodity(st, N_TRACKS)) or (k >= N_RESOURCES and k == st.ck_trade_extra)


@jitted
def trade_commodities_held(st, q):
    """Cards q holds that trade as commodities (trade_commodity)."""
    n = 0
    for k in range(N_RESOURCES, st.hand.shape[1]):
        if trade_commodity(st, k):
            n += st.hand[q, k]
    return n


@jitted
def commodity_of(st, resource):
    """The commodity a city on a hex of `resource` takes instead of its second card
    (forest paper, pasture cloth, mountains coin), -1 = none (docs/rules.md, Cities & Knights: production)."""
    if resource == LUMBER:
        return commodity(st, 0)
    if resource == WOOL:
        return commodity(st, 1)
    if resource == ORE:
        return commodity(st, 2)
    return -1


# --- cities -------------------------------------------------------------------------

@jitted
def is_city(st, p, c):
    return st.corner_owner[c] == p and st.corner_level[c] == 2


@jitted
def is_metropolis(st, c):
    for t in range(N_TRACKS):
        if st.ck_metro_corner[t] == c:
            return True
    return False


@jitted
def free_city(st, p):
    """A city of p without a metropolis (the first by corner), -1 = none."""
    for c in range(N_CORNERS):
        if is_city(st, p, c) and not is_metropolis(st, c):
            return c
    return -1


@jitted
def has_free_city(st, p):
    """free_city(st, p) >= 0 without the scan: each metropolis stands on its own city of
    its holder, so p has a city without one iff it has more cities than metropolises."""
    return st.stats[p, S_CITIES] > metropolises(st, p)


@jitted
def metropolises(st, p):
    n = 0
    for t in range(N_TRACKS):
        if st.ck_metro[t] == p:
            n += 1
    return n


@jitted
def has_damaged_city(st, p):
    return st.ck_damaged_n[p] > 0


@jitted
def hand_limit(st, p):
    """docs/rules.md, Cities & Knights: 7 cards + 2 per city wall."""
    return HAND_LIMIT + WALL_HAND * st.ck_walls[p]


@jitted
def improve_cost(st, p, t):
    """Commodities of track t the next level costs (level n costs n)."""
    return st.ck_level[p, t] + 1


@jitted
def can_improve(st, p, t):
    """Next level of track t: a city, its commodities; level 4 takes a free metropolis
    (needs a city without one); level 5 takes it from a holder still at 4 (docs/rules.md, Cities & Knights).
    Level 5 after a holder at 5: ck.level_5_after_holder; levels 4-5 without a city free
    for a metropolis: ck.metropolis_city (docs/ck-readings.md)."""
    return improve_ok(st, p, t, 0)


@jitted
def improve_ok(st, p, t, discount):
    """can_improve with the level `discount` commodities cheaper (the Crane)."""
    if t < 0 or t >= N_TRACKS or st.stats[p, S_CITIES] == 0:
        return False
    new = st.ck_level[p, t] + 1
    if new > MAX_LEVEL or st.hand[p, commodity(st, t)] < new - discount:
        return False
    holder = st.ck_metro[t]
    if (new >= METRO_LEVEL and holder != p and st.params[P_CK_METRO_CITY] == METRO_CITY_ALWAYS
            and not has_free_city(st, p)):
        return False      # ck.metropolis_city = "always": no level 4-5 without a city free for a metropolis
    if takes_metropolis(st, p, t, new):
        return has_free_city(st, p)
    if new == MAX_LEVEL and holder != p:   # the holder is at 5 too (ck.level_5_after_holder)
        return st.params[P_CK_LEVEL5] != LEVEL5_BLOCKED
    return True


@jitted
def takes_metropolis(st, p, t, new):
    """Does reaching level `new` of track t take its metropolis?  The first at 4 takes it; the
    first at 5 takes it from a holder still at 4 (a holder at 5 keeps it, docs/ck-readings.md)."""
    holder = st.ck_metro[t]
    if new == METRO_LEVEL:
        return holder < 0
    return new == MAX_LEVEL and holder != p and (holder < 0 or st.ck_level[holder, t] < MAX_LEVEL)


@jitted
def cost_row_afford(st, p, slot):
    """Whether p holds the resource cost packed at params[slot..slot + 4]."""
    for r in range(N_RESOURCES):
        if st.hand[p, r] < st.params[slot + r]:
            return False
    return True


@jitted
def can_wall(st, p, c):
    return (0 <= c < N_CORNERS and is_city(st, p, c) and st.ck_wall[c] == 0
            and st.ck_walls[p] < st.params[P_CK_MAX_WALLS] and cost_row_afford(st, p, P_CK_WALL_COST))


@jitted
def can_repair(st, p, c):
    return (0 <= c < N_CORNERS and st.corner_owner[c] == p and st.ck_damaged[c] != 0
            and cost_row_afford(st, p, P_CK_REPAIR))


@jitted
def barbarian_strength(st):
    """Cities on the board (a metropolis is a city; a damaged city counts, docs/rules.md, Fleisch / Autarkie); a
    metropolis counts ck.metropolis_strength times (docs/ck-readings.md)."""
    n = 0
    for q in range(st.players):
        n += st.stats[q, S_CITIES]
    for t in range(N_TRACKS):
        if st.ck_metro[t] >= 0:
            n += st.params[P_CK_METRO_STRENGTH] - 1
    return n


# --- knights --------------------------------------------------------------------------

@jitted
def strength(st, p):
    """Sum of p's active knights' levels (kept in st.ck_power by simcore.variants.ck.knights)."""
    return st.ck_power[p]


@jitted
def all_active(st, p):
    """Every knight of p is active (its kept strength is that of all its knights)."""
    full = 0
    for lv in range(KNIGHT_LEVELS):
        full += (lv + 1) * st.ck_knights[p, lv]
    return st.ck_power[p] == full


@jitted
def knight_cost_ok(st, p):
    """wool + ore (build and promote)."""
    return st.hand[p, WOOL] >= 1 and st.hand[p, ORE] >= 1


@jitted
def is_empty(st, c):
    """No building and no knight."""
    return st.corner_owner[c] < 0 and st.corner_guard[c] < 0


@jitted
def can_build_knight(st, p, c):
    return (0 <= c < N_CORNERS and is_empty(st, c) and st.road_touch[p, c] > 0
            and st.ck_knights[p, 0] < KNIGHTS_PER_LEVEL and knight_cost_ok(st, p))


@jitted
def own_knight(st, p, c):
    return 0 <= c < N_CORNERS and st.corner_guard[c] == p and st.ck_knight[c] > 0


@jitted
def can_activate(st, p, c):
    return own_knight(st, p, c) and st.ck_knight_active[c] == 0 and st.hand[p, GRAIN] >= 1


@jitted
def can_promote(st, p, c):
    """One level up, at most twice per level; mighty needs the fortress (politics 3);
    once per turn."""
    return promote_ok(st, p, c) and knight_cost_ok(st, p)


@jitted
def may_promote(st, p):
    """Some knight of p is of a level promote_ok allows (without the scan; the corner and
    this turn's promotions are promote_ok's): a basic one while strong ones are under
    their limit, or a strong one while mighty ones are and p has the fortress."""
    k = st.ck_knights
    return ((k[p, 0] > 0 and k[p, 1] < KNIGHTS_PER_LEVEL)
            or (k[p, 1] > 0 and k[p, 2] < KNIGHTS_PER_LEVEL and st.ck_level[p, POLITICS] >= ABILITY_LEVEL))


@jitted
def promote_ok(st, p, c):
    """can_promote without the cost (the Smith)."""
    if not own_knight(st, p, c) or st.ck_promoted[c] == st.turn:
        return False
    level = st.ck_knight[c]
    if level >= 3 or st.ck_knights[p, level] >= KNIGHTS_PER_LEVEL:
        return False
    return level < 2 or st.ck_level[p, POLITICS] >= ABILITY_LEVEL


@jitted
def can_act(st, p, c):
    """An active knight of p that was not activated this turn."""
    return own_knight(st, p, c) and st.ck_knight_active[c] != 0 and st.ck_knight_since[c] != st.turn


@jitted
def reach(st, p, start):
    """Mark in st.ck_reach the corners p's roads lead to from `start` without passing a
    corner with another player's building or knight (docs/rules.md, Cities & Knights: knight moves)."""
    st.ck_reach[:] = 0
    st.ck_reach[start] = 1
    st.ck_queue[0] = start
    head, tail = 0, 1
    while head < tail:
        c = st.ck_queue[head]
        head += 1
        if c != start and not passable(st, p, c):
            continue
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e < 0 or st.edge_owner[e] != p:
                continue
            d = CORNER_NEIGHBOURS[c, k]
            if st.ck_reach[d] == 0:
                st.ck_reach[d] = 1
                st.ck_queue[tail] = d
                tail += 1


@jitted
def passable(st, p, c):
    o = st.corner_owner[c]
    g = st.corner_guard[c]
    return (o < 0 or o == p) and (g < 0 or g == p)


@jitted
def move_target_ok(st, p, c, d):
    """After reach(st, p, c): d is a free corner, or holds a weaker opposing knight."""
    if d == c or st.ck_reach[d] == 0 or st.corner_owner[d] >= 0:
        return False
    g = st.corner_guard[d]
    if g < 0:
        return True
    return g != p and st.ck_knight[d] < st.ck_knight[c]


@jitted
def can_move(st, p, c, d):
    if not can_act(st, p, c) or d < 0 or d >= N_CORNERS:
        return False
    reach(st, p, c)
    return move_target_ok(st, p, c, d)


@jitted
def robber_next_to(st, c):
    for k in range(3):
        if CORNER_HEXES[c, k] == st.robber and st.robber >= 0:
            return True
    return False


@jitted
def can_chase(st, p, c):
    """The robber is awake (after the first attack) and on a hex next to the knight."""
    return st.ck_attacks > 0 and can_act(st, p, c) and robber_next_to(st, c)


@jitted
def road_ok(st, p, e):
    """A road must join p's building, or p's road at a corner without another player's
    building or knight (a knight blocks roads like a settlement, docs/rules.md, Cities & Knights)."""
    if e < 0 or e >= EDGE_CORNERS.shape[0]:
        return False
    for j in range(2):
        c = EDGE_CORNERS[e, j]
        if st.corner_owner[c] == p:
            return True
        if passable(st, p, c) and st.road_touch[p, c] > 0:
            return True
    return False


# --- progress cards ---------------------------------------------------------------------

@jitted
def progress_in_hand(st, p):
    """Non-VP progress cards p holds (the VP ones are shown at once)."""
    return row_sum(st.ck_progress, p)


@jitted
def can_draw(st, p, colour):
    """A card to draw, and room for it: at the hand limit a 5th is drawn and one discarded
    (ck.fifth_progress_card = "discard", simcore.variants.ck.cards.draw) or none is drawn ("refuse")."""
    if st.ck_deck_n[colour] == 0:
        return False
    return progress_in_hand(st, p) < PROGRESS_HAND or st.params[P_CK_FIFTH_CARD] != FIFTH_REFUSE


@jitted
def can_play_progress(st, p, card):
    """p holds `card`.  Whether it may be played now (the turn, the card's own
    conditions) is simcore.variants.ck.progress_board.can_play, which the rules and bots ask."""
    return 0 <= card < N_PROGRESS and st.ck_progress[p, card] > 0


@jitted
def card_colour(card):
    return PROGRESS_COLOUR[card]


# --- trade rates ----------------------------------------------------------------------------

@jitted
def refresh_rates(st, p):
    """p's maritime rates from scratch: base rates, harbours at p's buildings, the trading
    house (commodities 2:1, trade level 3) and the merchant (its hex's resource 2:1)."""
    for k in range(st.trade_rate.shape[1]):
        st.trade_rate[p, k] = kind_rate(st, st.params, k)
    for c in range(N_CORNERS):
        if st.corner_owner[c] != p:
            continue
        h = st.corner_harbour[c]
        if h == GENERIC_HARBOUR:
            for k in range(st.trade_rate.shape[1]):
                if st.trade_rate[p, k] > 0:
                    st.trade_rate[p, k] = min(st.trade_rate[p, k], 3)
        elif h >= 0:
            st.trade_rate[p, h] = 2
    if st.ck_level[p, TRADE] >= ABILITY_LEVEL:
        for k in range(N_RESOURCES, st.trade_rate.shape[1]):
            if trade_commodity(st, k) and st.trade_rate[p, k] > 0:
                st.trade_rate[p, k] = 2
    if st.ck_merchant_owner == p and st.ck_merchant_hex >= 0:
        r = st.hex_resource[st.ck_merchant_hex]
        if r != DESERT:
            st.trade_rate[p, r] = 2
    if st.ck_fleet_owner == p and st.trade_rate[p, st.ck_fleet_kind] > 0:   # Merchant Fleet
        st.trade_rate[p, st.ck_fleet_kind] = 2
