"""Small helpers shared by the scripted policies."""
from simcore.accel.jit import jitted
from simcore.engine.legal import is_legal
from simcore.engine.records import S_CITIES, S_SETTLEMENTS
from simcore.engine.state import randint


@jitted
def tie_break(v, best, ties):
    """One step of a running maximum that breaks ties uniformly at random
    (reservoir sampling): returns (take this one, new best, number tied at best)."""
    if v > best:
        return True, v, 1
    if v == best:
        ties += 1
        return randint(ties) == 0, best, ties
    return False, best, ties


@jitted
def public_vp(st, q):
    """VP the others can see (VP cards stay hidden)."""
    vp = st.stats[q, S_SETTLEMENTS] + 2 * st.stats[q, S_CITIES]
    if st.army_holder == q:
        vp += 2
    if st.road_holder == q:
        vp += 2
    return vp


@jitted
def add_option(st, n, a, x, y):
    """Option n of a random choice of actions (st.choice, choice_x, choice_y): action a at
    (x, y).  The number of options with it."""
    st.choice[n] = a
    st.choice_x[n] = x
    st.choice_y[n] = y
    return n + 1


@jitted
def add_if_legal(st, p, n, a, x, y):
    """add_option if p may take action a at (x, y) now, else the options unchanged (n)."""
    return add_option(st, n, a, x, y) if is_legal(st, p, a, x, y) else n
