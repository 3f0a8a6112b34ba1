"""A scenario's own question (issue 39): `question = { measure = "policy:NAME", compare = ... }` is
answered first in the report's Answer, with its error rate stated; bad values are one error line."""
from types import SimpleNamespace

import numpy as np
import pytest
from typer.testing import CliRunner

from cli import app
from reports.question import policy_against_baseline

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

SCENARIO = """name = "q"
description = "Beginner board: do development cards get stronger at 12 VP than at 10?"
games = 40
seed = 1
players = 4
seats = ["greedy", "greedy", "roads", "devcards"]
question = {question}

[board]
layout = "beginner"

[sweep]
vary.victory_points = [10, 12]
"""


def _file(tmp_path, question):
    path = tmp_path / "q.toml"
    path.write_text(SCENARIO.replace("{question}", question))
    return path


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("question, key, allowed", [
    ('{ measure = "policy:devcard" }', "question.measure", 'allowed: "policy:NAME", NAME a policy of the seats '
                                                            '(greedy, roads, devcards)'),
    ('{ measure = "wins" }', "question.measure", '"policy:NAME"'),
    ('{ measure = "policy:devcards", compare = "base" }', "question.compare", 'allowed: "others" or "baseline"'),
    ('{ measure = "policy:devcards", against = "x" }', "question.against", "allowed: measure, compare"),
    ('"devcards"', "question", "allowed: a table"),
    ('{ compare = "others" }', "question.measure", "missing"),
])
def test_a_bad_question_is_one_line_naming_the_file_and_key(tmp_path, question, key, allowed):
    path = _file(tmp_path, question)
    for command in ("run", "sweep"):
        done = invoke(command, path, "--out", tmp_path / "out")
        assert done.exit_code == 2, done.output
        line = done.stderr.strip()
        assert "\n" not in line and line.startswith(f"error: {path}: {key}: ") and allowed in line
        assert not (tmp_path / "out").exists()


def test_the_answer_opens_with_the_scenarios_question_against_the_baseline(tmp_path):
    path = _file(tmp_path, '{ measure = "policy:devcards", compare = "baseline" }')
    done = invoke("sweep", path, "-q", "--out", tmp_path / "s")
    assert done.exit_code == 0, done.output
    answer = done.stdout.split("Answer: ")[1].splitlines()
    assert answer[0] == "Do development cards get stronger at 12 VP than at 10?"
    assert answer[1].startswith("- Devcards against the baseline (10 VP): ")
    assert "12 VP: " in answer[1]     # the question and the verdicts share the report's 5% (reports.budget)
    assert "game by game on the same seeds; 98.8% interval, 1.2% of the report's 5%" in answer[1]
    import json
    asked = json.loads((tmp_path / "s" / "verdicts.json").read_text())["questions"]["scenario"]
    assert [r["setting"] for r in asked["settings"]] == ["victory_points=12"]
    assert asked["settings"][0]["verdict"] in ("stronger", "weaker", "not told apart")
    assert "Devcards against the baseline (10 VP)" in (tmp_path / "s" / "report.md").read_text()
    page = (tmp_path / "s" / "report.html").read_text()   # the chart that answers it comes first
    assert page.index("<div class='answer'>") < page.index("alt='Differences against the baseline'") < \
        page.index("alt='Seat fairness per setting'") < page.index("<details class='section'>")
    run = invoke("run", path, "-q", "--out", tmp_path / "r")   # a run of the file has no baseline, and says so
    assert run.exit_code == 0 and "- Devcards against the baseline: a run has none to compare with" in run.stdout
    others = _file(tmp_path, '{ measure = "policy:devcards" }')   # against the others at the same table
    run = invoke("run", others, "-q", "--out", tmp_path / "o")
    assert run.exit_code == 0 and "The devcards is " in run.stdout.split("Answer: ")[1]


def _run(label, winners, specs):
    return SimpleNamespace(label=label, players=4, winner_spec=winners,
                           summary={"specs": [{"policy": p, "label": p} for p in specs]})


def test_against_the_baseline_a_false_stronger_or_weaker_comes_in_at_most_five_percent():
    """Null sweeps: every setting's devcards wins 25% of its games, independently; the three settings'
    simultaneous intervals call any of them stronger or weaker in at most 5% of the sweeps (here 400)."""
    rng = np.random.default_rng(7)
    specs = ["greedy", "greedy", "roads", "devcards"]
    wrong = 0
    for _ in range(400):
        runs = [_run(f"s{i}", np.where(rng.random(2000) < 0.25, 3, rng.integers(0, 3, 2000)), specs) for i in range(4)]
        study = SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=True)
        answer = policy_against_baseline(study, "devcards")
        wrong += any(r["verdict"] != "not told apart" for r in answer["settings"])
    assert wrong <= 0.05 * 400 + 2 * np.sqrt(400 * 0.05 * 0.95), wrong     # 5% and two standard errors
    shifted = [_run("s0", np.where(rng.random(4000) < 0.25, 3, 0), specs),
               _run("s1", np.where(rng.random(4000) < 0.30, 3, 0), specs)]
    answer = policy_against_baseline(SimpleNamespace(runs=shifted, baseline=0, base=shifted[0], paired=True), "devcards")
    assert answer["settings"][0]["verdict"] == "stronger" and answer["settings"][0]["lo"] > 0
