"""Cities & Knights scenario surface: `ruleset = "ck"` and its [ck] table, validated
(one-line errors naming file, key and what is allowed; exit 2 from the CLI)."""
import subprocess
import sys

import pytest

from simcore.run.config import load_scenario, pack_rules
from simcore.engine.errors import ScenarioError
from simcore.variants.ck import P_CK_ON, P_CK_STEPS, P_CK_VP

HEAD = 'name = "x"\nplayers = {players}\nseats = [{seats}]\n'


def _file(scenario_file, body, players=4):
    seats = ", ".join(['"greedy"'] * players)
    return scenario_file(HEAD.format(players=players, seats=seats) + body)


def test_ruleset_ck_switches_the_rules_on_with_defaults(scenario_file):
    params = pack_rules(load_scenario(_file(scenario_file, 'ruleset = "ck"\n')))
    assert params[P_CK_ON] == 1 and params[P_CK_VP] == 13 and params[P_CK_STEPS] == 7
    base = pack_rules(load_scenario(_file(scenario_file, "")))
    assert base[P_CK_ON] == 0


def test_ck_parameters_and_overrides(scenario_file):
    path = _file(scenario_file, 'ruleset = "ck"\n[ck]\nvictory_points = 16\nprogress_deck = { spy = 0 }\n')
    sc = load_scenario(path, ["ck.barbarian_steps=5"])
    assert sc.rules.variants["ck"].victory_points == 16 and sc.rules.variants["ck"].barbarian_steps == 5
    assert sc.rules.variants["ck"].progress_deck["spy"] == 0 and sc.rules.variants["ck"].progress_deck["merchant"] == 6


@pytest.mark.parametrize("body,players,key", [
    ('ruleset = "ck"\n[ck]\nprogress_deck = { jester = 1 }\n', 4, "ck.progress_deck.jester"),
    ('ruleset = "ck"\n[ck]\nprogress_deck = { spy = -1 }\n', 4, "ck.progress_deck.spy"),
    ('ruleset = "ck"\n[ck]\ncommodity_supply = -1\n', 4, "ck.commodity_supply"),
    ('ruleset = "ck"\n[ck]\nbarbarian_steps = 0\n', 4, "ck.barbarian_steps"),
    ('ruleset = "ck"\n[ck]\nvictory_points = 31\n', 4, "ck.victory_points"),
    ('ruleset = "ck"\n[ck]\nsaboteur = "steal"\n', 4, "ck.saboteur"),
    ('ruleset = "ck"\n', 2, "players"),
    ('ruleset = "ck"\n', 1, "players"),
    ('[ck]\nvictory_points = 12\n', 4, "ck"),
    ('ruleset = "knights"\n', 4, "ruleset"),
])
def test_bad_values_are_refused_with_file_key_and_allowed(scenario_file, body, players, key):
    path = _file(scenario_file, body, players)
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    text = str(e.value)
    assert text.startswith(f"{path}: {key}:") and "allowed:" in text and "\n" not in text


def test_cli_exit_2_for_five_players(scenario_file, tmp_path):
    path = _file(scenario_file, 'ruleset = "ck"\n', 5)
    run = subprocess.run([sys.executable, "cli.py", "run", str(path), "-o", str(tmp_path / "out"), "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "players" in run.stderr
    assert not (tmp_path / "out").exists()
