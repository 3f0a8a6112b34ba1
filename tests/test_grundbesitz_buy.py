"""Grundbesitz: where one may be bought, what it costs, and the acquisition response
(docs/rules.md, Grundbesitz: "Cost", "Where", "No VP", "Acquisition response"; seed 000 §1-3, §5).

Beginner board: hex 4 is brick 6 (corners 13 8 12 17 23 18), hex 1 wool 2, hex 5
wool 4, hex 3 grain 12, hex 0 ore 10, hex 8 lumber 11, hex 9 the desert, hex 17
grain 6.  Corner 13 touches hexes 4, 1, 5; corner 23 touches 8, 4 and the desert;
corner 4 touches hexes 0, 1 and the sea.  Corners 13, 12 and 23 all lie on hex 4
and keep the distance rule.
"""
import pytest

from simcore.engine import records as R
from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.engine.state import DEV_KNIGHT, victory_points
from simcore.variants.grundbesitz.board import WHAT_RESPONSE
from simcore.variants.grundbesitz import A_BUY_GB, N_GB
from tests.positions import (city, deal, gb_at, knights, new_position, own_gb, quiet, script, set_hand, settle,
                             supply_kept)
from simcore.variants import grundbesitz as GBD

GB_COST = [1, 1, 1, 1, 1]
BRICK6, WOOL2, WOOL4, GRAIN12, ORE10, DESERT = 4, 1, 5, 3, 0, 9


def _legal(st, p, g, cost=GB_COST):
    """Whether p may buy g, holding exactly the cost."""
    set_hand(st, p, cost)
    return is_legal(st, p, A_BUY_GB, g, 0)


def _buy(st, p, g, cost=GB_COST):
    set_hand(st, p, cost)
    assert is_legal(st, p, A_BUY_GB, g, 0)
    apply_action(st, p, A_BUY_GB, g, 0)


# --- where ------------------------------------------------------------------------

def test_needs_own_settlement_or_city_on_the_corner():
    st, _ = new_position(grundbesitz={})
    settle(st, 1, 13)
    city(st, 0, 45)
    assert not _legal(st, 0, gb_at(13, BRICK6))        # another player's settlement
    assert not _legal(st, 0, gb_at(12, BRICK6))        # an empty corner
    assert _legal(st, 1, gb_at(13, BRICK6))            # the owner's settlement
    assert _legal(st, 0, gb_at(45, 17))                # the owner's city


def test_the_hex_must_touch_the_corner_and_produce():
    st, _ = new_position(grundbesitz={})
    settle(st, 0, 23)                                  # lumber 11, brick 6, desert
    settle(st, 0, 4)                                   # ore 10, wool 2, sea
    assert _legal(st, 0, gb_at(23, 8)) and _legal(st, 0, gb_at(23, BRICK6))
    assert not _legal(st, 0, gb_at(23, DESERT))
    assert _legal(st, 0, gb_at(4, ORE10)) and _legal(st, 0, gb_at(4, WOOL2))
    assert not _legal(st, 0, 3 * 4 + 2)                # the sea slot of corner 4
    assert not _legal(st, 0, -1) and not _legal(st, 0, N_GB)


def test_the_variant_off_allows_no_purchase():
    st, _ = new_position()
    settle(st, 0, 13)
    assert not _legal(st, 0, gb_at(13, BRICK6))


@pytest.mark.parametrize("allowed, legal_hexes", [
    ([2, 3, 11, 12], {WOOL2}),                         # seed: 2, 3, 11, 12
    ([4, 5, 6, 8, 9, 10], {BRICK6, WOOL4}),            # seed: 4-10
    ([5, 6, 8, 9], {BRICK6}),                          # seed: 5-9
])
def test_allowed_numbers(allowed, legal_hexes):
    st, _ = new_position(grundbesitz={"allowed_numbers": allowed})
    settle(st, 0, 13)                                  # brick 6, wool 2, wool 4
    for h in (BRICK6, WOOL2, WOOL4):
        assert _legal(st, 0, gb_at(13, h)) == (h in legal_hexes), h


def test_one_per_corner_and_hex_and_three_under_one_building(monkeypatch):
    quiet(monkeypatch)
    st, _ = new_position(grundbesitz={})
    settle(st, 0, 13)
    for h in (BRICK6, WOOL2, WOOL4):
        _buy(st, 0, gb_at(13, h))
        assert not _legal(st, 0, gb_at(13, h))         # that (corner, hex) pair is taken
    assert [st.gb_owner[3 * 13 + k] for k in range(3)] == [0, 0, 0]
    assert st.gb_count[0, BRICK6] == st.gb_count[0, WOOL2] == st.gb_count[0, WOOL4] == 1
    assert st.stats[0, GBD.S_GB_BOUGHT] == 3 and st.stats[0, GBD.S_GB_OWNED] == 3


def test_three_buildings_on_a_hex_give_three_grundbesitz_on_it(monkeypatch):
    quiet(monkeypatch)
    st, _ = new_position(grundbesitz={})
    for c in (13, 12, 23):
        settle(st, 0, c)
        _buy(st, 0, gb_at(c, BRICK6))
    assert st.gb_count[0, BRICK6] == 3


def test_a_city_keeps_its_grundbesitz_and_may_take_more(monkeypatch):
    quiet(monkeypatch)
    st, _ = new_position(grundbesitz={})
    settle(st, 0, 13)
    _buy(st, 0, gb_at(13, BRICK6))
    city(st, 0, 13)
    assert st.gb_owner[gb_at(13, BRICK6)] == 0
    _buy(st, 0, gb_at(13, WOOL2))
    assert st.gb_count[0].sum() == 2


def test_max_per_player(monkeypatch):
    quiet(monkeypatch)
    st, _ = new_position(grundbesitz={"max_per_player": 2})
    settle(st, 0, 13)
    settle(st, 1, 45)
    _buy(st, 0, gb_at(13, BRICK6))
    _buy(st, 0, gb_at(13, WOOL2))
    assert not _legal(st, 0, gb_at(13, WOOL4))
    assert _legal(st, 1, gb_at(45, 17))                # the limit is per player


# --- cost ---------------------------------------------------------------------------

@pytest.mark.parametrize("cost", [GB_COST, [0, 2, 0, 0, 1], [3, 0, 0, 0, 0]])
def test_cost_is_paid_to_the_bank(monkeypatch, cost):
    quiet(monkeypatch)
    rules = {} if cost == GB_COST else {"cost": cost}
    st, _ = new_position(grundbesitz=rules)
    settle(st, 0, 13)
    set_hand(st, 0, cost)
    deal(st, 0, wool=1)                                # one card more than the cost
    bank = st.bank.copy()
    vp = victory_points(st, 0)
    apply_action(st, 0, A_BUY_GB, gb_at(13, BRICK6), 0)
    assert list(st.hand[0]) == [0, 0, 1, 0, 0]
    assert list(st.bank - bank) == cost
    assert st.stats[0, GBD.S_SPEND_GB] == sum(cost) and supply_kept(st)
    assert victory_points(st, 0) == vp                 # docs/rules.md, Grundbesitz: no VP


@pytest.mark.parametrize("cost", [GB_COST, [0, 2, 0, 0, 1]])
def test_a_card_short_of_the_cost_cannot_buy(cost):
    st, _ = new_position(grundbesitz={} if cost == GB_COST else {"cost": cost})
    settle(st, 0, 13)
    g = gb_at(13, BRICK6)
    for r in range(5):
        if cost[r]:
            short = list(cost)
            short[r] -= 1
            assert not _legal(st, 0, g, short)
    assert _legal(st, 0, g, cost)


def test_a_free_cost_needs_no_cards(monkeypatch):
    quiet(monkeypatch)
    st, _ = new_position(grundbesitz={"cost": [0, 0, 0, 0, 0]})
    settle(st, 0, 13)
    assert is_legal(st, 0, A_BUY_GB, gb_at(13, BRICK6), 0)


# --- acquisition response (seed §5) -------------------------------------------------

def _hex4(rules=None):
    """Players 0, 1, 2 with settlements on hex 4 (corners 13, 12, 23); player 3 at 45."""
    st, params = new_position(grundbesitz=rules or {})
    for p, c in enumerate((13, 12, 23, 45)):
        settle(st, p, c)
    return st, params


def test_each_other_owner_on_the_hex_may_respond_in_turn_order_from_the_buyers_left(monkeypatch):
    quiet(monkeypatch)
    st, _ = _hex4()
    own_gb(st, 0, 13, BRICK6)
    own_gb(st, 2, 23, BRICK6)
    own_gb(st, 3, 45, 17)                              # a GB, but on another hex: not asked
    asked = script(monkeypatch, "gb_response_block", True)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    assert asked == [(2, g), (0, g)]                   # from player 1's left: 2, (3), 0
    assert st.gb_markers[g] == 4                       # markers_per_block each, piled up
    assert st.stats[2, GBD.S_GB_MARKERS_RESPONSE] == 2 and st.stats[0, GBD.S_GB_MARKERS_RESPONSE] == 2
    assert st.stats[1, GBD.S_GB_MARKERS_RECEIVED] == 4


def test_response_needs_no_knight_by_default(monkeypatch):
    quiet(monkeypatch)
    st, _ = _hex4({"markers_per_block": 3})
    own_gb(st, 0, 13, BRICK6)
    knights(st, 2, 1)
    own_gb(st, 2, 23, BRICK6)
    script(monkeypatch, "gb_response_block", lambda st, q, g: q == 2)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    assert st.gb_markers[g] == 3                       # player 2 blocked; player 0 declined
    assert st.dev_hand[2, DEV_KNIGHT] == 1             # and kept its knight
    assert st.stats[2, GBD.S_GB_KNIGHTS_BLOCK] == 0 and st.knights[2] == 0


def test_nobody_is_asked_on_a_hex_without_other_owners(monkeypatch):
    quiet(monkeypatch)
    st, _ = _hex4()
    own_gb(st, 1, 12, BRICK6)                          # the buyer's own GB on the hex
    asked = script(monkeypatch, "gb_response_block", True)
    _buy(st, 1, gb_at(12, 0))
    _buy(st, 0, gb_at(13, WOOL2))
    assert asked == [] and st.gb_markers.sum() == 0


@pytest.mark.parametrize("response_defence", [True, False])
def test_a_response_is_contested_unless_response_defence_is_off(monkeypatch, response_defence):
    # seed §6: any placement of markers may be defended; response_defence = false is the
    # older reading (a response cannot be defended)
    quiet(monkeypatch)
    st, _ = _hex4({"response_defence": response_defence})
    own_gb(st, 0, 13, BRICK6)
    own_gb(st, 2, 23, BRICK6)
    knights(st, 2, 1)
    script(monkeypatch, "gb_response_block", lambda st, q, g: q == 0)
    defend = script(monkeypatch, "gb_defend", True)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    if response_defence:   # asked from the responder's left: 1 (the buyer, no knight), 2
        assert defend == [(2, 0, BRICK6, WHAT_RESPONSE, g)] and st.gb_markers[g] == 0
        assert st.stats[2, GBD.S_GB_DEFENDED_RESPONSE] == 1 and st.dev_hand[2, DEV_KNIGHT] == 0
    else:
        assert defend == [] and st.gb_markers[g] == 2 and st.dev_hand[2, DEV_KNIGHT] == 1


def test_the_buyer_defends_its_new_gb_with_a_knight_of_an_earlier_turn(monkeypatch):
    quiet(monkeypatch)
    st, _ = _hex4()
    own_gb(st, 0, 13, BRICK6)
    knights(st, 1, 1)
    st.current = 1
    script(monkeypatch, "gb_response_block", True)
    defend = script(monkeypatch, "gb_defend", True)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    assert defend == [(1, 0, BRICK6, WHAT_RESPONSE, g)] and st.gb_markers[g] == 0
    assert st.dev_played == 1                          # on its own turn: the turn's card


def test_response_with_knight_rule_spends_one_and_skips_players_without(monkeypatch):
    # response_block_needs_knight = true: a knight is spent; a player without one is not asked
    quiet(monkeypatch)
    st, _ = _hex4({"response_block_needs_knight": True})
    own_gb(st, 0, 13, BRICK6)
    own_gb(st, 2, 23, BRICK6)
    knights(st, 0, 1)
    st.dev_new[2, DEV_KNIGHT] = 1                      # bought this turn: not usable
    asked = script(monkeypatch, "gb_response_block", True)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    assert asked == [(0, g)]
    assert st.gb_markers[g] > 0
    assert st.dev_hand[0, DEV_KNIGHT] == 0 and st.stats[0, GBD.S_GB_KNIGHTS_BLOCK] == 1
    assert st.knights[0] == 1                          # knights_count_for_army (default)
    assert st.dev_played == 0                          # not the buyer's card of the turn


def test_response_with_knight_places_markers_per_knight_block(monkeypatch):
    # docs/rules.md, Grundbesitz: "by a block made with a knight: markers_per_knight_block" -- a response
    # that costs a knight (response_block_needs_knight) is such a block
    quiet(monkeypatch)
    st, _ = _hex4({"response_block_needs_knight": True, "markers_per_block": 2, "markers_per_knight_block": 5})
    own_gb(st, 0, 13, BRICK6)
    knights(st, 0, 1)
    script(monkeypatch, "gb_response_block", True)
    g = gb_at(12, BRICK6)
    _buy(st, 1, g)
    assert st.gb_markers[g] == 5 and st.stats[0, GBD.S_GB_MARKERS_RESPONSE] == 5
