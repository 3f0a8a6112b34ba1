"""--players strong / played_by = "strong" (simcore.run.played_by; docs/players.md, Every seat strong): every
seat the strong player's, a style's seat restricted to its style and labelled by it (strong:landlord), recorded
in meta.json and the reproduce line; bad values are one error line."""
import json

import pytest

from simcore.run.config import load_scenario
from simcore.run.styles import seats_playing
from tests.test_cli import assert_bad_input, invoke

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

GB = """name = "gb"
players = 4
games = 40
seed = 3
seats = ["greedy", "landlord", "blocker", {policy = "rollout", base = "greedy", rollouts = 2}]
[variants.grundbesitz]
"""
STRONG = ['played_by="strong"']


def _seats(scenario):
    return [(s.policy, s.search.get("style")) for s in scenario.seats]


def test_every_seat_strong_styles_kept(scenario_file):
    scenario = load_scenario(scenario_file(GB), STRONG)
    assert _seats(scenario)[:3] == [("strong", None), ("strong", "landlord"), ("strong", "blocker")]
    assert scenario.seats[3].policy == "rollout"   # a rollout seat stays as it is
    plain = load_scenario(scenario_file(GB))
    assert [s.policy for s in plain.seats] == ["greedy", "landlord", "blocker", "rollout"]


def test_file_key_and_solo_sheriff(scenario_file):
    path = scenario_file(GB.replace('seats =', 'played_by = "strong"\nseats ='))
    assert _seats(load_scenario(path))[:2] == [("strong", None), ("strong", "landlord")]
    robin = load_scenario("scenarios/robin-hood.toml", STRONG)   # the plain Sheriff and the warden's style
    assert _seats(robin) == [("strong", None), ("strong", "sheriff-warden")]


@pytest.mark.parametrize("text, sets, fragments", [
    (GB, ['played_by="weak"'], ["--players: played_by: unknown value \"weak\"", "allowed: strong"]),
    (GB.replace('seats =', 'played_by = 1\nseats ='), [],
     ["small.toml: played_by: unknown value 1", "allowed: strong"]),
    (GB.replace("players = 4", 'players = "strong"'), [], ['players: "strong" is a player, not a count',
                                                            'played_by = "strong"']),
    (GB.replace('"greedy", "landlord"', '{policy = "greedy", weights = {devcard = 0.8}}, "landlord"'), STRONG,
     ["--players: seats[0]: greedy with weights of its own", "allowed: seats naming a preset"]),
])
def test_bad_values_are_one_line(scenario_file, text, sets, fragments):
    result = invoke("run", scenario_file(text), *[a for s in sets for a in ("--set", s)], "-n", 5, "--no-report")
    assert_bad_input(result, *fragments)


def test_bad_flag_value(scenario_file, tmp_path):
    out = tmp_path / "out"
    for command in (["run", scenario_file(GB)], ["sweep", scenario_file(GB), "--vary", "victory_points=8,10"],
                    ["tune", scenario_file(GB), "--param", "victory_points=8,10", "--objective", "seat-fairness"]):
        assert_bad_input(invoke(*command, "--players", "greedy", "-o", out) if command[0] != "tune" else
                         invoke(*command, "--players", "greedy"),
                         "--players greedy: unknown; allowed: strong")
    assert not out.exists()


def test_run_labels_styles_and_records_the_flag(scenario_file, tmp_path):
    out = tmp_path / "strong"
    text = GB.replace(', {policy = "rollout", base = "greedy", rollouts = 2}', ', "greedy"')
    result = invoke("run", scenario_file(text), "--players", "strong", "-n", 40, "-o", out)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert [s["label"] for s in summary["specs"]] == ["strong", "strong:landlord", "strong:blocker", "strong"]
    assert [p["policy"] for p in summary["policies"]] == ["strong", "strong:landlord", "strong:blocker"]
    assert json.loads((out / "meta.json").read_text())["overrides"] == STRONG
    assert "--players strong --out" in (out / "report.md").read_text()
    assert "strong:landlord" in result.stdout


def test_a_question_finds_the_styled_seat(scenario_file):
    path = scenario_file(GB.replace("[variants", 'question = { measure = "policy:landlord" }\n[variants'))
    load_scenario(path, STRONG)   # (no error: landlord is played by strong:landlord)
    names = ["strong", "strong:landlord", "strong:blocker", "strong"]
    assert seats_playing(names, "landlord") == [1] and seats_playing(names, "strong") == [0, 3]
    assert seats_playing(["landlord", "strong:landlord"], "landlord") == [0]   # a hand seat of that name first


def test_robust_seats_strong_in_one_seat(scenario_file):
    from simcore.run.config import ScenarioFile
    from simcore.studies import robust
    file = ScenarioFile(scenario_file(GB.replace(', {policy = "rollout", base = "greedy", rollouts = 2}',
                                                 ', "greedy"')))
    plan = robust.plan(file, [], ["victory_points=8,10"], None, players="strong", seat=1)
    assert _seats(plan.others[0].plan.settings[0].scenario) == [("greedy", None), ("strong", "landlord"),
                                                        ("blocker", None), ("greedy", None)]
    every = robust.plan(file, [], ["victory_points=8,10"], None, players="strong")
    assert _seats(every.others[0].plan.settings[1].scenario)[:2] == [("strong", None), ("strong", "landlord")]


def test_robust_says_beside_the_hand_sweep_whether_it_holds(tmp_path):
    out = tmp_path / "robust"
    result = invoke("robust", "grundbesitz", "--vary", "variants.grundbesitz.markers_per_block=1,3", "--players",
                    "strong", "--seat", 1, "-n", 40, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    hand = json.loads((out / "hand" / "verdicts.json").read_text())["robustness"]
    assert hand["state"] == "compared" and set(hand["measures"]) == {"seats", "styles"}
    assert hand["measures"]["seats"] in ("holds", "does not hold", "shifts", "undetermined")
    assert "--players 'strong' --seat 1" in hand["command"] and "With the strong player" in hand["text"]
    assert "mixes strength and style" in result.stdout   # one seat changed: labelled a mix
    one_seat = json.loads((out / "players" / "verdicts.json").read_text())["robustness"]
    assert one_seat["state"] == "not checked"   # (strong in one seat only: not the strong players' verdicts)
    alone = tmp_path / "alone"
    assert invoke("sweep", "grundbesitz", "--vary", "variants.grundbesitz.markers_per_block=1,3", "-n", 40,
                  "-o", alone, "-q").exit_code == 0
    said = json.loads((alone / "verdicts.json").read_text())["robustness"]
    assert said["state"] == "not checked" and "--players strong -n 40 --seed 1 --vary" in said["command"]


def test_the_pick_line_says_whether_it_was_checked_with_strong_players(tmp_path):
    import pandas as pd
    from types import SimpleNamespace
    from reports.answer import _pick
    from simcore.run.outputs import write_json
    study = SimpleNamespace(kind="sweep", path=tmp_path, vary={"victory_points": [8, 10, 12]},
                            meta={"source": "s.toml", "games": 100, "seed": 2, "overrides": []},
                            runs=[SimpleNamespace(label=x) for x in ("a", "b", "c")])
    verdicts = {"seats": pd.DataFrame({"setting": ["a", "b", "c"], "less_fair": [False, True, False]})}
    pick, said = _pick(study, verdicts, {})
    assert pick.startswith("Pick from: a; c") and said.startswith("Not checked with strong players: `catan-balance "
                                                                  "robust s.toml --players strong -n 100 --seed 2 "
                                                                  "--vary 'victory_points=8,10,12'`")
    write_json(tmp_path / "robustness.json", {"players": "strong in every seat", "command": "catan-balance robust x",
                                              "report": "r.html", "measures": {"seats": {"state": "does not hold"}}})
    assert _pick(study, verdicts, {})[1] == ("With strong in every seat: seat fairness does not hold "
                                             "(`catan-balance robust x`; r.html).")
    study.meta["overrides"] = ['played_by="strong"']
    assert _pick(study, verdicts, {})[1].startswith("Checked with strong players: every seat")

