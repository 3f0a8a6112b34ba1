"""Board layouts (docs/rules.md, Base game): `beginner` (the rulebook's fixed starting layout) and
`random` (shuffled hexes, numbers and harbours, optionally no adjacent 6/8)."""
import numpy as np
from simcore.accel.jit import jitted

from simcore.engine.state import DESERT, GENERIC_HARBOUR, PIPS, copy_into, randint
from simcore.engine.topology import HARBOUR_CORNERS, HEX_CORNERS, HEX_NEIGHBOURS, N_HARBOURS, N_HEXES

# Hex tiles of the base game: 4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert.
TILES = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, DESERT], np.int64)
NUMBERS = np.array([2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12], np.int64)
# 4 generic 3:1 harbours and one 2:1 harbour per resource
HARBOURS = np.array([GENERIC_HARBOUR] * 4 + [0, 1, 2, 3, 4], np.int64)

# The rulebook's beginner layout, hexes in topology order (rows top to bottom):
#   ore 10, wool 2, lumber 9 / grain 12, brick 6, wool 4, brick 10 /
#   grain 9, lumber 11, desert, lumber 3, ore 8 / lumber 8, ore 3, grain 4, wool 5 /
#   brick 5, grain 6, wool 11
BEGINNER_RESOURCES = np.array([4, 2, 0, 3, 1, 2, 1, 3, 0, DESERT, 0, 4, 0, 4, 3, 2, 1, 3, 2], np.int64)
BEGINNER_NUMBERS = np.array([10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11], np.int64)
# harbour kinds at the 9 harbour positions (topology.HARBOUR_SEA order, clockwise from top left)
BEGINNER_HARBOURS = np.array([GENERIC_HARBOUR, 2, GENERIC_HARBOUR, GENERIC_HARBOUR, 1, 0,
                              GENERIC_HARBOUR, 3, 4], np.int64)


@jitted
def shuffle(a):
    """Fisher-Yates on top of randint (same result with and without the JIT)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = randint(i + 1)
        a[i], a[j] = a[j], a[i]


@jitted
def red_numbers_adjacent(numbers):
    for h in range(N_HEXES):
        if numbers[h] == 6 or numbers[h] == 8:
            for k in range(6):
                n = HEX_NEIGHBOURS[h, k]
                if n >= 0 and (numbers[n] == 6 or numbers[n] == 8):
                    return True
    return False


@jitted
def place_harbours(st, kinds):
    for i in range(N_HARBOURS):
        for j in range(2):
            st.corner_harbour[HARBOUR_CORNERS[i, j]] = kinds[i]


@jitted
def setup_board(st, layout_beginner, no_adjacent_red):
    """Fill hexes, numbers, harbours and corner_pips/corner_res_mask/number_hexes; put the robber on the desert."""
    if layout_beginner:
        copy_into(st.hex_resource, BEGINNER_RESOURCES)
        copy_into(st.hex_number, BEGINNER_NUMBERS)
        place_harbours(st, BEGINNER_HARBOURS)
    else:
        tiles = TILES.copy()
        shuffle(tiles)
        copy_into(st.hex_resource, tiles)
        numbers = NUMBERS.copy()
        while True:
            shuffle(numbers)
            k = 0
            for h in range(N_HEXES):
                if tiles[h] == DESERT:
                    st.hex_number[h] = 0
                else:
                    st.hex_number[h] = numbers[k]
                    k += 1
            if not no_adjacent_red or not red_numbers_adjacent(st.hex_number):
                break
        harbours = HARBOURS.copy()
        shuffle(harbours)
        place_harbours(st, harbours)
    st.number_hexes[:] = -1
    for h in range(N_HEXES):
        n = st.hex_number[h]
        if st.number_hexes[n, 0] < 0:
            st.number_hexes[n, 0] = h
        else:
            st.number_hexes[n, 1] = h
        if st.hex_resource[h] == DESERT:
            st.robber = h
        else:
            for k in range(6):
                st.corner_pips[HEX_CORNERS[h, k], st.hex_resource[h]] += PIPS[st.hex_number[h]]
                st.corner_res_mask[HEX_CORNERS[h, k]] |= 1 << st.hex_resource[h]
