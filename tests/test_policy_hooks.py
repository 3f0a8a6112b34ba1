"""A variant's bots plug in through its policy module (policies.dispatch), proven by a
variant declared in this file and played through the CLI, as tests/test_toy_variant.py
does for the rules: policies/decide.py and policies/randombot.py are not edited for it.

The "botbox" rules: once per turn a player may wave (its own action, bb_wave); after
each roll's production the roller is asked whether to cheer (its own choice point,
bb_cheer).  Its bots: the random policy adds the wave to its options (random_options);
the builder waves first when its weight bb_wave says so (builder_action; else it passes
to the base builder), the weight's declared default 1.0 being the builder presets'
value; the builder cheers when its weight bb_cheer (default 0) is positive, the random
policy at random.
"""
from dataclasses import dataclass

import pandas as pd
import pytest

from simcore.accel.jit import jitted
from simcore.engine.legal import is_legal
from simcore.engine.records import MAX_SEATS
from simcore.engine.variant import Variant, register
from tests.variant_boxes import clis, idle_tables


@dataclass(frozen=True)
class BotboxRules:
    """No parameters."""


def declare():
    global A_WAVE, S_WAVES, S_CHEERS, W_WAVE, W_CHEER, bb_cheer
    box = register(Variant(
        name="botbox", title="Bot box", rules=BotboxRules, choices=1,
        arrays=(("bb_waved", (MAX_SEATS,), "1 = the player waved this turn"),),
        seat_columns=(("bb_waves", "waves"), ("bb_cheers", "cheers")),
        actions=("bb_wave",),
        weights=(("bb_wave", "1 = wave each turn", 1.0), ("bb_cheer", "1 = cheer after each production"))))
    A_WAVE, W_WAVE, W_CHEER = box.action("bb_wave"), box.weight("bb_wave"), box.weight("bb_cheer")
    S_WAVES, S_CHEERS = box.seat("bb_waves"), box.seat("bb_cheers")
    from policies import randombot
    from policies.dispatch import choice_point
    bb_cheer = choice_point("bb_cheer", "st, p", randombot.coin, builder_cheer, random_args="")


# --- the rules (kernel hooks) ---------------------------------------------------------

@jitted
def is_legal_action(st, p, a, x, y):
    return st.bb_waved[p] == 0


@jitted
def apply_action(st, p, a, x, y):
    st.bb_waved[p] = 1
    st.stats[p, S_WAVES] += 1


@jitted
def end_turn(st, p):
    st.bb_waved[p] = 0


@jitted
def after_production(st, p):
    if bb_cheer(st, p):
        st.stats[p, S_CHEERS] += 1


# --- the bots (policy hooks and the choice point's builder side) ----------------------

@jitted
def random_options(st, p, n):
    if is_legal(st, p, A_WAVE, 0, 0):
        st.choice[n], st.choice_x[n], st.choice_y[n] = A_WAVE, 0, 0
        n += 1
    return n


@jitted
def builder_action(st, p, w):
    """The wave when its weight says so, else -1: the builder's action."""
    if w[W_WAVE] > 0 and is_legal(st, p, A_WAVE, 0, 0):
        return A_WAVE, 0, 0
    return -1, -1, -1


@jitted
def builder_cheer(st, p, w):
    return w[W_CHEER] > 0


SCENARIO = """\
name = "botbox"
games = 30
seed = 4
players = 3

[[seats]]
policy = "greedy"

[[seats]]
policy = "greedy"
weights = {{ bb_wave = 0.0, bb_cheer = 1.0 }}

[[seats]]
policy = "random"

[variants.botbox]
""" + "\n" + idle_tables("botbox")


@pytest.fixture(scope="module")
def botbox_games(tmp_path_factory, box_env):
    d = tmp_path_factory.mktemp("botbox")
    scenario = d / "botbox.toml"
    scenario.write_text(SCENARIO.format(), encoding="utf-8")
    run, = clis("boxes", box_env("boxes"), ["run", scenario, "-q", "--no-report", "-o", d / "out"])
    assert run.returncode == 0, run.stderr
    return pd.read_csv(d / "out" / "games.csv")


def seat_sum(games, policy, column):
    """Total of seatK_<column> over the seats playing `policy` (the seat index of the scenario)."""
    total = 0
    for k in range(3):
        total += games.loc[games[f"seat{k}_spec"] == policy, f"seat{k}_{column}"].sum()
    return total


def test_the_builder_plays_the_variants_action_with_its_declared_default_weight(botbox_games):
    # seat 0: greedy with bb_wave's default 1.0 waves in every turn it plays; seat 1 (0.0) never
    assert seat_sum(botbox_games, 0, "bb_waves") > 0
    assert seat_sum(botbox_games, 1, "bb_waves") == 0


def test_the_random_policy_has_the_variants_options(botbox_games):
    assert seat_sum(botbox_games, 2, "bb_waves") > 0


def test_the_variants_choice_point_asks_the_seats_policy(botbox_games):
    assert seat_sum(botbox_games, 0, "bb_cheers") == 0      # bb_cheer's default: 0
    assert seat_sum(botbox_games, 1, "bb_cheers") > 0
    assert seat_sum(botbox_games, 2, "bb_cheers") > 0       # the random policy: a coin
