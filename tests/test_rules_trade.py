"""Maritime trade (docs/rules.md, Base game: 4:1, 3:1 at a generic harbour, 2:1 at a matching harbour).

Beginner harbours: corners 0/3 generic 3:1, 42/46 brick 2:1, 33/38 grain 2:1,
1/5 wool 2:1 (simcore/engine/board.py BEGINNER_HARBOURS, topology.HARBOUR_CORNERS)."""
import pytest

from simcore.engine.actions import A_TRADE
from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.engine.state import GENERIC_HARBOUR
from tests.positions import (BRICK, GRAIN, LUMBER, ORE, WOOL, city, deal, new_position, set_hand, settle,
                             supply_kept)


def _can_trade_at(st, p, give, rate):
    """p can give exactly `rate` cards of `give` for one ore (and not rate - 1)."""
    get = ORE if give != ORE else LUMBER
    set_hand(st, p, **{_name(give): rate - 1})
    below = is_legal(st, p, A_TRADE, give, get)
    set_hand(st, p, **{_name(give): rate})
    return not below and is_legal(st, p, A_TRADE, give, get)


def _name(r):
    return ("lumber", "brick", "wool", "grain", "ore")[r]


def test_beginner_harbours_are_where_the_tests_expect():
    st, _ = new_position()
    assert st.corner_harbour[0] == st.corner_harbour[3] == GENERIC_HARBOUR
    assert st.corner_harbour[42] == st.corner_harbour[46] == BRICK
    assert st.corner_harbour[33] == GRAIN and st.corner_harbour[13] == -1


@pytest.mark.parametrize("corner, rates, give, get", [
    (13, [4, 4, 4, 4, 4], LUMBER, ORE),     # docs/rules.md, Base game: maritime trade 4:1
    (3, [3, 3, 3, 3, 3], WOOL, GRAIN),      # docs/rules.md, Base game: 3:1 at a generic harbour, for every resource
    (42, [4, 2, 4, 4, 4], BRICK, ORE),      # docs/rules.md, Base game: 2:1 at a matching harbour (brick), only for brick
], ids=["no-harbour", "generic-harbour", "brick-harbour"])
def test_maritime_trade_rates(corner, rates, give, get):
    st, _ = new_position()
    settle(st, 0, corner)
    assert list(st.trade_rate[0]) == rates
    for r in range(5):
        assert _can_trade_at(st, 0, r, rates[r])
    set_hand(st, 0, **{_name(give): rates[give]})
    bank = st.bank.copy()
    apply_action(st, 0, A_TRADE, give, get)
    assert st.hand[0].sum() == 1 and st.hand[0, get] == 1
    assert st.bank[give] == bank[give] + rates[give] and st.bank[get] == bank[get] - 1
    assert supply_kept(st)


def test_generic_and_resource_harbours_combine():
    st, _ = new_position()
    settle(st, 0, 42)                  # brick 2:1
    settle(st, 0, 0)                   # generic 3:1
    assert list(st.trade_rate[0]) == [3, 2, 3, 3, 3]


def test_harbour_owned_by_someone_else_gives_nothing():
    # docs/rules.md, Base game: only the player with a building on the harbour trades there
    st, _ = new_position()
    settle(st, 1, 3)                   # generic harbour
    settle(st, 2, 42)                  # brick harbour
    settle(st, 0, 13)
    assert list(st.trade_rate[0]) == [4] * 5
    assert not _can_trade_at(st, 0, BRICK, 2) and not _can_trade_at(st, 0, BRICK, 3)
    assert _can_trade_at(st, 0, BRICK, 4)


def test_a_city_keeps_its_harbour():
    st, _ = new_position()
    city(st, 0, 46)                    # brick harbour, the other corner
    assert st.trade_rate[0, BRICK] == 2


def test_trade_needs_a_different_resource_in_the_bank():
    st, _ = new_position()
    deal(st, 0, lumber=8)
    assert not is_legal(st, 0, A_TRADE, LUMBER, LUMBER)
    deal(st, 1, ore=19)                # the bank has no ore left
    assert not is_legal(st, 0, A_TRADE, LUMBER, ORE)
    assert is_legal(st, 0, A_TRADE, LUMBER, GRAIN)


@pytest.mark.parametrize("bad", [(-1, 0), (0, 5), (5, 0)])
def test_trade_with_no_such_resource_is_illegal(bad):
    st, _ = new_position()
    deal(st, 0, [4, 4, 4, 4, 4])
    assert not is_legal(st, 0, A_TRADE, *bad)
