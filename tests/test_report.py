"""Reports: charts rendered with their titles and labels, variant entries lighting up, the board picture,
and the report written by run, compare and report."""
import json
import os
import shutil

import numpy as np
import pandas as pd
import pytest

from reports import charts, tables
from reports.board import draw_board, end_state
from reports.files import save_figure
from reports.report import active_variants, write_report
from reports.study import compare_runs, open_results
from simcore.run import runner
from simcore.run.config import load_scenario
from tests.test_cli import assert_bad_input, invoke

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two runs of 40 games with the same seed (paired), one with four policies."""
    root = tmp_path_factory.mktemp("runs")
    for name, extra in (("a", []), ("b", ["--set", "victory_points=8"])):
        result = invoke("run", "mixed", "--games", 40, "--seed", 3, "--out", root / name, "-q", *extra)
        assert result.exit_code == 0, result.output
    return root


def _saved(fig, path):
    save_figure(fig, path)
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 5000
    return data


def test_run_charts_have_titles_labels_and_intervals(runs, tmp_path):
    study = open_results(runs / "a")
    t = tables.all_tables(study)
    fig = charts.win_bars(study, t["win_rates"], "seat")
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == "Win rate by table seat" and ax.get_ylabel() == "games won (%)"
    assert [x.get_text() for x in ax.get_xticklabels()][0] == "seat 0\n(1st to move)"
    assert any("40 games" in x.get_text() for x in ax.texts)            # every chart says its games
    assert len(ax.containers) >= 2                                       # bars and error bars
    assert ax.get_legend() is not None
    _saved(fig, tmp_path / "seat.png")

    fig = charts.win_bars(study, t["win_rates"], "policy")
    assert [x.get_text() for x in fig.axes[0].get_xticklabels()] == ["greedy", "roads", "devcards", "random"]
    assert fig.axes[0].get_ylabel() == "games won per seat played (%)"
    _saved(fig, tmp_path / "policy.png")

    fig = charts.flows_chart(study, t["flows"])
    assert [a.get_xlabel() for a in fig.axes] == ["resource cards gained per player and game",
                                                  "resource cards spent or lost per player and game"]
    legend = [x.get_text() for x in fig.legends[0].get_texts()]
    assert {"dice", "setup", "trade", "steal", "roads", "cities", "discards"} <= set(legend)
    _saved(fig, tmp_path / "flows.png")

    fig = charts.game_length(study)
    assert fig.axes[0].get_xlabel() == "player-turns per game" and fig.axes[0].get_ylabel() == "games"
    _saved(fig, tmp_path / "length.png")
    assert charts.vp_chart(study, t["flows"]).axes[0].get_xlabel().startswith("victory points")
    assert charts.fairness_chart(study, t["fairness"]) is None          # one run: nothing to rank
    assert charts.heatmap(study, t["fairness"]) is None


def test_comparison_charts_and_tables(runs, tmp_path):
    study = compare_runs([runs / "a", runs / "b"], tmp_path / "cmp")
    assert study.paired and study.runs[1].values == {"victory_points": 8}
    t = tables.all_tables(study)
    c = t["comparisons"]
    assert set(c["group"]) <= {"seat", "policy", "game"} and c["paired"].all() and (c["games"] == 40).all()
    assert {"diff", "diff_lo", "diff_hi", "p", "p_adj", "significant"} <= set(c.columns)
    fig = charts.differences(study, c)
    assert fig.axes[0].get_xlabel() == "difference in win rate from the baseline (percentage points)"
    assert fig.axes[0].get_title(loc="left") == "Differences against the baseline"
    _saved(fig, tmp_path / "diff.png")
    fig = charts.fairness_chart(study, t["fairness"])
    assert [x.get_text() for x in fig.axes[0].get_yticklabels()] == ["b", "a"]
    _saved(fig, tmp_path / "fair.png")


def test_sweep_charts_line_per_seat_and_heatmap(tmp_path):
    out = tmp_path / "s"
    result = invoke("sweep", "base", "--vary", "victory_points=6,7,8", "--vary", "board.no_adjacent_red=false,true",
                    "--games", 12, "--out", out, "-q", "--no-report")
    assert result.exit_code == 0, result.output
    study = open_results(out)
    t = tables.all_tables(study)
    fig = charts.win_vs_param(study, t["win_rates"], "seat")
    assert len(fig.axes) == 2                                            # one panel per no_adjacent_red value
    assert [a.get_title() for a in fig.axes] == ["6 and 8 may touch", "6 and 8 kept apart"]   # in words
    assert fig.axes[0].get_xlabel() == "victory points" and fig.axes[0].get_ylabel() == "games won (%)"
    assert [line.get_label() for line in fig.axes[0].get_lines()[:4]] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert len(fig.axes[0].collections) >= 4                             # the interval bands
    _saved(fig, tmp_path / "param.png")
    fig = charts.heatmap(study, t["fairness"])
    ax = fig.axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("victory points", "6 and 8 side by side")
    assert fig.axes[1].get_ylabel() == "seat effect, corrected for dice noise (percentage points)"   # the colour bar
    assert len([x for x in ax.texts if "\n[" in x.get_text()]) == 6                  # every cell: value and interval
    _saved(fig, tmp_path / "heat.png")


def _with_variant_columns(src, dst):
    """A copy of run `src` whose games.csv has Grundbesitz and Robin Hood columns, as those variants write them."""
    shutil.copytree(src, dst)
    df = pd.read_csv(dst / "games.csv")
    rng = np.random.default_rng(0)
    extra = {}
    for k in range(4):
        extra[f"seat{k}_gain_grundbesitz"] = rng.integers(0, 9, len(df))
        for kind in ("response", "knight", "robber", "strike"):
            extra[f"seat{k}_gb_markers_{kind}"] = rng.integers(0, 3, len(df))
        extra[f"seat{k}_gb_removed_free"] = rng.integers(0, 2, len(df))
        extra[f"seat{k}_gb_bought"] = rng.integers(0, 4, len(df))
    extra["robin_winner"] = rng.choice([0, 1, 2], len(df))                  # codes of simcore/variants/robin_hood/board.py
    extra["robin_ending"] = rng.choice([1, 2, 3], len(df))
    extra["robin_sheriff_vp"] = rng.integers(5, 16, len(df))
    extra["robin_vp"] = rng.integers(3, 16, len(df))
    extra["robin_evictions"] = rng.integers(0, 3, len(df))
    df = pd.concat([df.drop(columns=[c for c in extra if c in df]), pd.DataFrame(extra)], axis=1)
    df.to_csv(dst / "games.csv", index=False)


def test_variant_entries_light_up_only_with_their_columns(runs, tmp_path):
    assert not active_variants(open_results(runs / "a"))               # base game: no variant section
    _with_variant_columns(runs / "a", tmp_path / "v")
    study = open_results(tmp_path / "v")
    assert {e.name for e in active_variants(study)} == {"grundbesitz", "robin_hood"}
    paths = write_report(study)
    assert {"grundbesitz_income", "grundbesitz_markers", "robin_endings", "robin_vp"} <= set(paths["charts"])
    flows = pd.read_csv(tmp_path / "v" / "tables" / "flows.csv")
    assert "grundbesitz" in set(flows["source"])                          # a gain_* column is a flow source
    rates = pd.read_csv(tmp_path / "v" / "tables" / "win_rates.csv")
    assert set(rates[rates["group"] == "robin_ending"]["outcome"]) == {"robin_target", "sheriff_target", "enclosure"}
    assert set(rates[rates["group"] == "robin_winner"]["outcome"]) == {"draw", "sheriff", "robin"}
    md = (tmp_path / "v" / "report.md").read_text()
    assert "Grundbesitz (land ownership" in md and "Robin Hood" in md


def test_flows_leave_out_a_variant_that_is_off_and_keep_it_when_on(runs, tmp_path):
    """The base game has no gain_/spend_grundbesitz: no such source or use in its tables or report;
    with Grundbesitz on in the rules they stay, even at 0 (nobody bought one)."""
    flows = tables.flows(open_results(runs / "a"))
    assert {"dice", "trade", "discards", "stolen"} <= set(flows["source"]) and "grundbesitz" not in set(flows["source"])
    assert "grundbesitz" not in (runs / "a" / "report.md").read_text().lower()
    assert "grundbesitz" not in set(pd.read_csv(runs / "a" / "tables" / "flows.csv")["source"])
    shutil.copytree(runs / "a", tmp_path / "on")
    summary = json.loads((tmp_path / "on" / "summary.json").read_text())
    summary["rules"]["variants"] = {"grundbesitz": {}}
    (tmp_path / "on" / "summary.json").write_text(json.dumps(summary))
    games = pd.read_csv(tmp_path / "on" / "games.csv")
    zero = {f"seat{k}_{c}": 0 for k in range(4) for c in ("gain_grundbesitz", "spend_grundbesitz")}
    pd.concat([games, pd.DataFrame(zero, index=games.index)], axis=1).to_csv(tmp_path / "on" / "games.csv", index=False)
    (tmp_path / "on" / "games.parquet").unlink(missing_ok=True)
    flows = tables.flows(open_results(tmp_path / "on"))
    gb = flows[flows["source"] == "grundbesitz"]
    assert set(gb["kind"]) == {"gain", "spend"} and (gb["mean"] == 0).all()


def test_other_modes_filler_does_not_light_up_a_variant(runs, tmp_path):
    shutil.copytree(runs / "a", tmp_path / "f")
    df = pd.read_csv(tmp_path / "f" / "games.csv")
    df = pd.concat([df, pd.DataFrame({"robin_winner": -1, "robin_ending": -1, "robin_vp": -1}, index=df.index)], axis=1)
    df.to_csv(tmp_path / "f" / "games.csv", index=False)
    assert not active_variants(open_results(tmp_path / "f"))


def test_board_layers_of_the_variants(tmp_path):
    """GB triangles with their markers, Robin's neutral pieces and Robin in place of the robber."""
    from reports.variants import REGISTRY
    scenario = load_scenario("scenarios/base.toml")
    _, events = runner.replay(scenario, 2)
    free = [c for c in range(54) if c not in end_state(events)[0] and c not in end_state(events)[1]]
    extra = [{"type": "gb_buy", "player": 1, "gb": 7, "corner": 12, "hex": 4},
             {"type": "gb_block", "player": 2, "owner": 1, "gb": 7, "markers": 2, "block": "robber"},
             {"type": "neutral_settlement", "player": -1, "corner": free[0], "edge": 0, "number": 5, "rerolls": 0},
             {"type": "robin_move", "player": -1, "from_hex": 9, "to_hex": 3, "how": 1}]
    layers = [layer for entry in REGISTRY.values() for layer in entry.board_layers]
    fig = draw_board(events + extra, ["greedy"] * 4, "layers", layers)
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "robber (R)" not in legend and "Robin Hood (RH), the robber" in legend
    assert {"Grundbesitz (into its hex)", "markers blocking it", "neutral pieces"} <= set(legend)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "RH" in texts and "R" not in texts and "2" in texts          # Robin, no robber, the GB's 2 markers
    _saved(fig, tmp_path / "layers.png")


def test_board_picture_of_a_replayed_game(tmp_path):
    scenario = load_scenario("scenarios/base.toml")
    seed, events = runner.replay(scenario, 2)
    settlements, cities, roads, robber, end = end_state(events)
    assert len(settlements) + len(cities) >= 8 and len(roads) >= 8 and end["type"] == "game_end"
    fig = draw_board(events, labels=["greedy"] * 4, title="game 2")
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == "game 2"
    assert sum(1 for t in ax.texts if t.get_text() in ("6", "8")) == 4                 # four red numbers
    assert sum(1 for t in ax.texts if t.get_text().startswith(("3:1", "2:1"))) == 9    # nine harbours
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend[end["winner"]].endswith("(winner)") and legend[0].startswith("seat 0: greedy")
    _saved(fig, tmp_path / "board.png")


def test_run_writes_the_report_unless_told_not_to(tmp_path, runs):
    assert {"report.html", "report.md", "meta.json", "charts", "tables"} <= {p.name for p in (runs / "a").iterdir()}
    meta = json.loads((runs / "a" / "meta.json").read_text())
    assert meta["kind"] == "run" and meta["games"] == 40 and meta["seed"] == 3
    assert {"scenario", "parameters", "seeds", "version", "date"} <= set(meta)
    out = tmp_path / "n"
    result = invoke("run", "base", "--games", 6, "--out", out, "-q", "--no-report")
    assert result.exit_code == 0 and not (out / "report.html").exists() and (out / "meta.json").exists()


def test_compare_prints_and_writes_the_table(runs, tmp_path):
    out = tmp_path / "cmp"
    result = invoke("compare", runs / "a", runs / "b", "--out", out)
    assert result.exit_code == 0, result.output
    assert "difference [95%, uncorrected]" in result.stdout and "McNemar" in result.stdout
    table = pd.read_csv(out / "tables" / "comparisons.csv")
    assert set(table["setting"]) == {"b"} and set(table["baseline"]) == {"a"}
    assert (out / "report.html").exists()
    assert_bad_input(invoke("compare", runs / "a"), "at least two")
    assert_bad_input(invoke("compare", runs / "a", tmp_path / "nothing"), "no such directory")
    assert_bad_input(invoke("compare", runs / "a", runs / "b", "--out", runs / "a"), "holds simulation results")


def test_report_and_replay_bad_input(tmp_path):
    assert_bad_input(invoke("report", tmp_path), "holds no results")
    assert_bad_input(invoke("report", tmp_path / "missing"), "no such directory")
    assert_bad_input(invoke("replay", "base", "--game", 1), "nothing to write", "--png")


def test_replay_png(tmp_path):
    png = tmp_path / "g.png"
    result = invoke("replay", "base", "--game", 4, "--png", png)
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(PNG) and "board at the end" in result.stderr


def test_no_report_leaves_no_report_of_earlier_results(tmp_path):
    out = tmp_path / "r"
    assert invoke("run", "base", "--games", 6, "--out", out, "-q").exit_code == 0
    assert (out / "report.html").exists()
    result = invoke("run", "base", "--games", 8, "--out", out, "-q", "--force", "--no-report")
    assert result.exit_code == 0                                   # started over: the old report went first
    assert not (out / "report.html").exists() and not (out / "charts").exists()
    assert invoke("report", out).exit_code == 0
    os.utime(out / "report.html", ns=(0, 0))                       # a report older than the results
    result = invoke("run", "base", "--games", 8, "--out", out, "-q", "--resume", "--no-report")
    assert result.exit_code == 0 and "removed the report of earlier results" in result.stderr
    assert not (out / "report.html").exists() and not (out / "tables").exists()


def _md_tables(md):
    """The Markdown tables of a report: (header cells, [row cells], note under it)."""
    out, lines = [], md.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and (i == 0 or not lines[i - 1].startswith("|")):
            end = i
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            cells = [[c.strip() for c in l.strip("|").split("|")] for l in lines[i:end]]
            note = next((l for l in lines[end:end + 3] if l.startswith("*")), "")
            out.append((cells[0], cells[2:], note))
    return out


def test_a_one_policy_run_shows_one_row_per_table_and_no_fairest_setting(runs, tmp_path):
    out = tmp_path / "base"
    result = invoke("run", "base", "--games", 20, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    md = (out / "report.md").read_text()
    assert "highlighted" not in md and "fairest" not in md.lower()
    per_policy = [(h, rows, note) for h, rows, note in _md_tables(md) if h[:2] == ["policy", "player-games"]]
    assert len(per_policy) == 3                                  # flows, VP sources, counters
    for _, rows, note in per_policy:
        assert [r[0] for r in rows] == ["greedy"] and "'all'" not in note
    mixed = (runs / "a" / "report.md").read_text()             # four policies: each, and all together
    for _, rows, note in [t for t in _md_tables(mixed) if t[0][:2] == ["policy", "player-games"]]:
        assert [r[0] for r in rows] == ["greedy", "roads", "devcards", "random", "all"]
    assert "'all': every seat together" in mixed
