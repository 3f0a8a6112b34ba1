"""Cities & Knights (docs/rules.md, Cities & Knights) rules on built positions: setup, production with
commodities and the shortage rule, the robber asleep, the hand limit with walls, gate
draws, improvements and metropolises, walls, forbidden base actions, VP sources.

Beginner board: hex 0 ore 10 (corner 4 touches hexes 0, 1 and the sea), hex 1 wool 2,
hex 4 brick 6 (corners 13 8 12 17 23 18), hex 5 wool 4, hex 8 lumber 11, hex 9 desert
(corner 23 touches hexes 8, 4, 9), hex 3 grain 12."""
import pytest

from simcore.engine import records as R
from simcore.engine.actions import A_BUY_DEV, A_CITY, A_KNIGHT, A_ROAD
from simcore.variants.ck.rules import seven, victory_points as ck_vp
from simcore.variants.ck.barbarians import gate
from simcore.variants.ck.board import can_improve
from simcore.variants.ck.cities import damage
from simcore.engine.economy import produce
from simcore.engine.game import apply_action, setup_phase
from simcore.engine.legal import is_legal
from simcore.engine.state import victory_points
from simcore.variants import ck as CKD
from simcore.variants.ck import A_CK_IMPROVE, A_CK_REPAIR, A_CK_WALL
from tests.ck_positions import CLOTH, COIN, KINDS, PAPER, ck_position, conserved
from tests.positions import city, deal, edge, roads, script, set_hand, settle

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
ORE10, WOOL2, BRICK6, LUMBER11 = 0, 1, 4, 8


def test_setup_places_a_settlement_then_a_city_with_one_resource_per_hex():
    st, params = ck_position(policy="greedy")
    setup_phase(st)
    for p in range(4):
        assert st.stats[p, R.S_SETTLEMENTS] == 1 and st.stats[p, R.S_CITIES] == 1
        assert 2 <= st.hand[p].sum() <= 3 and st.hand[p, PAPER:].sum() == 0
    assert conserved(st, params)


def test_a_city_takes_a_commodity_on_forest_pasture_mountains():
    st, params = ck_position()
    city(st, 0, 4)                       # ore 10, wool 2
    settle(st, 1, 13)                    # brick 6, wool 2, wool 4
    city(st, 2, 12)                      # brick 6 (and ore 10)
    produce(st, 6)
    assert st.hand[2, BRICK] == 2 and st.hand[2, PAPER:].sum() == 0 and st.hand[1, BRICK] == 1
    produce(st, 10)
    assert st.hand[0, ORE] == 1 and st.hand[0, COIN] == 1
    produce(st, 2)
    assert st.hand[0, WOOL] == 1 and st.hand[0, CLOTH] == 1 and st.hand[1, WOOL] == 1
    assert conserved(st, params)


def test_a_damaged_city_produces_as_a_settlement():
    st, params = ck_position()
    city(st, 0, 4)
    damage(st, 0, 4)
    produce(st, 10)
    assert st.hand[0, ORE] == 1 and st.hand[0, COIN] == 0


def test_the_shortage_rule_applies_to_commodities():
    st, params = ck_position(commodity_supply=1)
    city(st, 0, 4)
    st2, _ = ck_position(commodity_supply=1)
    city(st2, 0, 4)
    produce(st2, 10)                      # a single claimant takes what is left
    assert st2.hand[0, COIN] == 1
    # two claimants, one coin: nobody gets it, the ore is paid
    from simcore.engine.topology import HEX_CORNERS
    other = [c for c in HEX_CORNERS[ORE10] if c != 4 and c not in (3, 5)][0]
    city(st, 1, other)
    produce(st, 10)
    assert st.hand[0, COIN] == 0 and st.hand[1, COIN] == 0
    assert st.hand[0, ORE] == 1 and st.hand[1, ORE] == 1
    assert conserved(st, params)


def test_the_robber_sleeps_until_the_first_attack(monkeypatch):
    st, params = ck_position()
    city(st, 0, 4)
    deal(st, 1, lumber=9)
    moves = script(monkeypatch, "robber", (ORE10, 0))
    robber = st.robber
    seven(st, 0)
    assert st.robber == robber and not moves       # asleep
    assert st.hand[1].sum() == 5                   # discards happen all the same
    st.ck_attacks = 1
    seven(st, 2)
    assert st.robber == ORE10 and moves


def test_hand_limit_is_seven_plus_two_per_wall():
    st, params = ck_position()
    city(st, 1, 4)
    st.ck_wall[4] = 1
    st.ck_walls[1] = 1
    deal(st, 1, lumber=9)
    seven(st, 0)
    assert st.hand[1].sum() == 9
    deal(st, 1, lumber=1)
    seven(st, 0)
    assert st.hand[1].sum() == 5


@pytest.mark.parametrize("level,red,draws", [(1, 2, True), (1, 3, False), (2, 3, True), (3, 4, True),
                                             (3, 5, False), (5, 6, True), (0, 1, False)])
def test_gate_draws_by_level_and_red_die(level, red, draws):
    st, params = ck_position()
    st.ck_level[2, 1] = level
    gate(st, 0, 1, red)
    assert (st.ck_progress[2].sum() + st.ck_progress_vp[2] == 1) == draws
    assert st.ck_progress[2, [i for i, c in enumerate(CKD.PROGRESS_COLOUR) if c != 1]].sum() == 0


def test_progress_hand_limit_four():
    st, params = ck_position()
    st.ck_level[0, 0] = 5
    for _ in range(12):
        gate(st, 0, 0, 1)
    assert st.ck_progress[0].sum() == 4


def _improve(st, p, t):
    assert is_legal(st, p, A_CK_IMPROVE, t, 0)
    apply_action(st, p, A_CK_IMPROVE, t, 0)


def test_improvement_costs_level_commodities_and_needs_a_city():
    st, params = ck_position()
    settle(st, 0, 4)
    deal(st, 0, kinds=KINDS, paper=1)
    assert not can_improve(st, 0, 0)                 # no city
    city(st, 0, 4)
    _improve(st, 0, 0)
    assert st.ck_level[0, 0] == 1 and st.hand[0, PAPER] == 0
    deal(st, 0, kinds=KINDS, paper=1)
    assert not can_improve(st, 0, 0)                 # level 2 costs 2
    assert conserved(st, params)


def test_metropolis_first_at_four_taken_over_at_five():
    st, params = ck_position(level_5_after_holder="blocked")
    city(st, 0, 4)
    city(st, 1, 13)
    city(st, 1, 23)
    st.ck_level[0, 2] = 3
    st.ck_level[1, 2] = 3
    deal(st, 0, kinds=KINDS, coin=4)
    _improve(st, 0, 2)
    assert st.ck_metro[2] == 0 and st.ck_metro_corner[2] == 4
    deal(st, 1, kinds=KINDS, coin=9)
    _improve(st, 1, 2)                               # level 4: the metropolis stays
    assert st.ck_metro[2] == 0
    _improve(st, 1, 2)                               # level 5 first: taken over
    assert st.ck_metro[2] == 1 and st.ck_metro_corner[2] in (13, 23)
    assert ck_vp(st, 1) == 2 and ck_vp(st, 0) == 0
    set_hand(st, 0, kinds=KINDS, coin=5)
    assert not can_improve(st, 0, 2)                 # the holder is at 5 already


def test_trading_house_makes_commodities_two_to_one():
    st, params = ck_position()
    city(st, 0, 4)
    st.ck_level[0, 1] = 2
    deal(st, 0, kinds=KINDS, cloth=3)
    _improve(st, 0, 1)
    assert st.trade_rate[0, PAPER] == st.trade_rate[0, CLOTH] == st.trade_rate[0, COIN] == 2
    assert st.trade_rate[0, LUMBER] == 4


def test_walls_two_brick_at_most_three_under_cities():
    st, params = ck_position()
    settle(st, 0, 13)
    deal(st, 0, brick=8)
    assert not is_legal(st, 0, A_CK_WALL, 13, 0)     # a settlement
    for c in (4, 23, 45):
        city(st, 0, c)
        apply_action(st, 0, A_CK_WALL, c, 0)
    assert st.ck_walls[0] == 3 and st.hand[0, BRICK] == 2
    city(st, 0, 13)
    assert not is_legal(st, 0, A_CK_WALL, 13, 0)     # the fourth
    assert not is_legal(st, 0, A_CK_WALL, 4, 0)      # one under a city


def test_development_cards_are_off_and_a_damaged_city_blocks_new_cities():
    st, params = ck_position()
    deal(st, 0, wool=1, grain=3, ore=4)
    assert not is_legal(st, 0, A_BUY_DEV, 0, 0) and not is_legal(st, 0, A_KNIGHT, 0, 0)
    city(st, 0, 4)
    settle(st, 0, 13)
    assert is_legal(st, 0, A_CITY, 13, 0)
    damage(st, 0, 4)
    assert not is_legal(st, 0, A_CITY, 13, 0)
    deal(st, 0, lumber=1, brick=1)
    apply_action(st, 0, A_CK_REPAIR, 4, 0)
    assert st.ck_damaged[4] == 0 and is_legal(st, 0, A_CITY, 13, 0)


def test_victory_points_from_every_source():
    st, params = ck_position()
    city(st, 0, 4)
    settle(st, 0, 13)
    st.ck_metro[1] = 0
    st.ck_metro_corner[1] = 4
    st.ck_defender[0] = 2
    st.ck_progress_vp[0] = 1
    st.ck_merchant_owner = 0
    assert victory_points(st, 0) == 1 + 2 + 2 + 2 + 1 + 1


def test_roads_cannot_pass_an_opposing_knight():
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8])
    deal(st, 0, lumber=2, brick=2)
    assert is_legal(st, 0, A_ROAD, edge(8, 12), 0)
    st.corner_guard[8] = 1                          # player 1's knight at the road's end
    st.ck_knight[8] = 1
    assert not is_legal(st, 0, A_ROAD, edge(8, 12), 0)


def test_progress_decks_are_built_from_the_parameter_and_play_puts_a_card_back():
    st, params = ck_position(progress_deck={"spy": 0, "merchant": 2})
    assert list(st.ck_deck_n) == [18, 14, 15]
    st.ck_progress[0, CKD.CARD_WARLORD] = 1
    st.ck_deck_n[2] -= 1                       # dealt from the deck
    from simcore.variants.ck import A_CK_PLAY_PROGRESS
    assert not is_legal(st, 0, A_CK_PLAY_PROGRESS, CKD.CARD_SPY, 0)
    apply_action(st, 0, A_CK_PLAY_PROGRESS, CKD.CARD_WARLORD, 0)
    assert st.ck_progress[0].sum() == 0 and st.ck_deck_n[2] == 15
    assert st.stats[0, CKD.S_CK_PROGRESS_PLAYED] == 1


def test_aqueduct_gives_a_resource_when_a_roll_gives_nothing(monkeypatch):
    from simcore.variants.ck.rules import after_production
    st, params = ck_position()
    city(st, 0, 4)                             # ore 10, wool 2
    city(st, 1, 13)
    st.ck_level[0, 0] = 3
    st.ck_level[1, 0] = 3
    script(monkeypatch, "ck_aqueduct", GRAIN)
    st.last_roll = 6
    produce(st, 6)                             # brick 6 pays player 1 only
    after_production(st, 0)
    assert st.hand[0, GRAIN] == 1 and st.hand[1, GRAIN] == 0
    assert st.stats[0, CKD.S_CK_GAIN_AQUEDUCT] == 1
