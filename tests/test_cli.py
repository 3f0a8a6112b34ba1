"""The command line: bad input is one line and exit 2 with --out untouched; commands work."""
import json

import pytest
from typer.testing import CliRunner

from cli import app
from tests.conftest import SMALL

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

cli = CliRunner()


def invoke(*args):
    return cli.invoke(app, [str(a) for a in args])


def report_again(results, copy):
    """Copy the results directory `results` to `copy`, delete its report (report.html, report.md,
    charts/, tables/) and write it again with `catan-balance report`; returns the copy."""
    import shutil
    shutil.copytree(results, copy)
    for name in ("report.html", "report.md"):
        (copy / name).unlink()
    shutil.rmtree(copy / "charts")
    shutil.rmtree(copy / "tables")
    result = invoke("report", copy)
    assert result.exit_code == 0, result.output
    return copy


def assert_bad_input(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
    for fragment in fragments:
        assert fragment in lines[0]


# (scenario text, extra arguments, fragments of the one error line)
BAD = [
    (SMALL + "victory_point = 10\n", [], ["victory_point: unknown key", "allowed:"]),
    (SMALL + "victory_points = true\n", [], ["victory_points: expected an integer, got true"]),
    (SMALL + "[bank]\nresource_supply = 0\n", [], ["bank.resource_supply: 0 is out of range"]),
    (SMALL, ["--set", "players=3"], ["seats: 4 seats for 3 players"]),
    (SMALL.replace('"roads"', '"road"'), [], ["seats[1].policy: unknown policy", "allowed: random, greedy"]),
    (SMALL.replace('"roads"', "{ policy = 'roads', weights = { pip = 1 } }"), [],
     ["seats[1].weights.pip: unknown weight (did you mean pips?)"]),
    (SMALL.replace('"roads"', "{ policy = 'roads', weights = { pips = [1] } }"), [],
     ["seats[1].weights.pips: expected a number"]),
    (SMALL, ["--set", "trade.domestic=1"], ["--set: trade.domestic: expected true or false, got 1"]),
    (SMALL + "[variants.robin]\n", [], ["variants.robin: unknown variant (did you mean robin_hood?)"]),
    (SMALL + "[variants.ckk]\n", [], ['variants.ckk: unknown variant (did you mean ruleset = "ck"?); '
                                       "allowed: grundbesitz, robin_hood, autarkie"]),
    (SMALL + "[variants.ck]\n", [], ["variants.ck: ck is a rule set, not a variant", 'ruleset = "ck"']),
    (SMALL, ["--resume", "--force"], ["--resume and --force: choose one"]),
    (SMALL + "players = [\n", [], ["not valid TOML"]),
    (SMALL, ["--set", "victory_points"], ["--set: 'victory_points': expected key=value"]),
    (SMALL, ["--set", "board.layout=hexagonal"], ['--set: board.layout: unknown value "hexagonal"']),
    (SMALL, ["--games", "0"], ["--games"]),
    (SMALL, ["--games", "many"], ["--games"]),
    (SMALL, ["--seed", "-3"], ["--seed"]),
    (SMALL, ["--jobs", "0"], ["--jobs"]),
    (SMALL, ["--no-such-flag"], ["--no-such-flag"]),
]


@pytest.mark.parametrize("text, extra, fragments", BAD)
def test_bad_input_is_one_line_exit_2_and_out_untouched(scenario_file, tmp_path, text, extra, fragments):
    out = tmp_path / "out"
    assert_bad_input(invoke("run", scenario_file(text), "--out", out, *extra), *fragments)
    assert not out.exists()
    # an existing output directory is not touched either
    out.mkdir()
    (out / "games.csv").write_text("keep me")
    assert_bad_input(invoke("run", scenario_file(text), "--out", out, *extra), *fragments)
    assert [p.name for p in out.iterdir()] == ["games.csv"] and (out / "games.csv").read_text() == "keep me"


def test_out_must_be_a_directory(scenario_file, tmp_path):
    (tmp_path / "file").write_text("x")
    assert_bad_input(invoke("run", scenario_file(), "--out", tmp_path / "file"), "is a file, not a directory")
    assert (tmp_path / "file").read_text() == "x"


def test_unknown_scenario_name(tmp_path):
    assert_bad_input(invoke("run", "nosuch", "--out", tmp_path / "out"), "nosuch: no such file", "base")
    assert not (tmp_path / "out").exists()


def test_missing_argument_and_refused_overwrite(scenario_file, tmp_path):
    assert_bad_input(invoke("run"), "Missing argument")
    out = tmp_path / "out"
    assert invoke("run", scenario_file(), "--out", out, "--quiet").exit_code == 0
    assert_bad_input(invoke("run", scenario_file(), "--out", out), "already holds finished results", "--force")
    assert invoke("run", scenario_file(), "--out", out, "--force", "--games", "6").exit_code == 0
    assert json.loads((out / "summary.json").read_text())["games"] == 6


def test_run_prints_the_table_and_writes_results(scenario_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("run", scenario_file(), "--games", "12", "--seed", "3", "--set", "victory_points=9")
    assert result.exit_code == 0, result.output
    out = tmp_path / "results" / "small-victory_points=9_games=12_seed=3"   # results/<name>-<what changes the games>
    summary = json.loads((out / "summary.json").read_text())
    assert (summary["games"], summary["seed"], summary["rules"]["victory_points"]) == (12, 3, 9)
    assert result.stdout.startswith("small: 12 games, 4 players, seed 3")
    for policy in ("greedy", "roads", "devcards", "random"):
        assert policy in result.stdout
    assert "12 games in" in result.stderr                   # the final progress line stays
    assert len((out / "games.csv").read_text().splitlines()) == 13


def test_run_a_shipped_scenario_by_name(tmp_path):
    result = invoke("run", "base", "--games", "8", "--out", tmp_path / "o", "-q")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("base: 8 games, 4 players, seed 1")


def test_scenarios_and_policies_lists():
    result = invoke("scenarios")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert {"base", "mixed"} <= set(names)
    result = invoke("policies")
    assert result.exit_code == 0
    for word in ("greedy", "roads", "devcards", "random", "builder", "devcard", "robber_leader"):
        assert word in result.stdout


def test_replay_writes_json_lines(tmp_path):
    log = tmp_path / "game3.jsonl"
    result = invoke("replay", "base", "--game", "3", "--seed", "11", "--log", log)
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["type"] == "board" and all("type" in e for e in events)
    from simcore.run.seeds import game_seeds
    assert f"seed {game_seeds(11, 3, 1)[0]}" in result.stderr
    assert_bad_input(invoke("replay", "base", "--log", log), "--game")


def test_bench_reports_games_per_second():
    result = invoke("bench", "--games", "40")
    assert result.exit_code == 0, result.output
    assert "compile / cache load:" in result.stdout and "games/s" in result.stdout
    assert "40 games in" in result.stdout


@pytest.mark.parametrize("args, says", [
    (["sweep", "base", "--vary", "victory_points=8,10", "--margin", 0], "--margin: 0.0 is not a margin"),
    (["compare", "a", "b", "--margin", 60], "--margin: 60.0 is not a margin"),
    (["tune", "robin-hood", "--param", "variants.robin_hood.neutral_settlements=3..5", "--objective",
      "target:sheriff_wins=1.5"], "sheriff_wins = 1.5 is out of range; allowed: a rate from 0 to 1"),
    (["tune", "grundbesitz", "--param", "variants.grundbesitz.markers_per_block=1..2", "--objective",
      "target:gb_income_share=2.0"], "gb_income_share = 2.0 is out of range"),
    (["tune", "base", "--param", "victory_points=8..9", "--objective", "target:turns=-5"],
     "turns = -5 is out of range; allowed: a number above 0"),
])
def test_bad_margins_and_targets_are_one_error_line(args, says, tmp_path):
    result = invoke(*args, "--out", tmp_path / "o")
    assert result.exit_code == 2 and says in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert not (tmp_path / "o").exists()
