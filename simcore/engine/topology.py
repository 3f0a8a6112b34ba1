"""The standard 19-hex board, numbered once into constant index tables.

Hexes use axial coordinates (q, r), pointy-top.  Land hexes are those with
max(|q|, |r|, |q+r|) <= 2, numbered row by row from the top (r = -2) and left
to right (q ascending):

            0   1   2                 r = -2
          3   4   5   6               r = -1
        7   8   9  10  11             r =  0   (9 is the centre, q = r = 0)
         12  13  14  15               r =  1
           16  17  18                 r =  2

A corner is the point where three hex positions meet (sea positions at
distance 3 included); an edge is the side shared by two hex positions.  The
board has the 54 corners and 72 edges that touch at least one land hex,
numbered top to bottom, then left to right, by their position on the page.
Every table is padded with -1.

Harbours: 9 harbour sea hexes, every second one of the 18 around the island,
each serving the two corners of one of its sides that touches land.
"""
import math

import numpy as np

# Axial neighbour directions, counter-clockwise from east.  Corner k of a hex
# lies between directions k and k+1 (k = 0 is the upper-right corner).
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

N_HEXES = 19
N_CORNERS = 54
N_EDGES = 72
N_HARBOURS = 9


def _is_land(h):
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) <= 2


def _centre(h):
    """Page position of a hex centre (x right, y down)."""
    q, r = h
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _build():
    land = sorted(((q, r) for q in range(-2, 3) for r in range(-2, 3) if _is_land((q, r))),
                  key=lambda h: (h[1], h[0]))
    hex_index = {h: i for i, h in enumerate(land)}

    def add(h, d):
        return h[0] + d[0], h[1] + d[1]

    corner_keys, edge_keys = set(), set()
    for h in land:
        for k in range(6):
            a, b = add(h, DIRECTIONS[k]), add(h, DIRECTIONS[(k + 1) % 6])
            corner_keys.add(tuple(sorted((h, a, b))))
            edge_keys.add(tuple(sorted((h, a))))

    def page_pos(key):
        xs, ys = zip(*(_centre(h) for h in key))
        return round(sum(ys) / len(ys), 6), round(sum(xs) / len(xs), 6)

    corners = sorted(corner_keys, key=page_pos)
    edges = sorted(edge_keys, key=page_pos)
    corner_index = {c: i for i, c in enumerate(corners)}
    edge_index = {e: i for i, e in enumerate(edges)}
    assert len(corners) == N_CORNERS and len(edges) == N_EDGES

    hex_corners = np.full((N_HEXES, 6), -1, np.int64)
    hex_edges = np.full((N_HEXES, 6), -1, np.int64)
    hex_neighbours = np.full((N_HEXES, 6), -1, np.int64)
    for i, h in enumerate(land):
        for k in range(6):
            a, b = add(h, DIRECTIONS[k]), add(h, DIRECTIONS[(k + 1) % 6])
            hex_corners[i, k] = corner_index[tuple(sorted((h, a, b)))]
            hex_edges[i, k] = edge_index[tuple(sorted((h, a)))]
            hex_neighbours[i, k] = hex_index.get(a, -1)

    corner_hexes = np.full((N_CORNERS, 3), -1, np.int64)        # land hexes only
    corner_positions = np.zeros((N_CORNERS, 3, 2), np.int64)    # all 3 positions, sea included
    for i, c in enumerate(corners):
        corner_positions[i] = c
        lands = [hex_index[h] for h in c if h in hex_index]
        corner_hexes[i, :len(lands)] = lands

    edge_corners = np.full((N_EDGES, 2), -1, np.int64)
    edge_hexes = np.full((N_EDGES, 2), -1, np.int64)            # land hexes on either side
    edge_positions = np.zeros((N_EDGES, 2, 2), np.int64)
    for i, e in enumerate(edges):
        h, a = e
        edge_positions[i] = e
        ends = [corner_index[k] for k in corner_keys if h in k and a in k]
        edge_corners[i] = sorted(ends)
        lands = [hex_index[x] for x in e if x in hex_index]
        edge_hexes[i, :len(lands)] = lands

    corner_edges = np.full((N_CORNERS, 3), -1, np.int64)
    corner_neighbours = np.full((N_CORNERS, 3), -1, np.int64)
    fill = np.zeros(N_CORNERS, np.int64)
    for e in range(N_EDGES):
        a, b = edge_corners[e]
        corner_edges[a, fill[a]], corner_neighbours[a, fill[a]] = e, b
        corner_edges[b, fill[b]], corner_neighbours[b, fill[b]] = e, a
        fill[a] += 1
        fill[b] += 1

    # Sea ring at distance 3, clockwise from the top-left corner position (0, -3).
    ring, h = [], (0, -3)
    for d in (DIRECTIONS[0], DIRECTIONS[5], DIRECTIONS[4], DIRECTIONS[3], DIRECTIONS[2], DIRECTIONS[1]):
        for _ in range(3):
            ring.append(h)
            h = add(h, d)
    harbour_sea = ring[0::2]
    harbour_corners = np.full((N_HARBOURS, 2), -1, np.int64)
    harbour_edges = np.full(N_HARBOURS, -1, np.int64)
    for i, s in enumerate(harbour_sea):
        # the side facing the first land neighbour clockwise
        lands = [add(s, d) for d in DIRECTIONS if _is_land(add(s, d))]
        e = edge_index[tuple(sorted((s, lands[0])))]
        harbour_edges[i] = e
        harbour_corners[i] = edge_corners[e]

    hex_positions = np.array(land, np.int64)
    return (hex_positions, hex_corners, hex_edges, hex_neighbours, corner_hexes, corner_positions,
            corner_edges, corner_neighbours, edge_corners, edge_hexes, edge_positions,
            harbour_edges, harbour_corners, np.array(harbour_sea, np.int64))


(HEX_POSITIONS,      # [19, 2] axial (q, r) of each land hex
 HEX_CORNERS,        # [19, 6] corners of a hex, k = 0 upper right, counter-clockwise
 HEX_EDGES,          # [19, 6] edges of a hex, edge k faces direction k
 HEX_NEIGHBOURS,     # [19, 6] land hex in direction k, -1 = sea
 CORNER_HEXES,       # [54, 3] land hexes at a corner, -1 padded
 CORNER_POSITIONS,   # [54, 3, 2] the three hex positions (axial) meeting at a corner, sea included
 CORNER_EDGES,       # [54, 3] edges at a corner, -1 padded
 CORNER_NEIGHBOURS,  # [54, 3] corner at the other end of CORNER_EDGES[c, k]
 EDGE_CORNERS,       # [72, 2] the two corners of an edge
 EDGE_HEXES,         # [72, 2] land hexes on either side, -1 = sea
 EDGE_POSITIONS,     # [72, 2, 2] the two hex positions (axial) of an edge, sea included
 HARBOUR_EDGES,      # [9] coastal edge of each harbour
 HARBOUR_CORNERS,    # [9, 2] corners a harbour serves
 HARBOUR_SEA,        # [9, 2] axial position of each harbour's sea hex
 ) = _build()

CENTRE_HEX = 9
