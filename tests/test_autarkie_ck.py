"""Fleisch / Autarkie (docs/rules.md, Fleisch / Autarkie) on its Cities & Knights substrate (§4), on built
positions: meat as a 4th commodity, the Geselle's commodity, the Saboteur (the Geselle
counts as a Knecht until the repair, the card follows), the barbarians' pillage (the
Geselle moves to another city or is removed, Knechte stay) and the loss of a city (its
Knechte move or are removed).

Beginner board: hex 17 grain 6, hex 14 grain 4, hex 18 wool 11 (corner 45 touches all
three); corner 44 touches brick 5 (16), ore 3 (13), grain 6; corner 31 lumber 3 (10),
wool 5 (15), ore 8 (11); corner 12 grain 12 (3), ore 10 (0), brick 6 (4).
"""
import numpy as np
import pytest

from simcore.variants.autarkie.board import chips_left, geselle_kind
from simcore.variants.ck.cities import damage, lose_city
from simcore.run.config import Board, Rules, Scenario, pack_rules
from simcore.engine.state import PIECE_SETTLEMENT, victory_points
from simcore.variants import autarkie as AD
from simcore.variants.autarkie import A_AUT_GESELLE, FIG_GESELLE, FIG_KNECHT, Autarkie
from simcore.engine.cards import hand_kinds
from simcore.variants.ck import A_CK_REPAIR, W_CK_PLAN, CitiesKnights
from tests.ck_positions import COMMODITY_NAMES, conserved
from tests.positions import city, new_position, settle
from tests.test_autarkie_rules import hand, knecht, place, roll, slaves, step

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
KINDS = ("lumber", "brick", "wool", "grain", "ore") + COMMODITY_NAMES + ("meat",)
PAPER, CLOTH, COIN, MEAT = (KINDS.index(n) for n in (*COMMODITY_NAMES, "meat"))
GRAIN6, GRAIN4, WOOL11, BRICK5, ORE3, LUMBER3, WOOL5, ORE8, GRAIN12, ORE10, BRICK6 = (
    17, 14, 18, 16, 13, 10, 15, 11, 3, 0, 4)


def ck_aut_params(players=4, ck=None, **rules):
    """Packed rules: ruleset = "ck" on the beginner board with [variants.autarkie] substrate = "ck"."""
    variants = {"ck": CitiesKnights(**(ck or {})), "autarkie": Autarkie(substrate="ck", **rules)}
    scenario = Scenario(name="test", rules=Rules(players=players, board=Board(layout="beginner"), ruleset="ck",
                                                 variants=variants))
    return pack_rules(scenario)


def position(**rules):
    st, params = new_position(params=ck_aut_params(**rules))
    assert hand_kinds(st.dtype.names) == KINDS and st.aut_meat == MEAT
    return st, params


def geselle(st, p, g):
    """A Knecht at place g (a city's) turned into p's Geselle."""
    knecht(st, p, g)
    hand(st, p, grain=1, meat=1)
    step(st, p, A_AUT_GESELLE, g)


# --- meat and the Geselle's commodity on ck --------------------------------------------------

def test_meat_is_a_fourth_commodity_a_city_on_fields_takes_grain_and_meat():
    st, params = position()
    city(st, 0, 45)                       # grain 6, grain 4, wool 11
    settle(st, 1, 44)
    roll(st, params, 6)
    assert list(st.hand[0]) == [0, 0, 0, 1, 0, 0, 0, 0, 1] and st.hand[1, GRAIN] == 1
    roll(st, params, 11)
    assert st.hand[0, WOOL] == 1 and st.hand[0, CLOTH] == 1              # the C&K commodity as before
    assert st.stats[0, AD.S_AUT_MEAT_PRODUCED] == 1
    assert st.trade_rate[0, MEAT] == 4 and conserved(st, params)         # 4:1 with the bank


def test_a_damaged_city_on_fields_produces_as_a_settlement_no_meat():
    st, params = position()
    city(st, 0, 45)
    damage(st, 0, 45)
    roll(st, params, 6)
    assert st.hand[0, GRAIN] == 1 and st.hand[0, MEAT] == 0


def test_meat_shortage_rule_on_ck():
    st, params = position(meat_supply=1)
    city(st, 0, 45)
    city(st, 1, 44)
    roll(st, params, 6)                   # two owed meat, one in the bank: nobody gets it
    assert st.hand[0, MEAT] == 0 and st.hand[1, MEAT] == 0 and st.hand[0, GRAIN] == 1


# --- meat is a commodity for trade (seed 001 "Fleisch ist die neue Handelsware"; docs/rules.md, Fleisch /
# Autarkie; Cities & Knights) ---

@pytest.mark.parametrize("trades", [True, False])
def test_the_trading_house_trades_meat_two_to_one_as_a_commodity(trades):
    st, params = position(meat_trades_as_commodity=trades)
    from simcore.variants.ck.board import refresh_rates
    st.ck_level[0, 1] = 3                 # trade level 3: the trading house
    refresh_rates(st, 0)
    assert st.trade_rate[0, PAPER] == 2 and st.trade_rate[0, COIN] == 2
    assert st.trade_rate[0, MEAT] == (2 if trades else 4)   # false: today's reading, meat 4:1
    assert st.trade_rate[1, MEAT] == 4                       # no trading house: 4:1


@pytest.mark.parametrize("trades", [True, False])
def test_a_trade_monopoly_may_name_meat(monkeypatch, trades):
    from simcore.variants.ck.progress_board import pick_ok
    from tests.test_ck_progress import C, _play
    st, params = position(meat_trades_as_commodity=trades)
    hand(st, 1, meat=2)
    hand(st, 2, meat=1, coin=1)
    assert pick_ok(st, 0, C["trade_monopoly"], 0, MEAT) == trades
    assert pick_ok(st, 0, C["trade_monopoly"], 0, COIN) and not pick_ok(st, 0, C["trade_monopoly"], 0, GRAIN)
    if trades:
        _play(monkeypatch, st, 0, "trade_monopoly", MEAT)     # 1 from each opponent
        assert st.hand[0, MEAT] == 2 and st.hand[1, MEAT] == 1 and st.hand[2, MEAT] == 0
        assert st.hand[2, COIN] == 1 and conserved(st, params)


@pytest.mark.parametrize("trades", [True, False])
def test_a_commercial_harbor_takes_meat_from_an_opponent_holding_only_meat(monkeypatch, trades):
    from simcore.variants.ck.progress_board import can_play
    from tests.test_ck_progress import C, _give, _play
    st, params = position(meat_trades_as_commodity=trades)
    hand(st, 0, lumber=2)
    hand(st, 1, meat=1)                   # its only commodity
    if not trades:                        # meat is no commodity: nobody has one to give
        assert not can_play(st, 0, _give(st, 0, "commercial_harbor"))
        return
    calls = _play(monkeypatch, st, 0, "commercial_harbor", 1, LUMBER, MEAT)   # trade with player 1: yes
    assert [c[0] for c in calls] == [0, 0, 1]
    assert st.hand[0, MEAT] == 1 and st.hand[0, LUMBER] == 1 and st.hand[1, LUMBER] == 1 and st.hand[1, MEAT] == 0
    assert conserved(st, params)


def test_the_geselle_kind_follows_the_hex_on_ck():
    st, params = position()
    kinds = {h: geselle_kind(st, h) for h in (GRAIN6, LUMBER3, WOOL5, ORE8, BRICK5)}
    assert kinds == {GRAIN6: MEAT, LUMBER3: PAPER, WOOL5: CLOTH, ORE8: COIN, BRICK5: -1}


def test_the_geselle_yields_its_commodity_instead_of_the_knechts_resource():
    st, params = position()
    city(st, 0, 31)                       # lumber 3, wool 5, ore 8
    geselle(st, 0, place(31, ORE8))
    knecht(st, 0, place(31, WOOL5))
    before = st.hand[0].copy()
    roll(st, params, 8)                   # city: ore + coin; Geselle: coin, no ore
    assert st.hand[0, ORE] - before[ORE] == 1 and st.hand[0, COIN] - before[COIN] == 2
    assert st.stats[0, AD.S_GAIN_GESELLE] == 1
    roll(st, params, 5)                   # city: wool + cloth; Knecht: wool
    assert st.hand[0, WOOL] - before[WOOL] == 2 and st.hand[0, CLOTH] - before[CLOTH] == 1
    assert conserved(st, params)


def test_a_geselle_on_hills_yields_nothing():
    st, params = position()
    city(st, 0, 44)                       # brick 5, ore 3, grain 6
    geselle(st, 0, place(44, BRICK5))
    before = st.hand[0].copy()
    roll(st, params, 5)
    assert st.hand[0, BRICK] - before[BRICK] == 2 and (st.hand[0] - before).sum() == 2


# --- the Saboteur ----------------------------------------------------------------------

def test_sabotage_turns_the_geselle_into_a_knecht_until_repaired():
    st, params = position(card_threshold=3)
    city(st, 0, 45)
    g = place(45, GRAIN6)
    geselle(st, 0, g)
    assert st.aut_points[0] == 3 and st.aut_holder == 0
    damage(st, 0, 45)
    assert st.aut_fig[g] == FIG_GESELLE and st.aut_points[0] == 2          # counts as a Knecht: 2 points
    assert st.stats[0, AD.S_AUT_SABOTAGED] == 1
    assert st.aut_holder == -1 and st.stats[0, AD.S_VP_AUTARKIE] == 0      # below the threshold: set aside
    before = st.hand[0].copy()
    roll(st, params, 6)                   # settlement grain + the Knecht's grain, no meat
    assert st.hand[0, GRAIN] - before[GRAIN] == 2 and st.hand[0, MEAT] == before[MEAT]
    assert st.stats[0, AD.S_GAIN_KNECHT] == 1
    hand(st, 0, lumber=1, brick=1)
    step(st, 0, A_CK_REPAIR, 45)
    assert st.aut_points[0] == 3 and st.aut_holder == 0 and st.aut_game[AD.G_AUT_CHANGES] == 1   # taken back
    assert st.stats[0, AD.S_AUT_SABOTAGED] == 1                            # a repair is not counted
    before = st.hand[0].copy()
    roll(st, params, 6)                   # city grain + meat, Geselle meat
    assert st.hand[0, GRAIN] - before[GRAIN] == 1 and st.hand[0, MEAT] - before[MEAT] == 2


def test_sabotage_passes_the_card_to_a_player_with_more_and_a_repair_does_not_win_it_back_on_a_tie():
    st, params = position(card_threshold=3, card_vp=2)
    city(st, 0, 45)
    settle(st, 1, 12)
    geselle(st, 0, place(45, GRAIN6))
    slaves(st, 1, 3)
    assert st.aut_holder == 0                                              # 3 against 3: kept
    vp1 = victory_points(st, 1)
    damage(st, 0, 45)
    assert st.aut_holder == 1 and victory_points(st, 1) == vp1 + 2
    assert st.aut_game[AD.G_AUT_CHANGES] == 1 and st.stats[1, AD.S_AUT_CARD_TAKEN] == 1
    hand(st, 0, lumber=1, brick=1)
    step(st, 0, A_CK_REPAIR, 45)
    assert st.aut_points[0] == 3 and st.aut_holder == 1                    # a tie: the holder keeps it
    slaves(st, 0, 1)
    assert st.aut_holder == 0 and st.aut_game[AD.G_AUT_CHANGES] == 2


def test_a_tie_for_the_most_when_the_holder_falls_behind_sets_the_card_aside():
    st, params = position(card_threshold=3)
    city(st, 0, 45)
    settle(st, 1, 12)
    settle(st, 2, 31)
    geselle(st, 0, place(45, GRAIN6))
    knecht(st, 0, place(45, GRAIN4))      # 5 points
    slaves(st, 1, 5)
    slaves(st, 2, 5)
    assert st.aut_holder == 0             # 5, 5, 5: the first keeps it
    damage(st, 0, 45)                     # 4, 5, 5
    assert st.aut_holder == -1 and st.aut_game[AD.G_AUT_HOLDER] == -1
    assert victory_points(st, 1) == victory_points(st, 2)
    hand(st, 0, lumber=1, brick=1)
    step(st, 0, A_CK_REPAIR, 45)          # 5, 5, 5: nobody has strictly the most
    assert st.aut_holder == -1
    geselle_city = place(45, WOOL11)
    knecht(st, 0, geselle_city)           # 7
    assert st.aut_holder == 0


# --- the barbarians ----------------------------------------------------------------------

def test_pillage_moves_the_geselle_to_the_best_free_place_at_another_city_knechte_stay():
    st, params = position()
    city(st, 0, 45)
    city(st, 0, 31)                       # lumber 3, wool 5, ore 8
    g = place(45, GRAIN6)
    geselle(st, 0, g)
    k = place(45, GRAIN4)
    knecht(st, 0, k)
    knecht(st, 0, place(31, ORE8))        # the best place at 31 is taken
    points = st.aut_points[0]
    lose_city(st, 0, 45)
    assert st.corner_level[45] == 1 and st.aut_fig[g] == 0
    assert st.aut_fig[place(31, WOOL5)] == FIG_GESELLE and st.aut_geselle_at[0] == place(31, WOOL5)
    assert st.aut_fig[k] == FIG_KNECHT and st.aut_knechte[0] == 2               # the Knecht stays
    assert st.aut_points[0] == points and st.aut_geselle[0] == 1
    assert st.stats[0, AD.S_AUT_GESELLE_MOVED] == 1 and st.stats[0, AD.S_AUT_GESELLE_REMOVED] == 0


def test_pillage_removes_the_geselle_without_another_city_never_back_to_a_knecht():
    st, params = position(card_threshold=3)
    city(st, 0, 45)
    settle(st, 0, 31)                     # a settlement is no place for the Geselle
    g = place(45, GRAIN6)
    geselle(st, 0, g)
    assert st.aut_holder == 0
    lose_city(st, 0, 45)
    assert st.aut_fig[g] == 0 and st.aut_geselle[0] == 0 and st.aut_geselle_at[0] == -1
    assert st.aut_knechte[0] == 0 and st.aut_points[0] == 0 and st.aut_holder == -1
    assert chips_left(st, params, 0) == 5                                         # the chips are back
    assert st.stats[0, AD.S_AUT_GESELLE_REMOVED] == 1 and st.stats[0, AD.S_AUT_GESELLE_MOVED] == 0


def test_relocation_remove_removes_the_geselle_even_with_a_free_city():
    st, params = position(relocation="remove")
    city(st, 0, 45)
    city(st, 0, 31)
    geselle(st, 0, place(45, GRAIN6))
    lose_city(st, 0, 45)
    assert st.aut_geselle[0] == 0 and not (st.aut_fig == FIG_GESELLE).any()


def test_a_city_lost_entirely_moves_its_knechte_to_free_places_or_removes_them():
    st, params = position(small_chips=5)
    city(st, 0, 45)                       # three places: grain 6, grain 4, wool 11
    settle(st, 0, 12)                     # grain 12, ore 10, brick 6: two free places after one Knecht
    knecht(st, 0, place(12, ORE10))
    for h in (GRAIN6, GRAIN4, WOOL11):
        knecht(st, 0, place(45, h))
    st.pieces[0, PIECE_SETTLEMENT] = 0   # no settlement left to replace the city
    lost = lose_city(st, 0, 45)
    assert lost == 1 and st.corner_owner[45] == -1
    assert not st.aut_fig[3 * 45:3 * 45 + 3].any()
    assert st.aut_fig[place(12, BRICK6)] == FIG_KNECHT                           # 5 pips first
    assert st.aut_fig[place(12, GRAIN12)] == FIG_KNECHT
    assert st.aut_knechte[0] == 3 and st.aut_points[0] == 6                      # one removed, its chip back
    assert st.aut_slaves[0] + st.aut_knechte[0] <= 5
    assert st.stats[0, AD.S_AUT_KNECHT_MOVED] == 2 and st.stats[0, AD.S_AUT_KNECHT_REMOVED] == 1


@pytest.mark.parametrize("substrate,ruleset", [("ck", "base"), ("base", "ck")])
def test_the_substrate_must_be_the_rule_set(substrate, ruleset):
    from simcore.engine.errors import ScenarioError
    from simcore.variants.autarkie import check_autarkie
    variants = {"autarkie": Autarkie(substrate=substrate)}
    if ruleset == "ck":
        variants["ck"] = CitiesKnights()
    scenario = Scenario(name="t", rules=Rules(players=4, ruleset=ruleset, variants=variants))
    with pytest.raises(ScenarioError):
        check_autarkie(scenario)


def test_the_state_packs_the_relocation():
    assert ck_aut_params(relocation="remove")[AD.P_AUT_RELOCATION] == 1
    assert ck_aut_params()[AD.P_AUT_RELOCATION] == 0
    assert np.all(position()[0].aut_geselle_at == -1)


# --- scenarios and bad input ---------------------------------------------------------------

AUT_CK = """\
name = "autck"
description = "test scenario"
games = 4
seed = 3
players = 4
seats = ["greedy", "autarkist", "random", "science"]
ruleset = "ck"
[variants.autarkie]
substrate = "ck"
"""

BAD = [
    ('relocation = "back"', ['variants.autarkie.relocation: unknown value "back"', 'allowed: "best" or "remove"']),
    ("knecht_cost = { meat = -2 }", ["variants.autarkie.knecht_cost.meat: -2 is out of range"]),
    ("card_threshold = 0", ["variants.autarkie.card_threshold: 0 is out of range"]),
]


@pytest.mark.parametrize("line,fragments", BAD, ids=[b[0] for b in BAD])
def test_bad_input_on_ck_is_one_line_naming_file_key_and_allowed_values(scenario_file, line, fragments):
    from typer.testing import CliRunner
    from cli import app
    from tests.test_cli import assert_bad_input
    path = scenario_file(AUT_CK + line + "\n")
    result = CliRunner().invoke(app, ["run", str(path), "-n", "1", "--no-report", "-q"])
    assert_bad_input(result, str(path), *fragments)


def test_the_base_substrate_under_ruleset_ck_is_refused_in_one_line(scenario_file):
    from typer.testing import CliRunner
    from cli import app
    from tests.test_cli import assert_bad_input
    path = scenario_file(AUT_CK.replace('substrate = "ck"', 'substrate = "base"'))
    result = CliRunner().invoke(app, ["run", str(path), "-n", "1", "--no-report", "-q"])
    assert_bad_input(result, str(path), 'variants.autarkie.substrate: "base" while ruleset = "ck"',
                     'allowed: "ck" with ruleset = "ck"')


def test_the_ck_scenarios_load_and_the_rules_page_documents_them():
    from simcore.run import sweep
    from simcore.run.config import SCENARIO_DIR, load_scenario
    for name in ("autarkie", "sweep-autarkie"):
        s = load_scenario(SCENARIO_DIR / f"{name}.toml")
        v = s.rules.variants["autarkie"]
        assert s.rules.ruleset == "ck" and v.substrate == "ck" and "autarkist" in [seat.policy for seat in s.seats]
    assert len(sweep.plan("sweep-autarkie").settings) == 8
    rules = (SCENARIO_DIR.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    section = rules.split("\n## Fleisch / Autarkie\n", 1)[1].split("\n## ", 1)[0]
    for f in ("relocation", "autarkie", "sweep-autarkie", "aut_relocate", "aut_sabotage", "city_changed"):
        assert f"`{f}`" in section, f


def test_whole_games_on_ck_sabotage_move_and_remove_figures():
    """Frequent barbarians and Saboteurs, three autarkists: the replay log shows the Geselle
    sabotaged and repaired, moved and removed (the invariants: test_autarkie_games)."""
    from collections import Counter

    from policies.registry import resolve
    from simcore.engine import params as P
    from simcore.run.replay import replay_events
    from simcore.run.seeds import game_seeds
    deck = {**CitiesKnights().progress_deck, "saboteur": 12}
    params = ck_aut_params(ck={"barbarian_steps": 3, "progress_deck": deck}, card_threshold=4)
    params[P.P_LAYOUT] = P.LAYOUT_RANDOM
    resolved = [resolve(name) for name in ("autarkist", "autarkist", "random", "autarkist")]
    kinds = np.array([k for k, _ in resolved], np.int64)
    weights = np.array([w for _, w in resolved])
    weights[:, W_CK_PLAN] = 0.0   # no barbarian planning: cities fall, and figures with them, often enough
    seeds = game_seeds(11, 0, 60)
    seen = Counter()
    wanted = {("geselle", "moved"), ("geselle", "removed"), ("sabotage", 1), ("sabotage", 0)}
    for i in range(60):
        for e in replay_events(params, kinds, weights, i, seeds[i]):
            if e["type"] == "aut_relocate":
                seen[(e["figure"], "moved" if e["to_place"] >= 0 else "removed")] += 1
            elif e["type"] == "aut_sabotage":
                seen[("sabotage", e["damaged"])] += 1
        if wanted <= set(seen):
            break
    # a city lost entirely (all five settlements on the board) is rarer: Knechte moving or
    # removed are tested on built positions above
    assert wanted <= set(seen), seen


# --- the builder's Geselle (policies/variants/autarkie/builder.py, weight aut_geselle) -----------------

def test_the_builder_values_the_geselle_at_a_city_on_a_commodity_hex_with_aut_geselle():
    from policies.variants.autarkie import builder as B
    from policies.registry import resolve
    st, params = position()
    city(st, 0, 31)                       # lumber 3, wool 5, ore 8
    city(st, 0, 44)                       # brick 5 (no commodity), ore 3, grain 6
    settle(st, 0, 12)                     # grain 12, ore 10, brick 6: no Geselle at a settlement
    w = resolve("autarkist")[1]
    off = w.copy()
    off[AD.W_AUT_GESELLE] = 0.0
    assert w[AD.W_AUT_GESELLE] > 0
    rolls = 30.0
    ore8, brick5, ore10 = place(31, ORE8), place(44, BRICK5), place(12, ORE10)
    assert B.knecht_value(st, 0, ore8, w, rolls) > B.knecht_value(st, 0, ore8, off, rolls)      # a future Geselle
    assert B.knecht_value(st, 0, brick5, w, rolls) == B.knecht_value(st, 0, brick5, off, rolls)  # hills: none
    assert B.knecht_value(st, 0, ore10, w, rolls) == B.knecht_value(st, 0, ore10, off, rolls)    # a settlement
    for g in (ore8, brick5, ore10, place(31, LUMBER3)):
        knecht(st, 0, g)
    value, where = B.best_place(st, 0, w, rolls, True)
    assert where == ore8                  # the city's commodity hex with the most pips
    assert value == pytest.approx(B.best_place(st, 0, off, rolls, True)[0] + B.geselle_bonus(st, ore8, w, rolls))
    damage(st, 0, 31)                     # a Geselle at a damaged city would count as a Knecht
    assert B.best_place(st, 0, w, rolls, True)[1] not in (ore8, place(31, LUMBER3))
    geselle(st, 0, place(44, ORE3))
    assert B.best_place(st, 0, w, rolls, True) == (0.0, -1)                               # one Geselle only
    assert B.knecht_value(st, 0, place(31, WOOL5), w, rolls) == B.knecht_value(st, 0, place(31, WOOL5), off, rolls)
