"""Longest road (docs/rules.md, Base game: first to 5 connected roads, 2 VP, passes on strictly
more; an opponent's settlement breaks a road).

The length is the longest trail (no road twice) through the player's roads that does
not pass through a corner with an opponent's building (it may end there).  When a
road is cut, pieces.update_longest_road gives the award to the single longest road
of 5+, sets it aside on a tie for longest, and lets the holder keep it while still
tied for longest.  Corner paths below are rows of the board (simcore/engine/topology.py)."""
from simcore.engine.game import setup_phase
from simcore.engine.records import S_ROADS
from simcore.engine.state import victory_points
from simcore.engine.topology import CORNER_EDGES
from tests.positions import edge, new_position, roads, script, settle

ROW_B = [16, 22, 17, 23, 18, 24, 19, 25, 20, 26]       # 9 edges
ROW_C = [27, 33, 28, 34, 29, 35, 30, 36, 31, 37, 32]   # 10 edges
ROW_D = [38, 43, 39, 44, 40, 45, 41, 46, 42]           # 8 edges
HEX_4_RING = [13, 8, 12, 17, 23, 18, 13]               # the 6 edges around hex 4


def _road_along(st, p, corners):
    """p's settlement at the start of a corner path and roads along it."""
    settle(st, p, corners[0])
    roads(st, p, corners)


def test_four_roads_win_nothing_five_win_the_award():
    # docs/rules.md, Base game: first to 5 connected roads, 2 VP
    st, _ = new_position()
    _road_along(st, 0, ROW_B[:5])
    assert st.road_length[0] == 4 and st.road_holder == -1
    vp = victory_points(st, 0)
    roads(st, 0, ROW_B[4:6])
    assert st.road_length[0] == 5 and st.road_holder == 0
    assert victory_points(st, 0) == vp + 2


def test_award_passes_only_on_strictly_more():
    # docs/rules.md, Base game: passes on strictly more
    st, _ = new_position()
    _road_along(st, 0, ROW_B[:6])
    _road_along(st, 1, ROW_C[:6])
    assert st.road_length[1] == 5 and st.road_holder == 0   # a tie does not take it
    roads(st, 1, ROW_C[5:7])
    assert st.road_holder == 1
    assert victory_points(st, 0) == 1 and victory_points(st, 1) == 3


def test_two_setup_roads_that_join_make_one_road(monkeypatch):
    # docs/architecture.md, Invariants every test run can check: the two setup roads of one player can join, so
    # length is found by search
    st, _ = new_position()
    script(monkeypatch, "setup_settlement", 4, 15, 33, 53, 47, 26, 41, 12)
    script(monkeypatch, "setup_road", lambda st, p, c: edge(c, 8) if p == 0 else
           next(e for e in _edges_at(c) if st.edge_owner[e] < 0))
    setup_phase(st)
    assert st.illegal == 0
    assert st.edge_owner[edge(4, 8)] == 0 and st.edge_owner[edge(12, 8)] == 0
    assert st.road_length[0] == 2
    roads(st, 0, [3, 0, 4])
    assert st.road_length[0] == 4 and st.road_holder == -1
    roads(st, 0, [12, 7])              # 3-0-4-8-12-7: no arm from one settlement is longer than 2
    assert st.road_length[0] == 5 and st.road_holder == 0


def _edges_at(c):
    return [int(e) for e in CORNER_EDGES[c] if e >= 0]


def test_branches_count_only_the_longest_trail():
    # a star of 5 roads at corner 8 whose longest trail is 0-4-8-13-9 (4): no award
    st, _ = new_position()
    settle(st, 0, 4)
    roads(st, 0, [0, 4, 8, 13, 9])
    roads(st, 0, [8, 12])
    assert st.stats[0, S_ROADS] == 5
    assert st.road_length[0] == 4 and st.road_holder == -1
    roads(st, 0, [12, 7])              # now 0-4-8-12-7 ... still 4; 9-13-8-12-7 is 4; 0-4-8-13-9 is 4
    assert st.road_length[0] == 4
    roads(st, 0, [0, 3])               # 3-0-4-8-12-7 and 3-0-4-8-13-9: 5
    assert st.road_length[0] == 5 and st.road_holder == 0


def test_a_cycle_counts_every_road_once():
    # a ring of 6 roads around hex 4 is a trail of 6; a spur makes 7; a second spur
    # at the opposite corner cannot be added (4 odd corners: no trail uses all 8 roads)
    st, _ = new_position()
    settle(st, 0, 13)                  # an own settlement does not break the ring
    roads(st, 0, HEX_4_RING)
    assert st.road_length[0] == 6
    roads(st, 0, [13, 9])
    assert st.road_length[0] == 7
    roads(st, 0, [17, 22])
    assert st.stats[0, S_ROADS] == 8 and st.road_length[0] == 7


# --- an opponent's settlement cuts the road ----------------------------------------------

def _holder_with_six():
    """Player 0 holds longest road with 6 roads along row B (16 .. 19)."""
    st, params = new_position()
    _road_along(st, 0, ROW_B[:7])
    assert st.road_holder == 0 and st.road_length[0] == 6
    return st


def _cut_at_18(st):
    """Player 1 settles at corner 18, in the middle of player 0's road: 16..18 (4) | 18..19 (2)."""
    settle(st, 1, 9)
    roads(st, 1, [9, 13, 18])
    settle(st, 1, 18)


def test_cut_road_counts_up_to_the_opponents_settlement():
    # docs/rules.md, Base game: an opponent's settlement breaks a road
    st = _holder_with_six()
    _cut_at_18(st)
    assert st.road_length[0] == 4      # 16-22-17-23-18 (the road into 18 still counts)


def test_cut_holder_below_five_sets_the_award_aside():
    st = _holder_with_six()
    _cut_at_18(st)
    assert st.road_holder == -1


def test_cut_award_goes_to_the_single_longest():
    st = _holder_with_six()
    _road_along(st, 2, ROW_C[:6])      # 5
    assert st.road_holder == 0
    _cut_at_18(st)
    assert st.road_holder == 2


def test_cut_award_is_set_aside_on_a_tie():
    st = _holder_with_six()
    _road_along(st, 2, ROW_C[:6])      # 5
    _road_along(st, 3, ROW_D[:6])      # 5
    _cut_at_18(st)
    assert st.road_holder == -1
    roads(st, 3, ROW_D[5:7])           # strictly longest now: takes the set-aside award
    assert st.road_holder == 3


def test_cut_holder_still_tied_for_longest_keeps_the_award():
    st, _ = new_position()
    _road_along(st, 0, ROW_B[:9])      # 8 roads, 16 .. 20
    _road_along(st, 2, ROW_D[:6])      # 5
    settle(st, 1, 35)
    roads(st, 1, [35, 30, 24])
    settle(st, 1, 24)                  # cuts player 0 into 16..24 (5) and 24..20 (3)
    assert st.road_length[0] == 5
    assert st.road_holder == 0


def test_settlement_at_the_end_of_a_road_changes_nothing():
    st = _holder_with_six()
    settle(st, 1, 10)
    roads(st, 1, [10, 14, 19])
    settle(st, 1, 19)                  # where player 0's road ends
    assert st.road_length[0] == 6 and st.road_holder == 0
