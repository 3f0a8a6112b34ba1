"""The Sheriff of the Robin Hood mode (docs/rules.md, Robin Hood) for the `builder` kind: presets
sheriff-greedy and sheriff-warden, or any builder preset playing the Sheriff.

He builds as the builder does.  Where Robin goes is his choice when several hexes
are open (a movement card, an eviction, a relocation): he picks the hex where Robin
harms him least,
    harm(h) = robin_vp * VP Robin would score at h on a 7
            + robin_block * own pips blocked at h + robin_steal * (own building at h)
            - fence * own roads already around h        (a fenced hex holds Robin)
and evicts Robin (weight evict > 0) when a neighbour harms less than his hex.  With
`enclose` > 0 (the warden) he spends lumber and brick on roads that fence in Robin's
hex or his camp, and on roads that lead there, before anything but a settlement or
city, while he leads Robin by `fence_lead` VP or more.  No Sheriff completes an
enclosure while he has no more VP than Robin (it would not win).  Ties are broken at
random.
"""
from simcore.accel.jit import jitted
from simcore.engine.kernel_variants import variant_code

from policies import builder
from policies.builder import extends_network, tie_break
from simcore.engine.actions import A_CITY, A_END, A_ROAD, A_SETTLEMENT
from simcore.engine.legal import can_road
from simcore.engine.pieces import can_build_road_at
from simcore.variants.robin_hood.board import best_score, fence_count, fence_edge, fence_missing, hex_score, hex_vp, open_side
from simcore.engine.state import PIPS, victory_points
from simcore.engine.topology import CORNER_EDGES, CORNER_NEIGHBOURS, EDGE_CORNERS, HEX_CORNERS, HEX_EDGES, N_CORNERS, N_EDGES, N_HEXES
from simcore.variants.robin_hood import (RB_VP, ROBIN_HOOD, W_ENCLOSE, W_EVICT, W_FENCE, W_FENCE_LEAD, W_ROBIN_BLOCK,
                                         W_ROBIN_STEAL, W_ROBIN_VP)


# --- where Robin goes ---------------------------------------------------------

@jitted
def harm(st, p, h, w):
    """How much Robin at hex h hurts the Sheriff p (lower is better for p)."""
    own = hex_vp(st, h, p)
    v = w[W_ROBIN_VP] * hex_score(st, h) + w[W_ROBIN_BLOCK] * own * PIPS[st.hex_number[h]]
    if own > 0:
        v += w[W_ROBIN_STEAL]
    return v - w[W_FENCE] * fence_count(st, h)


@jitted
def robin_destination(st, p, card, w):
    """Among the hexes of resource `card` open to Robin, the least harmful."""
    best, pick = -1e18, -1
    ties = 0
    for k in range(6):
        t = open_side(st, st.robber, k)
        if t >= 0 and st.hex_resource[t] == card:
            take, best, ties = tie_break(-harm(st, p, t, w), best, ties)
            if take:
                pick = t
    return pick


@jitted
def evict(st, p, w):
    """The least harmful open neighbour, if it harms less than Robin's hex; else -1."""
    if w[W_EVICT] <= 0:
        return -1
    best, pick = -1e18, -1
    ties = 0
    for k in range(6):
        t = open_side(st, st.robber, k)
        if t >= 0:
            take, best, ties = tie_break(-harm(st, p, t, w), best, ties)
            if take:
                pick = t
    return pick if pick >= 0 and -best < harm(st, p, st.robber, w) else -1


@jitted
def relocate(st, p, w):
    """Among the hexes that would score Robin most, the least harmful."""
    top = best_score(st)
    best, pick = -1e18, -1
    ties = 0
    for h in range(N_HEXES):
        if hex_score(st, h) == top:
            take, best, ties = tie_break(-harm(st, p, h, w), best, ties)
            if take:
                pick = h
    return pick


# --- fencing ------------------------------------------------------------------

@jitted
def ahead(st, p):
    return victory_points(st, p) > st.robin_stats[RB_VP]


@jitted
def loses_by_enclosing(st, p, e):
    """Road e would complete the fence around Robin's hex while p has no more VP than Robin."""
    h = st.robber
    if st.robin_enclosure == 0 or st.edge_owner[e] >= 0 or fence_missing(st, h) != 1 or ahead(st, p):
        return False
    for k in range(6):
        if fence_edge(st, h, k) and HEX_EDGES[h, k] == e:
            return True
    return False


@jitted
def fence_distances(st, p, h):
    """st.fence_dist[c]: roads p needs from corner c to reach a corner of hex h (over
    empty or own edges, never through another colour's building); N_CORNERS = never."""
    dist = st.fence_dist
    queue = st.fence_queue
    dist[:] = N_CORNERS
    n = 0
    for k in range(6):
        c = HEX_CORNERS[h, k]
        if st.corner_owner[c] < 0 or st.corner_owner[c] == p:
            dist[c] = 0
            queue[n] = c
            n += 1
    i = 0
    while i < n:
        c = queue[i]
        i += 1
        for k in range(3):
            e = CORNER_EDGES[c, k]
            if e < 0 or (st.edge_owner[e] >= 0 and st.edge_owner[e] != p):
                continue
            x = CORNER_NEIGHBOURS[c, k]
            if dist[x] < N_CORNERS or (st.corner_owner[x] >= 0 and st.corner_owner[x] != p):
                continue
            dist[x] = dist[c] + 1
            queue[n] = x
            n += 1


@jitted
def fence_target_road(st, p, h, best, pick, ties):
    """Best road towards fencing hex h, as a running maximum (best, pick, ties): a missing
    fence edge scores 2 + roads already around h (+2 with Robin inside); a road that
    brings p's network closer to h scores 1 / (1 + roads still needed)."""
    missing = fence_missing(st, h)
    if missing <= 0:
        return best, pick, ties
    inside = 2.0 if h == st.robber else 0.0
    for k in range(6):
        e = HEX_EDGES[h, k]
        if fence_edge(st, h, k) and can_build_road_at(st, p, e):
            if missing == 1 and not ahead(st, p):
                continue            # completing it now would not win
            take, best, ties = tie_break(2.0 + fence_count(st, h) + inside, best, ties)
            if take:
                pick = e
    fence_distances(st, p, h)
    network = N_CORNERS
    for c in range(N_CORNERS):
        if extends_network(st, p, c):
            network = min(network, st.fence_dist[c])
    for e in range(N_EDGES):
        d = min(st.fence_dist[EDGE_CORNERS[e, 0]], st.fence_dist[EDGE_CORNERS[e, 1]])
        if d < network and can_build_road_at(st, p, e):
            take, best, ties = tie_break(1.0 / (1.0 + d), best, ties)
            if take:
                pick = e
    return best, pick, ties


@jitted
def fence_road(st, p):
    """The best road for fencing in Robin's hex or his camp, or -1."""
    best, pick, ties = fence_target_road(st, p, st.robber, 0.0, -1, 0)
    if st.robin_camp != st.robber:
        best, pick, ties = fence_target_road(st, p, st.robin_camp, best, pick, ties)
    return pick


# --- the turn -----------------------------------------------------------------

@variant_code(ROBIN_HOOD, (0, 0, 0))
def action(st, p, w):
    """The builder's action; the warden puts a fence road before anything but a new
    settlement or city; nobody completes an enclosure that would not win."""
    a, x, y = builder.action(st, p, w)
    if (w[W_ENCLOSE] > 0 and a != A_CITY and a != A_SETTLEMENT and can_road(st, p)
            and victory_points(st, p) - st.robin_stats[RB_VP] >= w[W_FENCE_LEAD]):
        e = fence_road(st, p)
        if e >= 0:
            return A_ROAD, e, 0
    if a == A_ROAD and loses_by_enclosing(st, p, x):
        return A_END, 0, 0
    return a, x, y


@variant_code(ROBIN_HOOD, -1)
def free_road(st, p, w):
    """A road of the road-building card: a fence road for the warden, else the builder's."""
    if w[W_ENCLOSE] > 0:
        e = fence_road(st, p)
        if e >= 0:
            return e
    e = builder.free_road(st, p, w)
    return -1 if e >= 0 and loses_by_enclosing(st, p, e) else e
