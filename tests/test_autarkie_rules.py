"""Fleisch / Autarkie (docs/rules.md, Fleisch / Autarkie, seed 001) on built positions, the base substrate.

Beginner board: hex 17 is grain 6 (corners 45, 40, 44, 48, 52, 49), hex 4 brick 6,
hex 14 grain 4, hex 18 wool 11, hex 9 the desert.  Corner 45 touches hexes 17, 14, 18;
corners 45, 44 and 52 of hex 17 are far enough apart for three buildings.
"""
from dataclasses import fields

import numpy as np
import pytest

from simcore.engine import params as P
from simcore.variants.autarkie.board import can_geselle, can_knecht, can_slave, place_hex
from simcore.run.config import Rules, Scenario, pack_rules
from simcore.engine.economy import produce
from simcore.engine.game import apply_action, play_turn
from simcore.engine.legal import is_legal
from simcore.engine.cards import hand_kinds
from simcore.engine.state import victory_points
from simcore.engine.topology import CORNER_HEXES
from simcore.variants.autarkie.rules import after_production
from simcore.variants import autarkie as AD
from simcore.variants.autarkie import (A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, FIG_GESELLE, FIG_KNECHT,
                                       Autarkie)
from tests.positions import (GRAIN, WOOL, city, new_position, quiet, seed_next_roll, set_hand, settle)

KINDS = ("lumber", "brick", "wool", "grain", "ore", "meat")
MEAT = KINDS.index("meat")
GRAIN6, GRAIN4, WOOL11, DESERT_HEX = 17, 14, 18, 9


def aut_params(players=4, **rules):
    """Packed rules: the beginner board, no domestic trade, [variants.autarkie] with `rules`."""
    scenario = Scenario(name="test", rules=Rules(players=players, variants={"autarkie": Autarkie(**rules)}))
    params = pack_rules(scenario)
    params[P.P_LAYOUT] = P.LAYOUT_BEGINNER
    params[P.P_DOMESTIC_TRADE] = 0
    params[P.P_MAX_TURNS] = 1000
    return params


def position(monkeypatch=None, **rules):
    if monkeypatch is not None:
        quiet(monkeypatch)
    st, params = new_position(params=aut_params(**rules))
    assert hand_kinds(st.dtype.names) == KINDS and st.aut_meat == MEAT
    return st, params


def place(c, h):
    for k in range(3):
        if CORNER_HEXES[c, k] == h:
            return 3 * c + k
    raise ValueError


def hand(st, p, **named):
    """Set p's hand by card kind name (the kinds of st's rules: meat last; on C&K paper, cloth, coin before it)."""
    set_hand(st, p, kinds=hand_kinds(st.dtype.names), **named)


def roll(st, params, number):
    """Production of `number` and the figures' yields, as in a turn."""
    st.last_roll = number
    produce(st, number)
    after_production(st, st.current)


def step(st, p, a, x=0):
    assert is_legal(st, p, a, x, 0)
    apply_action(st, p, a, x, 0)


def knecht(st, p, g):
    """A slave turned Knecht at place g, paid for."""
    hand(st, p, grain=2, meat=2)
    step(st, p, A_AUT_SLAVE)
    step(st, p, A_AUT_KNECHT, g)


def conserved(st):
    return bool((st.bank + st.hand[:st.players].sum(axis=0) == np.array([19] * 5 + [12])).all())


# --- meat ------------------------------------------------------------------------

def test_a_city_on_fields_takes_grain_and_meat_a_settlement_grain():
    st, params = position()
    city(st, 0, 45)
    settle(st, 1, 44)
    roll(st, params, 6)
    assert list(st.hand[0]) == [0, 0, 0, 1, 0, 1]
    assert list(st.hand[1]) == [0, 0, 0, 1, 0, 0]
    assert st.stats[0, AD.S_AUT_MEAT_PRODUCED] == 1 and st.stats[1, AD.S_AUT_MEAT_PRODUCED] == 0
    assert conserved(st)


def test_a_city_on_other_hexes_takes_two_of_its_resource():
    st, params = position()
    city(st, 0, 45)
    roll(st, params, 11)
    assert list(st.hand[0]) == [0, 0, 2, 0, 0, 0]


def test_meat_obeys_the_shortage_rule_as_a_card_kind():
    st, params = position()
    city(st, 0, 45)
    city(st, 1, 44)
    st.bank[MEAT] = 1                        # two owed meat, one in the bank: nobody gets meat
    st.hand[2, MEAT] = 11
    roll(st, params, 6)
    assert st.hand[0, MEAT] == 0 and st.hand[1, MEAT] == 0
    assert st.hand[0, GRAIN] == 1 and st.hand[1, GRAIN] == 1     # grain is paid as usual
    assert st.stats[0, AD.S_AUT_MEAT_PRODUCED] == 0
    st2, params2 = position()
    city(st2, 0, 45)
    st2.bank[MEAT] = 0                        # one claimant takes what is left: nothing here
    st2.hand[2, MEAT] = 12
    roll(st2, params2, 6)
    assert st2.hand[0, MEAT] == 0 and st2.hand[0, GRAIN] == 1


# --- the steps and their limits -----------------------------------------------------

def test_buying_a_slave_costs_grain_and_meat_and_scores_a_point():
    st, params = position()
    settle(st, 0, 45)
    hand(st, 0, grain=1, meat=1, wool=1)
    step(st, 0, A_AUT_SLAVE)
    assert list(st.hand[0]) == [0, 0, 1, 0, 0, 0]
    assert st.aut_slaves[0] == 1 and st.aut_points[0] == 1 and st.stats[0, AD.S_AUT_POINTS] == 1
    assert st.stats[0, AD.S_SPEND_AUTARKIE] == 2 and st.stats[0, AD.S_AUT_MEAT_SPENT] == 1
    assert not is_legal(st, 0, A_AUT_SLAVE, 0, 0)              # no grain, no meat left
    assert conserved(st)


def test_slaves_are_limited_by_the_chips():
    st, params = position(small_chips=2, max_points=7)
    hand(st, 0, grain=3, meat=3)
    step(st, 0, A_AUT_SLAVE)
    step(st, 0, A_AUT_SLAVE)
    assert not can_slave(st, params, 0)                          # both chips are out
    assert st.hand[0, GRAIN] == 1


def test_a_knecht_needs_a_slave_an_own_building_a_producing_hex_and_a_free_place():
    st, params = position()
    settle(st, 0, 45)
    settle(st, 1, 44)
    settle(st, 0, 35)                                            # touches the desert
    hand(st, 0, grain=4, meat=4)
    g = place(45, GRAIN6)
    assert not can_knecht(st, 0, g)                              # no slave yet
    step(st, 0, A_AUT_SLAVE)
    assert not can_knecht(st, 0, place(44, GRAIN6))              # another player's building
    assert not can_knecht(st, 0, place(35, DESERT_HEX))          # the desert produces nothing
    step(st, 0, A_AUT_KNECHT, g)
    assert st.aut_fig[g] == FIG_KNECHT and st.aut_slaves[0] == 0 and st.aut_knechte[0] == 1
    assert st.aut_points[0] == 2                                 # the chip turned: 2 points, not 1 + 2
    step(st, 0, A_AUT_SLAVE)
    assert not can_knecht(st, 0, g)                              # one Knecht per (building, hex)
    assert can_knecht(st, 0, place(45, GRAIN4))                  # the same building, another hex
    assert conserved(st)


def test_three_knechte_at_most_on_a_hex():
    st, params = position()
    for p, c in ((0, 45), (1, 44), (2, 52)):
        settle(st, p, c)
        knecht(st, p, place(c, GRAIN6))
    assert sum(st.aut_fig[place(c, GRAIN6)] == FIG_KNECHT for c in (45, 44, 52)) == 3
    assert all(place_hex(place(c, GRAIN6)) == GRAIN6 for c in (45, 44, 52))


def test_the_geselle_only_at_a_city_only_one_and_its_chip_goes_back():
    st, params = position(small_chips=1, max_points=5)
    settle(st, 0, 45)
    g = place(45, GRAIN6)
    knecht(st, 0, g)
    hand(st, 0, grain=2, meat=2)
    assert not can_geselle(st, 0, g)                             # a settlement
    city(st, 0, 45)
    assert st.aut_fig[g] == FIG_KNECHT                           # the Knecht stays with the building
    assert not can_slave(st, params, 0)                          # the one chip is the Knecht
    step(st, 0, A_AUT_GESELLE, g)
    assert st.aut_fig[g] == FIG_GESELLE and st.aut_geselle[0] == 1 and st.aut_knechte[0] == 0
    assert st.aut_points[0] == 3
    assert can_slave(st, params, 0)                              # the chip is back in the supply
    step(st, 0, A_AUT_SLAVE)
    hand(st, 0, grain=2, meat=2)
    step(st, 0, A_AUT_KNECHT, place(45, GRAIN4))
    assert not can_geselle(st, 0, place(45, GRAIN4))             # one Geselle per player
    assert st.aut_points[0] == 5


def test_points_are_capped_at_max_points():
    st, params = position(points=[1, 2, 9], max_points=13, small_chips=2)
    settle(st, 0, 45)
    knecht(st, 0, place(45, GRAIN6))
    city(st, 0, 45)
    hand(st, 0, grain=1, meat=1)
    step(st, 0, A_AUT_GESELLE, place(45, GRAIN6))
    knecht(st, 0, place(45, GRAIN4))
    knecht(st, 0, place(45, WOOL11))
    assert st.aut_points[0] == 13                                # 9 + 2 + 2


# --- yields ------------------------------------------------------------------------

def test_a_knecht_adds_one_of_its_hex_when_rolled_not_under_the_robber():
    st, params = position()
    settle(st, 0, 45)
    settle(st, 1, 44)
    knecht(st, 0, place(45, GRAIN6))
    knecht(st, 1, place(44, GRAIN6))
    before = st.hand.copy()
    roll(st, params, 6)
    assert list(st.hand[0] - before[0]) == [0, 0, 0, 2, 0, 0]    # settlement 1 + Knecht 1
    assert list(st.hand[1] - before[1]) == [0, 0, 0, 2, 0, 0]
    assert st.stats[0, AD.S_GAIN_KNECHT] == 1
    roll(st, params, 4)                                          # hex 14: no Knecht there
    assert st.stats[0, AD.S_GAIN_KNECHT] == 1
    st.robber = GRAIN6
    before = st.hand.copy()
    roll(st, params, 6)
    assert (st.hand[:2] == before[:2]).all()                     # the robber blocks the Knechte too
    assert conserved(st)


def test_the_geselle_adds_meat_on_fields_instead_of_the_knechts_grain():
    st, params = position()
    city(st, 0, 45)
    g = place(45, GRAIN6)
    knecht(st, 0, g)
    hand(st, 0, grain=1, meat=1)
    step(st, 0, A_AUT_GESELLE, g)
    roll(st, params, 6)
    assert list(st.hand[0]) == [0, 0, 0, 1, 0, 2]                # city grain + meat, Geselle meat
    assert st.stats[0, AD.S_GAIN_GESELLE] == 1 and st.stats[0, AD.S_GAIN_KNECHT] == 0
    st.robber = GRAIN6
    hand(st, 0)
    roll(st, params, 6)
    assert st.hand[0].sum() == 0


def test_the_geselle_off_fields_adds_nothing_on_the_base_substrate():
    st, params = position()
    city(st, 0, 45)
    g = place(45, WOOL11)
    knecht(st, 0, g)
    hand(st, 0, grain=1, meat=1)
    step(st, 0, A_AUT_GESELLE, g)
    roll(st, params, 11)
    assert list(st.hand[0]) == [0, 0, 2, 0, 0, 0]                # the city's 2 wool only


def test_knecht_yields_share_the_hexs_shortage_rule():
    st, params = position()
    settle(st, 0, 45)
    settle(st, 1, 44)
    knecht(st, 0, place(45, GRAIN6))
    st.hand[2, GRAIN] += st.bank[GRAIN] - 2                      # 2 grain left for 3 owed
    st.bank[GRAIN] = 2
    roll(st, params, 6)
    assert st.hand[0, GRAIN] == 0 and st.hand[1, GRAIN] == 0
    st.bank[GRAIN] += 1                                           # 3 left for 3 owed: all paid
    st.hand[2, GRAIN] -= 1
    roll(st, params, 6)
    assert st.hand[0, GRAIN] == 2 and st.hand[1, GRAIN] == 1


# --- the Autarkie card ----------------------------------------------------------------

def slaves(st, p, n):
    for _ in range(n):
        hand(st, p, grain=1, meat=1)
        step(st, p, A_AUT_SLAVE)


def test_the_card_goes_to_the_first_at_the_threshold_and_passes_only_on_strictly_more():
    st, params = position(card_threshold=3, card_vp=2)
    settle(st, 0, 45)
    settle(st, 1, 44)
    base0, base1 = victory_points(st, 0), victory_points(st, 1)
    slaves(st, 0, 2)
    assert st.aut_holder == -1
    slaves(st, 0, 1)
    assert st.aut_holder == 0 and victory_points(st, 0) == base0 + 2
    assert st.aut_game[AD.G_AUT_FIRST_TURN] == st.turn
    slaves(st, 1, 3)
    assert st.aut_holder == 0                                    # a tie keeps the card
    slaves(st, 1, 1)
    assert st.aut_holder == 1 and victory_points(st, 1) == base1 + 2 and victory_points(st, 0) == base0
    assert st.stats[0, AD.S_VP_AUTARKIE] == 0 and st.stats[1, AD.S_VP_AUTARKIE] == 2
    assert st.aut_game[AD.G_AUT_CHANGES] == 1 and st.aut_game[AD.G_AUT_HOLDER] == 1
    assert st.stats[0, AD.S_AUT_CARD_TAKEN] == 1 and st.stats[1, AD.S_AUT_CARD_TAKEN] == 1


def test_taking_the_card_on_ones_turn_can_win(monkeypatch):
    st, params = position(monkeypatch, card_threshold=1, card_vp=2)
    params[P.P_VICTORY_POINTS] = 4
    st.params[P.P_VICTORY_POINTS] = 4
    settle(st, 0, 45)
    settle(st, 0, 13)
    hand(st, 0, grain=1, meat=1)
    from tests.positions import script
    script(monkeypatch, "action", (A_AUT_SLAVE, 0, 0), (0, 0, 0))
    seed_next_roll(8)
    play_turn(st, 0)
    assert st.winner == 0 and st.aut_holder == 0


def test_turns_holding_the_card_are_counted(monkeypatch):
    st, params = position(monkeypatch, card_threshold=1)
    settle(st, 0, 45)
    slaves(st, 0, 1)
    for p in range(4):
        seed_next_roll(8)
        play_turn(st, p)
    assert st.stats[0, AD.S_AUT_CARD_TURNS] == 4


def test_every_parameter_has_its_slot():
    names = [f.name for f in fields(Autarkie)]
    assert set(names) == set(AD.AUT.slots)
    assert AD.AUT.choices == 1 + 2 * AD.N_PLACES
    with pytest.raises(AssertionError):
        hand(st=new_position(params=aut_params())[0], p=0, meat=13)   # only 12 meat in the game


def test_knechte_stay_and_yield_when_their_settlement_becomes_a_city():
    st, params = position()
    settle(st, 0, 45)
    g = place(45, GRAIN6)
    knecht(st, 0, g)
    city(st, 0, 45)
    assert st.aut_fig[g] == FIG_KNECHT and st.aut_knechte[0] == 1 and st.aut_points[0] == 2
    roll(st, params, 6)
    assert list(st.hand[0]) == [0, 0, 0, 2, 0, 1]                # city grain + meat, Knecht grain
