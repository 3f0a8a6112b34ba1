"""Robin Hood solo mode (docs/rules.md, Robin Hood) on built positions: setup by dice, Robin's moves,
the Sheriff's knight, eviction, robbery and scoring on a 7, relocation, enclosure and
the endings.  Positions: tests.robin_positions (beginner board, Robin on the desert, hex 9).
"""
import numpy as np
import pytest

from policies import builder, decide
from policies.weights import V_STYLE
from policies.variants.robin_hood import sheriff, bots as variant_robin_hood
from policies.registry import resolve
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.variants.robin_hood import rules as robin
from simcore.engine.actions import A_CITY, A_END, A_KNIGHT, A_ROAD, A_ROADS, A_SETTLEMENT
from simcore.run.batch import play_batch
from simcore.engine.economy import produce
from simcore.engine.events import event_dicts
from simcore.engine.game import apply_action, play_turn
from simcore.engine.pieces import place_city, place_settlement
from simcore.variants.robin_hood import (ENDING_ENCLOSURE, ENDING_MAX_TURNS, ENDING_NONE, ENDING_ROBIN_TARGET,
                                         ENDING_SHERIFF_TARGET, NEUTRAL, SHERIFF, SIDE_DRAW, SIDE_ROBIN, SIDE_SHERIFF)
from simcore.variants.robin_hood.board import corner_on_hex, enclosed, fence_missing, hex_score
from simcore.run.seeds import game_seeds
from simcore.engine.state import COST_CITY, COST_ROAD, COST_SETTLEMENT, DEV_KNIGHT, DEV_ROADS, PIECE_LIMITS, victory_points
from simcore.engine.topology import CORNER_HEXES, EDGE_CORNERS, HEX_CORNERS, HEX_EDGES, N_HEXES
from tests.positions import (BRICK, GRAIN, LUMBER, ORE, WOOL, deal, edge, roads, script, seed_next_roll, settle,
                             supply_kept)
from tests.robin_positions import (DESERT_HEX, DESERT_RING, KNIGHT, ROBIN_AT, ROBIN_ROW, fence, logged, neutral,
                                   new_robin_position, robin_params, stack_deck)
from simcore.variants import robin_hood as RH


def stat(st, k):
    return int(st.robin_stats[k])


# --- setup -----------------------------------------------------------------------

def test_neutral_settlement_by_dice_rerolls_sevens_and_numbers_with_no_legal_corner(monkeypatch):
    st, _ = new_robin_position()
    st.log_on = 1
    settle(st, SHERIFF, 5)                     # hex 1 (wool 2): these two leave none
    settle(st, SHERIFF, 8)                     # of its corners free
    assert robin.free_corner_on_number(st, 2, -1) == 0
    dice = iter([2, 3,   0, 0,   5, 5,   0,   0])  # 7; 2 (full); 12; first free corner, first free edge
    monkeypatch.setattr(robin, "randint", lambda n: next(dice))
    robin.place_neutral(st)
    [event] = logged(st, "neutral_settlement")
    assert (event["number"], event["rerolls"]) == (12, 2)
    c, e = event["corner"], event["edge"]
    assert st.corner_owner[c] == NEUTRAL and corner_on_hex(c, 3)     # hex 3 is grain 12
    assert st.edge_owner[e] == NEUTRAL and c in EDGE_CORNERS[e] and e in HEX_EDGES[3]   # into the rolled hex
    assert event["player"] == -1


def test_free_corners_of_a_number_count_shared_corners_once():
    st, _ = new_robin_position(layout=P.LAYOUT_RANDOM, seed=3)
    for number in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        corners = {int(c) for h in st.number_hexes[number] if h >= 0 for c in HEX_CORNERS[h]}
        n = robin.free_corner_on_number(st, number, -1)
        assert n == len(corners)
        assert {robin.free_corner_on_number(st, number, i) for i in range(n)} == corners


@pytest.mark.parametrize("seed", range(8))
def test_setup_robin_neutral_pieces_and_the_sheriff(seed):
    st, params = new_robin_position(seed=seed, layout=P.LAYOUT_RANDOM)
    st.log_on = 1
    robin.setup(st)
    desert = int(np.flatnonzero(st.hex_resource[:N_HEXES] == 5)[0])
    assert st.robber == st.robin_camp == desert
    neutral_corners = np.flatnonzero(st.corner_owner == NEUTRAL)
    neutral_edges = np.flatnonzero(st.edge_owner == NEUTRAL)
    assert len(neutral_corners) == 5 and len(neutral_edges) == 5 and (st.corner_level[neutral_corners] == 1).all()
    for e in neutral_edges:                     # each road at its settlement
        assert st.corner_owner[EDGE_CORNERS[e]].tolist().count(NEUTRAL) == 1
    for event in logged(st, "neutral_settlement"):   # both on a hex showing the number rolled
        assert event["number"] != 7
        assert any(st.hex_number[h] == event["number"] and event["edge"] in HEX_EDGES[h]
                   for h in CORNER_HEXES[event["corner"]] if h >= 0)
    assert (st.corner_owner == SHERIFF).sum() == 2 and (st.edge_owner == SHERIFF).sum() == 2
    assert st.pieces[SHERIFF].tolist() == [10 - 2, 8, 30 - 2]
    assert st.pieces[NEUTRAL].tolist() == [0, 0, 0]
    assert st.hand[SHERIFF].sum() == st.stats[SHERIFF, R.S_GAIN_SETUP] > 0
    assert st.hand[NEUTRAL].sum() == 0 and supply_kept(st)


def test_twelve_neutral_settlements_always_leave_room_for_the_sheriff():
    for seed in range(60):
        st, params = new_robin_position(seed=seed, layout=P.LAYOUT_RANDOM, neutral=12)
        robin.setup(st)
        assert (st.corner_owner == NEUTRAL).sum() == 12 and (st.corner_owner == SHERIFF).sum() == 2
        assert st.illegal == 0


@pytest.mark.parametrize("sets, pieces", [(1, [5, 4, 15]), (2, [10, 8, 30]), (4, [20, 16, 60])])
def test_sheriff_piece_sets(sets, pieces):
    st, _ = new_robin_position(sets=sets)
    assert st.pieces[SHERIFF].tolist() == pieces == [n * sets for n in PIECE_LIMITS]


# --- production ------------------------------------------------------------------

def test_robin_blocks_his_hex_and_neutral_buildings_are_not_paid():
    st, _ = new_robin_position()
    settle(st, SHERIFF, 13)                    # brick 6 (hex 4), wool 2, wool 4
    neutral(st, 23)                            # brick 6 too
    produce(st, 6)
    assert st.hand[SHERIFF].tolist() == [0, 1, 0, 0, 0]
    assert st.hand[NEUTRAL].sum() == 0 and supply_kept(st)
    st.robber = 4                              # Robin on the brick 6
    produce(st, 6)
    assert st.hand[SHERIFF].tolist() == [0, 1, 0, 0, 0]


def test_a_neutral_settlement_cuts_the_sheriffs_road():
    st, _ = new_robin_position()
    settle(st, SHERIFF, 13)
    roads(st, SHERIFF, [13, 18, 23, 29, 35, 30])
    assert st.road_length[SHERIFF] == 5 and st.road_holder == SHERIFF
    neutral(st, 29)                            # through the middle of it
    assert st.road_length[SHERIFF] == 3 and st.road_holder == -1


# --- Robin's moves ---------------------------------------------------------------

def test_a_resource_card_moves_robin_to_the_hex_of_it_next_to_his():
    st, _ = new_robin_position()
    st.log_on = 1
    stack_deck(st, [BRICK])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == 4
    assert (stat(st, RH.RB_DRAWS), stat(st, RH.RB_MOVES), stat(st, RH.RB_STAYS)) == (1, 1, 0)
    assert [(e["card"], e["cause"]) for e in logged(st, "robin_draw")] == [("brick", "turn")]
    assert [(e["from_hex"], e["to_hex"], e["how"]) for e in logged(st, "robin_move")] == [(9, 4, "card")]


def test_the_sheriff_chooses_among_several_hexes(monkeypatch):
    st, _ = new_robin_position()
    calls = script(monkeypatch, "robin_destination", 10)
    stack_deck(st, [LUMBER])                   # hexes 8 and 10 are lumber
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == 10 and calls == [(SHERIFF, LUMBER)] and st.illegal == 0


def test_a_refused_destination_is_counted_and_robin_takes_a_legal_one(monkeypatch):
    st, _ = new_robin_position()
    script(monkeypatch, "robin_destination", 4)    # brick: not a lumber hex
    stack_deck(st, [LUMBER])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.illegal == 1 and st.robber in (8, 10)


def test_no_hex_of_that_resource_next_to_him_robin_stays():
    st, _ = new_robin_position()
    st.robber = 0                              # ore 10: next to wool, grain, brick
    stack_deck(st, [LUMBER])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == 0
    assert (stat(st, RH.RB_STAYS), stat(st, RH.RB_ROAD_BLOCKS), stat(st, RH.RB_MOVES)) == (1, 0, 0)


def test_a_sheriff_road_on_the_shared_edge_stops_him_a_neutral_road_does_not():
    st, _ = new_robin_position()
    st.log_on = 1
    fence(st, [18, 23])                        # between the desert and hex 4 (brick)
    fence(st, [24, 18], owner=NEUTRAL)         # between the desert and hex 5 (wool)
    stack_deck(st, [BRICK, WOOL])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == DESERT_HEX
    assert (stat(st, RH.RB_STAYS), stat(st, RH.RB_ROAD_BLOCKS)) == (1, 1)
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == 5
    assert [e["how"] for e in logged(st, "robin_move")] == ["road", "card"]


def test_with_one_of_two_hexes_behind_a_road_he_goes_to_the_other_unasked(monkeypatch):
    st, _ = new_robin_position()
    calls = script(monkeypatch, "robin_destination", -1)
    fence(st, [23, 29])                        # hex 8 (lumber) is behind a road
    stack_deck(st, [LUMBER])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == 10 and calls == []


def test_a_knight_sends_him_back_to_camp_whatever_the_roads():
    st, _ = new_robin_position()
    st.robber = 4
    fence(st, [18, 23, 29])                    # part of the camp's fence, across his way back
    stack_deck(st, [KNIGHT, KNIGHT])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == DESERT_HEX and stat(st, RH.RB_CAMP_RETURNS) == 1
    robin.robin_draw(st, robin.CAUSE_TURN)     # already there: no return counted
    assert st.robber == DESERT_HEX and stat(st, RH.RB_CAMP_RETURNS) == 1
    assert not robin.over(st)


def test_the_deck_yields_every_card_once_before_it_is_reshuffled():
    st, _ = new_robin_position(seed=5)
    cards = [robin.draw_card(st) for _ in range(60)]
    for k in range(0, 60, 6):
        assert sorted(cards[k:k + 6]) == [0, 1, 2, 3, 4, 5]
    assert cards[:6] != cards[6:12] or cards[6:12] != cards[12:18]   # reshuffled


def test_a_deck_with_two_knights_and_no_ore():
    st, _ = new_robin_position(seed=2, deck=(1, 1, 1, 1, 0, 2))
    cards = [robin.draw_card(st) for _ in range(12)]
    assert sorted(cards[:6]) == sorted(cards[6:]) == [0, 1, 2, 3, 5, 5]


def test_the_die_draws_with_replacement():
    st, _ = new_robin_position(seed=1, die=True)
    cards = np.array([robin.draw_card(st) for _ in range(3000)])
    counts = np.bincount(cards, minlength=6)
    assert (np.abs(counts - 500) < 100).all()
    assert any(len(set(cards[k:k + 6])) < 6 for k in range(0, 3000, 6))   # repeats within six


# --- the Sheriff's knight --------------------------------------------------------

def test_the_sheriffs_knight_makes_robin_draw_at_once():
    st, _ = new_robin_position()
    st.dev_hand[SHERIFF, DEV_KNIGHT] = 1
    stack_deck(st, [ORE])
    apply_action(st, SHERIFF, A_KNIGHT, 0, 0)
    assert st.robber == 13 and st.knights[SHERIFF] == 1 and st.dev_played == 1
    assert (stat(st, RH.RB_DRAWS), stat(st, RH.RB_EXTRA_DRAWS)) == (1, 1)


def test_a_knight_before_the_roll_makes_robin_draw_before_the_roll(monkeypatch):
    st, _ = new_robin_position()
    st.log_on = 1
    st.dev_hand[SHERIFF, DEV_KNIGHT] = 1
    script(monkeypatch, "knight_before_roll", True)
    script(monkeypatch, "action", (A_END, 0, 0))
    stack_deck(st, [GRAIN])
    seed_next_roll(8)
    play_turn(st, SHERIFF)
    kinds = [e["type"] for e in event_dicts(st.log[:st.log_n], 1)]
    assert kinds[:5] == ["turn", "play_dev", "robin_draw", "robin_move", "roll"]
    assert st.robber == 14 and stat(st, RH.RB_EXTRA_DRAWS) == 1


# --- eviction --------------------------------------------------------------------

def sheriff_near_the_camp(st):
    """A Sheriff settlement at 14 with roads 14-19-24: 24 (a corner of the desert) is
    open to a new settlement."""
    settle(st, SHERIFF, 14)
    roads(st, SHERIFF, [14, 19, 24])
    deal(st, SHERIFF, COST_SETTLEMENT)


@pytest.mark.parametrize("eviction_draw", ["turn", "now"])
def test_building_on_robins_hex_lets_the_sheriff_evict_him_then_he_draws(monkeypatch, eviction_draw):
    # "Nach dieser Vertreibung zieht Robin Hood wieder wie gewohnt eine Bewegungskarte":
    # at his usual turn by default (robin.eviction_draw = "turn"), at once with "now"
    st, params = new_robin_position(eviction_draw=eviction_draw)
    st.log_on = 1
    sheriff_near_the_camp(st)
    calls = script(monkeypatch, "evict", 4)    # to hex 4, brick
    stack_deck(st, [ORE])                      # from hex 4 on to hex 0, ore
    apply_action(st, SHERIFF, A_SETTLEMENT, 24, 0)
    assert calls == [(SHERIFF,)] and stat(st, RH.RB_EVICTIONS) == 1
    moves = [(e["from_hex"], e["to_hex"], e["how"]) for e in logged(st, "robin_move")]
    if eviction_draw == "now":
        assert st.robber == 0 and [e["cause"] for e in logged(st, "robin_draw")] == ["eviction"]
        assert moves == [(9, 4, "eviction"), (4, 0, "card")]
    else:
        assert st.robber == 4 and logged(st, "robin_draw") == [] and moves == [(9, 4, "eviction")]
        robin.robin_draw(st, robin.CAUSE_TURN)  # his turn comes as usual
        assert st.robber == 0 and stat(st, RH.RB_DRAWS) == 1


def test_no_eviction_across_a_sheriff_road(monkeypatch):
    st, _ = new_robin_position()
    sheriff_near_the_camp(st)
    fence(st, [18, 23])                        # between the desert and hex 4
    script(monkeypatch, "evict", 4)
    apply_action(st, SHERIFF, A_SETTLEMENT, 24, 0)
    assert st.illegal == 1 and st.robber == DESERT_HEX and stat(st, RH.RB_DRAWS) == 0


def test_the_sheriff_may_leave_robin_where_he_is(monkeypatch):
    st, _ = new_robin_position()
    sheriff_near_the_camp(st)
    script(monkeypatch, "evict", -1)
    apply_action(st, SHERIFF, A_SETTLEMENT, 24, 0)
    assert st.robber == DESERT_HEX and stat(st, RH.RB_DRAWS) == 0 and stat(st, RH.RB_EVICTIONS) == 0


def test_a_city_on_robins_hex_also_allows_an_eviction_building_elsewhere_does_not(monkeypatch):
    st, _ = new_robin_position()
    sheriff_near_the_camp(st)
    calls = script(monkeypatch, "evict", -1)
    st.robber = 4                              # corner 24 is not on hex 4
    apply_action(st, SHERIFF, A_SETTLEMENT, 24, 0)
    assert calls == []
    st.robber = 10                             # 24 is on hex 10
    deal(st, SHERIFF, COST_CITY)
    apply_action(st, SHERIFF, A_CITY, 24, 0)
    assert calls == [(SHERIFF,)]


def test_the_sheriff_policy_evicts_robin_from_his_own_production(monkeypatch):
    st, _ = new_robin_position()
    settle(st, SHERIFF, 13)                    # brick 6, wool 2, wool 4
    st.robber = 4                              # Robin on the brick 6
    assert variant_robin_hood.evict(st, SHERIFF) not in (-1, 4)


# --- the 7 -----------------------------------------------------------------------

def robin_among_buildings(st):
    """Robin on the desert with a Sheriff city (24), a Sheriff settlement (23) and a
    neutral settlement (35) on its corners: 4 VP for him on a 7."""
    city(st, 24)
    settle(st, SHERIFF, 23)
    neutral(st, 35)


def city(st, c):
    place_settlement(st, SHERIFF, c)
    place_city(st, SHERIFF, c)


def test_a_seven_steals_from_the_sheriff_and_scores_every_building():
    st, _ = new_robin_position()
    st.log_on = 1
    robin_among_buildings(st)
    deal(st, SHERIFF, lumber=2, ore=3)
    bank = st.bank.sum()
    robin.robin_seven(st)
    assert st.hand[SHERIFF].sum() == 4 and st.bank.sum() == bank + 1 and supply_kept(st)
    assert (stat(st, RH.RB_VP), stat(st, RH.RB_VP_SHERIFF), stat(st, RH.RB_VP_NEUTRAL)) == (4, 3, 1)
    assert (stat(st, RH.RB_STOLEN), stat(st, RH.RB_SEVENS_SHERIFF), stat(st, RH.RB_SEVENS_NEUTRAL)) == (1, 1, 0)
    assert st.stats[SHERIFF, R.S_SPEND_STOLEN] == 1 and st.robber == DESERT_HEX
    [score] = logged(st, "robin_score")
    assert (score["hex"], score["vp_sheriff"], score["vp_neutral"], score["robin_vp"]) == (9, 3, 1, 4)
    assert len(logged(st, "robin_steal")) == 1


@pytest.mark.parametrize("discard, left", [(True, 10 - 5 - 1), (False, 10 - 1)])
def test_the_sheriff_discards_on_a_seven_unless_switched_off(discard, left):
    st, _ = new_robin_position(discard=discard)
    robin_among_buildings(st)
    deal(st, SHERIFF, lumber=4, brick=3, ore=3)
    robin.robin_seven(st)
    assert st.hand[SHERIFF].sum() == left
    assert st.stats[SHERIFF, R.S_SPEND_DISCARDS] == (5 if discard else 0) and supply_kept(st)


@pytest.mark.parametrize("steals, hand, stolen", [(0, 3, 0), (3, 5, 3), (3, 2, 2)])
def test_steals_per_seven(steals, hand, stolen):
    st, _ = new_robin_position(steals=steals)
    robin_among_buildings(st)
    deal(st, SHERIFF, grain=hand)
    robin.robin_seven(st)
    assert stat(st, RH.RB_STOLEN) == stolen and st.hand[SHERIFF].sum() == hand - stolen
    assert stat(st, RH.RB_VP) == 4


def test_only_neutral_buildings_score_without_a_steal():
    st, _ = new_robin_position()
    neutral(st, 24)
    neutral(st, 29)
    deal(st, SHERIFF, grain=3)
    robin.robin_seven(st)
    assert (stat(st, RH.RB_VP), stat(st, RH.RB_VP_NEUTRAL), stat(st, RH.RB_STOLEN)) == (2, 2, 0)
    assert stat(st, RH.RB_SEVENS_NEUTRAL) == 1 and st.hand[SHERIFF].sum() == 3


def relocation_position():
    """Nothing on the desert's corners; hexes 0 and 1 both score 2 (a Sheriff city at
    corner 0, only on hex 0; neutral settlements at 1, only on hex 1, and 13, on hexes 1, 4, 5)."""
    st, params = new_robin_position()
    city(st, 0)
    neutral(st, 1)
    neutral(st, 13)
    assert [hex_score(st, h) for h in (0, 1, 4, 5)] == [2, 2, 1, 1]
    assert max(hex_score(st, h) for h in range(N_HEXES)) == 2
    return st


def test_a_seven_with_nothing_at_his_hex_moves_robin_to_the_best_hex_sheriff_breaks_ties(monkeypatch):
    st = relocation_position()
    st.log_on = 1
    calls = script(monkeypatch, "relocate", 1)
    deal(st, SHERIFF, ore=3)
    robin.robin_seven(st)
    assert calls == [(SHERIFF,)] and st.robber == 1
    assert stat(st, RH.RB_RELOCATIONS) == 1 and stat(st, RH.RB_VP) == 0 and stat(st, RH.RB_STOLEN) == 0
    assert st.hand[SHERIFF].sum() == 3
    assert [e["how"] for e in logged(st, "robin_move")] == ["relocation"]


def test_a_relocation_to_a_hex_that_is_not_best_is_refused(monkeypatch):
    st = relocation_position()
    script(monkeypatch, "relocate", 4)
    robin.robin_seven(st)
    assert st.illegal == 1 and st.robber == 0      # the first best hex


@pytest.mark.parametrize("policy", ["sheriff-greedy", "random"])
def test_the_policies_relocate_to_a_best_hex(policy):
    for seed in range(10):
        st = relocation_position()
        st.policy_kind[SHERIFF], st.weights[SHERIFF] = resolve(policy)
        np.random.seed(seed)
        robin.robin_seven(st)
        assert st.robber in (0, 1) and st.illegal == 0


# --- enclosure -------------------------------------------------------------------

def test_fence_counting():
    st, _ = new_robin_position()
    assert fence_missing(st, DESERT_HEX) == 6
    fence(st, DESERT_RING[:4])                 # three of its six edges
    assert fence_missing(st, DESERT_HEX) == 3 and not enclosed(st, DESERT_HEX)
    fence(st, DESERT_RING[3:])
    assert fence_missing(st, DESERT_HEX) == 0 and enclosed(st, DESERT_HEX)
    assert fence_missing(st, 0) == 3           # a coastal hex: only its edges to land count
    fence(st, [12, 8], owner=NEUTRAL)          # between hex 0 and hex 4
    assert fence_missing(st, 0) == -1          # a neutral road there: never fenced in


def test_the_road_that_encloses_robin_is_logged_then_its_award_then_the_end():
    """Issue 30 item 7: each event after what causes it.  The closing road (the cause) makes a
    6-road chain, so the longest-road award (its effect) comes next, and the end, whose VP
    comparison counts the award's 2 VP, last."""
    st, params = new_robin_position()
    neutral(st, 23)                                    # breaks the ring's chain at 23
    fence(st, [24, 18, 23, 29, 35, 30])                # five of the six ring edges: longest 3
    st.log_on = 1
    deal(st, SHERIFF, lumber=1, brick=1)
    apply_action(st, SHERIFF, A_ROAD, edge(30, 24), 0)
    types = [e["type"] for e in event_dicts(st.log[:st.log_n], st.players)]
    assert types.index("build_road") < types.index("award") < types.index("robin_game_end")
    end = logged(st, "robin_game_end")[0]
    assert end["ending"] == "enclosure" and end["sheriff_vp"] == 2 and end["robin_vp"] == 0


def test_a_coastal_hex_is_enclosed_by_its_land_edges_alone():
    st, _ = new_robin_position()
    st.robber = 0                              # ore 10, next to hexes 1, 3 and 4 only
    fence(st, [4, 8, 12, 7])
    assert fence_missing(st, 0) == 0
    robin.check_enclosure(st)
    assert stat(st, RH.RB_ENDING) == ENDING_ENCLOSURE


def test_with_all_edges_a_coastal_hex_needs_its_sea_edges_too():
    st, _ = new_robin_position(enclosure="all_edges")
    st.robber = 0                              # ore 10: three land edges, three to the sea
    assert fence_missing(st, 0) == 6 and fence_missing(st, DESERT_HEX) == 6
    fence(st, [4, 8, 12, 7])                   # its land edges
    robin.check_enclosure(st)
    assert fence_missing(st, 0) == 3 and stat(st, RH.RB_ENDING) == ENDING_NONE
    fence(st, [7, 3, 0, 4])                    # and its sea edges
    robin.check_enclosure(st)
    assert fence_missing(st, 0) == 0 and stat(st, RH.RB_ENDING) == ENDING_ENCLOSURE


@pytest.mark.parametrize("enclosure, policy_fences_sea", [(True, False), ("all_edges", True)])
def test_the_warden_fences_the_edges_the_reading_counts(enclosure, policy_fences_sea):
    st, _ = new_robin_position(policy="sheriff-warden", enclosure=enclosure)
    st.robber = 0
    settle(st, SHERIFF, 4)
    fence(st, [4, 8, 12, 7])                   # land edges done
    st.robin_stats[RH.RB_VP] = -5              # far behind: completing would win
    best, pick, _ = sheriff.fence_target_road(st, SHERIFF, 0, -1.0, -1, 0)
    sea = {edge(7, 3), edge(3, 0), edge(0, 4)}
    assert (pick in sea) == policy_fences_sea


@pytest.mark.parametrize("robin_ahead, side", [(-1, SIDE_SHERIFF), (0, SIDE_DRAW), (1, SIDE_ROBIN)])
def test_the_last_fence_road_ends_the_game_and_more_vp_wins(robin_ahead, side):
    st, _ = new_robin_position()
    settle(st, SHERIFF, 24)
    fence(st, DESERT_RING[:6])                 # five edges, one left: 30-24
    assert fence_missing(st, DESERT_HEX) == 1
    deal(st, SHERIFF, COST_ROAD)
    sheriff_vp = victory_points(st, SHERIFF)
    st.robin_stats[RH.RB_VP] = sheriff_vp + robin_ahead
    apply_action(st, SHERIFF, A_ROAD, edge(30, 24), 0)
    assert stat(st, RH.RB_ENDING) == ENDING_ENCLOSURE and stat(st, RH.RB_WINNER) == side
    assert st.winner == (SHERIFF if side == SIDE_SHERIFF else -1)
    assert stat(st, RH.RB_SHERIFF_VP) == victory_points(st, SHERIFF)


@pytest.mark.parametrize("first_closes", [True, False])
def test_an_ending_after_the_first_road_of_road_building_stops_the_second(monkeypatch, first_closes):
    st, _ = new_robin_position()
    settle(st, SHERIFF, 24)
    fence(st, DESERT_RING[:6])                 # one edge left: 30-24
    st.dev_hand[SHERIFF, DEV_ROADS] = 1
    st.robin_stats[RH.RB_VP] = -1              # the Sheriff is ahead: an enclosure wins
    closing, other = edge(30, 24), edge(24, 19)
    asked = script(monkeypatch, "free_road", closing if first_closes else other, closing)
    apply_action(st, SHERIFF, A_ROADS, 0, 0)
    assert stat(st, RH.RB_ENDING) == ENDING_ENCLOSURE and stat(st, RH.RB_WINNER) == SIDE_SHERIFF
    assert len(asked) == (1 if first_closes else 2)
    assert (st.edge_owner[other] == SHERIFF) == (not first_closes)


def test_a_knight_into_a_fenced_camp_ends_the_game():
    st, _ = new_robin_position()
    settle(st, SHERIFF, 24)
    fence(st, DESERT_RING)
    st.robber = 4
    stack_deck(st, [KNIGHT])
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert stat(st, RH.RB_ENDING) == ENDING_ENCLOSURE and stat(st, RH.RB_WINNER) == SIDE_SHERIFF


def test_no_enclosure_ending_when_switched_off():
    st, _ = new_robin_position(enclosure=False)
    settle(st, SHERIFF, 24)
    fence(st, DESERT_RING)
    robin.check_sheriff(st)
    assert stat(st, RH.RB_ENDING) == ENDING_NONE
    stack_deck(st, [BRICK])                    # and he cannot leave
    robin.robin_draw(st, robin.CAUSE_TURN)
    assert st.robber == DESERT_HEX and stat(st, RH.RB_ROAD_BLOCKS) == 1


def test_no_sheriff_completes_an_enclosure_that_would_not_win():
    st, _ = new_robin_position(policy="sheriff-warden")
    settle(st, SHERIFF, 24)
    fence(st, DESERT_RING[:6])
    deal(st, SHERIFF, COST_ROAD)
    st.robin_stats[RH.RB_VP] = victory_points(st, SHERIFF)     # level: it would be a draw
    assert sheriff.loses_by_enclosing(st, SHERIFF, edge(30, 24))
    a, x, _ = decide.action(st, SHERIFF)
    assert not (a == A_ROAD and x == edge(30, 24))
    st.robin_stats[RH.RB_VP] = 0                                 # ahead: the warden closes it
    assert decide.action(st, SHERIFF)[:2] == (A_ROAD, edge(30, 24))


@pytest.mark.parametrize("ahead", [True, False])
def test_the_strong_sheriff_tries_the_closing_road_and_takes_it_only_when_it_wins(ahead):
    """Its look-ahead lists the roads fencing Robin's hex (bots.strong_candidates) and values a won enclosure
    as a win (policies.strong.value), one it would not win as a loss (bots.strong_value)."""
    from simcore.engine.actions import A_LOOKAHEAD
    from simcore.engine.lookahead import best_candidate
    st, _ = new_robin_position(policy="strong-robin-hood")
    settle(st, SHERIFF, 24)
    settle(st, SHERIFF, 3)
    fence(st, DESERT_RING[:6])                 # one edge left: 30-24
    deal(st, SHERIFF, COST_ROAD, grain=1, ore=1)
    st.robin_stats[RH.RB_VP] = 0 if ahead else victory_points(st, SHERIFF)
    closing = edge(30, 24)
    a, n, _ = decide.action(st, SHERIFF)
    assert a == A_LOOKAHEAD
    listed = [(st.cand_a[k], st.cand_x[k]) for k in range(n)]
    assert (A_ROAD, closing) in listed or not ahead
    assert (best_candidate(st, SHERIFF, n)[:2] == (A_ROAD, closing)) == ahead
    assert stat(st, RH.RB_ENDING) == ENDING_NONE   # the look-ahead left the game as it was
    own = variant_robin_hood.strong_candidates(st, SHERIFF, 0)     # the hook's own options: the open ring edges
    assert sorted(st.cand_x[k] for k in range(own)) == ([closing] if ahead else [])


def cities_around_hex_8(st):
    """Sheriff cities on the grain hexes 3 and 7 (corner 16) and on the lumber hex 12 (corner 38): next to
    hex 8 (lumber), not to the desert or to hex 10 (lumber): from 8 a grain or a lumber card takes Robin to them."""
    city(st, 16)
    city(st, 38)


@pytest.mark.parametrize("seed", range(6))
def test_the_strong_sheriff_sends_robin_where_he_harms_least_over_the_next_rounds(seed):
    """Two lumber hexes open to Robin, neither scoring him anything now: the builder's Sheriff takes either
    (a tie), the strong one the hex from which his walk does not reach the Sheriff's cities
    (policies.variants.robin_hood.outlook), a styled strong Sheriff the builder's rule."""
    picks = {}
    for policy in ("sheriff-greedy", "strong-robin-hood"):
        st, _ = new_robin_position(policy=policy, seed=seed)
        cities_around_hex_8(st)
        picks[policy] = {variant_robin_hood.robin_destination(st, SHERIFF, LUMBER) for _ in range(12)}
    assert picks["strong-robin-hood"] == {10}
    assert picks["sheriff-greedy"] == {8, 10}
    from policies.variants.robin_hood import outlook
    st, _ = new_robin_position(policy="strong-robin-hood", seed=seed)
    cities_around_hex_8(st)
    v, u = outlook.harm_to_go(st, SHERIFF, st.weights[SHERIFF], outlook.GAMMA, outlook.ROUNDS)
    assert v[8] > v[10] > 0 and sheriff.harm(st, SHERIFF, 8, st.weights[SHERIFF]) == 0
    w = st.weights[SHERIFF].copy()
    w[V_STYLE] = 1.0                                     # restricted to a style: the builder's rules
    assert not variant_robin_hood.looks_ahead(st, SHERIFF, w)
    assert variant_robin_hood.looks_ahead(st, SHERIFF, st.weights[SHERIFF])


def test_the_strong_sheriffs_walk_reads_the_decks_make_up_not_its_order():
    """No peeking: the undrawn movement cards in another order give the same values (their order is hidden)."""
    from policies.variants.robin_hood import outlook
    st, _ = new_robin_position(policy="strong-robin-hood")
    cities_around_hex_8(st)
    stack_deck(st, [LUMBER, KNIGHT, ORE, GRAIN, WOOL, BRICK])
    v0, u0 = outlook.harm_to_go(st, SHERIFF, st.weights[SHERIFF], outlook.GAMMA, outlook.ROUNDS)
    stack_deck(st, [KNIGHT, BRICK, WOOL, GRAIN, ORE, LUMBER])
    v1, u1 = outlook.harm_to_go(st, SHERIFF, st.weights[SHERIFF], outlook.GAMMA, outlook.ROUNDS)
    assert np.array_equal(v0, v1) and np.array_equal(u0, u1)
    stack_deck(st, [KNIGHT, KNIGHT, WOOL, GRAIN, ORE, LUMBER])   # another make-up: other values
    assert not np.array_equal(outlook.harm_to_go(st, SHERIFF, st.weights[SHERIFF], outlook.GAMMA, outlook.ROUNDS)[0], v0)


@pytest.mark.parametrize("lead, expected", [(0.0, 47), (100.0, 17)])
def test_the_strong_sheriffs_setup_weighs_the_harm_robin_will_do_there(lead, expected):
    """Two free corners of equal spot value: corner 17 (hexes 3, 4, 8; 4 and 8 next to Robin's camp) and
    corner 47 (hex 16, far from it): the strong Sheriff settles far from the camp, unless the near corner is
    worth clearly more to his builder (policies.variants.robin_hood.outlook.setup_settlement)."""
    st, _ = new_robin_position(policy="strong-robin-hood")
    w = st.weights[SHERIFF]
    builder.update_spot_values(st, SHERIFF, w)
    st.spot_val[SHERIFF, :] = 0.0
    st.spot_val[SHERIFF, 47] = 10.0
    st.spot_val[SHERIFF, 17] = 10.0 + lead
    assert variant_robin_hood.strong_setup(st, SHERIFF, 17) == expected
    assert st.corner_owner[17] == st.corner_owner[47] == -1 and st.corner_level[17] == 0   # tried, taken back
    st.policy_kind[SHERIFF], st.weights[SHERIFF] = resolve("sheriff-greedy")
    assert variant_robin_hood.strong_setup(st, SHERIFF, 17) == 17    # not a strong seat: its builder's corner


# --- endings ---------------------------------------------------------------------

def test_robin_wins_on_reaching_his_target_at_a_seven():
    st, _ = new_robin_position(robin_target=4)
    robin_among_buildings(st)
    robin.robin_seven(st)
    assert (stat(st, RH.RB_ENDING), stat(st, RH.RB_WINNER)) == (ENDING_ROBIN_TARGET, SIDE_ROBIN)
    assert st.winner == -1 and robin.over(st)


def test_the_sheriff_wins_on_reaching_his_target_on_his_turn():
    st, _ = new_robin_position(sheriff_target=3)
    settle(st, SHERIFF, 14)
    roads(st, SHERIFF, [14, 19, 24, 30, 36])
    settle(st, SHERIFF, 36)
    deal(st, SHERIFF, COST_SETTLEMENT)
    st.robber = 4
    apply_action(st, SHERIFF, A_SETTLEMENT, 24, 0)
    assert (stat(st, RH.RB_ENDING), stat(st, RH.RB_WINNER)) == (ENDING_SHERIFF_TARGET, SIDE_SHERIFF)
    assert st.winner == SHERIFF and stat(st, RH.RB_SHERIFF_VP) == 3


def test_the_first_ending_stands():
    st, _ = new_robin_position()
    robin.end_game(st, ENDING_ROBIN_TARGET)
    robin.end_game(st, ENDING_SHERIFF_TARGET)
    assert (stat(st, RH.RB_ENDING), stat(st, RH.RB_WINNER)) == (ENDING_ROBIN_TARGET, SIDE_ROBIN)


def _games(n=40, seed=3, policy="sheriff-greedy", **rules):
    kind, weights = resolve(policy)
    params = robin_params(**rules)
    return play_batch(params, np.array([kind]), weights[None, :], np.arange(n), game_seeds(seed, 0, n))


def test_max_turns_ends_in_a_draw():
    rows = _games(max_turns=4)
    assert (rows[:, R.G_TURNS] == 4).all() and (rows[:, R.G_WINNER] == -1).all()
    assert (rows[:, ROBIN_AT + RH.RB_ENDING] == ENDING_MAX_TURNS).all()
    assert (rows[:, ROBIN_AT + RH.RB_WINNER] == SIDE_DRAW).all()


def test_the_targets_are_set_apart():
    robin_fast = _games(robin_target=1, sheriff_target=50, layout=P.LAYOUT_RANDOM)
    assert (robin_fast[:, ROBIN_AT + RH.RB_ENDING] == ENDING_ROBIN_TARGET).all()
    sheriff_fast = _games(robin_target=50, sheriff_target=3, enclosure=False, layout=P.LAYOUT_RANDOM)
    assert (sheriff_fast[:, ROBIN_AT + RH.RB_ENDING] == ENDING_SHERIFF_TARGET).all()
    assert (sheriff_fast[:, R.G_WINNER] == 0).all()


def test_records_add_up():
    rows = _games(200, layout=P.LAYOUT_RANDOM)
    col = {name: rows[:, ROBIN_AT + k] for k, name in enumerate(RH.ROBIN_COLUMNS)}
    seat = {R.SEAT_COLUMNS[i]: rows[:, ROBIN_ROW.at(0, i)] for i in ROBIN_ROW.seat}
    assert (col["vp"] == col["vp_sheriff"] + col["vp_neutral"]).all()
    assert (col["sheriff_vp"] == seat["vp"]).all()
    assert (col["stolen"] == seat["spend_stolen"]).all()
    assert (col["draws"] - col["moves"] - col["stays"] >= col["camp_returns"]).all()   # the rest are knights
    # every Sheriff turn but a game-ending one is followed by a draw; knights add one each (and
    # evictions none: robin.eviction_draw = "turn")
    assert (col["draws"] >= rows[:, R.G_TURNS] - 1 + col["extra_draws"]).all()
    assert (col["draws"] <= rows[:, R.G_TURNS] + col["extra_draws"] + col["evictions"]).all()
    # a knight that ends the game (largest army brings the target) makes no draw
    assert (seat["knights_played"] - col["extra_draws"] <= 1).all()
    assert (col["extra_draws"] <= seat["knights_played"]).all()
    assert (col["road_blocks"] <= col["stays"]).all()
    ending, winner = col["ending"], col["winner"]
    assert set(np.unique(ending)) <= {ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET, ENDING_ENCLOSURE}
    assert ((ending == ENDING_ROBIN_TARGET) == (col["vp"] >= 15)).all()
    assert ((ending != ENDING_SHERIFF_TARGET) | (seat["vp"] >= 15)).all()
    assert ((winner == SIDE_SHERIFF) == (rows[:, R.G_WINNER] == 0)).all()
    assert (rows[:, R.G_TURNS] == rows[:, R.G_ROUNDS]).all()
    for seat in (1, 2, 3):                      # seats 1..3 are empty in a one-player game
        assert (rows[:, ROBIN_ROW.block(seat)] == -1).all()
