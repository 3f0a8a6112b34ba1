"""Sweeps: grids from --vary and [sweep] tables, one-line errors, common seeds, files, resume, regeneration."""
import json

import numpy as np
import pandas as pd
import pytest

from reports import stats

from simcore.run import grid, sweep
from simcore.run.config import SCENARIO_DIR, load_scenario
from simcore.engine.errors import InputError, ScenarioError
from tests.conftest import SMALL
from tests.test_cli import assert_bad_input, invoke, report_again

VARY = ["--vary", "victory_points=6,8", "--vary", "board.no_adjacent_red=false,true"]


@pytest.fixture(scope="module")
def small_sweep(tmp_path_factory):
    """A 2 x 2 sweep of 16 games per setting, with its report."""
    out = tmp_path_factory.mktemp("sweep") / "s"
    result = invoke("sweep", "base", *VARY, "--games", 16, "--seed", 5, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out, result


# --- grids ---

@pytest.mark.parametrize("text, key, values", [
    ("victory_points=8,10,12", "victory_points", [8, 10, 12]),
    ("board.layout=random,beginner", "board.layout", ["random", "beginner"]),
    ("board.no_adjacent_red=false, true", "board.no_adjacent_red", [False, True]),
    ('seats=["greedy","roads"],["roads","greedy"]', "seats", [["greedy", "roads"], ["roads", "greedy"]]),
    ("variants.grundbesitz.allowed_numbers=[2,3,11,12],[4,5,6,8,9,10]", "variants.grundbesitz.allowed_numbers",
     [[2, 3, 11, 12], [4, 5, 6, 8, 9, 10]]),
])
def test_parse_vary(text, key, values):
    assert grid.parse_vary(text) == (key, values)


def test_labels_directory_names_and_values_read_back():
    assert grid.show([2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) == "2-6,8-12"
    assert grid.show([2, 3, 11, 12]) == "2,3,11,12"
    assert grid.show(["greedy", "roads"]) == "greedy/roads" and grid.show(False) == "false"
    values = {"victory_points": 8, "board.no_adjacent_red": True}
    assert grid.label(values) == "victory_points=8, no_adjacent_red=true"
    assert grid.slug(3, grid.label(values)) == "03-victory_points=8_no_adjacent_red=true"
    assert grid.slug(0, "seats=greedy/roads") == "00-seats=greedy_roads"
    for value in (8, True, "beginner", [2, 3], ["a", "b"], {"knight": 2}):
        assert grid.parse_vary("k=" + grid.toml_value(value))[1] == [value]


def test_a_sweep_table_and_the_shipped_sweeps_load():
    for name in ("sweep-vp-red", "sweep-supply", "sweep-policies"):
        plan = sweep.plan(name)
        assert len(plan.settings) > 1 and plan.correction == "holm"
        assert len({x.dir for x in plan.settings}) == len(plan.settings)
        assert all(x.scenario.seed == plan.scenario.seed for x in plan.settings)
    plan = sweep.plan("sweep-vp-red")
    assert len(plan.settings) == 6
    assert plan.settings[plan.baseline].values == {"victory_points": 10, "board.no_adjacent_red": False}
    assert [x.scenario.rules.victory_points for x in plan.settings] == [8, 8, 10, 10, 12, 12]
    # run plays the file's own values and ignores the grid
    assert load_scenario(SCENARIO_DIR / "sweep-vp-red.toml").rules.victory_points == 10


def test_vary_flags_add_to_or_replace_the_table_and_name_a_baseline():
    plan = sweep.plan("sweep-vp-red", vary_args=["victory_points=9,11"], baseline_args=["victory_points=11",
                                                                                          "board.no_adjacent_red=true"])
    assert [x.values["victory_points"] for x in plan.settings] == [9, 9, 11, 11]
    assert plan.settings[plan.baseline].label == "victory_points=11, no_adjacent_red=true"


# --- bad input: one line, exit 2, nothing written ---

BAD = [
    (["--vary", "victory_point=8,10"], ["--vary: victory_point: unknown key (did you mean victory_points?)"]),
    (["--vary", "victory_points=8,31"], ["--vary: victory_points: 31 is out of range; allowed: an integer from 1 to 30"]),
    (["--vary", "board.layout=random,hexagonal"], ['--vary: board.layout: unknown value "hexagonal"']),
    (["--vary", "board=1,2"], ["board: is a table, not a value"]),
    (["--vary", "games=10,20"], ["games: cannot be varied"]),
    (["--vary", "victory_points=8,8"], ["victory_points: a value appears twice"]),
    (["--vary", "victory_points"], ["--vary: 'victory_points': expected key=value1,value2"]),
    (["--vary", "players=3,4"], ["--vary players=3: ", "seats: 4 seats for 3 players"]),
    ([], ["nothing to vary"]),
    (["--vary", "victory_points=8,10", "--baseline", "victory_points=9"],
     ["--baseline: victory_points: 9 is not one of its values; allowed: 8, 10"]),
    (["--vary", "victory_points=8,10", "--baseline", "players=4"], ["--baseline: players: is not a varied key"]),
    (["--vary", "victory_points=8,10", "--correction", "bonferroni"], ["--correction: unknown value 'bonferroni'"]),
]


@pytest.mark.parametrize("args, fragments", BAD)
def test_bad_sweep_input_is_one_line_exit_2(scenario_file, tmp_path, args, fragments):
    out = tmp_path / "out"
    assert_bad_input(invoke("sweep", scenario_file(), "--out", out, *args), *fragments)
    assert not out.exists()


def test_errors_in_a_sweep_table_name_the_file(scenario_file, tmp_path):
    cases = [("[sweep]\nvary.victory_points = [8, 40]\n", "sweep.vary: victory_points: 40 is out of range"),
             ("[sweep]\nvaryy.victory_points = [8]\n", "sweep.varyy: unknown key; allowed: vary, baseline"),
             ("[sweep]\nvary.victory_points = 8\n", "sweep.vary: victory_points: expected a non-empty array"),
             ("[sweep]\nvary.victory_points = [8, 9]\ncorrection = 'x'\n", 'sweep.correction: unknown value "x"')]
    for text, fragment in cases:
        path = scenario_file(SMALL + text)
        assert_bad_input(invoke("sweep", path, "--out", tmp_path / "o"), str(path), fragment)
        assert not (tmp_path / "o").exists()


# --- a small sweep ---

def test_a_sweep_writes_one_run_per_setting_with_common_seeds(small_sweep):
    out, result = small_sweep
    meta = json.loads((out / "meta.json").read_text())
    assert meta["kind"] == "sweep" and meta["complete"] and meta["games"] == 16 and meta["seed"] == 5
    assert meta["vary"] == {"victory_points": [6, 8], "board.no_adjacent_red": [False, True]}
    assert {"version", "started", "finished", "settings", "baseline", "correction"} <= set(meta)
    dirs = [s["dir"] for s in meta["settings"]]
    assert dirs == ["00-victory_points=6_no_adjacent_red=false", "01-victory_points=6_no_adjacent_red=true",
                    "02-victory_points=8_no_adjacent_red=false", "03-victory_points=8_no_adjacent_red=true"]
    seeds = None
    for entry in meta["settings"]:
        setting = out / entry["dir"]
        assert {"games.csv", "summary.json", "run.json", "meta.json"} <= {p.name for p in setting.iterdir()}
        run_meta = json.loads((setting / "meta.json").read_text())
        assert run_meta["setting"]["values"] == entry["values"] and run_meta["games"] == 16
        assert run_meta["parameters"]["rules"]["victory_points"] == entry["values"]["victory_points"]
        games = pd.read_csv(setting / "games.csv")
        assert len(games) == 16
        seeds = games["seed"].tolist() if seeds is None else seeds
        assert games["seed"].tolist() == seeds              # common random numbers
    for name in ("report.html", "report.md", "tables/fairness.csv", "tables/comparisons.csv", "tables/win_rates.csv",
                 "charts/fairness.png", "charts/fairness_heatmap.png", "charts/win_vs_param_seat.png",
                 "charts/differences.png", "charts/flows.png", "charts/game_length.png"):
        assert (out / name).stat().st_size > 0, name
    assert not list(out.rglob("*.tmp"))
    assert "Seat fairness: " in result.stdout and "report -> " in result.stderr
    verdict = json.loads((out / "verdicts.json").read_text())
    assert verdict["objective"] == "seat-fairness"
    assert set(verdict["games"]) == {e["label"].replace(", ", " · ") for e in meta["settings"]}
    assert set(verdict["fairest"]) <= set(verdict["games"]) and verdict["fairest"]


def test_the_tables_say_how_many_games_and_compare_paired(small_sweep):
    out, _ = small_sweep
    fairness = pd.read_csv(out / "tables" / "fairness.csv")
    assert fairness["games"].tolist() == [16] * 4 and (~fairness["less_fair"]).sum() >= 1
    comparisons = pd.read_csv(out / "tables" / "comparisons.csv")
    assert set(comparisons["setting"]) <= {s for s in fairness["setting"]} - {"victory_points=6 · no_adjacent_red=false"}
    assert comparisons["paired"].all() and (comparisons["games"] == 16).all()
    assert (comparisons["p_adj"] >= comparisons["p"] - 1e-12).all()
    # the differences against the baseline, with the tested measures of how the game plays, are the family
    # `baseline` of the report's 5% (reports.tables.report_budget): p_adj is Holm's over both scaled to 5%,
    # 'significant' exactly where Holm's p is below the share
    share = json.loads((out / "verdicts.json").read_text())["budget"]["baseline"]
    feel = pd.read_csv(out / "tables" / "feel_differences.csv")
    assert share < 0.05 and (comparisons["alpha"] == share).all() and (feel["alpha"] == share).all()
    holm = stats.adjust(np.concatenate([comparisons["p"].to_numpy(), feel["p"].to_numpy()]), "holm")
    assert np.allclose(comparisons["p_adj"], np.minimum(holm[:len(comparisons)] * 0.05 / share, 1.0))
    assert np.allclose(feel["p_adj"], np.minimum(holm[len(comparisons):] * 0.05 / share, 1.0))
    assert (comparisons["significant"] == (holm[:len(comparisons)] < share)).all()
    rates = pd.read_csv(out / "tables" / "win_rates.csv")
    assert {"games", "trials", "count", "rate", "ci_lo", "ci_hi", "victory_points"} <= set(rates.columns)
    html = (out / "report.html").read_text()
    assert html.count("data:image/png;base64,") >= 6 and "What this says" in html and "Holm" in html


def test_report_regenerates_from_saved_results(small_sweep, tmp_path):
    out, _ = small_sweep
    before = (out / "tables" / "fairness.csv").read_bytes()
    copy = report_again(out, tmp_path / "copy")
    assert (copy / "report.html").exists() and (copy / "charts" / "fairness.png").exists()
    assert (copy / "tables" / "fairness.csv").read_bytes() == before
    result = invoke("report", copy, "--baseline", "victory_points=8", "--baseline", "board.no_adjacent_red=true",
                    "--correction", "bh")
    assert result.exit_code == 0, result.output
    comparisons = pd.read_csv(copy / "tables" / "comparisons.csv")
    assert set(comparisons["baseline"]) == {"victory_points=8 · no_adjacent_red=true"}
    assert "Benjamini-Hochberg" in (copy / "report.md").read_text()


def test_sweep_resume_continues_and_refuses_other_settings(tmp_path):
    out = tmp_path / "s"
    args = ["sweep", "base", "--vary", "victory_points=6,7", "--games", 12, "--out", out, "-q", "--no-report"]
    assert invoke(*args).exit_code == 0
    full = (out / "01-victory_points=7" / "games.csv").read_bytes()
    assert not (out / "report.html").exists()
    # interrupted in the second setting: its rows so far in games.csv.part, the sweep not complete
    part = out / "01-victory_points=7" / "games.csv.part"
    (out / "01-victory_points=7" / "games.csv").rename(part)
    part.write_bytes(full[:len(full) // 2])
    (out / "01-victory_points=7" / "summary.json").unlink()
    meta = json.loads((out / "meta.json").read_text())
    (out / "meta.json").write_text(json.dumps({**meta, "complete": False}))

    assert_bad_input(invoke(*args), "already holds an unfinished sweep", "--resume")
    assert_bad_input(invoke("sweep", "base", "--vary", "victory_points=6,7", "--games", 13, "--out", out, "--resume"),
                     "other settings")
    assert invoke(*args, "--resume").exit_code == 0
    assert (out / "01-victory_points=7" / "games.csv").read_bytes() == full
    assert json.loads((out / "meta.json").read_text())["complete"]
    assert_bad_input(invoke(*args[:-1]), "already holds a finished sweep", f"`catan-balance report {out}`", "--force")
    # a finished sweep resumed: re-reported, nothing played again
    result = invoke(*args[:-1], "--resume")
    assert result.exit_code == 0 and (out / "report.html").exists()
    assert "already played" in result.stderr
    # --force starts over; settings of the old grid go
    assert invoke("sweep", "base", "--vary", "victory_points=6,9", "--games", 12, "--out", out, "-q",
                  "--no-report", "--force").exit_code == 0
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["00-victory_points=6", "01-victory_points=9"]


def test_a_fresh_sweep_stopped_leaves_nothing_of_the_old_one_that_looks_finished(tmp_path, monkeypatch):
    """--force, then Ctrl-C in the second setting: the old sweep's report is gone at once, the first setting
    holds the new results, the second only the new run.json, rows so far and a meta.json saying it is not
    complete (no old games.csv, summary.json or games.parquet), and meta.json says the sweep is not complete."""
    from simcore.run import runner
    out = tmp_path / "s"
    args = ["sweep", "base", "--vary", "victory_points=6,7", "--out", out, "-q"]
    assert invoke(*args, "--games", 12).exit_code == 0
    assert (out / "report.html").exists() and (out / "01-victory_points=7" / "games.parquet").exists()
    real = runner._results

    def stop_in_the_second_setting(tasks, *a):   # every setting's chunks go through one pool
        tasks = list(tasks)
        for task, done in zip(tasks, real(tasks, *a)):
            if task[0] is not tasks[0][0]:          # another setting's Work
                raise KeyboardInterrupt
            yield done
    monkeypatch.setattr(runner, "_results", stop_in_the_second_setting)
    assert invoke(*args, "--games", 13, "--force").exit_code == 130
    assert not {"report.html", "report.md", "charts", "tables", "games"} & {p.name for p in out.iterdir()}
    assert not json.loads((out / "meta.json").read_text())["complete"]
    assert len(pd.read_csv(out / "00-victory_points=6" / "games.csv")) == 13
    second = out / "01-victory_points=7"
    assert sorted(p.name for p in second.iterdir()) == ["chunks", "games.csv.part", "meta.json", "run.json"]
    assert not json.loads((second / "meta.json").read_text())["complete"]
    assert json.loads((second / "run.json").read_text())["games"] == 13


def test_a_run_refuses_a_sweep_directory(small_sweep):
    out, _ = small_sweep
    assert_bad_input(invoke("run", "base", "--games", 6, "--out", out), "holds a sweep", "--out")
    assert (out / "report.html").exists() and json.loads((out / "meta.json").read_text())["kind"] == "sweep"


def test_a_sweep_refuses_a_run_directory(tmp_path):
    out = tmp_path / "r"
    assert invoke("run", "base", "--games", 6, "--out", out, "-q", "--no-report").exit_code == 0
    assert_bad_input(invoke("sweep", "base", "--vary", "victory_points=6,7", "--out", out, "--force"),
                     "holds the results of a run, not of a sweep")


def test_plan_checks_everything_before_writing(scenario_file):
    with pytest.raises(ScenarioError):
        sweep.plan(scenario_file(), vary_args=["victory_points=0,5"])
    with pytest.raises(InputError):
        sweep.plan(scenario_file(), vary_args=["victory_points=5"], baseline_args=["victory_points=6"])


# --- the variants' shipped sweeps ---

@pytest.mark.parametrize("name, settings", [("sweep-grundbesitz", 4 * 3), ("sweep-robin-hood", 3 * 3)])
def test_shipped_variant_sweeps_plan_their_grid(name, settings):
    plan = sweep.plan(name)
    assert len(plan.settings) == settings
    readme = (SCENARIO_DIR.parent / "README.md").read_text(encoding="utf-8")
    assert f"`{name}`" in readme


def test_a_variant_scenario_without_a_grid_sweeps_its_registered_defaults():
    from simcore.engine.variant import REGISTRY as VARIANTS
    if "grundbesitz" not in VARIANTS:
        pytest.skip("the Grundbesitz variant is not in this version yet")
    plan = sweep.plan("grundbesitz", ["games=10"])
    assert plan.vary == VARIANTS["grundbesitz"].sweep
    assert len(plan.settings) == 12 and plan.settings[0].label.startswith("allowed_numbers=2-6,8-12")
