"""Building rules on constructed positions (docs/rules.md, Base game: distance rule, roads,
settlements, cities, pieces per player, costs).  Beginner board; corners and
edges are numbered as in simcore/engine/topology.py."""
import pytest

from simcore.engine.actions import A_BUY_DEV, A_CITY, A_ROAD, A_SETTLEMENT
from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.engine.pieces import spot_is_free
from simcore.engine.records import S_ROADS
from simcore.engine.state import (COST_CITY, COST_DEVCARD, COST_ROAD, COST_SETTLEMENT, PIECE_CITY, PIECE_ROAD,
                                  PIECE_SETTLEMENT, PIECE_LIMITS)
from simcore.engine.topology import CORNER_NEIGHBOURS
from tests.positions import city, deal, edge, new_position, roads, settle, supply_kept

SETTLEMENT_CARDS = [1, 1, 1, 1, 0]
CITY_CARDS = [0, 0, 0, 2, 3]
ROAD_CARDS = [1, 1, 0, 0, 0]
# 16 corners along the west and south coast: a path of 15 edges
LONG_PATH = [0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51, 48, 52, 49, 53]


# --- distance rule --------------------------------------------------------------

def test_distance_rule_forbids_the_corner_and_its_neighbours():
    # docs/rules.md, Base game: settlements obey the distance rule (no building on a neighbouring corner)
    st, _ = new_position()
    settle(st, 0, 13)
    assert not spot_is_free(st, 13)
    for n in CORNER_NEIGHBOURS[13]:
        assert n < 0 or not spot_is_free(st, n)
    assert spot_is_free(st, 4)  # two edges away: allowed


def test_distance_rule_holds_for_settlements_built_in_play():
    # docs/rules.md, Base game: player 0's road reaches corner 8, next to player 1's settlement at 13
    st, _ = new_position()
    settle(st, 0, 4)
    roads(st, 0, [4, 8, 12])
    settle(st, 1, 13)
    deal(st, 0, SETTLEMENT_CARDS)
    assert not is_legal(st, 0, A_SETTLEMENT, 8, 0)
    assert is_legal(st, 0, A_SETTLEMENT, 12, 0)


# --- settlements need an own road -----------------------------------------------

def test_settlement_outside_setup_needs_an_own_road():
    # docs/rules.md, Base game: outside setup a settlement must touch one of the builder's own roads
    st, _ = new_position()
    settle(st, 0, 4)
    settle(st, 1, 22)
    roads(st, 1, [22, 17, 12])          # player 1's road reaches corner 12
    deal(st, 0, SETTLEMENT_CARDS)
    deal(st, 1, SETTLEMENT_CARDS)
    assert spot_is_free(st, 12)
    assert not is_legal(st, 0, A_SETTLEMENT, 12, 0)   # an opponent's road does not help
    assert is_legal(st, 1, A_SETTLEMENT, 12, 0)
    roads(st, 0, [4, 8, 12])
    assert is_legal(st, 0, A_SETTLEMENT, 12, 0)


def test_settlement_needs_a_road_even_next_to_an_own_building_two_away():
    # a free corner two edges from an own settlement, without a road, is not enough
    st, _ = new_position()
    settle(st, 0, 4)
    deal(st, 0, SETTLEMENT_CARDS)
    assert spot_is_free(st, 12)
    assert not is_legal(st, 0, A_SETTLEMENT, 12, 0)


# --- roads must connect ---------------------------------------------------------

def test_road_must_touch_an_own_building_or_road():
    # docs/rules.md, Base game: a road joins the player's network
    st, _ = new_position()
    settle(st, 0, 4)
    deal(st, 0, ROAD_CARDS)
    assert is_legal(st, 0, A_ROAD, edge(4, 8), 0)        # at the own settlement
    assert not is_legal(st, 0, A_ROAD, edge(8, 12), 0)   # one edge away from the network
    assert not is_legal(st, 0, A_ROAD, edge(44, 48), 0)  # across the board
    roads(st, 0, [4, 8])
    assert is_legal(st, 0, A_ROAD, edge(8, 12), 0)       # now it extends the road


def test_road_may_not_continue_through_an_opponents_building():
    # docs/rules.md, Base game: an opponent's settlement breaks the network at its corner
    st, _ = new_position()
    settle(st, 0, 4)
    roads(st, 0, [4, 8, 12])
    settle(st, 1, 22)
    roads(st, 1, [22, 17])
    settle(st, 1, 12)                  # player 1 settles at the end of player 0's road
    deal(st, 0, ROAD_CARDS)
    deal(st, 1, ROAD_CARDS)
    assert not is_legal(st, 0, A_ROAD, edge(12, 7), 0)   # would pass through 1's settlement
    assert is_legal(st, 1, A_ROAD, edge(12, 7), 0)
    assert is_legal(st, 0, A_ROAD, edge(8, 13), 0)       # an empty corner of its own road


def test_road_on_an_occupied_edge_is_illegal():
    st, _ = new_position()
    settle(st, 0, 4)
    settle(st, 1, 12)
    roads(st, 1, [12, 8])
    deal(st, 0, ROAD_CARDS)
    assert not is_legal(st, 0, A_ROAD, edge(12, 8), 0)
    assert is_legal(st, 0, A_ROAD, edge(4, 8), 0)         # the free edge beside it is legal


# --- cities ---------------------------------------------------------------------

def test_city_only_on_an_own_settlement():
    # docs/rules.md, Base game: a city upgrades one of the player's own settlements
    st, _ = new_position()
    settle(st, 0, 4)
    settle(st, 1, 13)
    deal(st, 0, [0, 0, 0, 4, 6])
    assert not is_legal(st, 0, A_CITY, 13, 0)   # opponent's settlement
    assert not is_legal(st, 0, A_CITY, 24, 0)   # empty corner
    assert is_legal(st, 0, A_CITY, 4, 0)
    apply_action(st, 0, A_CITY, 4, 0)
    assert st.corner_level[4] == 2
    assert not is_legal(st, 0, A_CITY, 4, 0)    # already a city


# --- pieces per player ----------------------------------------------------------

def test_sixth_settlement_is_illegal():
    # docs/rules.md, Base game: 5 settlements per player
    st, _ = new_position()
    for c in (0, 2, 11, 15, 33):
        settle(st, 0, c)
    roads(st, 0, [27, 21])
    deal(st, 0, SETTLEMENT_CARDS)
    assert st.pieces[0, PIECE_SETTLEMENT] == 0
    assert spot_is_free(st, 21)
    assert not is_legal(st, 0, A_SETTLEMENT, 21, 0)
    city(st, 0, 0)                     # a city returns its settlement to the supply
    assert st.pieces[0, PIECE_SETTLEMENT] == 1
    assert is_legal(st, 0, A_SETTLEMENT, 21, 0)


def test_fifth_city_is_illegal():
    # docs/rules.md, Base game: 4 cities per player
    st, _ = new_position()
    for c in (0, 2, 11, 15):
        city(st, 0, c)
    settle(st, 0, 33)
    deal(st, 0, CITY_CARDS)
    assert st.pieces[0, PIECE_CITY] == 0
    assert not is_legal(st, 0, A_CITY, 33, 0)


def test_sixteenth_road_is_illegal():
    # docs/rules.md, Base game: 15 roads per player
    st, _ = new_position()
    settle(st, 0, 0)
    roads(st, 0, LONG_PATH)
    deal(st, 0, ROAD_CARDS)
    assert st.pieces[0, PIECE_ROAD] == 0 and st.stats[0, S_ROADS] == 15
    assert not is_legal(st, 0, A_ROAD, edge(0, 4), 0)


def test_pieces_left_count_down_from_the_limits():
    st, _ = new_position()
    assert PIECE_LIMITS == (5, 4, 15)
    assert list(st.pieces[0]) == [5, 4, 15]
    settle(st, 0, 4)
    roads(st, 0, [4, 8])
    city(st, 0, 4)
    assert list(st.pieces[0]) == [5, 3, 14]


# --- costs ----------------------------------------------------------------------

@pytest.mark.parametrize("action, where, cost", [
    (A_ROAD, "road", COST_ROAD),
    (A_SETTLEMENT, "settlement", COST_SETTLEMENT),
    (A_CITY, "city", COST_CITY),
    (A_BUY_DEV, "", COST_DEVCARD),
])
def test_costs_are_paid_to_the_bank(action, where, cost):
    # docs/rules.md, Base game: road = lumber+brick; settlement = lumber+brick+wool+grain; city = 2 grain + 3 ore;
    # development card = wool+grain+ore
    st, _ = new_position()
    settle(st, 0, 4)
    roads(st, 0, [4, 8, 12])
    x = {"road": edge(4, 0), "settlement": 12, "city": 4, "": 0}[where]
    deal(st, 0, cost)
    for r in range(5):                 # one card short of any resource: not affordable
        if cost[r]:
            st.hand[0, r] -= 1
            assert not is_legal(st, 0, action, x, 0)
            st.hand[0, r] += 1
    bank = st.bank.copy()
    assert is_legal(st, 0, action, x, 0)
    apply_action(st, 0, action, x, 0)
    assert st.hand[0].sum() == 0
    assert (st.bank == bank + cost).all()
    assert supply_kept(st)


def test_cost_constants_are_the_rulebook_costs():
    assert list(COST_ROAD) == [1, 1, 0, 0, 0]
    assert list(COST_SETTLEMENT) == [1, 1, 1, 1, 0]
    assert list(COST_CITY) == [0, 0, 0, 2, 3]
    assert list(COST_DEVCARD) == [0, 0, 1, 1, 1]
