"""Cities & Knights (docs/rules.md, Cities & Knights): when a progress card may be played and which answers its
choices allow, asked by the rules (simcore.variants.ck.rules, simcore.variants.ck.progress) and the policies alike.

A card's choices are numbered k = 0, 1, ... (see simcore.variants.ck.progress); an answer x in
range(PICK_RANGE) is checked by pick_ok(st, q, card, k, x), q being the player who chooses:
the card's player, or an opponent the card makes give something (Commercial Harbor k 1,
Deserter k 1, Wedding).  st.ck_pick holds the earlier answer a later choice depends on
(the Inventor's first hex, the Master Merchant's and the Spy's victim, the Deserter's
opponent).  No state changes here."""
import numpy as np

from simcore.variants.ck.board import (all_active, has_damaged_city, improve_ok, is_city, is_empty, is_metropolis,
                                       may_promote, own_knight, promote_ok, road_ok, trade_commodities_held,
                                       trade_commodity)
from simcore.accel.jit import jitted
from simcore.engine.pieces import can_build_road_at, has_building_on
from simcore.engine.records import S_CITIES, S_SETTLEMENTS
from simcore.engine.state import DESERT, N_RESOURCES, PIECE_CITY, PIECE_ROAD, row_sum
from simcore.engine.state import victory_points as total_vp
from simcore.engine.topology import EDGE_CORNERS, N_CORNERS, N_EDGES, N_HEXES
from simcore.variants.ck import (CARD_ALCHEMIST, CARD_BISHOP, CARD_COMMERCIAL_HARBOR, CARD_CRANE, CARD_DESERTER,
                                 CARD_DIPLOMAT, CARD_ENGINEER, CARD_INTRIGUE, CARD_INVENTOR, CARD_IRRIGATION, CARD_MASTER_MERCHANT,
                                 CARD_MEDICINE, CARD_MERCHANT, CARD_MINING, CARD_MERCHANT_FLEET, CARD_RESOURCE_MONOPOLY,
                                 CARD_ROAD_BUILDING, CARD_SABOTEUR, CARD_SMITH, CARD_SPY, CARD_TRADE_MONOPOLY,
                                 CARD_WARLORD, CARD_WEDDING, N_PROGRESS, N_TRACKS, P_CK_BISHOP_EARLY, P_CK_MAX_WALLS,
                                 P_CK_SABOTEUR, SABOTEUR_DAMAGE)
from simcore.variants.ck import CARD_CONSTITUTION, CARD_PRINTER

PICK_RANGE = max(N_EDGES, N_CORNERS, N_HEXES, N_PROGRESS)   # every choice's answers are below it
GRAIN, ORE = 3, 4
MEDICINE_ORE, MEDICINE_GRAIN = 2, 1          # Medicine: a city for 2 ore + 1 grain
INVENTOR_NUMBERS = (3, 4, 5, 9, 10, 11)      # the Inventor never moves 2, 12, 6, 8
INVENTOR_NUMBER = np.array([n in INVENTOR_NUMBERS for n in range(13)], np.bool_)   # by number token (0 none)


@jitted
def can_play(st, p, card):
    """p may play `card` now, in its turn after the roll (docs/rules.md, Cities & Knights; the Alchemist only
    before the roll, ck_progress.before_dice; Printer and Constitution are shown on draw):
    it holds the card and the card can do something (a target for each first choice)."""
    if card < 0 or card >= N_PROGRESS or st.ck_progress[p, card] <= 0:
        return False
    if card == CARD_ALCHEMIST or card == CARD_PRINTER or card == CARD_CONSTITUTION:
        return False
    if card == CARD_MEDICINE:
        if (st.hand[p, ORE] < MEDICINE_ORE or st.hand[p, GRAIN] < MEDICINE_GRAIN or st.pieces[p, PIECE_CITY] == 0
                or has_damaged_city(st, p)):
            return False
    elif card == CARD_ROAD_BUILDING and st.pieces[p, PIECE_ROAD] == 0:
        return False
    elif card == CARD_COMMERCIAL_HARBOR and not opponent_has_commodity(st, p):
        return False
    elif card == CARD_MERCHANT_FLEET and st.ck_fleet_owner == p:
        return False
    elif card == CARD_BISHOP and st.ck_attacks == 0 and st.params[P_CK_BISHOP_EARLY] == 0:
        return False      # the robber sleeps until the first attack (ck.bishop_before_attack)
    elif card == CARD_WARLORD:
        return has_inactive_knight(st, p)
    elif card == CARD_WEDDING:
        return richer_with_cards(st, p) >= 0
    elif card == CARD_SABOTEUR and st.params[P_CK_SABOTEUR] != SABOTEUR_DAMAGE:
        return True
    elif card == CARD_IRRIGATION or card == CARD_MINING:
        return True
    elif card == CARD_INTRIGUE:
        return opposing_knights(st, p) and any_corner(st, p, card)
    elif card == CARD_SMITH:
        return may_promote(st, p) and any_corner(st, p, card)
    elif card == CARD_ENGINEER:      # a city without a wall: walls stand under their owners' cities
        return st.ck_walls[p] < st.params[P_CK_MAX_WALLS] and st.ck_walls[p] < st.stats[p, S_CITIES]
    if card == CARD_MEDICINE:        # a settlement
        return st.stats[p, S_SETTLEMENTS] > 0
    if card == CARD_SABOTEUR:
        return any_corner(st, p, card)
    return any_ok(st, p, card, 0)


@jitted
def opposing_knights(st, p):
    """Another player has a knight on the board."""
    for q in range(st.players):
        if q != p:
            for lv in range(st.ck_knights.shape[1]):
                if st.ck_knights[q, lv] > 0:
                    return True
    return False


@jitted
def any_corner(st, p, card):
    """any_ok of the cards whose one choice is a corner (corner_ok), without pick_ok's
    dispatch per answer (for speed)."""
    for c in range(N_CORNERS):
        if corner_ok(st, p, card, c):
            return True
    return False


@jitted
def intrigue_ok(st, q, x):
    """An opposing knight at corner x by q's road (the Intrigue)."""
    return st.corner_guard[x] >= 0 and st.corner_guard[x] != q and st.road_touch[q, x] > 0


@jitted
def any_ok(st, q, card, k):
    return first_ok(st, q, card, k) >= 0


@jitted
def first_ok(st, q, card, k):
    """The first allowed answer of choice k, -1 = none.  The choices with many answers
    test them in a loop of their own (pick_ok's test, without its dispatch per answer)."""
    if card == CARD_ROAD_BUILDING or (card == CARD_DIPLOMAT and k != 0):
        if st.pieces[q, PIECE_ROAD] > 0:                # free_road_ok
            for x in range(N_EDGES):
                if can_build_road_at(st, q, x) and road_ok(st, q, x):
                    return x
        return -1
    if card == CARD_DIPLOMAT:
        for x in range(N_EDGES):
            if open_road(st, x):
                return x
        return -1
    if card == CARD_INTRIGUE or card == CARD_SMITH or card == CARD_ENGINEER or card == CARD_MEDICINE or card == CARD_SABOTEUR:
        for x in range(N_CORNERS):
            if corner_ok(st, q, card, x):
                return x
        return -1
    if card == CARD_MERCHANT:
        for x in range(N_HEXES):
            if merchant_ok(st, q, x):
                return x
        return -1
    if card == CARD_DESERTER and k > 0:                 # k 1 the owner's knight, k 2 where p's comes
        for x in range(N_CORNERS):
            if own_knight(st, q, x) if k == 1 else (is_empty(st, x) and st.road_touch[q, x] > 0):
                return x
        return -1
    if card == CARD_SPY and k > 0:                     # a progress card the victim holds
        for x in range(N_PROGRESS):
            if st.ck_progress[st.ck_pick, x] > 0:
                return x
        return -1
    if card == CARD_BISHOP:                             # any hex but the robber's
        return 1 if st.robber == 0 else 0
    for x in range(answers(st, card, k)):
        if pick_ok(st, q, card, k, x):
            return x
    return -1


@jitted
def answers(st, card, k):
    """The answers of choice k of `card` lie below this bound (pick_ok allows none above):
    the loops over a choice's answers test only these."""
    if card == CARD_ALCHEMIST:
        return 7
    if card == CARD_CRANE:
        return N_TRACKS
    if card == CARD_COMMERCIAL_HARBOR and k == 2:
        return 2
    if card == CARD_RESOURCE_MONOPOLY or (card == CARD_COMMERCIAL_HARBOR and k == 0):
        return N_RESOURCES
    if card == CARD_TRADE_MONOPOLY or card == CARD_COMMERCIAL_HARBOR:
        return st.hand.shape[1]
    if card == CARD_MERCHANT_FLEET or card == CARD_WEDDING or (card == CARD_MASTER_MERCHANT and k == 1):
        return st.hand.shape[1]
    if (card == CARD_MASTER_MERCHANT or card == CARD_SPY or card == CARD_DESERTER) and k == 0:
        return st.players
    if card == CARD_SPY:
        return N_PROGRESS
    if card == CARD_INVENTOR or card == CARD_MERCHANT or card == CARD_BISHOP:
        return N_HEXES
    if card == CARD_ROAD_BUILDING or card == CARD_DIPLOMAT:
        return N_EDGES
    return N_CORNERS         # intrigue, smith, deserter 1, 2, engineer, medicine, saboteur


@jitted
def pick_ok(st, q, card, k, x):
    """Whether x answers choice k of `card` (chooser q; see simcore.variants.ck.progress).  The order
    is for speed: first_ok tests every answer, each through the card tests above its card's,
    so the cards bots hold longest come first."""
    if x < 0 or x >= PICK_RANGE:
        return False
    if card == CARD_INTRIGUE:                       # an opposing knight at an own road
        return x < N_CORNERS and intrigue_ok(st, q, x)
    if card == CARD_SMITH:                          # k 0, k 1: a knight to promote
        return x < N_CORNERS and promote_ok(st, q, x)
    if card == CARD_MASTER_MERCHANT or card == CARD_SPY or card == CARD_DESERTER:
        if k == 0:                                  # the victim
            return x < st.players and x != q and victim_ok(st, q, card, x)
        if card == CARD_MASTER_MERCHANT:            # k 1: a card kind the victim holds
            return x < st.hand.shape[1] and st.hand[st.ck_pick, x] > 0
        if card == CARD_SPY:                        # k 1: a progress card the victim holds
            return x < N_PROGRESS and st.ck_progress[st.ck_pick, x] > 0
        if k == 1:                                  # the deserter's owner: which knight leaves
            return own_knight(st, q, x)
        return x < N_CORNERS and is_empty(st, x) and st.road_touch[q, x] > 0   # k 2: where p's comes
    if card == CARD_CRANE:                          # a track one commodity cheaper
        return x < N_TRACKS and improve_ok(st, q, x, 1)
    if card == CARD_ENGINEER:                       # a city without a wall
        return x < N_CORNERS and corner_ok(st, q, card, x)
    if card == CARD_MEDICINE:                       # a settlement
        return x < N_CORNERS and medicine_ok(st, q, x)
    if card == CARD_ALCHEMIST:                      # k 0 red, k 1 yellow die
        return 1 <= x <= 6
    if card == CARD_INVENTOR:                       # k 0, k 1: two hexes with 3, 4, 5, 9, 10, 11
        return x < N_HEXES and inventor_hex(st, x) and (k == 0 or x != st.ck_pick)
    if card == CARD_ROAD_BUILDING:                  # k 0, k 1: a road
        return free_road_ok(st, q, x)
    if card == CARD_COMMERCIAL_HARBOR:              # k 0 the player's resource, k 1 the opponent's commodity,
        if k == 0:                                  # k 2 whether to trade with opponent ck_pick (1) or not (0)
            return x < N_RESOURCES and st.hand[q, x] > 0
        if k == 2:
            return x == 0 or x == 1
        return x < st.hand.shape[1] and trade_commodity(st, x) and st.hand[q, x] > 0
    if card == CARD_MERCHANT:                       # a land hex next to an own building
        return x < N_HEXES and merchant_ok(st, q, x)
    if card == CARD_MERCHANT_FLEET:                 # a kind the bank trades
        return x < st.hand.shape[1] and st.trade_rate[q, x] > 0
    if card == CARD_RESOURCE_MONOPOLY:
        return x < N_RESOURCES
    if card == CARD_TRADE_MONOPOLY:                 # a kind that trades as a commodity (meat too, docs/rules.md, Fleisch / Autarkie)
        return x < st.hand.shape[1] and trade_commodity(st, x)
    if card == CARD_BISHOP:                         # another hex
        return x < N_HEXES and x != st.robber
    if card == CARD_DIPLOMAT:                       # k 0 an open road, k 1 where an own one goes again
        if k == 0:
            return x < N_EDGES and open_road(st, x)
        return free_road_ok(st, q, x)
    if card == CARD_SABOTEUR:                       # an opponent's city, no metropolis, not damaged
        return x < N_CORNERS and saboteur_ok(st, q, x)
    if card == CARD_WEDDING:                        # a card kind the giver holds
        return x < st.hand.shape[1] and st.hand[q, x] > 0
    return False


@jitted
def merchant_ok(st, q, x):
    """A land hex x < N_HEXES next to q's building (the Merchant)."""
    return st.hex_resource[x] != DESERT and has_building_on(st, q, x)


@jitted
def medicine_ok(st, q, x):
    """q's settlement at corner x (the Medicine makes it a city)."""
    return st.corner_owner[x] == q and st.corner_level[x] == 1


@jitted
def saboteur_ok(st, q, x):
    """An opponent's city at corner x, no metropolis, not damaged (the Saboteur)."""
    return (st.corner_owner[x] >= 0 and st.corner_owner[x] != q and st.corner_level[x] == 2
            and not is_metropolis(st, x) and st.ck_damaged[x] == 0)


@jitted
def corner_ok(st, q, card, x):
    """pick_ok of the cards whose one choice is a corner (Smith, Intrigue, Medicine,
    Saboteur; Engineer), asked for corner x < N_CORNERS."""
    if card == CARD_SMITH:
        return promote_ok(st, q, x)
    if card == CARD_INTRIGUE:
        return intrigue_ok(st, q, x)
    if card == CARD_MEDICINE:
        return medicine_ok(st, q, x)
    if card == CARD_SABOTEUR:
        return saboteur_ok(st, q, x)
    return is_city(st, q, x) and st.ck_wall[x] == 0 and st.ck_walls[q] < st.params[P_CK_MAX_WALLS]


@jitted
def victim_ok(st, p, card, q):
    if card == CARD_MASTER_MERCHANT:                # more VP, and cards
        return total_vp(st, q) > total_vp(st, p) and row_sum(st.hand, q) > 0
    if card == CARD_SPY:
        return row_sum(st.ck_progress, q) > 0
    for c in range(N_CORNERS):                      # the Deserter: q has a knight
        if st.corner_guard[c] == q:
            return True
    return False


@jitted
def inventor_hex(st, h):
    return INVENTOR_NUMBER[st.hex_number[h]]


@jitted
def free_road_ok(st, p, e):
    """A road p may build (a free one: the cards), with a road left in its supply."""
    return (0 <= e < N_EDGES and st.pieces[p, PIECE_ROAD] > 0 and can_build_road_at(st, p, e)
            and road_ok(st, p, e))


@jitted
def open_road(st, e):
    """A road one end of which joins none of its owner's roads, buildings or knights."""
    q = st.edge_owner[e]
    if q < 0:
        return False
    for j in range(2):
        c = EDGE_CORNERS[e, j]
        if st.road_touch[q, c] == 1 and st.corner_owner[c] != q and st.corner_guard[c] != q:
            return True
    return False


@jitted
def has_inactive_knight(st, p):
    if all_active(st, p):
        return False
    for c in range(N_CORNERS):
        if st.corner_guard[c] == p and st.ck_knight_active[c] == 0:
            return True
    return False


@jitted
def opponent_has_commodity(st, p):
    for q in range(st.players):
        if q != p and trade_commodities_held(st, q) > 0:
            return True
    return False


@jitted
def richer_with_cards(st, p):
    """The first player with more VP than p and cards in hand, -1 = none (Wedding)."""
    vp = total_vp(st, p)
    for q in range(st.players):
        if q != p and total_vp(st, q) > vp and row_sum(st.hand, q) > 0:
            return q
    return -1


@jitted
def alchemist_ok(st, p):
    """Before p's roll: p holds an Alchemist."""
    return st.ck_progress[p, CARD_ALCHEMIST] > 0

