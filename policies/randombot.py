"""The `random` policy: uniform over the legal options at every choice point.
Slow to win, but it walks into every rule, which is what the invariant tests want."""
from simcore.accel.jit import jitted

from simcore.engine.actions import (A_OFFER, A_BUY_DEV, A_CITY, A_END, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS,
                                    A_SETTLEMENT, A_TRADE)
from simcore.engine.pieces import can_build_road_at, spot_is_free
from simcore.engine.state import N_RESOURCES, randint
from simcore.engine.topology import CORNER_EDGES, HEX_CORNERS, N_CORNERS, N_EDGES, N_HEXES

from policies import dispatch
from policies.common import add_if_legal, add_option


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
    n = action_options(st, p)
    i = randint(n)
    return st.choice[i], st.choice_x[i], st.choice_y[i]


@jitted
def action_options(st, p):
    """The legal actions as options (st.choice, choice_x, choice_y): the base game's, then
    those the variants in force add (policies.dispatch.random_options); their number."""
    n = add_option(st, 0, A_END, 0, 0)
    for e in range(N_EDGES):
        n = add_if_legal(st, p, n, A_ROAD, e, 0)
    for c in range(N_CORNERS):
        for a in (A_SETTLEMENT, A_CITY):
            n = add_if_legal(st, p, n, a, c, 0)
    width = st.hand.shape[1]
    for g in range(width):
        for r in range(width):
            n = add_if_legal(st, p, n, A_TRADE, g, r)
    for g in range(width):
        for r in range(width):
            n = add_if_legal(st, p, n, A_OFFER, g, r)
    for a in (A_BUY_DEV, A_KNIGHT, A_ROADS, A_PLENTY, A_MONOPOLY):
        n = add_if_legal(st, p, n, a, 0, 0)
    return dispatch.random_options(st, p, n)   # the variants' own actions


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


@jitted
def coin():
    """A yes/no answer, equally likely."""
    return randint(2) == 1
