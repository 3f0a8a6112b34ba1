"""The `random` policy: uniform over the legal options at every choice point.
Slow to win, but it walks into every rule, which is what the invariant tests want."""
from simcore.jit import jitted

from simcore import autarkie_board as ab
from simcore import grundbesitz_board as gb
from simcore.actions import (A_OFFER, A_BUY_DEV, A_CITY, A_END, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS,
                             A_SETTLEMENT, A_TRADE)
from simcore.legal import is_legal
from simcore.pieces import can_build_road_at, spot_is_free
from simcore.robin_board import best_score, hex_score, open_side
from simcore.state import N_RESOURCES, randint
from simcore.topology import CORNER_EDGES, HEX_CORNERS, N_CORNERS, N_EDGES, N_HEXES
from simcore.variants.autarkie import A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, N_PLACES
from simcore.variants.grundbesitz import A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, N_GB, P_GB_STEAL_KNIGHTS


@jitted
def setup_settlement(st, p):
    options = st.choice
    n = 0
    for c in range(N_CORNERS):
        if spot_is_free(st, c):
            options[n] = c
            n += 1
    return options[randint(n)] if n > 0 else -1


@jitted
def setup_road(st, p, c):
    options = st.choice
    n = 0
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if e >= 0 and st.edge_owner[e] < 0:
            options[n] = e
            n += 1
    return options[randint(n)] if n > 0 else -1


@jitted
def discard(st, p):
    """A card kind the player holds, uniformly."""
    options = st.choice
    n = 0
    for r in range(st.hand.shape[1]):
        if st.hand[p, r] > 0:
            options[n] = r
            n += 1
    return options[randint(n)]


@jitted
def robber(st, p):
    """Any other hex, then any opponent with a building there (or nobody)."""
    h = randint(N_HEXES - 1)
    if h >= st.robber:
        h += 1
    victims = st.choice
    n = 0
    for k in range(6):
        o = st.corner_owner[HEX_CORNERS[h, k]]
        if o >= 0 and o != p:
            seen = False
            for i in range(n):
                if victims[i] == o:
                    seen = True
            if not seen:
                victims[n] = o
                n += 1
    return h, (victims[randint(n)] if n > 0 else -1)


@jitted
def knight_before_roll(st, p):
    return randint(2) == 1


@jitted
def action(st, p):
    """Every legal action (each build site, each trade pair, each card, end) equally likely."""
    a_opt, x_opt, y_opt = st.choice, st.choice_x, st.choice_y
    a_opt[0] = A_END
    x_opt[0] = 0
    y_opt[0] = 0
    n = 1
    for e in range(N_EDGES):
        if is_legal(st, p, A_ROAD, e, 0):
            a_opt[n], x_opt[n], y_opt[n] = A_ROAD, e, 0
            n += 1
    for c in range(N_CORNERS):
        for a in (A_SETTLEMENT, A_CITY):
            if is_legal(st, p, a, c, 0):
                a_opt[n], x_opt[n], y_opt[n] = a, c, 0
                n += 1
    width = st.hand.shape[1]
    for g in range(width):
        for r in range(width):
            if is_legal(st, p, A_TRADE, g, r):
                a_opt[n], x_opt[n], y_opt[n] = A_TRADE, g, r
                n += 1
    for g in range(width):
        for r in range(width):
            if is_legal(st, p, A_OFFER, g, r):
                a_opt[n], x_opt[n], y_opt[n] = A_OFFER, g, r
                n += 1
    for a in (A_BUY_DEV, A_KNIGHT, A_ROADS, A_PLENTY, A_MONOPOLY):
        if is_legal(st, p, a, 0, 0):
            a_opt[n], x_opt[n], y_opt[n] = a, 0, 0
            n += 1
    if gb.enabled(st.params):
        for g in range(N_GB):
            for a in (A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE):
                if is_legal(st, p, a, g, 0):
                    a_opt[n], x_opt[n], y_opt[n] = a, g, 0
                    n += 1
    if ab.enabled(st.params):   # Autarkie (RULES.md §2): a slave, a Knecht or the Geselle at a place
        if is_legal(st, p, A_AUT_SLAVE, 0, 0):
            a_opt[n], x_opt[n], y_opt[n] = A_AUT_SLAVE, 0, 0
            n += 1
        for g in range(N_PLACES):
            for a in (A_AUT_KNECHT, A_AUT_GESELLE):
                if is_legal(st, p, a, g, 0):
                    a_opt[n], x_opt[n], y_opt[n] = a, g, 0
                    n += 1
    i = randint(n)
    return a_opt[i], x_opt[i], y_opt[i]


@jitted
def free_road(st, p):
    options = st.choice
    n = 0
    for e in range(N_EDGES):
        if can_build_road_at(st, p, e):
            options[n] = e
            n += 1
    return options[randint(n)] if n > 0 else -1


@jitted
def plenty(st, p):
    return randint(N_RESOURCES), randint(N_RESOURCES)


@jitted
def monopoly(st, p):
    return randint(N_RESOURCES)


# --- Grundbesitz (RULES.md §1) --------------------------------------------------

@jitted
def coin():
    return randint(2) == 1


@jitted
def gb_robber_block(st, p):
    """No block, or any GB of another player on the robber's hex, equally likely."""
    where, n = -1, 1
    for g in range(N_GB):
        if gb.can_robber_block(st, p, g):
            n += 1
            if randint(n) == 0:
                where = g
    return where


@jitted
def gb_follow_up(st, d, actor, h, what):
    """Only defend, place markers, remove a marker (each if it has a target) or take the
    robber (if it has the knights defence_steal_knights asks for), equally likely."""
    options = st.choice
    options[0] = gb.FOLLOW_NONE
    n = 1
    for f in (gb.FOLLOW_STRIKE, gb.FOLLOW_REMOVE):
        if gb_follow_target(st, d, actor, h, what, f) >= 0:
            options[n] = f
            n += 1
    if st.params[P_GB_STEAL_KNIGHTS] == 1 or gb.has_knight(st, d):
        options[n] = gb.FOLLOW_ROBBER
        n += 1
    return options[randint(n)]


@jitted
def gb_follow_target(st, d, actor, h, what, choice):
    """Any GB the follow-up `choice` may act on, equally likely; -1 if none."""
    where, n = -1, 0
    for g in range(N_GB):
        ok = (gb.can_strike(st, d, actor, h, what, g) if choice == gb.FOLLOW_STRIKE
              else gb.can_remove(st, st.params, d, g))
        if ok:
            n += 1
            if randint(n) == 0:
                where = g
    return where


@jitted
def gb_free_removal(st, p):
    """No removal, or any marker p may remove for free, equally likely."""
    where, n = -1, 1
    for g in range(N_GB):
        if gb.can_free_remove(st, st.params, p, g):
            n += 1
            if randint(n) == 0:
                where = g
    return where


# --- the Sheriff's choices of the Robin Hood mode -------------------------------

@jitted
def robin_destination(st, p, card):
    """Any hex of resource `card` open to Robin."""
    options = st.choice
    n = 0
    for k in range(6):
        t = open_side(st, st.robber, k)
        if t >= 0 and st.hex_resource[t] == card:
            options[n] = t
            n += 1
    return options[randint(n)] if n > 0 else -1


@jitted
def evict(st, p):
    """Leave Robin (-1), or any hex open to him, all equally likely."""
    options = st.choice
    options[0] = -1
    n = 1
    for k in range(6):
        t = open_side(st, st.robber, k)
        if t >= 0:
            options[n] = t
            n += 1
    return options[randint(n)]


@jitted
def relocate(st, p):
    """Any hex among those that would score Robin most."""
    top = best_score(st)
    options = st.choice
    n = 0
    for h in range(N_HEXES):
        if hex_score(st, h) == top:
            options[n] = h
            n += 1
    return options[randint(n)]
