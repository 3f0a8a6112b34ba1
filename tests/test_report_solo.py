"""Reports of solo (one-player) runs: Robin Hood's Sheriff has no seats to compare, so the report
speaks of the Sheriff's win rate and the endings instead of seat fairness; reports of several
players keep their seat section."""
import json

import pandas as pd
import pytest

from simcore.commands.reporting import board_title
from reports import charts, tables
from reports.board import draw_board
from reports.fmt import rate
from reports.study import open_results
from simcore.run import runner
from simcore.run.config import load_scenario
from tests.test_cli import invoke

SOLO_ONLY_LINE = "no table seats to compare"   # the one place a solo report says "seat": how to read it


@pytest.fixture(scope="module")
def solo(tmp_path_factory):
    """A Robin Hood run and a two-setting Robin Hood sweep (both Sheriff presets), 40 games each."""
    root = tmp_path_factory.mktemp("solo")
    run = invoke("run", "robin-hood", "--games", 40, "--out", root / "run", "-q")
    assert run.exit_code == 0, run.output
    sweep = invoke("sweep", "robin-hood", "--vary", "variants.robin_hood.neutral_settlements=3,7", "--games", 40,
                   "--out", root / "sweep", "-q")
    assert sweep.exit_code == 0, sweep.output
    return root, run, sweep


def _without_how_to_read(text):
    return "\n".join(line for line in text.splitlines() if SOLO_ONLY_LINE not in line)


def test_a_solo_run_report_names_the_sheriff_and_no_seats(solo):
    root, result, _ = solo
    out = root / "run"
    md = (out / "report.md").read_text()
    html = (out / "report.html").read_text()
    assert "Seat fairness" not in md and "Seat fairness" not in html
    assert "seat" not in _without_how_to_read(md).lower() and "no winner" not in md.lower()
    robin = json.loads((out / "summary.json").read_text())["robin_hood"]
    sheriff = robin["sheriff"]
    sentence = f"Over 40 games the Sheriff won {rate(sheriff['win_rate'], *sheriff['ci95'])} and Robin"
    assert sentence in md and sentence in result.stdout          # report and terminal, in the same words
    enclosure = robin["endings"]["enclosure"]["share"]
    assert f"enclosure (Robin fenced in) in {100 * enclosure:.1f}%" in md
    assert "The Sheriff's win rate by policy: sheriff-" in md
    assert "turns of the Sheriff" in md and "player-turns" not in md
    charts_made = {p.stem for p in (out / "charts").glob("*.png")}
    assert not charts_made & {"win_by_seat", "fairness", "fairness_heatmap"}
    assert {"win_by_policy", "robin_endings", "robin_vp"} <= charts_made
    assert not (out / "tables" / "fairness.csv").exists()
    rates = pd.read_csv(out / "tables" / "win_rates.csv")
    assert set(rates["group"]) == {"policy", "robin_winner", "robin_ending"}
    assert "no_winner" not in pd.read_csv(out / "tables" / "game_length.csv").columns


def test_a_solo_run_report_counts_what_the_summary_counts(solo):
    """The Sheriff's wins in the tables are the summary's, with its interval; no seat or no-winner outcome."""
    root, _, _ = solo
    study = open_results(root / "run")
    assert study.solo
    rates = tables.win_rates(study).set_index(["group", "outcome"])
    robin = json.loads((root / "run" / "summary.json").read_text())["robin_hood"]
    assert rates.loc[("robin_winner", "sheriff"), "count"] == robin["sheriff"]["wins"]
    assert rates.loc[("robin_winner", "robin"), "count"] == robin["robin"]["wins"]
    assert not {g for g, _ in rates.index} & {"seat", "game"}


def test_a_solo_sweep_report_has_no_seat_section(solo):
    root, _, result = solo
    out = root / "sweep"
    md = (out / "report.md").read_text()
    assert "## Seat fairness" not in md and "seat" not in _without_how_to_read(md).lower()
    first = md.split("## Who won")[1].split("What this says:** ")[1]
    assert first.startswith("The Sheriff won most often with 3 neutral settlements")   # settings in words
    assert "Endings over the settings: Robin at his target" in first
    comparisons = pd.read_csv(out / "tables" / "comparisons.csv")
    assert set(comparisons["group"]) <= {"policy", "robin_winner", "robin_ending"}
    labels = dict(zip(comparisons["outcome"], comparisons["label"]))          # codes kept, words beside them
    assert labels["sheriff"] == "the Sheriff's wins" and labels["sheriff-greedy"] == "sheriff-greedy"
    differences = md.split("## Differences against the baseline")[1].split("\n## ")[0]
    assert "| the Sheriff's wins |" in differences and "| sheriff |" not in differences
    assert not list((out / "charts").glob("*seat*.png")) and not (out / "charts" / "fairness.png").exists()
    endings = md.split("## Robin Hood")[1].split("What this says:** ")[1].split("\n")[0]
    for setting in ("3 neutral settlements", "7 neutral settlements"):      # both settings, in words
        assert f"{setting}: Robin at his target" in endings
    assert "robin_target" not in endings
    assert "The Sheriff won most often" in result.stdout and "seat" not in result.stdout.lower()


def test_the_solo_differences_chart_leads_with_the_sheriff(solo):
    root, _, _ = solo
    study = open_results(root / "sweep")
    t = tables.all_tables(study)
    fig = charts.differences(study, t["comparisons"])
    ticks = [x.get_text().strip() for x in fig.axes[0].get_yticklabels()]
    assert ticks == ["The Sheriff, all games", "sheriff-greedy", "sheriff-warden"]
    assert fig.axes[0].get_xlabel() == "difference in win rate from the baseline (percentage points)"
    fig = charts.win_vs_param(study, t["win_rates"], "policy")
    assert fig.axes[0].get_ylabel() == "games won (%)"


def test_compare_of_solo_runs_prints_no_seats(solo, tmp_path):
    root, _, _ = solo
    settings = sorted(p for p in (root / "sweep").iterdir() if p.is_dir() and p.name[:2].isdigit())
    result = invoke("compare", *settings, "--out", tmp_path / "cmp")
    assert result.exit_code == 0, result.output
    assert "seat" not in result.stdout.lower() and "no winner" not in result.stdout
    assert "The Sheriff won most often" in result.stdout and "sheriff-warden" in result.stdout


def test_a_four_player_report_keeps_its_seat_section(tmp_path):
    out = tmp_path / "base"
    result = invoke("run", "base", "--games", 20, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    md = (out / "report.md").read_text()
    assert "## Seat fairness" in md and "| seat 0 |" in md and "seat 0 (first to move)" in md
    rates = pd.read_csv(out / "tables" / "win_rates.csv")
    assert {"seat 0", "seat 3", "no winner"} <= set(rates["outcome"])
    assert (out / "charts" / "win_by_seat.png").exists() and (out / "tables" / "fairness.csv").exists()
    assert "no_winner" in pd.read_csv(out / "tables" / "game_length.csv").columns
    assert "chi-square test of equal seat win rates" in result.stdout and "Sheriff" not in md


def test_the_board_picture_of_a_robin_hood_game_names_its_sheriff():
    """Game 1 of a run with two Sheriff presets is played by the second one (game g: seat g % 2)."""
    scenario = load_scenario("scenarios/robin-hood.toml")
    seed, events = runner.replay(scenario, 1)
    title, labels = board_title(scenario, 1, seed, events)
    assert labels == ["sheriff-warden"]
    side = next(e for e in events if e["type"] == "robin_game_end")["side"]
    assert {"sheriff": "the Sheriff won", "robin": "Robin won", "draw": "a draw"}[side] in title
    assert "seat" not in title and title.endswith(" turns")
    legend = [t.get_text() for t in draw_board(events, labels, title).legends[0].get_texts()]
    assert legend[0].startswith("The Sheriff: sheriff-warden")


def _figure_text(fig):
    texts = [t.get_text() for t in fig.texts] + [t.get_text() for ax in fig.axes for t in ax.texts]
    return " ".join(texts).replace("\n", " ")


def test_policy_charts_and_sentences_quote_the_games_each_sheriff_played(solo):
    """Two Sheriffs take turns in 40-game runs: each policy's rate rests on 20 games."""
    root, _, _ = solo
    for name, make in (("run", lambda s, t: charts.win_bars(s, t["win_rates"], "policy")),
                       ("sweep", lambda s, t: charts.win_vs_param(s, t["win_rates"], "policy"))):
        study = open_results(root / name)
        t = tables.all_tables(study)
        assert "each policy: 20 games" in _figure_text(make(study, t))
    md = (root / "sweep" / "report.md").read_text()
    trend = md.split("## Policies")[1].split("\n## ")[0].split("What this says:** ")[1].split("\n")[0]
    assert "(20 games each)" in trend and "40 games each" not in trend
