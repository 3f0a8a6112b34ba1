"""tune --constraint (simcore.studies.tune.race, reports.objectives.Constraint, reports.tune_report): a candidate
shown to break a constraint leaves the race, only those shown to meet every constraint are judged, and the
answer says which constraints bind.  Hand-made games: no kernel."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from reports import objectives, tune_report
from simcore.engine.errors import InputError
from simcore.run.config import Rules, Scenario, SeatSpec
from simcore.studies import tune

SCENARIO = Scenario(name="t", rules=Rules(players=4), seats=tuple(SeatSpec("greedy") for _ in range(4)))
SOLO = Scenario(name="solo", rules=Rules(players=1), seats=(SeatSpec("greedy"),))

# candidate -> (mean player-turns, mean lead changes, its spread)
GAMES = {"short-near": (70, 2.3, 1.0), "long-on-aim": (92, 2.0, 0.0), "short-far": (70, 4.0, 1.0)}


def _play(name, start, count):
    rng = np.random.default_rng([start, len(name)])
    turns, lead, sd = GAMES[name]
    return pd.DataFrame({"turns": np.round(rng.normal(turns, 12, count)),
                         "lead_changes": np.round(lead + sd * rng.standard_normal(count), 1),
                         "winner_behind_half": (rng.random(count) < 0.3).astype(int)})


def _race(budget=6000):
    plan = SimpleNamespace(settings=[SimpleNamespace(label=n, values={"x": i}, scenario=n)
                                     for i, n in enumerate(GAMES)])
    goal = objectives.parse("target:lead_changes=2", SCENARIO)
    limit = objectives.parse_constraint("turns<=80", SCENARIO)
    alpha, constraint_alpha = tune.CONSTRAINED_ALPHA
    race = tune.race(plan, goal, budget, judge=tune_report.judge_for(goal, replicates=200), play=_play,
                     alpha=alpha, constraints=[limit], constraint_alpha=constraint_alpha)
    return goal, race


def test_a_broken_constraint_leaves_the_race_and_binds():
    goal, race = _race()
    assert race.broken[1] == 0 and race.status[1] == ["broken"]          # 92 turns: shown above 80 at once
    assert race.status[0] == ["met"] and race.dropped[2] is not None     # far from the aim: worse than the first
    result = tune_report.conclude(goal, race, replicates=200)
    assert tune_report.recommended(result) and result["best"] == 0
    found = tune_report.constraint_findings(result)[0]
    assert found["binds"] and found["better_excluded"] == ["long-on-aim"] and found["broken"] == ["long-on-aim"]
    said = " ".join(tune_report.sentences(result))
    assert "Recommended: short-near" in said and "it binds: long-on-aim" in said
    assert tune_report._verdict_word(result, next(result["table"].iloc[[1]].itertuples())) == \
        "dropped: breaks a constraint"


def test_without_a_candidate_meeting_the_constraints_nothing_is_recommended():
    goal, race = _race()
    strict = objectives.parse_constraint("turns<=50", SCENARIO)
    race.constraints, race.status = (strict,), [["broken"]] * 3
    race.broken = [0, 0, 0]
    result = tune_report.conclude(goal, race, replicates=200)
    assert not tune_report.recommended(result)
    assert "No candidate is shown to meet every constraint" in tune_report.sentences(result)[0]


@pytest.mark.parametrize("values,limit,op,want", [
    (np.full(400, 70.0) + np.tile([-1.0, 1.0], 200), 80, "<=", "met"),
    (np.full(400, 90.0) + np.tile([-1.0, 1.0], 200), 80, "<=", "broken"),
    (np.full(400, 80.0) + np.tile([-1.0, 1.0], 200), 80, "<=", "open"),
    (np.repeat([1.0, 0.0], [160, 240]), 0.3, ">=", "met"),         # 40% of 400 games: Wilson bound above 30%
    (np.repeat([1.0, 0.0], [80, 320]), 0.3, ">=", "broken"),
])
def test_a_constraint_is_settled_by_a_one_sided_bound(values, limit, op, want):
    stat = "comeback" if limit < 1 else "turns"
    c = objectives.parse_constraint(f"{stat}{op}{limit}", SCENARIO)
    assert c.status(values, 0.01) == want


@pytest.mark.parametrize("text,scenario,says", [
    ("turns<80", SCENARIO, "no <= or >="),
    ("speed<=80", SCENARIO, "unknown statistic 'speed'"),
    ("comeback>=1.5", SCENARIO, "out of range"),
    ("turns<=many", SCENARIO, "'many' is not a number"),
    ("lead_changes>=2", SOLO, "one player"),
])
def test_a_bad_constraint_is_a_clear_error(text, scenario, says):
    with pytest.raises(InputError, match=says):
        objectives.parse_constraint(text, scenario)


def test_the_fewest_turns_under_a_constraint_on_comebacks():
    # --objective turns (min:turns): the shortest candidate wins; its loss is the mean itself
    plan = SimpleNamespace(settings=[SimpleNamespace(label=n, values={"x": i}, scenario=n)
                                     for i, n in enumerate(GAMES)])
    goal = objectives.parse("turns", SCENARIO)
    assert (goal.kind, goal.stat, goal.signed) == ("min", "turns", False)
    assert objectives.parse("lead_changes", SCENARIO).kind == "max"
    race = tune.race(plan, goal, 6000, judge=tune_report.judge_for(goal, replicates=200), play=_play)
    assert race.dropped[1] is not None                                   # 92 turns: worse than 70
    result = tune_report.conclude(goal, race, replicates=200)
    assert result["best"] in (0, 2) and result["out_of_reach"] is None and result["fit"] is None
    measure = goal.measure(["a"], [race.data[0]])
    assert measure.losses()[0] == pytest.approx(race.data[0][:, 0].mean())
    assert "as few as can be" in goal.words
    with pytest.raises(InputError, match="one player"):
        objectives.parse("comeback", SOLO)
