"""The hook point city_changed (simcore.engine.hooks), which C&K's Saboteur, repairs and barbarians
call (simcore.variants.ck.cities) and Autarkie plugs into on its C&K substrate: exercised by a variant
declared in this file and played through the CLI on ruleset = "ck", as
tests/test_hook_points.py does for the other hook points.

The "citybox" rules count, per seat, the calls of city_changed and the damaged cities the
calls saw; nothing else changes.
"""
import pandas as pd
import pytest

from simcore.accel.jit import jitted
from simcore.engine.variant import Variant, register
from tests.variant_boxes import clis


def declare():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Rules:
        pass
    global S_CALLS, S_DAMAGED
    box = register(Variant(name="citybox", title="city_changed box", rules=Rules,
                           seat_columns=(("box_city_calls", "city_changed calls for this seat's cities"),
                                         ("box_city_damaged", "calls that saw the city damaged"))))
    S_CALLS, S_DAMAGED = box.seat("box_city_calls"), box.seat("box_city_damaged")


@jitted
def city_changed(st, p, c):
    """Hook: count the call; a damaged city is still p's city."""
    st.stats[p, S_CALLS] += 1
    if st.ck_damaged[c] != 0 and st.corner_owner[c] == p and st.corner_level[c] == 2:
        st.stats[p, S_DAMAGED] += 1


SCENARIO = """\
name = "citybox"
games = 60
seed = 7
players = 4
seats = ["greedy", "knights", "science", "random"]
ruleset = "ck"

[ck]
barbarian_steps = 3
progress_deck = {{ saboteur = 12 }}
saboteur = "{saboteur}"

[variants.citybox]
"""


@pytest.fixture(scope="module")
def citybox_games(tmp_path_factory, box_env):
    d = tmp_path_factory.mktemp("citybox")
    scenario = d / "citybox.toml"
    scenario.write_text(SCENARIO.format(saboteur="damage"), encoding="utf-8")
    run, = clis("citybox", box_env("citybox"),
                ["run", scenario, "-q", "--no-report", "-o", d / "out"])
    assert run.returncode == 0, run.stderr
    return pd.read_csv(d / "out" / "games.csv")


def test_city_changed_is_called_for_every_damage_repair_and_pillage(citybox_games):
    games = citybox_games
    for s in range(4):
        calls = games[f"seat{s}_box_city_calls"]
        events = games[f"seat{s}_ck_sabotaged"] + games[f"seat{s}_ck_repairs"] + games[f"seat{s}_ck_cities_pillaged"]
        assert (calls == events).all(), s
    assert games[[f"seat{s}_ck_sabotaged" for s in range(4)]].to_numpy().sum() > 0
    assert games[[f"seat{s}_ck_cities_pillaged" for s in range(4)]].to_numpy().sum() > 0


def test_the_hook_sees_the_result_damage_before_repair(citybox_games):
    games = citybox_games
    for s in range(4):
        assert (games[f"seat{s}_box_city_damaged"] == games[f"seat{s}_ck_sabotaged"]).all(), s
