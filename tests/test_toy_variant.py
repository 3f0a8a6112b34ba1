"""A variant declared entirely in this file, played through the CLI: the proof that a
variant plugs in with no edit of the engine's files (docs/architecture.md).

The toy rule: each roll that makes a forest (lumber hex, not under the robber) produce
pays its roller `extra` more lumber from the bank.  One parameter (variants.toy.extra),
one state field (toy_paid), one record column (seatK_toy_lumber), one log event
(toy_pay), one hook (after_production), and a report entry.

The toy is registered only in the processes that play it (tests/variant_boxes.py, with the
other boxes of its group, idle): registered here, it would widen every layout of the test session.
"""
import json
from dataclasses import dataclass

import pandas as pd
import pytest

from reports.variants import VariantReport
from simcore.engine.economy import give
from simcore.engine.events import log_event
from simcore.engine.fields import integer
from simcore.accel.jit import jitted
from simcore.engine.variant import Variant, register
from tests.variant_boxes import clis, idle_tables

LUMBER = 0


@dataclass(frozen=True)
class ToyRules:
    extra: int = integer(1, 0, 3)


def declare():
    """Register the toy; its layouts become this module's constants (read when its hook compiles)."""
    global TOY, P_TOY_EXTRA, S_TOY_LUMBER, E_TOY_PAY
    TOY = register(Variant(
        name="toy", title="Toy (forests pay extra lumber)", rules=ToyRules,
        scalars=(("toy_paid", "extra lumber paid in this game"),),
        seat_columns=(("toy_lumber", "extra lumber this seat received from forest rolls"),),
        events=(("toy_pay", ("hex", "amount", "-", "-")),)))
    P_TOY_EXTRA, S_TOY_LUMBER, E_TOY_PAY = TOY.slot("extra"), TOY.seat("toy_lumber"), TOY.event("toy_pay")


@jitted
def after_production(st, p):
    """Hook: the toy rule after the roll's production."""
    if st.last_roll == 7:
        return
    for i in range(2):
        h = st.number_hexes[st.last_roll, i]
        if h >= 0 and h != st.robber and st.hex_resource[h] == LUMBER:
            n = min(st.params[P_TOY_EXTRA], st.bank[LUMBER])
            if n > 0:
                give(st, p, LUMBER, n, S_TOY_LUMBER)
                st.toy_paid += n
                log_event(st, E_TOY_PAY, p, h, n, 0, 0)


ENTRY = VariantReport(name="toy", title="Toy (forests pay extra lumber)",
                      about="Extra lumber from forest rolls per player and game.")


# --- the tests: each plays through the CLI in a fresh process (tests/variant_boxes.py) ---

SCENARIO = """\
name = "toy"
games = 40
seed = 3
players = 4
seats = ["greedy", "roads", "devcards", "random"]

[variants.toy]
extra = {extra}
""" + "\n" + idle_tables("toy")


def toy_clis(env, *commands):
    return clis("boxes", env, *commands)


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory, box_env):
    """A run of 40 toy games with a report, and the replay log of game 0."""
    d = tmp_path_factory.mktemp("toy")
    scenario = d / "toy.toml"
    scenario.write_text(SCENARIO.format(extra=2), encoding="utf-8")
    run, replay = toy_clis(box_env("boxes"), ["run", scenario, "-q", "-o", d / "out"],
                           ["replay", scenario, "--game", 0, "--log", d / "game0.jsonl"])
    assert run.returncode == 0, run.stderr
    assert replay.returncode == 0, replay.stderr
    return d


def test_the_toy_column_is_in_games_csv_and_counts_its_lumber(toy_run):
    games = pd.read_csv(toy_run / "out" / "games.csv")
    cols = [f"seat{s}_toy_lumber" for s in range(4)]
    assert set(cols) <= set(games.columns)
    paid = games[cols].to_numpy()
    assert (paid >= 0).all() and paid.sum() > 0


def test_the_toy_event_is_in_the_replay_log(toy_run):
    events = [json.loads(line) for line in (toy_run / "game0.jsonl").read_text().splitlines()]
    pays = [e for e in events if e["type"] == "toy_pay"]
    assert pays and all(set(e) >= {"player", "hex", "amount"} for e in pays)
    # every payment follows a roll by its payee that made that hex produce
    for i, e in enumerate(events):
        if e["type"] == "toy_pay":
            roll = next(r for r in reversed(events[:i]) if r["type"] == "roll")
            assert roll["player"] == e["player"] and 1 <= e["amount"] <= 2


def test_the_report_shows_the_toy_column(toy_run):
    text = (toy_run / "out" / "report.md").read_text(encoding="utf-8")
    # its section, with the column under its human name (reports.display)
    assert "## Toy (forests pay extra lumber)" in text and "| toy lumber |" in text


def test_a_bad_toy_parameter_is_a_one_line_error(tmp_path, box_env):
    scenario = tmp_path / "toy.toml"
    scenario.write_text(SCENARIO.format(extra=9), encoding="utf-8")
    result, = toy_clis(box_env("boxes"), ["run", scenario, "-q", "-o", tmp_path / "out"])
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert lines[0] == (f"error: {scenario}: variants.toy.extra: 9 is out of range; "
                        "allowed: an integer from 0 to 3")


def test_the_toy_is_not_registered_in_this_process():
    from simcore.engine.variant import REGISTRY
    assert "toy" not in REGISTRY
