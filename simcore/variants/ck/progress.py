"""Cities & Knights (docs/rules.md, Cities & Knights): the progress cards' effects (A_CK_PLAY_PROGRESS), one
function per card, dispatched by `play`; the Alchemist before the roll (`before_dice`, from
the roll hook).  When a card may be played and which answers its choices allow is
simcore.variants.ck.progress_board (the policies ask it too: they never import this module, which
uses simcore.engine.game); the choices are asked through policies.variants.ck.bots.ck_card_pick:

  card               choices (k: chooser, answer)
  alchemist          0: p, red die 1..6; 1: p, yellow die 1..6
  inventor           0, 1: p, two hexes with 3, 4, 5, 9, 10 or 11 (their tokens swap)
  crane              0: p, a track to improve one commodity cheaper
  engineer           0: p, a city without a wall (a free wall)
  irrigation/mining  -: 2 grain / 2 ore per fields / mountains hex at an own building
  medicine           0: p, a settlement that becomes a city for 2 ore + 1 grain
  road_building      0, 1: p, two free roads
  smith              0, 1: p, two knights promoted free
  commercial_harbor  per opponent with a commodity: ("choose") 2: p, 1 = trade with it (ck_pick), 0 = not;
                     0: p, a resource given; 1: the opponent, a commodity back
  master_merchant    0: p, a player with more VP; 1 (twice): p, a card kind taken from that player
  merchant           0: p, a land hex at an own building (the merchant piece)
  merchant_fleet     0: p, a card kind traded 2:1 with the bank this turn
  resource_monopoly  0: p, a resource: up to 2 from each opponent
  trade_monopoly     0: p, a commodity: 1 from each opponent
  bishop             0: p, a hex for the robber: 1 random card from each opponent there
  deserter           0: p, an opponent with a knight; 1: the opponent, its knight that leaves;
                     2: p, where an own knight as strong (a basic one if p has none of that
                     strength left; mighty without the fortress) comes free, active as the other was
  diplomat           0: p, an open road (removed); 1: p, where an own one goes again
  intrigue           0: p, an opposing knight at an own road (displaced)
  saboteur           0: p, an opponent's city (damaged; ck.saboteur = "damage"), or, with
                     "discard", every player with at least p's VP discards half their cards
  spy                0: p, an opponent with progress cards; 1: p, the card taken
  warlord            -: every own knight activated free
  wedding            per player with more VP, twice: that player, a card kind given to p"""
from simcore.engine.bots import ask, decide
from simcore.variants.ck import CK
from simcore.variants.ck.board import commodity, refresh_rates, trade_commodities_held
from simcore.variants.ck.cards import put_back
from simcore.variants.ck.cities import damage, improve, road_removed, roads_changed
from simcore.variants.ck.knights import displaced, put_knight, raise_knight, set_active, take_knight
from simcore.variants.ck.progress_board import alchemist_ok, first_ok, pick_ok
from simcore.engine.economy import give, steal
from simcore.engine.event_codes import E_BUILD_ROAD
from simcore.engine.events import log_event
from simcore.engine.apply import place_robber
from simcore.engine.game import discard_half
from simcore.accel.jit import jitted
from simcore.engine.pieces import has_building_on, place_city, place_road
from simcore.engine import records as R
from simcore.engine.state import N_RESOURCES, PIECE_ROAD, PIPS
from simcore.engine.state import victory_points as total_vp
from simcore.engine.topology import EDGE_CORNERS, HEX_CORNERS, N_CORNERS, N_HEXES
from simcore.variants.ck import (CARD_ALCHEMIST, CARD_BISHOP, CARD_COMMERCIAL_HARBOR, CARD_CRANE, CARD_DESERTER,
                                 CARD_DIPLOMAT, CARD_ENGINEER, CARD_INTRIGUE, CARD_INVENTOR, CARD_IRRIGATION,
                                 CARD_MASTER_MERCHANT, CARD_MEDICINE, CARD_MERCHANT, CARD_MERCHANT_FLEET, CARD_MINING,
                                 CARD_RESOURCE_MONOPOLY, CARD_ROAD_BUILDING, CARD_SABOTEUR, CARD_SMITH, CARD_SPY,
                                 CARD_TRADE_MONOPOLY, CARD_WARLORD, CARD_WEDDING, E_CK_CARD_GAIN, E_CK_CARD_TARGET,
                                 E_CK_INVENTOR, E_CK_MERCHANT, E_CK_PLAY_PROGRESS, E_CK_SABOTAGE, E_CK_WALL,
                                 HARBOR_ALL, KNIGHTS_PER_LEVEL, P_CK_HARBOR, P_CK_SABOTEUR, S_CK_GAIN_PROGRESS,
                                 S_CK_KNIGHTS_ACTIVATED, S_CK_KNIGHTS_DISPLACED, S_CK_PLAYED, S_CK_PROGRESS_PLAYED,
                                 S_CK_SPEND_IMPROVEMENTS, S_CK_SPEND_PROGRESS, S_CK_VP_MERCHANT, S_CK_WALLS,
                                 SABOTEUR_DAMAGE)
from simcore.variants.ck.progress_board import GRAIN, MEDICINE_GRAIN, MEDICINE_ORE, ORE

# its bots' choice points (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_card_pick = ask(CK, "ck_card_pick")
ck_alchemist = ask(CK, "ck_alchemist")


@jitted
def play(st, p, card):
    """Play `card` (legal: ck_progress_board.can_play): it goes under its deck, then its effect."""
    start(st, p, card)
    if card == CARD_INVENTOR:
        inventor(st, p)
    elif card == CARD_CRANE:
        crane(st, p)
    elif card == CARD_ENGINEER:
        engineer(st, p)
    elif card == CARD_IRRIGATION:
        harvest(st, p, card, GRAIN)
    elif card == CARD_MINING:
        harvest(st, p, card, ORE)
    elif card == CARD_MEDICINE:
        medicine(st, p)
    elif card == CARD_ROAD_BUILDING:
        road_building(st, p)
    elif card == CARD_SMITH:
        smith(st, p)
    elif card == CARD_COMMERCIAL_HARBOR:
        commercial_harbor(st, p)
    elif card == CARD_MASTER_MERCHANT:
        master_merchant(st, p)
    elif card == CARD_MERCHANT:
        merchant(st, p)
    elif card == CARD_MERCHANT_FLEET:
        merchant_fleet(st, p)
    elif card == CARD_RESOURCE_MONOPOLY:
        monopoly(st, p, card, 2)
    elif card == CARD_TRADE_MONOPOLY:
        monopoly(st, p, card, 1)
    elif card == CARD_BISHOP:
        bishop(st, p)
    elif card == CARD_DESERTER:
        deserter(st, p)
    elif card == CARD_DIPLOMAT:
        diplomat(st, p)
    elif card == CARD_INTRIGUE:
        intrigue(st, p)
    elif card == CARD_SABOTEUR:
        saboteur(st, p)
    elif card == CARD_SPY:
        spy(st, p)
    elif card == CARD_WARLORD:
        warlord(st, p)
    elif card == CARD_WEDDING:
        wedding(st, p)


@jitted
def start(st, p, card):
    put_back(st, p, card)
    st.stats[p, S_CK_PROGRESS_PLAYED] += 1
    st.stats[p, S_CK_PLAYED[card]] += 1
    log_event(st, E_CK_PLAY_PROGRESS, p, card, 0, 0, 0)


@jitted
def pick(st, q, card, k):
    """q's answer to choice k of `card`, checked (a refused one counts in st.illegal and the
    first allowed answer is taken); -1 when nothing is allowed."""
    first = first_ok(st, q, card, k)
    if first < 0:
        return -1
    x = ck_card_pick(st, q, card, k)
    if pick_ok(st, q, card, k, x):
        return x
    st.illegal += 1
    return first


@jitted
def target(st, p, card, a, b, q):
    log_event(st, E_CK_CARD_TARGET, p, card, a, b, q)


@jitted
def take(st, p, q, k, card):
    """One card of kind k from q to p by `card` (not in a look-ahead: st.looking, q's hand is q's secret)."""
    if st.looking:
        return
    st.hand[q, k] -= 1
    st.hand[p, k] += 1
    st.stats[q, S_CK_SPEND_PROGRESS] += 1
    st.stats[p, S_CK_GAIN_PROGRESS] += 1
    log_event(st, E_CK_CARD_GAIN, p, card, k, 1, q)


# --- science -------------------------------------------------------------------------

@jitted
def before_dice(st, p):
    """Start of p's roll: the last Merchant Fleet ends; p may play the Alchemist and
    choose both number dice (the event die is rolled as usual, docs/rules.md, Cities & Knights)."""
    if st.ck_fleet_owner >= 0:
        q = st.ck_fleet_owner
        st.ck_fleet_owner = -1
        st.ck_fleet_kind = -1
        refresh_rates(st, q)
    if alchemist_ok(st, p) and ck_alchemist(st, p):
        start(st, p, CARD_ALCHEMIST)
        st.ck_fixed_red = pick(st, p, CARD_ALCHEMIST, 0)
        st.ck_fixed_yellow = pick(st, p, CARD_ALCHEMIST, 1)
        target(st, p, CARD_ALCHEMIST, st.ck_fixed_red, st.ck_fixed_yellow, -1)


@jitted
def inventor(st, p):
    a = pick(st, p, CARD_INVENTOR, 0)
    st.ck_pick = a
    b = pick(st, p, CARD_INVENTOR, 1)
    na, nb = st.hex_number[a], st.hex_number[b]
    log_event(st, E_CK_INVENTOR, p, a, b, na, nb)
    if na == nb:
        return
    for h, old, new in ((a, na, nb), (b, nb, na)):
        r = st.hex_resource[h]
        d = PIPS[new] - PIPS[old]
        for j in range(6):
            c = HEX_CORNERS[h, j]
            st.corner_pips[c, r] += d
            o = st.corner_owner[c]
            if o >= 0:
                st.income[o, r] += d * st.corner_level[c]
        st.hex_number[h] = new
    for i in range(2):
        if st.number_hexes[na, i] == a:
            st.number_hexes[na, i] = b
        if st.number_hexes[nb, i] == b:
            st.number_hexes[nb, i] = a
    st.board_version += 1
    for q in range(st.players):          # the bots' production tables
        decide.new_game(st, q)


@jitted
def crane(st, p):
    """An improvement one commodity cheaper: the bank lends the commodity improve() pays back."""
    t = pick(st, p, CARD_CRANE, 0)
    k = commodity(st, t)
    st.hand[p, k] += 1
    st.bank[k] -= 1
    st.stats[p, S_CK_SPEND_IMPROVEMENTS] -= 1
    target(st, p, CARD_CRANE, t, 0, -1)
    improve(st, p, t)


@jitted
def engineer(st, p):
    c = pick(st, p, CARD_ENGINEER, 0)
    st.ck_wall[c] = 1
    st.ck_walls[p] += 1
    st.stats[p, S_CK_WALLS] += 1
    log_event(st, E_CK_WALL, p, c, 0, 0, 0)


@jitted
def harvest(st, p, card, r):
    """Irrigation, Mining: 2 of r per hex of r with an own building (as the bank has them)."""
    n = 0
    for h in range(N_HEXES):
        if st.hex_resource[h] == r and has_building_on(st, p, h):
            n += 2
    n = min(n, st.bank[r])
    if n > 0:
        give(st, p, r, n, S_CK_GAIN_PROGRESS)
    log_event(st, E_CK_CARD_GAIN, p, card, r, n, -1)


@jitted
def medicine(st, p):
    c = pick(st, p, CARD_MEDICINE, 0)
    for r, n in ((ORE, MEDICINE_ORE), (GRAIN, MEDICINE_GRAIN)):
        st.hand[p, r] -= n
        st.bank[r] += n
        st.stats[p, R.S_SPEND_CITIES] += n
    place_city(st, p, c)
    target(st, p, CARD_MEDICINE, c, 0, -1)


@jitted
def road_building(st, p):
    for k in range(2):
        e = pick(st, p, CARD_ROAD_BUILDING, k)
        if e < 0:
            break
        log_event(st, E_BUILD_ROAD, p, e, 1, 0, 0)
        place_road(st, p, e)


@jitted
def smith(st, p):
    for k in range(2):
        c = pick(st, p, CARD_SMITH, k)
        if c < 0:
            break
        raise_knight(st, p, c)


# --- trade -----------------------------------------------------------------------------

@jitted
def commercial_harbor(st, p):
    """Each opponent with a commodity (meat too, docs/rules.md, Fleisch / Autarkie) gets a resource of p's choice and
    gives a commodity of its own choice back (while p has resources); with
    ck.commercial_harbor = "choose" p chooses per opponent whether to trade (k 2)."""
    for i in range(1, st.players):
        q = (p + i) % st.players
        if st.hand[p, :N_RESOURCES].sum() == 0:
            break
        if trade_commodities_held(st, q) == 0:
            continue
        if st.params[P_CK_HARBOR] != HARBOR_ALL:
            st.ck_pick = q
            if pick(st, p, CARD_COMMERCIAL_HARBOR, 2) != 1:
                continue
        r = pick(st, p, CARD_COMMERCIAL_HARBOR, 0)
        k = pick(st, q, CARD_COMMERCIAL_HARBOR, 1)
        take(st, q, p, r, CARD_COMMERCIAL_HARBOR)
        take(st, p, q, k, CARD_COMMERCIAL_HARBOR)


@jitted
def master_merchant(st, p):
    q = pick(st, p, CARD_MASTER_MERCHANT, 0)
    st.ck_pick = q
    for _ in range(2):
        k = pick(st, p, CARD_MASTER_MERCHANT, 1)
        if k < 0:
            break
        take(st, p, q, k, CARD_MASTER_MERCHANT)


@jitted
def merchant(st, p):
    """The merchant piece to a hex next to p's building: 2:1 for its resource, 1 VP."""
    h = pick(st, p, CARD_MERCHANT, 0)
    old = st.ck_merchant_owner
    st.ck_merchant_hex = h
    st.ck_merchant_owner = p
    st.stats[p, S_CK_VP_MERCHANT] = 1
    refresh_rates(st, p)
    if old >= 0 and old != p:
        st.stats[old, S_CK_VP_MERCHANT] = 0
        refresh_rates(st, old)
    log_event(st, E_CK_MERCHANT, p, h, old, 0, 0)


@jitted
def merchant_fleet(st, p):
    k = pick(st, p, CARD_MERCHANT_FLEET, 0)
    st.ck_fleet_owner = p
    st.ck_fleet_kind = k
    refresh_rates(st, p)
    target(st, p, CARD_MERCHANT_FLEET, k, 0, -1)


@jitted
def monopoly(st, p, card, most):
    """Resource Monopoly (up to 2 of a resource), Trade Monopoly (1 of a commodity) from each opponent."""
    k = pick(st, p, card, 0)
    for i in range(1, st.players):
        q = (p + i) % st.players
        for _ in range(min(most, st.hand[q, k])):
            take(st, p, q, k, card)


# --- politics ----------------------------------------------------------------------------

@jitted
def bishop(st, p):
    h = pick(st, p, CARD_BISHOP, 0)
    place_robber(st, p, h, -1, False)
    for i in range(1, st.players):
        q = (p + i) % st.players
        if has_building_on(st, q, h):
            steal(st, p, q)


@jitted
def deserter(st, p):
    q = pick(st, p, CARD_DESERTER, 0)
    st.ck_pick = q
    c = pick(st, q, CARD_DESERTER, 1)
    level, active = st.ck_knight[c], st.ck_knight_active[c]
    take_knight(st, c)
    st.ck_knights[q, level - 1] -= 1
    st.stats[q, S_CK_KNIGHTS_DISPLACED] += 1
    if st.ck_knights[p, level - 1] >= KNIGHTS_PER_LEVEL:      # none of that strength left: a basic one
        level = 1 if st.ck_knights[p, 0] < KNIGHTS_PER_LEVEL else 0
    d = pick(st, p, CARD_DESERTER, 2) if level > 0 else -1
    if d >= 0:
        put_knight(st, p, d, level, active)
        st.ck_knight_since[d] = st.turn
        st.ck_knights[p, level - 1] += 1
    target(st, p, CARD_DESERTER, c, d, q)
    roads_changed(st, c, d, -1, -1)


@jitted
def diplomat(st, p):
    """An open road is removed; if it was p's, p may build it again elsewhere."""
    e = pick(st, p, CARD_DIPLOMAT, 0)
    q = st.edge_owner[e]
    st.edge_owner[e] = -1
    for j in range(2):
        st.road_touch[q, EDGE_CORNERS[e, j]] -= 1
    st.pieces[q, PIECE_ROAD] += 1
    st.stats[q, R.S_ROADS] -= 1
    st.board_version += 1
    road_removed(st, q)
    f = pick(st, p, CARD_DIPLOMAT, 1) if q == p else -1
    target(st, p, CARD_DIPLOMAT, e, f, q)
    if f >= 0:
        place_road(st, p, f)


@jitted
def intrigue(st, p):
    """An opposing knight at p's road is displaced (it retreats or is removed)."""
    c = pick(st, p, CARD_INTRIGUE, 0)
    q = st.corner_guard[c]
    level, active = st.ck_knight[c], st.ck_knight_active[c]
    take_knight(st, c)
    d = displaced(st, q, c, level, active)
    target(st, p, CARD_INTRIGUE, c, d, q)
    roads_changed(st, c, d, -1, -1)


@jitted
def saboteur(st, p):
    """ck.saboteur = "damage": an opponent's city is damaged (docs/rules.md, Fleisch / Autarkie); "discard": every
    other player with at least p's VP discards half their cards, rounded down."""
    if st.params[P_CK_SABOTEUR] == SABOTEUR_DAMAGE:
        c = pick(st, p, CARD_SABOTEUR, 0)
        q = st.corner_owner[c]
        damage(st, q, c)
        log_event(st, E_CK_SABOTAGE, p, c, q, 0, 0)
        return
    vp = total_vp(st, p)
    for i in range(1, st.players):
        q = (p + i) % st.players
        if total_vp(st, q) >= vp:
            log_event(st, E_CK_SABOTAGE, p, -1, q, 0, 0)
            discard_half(st, q, 0)


@jitted
def spy(st, p):
    q = pick(st, p, CARD_SPY, 0)
    st.ck_pick = q
    card = pick(st, p, CARD_SPY, 1)
    st.ck_progress[q, card] -= 1
    st.ck_progress[p, card] += 1
    target(st, p, CARD_SPY, card, 0, q)


@jitted
def warlord(st, p):
    n = 0
    for c in range(N_CORNERS):
        if st.corner_guard[c] == p and st.ck_knight_active[c] == 0:
            set_active(st, c, 1)
            st.ck_knight_since[c] = st.turn
            st.stats[p, S_CK_KNIGHTS_ACTIVATED] += 1
            n += 1
    target(st, p, CARD_WARLORD, n, 0, -1)


@jitted
def wedding(st, p):
    """Every player with more VP gives p 2 cards of its choice."""
    vp = total_vp(st, p)
    for i in range(1, st.players):
        q = (p + i) % st.players
        if total_vp(st, q) <= vp:
            continue
        for _ in range(2):
            k = pick(st, q, CARD_WEDDING, 0)
            if k < 0:
                break
            take(st, p, q, k, CARD_WEDDING)
