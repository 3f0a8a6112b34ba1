"""Grundbesitz blocks, removals and knight fights (docs/rules.md, Grundbesitz: "Blockade markers",
"Defence"; seed 000 §5-7): knight blocks, robber blocks, removals (free for the strict
majority before rolling, else with a knight), defence with one and two knights and
what the defender may then do, counters (max_counter_depth), the last knight of a
turn, and knights counted for largest army.

The position (`_fight`), beginner board: players 0, 1, 2 have settlements on hex 4
(brick 6) at corners 13, 12, 23, each with a GB on hex 4 (g[0], g[1], g[2]);
player 3 has a settlement at 45 (grain 6, grain 4, wool 11) and no GB.  The robber
is on the desert (hex 9) unless a test moves it.
"""
import pytest

from simcore.engine import records as R
from simcore.engine.actions import A_KNIGHT, A_MONOPOLY
from simcore.variants.grundbesitz import A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, E_GB_COUNTER, E_GB_REMOVE
from simcore.engine.events import E_ROLL
from simcore.engine.game import apply_action, move_robber, play_turn, seven
from simcore.variants.grundbesitz.board import (FOLLOW_NONE, FOLLOW_ROBBER, FOLLOW_STRIKE, WHAT_KNIGHT_BLOCK,
                                                WHAT_REMOVAL, WHAT_ROBBER_BLOCK, WHAT_ROBBER_MOVE)
from simcore.engine.legal import is_legal
from simcore.engine.state import DEV_KNIGHT, DEV_MONOPOLY
from tests.positions import (GRAIN, ORE, WOOL, gb_at, knights, new_position, own_gb, quiet, script,
                             seed_next_roll, set_hand, settle, supply_kept)
from simcore.variants import grundbesitz as GBD

BRICK6, WOOL2, WOOL4, GRAIN6 = 4, 1, 5, 17


def _fight(monkeypatch, rules=None, actor=0):
    quiet(monkeypatch)
    st, params = new_position(grundbesitz=rules or {})
    for p, c in enumerate((13, 12, 23, 45)):
        settle(st, p, c)
    g = [own_gb(st, p, c, BRICK6) for p, c in enumerate((13, 12, 23))]
    st.turn, st.rounds, st.current = 1 + actor, 1, actor
    return st, params, g


def _knight_block(st, p, g):
    assert is_legal(st, p, A_KNIGHT_BLOCK, g, 0)
    apply_action(st, p, A_KNIGHT_BLOCK, g, 0)


def _knight_remove(st, p, g):
    assert is_legal(st, p, A_KNIGHT_REMOVE, g, 0)
    apply_action(st, p, A_KNIGHT_REMOVE, g, 0)


# --- knight block -----------------------------------------------------------------------

@pytest.mark.parametrize("markers", [3, 5])
def test_knight_block_places_markers_per_knight_block_instead_of_moving_the_robber(monkeypatch, markers):
    st, _, g = _fight(monkeypatch, {"markers_per_knight_block": markers})
    knights(st, 0, 2)
    st.dev_hand[0, DEV_MONOPOLY] = 1
    set_hand(st, 1, ore=1)
    robber = script(monkeypatch, "robber", (BRICK6, 1))
    _knight_block(st, 0, g[1])
    assert st.gb_markers[g[1]] == markers and st.gb_markers[g[0]] == st.gb_markers[g[2]] == 0
    assert st.dev_hand[0, DEV_KNIGHT] == 1
    assert st.stats[0, GBD.S_GB_MARKERS_KNIGHT] == markers and st.stats[0, GBD.S_GB_KNIGHTS_BLOCK] == 1
    assert st.stats[1, GBD.S_GB_MARKERS_RECEIVED] == markers
    # no robber move and no steal
    assert robber == [] and st.robber == 9 and st.hand[1, ORE] == 1
    # the turn's development card
    assert st.dev_played == 1
    for a in (A_KNIGHT, A_MONOPOLY, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE):
        assert not is_legal(st, 0, a, g[2], 0)


def test_knight_block_markers_pile_up(monkeypatch):
    st, _, g = _fight(monkeypatch)
    st.gb_markers[g[1]] = 2
    knights(st, 0, 1)
    _knight_block(st, 0, g[1])
    assert st.gb_markers[g[1]] == 5


def test_who_may_knight_block(monkeypatch):
    st, params, g = _fight(monkeypatch)
    for p in range(4):
        knights(st, p, 1)
    assert is_legal(st, 0, A_KNIGHT_BLOCK, g[1], 0)
    assert not is_legal(st, 0, A_KNIGHT_BLOCK, g[0], 0)          # its own GB
    assert not is_legal(st, 3, A_KNIGHT_BLOCK, g[1], 0)          # no GB on that hex
    own_gb(st, 3, 45, GRAIN6)
    assert not is_legal(st, 3, A_KNIGHT_BLOCK, g[1], 0)          # a GB on another hex only
    assert not is_legal(st, 0, A_KNIGHT_BLOCK, gb_at(12, 0), 0)   # nobody owns that one
    knights(st, 0, 0)
    st.dev_new[0, DEV_KNIGHT] = 1                                 # bought this turn
    assert not is_legal(st, 0, A_KNIGHT_BLOCK, g[1], 0)
    knights(st, 0, 1)
    st.dev_played = 1                                             # a card already played
    assert not is_legal(st, 0, A_KNIGHT_BLOCK, g[1], 0)


# --- robber block -----------------------------------------------------------------------

def _robber_on_hex4(monkeypatch, rules=None):
    """Player 3 (no GB anywhere) is to move the robber from hex 4; player 0 holds an ore."""
    st, params, g = _fight(monkeypatch, rules, actor=3)
    st.robber = BRICK6
    set_hand(st, 0, ore=1)
    return st, params, g


def test_robber_block_on_a_seven_moves_the_robber_but_steals_nothing(monkeypatch):
    st, _, g = _robber_on_hex4(monkeypatch)
    asked = []
    script(monkeypatch, "gb_robber_block", lambda st, p: (asked.append("block"), g[1])[1])
    script(monkeypatch, "robber", lambda st, p: (asked.append("robber"), (WOOL4, 0))[1])
    seven(st, 3)
    assert asked == ["block", "robber"]                         # asked before moving the robber
    assert st.gb_markers[g[1]] == 2 and st.stats[3, GBD.S_GB_MARKERS_ROBBER] == 2
    assert st.robber == WOOL4                                   # still moved
    assert st.hand[0, ORE] == 1 and st.hand[3].sum() == 0       # nothing stolen
    assert st.illegal == 0


def test_without_a_robber_block_the_same_move_steals(monkeypatch):
    st, _, g = _robber_on_hex4(monkeypatch)
    script(monkeypatch, "robber", (WOOL4, 0))
    seven(st, 3)
    assert st.hand[3, ORE] == 1 and st.gb_markers.sum() == 0


def test_robber_block_with_a_knight(monkeypatch):
    st, _, g = _robber_on_hex4(monkeypatch, {"markers_per_block": 4})
    knights(st, 3, 1)
    script(monkeypatch, "gb_robber_block", g[2])
    script(monkeypatch, "robber", (WOOL4, 0))
    apply_action(st, 3, A_KNIGHT, 0, 0)
    assert st.gb_markers[g[2]] == 4 and st.robber == WOOL4
    assert st.hand[0, ORE] == 1 and st.knights[3] == 1


def test_robber_block_only_on_another_players_gb_of_the_hex_the_robber_leaves(monkeypatch):
    st, _, g = _robber_on_hex4(monkeypatch)
    elsewhere = own_gb(st, 0, 13, WOOL2)
    script(monkeypatch, "gb_robber_block", elsewhere)
    script(monkeypatch, "robber", (WOOL4, -1))
    move_robber(st, 3)
    assert st.illegal == 1 and st.gb_markers.sum() == 0 and st.robber == WOOL4
    st.robber = BRICK6
    script(monkeypatch, "gb_robber_block", g[1])                # player 1's own GB
    move_robber(st, 1)
    assert st.illegal == 2 and st.gb_markers.sum() == 0


# --- removal ----------------------------------------------------------------------------

def _majority(monkeypatch, rules=None):
    """Player 0 has two GBs on hex 4 (corners 13, 23), player 1 one (12); player 2 sits
    at 45 and player 3 at 2 without GBs.  g = [g13, g12, g23]."""
    quiet(monkeypatch)
    st, params = new_position(grundbesitz=rules or {})
    for p, c in ((0, 13), (1, 12), (0, 23), (2, 45), (3, 2)):
        settle(st, p, c)
    g = [own_gb(st, 0, 13, BRICK6), own_gb(st, 1, 12, BRICK6), own_gb(st, 0, 23, BRICK6)]
    return st, params, g


def _turn(st, params, p, roll=8):
    seed_next_roll(roll)
    play_turn(st, p)


def test_free_removal_by_the_strict_majority_holder_before_rolling(monkeypatch):
    st, params, g = _majority(monkeypatch)
    st.gb_markers[g[1]] = 2                                      # any marker on the hex
    st.log_on = 1
    asked = script(monkeypatch, "gb_free_removal", g[1], -1)
    _turn(st, params, 0)
    assert asked == [(0,)]
    assert st.gb_markers[g[1]] == 1 and st.stats[0, GBD.S_GB_REMOVED_FREE] == 1
    types = list(st.log[:st.log_n, 0])
    assert types.index(E_GB_REMOVE) < types.index(E_ROLL)
    assert st.illegal == 0 and st.stats[0, R.S_KNIGHTS] == 0


def test_no_free_removal_on_a_tie_or_without_a_gb_on_the_hex(monkeypatch):
    st, params, g = _majority(monkeypatch)
    st.gb_markers[g[0]] = 1
    script(monkeypatch, "gb_free_removal", g[0])
    _turn(st, params, 1)                                         # player 1 is in the minority
    assert st.gb_markers[g[0]] == 1 and st.illegal == 1
    _turn(st, params, 2)                                         # player 2 has no GB there
    assert st.gb_markers[g[0]] == 1 and st.illegal == 2
    settle(st, 1, 8)
    own_gb(st, 1, 8, BRICK6)                                     # 2 against 2: no strict majority
    _turn(st, params, 0)
    assert st.gb_markers[g[0]] == 1 and st.illegal == 3


def test_majority_free_removal_off(monkeypatch):
    st, params, g = _majority(monkeypatch, {"majority_free_removal": False})
    st.gb_markers[g[0]] = 1
    asked = script(monkeypatch, "gb_free_removal", g[0])
    _turn(st, params, 0)
    assert asked == [] and st.gb_markers[g[0]] == 1


def test_removal_with_a_knight(monkeypatch):
    st, _, g = _majority(monkeypatch)
    st.gb_markers[g[0]] = 3
    knights(st, 1, 1)
    st.current = 1
    _knight_remove(st, 1, g[0])                                  # a minority owner, with a knight
    assert st.gb_markers[g[0]] == 2 and st.dev_hand[1, DEV_KNIGHT] == 0 and st.dev_played == 1
    assert st.stats[1, GBD.S_GB_REMOVED_KNIGHT] == 1 and st.stats[1, GBD.S_GB_KNIGHTS_REMOVE] == 1


def test_who_may_remove_with_a_knight(monkeypatch):
    st, _, g = _majority(monkeypatch)
    st.gb_markers[g[0]] = 1
    for p in range(4):
        knights(st, p, 1)
    assert is_legal(st, 0, A_KNIGHT_REMOVE, g[0], 0) and is_legal(st, 1, A_KNIGHT_REMOVE, g[0], 0)
    assert not is_legal(st, 2, A_KNIGHT_REMOVE, g[0], 0)         # no GB on that hex
    assert not is_legal(st, 0, A_KNIGHT_REMOVE, g[1], 0)         # no marker there
    knights(st, 1, 0)
    assert not is_legal(st, 1, A_KNIGHT_REMOVE, g[0], 0)         # no knight


@pytest.mark.parametrize("per_round", [0, 1, 2])
def test_removals_per_round(monkeypatch, per_round):
    st, params, g = _majority(monkeypatch, {"removals_per_round": per_round})
    st.gb_markers[g[0]] = 5
    knights(st, 0, 3)
    free = script(monkeypatch, "gb_free_removal",     # once a turn per hex: then it passes
                  lambda st, p: g[0] if p == 0 and st.gb_free_turn[BRICK6] != st.turn else -1)
    legal_after = []

    def act(st, p):
        if p == 0:
            legal_after.append(is_legal(st, 0, A_KNIGHT_REMOVE, g[0], 0))
        return 0, 0, 0

    script(monkeypatch, "action", act)
    for _ in range(2):                                          # two rounds
        for p in range(4):
            _turn(st, params, p)
    assert [q for q, in free].count(0) == [0, 2, 4][per_round]   # not asked with none left; asked again with one
    assert st.gb_markers[g[0]] == 5 - 2 * min(per_round, 1)
    # after this round's free removal, a knight removal only if the limit allows a second
    assert legal_after == [per_round >= 2] * 2
    assert st.illegal == 0


def test_the_limit_counts_knight_removals_too(monkeypatch):
    st, _, g = _majority(monkeypatch)
    st.gb_markers[g[0]] = 3
    knights(st, 1, 2)
    st.current, st.rounds = 1, 4
    _knight_remove(st, 1, g[0])
    st.dev_played = 0
    assert not is_legal(st, 1, A_KNIGHT_REMOVE, g[0], 0)          # one per round
    st.rounds = 5
    assert is_legal(st, 1, A_KNIGHT_REMOVE, g[0], 0)


# --- defence ------------------------------------------------------------------------

def test_defence_asked_in_turn_order_from_the_actors_left_first_cancels(monkeypatch):
    st, _, g = _fight(monkeypatch, actor=1)
    for p in range(4):
        knights(st, p, 1)
    asked = script(monkeypatch, "gb_defend", lambda st, q, *a: q == 0)
    _knight_block(st, 1, g[2])
    # from player 1's left: 2 (declines), 3 (no GB on hex 4: not asked), 0 cancels
    assert asked == [(2, 1, BRICK6, WHAT_KNIGHT_BLOCK, g[2]), (0, 1, BRICK6, WHAT_KNIGHT_BLOCK, g[2])]
    assert st.gb_markers.sum() == 0
    assert st.dev_hand[1, DEV_KNIGHT] == 0 and st.dev_hand[0, DEV_KNIGHT] == 0 and st.dev_hand[2, DEV_KNIGHT] == 1
    assert st.stats[0, GBD.S_GB_DEFENCES] == 1 and st.stats[0, GBD.S_GB_KNIGHTS_DEFENCE] == 1
    # the first who cancels ends the asking
    asked = script(monkeypatch, "gb_defend", True)
    st.dev_played = 0
    knights(st, 1, 1)
    knights(st, 0, 1)
    _knight_block(st, 1, g[2])
    assert [q for q, *_ in asked] == [2] and st.stats[2, GBD.S_GB_DEFENCES] == 1
    assert st.dev_hand[0, DEV_KNIGHT] == 1 and st.gb_markers.sum() == 0


def test_only_gb_owners_on_the_hex_with_an_unused_knight_are_asked(monkeypatch):
    st, _, g = _fight(monkeypatch)
    knights(st, 0, 1)
    knights(st, 2, 1)
    knights(st, 3, 1)                                            # no GB on hex 4
    # player 1 owns the target but holds no knight
    asked = script(monkeypatch, "gb_defend", False)
    _knight_block(st, 0, g[1])
    assert [q for q, *_ in asked] == [2]
    assert st.gb_markers[g[1]] == 3


def test_follow_up_only_defend(monkeypatch):
    st, _, g = _fight(monkeypatch)
    knights(st, 0, 1)
    knights(st, 1, 1)
    script(monkeypatch, "gb_defend", True)
    follow = script(monkeypatch, "gb_follow_up", FOLLOW_NONE)
    robber = script(monkeypatch, "robber", (WOOL2, 0))
    _knight_block(st, 0, g[1])
    assert follow == [(1, 0, BRICK6, WHAT_KNIGHT_BLOCK)]
    assert st.gb_markers.sum() == 0 and robber == [] and st.robber == 9


def test_follow_up_strike_back(monkeypatch):
    st, _, g = _fight(monkeypatch, {"markers_per_block": 3})
    knights(st, 0, 1)
    knights(st, 2, 1)
    script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_follow_up", FOLLOW_STRIKE)
    target = script(monkeypatch, "gb_follow_target", g[0])
    _knight_block(st, 0, g[1])
    assert target == [(2, 0, BRICK6, WHAT_KNIGHT_BLOCK, FOLLOW_STRIKE)]
    assert st.gb_markers[g[1]] == 0 and st.gb_markers[g[0]] == 3  # on the actor's GB, markers_per_block
    assert st.stats[2, GBD.S_GB_MARKERS_STRIKE] == 3 and st.stats[0, GBD.S_GB_MARKERS_RECEIVED] == 3


def test_strike_back_only_at_the_actors_gb_on_that_hex(monkeypatch):
    st, _, g = _fight(monkeypatch)
    elsewhere = own_gb(st, 0, 13, WOOL2)
    for target in (g[1], elsewhere):
        knights(st, 0, 1)
        knights(st, 2, 1)
        st.dev_played = 0
        script(monkeypatch, "gb_defend", lambda st, q, *a: q == 2)
        script(monkeypatch, "gb_follow_up", FOLLOW_STRIKE)
        script(monkeypatch, "gb_follow_target", target)
        _knight_block(st, 0, g[1])
    assert st.gb_markers.sum() == 0 and st.illegal == 2


def test_follow_up_robber_the_defenders_knight_moves_it_and_steals(monkeypatch):
    # seed §6: only the last knight played in a turn may move the robber and steal
    st, _, g = _fight(monkeypatch)
    knights(st, 0, 1)
    knights(st, 2, 1)
    set_hand(st, 0, wool=1)
    script(monkeypatch, "gb_defend", lambda st, q, *a: q == 2)
    script(monkeypatch, "gb_follow_up", FOLLOW_ROBBER)
    robber = script(monkeypatch, "robber", (WOOL2, 0))
    _knight_block(st, 0, g[1])
    assert robber == [(2,)]                                      # the defender moves it
    assert st.robber == WOOL2 and st.hand[2, WOOL] == 1 and st.hand[0].sum() == 0
    assert st.gb_markers.sum() == 0 and supply_kept(st)


@pytest.mark.parametrize("knights_held", [1, 2])
def test_defence_steal_knights_2_needs_a_second_knight_for_the_robber(monkeypatch, knights_held):
    st, _, g = _fight(monkeypatch, {"defence_steal_knights": 2})
    knights(st, 0, 1)
    knights(st, 2, knights_held)
    set_hand(st, 0, wool=1)
    script(monkeypatch, "gb_defend", lambda st, q, *a: q == 2)
    script(monkeypatch, "gb_follow_up", FOLLOW_ROBBER)
    robber = script(monkeypatch, "robber", (WOOL2, 0))
    _knight_block(st, 0, g[1])
    assert st.gb_markers.sum() == 0                              # cancelled either way
    if knights_held == 1:
        assert robber == [] and st.robber == 9 and st.illegal == 1
        assert st.hand[0, WOOL] == 1
    else:
        assert robber == [(2,)] and st.hand[2, WOOL] == 1 and st.illegal == 0
        assert st.dev_hand[2, DEV_KNIGHT] == 0 and st.stats[2, GBD.S_GB_KNIGHTS_DEFENCE] == 2


def test_defended_robber_block_defender_moves_the_robber_instead(monkeypatch):
    st, _, g = _robber_on_hex4(monkeypatch)
    for p in range(4):
        knights(st, p, 1)
    script(monkeypatch, "gb_robber_block", g[1])
    asked = script(monkeypatch, "gb_defend", lambda st, q, *a: q == 2)
    script(monkeypatch, "gb_follow_up", FOLLOW_ROBBER)
    robber = script(monkeypatch, "robber", (WOOL2, 0))
    apply_action(st, 3, A_KNIGHT, 0, 0)                           # player 3's knight, robber block
    assert [(q, what) for q, _, _, what, _ in asked] == [(0, WHAT_ROBBER_BLOCK), (1, WHAT_ROBBER_BLOCK),
                                                          (2, WHAT_ROBBER_BLOCK)]
    assert st.gb_markers.sum() == 0
    # the defender's knight is the last one played: it moves the robber and steals
    assert robber == [(2,)] and st.robber == WOOL2
    assert st.hand[2, ORE] == 1 and st.hand[3].sum() == 0
    assert st.knights[3] == 1 and st.knights[2] == 1


def test_defended_robber_block_with_only_defend_the_mover_still_moves_without_stealing(monkeypatch):
    # the engine's reading: the mover tried a block, so it steals nothing (seed §7)
    st, _, g = _robber_on_hex4(monkeypatch)
    knights(st, 1, 1)
    script(monkeypatch, "gb_robber_block", g[1])
    script(monkeypatch, "gb_defend", True)
    robber = script(monkeypatch, "robber", (WOOL4, 0))
    seven(st, 3)
    assert st.gb_markers.sum() == 0 and robber == [(3,)] and st.robber == WOOL4
    assert st.hand[0, ORE] == 1


def test_defended_removal(monkeypatch):
    st, _, g = _fight(monkeypatch)
    st.gb_markers[g[0]] = 2
    knights(st, 0, 1)
    knights(st, 1, 1)
    asked = script(monkeypatch, "gb_defend", True)
    _knight_remove(st, 0, g[0])
    assert asked == [(1, 0, BRICK6, WHAT_REMOVAL, g[0])]
    assert st.gb_markers[g[0]] == 2 and st.dev_hand[0, DEV_KNIGHT] == 0
    assert st.stats[0, GBD.S_GB_REMOVED_KNIGHT] == 0 and st.stats[1, GBD.S_GB_DEFENCES] == 1


def test_defended_free_removal(monkeypatch):
    st, params, g = _majority(monkeypatch)
    st.gb_markers[g[0]] = 1
    knights(st, 1, 1)
    script(monkeypatch, "gb_free_removal", g[0])
    script(monkeypatch, "gb_defend", True)
    _turn(st, params, 0)
    assert st.gb_markers[g[0]] == 1 and st.stats[1, GBD.S_GB_DEFENCES] == 1


def test_robber_defence_by_a_building_owner_on_the_target_hex(monkeypatch):
    # seed §7: defend with a knight against the robber: cancel, move it and steal
    st, _, g = _fight(monkeypatch)
    for p in range(4):
        knights(st, p, 1)
    set_hand(st, 0, wool=1)
    set_hand(st, 3, grain=1)
    asked = script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_follow_up", FOLLOW_ROBBER)
    robber = script(monkeypatch, "robber", (GRAIN6, 3), (WOOL2, 0))
    seven(st, 0)                                                 # player 0 goes for player 3 at 45
    # only player 3 has a building on hex 17; no GB needed
    assert asked == [(3, 0, GRAIN6, WHAT_ROBBER_MOVE, -1)]
    assert robber == [(0,), (3,)] and st.robber == WOOL2
    assert list(st.hand[3]) == [0, 0, 1, 1, 0] and st.hand[0].sum() == 0
    assert st.stats[3, GBD.S_GB_DEFENCES] == 1 and st.dev_hand[3, DEV_KNIGHT] == 0


def test_defence_off_asks_nobody_and_every_action_stands(monkeypatch):
    st, _, g = _fight(monkeypatch, {"defence": False})
    for p in range(4):
        knights(st, p, 2)
    set_hand(st, 3, grain=1)
    asked = script(monkeypatch, "gb_defend", True)
    _knight_block(st, 0, g[1])                                   # knight block
    st.dev_played = 0
    st.gb_markers[g[0]] = 1
    _knight_remove(st, 0, g[0])                                  # removal
    st.robber = BRICK6
    script(monkeypatch, "gb_robber_block", g[2])
    script(monkeypatch, "robber", (GRAIN6, 3))
    seven(st, 0)                                                 # robber block and a move onto 3's hex
    assert asked == []
    assert list(st.gb_markers[g]) == [0, 3, 2] and st.robber == GRAIN6
    assert st.hand[3, GRAIN] == 1                                 # robber block: no steal
    assert all(st.dev_hand[p, DEV_KNIGHT] == 2 for p in (1, 2, 3))


# --- counters (max_counter_depth) -----------------------------------------------------

def test_depth_1_the_actor_cannot_answer(monkeypatch):
    st, _, g = _fight(monkeypatch)
    knights(st, 0, 2)
    knights(st, 1, 1)
    script(monkeypatch, "gb_defend", True)
    counter = script(monkeypatch, "gb_counter", True)
    _knight_block(st, 0, g[1])
    assert counter == [] and st.gb_markers.sum() == 0 and st.dev_hand[0, DEV_KNIGHT] == 1


def test_depth_2_the_actor_cancels_the_cancel_and_the_action_stands(monkeypatch):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 2})
    st.log_on = 1
    knights(st, 0, 2)
    knights(st, 1, 1)
    script(monkeypatch, "gb_defend", True)
    counter = script(monkeypatch, "gb_counter", True)
    follow = script(monkeypatch, "gb_follow_up", FOLLOW_STRIKE)
    _knight_block(st, 0, g[1])
    assert counter == [(0, 1, BRICK6, WHAT_KNIGHT_BLOCK, g[1])]
    assert st.gb_markers[g[1]] == 3 and follow == []             # the block stands, no follow-up
    assert st.dev_hand[0, DEV_KNIGHT] == 0 and st.dev_hand[1, DEV_KNIGHT] == 0
    assert st.stats[0, GBD.S_GB_KNIGHTS_DEFENCE] == 1
    assert E_GB_COUNTER in list(st.log[:st.log_n, 0])


@pytest.mark.parametrize("actor_knights, answer", [(1, True), (2, False)])
def test_depth_2_the_cancel_stands_if_the_actor_has_no_knight_or_declines(monkeypatch, actor_knights, answer):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 2})
    knights(st, 0, actor_knights)
    knights(st, 1, 1)
    script(monkeypatch, "gb_defend", True)
    counter = script(monkeypatch, "gb_counter", answer)
    _knight_block(st, 0, g[1])
    assert len(counter) == (actor_knights - 1)                   # asked only with a knight left
    assert st.gb_markers.sum() == 0 and st.dev_hand[0, DEV_KNIGHT] == actor_knights - 1


def test_depth_2_counter_against_a_robber_defence(monkeypatch):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 2})
    knights(st, 0, 1)
    knights(st, 3, 1)
    set_hand(st, 3, grain=1)
    script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_counter", True)
    robber = script(monkeypatch, "robber", (GRAIN6, 3))
    seven(st, 0)
    assert robber == [(0,)] and st.robber == GRAIN6 and st.hand[0, GRAIN] == 1
    assert st.dev_played == 1                                    # the counter was the turn's card


def test_depth_3_defenders_may_cancel_the_counter(monkeypatch):
    st, _, g = _fight(monkeypatch, {"max_counter_depth": 3})
    knights(st, 0, 2)
    knights(st, 1, 1)
    knights(st, 2, 1)
    asked = script(monkeypatch, "gb_defend", True)
    script(monkeypatch, "gb_counter", True)
    _knight_block(st, 0, g[1])
    assert [q for q, *_ in asked] == [1, 2]                      # 1 cancels, 0 counters, 2 cancels
    assert st.gb_markers.sum() == 0 and st.stats[2, GBD.S_GB_DEFENCES] == 1


# --- knights and largest army ---------------------------------------------------------

def _army_case(monkeypatch, use, count):
    st, params, g = _fight(monkeypatch, {"knights_count_for_army": count})
    for p in range(3):
        knights(st, p, 1)
        st.knights[p] = 2                                        # two played before
    if use == "block":
        _knight_block(st, 0, g[1])
        who = 0
    elif use == "remove":
        st.gb_markers[g[0]] = 1
        _knight_remove(st, 0, g[0])
        who = 0
    else:                                                        # a defence
        st.knights[0] = 0
        script(monkeypatch, "gb_defend", lambda st, q, *a: q == 1)
        _knight_block(st, 0, g[1])
        who = 1
    return st, who


@pytest.mark.parametrize("use", ["block", "remove", "defence"])
def test_gb_knights_count_for_largest_army(monkeypatch, use):
    st, who = _army_case(monkeypatch, use, True)
    assert st.knights[who] == 3 and st.army_holder == who


@pytest.mark.parametrize("use", ["block", "remove", "defence"])
def test_gb_knights_do_not_count_when_switched_off(monkeypatch, use):
    st, who = _army_case(monkeypatch, use, False)
    assert st.knights[who] == 2 and st.army_holder == -1
    assert st.dev_hand[who, DEV_KNIGHT] == 0                     # the card is spent all the same
