"""Hands wider than the five resources (simcore.engine.cards): a test-only variant declares four
commodity kinds, and the card rules (docs/rules.md, Base game: production with the bank shortage,
discards, steals, maritime and domestic trade, monopoly; §4: commodities) work on
them as on resources.  Run as Python on built positions (no kernel compile)."""
from types import SimpleNamespace

import numpy as np
import pytest

from simcore.engine import cards
from simcore.engine import records as R
from simcore.engine.actions import A_OFFER, A_TRADE
from simcore.engine.cards import CardKind, card_kinds, pack_card_kinds
from simcore.engine.devcards import play_monopoly
from simcore.engine.economy import bank_trade, owe_dice, pay_dice, steal
from simcore.engine.events import E_STEAL, event_dicts, log_event
from simcore.engine.game import discards, play_turn
from simcore.engine.legal import is_legal
from simcore.engine.params import P_DOMESTIC_TRADE, P_KIND_RATE, P_KIND_SUPPLY, P_OFFERS_PER_TURN
from simcore.engine.state import GENERIC_HARBOUR, LOG_FIELDS, MAX_PLAYERS, N_RESOURCES, RESOURCE_NAMES, n_choices
from simcore.engine.topology import HEX_CORNERS
from simcore.engine.variant import REGISTRY
from tests.positions import make_params, new_position, set_hand, settle

FAKE = (CardKind("paper", 12), CardKind("cloth", 12), CardKind("coin", "coin_supply", rate=0),
        CardKind("meat", 12, rate=2))
KINDS = RESOURCE_NAMES + ("paper", "cloth", "coin", "meat")
PAPER, CLOTH, COIN, MEAT = (KINDS.index(k.name) for k in FAKE)
SUPPLY = [19] * 5 + [12, 12, 5, 12]


@pytest.fixture
def wide(monkeypatch):
    """(st, params): a 4-player position whose hands hold 9 kinds, packed as a
    scenario with the fake variant (coin_supply = 5) is packed."""
    monkeypatch.setattr(cards, "COMMODITIES", {"fake": FAKE})
    kinds = card_kinds(("fake",))
    assert kinds == KINDS
    params = make_params(4)
    params[P_DOMESTIC_TRADE] = 1
    params[P_OFFERS_PER_TURN] = 3
    pack_card_kinds(params, {"fake": SimpleNamespace(coin_supply=5)})
    return new_position(params=params, kinds=kinds)


def conserved(st):
    return (st.bank + st.hand[:st.players].sum(axis=0)).tolist() == SUPPLY


def test_the_bank_holds_each_kinds_supply_and_rates_come_from_the_declaration(wide):
    st, _ = wide
    assert st.hand.shape == (MAX_PLAYERS, 9) and st.costs.shape[1] == 9 and st.owed.shape[1] == 9
    room = sum(v.choices for v in REGISTRY.values() if v.marker in st.dtype.names)   # the variants' own options
    assert st.choice.shape[0] == n_choices(9, room) and n_choices(9) > n_choices(5)   # room for 9 x 9 trades and offers
    assert st.bank.tolist() == SUPPLY
    assert st.trade_rate[0].tolist() == [4] * 5 + [4, 4, 0, 2]


def test_kinds_of_a_variant_not_in_force_get_no_cards(monkeypatch):
    monkeypatch.setattr(cards, "COMMODITIES", {"fake": FAKE})
    params = make_params(4)
    pack_card_kinds(params, {})
    st, _ = new_position(params=params, kinds=card_kinds(("fake",)))
    assert st.bank.tolist() == [19] * 5 + [0] * 4


def test_a_kind_is_declared_once(monkeypatch):
    monkeypatch.setattr(cards, "COMMODITIES", {"fake": FAKE})
    with pytest.raises(ValueError, match="paper"):
        cards.declare_card_kinds("other", CardKind("paper"))


def _producing_hex(st):
    h = next(h for h in range(19) if st.hex_number[h] not in (0, 7) and h != st.robber)
    return h, int(st.hex_number[h])


def test_production_pays_a_commodity_a_rule_owes(wide):
    st, _ = wide
    h, number = _producing_hex(st)
    settle(st, 0, HEX_CORNERS[h, 0])
    owe_dice(st, number)
    st.owed[0, CLOTH] += 1          # e.g. a C&K city on a pasture: wool + cloth
    pay_dice(st, number)
    assert st.hand[0, st.hex_resource[h]] == 1 and st.hand[0, CLOTH] == 1
    assert st.bank[CLOTH] == 11 and st.stats[0, R.S_GAIN_DICE] == 2 and conserved(st)


def test_the_bank_shortage_rule_applies_to_a_commodity(wide):
    st, _ = wide
    h, number = _producing_hex(st)
    set_hand(st, 3, paper=11, kinds=KINDS)              # the bank keeps 1 paper
    owe_dice(st, number)
    st.owed[0, PAPER] = 1
    st.owed[1, PAPER] = 1
    pay_dice(st, number)                                # two owed, one left: nobody
    assert st.hand[0, PAPER] == 0 and st.hand[1, PAPER] == 0 and st.bank[PAPER] == 1
    owe_dice(st, number)
    st.owed[1, PAPER] = 2
    pay_dice(st, number)                                # one owed: takes what is left
    assert st.hand[1, PAPER] == 1 and st.bank[PAPER] == 0 and conserved(st)


def test_discarding_half_counts_every_kind(wide):
    st, _ = wide
    set_hand(st, 1, [1, 1, 1, 1, 0, 1, 1, 1, 1])        # 4 resources + 4 commodities = 8 > 7
    discards(st)
    assert st.hand[1].sum() == 4 and st.stats[1, R.S_SPEND_DISCARDS] == 4 and conserved(st)


def test_a_steal_can_take_any_kind(wide):
    st, _ = wide
    for kind in (MEAT, COIN, PAPER):
        set_hand(st, 2, **{KINDS[kind]: 1}, kinds=KINDS)
        assert steal(st, 0, 2) == kind and st.hand[0, kind] == 1 and st.hand[2].sum() == 0
    assert conserved(st)


def test_monopoly_takes_a_commodity(wide):
    st, _ = wide
    set_hand(st, 1, cloth=2, kinds=KINDS)
    set_hand(st, 2, cloth=1, ore=1, kinds=KINDS)
    st.dev_hand[0, 4] = 1
    play_monopoly(st, 0, CLOTH)
    assert st.hand[0, CLOTH] == 3 and st.hand[1:, CLOTH].sum() == 0 and st.hand[2, 4] == 1 and conserved(st)


def test_maritime_trade_of_commodities_at_their_rates(wide):
    st, _ = wide
    set_hand(st, 0, paper=4, meat=2, coin=5, kinds=KINDS)
    assert is_legal(st, 0, A_TRADE, PAPER, 4) and not is_legal(st, 0, A_TRADE, 0, CLOTH)
    bank_trade(st, 0, PAPER, 4)                     # 4 paper -> 1 ore
    bank_trade(st, 0, MEAT, CLOTH)                  # meat trades 2:1, for a commodity too
    assert st.hand[0].tolist() == [0, 0, 0, 0, 1, 0, 1, 5, 0] and conserved(st)
    assert not is_legal(st, 0, A_TRADE, COIN, 0)    # the bank does not trade coin
    set_hand(st, 0, lumber=4, kinds=KINDS)
    assert is_legal(st, 0, A_TRADE, 0, PAPER) and not is_legal(st, 0, A_TRADE, 0, COIN)
    assert not is_legal(st, 0, A_TRADE, 0, len(KINDS))


def test_a_generic_harbour_lowers_every_traded_kind(wide):
    st, _ = wide
    c = int(np.flatnonzero(st.corner_harbour == GENERIC_HARBOUR)[0])
    settle(st, 0, c)
    assert st.trade_rate[0].tolist() == [3] * 5 + [3, 3, 0, 2]


def test_domestic_offers_of_commodities_are_legal(wide):
    st, _ = wide
    set_hand(st, 0, coin=1, kinds=KINDS)
    assert is_legal(st, 0, A_OFFER, COIN, MEAT) and not is_legal(st, 0, A_OFFER, MEAT, COIN)


def test_random_turns_keep_every_kind_conserved(wide):
    st, params = wide
    for p in range(4):
        set_hand(st, p, [1, 1, 1, 1, 1, 2, 2, 1, 2])
    for c, p in ((10, 0), (20, 1), (30, 2), (40, 3)):
        settle(st, p, c)
    for turn in range(60):
        play_turn(st, turn % 4)
        assert conserved(st) and (st.hand >= 0).all() and st.illegal == 0


def test_the_log_row_carries_every_kind(wide):
    st, _ = wide
    st.log_on = 1
    set_hand(st, 2, meat=1, wool=3, kinds=KINDS)
    steal(st, 1, 2)
    row = st.log[0]
    assert len(row) == LOG_FIELDS + (MAX_PLAYERS + 1) * 9 and row[0] == E_STEAL
    hands = row[LOG_FIELDS:LOG_FIELDS + MAX_PLAYERS * 9].reshape(MAX_PLAYERS, 9)
    assert (hands == st.hand).all() and (row[LOG_FIELDS + MAX_PLAYERS * 9:] == st.bank).all()
    ev = event_dicts(st.log[:1], 4, KINDS)[0]
    assert ev["res"] in ("meat", "wool") and ev["bank"] == st.bank.tolist()
    assert ev["hands"] == st.hand[:4].tolist()
    log_event(st, E_STEAL, 1, 2, MEAT, 0, 0)
    assert event_dicts(st.log[1:2], 4, KINDS)[0]["res"] == "meat"


def test_card_kinds_are_found_by_name_whatever_registers_later():
    """A variant registered after Autarkie with a commodity of its own: meat keeps its column in
    hands without the newcomer's kind and is found by name beside it, in Python and compiled;
    the packed rules hold each kind in its slot (simcore.engine.kinds, cards.commodity_slots)."""
    import numba
    from simcore.engine.kinds import commodity_slot, kind_of
    from simcore.engine.state import state_dtype
    from simcore.engine.variant import Variant, register, trial
    from simcore.variants.autarkie.board import meat_kind
    salt = kind_of("salt")
    with trial():
        register(Variant(name="salty", card_kinds=(CardKind("salt", 7, rate=3),)))
        slots = cards.commodity_slots()
        assert slots["salt"] == len(slots) - 1 and slots["meat"] == 3      # after paper, cloth, coin, meat
        for variants, kinds in ((("autarkie",), ("meat",)), (("autarkie", "salty"), ("meat", "salt")),
                                (("salty",), ("salt",)), (("ck", "autarkie", "salty"), ("paper", "cloth", "coin", "meat", "salt"))):
            st = np.zeros(1, state_dtype(variants))[0]
            assert cards.hand_kinds(st.dtype.names) == RESOURCE_NAMES + kinds
            want = tuple(N_RESOURCES + kinds.index(k) if k in kinds else -1 for k in ("meat", "salt"))
            assert (meat_kind(st), salt(st)) == want
            compiled = numba.njit(lambda st: (meat_kind(st), salt(st), commodity_slot(st, st.hand.shape[1] - 1)))
            assert compiled(st) == (*want, slots[kinds[-1]])
        params = make_params(4)
        pack_card_kinds(params, {"salty": None})
        assert params[P_KIND_SUPPLY + slots["salt"]] == 7 and params[P_KIND_RATE + slots["salt"]] == 3
        assert params[P_KIND_SUPPLY:P_KIND_SUPPLY + slots["salt"]].sum() == 0
