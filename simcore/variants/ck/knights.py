"""Cities & Knights (docs/rules.md, Cities & Knights): knights.  Build (wool + ore) on a free corner at an own
road, activate (grain), promote (wool + ore; mighty needs the fortress); an active knight
that was not activated this turn may move along its owner's roads, displace a weaker
opposing knight (which retreats along its owner's roads or is removed), or chase the
robber from a hex next to it; each action deactivates it.  A knight stands on a corner
(st.corner_guard = its owner): no settlement there, and it breaks opposing roads."""
from simcore.engine.bots import ask
from simcore.variants.ck import CK
from simcore.variants.ck.board import GRAIN, ORE, WOOL, reach
from simcore.engine.events import log_event
from simcore.engine.apply import relocate_robber
from simcore.accel.jit import jitted
from simcore.variants.ck.cities import roads_changed
from simcore.engine.pieces import refresh_free
from simcore.engine.topology import N_CORNERS
from simcore.variants.ck import (E_CK_KNIGHT_ACTIVATE, E_CK_KNIGHT_BUILD, E_CK_KNIGHT_CHASE, E_CK_KNIGHT_MOVE,
                                 E_CK_KNIGHT_PROMOTE, S_CK_KNIGHT_ACTIONS, S_CK_KNIGHT_CHASES,
                                 S_CK_KNIGHT_DISPLACING, S_CK_KNIGHT_MOVES, S_CK_KNIGHTS_ACTIVATED,
                                 S_CK_KNIGHTS_BUILT, S_CK_KNIGHTS_DISPLACED, S_CK_KNIGHTS_PROMOTED, S_CK_SPEND_KNIGHTS)

# its bots' choice points (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_retreat = ask(CK, "ck_retreat")


@jitted
def pay_card(st, p, r):
    st.hand[p, r] -= 1
    st.bank[r] += 1
    st.stats[p, S_CK_SPEND_KNIGHTS] += 1


@jitted
def put_knight(st, p, c, level, active):
    st.corner_guard[c] = p
    st.ck_knight[c] = level
    st.ck_knight_active[c] = active
    st.ck_power[p] += level * active
    st.corner_free[c] = 0
    st.board_version += 1


@jitted
def take_knight(st, c):
    """The knight leaves c (its owner's counts are the caller's)."""
    if st.ck_knight_active[c]:
        st.ck_power[st.corner_guard[c]] -= st.ck_knight[c]
    st.corner_guard[c] = -1
    st.ck_knight[c] = 0
    st.ck_knight_active[c] = 0
    st.board_version += 1
    refresh_free(st, c)


@jitted
def build_knight(st, p, c):
    pay_card(st, p, WOOL)
    pay_card(st, p, ORE)
    put_knight(st, p, c, 1, 0)
    st.ck_knights[p, 0] += 1
    st.stats[p, S_CK_KNIGHTS_BUILT] += 1
    log_event(st, E_CK_KNIGHT_BUILD, p, c, 0, 0, 0)
    roads_changed(st, c, -1, -1, p)


@jitted
def activate(st, p, c):
    pay_card(st, p, GRAIN)
    set_active(st, c, 1)
    st.ck_knight_since[c] = st.turn
    st.stats[p, S_CK_KNIGHTS_ACTIVATED] += 1
    log_event(st, E_CK_KNIGHT_ACTIVATE, p, c, 0, 0, 0)


@jitted
def promote(st, p, c):
    pay_card(st, p, WOOL)
    pay_card(st, p, ORE)
    raise_knight(st, p, c)


@jitted
def raise_knight(st, p, c):
    """The knight at c one level up (paid by promote, free with the Smith)."""
    level = st.ck_knight[c]
    st.ck_knights[p, level - 1] -= 1
    st.ck_knights[p, level] += 1
    st.ck_knight[c] = level + 1
    st.ck_power[p] += st.ck_knight_active[c]
    st.ck_promoted[c] = st.turn
    st.stats[p, S_CK_KNIGHTS_PROMOTED] += 1
    log_event(st, E_CK_KNIGHT_PROMOTE, p, c, level + 1, 0, 0)


@jitted
def move(st, p, c, d):
    """p's knight at c goes to d along p's roads (legal: can_move), displacing a weaker
    opposing knight there; it is inactive afterwards."""
    q = st.corner_guard[d]
    level = st.ck_knight[c]
    retreat = -1
    q_level, q_active = 0, 0
    if q >= 0:
        q_level, q_active = st.ck_knight[d], st.ck_knight_active[d]
        take_knight(st, d)
    take_knight(st, c)
    put_knight(st, p, d, level, 0)
    st.stats[p, S_CK_KNIGHT_ACTIONS] += 1
    st.stats[p, S_CK_KNIGHT_DISPLACING if q >= 0 else S_CK_KNIGHT_MOVES] += 1
    if q >= 0:
        retreat = displaced(st, q, d, q_level, q_active)
    log_event(st, E_CK_KNIGHT_MOVE, p, c, d, q, retreat)
    roads_changed(st, c, d, retreat, -1)


@jitted
def displaced(st, q, d, level, active):
    """q's knight (level, active) was taken off d by an opponent: it retreats (to the
    corner returned) or is removed (-1)."""
    st.stats[q, S_CK_KNIGHTS_DISPLACED] += 1
    retreat = retreat_corner(st, q, d)
    if retreat >= 0:
        put_knight(st, q, retreat, level, active)
    else:
        st.ck_knights[q, level - 1] -= 1
    return retreat


@jitted
def retreat_corner(st, q, d):
    """Where q's knight displaced from d goes: a free corner q's roads lead to from d
    (q chooses), or -1 (removed) if there is none."""
    reach(st, q, d)
    n = 0
    for e in range(N_CORNERS):
        if e != d and st.ck_reach[e] and st.corner_owner[e] < 0 and st.corner_guard[e] < 0:
            n += 1
    if n == 0:
        return -1
    e = ck_retreat(st, q, d)
    reach(st, q, d)
    if e < 0 or e >= N_CORNERS or e == d or not st.ck_reach[e] or st.corner_owner[e] >= 0 or st.corner_guard[e] >= 0:
        st.illegal += 1
        for e in range(N_CORNERS):
            if e != d and st.ck_reach[e] and st.corner_owner[e] < 0 and st.corner_guard[e] < 0:
                return e
    return e


@jitted
def chase(st, p, c):
    """The knight at c chases the robber from a hex next to it: moved and a card stolen
    as on a 7 (docs/rules.md, Cities & Knights)."""
    old = st.robber
    set_active(st, c, 0)
    st.stats[p, S_CK_KNIGHT_ACTIONS] += 1
    st.stats[p, S_CK_KNIGHT_CHASES] += 1
    relocate_robber(st, p, True)
    log_event(st, E_CK_KNIGHT_CHASE, p, c, old, st.robber, 0)


@jitted
def deactivate_all(st):
    for c in range(N_CORNERS):
        st.ck_knight_active[c] = 0
    st.ck_power[:] = 0


@jitted
def set_active(st, c, active):
    """The knight at c active (1) or not (0), its owner's strength (st.ck_power) with it."""
    if st.ck_knight_active[c] != active:
        st.ck_knight_active[c] = active
        st.ck_power[st.corner_guard[c]] += st.ck_knight[c] * (2 * active - 1)
