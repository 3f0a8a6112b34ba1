"""The `random` policy's answers at the Sheriff's choice points of the Robin Hood mode
(docs/rules.md, Robin Hood; asked through policies.variants.robin_hood.bots)."""
from simcore.accel.jit import jitted
from simcore.variants.robin_hood.board import best_score, hex_score, open_side
from simcore.engine.state import randint
from simcore.engine.topology import N_HEXES


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
