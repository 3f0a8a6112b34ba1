"""The hook points Cities & Knights and Autarkie plug into (setup, roll, owe, forbids,
victory_points: simcore.engine.hooks), each exercised by a variant declared in this file and
played through the CLI, as tests/test_toy_variant.py does for the others.

The "hookbox" rules: the setup goes in reverse snake order (last seat first); the
number dice always show `number`; every grain the dice owe is paid as wool instead;
nobody may buy a development card; every player has `bonus` VP more.  With `active = 0`
none of this happens (the box idle: tests/variant_boxes.py).
"""
import json

import pandas as pd
import pytest

from simcore.engine.actions import A_BUY_DEV
from simcore.engine.fields import integer
from simcore.engine.game import setup_placement
from simcore.accel.jit import jitted
from simcore.engine.variant import Variant, register
from tests.variant_boxes import clis, idle_tables

GRAIN, WOOL = 3, 2


def declare():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Rules:
        number: int = integer(6, 2, 12)
        bonus: int = integer(3, 0, 5)
        active: int = integer(1, 0, 1)
    global P_NUMBER, P_BONUS, P_ACTIVE
    box = register(Variant(name="hookbox", title="Hook box", rules=Rules))
    P_NUMBER, P_BONUS, P_ACTIVE = box.slot("number"), box.slot("bonus"), box.slot("active")


@jitted
def setup(st):
    """Hook: the snake order from the last seat (game.setup_placement does each placement)."""
    if st.params[P_ACTIVE] == 0:
        return False
    for p in range(st.players - 1, -1, -1):
        setup_placement(st, p, False)
    for p in range(st.players):
        setup_placement(st, p, True)
    return True


@jitted
def roll(st, p):
    """Hook: the dice show `number`."""
    return st.params[P_NUMBER] if st.params[P_ACTIVE] != 0 else -1


@jitted
def owe(st, number):
    """Hook: grain owed is paid as wool."""
    if st.params[P_ACTIVE] == 0:
        return
    for p in range(st.players):
        st.owed[p, WOOL] += st.owed[p, GRAIN]
        st.owed[p, GRAIN] = 0


@jitted
def forbids(st, p, a, x, y):
    return st.params[P_ACTIVE] != 0 and a == A_BUY_DEV


@jitted
def victory_points(st, p):
    return st.params[P_BONUS] if st.params[P_ACTIVE] != 0 else 0


SCENARIO = """\
name = "hookbox"
games = 30
seed = 5
players = 4
seats = ["greedy", "roads", "devcards", "random"]

[variants.hookbox]
number = {number}
bonus = 3
""" + "\n" + idle_tables("hookbox")


@pytest.fixture(scope="module")
def hookbox_run(tmp_path_factory, box_env):
    d = tmp_path_factory.mktemp("hookbox")
    scenario = d / "hookbox.toml"
    scenario.write_text(SCENARIO.format(number=6), encoding="utf-8")
    run, replay = clis("boxes", box_env("boxes"),
                       ["run", scenario, "-q", "--no-report", "-o", d / "out"],
                       ["replay", scenario, "--game", 0, "--log", d / "game0.jsonl"])
    assert run.returncode == 0, run.stderr
    assert replay.returncode == 0, replay.stderr
    events = [json.loads(line) for line in (d / "game0.jsonl").read_text().splitlines()]
    return pd.read_csv(d / "out" / "games.csv"), events


def test_setup_hook_places_in_its_own_order(hookbox_run):
    _, events = hookbox_run
    order = [e["player"] for e in events if e["type"] == "setup_settlement"]
    assert order == [3, 2, 1, 0, 0, 1, 2, 3]


def test_roll_hook_replaces_the_two_dice(hookbox_run):
    games, events = hookbox_run
    assert not [e for e in events if e["type"] == "roll"]        # the base dice never rolled
    discards = games[[f"seat{s}_spend_discards" for s in range(4)]].to_numpy()
    assert (discards == 0).all()                                 # never a 7
    board = next(e for e in events if e["type"] == "board")
    paid_hexes = {e["hex"] for e in events if e["type"] == "payout" and e.get("source") == "dice" and e["hex"] >= 0}
    assert paid_hexes and all(board["hexes"][h]["number"] == 6 for h in paid_hexes)


def test_owe_hook_changes_what_the_bank_pays(hookbox_run):
    _, events = hookbox_run
    dice = [e for e in events if e["type"] == "payout" and e.get("source") == "dice"]
    assert dice and not [e for e in dice if e["res"] == "grain"]


def test_forbids_hook_refuses_a_base_action(hookbox_run):
    games, _ = hookbox_run
    assert (games[[f"seat{s}_devcards_bought" for s in range(4)]].to_numpy() == 0).all()


def test_victory_points_hook_adds_to_every_seat(hookbox_run):
    games, _ = hookbox_run
    for s in range(4):
        parts = sum(games[f"seat{s}_vp_{k}"] for k in ("settlements", "cities", "cards", "army", "road"))
        assert ((games[f"seat{s}_vp"] - parts) == 3).all()
