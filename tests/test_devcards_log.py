"""Replay log completeness (issue 14): a year of plenty whose pick the bank lacks and a
monopoly naming a resource nobody holds still write their events, with amount 0, so
a referee can tell "nothing happened" from "not logged"."""
from simcore.engine.actions import A_MONOPOLY, A_PLENTY
from simcore.engine.events import event_dicts
from simcore.engine.game import apply_action
from simcore.engine.state import DEV_MONOPOLY, DEV_PLENTY
from tests.positions import BRICK, GRAIN, ORE, deal, new_position, script, set_hand


def _events(st, name):
    return [e for e in event_dicts(st.log[:st.log_n], st.players) if e["type"] == name]


def test_year_of_plenty_logs_a_pick_the_bank_lacks_with_amount_0(monkeypatch):
    st, _ = new_position()
    st.log_on = 1
    deal(st, 1, ore=19)                                # the bank has no ore left
    st.dev_hand[0, DEV_PLENTY] = 1
    script(monkeypatch, "plenty", (ORE, BRICK))
    apply_action(st, 0, A_PLENTY, 0, 0)
    assert [(e["res"], e["amount"]) for e in _events(st, "year_of_plenty_take")] == [("ore", 0), ("brick", 1)]
    assert st.hand[0, ORE] == 0 and st.hand[0, BRICK] == 1


def test_monopoly_nobody_holds_logs_one_event_with_amount_0(monkeypatch):
    st, _ = new_position()
    st.log_on = 1
    set_hand(st, 1, ore=2)
    st.dev_hand[0, DEV_MONOPOLY] = 2
    script(monkeypatch, "monopoly", GRAIN)
    apply_action(st, 0, A_MONOPOLY, 0, 0)
    assert [(e["victim"], e["res"], e["amount"]) for e in _events(st, "monopoly_take")] == [(-1, "grain", 0)]
    st.log_n, st.dev_played = 0, 0
    script(monkeypatch, "monopoly", ORE)               # when something is taken: one event per victim
    apply_action(st, 0, A_MONOPOLY, 0, 0)
    assert [(e["victim"], e["res"], e["amount"]) for e in _events(st, "monopoly_take")] == [(1, "ore", 2)]
