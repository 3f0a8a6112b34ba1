"""Development cards and largest army (docs/rules.md, Base game: deck of 25; one card per turn,
never one bought that turn; VP cards count at once; largest army at 3 knights,
passing on strictly more)."""
from collections import Counter

import pytest

from simcore.engine.actions import A_BUY_DEV, A_END, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROADS
from simcore.engine.game import apply_action, end_turn, play_turn
from simcore.engine.legal import is_legal
from simcore.engine.state import (DEV_KNIGHT, DEV_MONOPOLY, DEV_PLENTY, DEV_ROADS, DEV_VP, N_DEV_CARDS, PIECE_ROAD,
                                  victory_points)
from tests.positions import (BRICK, GRAIN, ORE, deal, edge, new_position, script, seed_next_roll,
                             set_hand, settle, supply_kept)

DEV_CARDS = [0, 0, 1, 1, 1]


def _buy(st, p, card):
    """p buys a development card; the deck is stacked so that it is `card`."""
    st.dev_deck[st.dev_top] = card
    deal(st, p, DEV_CARDS)
    assert is_legal(st, p, A_BUY_DEV, 0, 0)
    apply_action(st, p, A_BUY_DEV, 0, 0)


def _quiet_turn(monkeypatch, st, params, p):
    """A turn of p that rolls a 6 and does nothing; returns whether p was offered a
    knight before the roll (it is offered only when one is playable)."""
    offered = script(monkeypatch, "knight_before_roll", False)
    script(monkeypatch, "action", (A_END, 0, 0))
    seed_next_roll(6)
    play_turn(st, p)
    return bool(offered)


def test_deck_has_the_base_game_cards():
    # docs/rules.md, Base game: 25 cards: 14 knights, 5 VP, 2 road building, 2 year of plenty, 2 monopoly
    st, _ = new_position()
    assert N_DEV_CARDS == 25 and st.dev_top == 0
    assert Counter(st.dev_deck) == Counter({DEV_KNIGHT: 14, DEV_VP: 5, DEV_ROADS: 2, DEV_PLENTY: 2,
                                            DEV_MONOPOLY: 2})


def test_deck_is_shuffled():
    orders = {tuple(new_position(seed=s)[0].dev_deck) for s in range(5)}
    assert len(orders) == 5


def test_card_bought_this_turn_is_not_playable(monkeypatch):
    # docs/rules.md, Base game: never play a card bought that turn; it is playable from the next own turn
    st, params = new_position()
    _buy(st, 0, DEV_KNIGHT)
    assert st.dev_new[0, DEV_KNIGHT] == 1 and st.dev_hand[0, DEV_KNIGHT] == 0
    assert not is_legal(st, 0, A_KNIGHT, 0, 0)
    end_turn(st, 0)                                  # the buying turn ends
    assert _quiet_turn(monkeypatch, st, params, 0)   # offered before the next roll
    assert st.dev_hand[0, DEV_KNIGHT] == 1
    assert is_legal(st, 0, A_KNIGHT, 0, 0)


def test_card_becomes_playable_only_on_its_owners_turn(monkeypatch):
    st, params = new_position()
    _buy(st, 0, DEV_MONOPOLY)
    assert not _quiet_turn(monkeypatch, st, params, 1)
    assert st.dev_hand[0, DEV_MONOPOLY] == 0 and st.dev_new[0, DEV_MONOPOLY] == 1
    end_turn(st, 0)
    assert st.dev_hand[0, DEV_MONOPOLY] == 1 and st.dev_new[0, DEV_MONOPOLY] == 0


def test_only_one_card_per_turn(monkeypatch):
    # docs/rules.md, Base game: one development card per turn
    st, params = new_position()
    st.dev_hand[0, DEV_KNIGHT] = 2
    st.dev_hand[0, DEV_MONOPOLY] = 1
    script(monkeypatch, "robber", (0, -1))
    apply_action(st, 0, A_KNIGHT, 0, 0)
    assert not is_legal(st, 0, A_KNIGHT, 0, 0)
    assert not is_legal(st, 0, A_MONOPOLY, 0, 0)
    _quiet_turn(monkeypatch, st, params, 0)            # the next own turn
    assert is_legal(st, 0, A_KNIGHT, 0, 0) and is_legal(st, 0, A_MONOPOLY, 0, 0)


def test_knight_before_the_roll_is_the_turns_card(monkeypatch):
    st, params = new_position()
    st.dev_hand[0, DEV_KNIGHT] = 1
    st.dev_hand[0, DEV_PLENTY] = 1
    script(monkeypatch, "knight_before_roll", True)
    script(monkeypatch, "robber", (0, -1))
    plenty_legal = []

    def act(st, p):
        plenty_legal.append(is_legal(st, p, A_PLENTY, 0, 0))
        return A_END, 0, 0

    script(monkeypatch, "action", act)
    seed_next_roll(6)
    play_turn(st, 0)
    assert st.knights[0] == 1 and st.robber == 0
    assert plenty_legal == [False]


def test_vp_card_counts_at_once():
    # docs/rules.md, Base game: VP cards count at once (the turn they are bought)
    st, _ = new_position()
    settle(st, 0, 13)
    before = victory_points(st, 0)
    _buy(st, 0, DEV_VP)
    assert victory_points(st, 0) == before + 1


def test_knight_moves_the_robber_and_counts_for_the_army(monkeypatch):
    st, _ = new_position()
    settle(st, 1, 13)                  # on hex 4
    set_hand(st, 1, ore=1)
    st.dev_hand[0, DEV_KNIGHT] = 1
    script(monkeypatch, "robber", (4, 1))
    apply_action(st, 0, A_KNIGHT, 0, 0)
    assert st.robber == 4
    assert st.knights[0] == 1 and st.dev_hand[0, DEV_KNIGHT] == 0
    assert st.hand[0, ORE] == 1 and st.hand[1].sum() == 0   # and steals there


def test_road_building_places_two_free_roads(monkeypatch):
    st, _ = new_position()
    settle(st, 0, 4)
    st.dev_hand[0, DEV_ROADS] = 1
    script(monkeypatch, "free_road", edge(4, 8), edge(8, 12))
    apply_action(st, 0, A_ROADS, 0, 0)
    assert st.edge_owner[edge(4, 8)] == 0 and st.edge_owner[edge(8, 12)] == 0
    assert st.pieces[0, PIECE_ROAD] == 13
    assert st.hand[0].sum() == 0 and supply_kept(st)
    assert st.road_length[0] == 2


def test_road_building_roads_must_be_legal(monkeypatch):
    st, _ = new_position()
    settle(st, 0, 4)
    st.dev_hand[0, DEV_ROADS] = 1
    script(monkeypatch, "free_road", edge(44, 48))     # not connected
    apply_action(st, 0, A_ROADS, 0, 0)
    assert st.edge_owner[edge(44, 48)] == -1 and st.illegal == 1


def test_road_building_with_one_road_left_places_one(monkeypatch):
    st, _ = new_position()
    settle(st, 0, 4)
    st.pieces[0, PIECE_ROAD] = 1
    st.dev_hand[0, DEV_ROADS] = 1
    calls = script(monkeypatch, "free_road", edge(4, 8), edge(8, 12))
    apply_action(st, 0, A_ROADS, 0, 0)
    assert len(calls) == 1 and st.pieces[0, PIECE_ROAD] == 0


def test_year_of_plenty_takes_two_from_the_bank(monkeypatch):
    st, _ = new_position()
    st.dev_hand[0, DEV_PLENTY] = 1
    script(monkeypatch, "plenty", (ORE, BRICK))
    apply_action(st, 0, A_PLENTY, 0, 0)
    assert list(st.hand[0]) == [0, 1, 0, 0, 1]
    assert st.bank[ORE] == 18 and st.bank[BRICK] == 18


def test_year_of_plenty_takes_only_what_the_bank_has(monkeypatch):
    st, _ = new_position()
    deal(st, 1, ore=18)
    st.dev_hand[0, DEV_PLENTY] = 1
    script(monkeypatch, "plenty", (ORE, ORE))
    apply_action(st, 0, A_PLENTY, 0, 0)
    assert st.hand[0, ORE] == 1 and st.bank[ORE] == 0 and supply_kept(st)


def test_monopoly_takes_every_card_of_one_resource(monkeypatch):
    st, _ = new_position()
    set_hand(st, 1, grain=3, ore=1)
    set_hand(st, 2, grain=1)
    set_hand(st, 3, wool=2)
    set_hand(st, 0, grain=1)
    st.dev_hand[0, DEV_MONOPOLY] = 1
    script(monkeypatch, "monopoly", GRAIN)
    apply_action(st, 0, A_MONOPOLY, 0, 0)
    assert st.hand[0, GRAIN] == 5
    assert st.hand[1:, GRAIN].sum() == 0
    assert st.hand[1, 4] == 1 and st.hand[3, 2] == 2   # other resources stay
    assert supply_kept(st)


def test_no_card_to_buy_from_an_empty_deck():
    st, _ = new_position()
    deal(st, 0, DEV_CARDS)
    st.dev_top = N_DEV_CARDS
    assert not is_legal(st, 0, A_BUY_DEV, 0, 0)


def test_road_building_needs_a_road_in_the_supply():
    st, _ = new_position()
    st.dev_hand[0, DEV_ROADS] = 1
    st.pieces[0, PIECE_ROAD] = 0
    assert not is_legal(st, 0, A_ROADS, 0, 0)


# --- largest army -------------------------------------------------------------------

def _play_knights(monkeypatch, st, p, n):
    script(monkeypatch, "robber", (0, -1), (1, -1))    # hexes 0 and 1 in turn
    for _ in range(n):
        st.dev_hand[p, DEV_KNIGHT] += 1
        st.dev_played = 0              # a new turn
        apply_action(st, p, A_KNIGHT, 0, 0)


def test_largest_army_goes_to_the_first_with_three_knights(monkeypatch):
    # docs/rules.md, Base game: largest army: first to 3 played knights, 2 VP
    st, _ = new_position()
    _play_knights(monkeypatch, st, 0, 2)
    assert st.army_holder == -1
    vp = victory_points(st, 0)
    _play_knights(monkeypatch, st, 0, 1)
    assert st.army_holder == 0 and victory_points(st, 0) == vp + 2


def test_largest_army_passes_only_on_strictly_more(monkeypatch):
    # docs/rules.md, Base game: ... passes on strictly more
    st, _ = new_position()
    _play_knights(monkeypatch, st, 0, 3)
    _play_knights(monkeypatch, st, 1, 3)
    assert st.army_holder == 0         # a tie does not take it
    _play_knights(monkeypatch, st, 1, 1)
    assert st.army_holder == 1
    assert victory_points(st, 0) == 0 and victory_points(st, 1) == 2


# --- the shipped policies ---------------------------------------------------------------

def test_builder_does_not_buy_from_an_empty_deck():
    # §0 deck of 25: with one card left and the cards for two, the second purchase
    # must not be proposed (the engine refuses it and counts st.illegal)
    st, params = new_position(policy="devcards")
    st.dev_top = N_DEV_CARDS - 1
    deal(st, 0, [0, 0, 6, 6, 6])       # no buildings: buying cards is the only goal
                                       # (and enough left to trade for more after the deck is empty)
    seed_next_roll(6)
    play_turn(st, 0)
    assert st.dev_top == N_DEV_CARDS   # it bought the last card
    assert st.illegal == 0
