"""Bad [variants.grundbesitz] input through the CLI (issue 3 "Bad input"): one `error:`
line naming the key, exit 2, --out untouched; good input runs."""
import json

import pytest

from tests.conftest import SMALL
from tests.test_cli import assert_bad_input, invoke

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

KEY = "variants.grundbesitz."

BAD = [
    # (line in [variants.grundbesitz], fragments of the error line)
    ("allowed_numbers = [7]", ["allowed_numbers: 7 is not allowed"]),
    ("allowed_numbers = [6, 7, 8]", ["allowed_numbers: 7 is not allowed"]),
    ("allowed_numbers = [2, 13]", ["allowed_numbers: 13 is out of range"]),
    ("allowed_numbers = [1, 2]", ["allowed_numbers: 1 is out of range"]),
    ("allowed_numbers = [0]", ["allowed_numbers: 0 is out of range"]),
    ("allowed_numbers = []", ["allowed_numbers: empty"]),
    ("allowed_numbers = [5, 5]", ["allowed_numbers: a number appears twice"]),
    ("allowed_numbers = 6", ["allowed_numbers: expected an array"]),
    ("markers_per_block = -1", ["markers_per_block: -1 is out of range"]),
    ("markers_per_knight_block = -3", ["markers_per_knight_block: -3 is out of range"]),
    ("removals_per_round = -1", ["removals_per_round: -1 is out of range"]),
    ("yield_delay_rounds = -1", ["yield_delay_rounds: -1 is out of range"]),
    ("max_per_player = -1", ["max_per_player: -1 is out of range"]),
    ("max_counter_depth = 0", ["max_counter_depth: 0 is out of range"]),
    ("defence_steal_knights = 3", ["defence_steal_knights: 3 is out of range"]),
    ("cost = [1, 1, 1, 1]", ["cost: 4 values, not 5"]),
    ("cost = [1, 1, 1, 1, 1, 1]", ["cost: 6 values, not 5"]),
    ("cost = []", ["cost: 0 values, not 5"]),
    ("cost = [1, 1, 1, 1, -1]", ["cost: -1 is out of range"]),
    ("cost = [1, 1, 1, 1, 1.5]", ["cost: 1.5 is not an integer"]),
    ("cost = [1, 1, true, 1, 1]", ["cost: true is not an integer"]),
    ('cost = "1,1,1,1,1"', ["cost: expected an array"]),
    ("cost = 5", ["cost: expected an array"]),
    ("defence = 1", ["defence: expected true or false"]),
    ("marker_per_block = 2", ["marker_per_block: unknown key (did you mean variants.grundbesitz.markers_per_block?)"]),
]


@pytest.mark.parametrize("line, fragments", BAD)
def test_bad_grundbesitz_value_in_the_file(scenario_file, tmp_path, line, fragments):
    out = tmp_path / "out"
    text = SMALL + "[variants.grundbesitz]\n" + line + "\n"
    assert_bad_input(invoke("run", scenario_file(text), "--out", out),
                     KEY + fragments[0], "allowed:", *fragments[1:])
    assert not out.exists()


@pytest.mark.parametrize("override, fragment", [
    ("allowed_numbers=[2, 7]", "allowed_numbers: 7 is not allowed"),
    ("allowed_numbers=[]", "allowed_numbers: empty"),
    ("markers_per_block=-2", "markers_per_block: -2 is out of range"),
    ("cost=[0, 0, 0, 0]", "cost: 4 values, not 5"),
])
def test_bad_grundbesitz_override(tmp_path, override, fragment):
    out = tmp_path / "out"
    assert_bad_input(invoke("run", "grundbesitz", "--out", out, "--set", KEY + override),
                     "--set: " + KEY + fragment)
    assert not out.exists()


def test_good_grundbesitz_input_runs(scenario_file, tmp_path):
    text = SMALL + ("[variants.grundbesitz]\nallowed_numbers = [2, 3, 11, 12]\ncost = [0, 1, 0, 0, 2]\n"
                    "markers_per_block = 0\nmax_counter_depth = 2\n")
    out = tmp_path / "out"
    result = invoke("run", scenario_file(text), "--out", out, "--games", "6", "--quiet")
    assert result.exit_code == 0, result.output
    gb = json.loads((out / "summary.json").read_text())["rules"]["variants"]["grundbesitz"]
    assert gb["allowed_numbers"] == [2, 3, 11, 12] and gb["cost"] == [0, 1, 0, 0, 2]
    assert gb["markers_per_block"] == 0 and gb["max_counter_depth"] == 2
    assert gb["markers_per_knight_block"] == 3                  # a default
