"""Cities & Knights (docs/rules.md, Cities & Knights): the rule set's hooks (simcore.engine.hooks).  Declared in
simcore/variants/ck/__init__.py; beside this file in simcore/variants/ck/: the board's queries
(board.py), the rules in cities.py (improvements, metropolises, walls, pillage), knights.py,
barbarians.py (dice, gates, attacks), cards.py (progress decks) and progress.py (the
progress cards' effects).

Hooks: init (decks, Defender cards), setup (settlement + road, then city + road),
before_roll (merchant turns), roll (red, yellow, event die), owe (commodities, damaged
cities), after_production (aqueduct, commodity counts), seven (hand limit with walls,
the robber asleep until the first attack), forbids (development cards, a city while one
is damaged, roads past a knight), its actions, game_over (ck.victory_points),
victory_points (metropolises, Defender cards, Printer/Constitution, merchant)."""
from simcore.engine.bots import ask
from simcore.variants.ck import CK
from simcore.engine.actions import A_BUY_DEV, A_CITY, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS
from simcore.variants.ck.barbarians import roll_dice
from simcore.variants.ck.board import (commodity, ABILITY_LEVEL, SCIENCE, can_activate, can_build_knight, can_chase, can_improve,
                                       can_move, can_promote, can_repair, can_wall, commodity_of, has_damaged_city,
                                       hand_limit, metropolises, road_ok)
from simcore.variants.ck.cards import fill_decks, redeal_progress
from simcore.variants.ck.progress_board import can_play
from simcore.variants.ck.cities import build_wall, improve, repair
from simcore.variants.ck.knights import activate, build_knight, chase, move, promote
from simcore.variants.ck import progress as ck_progress
from simcore.engine.economy import give
from simcore.engine.events import log_event
from simcore.engine.apply import move_robber
from simcore.engine.game import discard_half, setup_placement
from simcore.accel.jit import jitted
from simcore.engine.pieces import place_city
from simcore.engine.state import N_DEV_CARDS, N_RESOURCES, row_sum, seat_from
from simcore.engine.state import victory_points as total_vp
from simcore.engine.topology import HEX_CORNERS, N_CORNERS
from simcore.variants.ck import (N_TRACKS, A_CK_IMPROVE, A_CK_KNIGHT_ACTIVATE, A_CK_KNIGHT_BUILD, A_CK_KNIGHT_CHASE,
                                 A_CK_KNIGHT_MOVE, A_CK_KNIGHT_PROMOTE, A_CK_PLAY_PROGRESS, A_CK_REPAIR, A_CK_WALL,
                                 E_CK_AQUEDUCT, E_CK_SETUP_CITY, P_CK_DEFENDERS, P_CK_VP,
                                 S_CK_GAIN_AQUEDUCT, S_CK_GAIN_COMMODITIES, S_CK_MERCHANT_TURNS, S_CK_VP_MERCHANT)

# its bots' choice points (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_aqueduct = ask(CK, "ck_aqueduct")


@jitted
def init(st):
    st.ck_metro[:] = -1
    st.ck_metro_corner[:] = -1
    st.ck_merchant_hex = -1
    st.ck_merchant_owner = -1
    st.ck_fleet_owner = -1
    st.ck_fleet_kind = -1
    st.ck_trade_extra = -1              # a variant's kind trading as a commodity sets it (Autarkie's init)
    st.ck_defenders_left = st.params[P_CK_DEFENDERS]
    st.dev_top = N_DEV_CARDS            # no development cards (docs/rules.md, Cities & Knights): the deck is empty
    fill_decks(st, st.params)


@jitted
def setup(st):
    """Snake order: a settlement + road each, then (backwards) a city + road each; the
    city yields one resource per adjacent producing hex (docs/rules.md, Cities & Knights: setup)."""
    for p in range(st.players):
        setup_placement(st, p, False)
    for p in range(st.players - 1, -1, -1):
        for c in range(N_CORNERS):           # mark the corners p held before
            st.ck_reach[c] = 1 if st.corner_owner[c] == p else 0
        setup_placement(st, p, True)
        for c in range(N_CORNERS):
            if st.corner_owner[c] == p and st.ck_reach[c] == 0:
                place_city(st, p, c)
                log_event(st, E_CK_SETUP_CITY, p, c, 0, 0, 0)
    return True


@jitted
def before_roll(st, p):
    if st.ck_merchant_owner == p:
        st.stats[p, S_CK_MERCHANT_TURNS] += 1


@jitted
def roll(st, p):
    ck_progress.before_dice(st, p)       # the Merchant Fleet ends, the Alchemist may be played
    return roll_dice(st, st.params, p)


@jitted
def owe(st, number):
    """A city on forest, pasture or mountains takes 1 resource + 1 commodity instead of 2
    resources; a damaged city produces as a settlement (docs/rules.md, Cities & Knights; Fleisch / Autarkie)."""
    for q in range(st.players):
        if st.ck_level[q, SCIENCE] >= ABILITY_LEVEL:     # the aqueduct's test (after_production)
            st.ck_hand_before[q] = row_sum(st.hand, q)
        n = 0
        for k in range(commodity(st, 0), commodity(st, N_TRACKS)):
            n += st.hand[q, k]
        st.ck_comm_before[q] = n
    for i in range(2):
        h = st.number_hexes[number, i]
        if h < 0 or h == st.robber:
            continue
        r = st.hex_resource[h]
        k = commodity_of(st, r)
        for j in range(6):
            c = HEX_CORNERS[h, j]
            q = st.corner_owner[c]
            if q < 0 or st.corner_level[c] != 2:
                continue
            if st.ck_damaged[c]:
                st.owed[q, r] -= 1
            elif k >= 0:
                st.owed[q, r] -= 1
                st.owed[q, k] += 1


@jitted
def after_production(st, p):
    """Commodities gained by the roll; the aqueduct: a player with science 3 whom a non-7
    roll gave nothing takes a resource of choice."""
    if st.last_roll == 7:
        return
    for q in range(st.players):
        n = 0
        for k in range(commodity(st, 0), commodity(st, N_TRACKS)):
            n += st.hand[q, k]
        st.stats[q, S_CK_GAIN_COMMODITIES] += max(0, n - st.ck_comm_before[q])
    for i in range(st.players):
        q = seat_from(st, p, i)
        if st.ck_level[q, SCIENCE] >= ABILITY_LEVEL and row_sum(st.hand, q) == st.ck_hand_before[q]:
            r = ck_aqueduct(st, q)
            if r < 0 or r >= N_RESOURCES:
                st.illegal += 1
                r = 0
            if st.bank[r] > 0:
                give(st, q, r, 1, S_CK_GAIN_AQUEDUCT)
                log_event(st, E_CK_AQUEDUCT, q, r, 0, 0, 0)


@jitted
def seven(st, p):
    """Discards over 7 + 2 per city wall; the robber only after the first attack."""
    for q in range(st.players):
        discard_half(st, q, hand_limit(st, q))
    if st.ck_attacks > 0:
        move_robber(st, p)
    return True


@jitted
def forbids(st, p, a, x, y):
    """No development cards; no new city while one is damaged; no road past another's knight."""
    if a == A_BUY_DEV or a == A_KNIGHT or a == A_ROADS or a == A_PLENTY or a == A_MONOPOLY:
        return True
    if a == A_CITY:
        return has_damaged_city(st, p)
    if a == A_ROAD:
        return not road_ok(st, p, x)
    return False


@jitted
def is_legal_action(st, p, a, x, y):
    if a == A_CK_IMPROVE:
        return can_improve(st, p, x)
    if a == A_CK_WALL:
        return can_wall(st, p, x)
    if a == A_CK_REPAIR:
        return can_repair(st, p, x)
    if a == A_CK_KNIGHT_BUILD:
        return can_build_knight(st, p, x)
    if a == A_CK_KNIGHT_ACTIVATE:
        return can_activate(st, p, x)
    if a == A_CK_KNIGHT_PROMOTE:
        return can_promote(st, p, x)
    if a == A_CK_KNIGHT_MOVE:
        return can_move(st, p, x, y)
    if a == A_CK_KNIGHT_CHASE:
        return 0 <= x < N_CORNERS and can_chase(st, p, x)
    if a == A_CK_PLAY_PROGRESS:
        return can_play(st, p, x)
    return False


@jitted
def apply_action(st, p, a, x, y):
    if a == A_CK_IMPROVE:
        improve(st, p, x)
    elif a == A_CK_WALL:
        build_wall(st, p, x)
    elif a == A_CK_REPAIR:
        repair(st, p, x)
    elif a == A_CK_KNIGHT_BUILD:
        build_knight(st, p, x)
    elif a == A_CK_KNIGHT_ACTIVATE:
        activate(st, p, x)
    elif a == A_CK_KNIGHT_PROMOTE:
        promote(st, p, x)
    elif a == A_CK_KNIGHT_MOVE:
        move(st, p, x, y)
    elif a == A_CK_KNIGHT_CHASE:
        chase(st, p, x)
    elif a == A_CK_PLAY_PROGRESS:
        ck_progress.play(st, p, x)


@jitted
def game_over(st, p):
    """p wins with ck.victory_points on its own turn."""
    if total_vp(st, p) >= st.params[P_CK_VP]:
        st.winner = p
        return 1
    return 0


@jitted
def victory_points(st, p):
    """Metropolis +2 each (its city counts 2 already), Defender cards, Printer and
    Constitution, the merchant (docs/rules.md, Cities & Knights)."""
    merchant = 1 if st.ck_merchant_owner == p else 0
    st.stats[p, S_CK_VP_MERCHANT] = merchant
    return 2 * metropolises(st, p) + st.ck_defender[p] + st.ck_progress_vp[p] + merchant


@jitted
def hidden(st, p):
    """Hook (simcore.engine.hidden): a rollout's play-out re-deals the progress cards p cannot see."""
    redeal_progress(st, p)
