"""Production, the bank-shortage rule, setup, and the 7 (docs/rules.md, Base game: "Setup", "Turn").

Beginner board: hex 4 is brick 6 (corners 13 8 12 17 23 18), hex 17 grain 6
(corners 45 40 44 48 52 49), hex 9 the desert where the robber starts.
Corner 13 touches brick 6, wool 2 and wool 4; corner 45 grain 6, grain 4 and wool 11.
"""
from collections import Counter

import numpy as np
import pytest

from simcore.engine.actions import A_END
from simcore.engine.economy import produce
from simcore.engine.game import move_robber, play_turn, setup_phase, seven
from simcore.engine.pieces import touches_own_road
from simcore.engine.state import DESERT, PIPS
from simcore.engine.topology import CORNER_EDGES, HEX_CORNERS, N_HEXES
from tests.positions import (BRICK, GRAIN, ORE, city, deal, new_position, script, seed_next_roll, set_hand,
                             settle, supply_kept)


# --- production -------------------------------------------------------------------

def test_production_pays_one_per_settlement_and_two_per_city():
    # docs/rules.md, Base game: every hex with the rolled number pays 1 per settlement and 2 per city on its corners
    st, _ = new_position()
    settle(st, 0, 13)                  # brick 6
    city(st, 1, 45)                    # grain 6
    settle(st, 2, 17)                  # brick 6 too (and grain 12, lumber 11)
    produce(st, 6)
    assert list(st.hand[0]) == [0, 1, 0, 0, 0]
    assert list(st.hand[1]) == [0, 0, 0, 2, 0]
    assert list(st.hand[2]) == [0, 1, 0, 0, 0]
    assert st.hand[3].sum() == 0
    assert supply_kept(st)


def test_only_the_rolled_number_pays():
    st, _ = new_position()
    settle(st, 0, 13)                  # wool 2, wool 4
    city(st, 1, 45)                    # grain 4, wool 11
    produce(st, 4)
    assert list(st.hand[0]) == [0, 0, 1, 0, 0]
    assert list(st.hand[1]) == [0, 0, 0, 2, 0]
    produce(st, 12)                    # nobody touches the 12
    assert st.hand.sum() == 3


def test_robber_hex_pays_nothing():
    # docs/rules.md, Base game: only hexes without the robber pay
    st, _ = new_position()
    settle(st, 0, 13)
    city(st, 1, 45)
    st.robber = 4                      # brick 6
    produce(st, 6)
    assert st.hand[0].sum() == 0
    assert list(st.hand[1]) == [0, 0, 0, 2, 0]


# --- bank shortage ----------------------------------------------------------------

def _bank_holds(st, r, n):
    """Leave n cards of resource r in the bank; player 3 (no buildings) holds the rest."""
    deal(st, 3, **{("lumber", "brick", "wool", "grain", "ore")[r]: int(st.bank[r] - n)})


def test_shortage_with_several_claimants_pays_nobody_that_resource():
    # docs/rules.md, Base game: if the bank cannot pay a resource to everyone owed it, nobody gets it
    st, _ = new_position()
    settle(st, 0, 13)                  # owed 1 brick
    settle(st, 1, 23)                  # owed 1 brick (hex 4 too)
    settle(st, 2, 45)                  # owed 1 grain: not short
    _bank_holds(st, BRICK, 1)
    produce(st, 6)
    assert st.hand[0].sum() == 0 and st.hand[1].sum() == 0
    assert st.bank[BRICK] == 1
    assert list(st.hand[2]) == [0, 0, 0, 1, 0]
    assert supply_kept(st)


def test_shortage_with_a_single_claimant_pays_what_is_left():
    # docs/rules.md, Base game: ... unless only one player is owed it: that player gets what is left
    st, _ = new_position()
    city(st, 0, 13)                    # owed 2 brick
    _bank_holds(st, BRICK, 1)
    produce(st, 6)
    assert st.hand[0, BRICK] == 1 and st.bank[BRICK] == 0


def test_single_claimant_on_two_hexes_gets_what_is_left():
    st, _ = new_position()
    city(st, 0, 13)                    # owed 2 brick from hex 4
    city(st, 0, 23)                    # and 2 more from hex 4
    _bank_holds(st, BRICK, 3)
    produce(st, 6)
    assert st.hand[0, BRICK] == 3 and st.bank[BRICK] == 0


def _swap_numbers(st, a, b):
    """Swap the number tokens of hexes a and b, and recompute what board.setup_board
    derives from the numbers (the hexes of each number, the pips at each corner)."""
    st.hex_number[a], st.hex_number[b] = st.hex_number[b], st.hex_number[a]
    st.number_hexes[:] = -1
    st.corner_pips[:] = 0
    for h in range(N_HEXES):
        n = st.hex_number[h]
        st.number_hexes[n, 0 if st.number_hexes[n, 0] < 0 else 1] = h
        if st.hex_resource[h] != DESERT:
            for c in HEX_CORNERS[h]:
                st.corner_pips[c, st.hex_resource[h]] += PIPS[n]


def test_a_city_is_owed_two_in_the_shortage_count():
    # a city and a settlement are owed 3 brick; a bank of 2 cannot pay them all: nobody gets brick
    st, _ = new_position()
    city(st, 0, 13)
    settle(st, 1, 23)
    _bank_holds(st, BRICK, 2)
    produce(st, 6)
    assert st.hand[0].sum() == 0 and st.hand[1].sum() == 0 and st.bank[BRICK] == 2


def test_a_player_under_the_robber_is_not_a_claimant():
    # two brick 10 hexes: the robber blocks player 1 on hex 16, so player 0 (city on hex 6)
    # is the single claimant and gets the last brick
    st, _ = new_position()
    _swap_numbers(st, 16, 0)           # brick 5 <-> ore 10: hexes 6 and 16 are brick 10
    city(st, 0, 15)                    # hex 6
    settle(st, 1, 47)                  # hex 16
    st.robber = 16
    _bank_holds(st, BRICK, 1)
    produce(st, 10)
    assert st.hand[0, BRICK] == 1 and st.hand[1].sum() == 0


def test_bank_holding_exactly_what_is_owed_pays_everyone():
    st, _ = new_position()
    city(st, 0, 13)                    # owed 2 brick
    settle(st, 1, 23)                  # owed 1 brick
    _bank_holds(st, BRICK, 3)
    produce(st, 6)
    assert st.hand[0, BRICK] == 2 and st.hand[1, BRICK] == 1 and st.bank[BRICK] == 0


# --- setup ------------------------------------------------------------------------

FIRST = [0, 2, 11, 15]                 # first settlements of seats 0..3 (ore, lumber, grain, brick)
SECOND = [53, 47, 45, 24]              # second settlements of seats 3, 2, 1, 0


@pytest.mark.parametrize("players", [3, 4])
def test_setup_is_in_snake_order(monkeypatch, players):
    # docs/rules.md, Base game: setup in snake order (1..n, n..1)
    st, _ = new_position(players)
    calls = script(monkeypatch, "setup_settlement", *(FIRST[:players] + SECOND[4 - players:]))
    setup_phase(st)
    assert [p for p, *_ in calls] == list(range(players)) + list(range(players - 1, -1, -1))
    assert st.illegal == 0


def test_second_setup_settlement_yields_one_of_each_adjacent_resource(monkeypatch):
    # docs/rules.md, Base game: the second settlement yields one of each adjacent resource (the first yields nothing)
    st, _ = new_position()
    script(monkeypatch, "setup_settlement", *(FIRST + SECOND))
    setup_phase(st)
    assert list(st.hand[3]) == [0, 0, 1, 0, 0]      # 53: wool 11
    assert list(st.hand[2]) == [0, 1, 0, 0, 0]      # 47: brick 5
    assert list(st.hand[1]) == [0, 0, 1, 2, 0]      # 45: grain 6, grain 4, wool 11
    assert list(st.hand[0]) == [1, 0, 1, 0, 0]      # 24: desert (nothing), wool 4, lumber 3
    assert supply_kept(st)


def test_each_setup_settlement_gets_an_adjacent_road(monkeypatch):
    # docs/rules.md, Base game: each places a settlement and an adjacent road
    st, _ = new_position()
    script(monkeypatch, "setup_settlement", *(FIRST + SECOND))
    setup_phase(st)
    for p in range(4):
        assert (st.edge_owner == p).sum() == 2
        for c in np.flatnonzero(st.corner_owner == p):
            assert touches_own_road(st, p, c)
        assert list(st.pieces[p]) == [3, 4, 13]


def test_setup_settlement_must_keep_the_distance_rule(monkeypatch):
    st, _ = new_position()
    script(monkeypatch, "setup_settlement", 13, 8, 11, 15, 53, 47, 45, 24)  # 8 is next to 13
    setup_phase(st)
    assert st.corner_owner[8] == -1
    assert st.illegal == 1
    assert (st.corner_owner == 1).sum() == 1        # only player 1's second settlement stands


def test_setup_road_must_touch_the_new_settlement(monkeypatch):
    st, _ = new_position()
    script(monkeypatch, "setup_settlement", *(FIRST + SECOND))
    far = int(CORNER_EDGES[13, 0])                  # touches none of the settlements
    script(monkeypatch, "setup_road", far)
    setup_phase(st)
    assert (st.edge_owner >= 0).sum() == 0
    assert st.illegal == 8


# --- the 7 ------------------------------------------------------------------------

def _deal_cards(st, p, n):
    """n cards spread over the resources."""
    for i in range(n):
        deal(st, p, [1 if r == i % 5 else 0 for r in range(5)])


def test_seven_discards_half_rounded_down_above_seven_cards(monkeypatch):
    # docs/rules.md, Base game: on a 7 every player holding more than 7 cards discards half, rounded down
    st, _ = new_position()
    script(monkeypatch, "robber", (0, -1))           # no steal, to count cards exactly
    for p, n in enumerate((9, 7, 8, 13)):           # the roller (0) discards too
        _deal_cards(st, p, n)
    seven(st, 0)
    assert [int(st.hand[p].sum()) for p in range(4)] == [5, 7, 4, 7]
    assert supply_kept(st)
    assert st.illegal == 0


def test_rolling_seven_in_a_turn_discards_and_moves_the_robber(monkeypatch):
    st, params = new_position()
    script(monkeypatch, "robber", (0, -1))
    script(monkeypatch, "action", (A_END, 0, 0))
    _deal_cards(st, 1, 10)
    seed_next_roll(7)
    play_turn(st, 0)
    assert st.last_roll == 7
    assert st.hand[1].sum() == 5
    assert st.robber == 0


def test_robber_must_move_to_another_hex(monkeypatch):
    # docs/rules.md, Base game: the roller moves the robber to *another* hex; the engine refuses staying put
    st, _ = new_position()
    assert st.robber == 9
    script(monkeypatch, "robber", (9, -1))
    move_robber(st, 0)
    assert st.robber != 9
    assert st.illegal == 1


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_policies_always_move_the_robber(policy):
    from policies import decide
    for seed in range(40):
        st, _ = new_position(policy=policy, seed=seed, layout=0)
        settle(st, 1, 13)
        st.robber = seed % 19
        h, victim = decide.robber(st, 0)
        assert 0 <= h < 19 and h != st.robber


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_policies_rob_someone_when_they_can(policy):
    # docs/rules.md, Base game: the roller steals from a player with a building on the new hex; the engine
    # lets a policy name nobody, so the shipped policies are held to the rule here
    from policies import decide
    robbed = 0
    for seed in range(40):
        st, _ = new_position(policy=policy, seed=seed, layout=0)
        settle(st, 1, 13)
        settle(st, 2, 45)
        set_hand(st, 1, [1, 1, 0, 0, 0])
        set_hand(st, 2, [0, 0, 1, 0, 0])
        h, victim = decide.robber(st, 0)
        on_hex = {int(st.corner_owner[c]) for c in HEX_CORNERS[h]} - {-1, 0}
        if on_hex:
            assert victim in on_hex
            robbed += 1
        else:
            assert victim == -1
    assert robbed > 0


def test_steal_takes_one_random_card_from_a_player_on_the_hex(monkeypatch):
    # docs/rules.md, Base game: the roller steals one random card from a player with a building on the new hex
    st, _ = new_position()
    settle(st, 1, 13)                                # on hex 4
    script(monkeypatch, "robber", (4, 1))
    stolen = Counter()
    for seed in range(40):
        set_hand(st, 0, [0, 0, 0, 0, 0])
        set_hand(st, 1, [0, 2, 0, 0, 3])
        st.robber = 9
        np.random.seed(seed)
        move_robber(st, 0)
        assert st.robber == 4
        assert st.hand[0].sum() == 1 and st.hand[1].sum() == 4
        r = int(np.argmax(st.hand[0]))
        assert r in (BRICK, ORE) and st.hand[1, r] == (1 if r == BRICK else 2)
        stolen[r] += 1
    assert stolen[BRICK] > 0 and stolen[ORE] > 0    # either card can be taken
    assert st.illegal == 0


def test_steal_from_a_player_without_a_building_there_is_refused(monkeypatch):
    st, _ = new_position()
    settle(st, 1, 13)
    set_hand(st, 2, [1, 1, 1, 1, 1])
    script(monkeypatch, "robber", (4, 2))            # player 2 has nothing on hex 4
    move_robber(st, 0)
    assert st.robber == 4
    assert st.hand[2].sum() == 5 and st.hand[0].sum() == 0
    assert st.illegal == 1


def test_steal_from_an_empty_hand_takes_nothing(monkeypatch):
    st, _ = new_position()
    settle(st, 1, 13)
    script(monkeypatch, "robber", (4, 1))
    move_robber(st, 0)
    assert st.hand.sum() == 0 and st.illegal == 0


def test_roller_cannot_rob_itself(monkeypatch):
    st, _ = new_position()
    settle(st, 0, 13)
    set_hand(st, 0, grain=2)
    script(monkeypatch, "robber", (4, 0))            # the roller names itself
    move_robber(st, 0)
    assert st.hand[0, GRAIN] == 2 and st.illegal == 1
