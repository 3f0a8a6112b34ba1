"""Robin Hood's board (docs/rules.md, Robin Hood): who is who, the codes of the mode, and the
questions the mode (simcore.variants.robin_hood.rules) and the Sheriff's policies ask about hexes.

Owners: the Sheriff is player 0, the one seat.  The neutral colour is NEUTRAL, a row
of the player arrays that no seat uses: production, steals, longest road and largest
army go over the seats (range(st.players)) and never see it, while the distance rule
and road passage treat it as any other colour.  Robin is the robber: st.robber is
his hex, and he blocks its production as the robber does.  He is not a player: he
holds no cards (what he steals goes back to the bank) and his VP are a counter.
"""
from simcore.accel.jit import jitted

from simcore.engine.topology import CORNER_HEXES, HEX_CORNERS, HEX_EDGES, HEX_NEIGHBOURS, N_HEXES
from simcore.variants.robin_hood import ENCLOSURE_ALL_EDGES, NEUTRAL, SHERIFF


@jitted
def open_side(st, h, k):
    """The land hex next to h in direction k if Robin may cross to it (no Sheriff road
    on the shared edge; neutral roads do not stop him), else -1."""
    n = HEX_NEIGHBOURS[h, k]
    if n >= 0 and st.edge_owner[HEX_EDGES[h, k]] != SHERIFF:
        return n
    return -1


@jitted
def destinations(st, h, card):
    """(hexes of resource `card` next to h, how many of them Robin may cross to)."""
    near = 0
    reachable = 0
    for k in range(6):
        n = HEX_NEIGHBOURS[h, k]
        if n >= 0 and st.hex_resource[n] == card:
            near += 1
            if open_side(st, h, k) >= 0:
                reachable += 1
    return near, reachable


@jitted
def is_open_neighbour(st, h, t):
    """Robin may cross from h to t (t a land hex next to h, no Sheriff road between)."""
    for k in range(6):
        if t >= 0 and open_side(st, h, k) == t:
            return True
    return False


@jitted
def n_open_neighbours(st, h):
    n = 0
    for k in range(6):
        if open_side(st, h, k) >= 0:
            n += 1
    return n


@jitted
def hex_vp(st, h, owner):
    """VP of `owner`'s buildings on h's corners (settlement 1, city 2)."""
    vp = 0
    for k in range(6):
        c = HEX_CORNERS[h, k]
        if st.corner_owner[c] == owner:
            vp += st.corner_level[c]
    return vp


@jitted
def hex_score(st, h):
    """What Robin scores at h on a 7: the VP of every building on its corners."""
    vp = 0
    for k in range(6):
        vp += st.corner_level[HEX_CORNERS[h, k]]
    return vp


@jitted
def best_score(st):
    best = 0
    for h in range(N_HEXES):
        best = max(best, hex_score(st, h))
    return best


@jitted
def fence_edge(st, h, k):
    """Edge k of h is part of the enclosure (robin.enclosure): an edge towards another
    land hex, or with "all_edges" any edge, those to the sea too."""
    return HEX_NEIGHBOURS[h, k] >= 0 or st.robin_enclosure == ENCLOSURE_ALL_EDGES


@jitted
def fence_missing(st, h):
    """Edges of the enclosure of h that carry no Sheriff road yet, or -1 when one
    carries a neutral road (h can then never be fenced in)."""
    missing = 0
    for k in range(6):
        if fence_edge(st, h, k):
            owner = st.edge_owner[HEX_EDGES[h, k]]
            if owner < 0:
                missing += 1
            elif owner != SHERIFF:
                return -1
    return missing


@jitted
def fence_count(st, h):
    """Sheriff roads on the edges of the enclosure of h."""
    n = 0
    for k in range(6):
        if fence_edge(st, h, k) and st.edge_owner[HEX_EDGES[h, k]] == SHERIFF:
            n += 1
    return n


@jitted
def enclosed(st, h):
    """docs/rules.md, Robin Hood (robin.enclosure): every edge of h's enclosure carries a Sheriff road
    (towards other land hexes with "hex", all six with "all_edges").  fence_missing(st, h) == 0,
    stopping at the first edge without one (asked after every action of the Sheriff)."""
    for k in range(6):
        if fence_edge(st, h, k) and st.edge_owner[HEX_EDGES[h, k]] != SHERIFF:
            return False
    return True


@jitted
def edge_on_hex(e, h):
    for k in range(6):
        if HEX_EDGES[h, k] == e:
            return True
    return False


@jitted
def corner_on_hex(c, h):
    for j in range(3):
        if CORNER_HEXES[c, j] == h:
            return True
    return False
