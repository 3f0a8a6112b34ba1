"""A scenario file is read once per command (issue 38, item 3): the ScenarioFile carries its [sweep], [tune]
and [robust] tables; overrides are typed values (config.Override), --set text only at the command line and
in meta.json; meta.json has one writer (simcore.run.meta)."""
import ast
import json
from pathlib import Path

import pytest

from simcore.engine.errors import ScenarioError
from simcore.run import config, ladder, sweep
from simcore.run.config import Override, ScenarioFile, find_scenario
from simcore.studies import robust
from tests.test_cli import invoke

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def reads(monkeypatch):
    """The scenario files read from now on (every read goes through config.read_toml)."""
    seen = []
    real = config.read_toml

    def counting(path):
        seen.append(Path(path).name)
        return real(path)
    monkeypatch.setattr(config, "read_toml", counting)
    return seen


def test_a_sweep_plan_reads_its_file_once(reads):
    plan = sweep.plan("sweep-vp-red", ["games=10"], ["victory_points=8,10,12,14"])   # 4 x 2 settings, 6 values
    assert len(plan.settings) == 8 and plan.question is None
    assert reads == ["sweep-vp-red.toml"]


def test_a_played_sweep_reads_its_file_and_its_set_once(reads, tmp_path, monkeypatch):
    parsed = []
    real = config.parse_override
    monkeypatch.setattr(config, "parse_override", lambda text: parsed.append(text) or real(text))
    result = invoke("sweep", "base", "--vary", "victory_points=8,10", "-n", 8, "--set", "board.layout=beginner",
                    "-o", tmp_path / "s", "-q", "--no-report")
    assert result.exit_code == 0, result.output
    assert reads == ["base.toml"] and parsed == ["board.layout=beginner"]   # --games: a typed value, no text
    meta = json.loads((tmp_path / "s" / "00-victory_points=8" / "meta.json").read_text())
    assert meta["overrides"] == ["board.layout=beginner", "games=8"] and meta["complete"]
    assert meta["question"] is None and meta["parameters"]["rules"]["board"]["layout"] == "beginner"


def test_ladder_and_robust_plans_read_their_file_once(reads):
    file = ScenarioFile(find_scenario("sweep-supply"))
    plan = ladder.plan(file, [Override.of("games", 4)], ["greedy,roads"])
    assert [s.policy for s in plan.alone[1].seats] == ["roads"] * 4 and plan.overrides == ("games=4",)
    both = robust.plan(file, [Override.of("games", 4)], [], None, players="devcards", seat=1)
    assert [s.policy for s in both.others[0].plan.settings[0].scenario.seats] == ["greedy", "devcards", "devcards", "greedy"]
    assert both.others[0].plan.overrides[-1] == 'seats=["greedy", "devcards", "devcards", "greedy"]'   # meta.json's text
    assert reads == ["sweep-supply.toml"]


def test_an_override_is_applied_as_its_typed_value(monkeypatch):
    file = ScenarioFile(find_scenario("base"))
    seats = [{"policy": "rollout", "base": "greedy", "candidates": 3, "rollouts": 4, "horizon": 0}] + ["greedy"] * 3

    def no_text(text):
        raise AssertionError(f"parsed as text: {text}")
    monkeypatch.setattr(config, "parse_override", no_text)
    loaded = file.load([Override.of("victory_points", 12), Override.of("seats", seats)])
    assert loaded.rules.victory_points == 12 and loaded.seats[0].search["candidates"] == 3
    assert Override.of("seats", seats[1:]).text == 'seats=["greedy", "greedy", "greedy"]'
    assert seats[0] == {"policy": "rollout", "base": "greedy", "candidates": 3, "rollouts": 4, "horizon": 0}
    with pytest.raises(ScenarioError, match="--set: victory_points: 99 is out of range"):
        file.load([Override.of("victory_points", 99)])


def test_the_file_carries_its_command_tables():
    tune = ScenarioFile(find_scenario("tune-grundbesitz-landlord"))
    params, objective, budget, margin, constraints = tune.tune
    assert params and objective.startswith("policy-parity") and constraints is None and tune.sweep is None
    vary, baseline, correction, margin = ScenarioFile(find_scenario("sweep-vp-red")).sweep
    assert list(vary) == ["victory_points", "board.no_adjacent_red"] and correction == "holm"



TUNE_BASE = 'name = "t"\nplayers = 4\nseats = ["greedy", "greedy", "roads", "devcards"]\n'


def test_the_tune_table_holds_constraints_and_tune_races_under_them(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(TUNE_BASE + '[tune]\nparam = ["victory_points=8..9"]\nobjective = "seat-fairness"\n'
                    'budget = 400\nconstraint = "turns>=1"\n', encoding="utf-8")
    assert ScenarioFile(path).tune[4] == ["turns>=1"]   # one text as a list of one, as the repeatable flag
    result = invoke("tune", path, "-o", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    said = json.loads((tmp_path / "out" / "verdicts.json").read_text())
    assert [c["constraint"] for c in said["constraints"]] == ["turns>=1"]
    assert "--constraint 'turns>=1'" in (tmp_path / "out" / "report.md").read_text()   # its reproduce line


@pytest.mark.parametrize("table, says", [
    ("constraints = [\"turns<=80\"]", "tune.constraints: unknown key; allowed: param, objective, budget, margin, "
                                        "constraint"),
    ("constraint = [80]", "tune.constraint: expected a list of texts"),
    ("param = \"victory_points=8..9\"\nbudget = -5", "tune.budget: expected a number of games, got -5"),
    ("objective = 3", "tune.objective: expected a text"),
])
def test_a_bad_tune_table_names_the_file_and_key(tmp_path, table, says):
    path = tmp_path / "t.toml"
    path.write_text(TUNE_BASE + "[tune]\n" + table + "\n", encoding="utf-8")
    result = invoke("tune", path, "-o", tmp_path / "out")
    assert result.exit_code == 2 and f"t.toml: {says}" in result.output, result.output
    assert not (tmp_path / "out").exists()

def test_meta_json_has_one_writer():
    """Only simcore/run/meta.py writes a file named by META or 'meta.json' (write_json, write_text, open)."""
    writers = []
    for path in sorted((ROOT / "simcore").rglob("*.py")) + [ROOT / "cli.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in \
                    ("write_json", "write_text", "write_atomic"):
                text = ast.unparse(node)
                if "META" in text or "meta.json" in text:
                    writers.append(f"{path.relative_to(ROOT)}: {text}")
    assert writers == ["simcore/run/meta.py: write_json(Path(folder) / META, meta)"], "\n".join(writers)
