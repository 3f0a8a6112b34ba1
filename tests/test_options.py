"""Every option of every rule set in play (issue 30): the declarations' options, the run summary's
line naming those no game used, in the terminal and the report."""
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from cli import app
from reports.options import OptionTally, in_force, line
from reports.summary import format_table, summarize
from simcore.engine import records
from simcore.engine.variant import REGISTRY
from simcore.run.config import load_scenario
from tests.conftest import SMALL

GB_TOML = SMALL + "[variants.grundbesitz]\n"


def _games(n, players=4, **seat_values):
    """n games, seat 0 winning; seat columns (suffix -> value per game) at every seat."""
    df = pd.DataFrame({"winner_seat": [0] * n, "turns": [60] * n})
    for k in range(players):
        df[f"seat{k}_spec"] = [k] * n
        for column, values in seat_values.items():
            df[f"seat{k}_{column}"] = values
    return df


def _gb_columns(n, used=()):
    v = REGISTRY["grundbesitz"]
    return {c: [1 if c in used else 0] * n for _, counts, *_ in v.options for c in counts}


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_declared_option_counts_a_record_column(name):
    v = REGISTRY[name]
    assert v.options, f"{name} declares no options"
    for option, counts, *when in v.options:
        for spec in counts:
            column = spec.partition("=")[0]
            assert column in records.SEAT_COLUMNS or column in records.GAME_COLUMNS, (name, option, column)
        for key in (when[0] if when else {}):
            assert key in v.rules.__dataclass_fields__, (name, option, key)


def test_an_option_no_game_used_is_listed(scenario_file):
    scenario = load_scenario(scenario_file(GB_TOML))
    df = _games(3, **_gb_columns(3, used=("gb_bought", "gb_markers_robber")))
    df.loc[1, "seat2_gb_follow_strike"] = 2          # one use, in one game, at one seat
    summary = summarize(df, scenario)
    gb = summary["options"]["grundbesitz"]
    assert gb["uses"]["buy a Grundbesitz"] == 12 and gb["uses"]["after a defence: strike back"] == 2
    assert "knight block" in gb["never"] and "response block" in gb["never"]
    assert "buy a Grundbesitz" not in gb["never"] and "robber block" not in gb["never"]
    text = format_table(summary).splitlines()[-1]
    assert text.startswith("Grundbesitz: options never used in 3 games: response block, knight block, ")
    listed = text.split(" games: ")[1].split(", ")
    assert "after a defence: strike back" not in listed and "robber block" not in listed
    assert "defend a robber block" in listed


def test_every_option_used_says_so_and_streaming_agrees(scenario_file):
    scenario = load_scenario(scenario_file(GB_TOML))
    df = _games(4, **_gb_columns(4, used=[c for _, counts, *_ in REGISTRY["grundbesitz"].options for c in counts]))
    one = OptionTally(scenario).add(df).result()
    streamed = OptionTally(scenario).add(df.iloc[:1]).merge(OptionTally(scenario).add(df.iloc[1:])).result()
    assert one == streamed
    assert line("grundbesitz", one["grundbesitz"]) == "Grundbesitz: every option used at least once in 4 games"


def test_options_follow_the_rules_in_force(scenario_file):
    off = load_scenario(scenario_file(GB_TOML + "defence = false\nmajority_free_removal = false\n"))
    names = [o for o, _ in dict(in_force(off))["grundbesitz"]]
    assert "buy a Grundbesitz" in names and "knight removal" in names
    assert not any(o.startswith("defend") or o.startswith("after a defence") for o in names)
    assert "free removal" not in names
    base = load_scenario(scenario_file(SMALL))
    assert in_force(base) == [] and "options" not in summarize(_games(2), base)


def test_a_run_prints_and_reports_its_unused_options(scenario_file, tmp_path):
    out = tmp_path / "o"
    result = CliRunner().invoke(app, ["run", str(scenario_file(GB_TOML.replace("games = 24", "games = 12"))),
                                      "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    said = [x for x in result.stdout.splitlines() if x.startswith("Grundbesitz: ")]
    assert len(said) == 1 and " in 12 games" in said[0]
    summary = json.loads((out / "summary.json").read_text())
    gb = summary["options"]["grundbesitz"]
    assert gb["games"] == 12 and gb["uses"]["buy a Grundbesitz"] > 0
    assert said[0] in (out / "report.md").read_text()
