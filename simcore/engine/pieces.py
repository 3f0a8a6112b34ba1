"""Roads, settlements and cities: legality, placement, longest road and largest army
(docs/rules.md, Base game)."""

from simcore.accel.jit import jitted

from simcore.engine import records as R
from simcore.engine.hooks import compiled_variants
from simcore.engine.kernel_variants import compiled_when
from simcore.engine.events import E_AWARD, log_event
from simcore.engine.state import (GENERIC_HARBOUR, N_RESOURCES, PIECE_CITY, PIECE_ROAD, PIECE_SETTLEMENT)
from simcore.engine.topology import CORNER_EDGES, CORNER_NEIGHBOURS, EDGE_CORNERS, HEX_CORNERS, N_CORNERS
from simcore.engine.variant import REGISTRY

AWARD_ARMY, AWARD_ROAD = 0, 1
MIN_ROAD_FOR_AWARD = 5
MIN_ARMY_FOR_AWARD = 3


# --- legality ---------------------------------------------------------------

@jitted
def spot_is_free(st, c):
    """Distance rule: the corner and every neighbouring corner are empty
    (kept in st.corner_free as buildings are placed)."""
    return st.corner_free[c] == 1


@jitted
def refresh_derived(st):
    """Recompute the fields derived from the board (corner_free, road_touch) after
    pieces were set by hand, as tests do; placement functions keep them current."""
    st.road_touch[:] = 0
    for e in range(st.edge_owner.shape[0]):
        if st.edge_owner[e] >= 0:
            st.road_touch[st.edge_owner[e], EDGE_CORNERS[e, 0]] += 1
            st.road_touch[st.edge_owner[e], EDGE_CORNERS[e, 1]] += 1
    for c in range(N_CORNERS):
        refresh_free(st, c)


@jitted
def refresh_free(st, c):
    """corner_free of c: no building there or next to it (distance rule), and no other piece on it."""
    free = st.corner_owner[c] < 0 and corner_guard(st, c) < 0
    for k in range(3):
        n = CORNER_NEIGHBOURS[c, k]
        if n >= 0 and st.corner_owner[n] >= 0:
            free = False
    st.corner_free[c] = 1 if free else 0


@jitted
def touches_own_road(st, p, c):
    return st.road_touch[p, c] > 0


@jitted
def can_build_settlement_at(st, p, c):
    """Outside setup: free by the distance rule and connected to an own road."""
    return spot_is_free(st, c) and touches_own_road(st, p, c)


@jitted
def can_build_city_at(st, p, c):
    return st.corner_owner[c] == p and st.corner_level[c] == 1


@jitted
def can_build_road_at(st, p, e):
    """Empty edge joined to an own building, or to an own road through a corner
    that holds no opponent building."""
    if st.edge_owner[e] >= 0:
        return False
    for j in range(2):
        c = EDGE_CORNERS[e, j]
        owner = st.corner_owner[c]
        if owner == p:
            return True
        if owner < 0 and touches_own_road(st, p, c):
            return True
    return False


# --- placement --------------------------------------------------------------

@jitted
def add_income(st, p, c):
    """A settlement, or the upgrade to a city, adds the corner's pips once more."""
    for r in range(N_RESOURCES):
        st.income[p, r] += st.corner_pips[c, r]
    st.income_mask[p] |= st.corner_res_mask[c]


@jitted
def place_settlement(st, p, c):
    st.corner_owner[c] = p
    st.corner_level[c] = 1
    st.board_version += 1
    st.corner_free[c] = 0
    for k in range(3):
        if CORNER_NEIGHBOURS[c, k] >= 0:
            st.corner_free[CORNER_NEIGHBOURS[c, k]] = 0
    st.pieces[p, PIECE_SETTLEMENT] -= 1
    st.stats[p, R.S_SETTLEMENTS] += 1
    add_income(st, p, c)
    harbour = st.corner_harbour[c]
    if harbour == GENERIC_HARBOUR:  # every kind the bank trades (C&K: commodities too)
        for r in range(st.trade_rate.shape[1]):
            if st.trade_rate[p, r] > 0:
                st.trade_rate[p, r] = min(st.trade_rate[p, r], 3)
    elif harbour >= 0:
        st.trade_rate[p, harbour] = 2
    # an opponent's road through this corner is cut (docs/rules.md, Base game: longest road)
    for q in range(st.players):
        if q != p and st.road_touch[q, c] >= 2:
            st.road_length[q] = longest_road(st, q)
    update_longest_road(st)


@jitted
def place_city(st, p, c):
    st.corner_level[c] = 2
    st.board_version += 1
    st.pieces[p, PIECE_CITY] -= 1
    st.pieces[p, PIECE_SETTLEMENT] += 1
    st.stats[p, R.S_SETTLEMENTS] -= 1
    st.stats[p, R.S_CITIES] += 1
    add_income(st, p, c)


@jitted
def place_road(st, p, e):
    st.edge_owner[e] = p
    st.road_touch[p, EDGE_CORNERS[e, 0]] += 1
    st.road_touch[p, EDGE_CORNERS[e, 1]] += 1
    st.board_version += 1
    st.pieces[p, PIECE_ROAD] -= 1
    st.stats[p, R.S_ROADS] += 1
    st.road_length[p] = longest_road(st, p)
    update_longest_road(st)


# --- longest road -----------------------------------------------------------

@compiled_when(lambda st: any(REGISTRY[v].guards for v in compiled_variants(st)), -1)
def corner_guard(st, c):
    """Owner of the piece at c that is no building but breaks roads like one (st.corner_guard,
    e.g. a C&K knight), -1 = none.  -1 in kernels without a variant whose pieces do that
    (Variant.guards): the read compiles out."""
    return st.corner_guard[c]


@jitted
def corner_piece_owner(st, c):
    """Owner of the building, or else of another road-breaking piece (corner_guard), at c; -1 = none."""
    owner = st.corner_owner[c]
    return owner if owner >= 0 else corner_guard(st, c)


@jitted
def longest_trail_from(st, p, start, best):
    """Depth-first search over p's roads from `start`, never using an edge twice
    nor passing through a corner with an opponent's building.  Marks every edge
    it uses in st.road_seen; returns max(best, longest trail found)."""
    used = st.road_used
    stack_c = st.road_stack[0]
    stack_k = st.road_stack[1]
    stack_e = st.road_stack[2]
    d = 0
    stack_c[0] = start
    stack_k[0] = 0
    while d >= 0:
        c = stack_c[d]
        k = stack_k[d]
        owner = corner_piece_owner(st, c)
        if k == 3 or (d > 0 and owner >= 0 and owner != p):
            if d > 0:
                used[stack_e[d]] = 0
            d -= 1
            continue
        stack_k[d] = k + 1
        e = CORNER_EDGES[c, k]
        if e < 0 or st.edge_owner[e] != p or used[e]:
            continue
        used[e] = 1
        st.road_seen[e] = 1
        d += 1
        stack_c[d] = CORNER_NEIGHBOURS[c, k]
        stack_k[d] = 0
        stack_e[d] = e
        if d > best:
            best = d
    return best


@jitted
def longest_road(st, p):
    """Longest trail in p's roads (docs/rules.md, Base game: an opponent's settlement breaks it, docs/rules.md, Cities & Knights:
    so does an opponent's knight, st.corner_guard).
    A longest trail that is not closed ends where it cannot be extended: at a
    corner with an odd number of p's roads or with an opponent's building.  So the
    search starts there, and from one corner of every road no such start reaches
    (closed loops)."""
    st.road_used[:] = 0
    st.road_seen[:] = 0
    best = 0
    for c in range(N_CORNERS):
        degree = st.road_touch[p, c]
        if degree == 0:
            continue
        owner = corner_piece_owner(st, c)
        if degree % 2 == 1 or (owner >= 0 and owner != p):
            best = longest_trail_from(st, p, c, best)
    for e in range(st.edge_owner.shape[0]):
        if st.edge_owner[e] == p and st.road_seen[e] == 0:
            best = longest_trail_from(st, p, EDGE_CORNERS[e, 0], best)
    return best


@jitted
def update_longest_road(st):
    """Longest road goes to the first with 5+ and passes only on strictly more.  When
    the holder's road is cut and another is now longer, it goes to the single longest
    player (5+), or is set aside on a tie (docs/rules.md, Base game; see README)."""
    holder = st.road_holder
    players = st.players
    best = 0
    n_best = 0
    who = -1
    for q in range(players):
        if st.road_length[q] > best:
            best = st.road_length[q]
            n_best = 1
            who = q
        elif st.road_length[q] == best:
            n_best += 1
    if holder >= 0 and st.road_length[holder] == best and best >= MIN_ROAD_FOR_AWARD:
        return
    new = who if (best >= MIN_ROAD_FOR_AWARD and n_best == 1) else -1
    if new != holder:
        st.road_holder = new
        log_event(st, E_AWARD, new, AWARD_ROAD, holder, new, best)


@jitted
def update_largest_army(st, p):
    """First to 3 knights; passes only on strictly more."""
    holder = st.army_holder
    if st.knights[p] < MIN_ARMY_FOR_AWARD or holder == p:
        return
    if holder < 0 or st.knights[p] > st.knights[holder]:
        st.army_holder = p
        log_event(st, E_AWARD, p, AWARD_ARMY, holder, p, st.knights[p])


@jitted
def has_building_on(st, q, h):
    """q has a settlement or city on a corner of hex h."""
    for k in range(6):
        if st.corner_owner[HEX_CORNERS[h, k]] == q:
            return True
    return False
