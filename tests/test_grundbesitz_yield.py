"""Grundbesitz yields (docs/rules.md, Grundbesitz: "Yield", last line; seed 000 §4, §5, §7, last line):
at each of its owner's turns, right after production, every GB that is not blocked,
not under the robber and had no marker removed this turn gives 1 of its hex, from the
bank; a new GB first yields yield_delay_rounds rounds later.

Beginner board: corner 13 touches brick 6 (hex 4), wool 2 (hex 1), wool 4 (hex 5);
corner 45 touches grain 6 (hex 17), grain 4 (hex 14), wool 11 (hex 18).  Rolling an
8 pays neither corner.
"""
import pytest

from simcore.engine import records as R
from simcore.engine.events import E_PAYOUT, E_ROLL
from simcore.variants.grundbesitz import A_BUY_GB, E_GB_YIELD, P_GB_ON
from simcore.engine.game import apply_action, play_turn
from simcore.engine.state import DEV_KNIGHT
from tests.positions import (BRICK, GRAIN, city, deal, gb_at, new_position, own_gb, quiet, script,
                             seed_next_roll, set_hand, settle, supply_kept)
from simcore.variants import grundbesitz as GBD

BRICK6, GRAIN6 = 4, 17


def _turn(st, params, p, roll=8):
    seed_next_roll(roll)
    play_turn(st, p)


def _round(st, params, roll=8):
    """One turn of every seat, each rolling `roll`; returns each seat's hand gained."""
    before = st.hand.copy()
    for p in range(st.players):
        _turn(st, params, p, roll)
    return st.hand - before


def _position(monkeypatch, rules=None):
    """Player 0: a settlement at 13 with a GB on brick 6, a city at 45 with a GB on grain 6."""
    quiet(monkeypatch)
    st, params = new_position(grundbesitz=rules or {})
    settle(st, 0, 13)
    city(st, 0, 45)
    settle(st, 1, 23)
    g_brick = own_gb(st, 0, 13, BRICK6)
    g_grain = own_gb(st, 0, 45, GRAIN6)
    return st, params, g_brick, g_grain


def test_each_unblocked_gb_yields_one_at_its_owners_turn_settlement_or_city_alike(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    gained = _round(st, params)
    assert list(gained[0]) == [0, 1, 0, 1, 0]          # 1 brick (settlement), 1 grain (city)
    assert gained[1:].sum() == 0                       # nobody else gets anything
    assert st.stats[0, GBD.S_GAIN_GB] == 2 and st.stats[0, R.S_GAIN_DICE] == 0
    assert supply_kept(st)
    gained = _round(st, params)                        # and again every round
    assert list(gained[0]) == [0, 1, 0, 1, 0]


def test_yield_comes_right_after_production(monkeypatch):
    st, params, g_brick, g_grain = _position(monkeypatch)
    st.log_on = 1
    hands_at_first_action = []
    script(monkeypatch, "action", lambda st, p: (hands_at_first_action.append(st.hand[p].copy()), (0, 0, 0))[1])
    _turn(st, params, 0, roll=6)                       # brick 6 and grain 6 both roll
    types = list(st.log[:st.log_n, 0])
    yields = [i for i, t in enumerate(types) if t == E_GB_YIELD]
    payouts = [i for i, t in enumerate(types) if t == E_PAYOUT]
    assert len(yields) == 2 and len(payouts) == 3     # player 1 at 23 gets a brick too
    assert types.index(E_ROLL) < max(payouts) < min(yields)
    assert {tuple(st.log[i, 2:6]) for i in yields} == {(BRICK, 1, BRICK6, g_brick), (GRAIN, 1, GRAIN6, g_grain)}
    # dice: 1 brick + 2 grain (city); Grundbesitz: 1 brick + 1 grain; all before the first action
    assert list(hands_at_first_action[0]) == [0, 2, 0, 3, 0]


def test_a_blocked_gb_yields_nothing(monkeypatch):
    st, params, g_brick, _ = _position(monkeypatch)
    st.gb_markers[g_brick] = 1
    assert list(_round(st, params)[0]) == [0, 0, 0, 1, 0]


def test_the_robber_blocks_gb_yields_of_its_hex(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    st.robber = BRICK6
    assert list(_round(st, params)[0]) == [0, 0, 0, 1, 0]
    st.robber = GRAIN6
    assert list(_round(st, params)[0]) == [0, 1, 0, 0, 0]


def test_yield_also_on_a_turn_with_a_seven(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    script(monkeypatch, "robber", (0, -1))
    _turn(st, params, 0, roll=7)
    assert st.last_roll == 7 and st.robber == 0
    assert list(st.hand[0]) == [0, 1, 0, 1, 0]


def test_a_seven_that_moves_the_robber_onto_the_gb_hex_stops_its_yield(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    script(monkeypatch, "robber", (BRICK6, -1))
    _turn(st, params, 0, roll=7)
    assert list(st.hand[0]) == [0, 0, 0, 1, 0]


def test_no_yield_when_the_bank_has_none(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    deal(st, 2, brick=19)                              # the bank is out of brick
    _turn(st, params, 0)
    assert list(st.hand[0]) == [0, 0, 0, 1, 0] and st.bank[BRICK] == 0
    assert st.stats[0, GBD.S_GAIN_GB] == 1 and supply_kept(st)


def test_last_card_of_the_bank_goes_to_one_of_two_gbs(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    own_gb(st, 0, 13, 1)                               # wool 2
    own_gb(st, 0, 45, 18)                              # wool 11
    deal(st, 2, wool=18)                               # one wool left
    _turn(st, params, 0)
    assert st.hand[0, 2] == 1 and st.bank[2] == 0 and supply_kept(st)


def test_marker_removed_this_turn_no_yield_then_yields_next_turn(monkeypatch):
    # seed §5: only GBs that had no marker removed in the turn yield
    st, params, g_brick, _ = _position(monkeypatch)
    own_gb(st, 0, 13, 1)                               # wool 2: an unblocked GB that keeps yielding
    st.gb_markers[g_brick] = 1
    script(monkeypatch, "gb_free_removal", g_brick, -1)  # player 0 holds hex 4 alone: majority
    _turn(st, params, 0)
    assert st.gb_markers[g_brick] == 0 and st.stats[0, GBD.S_GB_REMOVED_FREE] == 1
    assert list(st.hand[0]) == [0, 0, 1, 1, 0]        # no brick this turn
    gained = _round(st, params)
    assert list(gained[0]) == [0, 1, 1, 1, 0]          # from the next own turn on


@pytest.mark.parametrize("delay", [1, 2])
def test_a_new_gb_first_yields_yield_delay_rounds_later(monkeypatch, delay):
    quiet(monkeypatch)
    st, params = new_position(grundbesitz={"yield_delay_rounds": delay})
    settle(st, 0, 13)
    bought = []

    def buy_once(st, p):
        if not bought:
            bought.append(st.turn)
            set_hand(st, p, [1, 1, 1, 1, 1])
            return A_BUY_GB, gb_at(13, BRICK6), 0
        return 0, 0, 0

    script(monkeypatch, "action", buy_once)
    gains = [int(_round(st, params)[0, BRICK]) for _ in range(4)]
    assert bought == [1]
    # bought in round 1: first yield in round 1 + delay, then every round
    assert gains == [0] + [0] * (delay - 1) + [1] * (4 - delay)


def test_delay_counts_the_owners_turns_not_the_round_number(monkeypatch):
    # bought on seat 2's turn: the first yield is on seat 2's next turn (delay 1)
    quiet(monkeypatch)
    st, params = new_position(grundbesitz={})
    settle(st, 2, 13)
    st.current = 2
    st.turn = 3
    set_hand(st, 2, [1, 1, 1, 1, 1])
    apply_action(st, 2, A_BUY_GB, gb_at(13, BRICK6), 0)
    for p in (3, 0, 1):
        _turn(st, params, p)
    assert st.hand[2].sum() == 0
    _turn(st, params, 2)
    assert st.hand[2, BRICK] == 1


def test_no_yield_on_other_players_turns_and_without_the_variant(monkeypatch):
    st, params, _, _ = _position(monkeypatch)
    for p in (1, 2, 3):
        _turn(st, params, p)
    assert st.hand[0].sum() == 0
    params[P_GB_ON] = 0
    st.params[P_GB_ON] = 0
    _turn(st, params, 0)
    assert st.hand[0].sum() == 0


def test_knight_spent_this_turn_does_not_stop_the_yield(monkeypatch):
    # only removals stop a yield; a knight played before the roll does not
    st, params, _, _ = _position(monkeypatch)
    st.dev_hand[0, DEV_KNIGHT] = 1
    script(monkeypatch, "knight_before_roll", True)
    script(monkeypatch, "robber", (0, -1))
    _turn(st, params, 0)
    assert st.dev_hand[0, DEV_KNIGHT] == 0
    assert list(st.hand[0]) == [0, 1, 0, 1, 0]
