"""[variants.robin_hood]: defaults, packing, overrides, every bad input as one line
(exit 2 on the command line); the summary, the CLI run and the replay of the mode."""
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from cli import app
from reports.variants.robin_hood import RobinTally, format_robin
from reports.summary import Tally, format_table, summarize, wilson
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.run.config import SCENARIO_DIR, load_scenario, pack_policies, pack_rules
from simcore.variants.robin_hood import ENDING_ENCLOSURE, ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET
from simcore.run.runner import replay
from tests.robin_positions import robin_params
from tests.test_cli import assert_bad_input
from tests.test_config import assert_one_clear_error
from simcore.variants import robin_hood as RH

ROBIN = """\
name = "rh"
description = "test scenario"
games = 8
seed = 3
players = 1
seats = ["sheriff-greedy", "sheriff-warden"]
[variants.robin_hood]
"""


def test_the_shipped_scenario_packs_the_defaults():
    s = load_scenario(SCENARIO_DIR / "robin-hood.toml")
    packed = pack_rules(s)
    expected = robin_params()
    assert (packed[RH.P_ROBIN:RH.P_ROBIN_PIECE_SETS + 1] == expected[RH.P_ROBIN:RH.P_ROBIN_PIECE_SETS + 1]).all()
    assert packed[P.P_PLAYERS] == 1 and packed[P.P_SEAT_SPECS] == 2
    kinds, weights = pack_policies(s)
    assert kinds.shape == (2,) and weights.shape[0] == 2


def test_an_empty_table_turns_the_mode_on_with_the_rules_defaults(scenario_file):
    s = load_scenario(scenario_file(ROBIN))
    v = s.rules.variants["robin_hood"]
    assert (v.neutral_settlements, v.deck_mode, v.steals_per_seven, v.discard_on_seven, v.enclosure,
            v.sheriff_piece_sets) == (5, "deck", 1, True, "hex", 2)
    assert v.deck == {"lumber": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1, "knight": 1}
    assert v.target_vp == {"robin": 15, "sheriff": 15}


def test_table_values_override_single_names_and_keep_the_rest(scenario_file):
    s = load_scenario(scenario_file(ROBIN + "deck = { ore = 0, knight = 2 }\n"),
                      ["variants.robin_hood.target_vp.sheriff=12", "variants.robin_hood.deck.lumber=3"])
    v = s.rules.variants["robin_hood"]
    assert v.deck == {"lumber": 3, "brick": 1, "wool": 1, "grain": 1, "ore": 0, "knight": 2}
    assert v.target_vp == {"robin": 15, "sheriff": 12}
    packed = pack_rules(s)
    assert packed[RH.P_ROBIN_DECK:RH.P_ROBIN_DECK + 6].tolist() == [3, 1, 1, 1, 0, 2]
    assert packed[RH.P_ROBIN_TARGET:RH.P_ROBIN_TARGET + 2].tolist() == [15, 12]


def test_one_sheriff_needs_no_seat_spec_slot(scenario_file):
    s = load_scenario(scenario_file(ROBIN), ['seats=["random"]', "rotate_seats=false"])
    assert pack_rules(s)[P.P_SEAT_SPECS] == 0


RULE_ERRORS = [
    (ROBIN + "deck = { lumber = 0, brick = 0, wool = 0, grain = 0, ore = 0, knight = 0 }\n", [],
     "FILE: variants.robin_hood.deck", "0 in all is too few"),
    (ROBIN + "deck = { knight = -1 }\n", [], "FILE: variants.robin_hood.deck.knight", "-1 is out of range"),
    (ROBIN + "deck = { knight = 11 }\n", [], "FILE: variants.robin_hood.deck.knight", "11 is out of range"),
    (ROBIN + "deck = { knigt = 2 }\n", [], "FILE: variants.robin_hood.deck.knigt", "unknown name (did you mean knight?)"),
    (ROBIN + "deck = { knight = 1.5 }\n", [], "FILE: variants.robin_hood.deck.knight", "expected an integer, got 1.5"),
    (ROBIN + "deck = 6\n", [], "FILE: variants.robin_hood.deck", "expected a table, got 6"),
    (ROBIN + "target_vp = { robin = 0 }\n", [], "FILE: variants.robin_hood.target_vp.robin", "0 is out of range"),
    (ROBIN, ["variants.robin_hood.target_vp.sheriff=0"], "--set: variants.robin_hood.target_vp.sheriff",
     "0 is out of range"),
    (ROBIN, ["variants.robin_hood.deck.knigt=2"], "--set: variants.robin_hood.deck.knigt",
     "unknown key (did you mean variants.robin_hood.deck.knight?)"),
    (ROBIN + "neutral_settlements = 13\n", [], "FILE: variants.robin_hood.neutral_settlements",
     "13 is out of range; allowed: an integer from 0 to 12 (more would not surely leave room"),
    (ROBIN + "neutral_settlements = -1\n", [], "FILE: variants.robin_hood.neutral_settlements", "-1 is out of range"),
    (ROBIN + "deck_mode = 'cards'\n", [], "FILE: variants.robin_hood.deck_mode", 'unknown value "cards"'),
    (ROBIN + "enclosure = 'region'\n", [], "FILE: variants.robin_hood.enclosure", 'unknown value "region"'),
    (ROBIN + "steals_per_seven = -1\n", [], "FILE: variants.robin_hood.steals_per_seven", "-1 is out of range"),
    (ROBIN + "sheriff_piece_sets = 0\n", [], "FILE: variants.robin_hood.sheriff_piece_sets", "0 is out of range"),
    (ROBIN + "discard_on_seven = 'yes'\n", [], "FILE: variants.robin_hood.discard_on_seven",
     'expected true or false, got "yes"'),
    (ROBIN + "robin = 1\n", [], "FILE: variants.robin_hood.robin", "unknown key"),
    (ROBIN, ["players=4"], "--set: players", "4 is not allowed with [variants.robin_hood]; allowed: 1"),
    (ROBIN.replace("[variants.robin_hood]\n", ""), [], "FILE: players",
     "1 needs a one-player variant; allowed: 3 or 4 (1 with [variants.robin_hood])"),
    (ROBIN, ["players=2"], "--set: players", "2 is out of range; allowed: 3 or 4"),
    (ROBIN, ["victory_points=12"], "--set: victory_points",
     "is not used with [variants.robin_hood]; allowed: 10 (the default); set variants.robin_hood.target_vp.sheriff"),
    (ROBIN, ["rotate_seats=false"], "--set: rotate_seats", "false leaves seats 1..1 unplayed"),
    (ROBIN, ["seats=[]"], "--set: seats", "expected a non-empty array"),
]


@pytest.mark.parametrize("text, sets, where, what", RULE_ERRORS)
def test_bad_robin_hood_input_is_one_clear_error(scenario_file, text, sets, where, what):
    assert_one_clear_error(scenario_file(text), sets, where, what)


@pytest.mark.parametrize("text, sets, where, what", RULE_ERRORS[:4] + RULE_ERRORS[6:7] + RULE_ERRORS[9:10])
def test_bad_robin_hood_input_exits_2_on_the_command_line(scenario_file, tmp_path, text, sets, where, what):
    args = [a for s in sets for a in ("--set", s)]
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["run", str(scenario_file(text)), "--out", str(out), *args])
    assert_bad_input(result, what)
    assert not out.exists()


# --- summary, CLI, replay ---------------------------------------------------------------

def _robin_games(sides, endings, specs):
    n = len(sides)
    return pd.DataFrame({"winner_seat": [0 if s == 1 else -1 for s in sides], "turns": [50] * n,
                         "seat0_spec": specs, "robin_winner": sides, "robin_ending": endings,
                         "robin_vp": [15 if e == 1 else 8 for e in endings], "robin_sheriff_vp": [9] * n})


def test_robin_summary_counts_sides_and_endings_per_sheriff(scenario_file):
    s = load_scenario(scenario_file(ROBIN))
    df = _robin_games([1, 2, 1, 0, 2], [ENDING_SHERIFF_TARGET, ENDING_ROBIN_TARGET, ENDING_ENCLOSURE,
                                        ENDING_ENCLOSURE, ENDING_ROBIN_TARGET], [0, 1, 0, 1, 0])
    summary = summarize(df, s)
    robin = summary["robin_hood"]
    assert robin["games"] == 5
    assert robin["sheriff"]["wins"] == 2 and robin["sheriff"]["ci95"] == [round(x, 6) for x in wilson(2, 5)]
    assert robin["robin"]["wins"] == 2 and robin["draws"] == {"games": 1, "share": 0.2}
    assert robin["endings"]["enclosure"] == {"games": 2, "share": 0.4}
    assert robin["endings"]["max_turns"]["games"] == 0
    greedy, warden = robin["sheriffs"]
    assert (greedy["label"], greedy["games"], greedy["sheriff"]["wins"]) == ("sheriff-greedy", 3, 2)
    assert (warden["games"], warden["sheriff"]["wins"], warden["draws"]["games"]) == (2, 0, 1)
    assert [e["games"] for e in summary["specs"]] == [3, 2]      # the Sheriffs took turns
    assert [e["wins"] for e in summary["specs"]] == [2, 0]
    streamed = RobinTally(s).add(df.iloc[:2]).add(df.iloc[2:]).result()
    assert streamed == robin
    text = format_table(summary)
    assert text.startswith(format_robin(summary))     # then the Sheriff's options never used (reports.options)
    assert text.splitlines()[-1].startswith("Robin Hood: options never used in 5 games: play a knight")
    assert "enclose Robin" not in text.splitlines()[-1]     # 2 games ended by the enclosure
    assert "sheriff-greedy" in text and "sheriff-warden" in text and "enclosure" in text and "40.0%" in text


def test_run_robin_hood_reports_both_sheriffs(tmp_path):
    result = CliRunner().invoke(app, ["run", "robin-hood", "--games", "40", "--out", str(tmp_path / "o"), "-q"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("robin-hood: 40 games, the Sheriff against Robin Hood")
    for word in ("sheriff-greedy", "sheriff-warden", "robin_target", "sheriff_target", "enclosure", "95% CI"):
        assert word in result.stdout
    games = pd.read_csv(tmp_path / "o" / "games.csv")
    assert games["seat0_policy"].tolist() == ["sheriff-greedy", "sheriff-warden"] * 20
    assert (games["seat1_spec"].isna()).all()
    assert set(games["robin_ending"]) <= {1, 2, 3}
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["robin_hood"]["games"] == 40 and len(summary["robin_hood"]["sheriffs"]) == 2


def test_base_games_have_no_robin_columns(tmp_path):
    result = CliRunner().invoke(app, ["run", "base", "--games", "6", "--out", str(tmp_path / "o"), "-q"])
    assert result.exit_code == 0
    games = pd.read_csv(tmp_path / "o" / "games.csv")
    assert not [c for c in games.columns if c.startswith("robin_")]   # a variant that is off writes no column
    assert "winner_seat" in games.columns
    assert "robin_hood" not in json.loads((tmp_path / "o" / "summary.json").read_text())


def test_a_robin_replay_logs_the_mode(tmp_path):
    s = load_scenario(SCENARIO_DIR / "robin-hood.toml")
    _, events = replay(s, 3)
    kinds = {e["type"] for e in events}
    assert {"neutral_settlement", "robin_draw", "robin_move", "robin_game_end", "game_end"} <= kinds
    end = [e for e in events if e["type"] == "robin_game_end"][0]
    assert end["side"] in ("sheriff", "robin", "draw") and end["ending"] in ("robin_target", "sheriff_target",
                                                                             "enclosure", "max_turns")
    draws = [e for e in events if e["type"] == "robin_draw"]
    assert all(d["card"] in ("lumber", "brick", "wool", "grain", "ore", "knight") for d in draws)
    assert all(len(e["hands"]) == 1 for e in events)
    assert events[-1]["type"] == "game_end"


def test_a_robin_run_resumes_and_splits_across_jobs_to_the_same_bytes(tmp_path):
    from simcore.run import runner
    s = load_scenario(SCENARIO_DIR / "robin-hood.toml", ["games=14"])
    full = runner.run(s, tmp_path / "full", Tally, progress=False, chunk_games=5)
    runner.run(s, tmp_path / "two", Tally, jobs=2, progress=False, chunk_games=5)
    out = tmp_path / "resumed"
    runner.run(s, out, Tally, progress=False, chunk_games=5)
    data = (out / "games.csv").read_bytes()
    (out / "games.csv").unlink()
    (out / "summary.json").unlink()
    (out / "games.csv.part").write_bytes(data[:len(b"".join(data.splitlines(keepends=True)[:8])) + 7])
    assert runner.run(s, out, Tally, resume=True, progress=False, chunk_games=4) == full
    for name in ("games.csv", "summary.json"):
        assert (out / name).read_bytes() == (tmp_path / "full" / name).read_bytes()
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "full" / name).read_bytes()
    assert full["robin_hood"]["games"] == 14


def test_the_rules_page_robin_hood_example_loads(tmp_path):
    rules = (SCENARIO_DIR.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    example = rules.split("\n## Robin Hood\n", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "rh.toml").write_text(example, encoding="utf-8")
    s = load_scenario(tmp_path / "rh.toml")
    assert s.players == 1 and [seat.policy for seat in s.seats] == ["sheriff-greedy", "sheriff-warden"]
    assert s.rules.variants == load_scenario(SCENARIO_DIR / "robin-hood.toml").rules.variants
