"""[variants.autarkie]: defaults, packing, the shipped scenarios, every bad input as one
line naming file, key and what is allowed (exit 2), and a small run and replay."""
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from cli import app
from policies.presets import PRESETS
from simcore.engine import params as P
from simcore.engine.cards import commodity_slots
from simcore.run.config import SCENARIO_DIR, load_scenario, pack_rules
from simcore.variants import autarkie as AD
from tests.test_cli import assert_bad_input

cli = CliRunner()

AUT = """\
name = "aut"
description = "test scenario"
games = 12
seed = 3
players = 4
seats = ["greedy", "autarkist", "random", "devcards"]
[variants.autarkie]
"""


def test_an_empty_table_plays_the_seeds_defaults(scenario_file):
    s = load_scenario(scenario_file(AUT))
    v = s.rules.variants["autarkie"]
    assert (v.substrate, v.points, v.max_points, v.small_chips, v.card_threshold, v.card_vp, v.meat_supply) == \
        ("base", (1, 2, 3), 13, 5, 5, 2, 12)
    for cost in (v.slave_cost, v.knecht_cost, v.geselle_cost):
        assert cost == {"lumber": 0, "brick": 0, "wool": 0, "grain": 1, "ore": 0, "meat": 1}
    packed = pack_rules(s)
    assert packed[AD.P_AUT_ON] == 1 and list(packed[AD.P_AUT_POINTS:AD.P_AUT_POINTS + 3]) == [1, 2, 3]
    slot = commodity_slots()["meat"]
    assert packed[P.P_KIND_SUPPLY + slot] == 12 and packed[P.P_KIND_RATE + slot] == 4      # meat: 12 cards, 4:1
    assert list(packed[AD.P_AUT_KNECHT_COST:AD.P_AUT_KNECHT_COST + 6]) == [0, 0, 0, 1, 0, 1]


def test_the_shipped_scenarios_load():
    for name in ("autarkie-base", "sweep-autarkie-base"):
        s = load_scenario(SCENARIO_DIR / f"{name}.toml")
        assert "autarkie" in s.rules.variants and "autarkist" in [seat.policy for seat in s.seats]
    assert "autarkist" in PRESETS


BAD = [
    ("points = [1, 3, 2]", ["variants.autarkie.points: [1, 3, 2] is not increasing", "allowed: an array of 3"]),
    ("points = [1, 2]", ["variants.autarkie.points: 2 values, not 3"]),
    ("max_points = 12", ["variants.autarkie.max_points: 12 is not what the chips allow", "allowed: 13"]),
    ("small_chips = 4", ["variants.autarkie.max_points: 13 is not what the chips allow", "allowed: 11"]),
    ("card_threshold = 0", ["variants.autarkie.card_threshold: 0 is out of range", "allowed: an integer from 1"]),
    ("card_threshold = 14", ["variants.autarkie.card_threshold: 14 is above max_points",
                             "allowed: an integer from 1 to 13"]),
    ('substrate = "ck"', ['variants.autarkie.substrate: needs ruleset = "ck"']),
    ('substrate = "seafarers"', ['variants.autarkie.substrate: unknown value "seafarers"', 'allowed: "base" or "ck"']),
    ("slave_cost = { grain = -1 }", ["variants.autarkie.slave_cost.grain: -1 is out of range",
                                     "allowed: an integer from 0 to 20"]),
    ("geselle_cost = { beer = 1 }", ["variants.autarkie.geselle_cost.beer: unknown name"]),
    ("meat_supply = -3", ["variants.autarkie.meat_supply: -3 is out of range"]),
    ("card_vp = true", ["variants.autarkie.card_vp: expected an integer, got true"]),
]


@pytest.mark.parametrize("line,fragments", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_naming_file_key_and_allowed_values(scenario_file, line, fragments):
    path = scenario_file(AUT + line + "\n")
    result = cli.invoke(app, ["run", str(path), "-n", "1", "--no-report", "-q"])
    assert_bad_input(result, str(path), *fragments)


def test_bad_input_through_set(scenario_file):
    path = scenario_file(AUT)
    result = cli.invoke(app, ["run", str(path), "--set", "variants.autarkie.card_threshold=0", "--no-report", "-q"])
    assert_bad_input(result, "--set", "variants.autarkie.card_threshold: 0 is out of range")


def test_a_run_writes_the_columns_and_a_replay_logs_the_events(scenario_file, tmp_path):
    path = scenario_file(AUT.replace("[variants.autarkie]", "[variants.autarkie]\ncard_threshold = 3"))
    out = tmp_path / "out"
    result = cli.invoke(app, ["run", str(path), "-q", "--no-report", "-o", str(out)])
    assert result.exit_code == 0, result.output
    games = pd.read_csv(out / "games.csv")
    for c in ("aut_holder", "aut_changes", "aut_first_turn", "seat0_aut_points", "seat1_gain_knecht",
              "seat2_spend_autarkie", "seat3_aut_card_turns", "seat0_vp_autarkie"):
        assert c in games.columns
    assert games[[f"seat{s}_aut_points" for s in range(4)]].to_numpy().max() > 0
    log = tmp_path / "g.jsonl"
    result = cli.invoke(app, ["replay", str(path), "--game", "0", "--log", str(log)])
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()]
    types = {e["type"] for e in events}
    assert {"aut_slave", "aut_knecht", "aut_card"} <= types
    assert any(e["type"] == "payout" and e["res"] == "meat" for e in events)
    for e in events:
        if e["type"] == "aut_yield":
            assert e["figure"] in ("knecht", "geselle") and e["res"] in ("lumber", "brick", "wool", "grain", "ore",
                                                                          "meat")


def test_the_sweep_plans_its_grid_and_the_docs_document_it():
    from simcore.run import sweep
    assert len(sweep.plan("sweep-autarkie-base").settings) == 8
    readme = (SCENARIO_DIR.parent / "README.md").read_text(encoding="utf-8")
    rules = (SCENARIO_DIR.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    section = rules.split("\n## Fleisch / Autarkie\n", 1)[1].split("\n## ", 1)[0]
    for f in ("substrate", "points", "max_points", "small_chips", "card_threshold", "card_vp", "meat_supply",
              "slave_cost", "knecht_cost", "geselle_cost", "autarkist", "aut_card", "aut_income", "aut_trade",
              "aut_geselle", "aut_geselle_moved", "aut_geselle_removed", "aut_knecht_moved", "aut_knecht_removed",
              "aut_sabotaged"):
        assert f"`{f}`" in section, f
    assert "`sweep-autarkie-base`" in readme


def test_the_rules_page_table_loads(scenario_file):
    rules = (SCENARIO_DIR.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    example = rules.split("\n## Fleisch / Autarkie\n", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    s = load_scenario(scenario_file(AUT.replace("[variants.autarkie]\n", "") + example))
    assert s.rules.variants["autarkie"].max_points == 13
