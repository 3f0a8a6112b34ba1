"""Board topology and layouts (docs/rules.md, Base game: "Board")."""
from collections import Counter

import numpy as np
import pytest

from simcore.engine import params as P
from simcore.engine.board import (BEGINNER_HARBOURS, BEGINNER_NUMBERS, BEGINNER_RESOURCES, HARBOURS, NUMBERS, TILES,
                                  red_numbers_adjacent, setup_board)
from simcore.engine.state import DESERT, GENERIC_HARBOUR, N_RESOURCES, PIPS, new_state_buffer
from simcore.engine.topology import (CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS, EDGE_CORNERS, EDGE_HEXES,
                                     HARBOUR_CORNERS, HEX_CORNERS, HEX_EDGES, HEX_NEIGHBOURS, N_CORNERS, N_EDGES,
                                     N_HARBOURS, N_HEXES)
from tests.positions import new_position


def _coastal(c):
    return (CORNER_HEXES[c] >= 0).sum() < 3


def _board(seed, layout=P.LAYOUT_RANDOM, no_adjacent_red=False):
    st, _ = new_position(seed=seed, layout=layout, no_adjacent_red=no_adjacent_red)
    return st


# --- topology -------------------------------------------------------------------

def test_board_sizes():
    # docs/rules.md, Base game: 19 land hexes; the standard board has 54 corners and 72 edges
    assert (N_HEXES, N_CORNERS, N_EDGES, N_HARBOURS) == (19, 54, 72, 9)
    assert HEX_CORNERS.shape == (19, 6) and HEX_EDGES.shape == (19, 6)


def test_every_hex_has_six_distinct_corners_and_edges():
    for h in range(N_HEXES):
        assert len(set(HEX_CORNERS[h])) == 6 and (HEX_CORNERS[h] >= 0).all()
        assert len(set(HEX_EDGES[h])) == 6 and (HEX_EDGES[h] >= 0).all()
        # each edge of the hex joins two of its corners, and the hex lies beside it
        for e in HEX_EDGES[h]:
            assert set(EDGE_CORNERS[e]) <= set(HEX_CORNERS[h])
            assert h in EDGE_HEXES[e]


def test_every_corner_and_edge_belongs_to_a_hex():
    assert set(HEX_CORNERS.ravel()) == set(range(N_CORNERS))
    assert set(HEX_EDGES.ravel()) == set(range(N_EDGES))


def test_corner_degrees_are_two_or_three():
    degrees = (CORNER_NEIGHBOURS >= 0).sum(axis=1)
    assert set(degrees) == {2, 3}
    assert ((CORNER_EDGES >= 0).sum(axis=1) == degrees).all()
    # the handshake lemma: the degrees add up to twice the edges
    assert degrees.sum() == 2 * N_EDGES


def test_every_edge_joins_neighbouring_corners():
    for e in range(N_EDGES):
        a, b = EDGE_CORNERS[e]
        assert a != b
        assert b in CORNER_NEIGHBOURS[a] and a in CORNER_NEIGHBOURS[b]
        assert e in CORNER_EDGES[a] and e in CORNER_EDGES[b]
    pairs = {tuple(sorted(EDGE_CORNERS[e])) for e in range(N_EDGES)}
    assert len(pairs) == N_EDGES  # no two edges join the same corners


def test_corner_hexes_agree_with_hex_corners():
    for c in range(N_CORNERS):
        hexes = [h for h in CORNER_HEXES[c] if h >= 0]
        assert sorted(hexes) == sorted(h for h in range(N_HEXES) if c in HEX_CORNERS[h])


def test_hex_neighbours_share_an_edge():
    for h in range(N_HEXES):
        for n in HEX_NEIGHBOURS[h]:
            if n >= 0:
                assert h in HEX_NEIGHBOURS[n]
                assert len(set(HEX_CORNERS[h]) & set(HEX_CORNERS[n])) == 2


def test_coast_has_thirty_corners():
    assert sum(_coastal(c) for c in range(N_CORNERS)) == 30


def test_nine_harbours_on_eighteen_distinct_coastal_corners():
    # docs/rules.md, Base game: 9 harbours on the coast, each serving the two corners of one coastal edge
    corners = HARBOUR_CORNERS.ravel()
    assert len(set(corners)) == 18
    assert all(_coastal(c) for c in corners)
    for a, b in HARBOUR_CORNERS:
        assert b in CORNER_NEIGHBOURS[a]


# --- layouts --------------------------------------------------------------------

def test_beginner_layout_matches_the_constants():
    st = _board(0, layout=P.LAYOUT_BEGINNER)
    assert (st.hex_resource == BEGINNER_RESOURCES).all()
    assert (st.hex_number == BEGINNER_NUMBERS).all()
    for i in range(N_HARBOURS):
        assert list(st.corner_harbour[HARBOUR_CORNERS[i]]) == [BEGINNER_HARBOURS[i]] * 2
    assert st.robber == 9 and st.hex_resource[9] == DESERT


def test_beginner_layout_is_the_same_for_every_seed():
    a, b = _board(1, layout=P.LAYOUT_BEGINNER), _board(2, layout=P.LAYOUT_BEGINNER)
    assert (a.hex_resource == b.hex_resource).all() and (a.corner_harbour == b.corner_harbour).all()


@pytest.mark.parametrize("seed", range(20))
def test_random_layout_has_the_base_game_pieces(seed):
    # docs/rules.md, Base game: 4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert; the 18 number
    # tokens, none on the desert; 4 generic and one 2:1 harbour per resource; robber on the desert
    st = _board(seed)
    assert Counter(st.hex_resource) == Counter(TILES) == Counter({0: 4, 1: 3, 2: 4, 3: 4, 4: 3, DESERT: 1})
    desert = int(np.flatnonzero(st.hex_resource == DESERT)[0])
    assert st.hex_number[desert] == 0
    assert Counter(st.hex_number[st.hex_resource != DESERT]) == Counter(NUMBERS)
    assert sorted(NUMBERS) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    kinds = [st.corner_harbour[a] for a, b in HARBOUR_CORNERS]
    assert all(st.corner_harbour[a] == st.corner_harbour[b] for a, b in HARBOUR_CORNERS)
    assert Counter(kinds) == Counter(HARBOURS) == Counter({GENERIC_HARBOUR: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1})
    assert (st.corner_harbour >= 0).sum() == 18
    assert st.robber == desert


def test_random_layouts_differ_between_seeds():
    boards = {tuple(_board(s).hex_resource) for s in range(10)}
    assert len(boards) > 5


@pytest.mark.parametrize("layout", [P.LAYOUT_BEGINNER, P.LAYOUT_RANDOM])
def test_corner_pips_and_resource_mask_follow_the_hexes(layout):
    st = _board(3, layout=layout)
    for c in range(N_CORNERS):
        pips = np.zeros(N_RESOURCES, np.int64)
        mask = 0
        for h in CORNER_HEXES[c]:
            if h >= 0 and st.hex_resource[h] != DESERT:
                pips[st.hex_resource[h]] += PIPS[st.hex_number[h]]
                mask |= 1 << st.hex_resource[h]
        assert (st.corner_pips[c] == pips).all() and st.corner_res_mask[c] == mask


def test_pips_are_the_ways_to_roll_a_number():
    ways = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert [PIPS[n] for n in range(2, 13) if n != 7] == [ways[n] for n in range(2, 13) if n != 7]


def _red_adjacent(hex_number):
    red = [h for h in range(N_HEXES) if hex_number[h] in (6, 8)]
    return any(n in red for h in red for n in HEX_NEIGHBOURS[h])


def test_no_adjacent_red_holds_for_every_seed():
    # docs/rules.md, Base game: random boards may forbid adjacent 6/8 (board.no_adjacent_red = true)
    for seed in range(300):
        assert not _red_adjacent(_board(seed, no_adjacent_red=True).hex_number), seed


def test_without_no_adjacent_red_some_boards_have_adjacent_reds():
    adjacent = sum(_red_adjacent(_board(seed).hex_number) for seed in range(300))
    assert 100 < adjacent < 300  # most shuffled boards (about 85%) put a 6 or 8 next to another


def test_red_numbers_adjacent_agrees_with_a_plain_check():
    rng = np.random.default_rng(5)
    for _ in range(200):
        numbers = np.zeros(N_HEXES, np.int64)
        numbers[rng.permutation(N_HEXES)[:18]] = rng.permutation(NUMBERS)
        assert red_numbers_adjacent(numbers) == _red_adjacent(numbers)


def test_setup_board_puts_the_robber_on_the_desert():
    buf = new_state_buffer()
    st = buf[0]
    st.corner_harbour[:] = -1
    np.random.seed(11)
    setup_board(st, False, False)
    assert st.hex_resource[st.robber] == DESERT
