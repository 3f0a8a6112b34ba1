"""Grundbesitz rules read from the seed sentence by sentence (issue 14; docs/rules.md, Grundbesitz,
seed 000 §5-7): the defender's marker removal as a follow-up, one free removal per majority hex,
the options of a defence against the robber, who moves the robber after a cancelled
robber block (cancelled_robber_block), the actor's counter-knight and the robber
(counter_moves_robber), and the per-seat columns of defences and follow-ups.

Positions of tests/test_grundbesitz_fights.py: players 0, 1, 2 own GBs g[0], g[1], g[2]
on hex 4 (brick 6) at corners 13, 12, 23; player 3 sits at 45 (grain 6) without a GB.
"""
import pytest

from simcore.engine.actions import A_KNIGHT
from simcore.engine.game import apply_action, seven
from simcore.variants.grundbesitz.board import (FOLLOW_NONE, FOLLOW_REMOVE, FOLLOW_ROBBER, FOLLOW_STRIKE,
                                                REMOVE_DEFENCE, WHAT_KNIGHT_BLOCK, WHAT_ROBBER_MOVE, gb_hex)
from simcore.engine.state import DEV_KNIGHT
from simcore.variants import grundbesitz as GBD
from simcore.variants.grundbesitz import E_GB_REMOVE
from tests.positions import GRAIN, ORE, WOOL, knights, own_gb, script, set_hand, settle
from tests.test_grundbesitz_fights import (BRICK6, GRAIN6, WOOL2, WOOL4, _fight, _knight_block, _knight_remove,
                                           _majority, _robber_on_hex4, _turn)

ORE10 = 0


def _defended_block_then_remove(monkeypatch, rules=None, target=None):
    """Player 0 knight-blocks g[1]; player 1 cancels and removes a marker from its own GB
    `own` on ore 10 (2 markers), where player 0 owns a GB too (`other`, corner 4)."""
    st, params, g = _fight(monkeypatch, rules)
    own = own_gb(st, 1, 12, ORE10, markers=2)
    settle(st, 0, 4)
    other = own_gb(st, 0, 4, ORE10)                               # player 0's GB on ore 10 too
    knights(st, 0, 1)
    knights(st, 1, 1)
    script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_follow_up", FOLLOW_REMOVE)
    asked = script(monkeypatch, "gb_follow_target", own if target is None else target(g, own, other))
    return st, params, g, own, asked


# --- the defender's removal (seed §6 "einsetzt bzw. entfernt") ---------------------------

def test_after_a_cancel_the_defender_may_remove_a_marker(monkeypatch):
    st, _, g, own, asked = _defended_block_then_remove(monkeypatch)
    st.log_on = 1
    _knight_block(st, 0, g[1])
    assert asked == [(1, 0, BRICK6, WHAT_KNIGHT_BLOCK, FOLLOW_REMOVE)]
    assert st.gb_markers[g[1]] == 0 and st.gb_markers[own] == 1   # block cancelled, one marker lifted
    assert st.gb_removed_turn[own] == st.turn                    # that GB yields nothing this turn
    assert st.stats[1, GBD.S_GB_FOLLOW_REMOVE] == 1 and st.stats[1, GBD.S_GB_REMOVED_KNIGHT] == 0
    assert st.stats[1, GBD.S_GB_DEFENDED_KNIGHT_BLOCK] == 1 and st.stats[1, GBD.S_GB_DEFENCES] == 1
    removes = [row for row in st.log[:st.log_n] if row[0] == E_GB_REMOVE]
    assert len(removes) == 1 and removes[0][3] == REMOVE_DEFENCE
    assert st.illegal == 0


def test_the_defenders_removal_counts_in_its_removals_per_round(monkeypatch):
    st, _, g, own, _ = _defended_block_then_remove(monkeypatch)
    st.gb_removal_round[1], st.gb_removals[1] = st.rounds, 1      # its one removal this round is used
    _knight_block(st, 0, g[1])
    assert st.gb_markers[g[1]] == 0 and st.gb_markers[own] == 2 and st.illegal == 1
    assert st.stats[1, GBD.S_GB_FOLLOW_DEFEND] == 1 and st.stats[1, GBD.S_GB_FOLLOW_REMOVE] == 0


def test_the_defenders_removal_needs_a_marker_on_a_hex_where_it_owns_a_gb(monkeypatch):
    st, _, g, own, _ = _defended_block_then_remove(monkeypatch, target=lambda g, own, other: g[1])  # no marker
    _knight_block(st, 0, g[1])
    assert st.gb_markers[own] == 2 and st.illegal == 1


# --- one free removal per majority hex (docs/rules.md, Grundbesitz, seed §5 "an diesem Feld") -----------------

def _two_majorities(monkeypatch, rules):
    """Player 0 holds the majority on brick 6 (g[0], g[2]) and alone on wool 2 (second), a marker on g[0] and
    on second; its bot removes any it may, for free."""
    st, params, g = _majority(monkeypatch, rules)
    settle(st, 0, 4)
    second = own_gb(st, 0, 4, WOOL2)                              # player 0 alone on wool 2: a majority
    st.gb_markers[g[0]] = st.gb_markers[second] = 1
    asked = script(monkeypatch, "gb_free_removal",
                   lambda st, p: next((x for x in (g[0], second) if st.gb_markers[x]
                                       and st.gb_free_turn[gb_hex(x)] != st.turn), -1))
    return st, params, g, second, asked


def test_free_removal_one_per_majority_hex_within_removals_per_round(monkeypatch):
    st, params, g, second, asked = _two_majorities(monkeypatch, {"removals_per_round": 2})
    _turn(st, params, 0)
    assert asked == [(0,), (0,)]                                 # two removals: none left this round
    assert st.gb_markers[g[0]] == 0 and st.gb_markers[second] == 0
    assert st.stats[0, GBD.S_GB_REMOVED_FREE] == 2 and st.illegal == 0


def test_free_removal_per_hex_stops_at_removals_per_round(monkeypatch):
    st, params, g, second, asked = _two_majorities(monkeypatch, {"removals_per_round": 1})
    _turn(st, params, 0)
    assert asked == [(0,)] and st.gb_markers[g[0]] + st.gb_markers[second] == 1
    assert st.stats[0, GBD.S_GB_REMOVED_FREE] == 1
    for p in (1, 2, 3, 0):                                       # its next turn is in the next round
        _turn(st, params, p)
    assert st.gb_markers[g[0]] + st.gb_markers[second] == 0 and st.stats[0, GBD.S_GB_REMOVED_FREE] == 2


def test_a_hex_gives_one_free_removal_a_turn(monkeypatch):
    st, params, g = _majority(monkeypatch, {"removals_per_round": 3})
    st.gb_markers[g[0]] = 2
    asked = script(monkeypatch, "gb_free_removal", g[0])         # asks for the same hex again: refused
    _turn(st, params, 0)
    assert asked == [(0,), (0,)] and st.gb_markers[g[0]] == 1 and st.illegal == 1


# --- defence against a robber move (seed §7) -------------------------------------------------

def _robber_move_defended(monkeypatch, follow, rules=None):
    """Player 0 rolls a 7 and goes for player 3's grain 6; player 3 (building there, a knight)
    cancels and follows up with `follow`."""
    st, params, g = _fight(monkeypatch, rules)
    for p in range(4):
        knights(st, p, 1)
    set_hand(st, 0, wool=1)
    set_hand(st, 3, grain=1)
    script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_follow_up", follow)
    robber = script(monkeypatch, "robber", (GRAIN6, 3), (WOOL2, 0))
    return st, params, g, robber


def test_robber_defence_only_defend_leaves_the_robber_and_steals_nothing(monkeypatch):
    st, _, _, robber = _robber_move_defended(monkeypatch, FOLLOW_NONE)
    seven(st, 0)
    assert robber == [(0,)] and st.robber == 9                   # the move is cancelled: it stays
    assert st.hand[0, WOOL] == 1 and st.hand[3, GRAIN] == 1 and st.hand[0].sum() + st.hand[3].sum() == 2
    assert st.stats[3, GBD.S_GB_DEFENDED_ROBBER_MOVE] == 1 and st.stats[3, GBD.S_GB_FOLLOW_DEFEND] == 1


def test_robber_defence_then_place_markers_on_a_gb_it_could_block(monkeypatch):
    st, _, g, robber = _robber_move_defended(monkeypatch, FOLLOW_STRIKE, {"markers_per_block": 2})
    settle(st, 3, 18)                                            # player 3 on hex 4 too, with a GB there
    own_gb(st, 3, 18, BRICK6)
    target = script(monkeypatch, "gb_follow_target", g[0])
    seven(st, 0)
    assert target == [(3, 0, GRAIN6, WHAT_ROBBER_MOVE, FOLLOW_STRIKE)]
    assert st.gb_markers[g[0]] == 2 and st.robber == 9 and robber == [(0,)]
    assert st.stats[3, GBD.S_GB_FOLLOW_STRIKE] == 1 and st.stats[3, GBD.S_GB_MARKERS_STRIKE] == 2


def test_the_follow_up_is_logged_as_chosen_then_its_effect(monkeypatch):
    """Issue 30 item 7: gb_follow_up (the choice) before the strike's gb_block and the gb_remove."""
    from simcore.engine.events import event_dicts
    for follow, effect in ((FOLLOW_STRIKE, "gb_block"), (FOLLOW_REMOVE, "gb_remove")):
        st, _, g, _ = _robber_move_defended(monkeypatch, follow)
        settle(st, 3, 18)
        mine = own_gb(st, 3, 18, BRICK6, markers=1)
        script(monkeypatch, "gb_follow_target", g[0] if follow == FOLLOW_STRIKE else mine)
        st.log_on = 1
        seven(st, 0)
        types = [e["type"] for e in event_dicts(st.log[:st.log_n], st.players)]
        assert types.index("gb_defence") < types.index("gb_follow_up") < types.index(effect), types


def test_robber_defence_then_remove_a_marker(monkeypatch):
    st, _, g, _ = _robber_move_defended(monkeypatch, FOLLOW_REMOVE)
    settle(st, 3, 18)
    mine = own_gb(st, 3, 18, BRICK6, markers=3)
    script(monkeypatch, "gb_follow_target", mine)
    seven(st, 0)
    assert st.gb_markers[mine] == 2 and st.robber == 9 and st.stats[3, GBD.S_GB_FOLLOW_REMOVE] == 1


def test_robber_defence_then_move_the_robber_and_steal(monkeypatch):
    st, _, _, robber = _robber_move_defended(monkeypatch, FOLLOW_ROBBER)
    seven(st, 0)
    assert robber == [(0,), (3,)] and st.robber == WOOL2 and st.hand[3, WOOL] == 1
    assert st.stats[3, GBD.S_GB_FOLLOW_ROBBER] == 1


# --- cancelled_robber_block: who moves the robber when the defender only defends ------------

@pytest.mark.parametrize("who", ["actor", "defender", "nobody"])
def test_cancelled_robber_block_who_moves_the_robber(monkeypatch, who):
    st, _, g = _robber_on_hex4(monkeypatch, {"cancelled_robber_block": who})
    knights(st, 3, 1)
    knights(st, 1, 1)
    set_hand(st, 3, grain=1)
    script(monkeypatch, "gb_robber_block", g[1])
    script(monkeypatch, "gb_defend", True)
    robber = script(monkeypatch, "robber", lambda st, p: (WOOL4, 0) if p == 3 else (GRAIN6, 3))
    apply_action(st, 3, A_KNIGHT, 0, 0)                           # player 3's knight, robber block, 1 cancels
    assert st.gb_markers.sum() == 0 and st.stats[1, GBD.S_GB_DEFENDED_ROBBER_BLOCK] == 1
    if who == "actor":                                           # the knight's player, no steal (today's reading)
        assert robber == [(3,)] and st.robber == WOOL4 and st.hand[0, ORE] == 1
    elif who == "defender":                                      # the defender, no steal
        assert robber == [(1,)] and st.robber == GRAIN6 and st.hand[3, GRAIN] == 1
    else:                                                        # nobody: the robber stays
        assert robber == [] and st.robber == BRICK6
    assert st.hand[1].sum() == 0 and st.hand[3].sum() == 1 and st.illegal == 0


# --- counter_moves_robber: the actor's counter-knight at max_counter_depth >= 2 -------------

@pytest.mark.parametrize("moves", [False, True])
def test_counter_moves_robber(monkeypatch, moves):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 2, "counter_moves_robber": moves})
    knights(st, 0, 2)
    knights(st, 1, 1)
    set_hand(st, 3, grain=1)
    script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_counter", True)
    robber = script(monkeypatch, "robber", (GRAIN6, 3))
    _knight_block(st, 0, g[1])
    assert st.gb_markers[g[1]] == 3                              # the block stands
    if moves:   # the counter is the last knight played: it moves the robber and steals
        assert robber == [(0,)] and st.robber == GRAIN6 and st.hand[0, GRAIN] == 1
    else:
        assert robber == [] and st.robber == 9 and st.hand[3, GRAIN] == 1
    assert st.dev_hand[0, DEV_KNIGHT] == 0


def test_counter_moves_robber_not_after_a_removal_left_standing_without_a_counter(monkeypatch):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 2, "counter_moves_robber": True})
    st.gb_markers[g[0]] = 1
    knights(st, 0, 1)
    robber = script(monkeypatch, "robber", (GRAIN6, 3))
    _knight_remove(st, 0, g[0])                                  # nobody defends: nothing to counter
    assert robber == [] and st.gb_markers[g[0]] == 0
