"""Cities & Knights (docs/rules.md, Cities & Knights): city improvements, metropolises, city walls, repairs of
damaged cities (§2) and the loss of a city to the barbarians."""
from simcore.engine.bots import ask
from simcore.variants.ck import CK
from simcore.engine import hooks
from simcore.engine import records as R
from simcore.variants.ck.board import (commodity, ABILITY_LEVEL, TRADE, free_city, is_city, is_metropolis, metropolises,
                                       refresh_rates, takes_metropolis)
from simcore.engine.events import log_event
from simcore.accel.jit import jitted
from simcore.engine.pieces import longest_road, refresh_free, update_longest_road
from simcore.engine.state import N_RESOURCES, PIECE_CITY, PIECE_SETTLEMENT
from simcore.engine.topology import CORNER_NEIGHBOURS
from simcore.variants.ck import (E_CK_IMPROVE, E_CK_METROPOLIS, E_CK_PILLAGE, E_CK_REPAIR, E_CK_WALL, P_CK_REPAIR,
                                 P_CK_WALL_COST, S_CK_LEVEL_SCIENCE, S_CK_METROPOLISES, S_CK_REPAIRS,
                                 S_CK_SABOTAGED,
                                 S_CK_SPEND_IMPROVEMENTS, S_CK_SPEND_REPAIRS, S_CK_SPEND_WALLS, S_CK_VP_METROPOLIS,
                                 S_CK_WALLS)

# its bots' choice points (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_metro_city = ask(CK, "ck_metro_city")


@jitted
def pay_row(st, p, slot, stat):
    """Pay the resource cost packed at params[slot..slot + 4] to the bank."""
    for r in range(N_RESOURCES):
        n = st.params[slot + r]
        st.hand[p, r] -= n
        st.bank[r] += n
        st.stats[p, stat] += n


@jitted
def improve(st, p, t):
    """One level up track t (legal: can_improve), taking its metropolis when due."""
    new = st.ck_level[p, t] + 1
    take = takes_metropolis(st, p, t, new)
    k = commodity(st, t)
    st.hand[p, k] -= new
    st.bank[k] += new
    st.stats[p, S_CK_SPEND_IMPROVEMENTS] += new
    st.ck_level[p, t] = new
    st.stats[p, S_CK_LEVEL_SCIENCE + t] = new
    log_event(st, E_CK_IMPROVE, p, t, new, 0, 0)
    if t == TRADE and new == ABILITY_LEVEL:     # trading house: commodities 2:1
        refresh_rates(st, p)
    if take:
        take_metropolis(st, p, t)


@jitted
def set_metro_stats(st, p):
    n = metropolises(st, p)
    st.stats[p, S_CK_METROPOLISES] = n
    st.stats[p, S_CK_VP_METROPOLIS] = 2 * n


@jitted
def take_metropolis(st, p, t):
    """p puts track t's metropolis on one of its cities without one (from its holder, if any)."""
    c = ck_metro_city(st, p, t)
    if not is_city(st, p, c) or is_metropolis(st, c):
        st.illegal += 1
        c = free_city(st, p)
    old = st.ck_metro[t]
    st.ck_metro[t] = p
    st.ck_metro_corner[t] = c
    st.board_version += 1
    set_metro_stats(st, p)
    if old >= 0:
        set_metro_stats(st, old)
    log_event(st, E_CK_METROPOLIS, p, t, c, old, 0)


@jitted
def build_wall(st, p, c):
    pay_row(st, p, P_CK_WALL_COST, S_CK_SPEND_WALLS)
    st.stats[p, S_CK_WALLS] += 1
    st.ck_wall[c] = 1
    st.ck_walls[p] += 1
    log_event(st, E_CK_WALL, p, c, 0, 0, 0)


@jitted
def repair(st, p, c):
    pay_row(st, p, P_CK_REPAIR, S_CK_SPEND_REPAIRS)
    st.stats[p, S_CK_REPAIRS] += 1
    st.ck_damaged[c] = 0
    st.ck_damaged_n[p] -= 1
    log_event(st, E_CK_REPAIR, p, c, 0, 0, 0)
    hooks.city_changed(st, p, c)


@jitted
def damage(st, q, c):
    """The Saboteur (docs/rules.md, Cities & Knights; Fleisch / Autarkie): q's city at c is damaged until repaired (it produces
    as a settlement, counts for the barbarians, can be pillaged; no new city meanwhile)."""
    st.ck_damaged[c] = 1
    st.ck_damaged_n[q] += 1
    st.stats[q, S_CK_SABOTAGED] += 1
    hooks.city_changed(st, q, c)


@jitted
def roads_changed(st, a, b, c, owner):
    """A building or knight came to or left corners a, b, c (-1: none; both break opposing
    roads): the longest road again of each player with two roads at one of them, as in
    pieces.place_settlement (a road that ends there ends there either way; no other road
    changes), then the award.  owner: the player all these pieces belong to (its own pieces
    never break its roads: its road stays), -1 if they are not one player's."""
    for q in range(st.players):
        if q != owner and (passes(st, q, a) or passes(st, q, b) or passes(st, q, c)):
            st.road_length[q] = longest_road(st, q)
    update_longest_road(st)


@jitted
def passes(st, q, c):
    """q's roads may pass through corner c (-1: none)."""
    return c >= 0 and st.road_touch[q, c] >= 2


@jitted
def road_removed(st, q):
    """One of q's roads went: q's longest road again (no other changes), then the award."""
    st.road_length[q] = longest_road(st, q)
    update_longest_road(st)


@jitted
def remove_income(st, p, c):
    for r in range(N_RESOURCES):
        st.income[p, r] -= st.corner_pips[c, r]
    mask = 0
    for r in range(N_RESOURCES):
        if st.income[p, r] > 0:
            mask |= 1 << r
    st.income_mask[p] = mask


@jitted
def lose_city(st, p, c):
    """The barbarians pillage p's city at c: it becomes a settlement (its wall and damage
    go), or is lost entirely when no settlement is left in p's supply (docs/rules.md, Cities & Knights; Fleisch / Autarkie).
    Returns 1 if the building is gone."""
    wall = st.ck_wall[c]
    if wall:
        st.ck_wall[c] = 0
        st.ck_walls[p] -= 1
    st.ck_damaged_n[p] -= st.ck_damaged[c]
    st.ck_damaged[c] = 0
    st.pieces[p, PIECE_CITY] += 1
    st.stats[p, R.S_CITIES] -= 1
    st.board_version += 1
    remove_income(st, p, c)
    lost = 0
    if st.pieces[p, PIECE_SETTLEMENT] > 0:
        st.corner_level[c] = 1
        st.pieces[p, PIECE_SETTLEMENT] -= 1
        st.stats[p, R.S_SETTLEMENTS] += 1
    else:
        lost = 1
        remove_income(st, p, c)
        st.corner_owner[c] = -1
        st.corner_level[c] = 0
        refresh_free(st, c)
        for k in range(3):
            if CORNER_NEIGHBOURS[c, k] >= 0:
                refresh_free(st, CORNER_NEIGHBOURS[c, k])
        refresh_rates(st, p)
        roads_changed(st, c, -1, -1, p)
    log_event(st, E_CK_PILLAGE, p, c, lost, wall, 0)
    hooks.city_changed(st, p, c)
    return lost
