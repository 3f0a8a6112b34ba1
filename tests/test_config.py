"""Scenario loading: defaults, both seat forms, overrides, packing, and every error kind."""
import numpy as np
import pytest

from policies.presets import PRESETS
from policies.registry import resolve
from policies.weights import KIND_NAMES, N_WEIGHTS, WEIGHTS
from simcore.engine.variant import REGISTRY, Variant, register, trial
from simcore.engine import params as P
from simcore.run.config import (SCENARIO_DIR, find_scenario, load_scenario, pack_policies, pack_rules, parse_override)
from simcore.engine.errors import ScenarioError
from simcore.engine.fields import flag, integer
from tests.conftest import SMALL


def test_defaults_and_compact_seats(scenario_file):
    s = load_scenario(scenario_file("players = 3\nseats = ['greedy', 'roads', 'random']\n"))
    assert s.name == "small"          # file stem when there is no name
    assert (s.games, s.seed, s.rotate_seats) == (1000, 1, True)
    r = s.rules
    assert (r.players, r.victory_points, r.max_turns) == (3, 10, 1000)
    assert (r.board.layout, r.board.no_adjacent_red, r.bank.resource_supply, r.trade.domestic) == \
        ("random", False, 19, False)
    assert [seat.policy for seat in s.seats] == ["greedy", "roads", "random"]
    assert s.players == 3


def test_seat_tables_with_weights(scenario_file):
    text = ("players = 3\n"
            "[[seats]]\npolicy = 'greedy'\nweights = { devcard = 0.8, ore = 2 }\n"
            "[[seats]]\npolicy = 'roads'\n[[seats]]\npolicy = 'random'\n")
    s = load_scenario(scenario_file(text))
    assert s.seats[0].weights == {"devcard": 0.8, "ore": 2}
    kinds, weights = pack_policies(s)
    assert kinds.tolist() == [KIND_NAMES["builder"], KIND_NAMES["builder"], KIND_NAMES["random"]]
    assert weights.shape == (3, N_WEIGHTS) and weights.dtype == np.float64
    assert weights[0, WEIGHTS["devcard"][0]] == 0.8 and weights[0, WEIGHTS["ore"][0]] == 2.0
    assert weights[0, WEIGHTS["city"][0]] == PRESETS["greedy"][1]["city"]   # the rest from the preset
    assert weights[1, WEIGHTS["road"][0]] == PRESETS["roads"][1]["road"]
    assert not weights[2].any()


def test_pack_rules_fills_every_base_slot(scenario_file):
    text = SMALL + ("victory_points = 12\nmax_turns = 500\nrotate_seats = false\n"
                    "[board]\nlayout = 'beginner'\nno_adjacent_red = true\n[bank]\nresource_supply = 24\n"
                    "[trade]\ndomestic = true\noffers_per_turn = 2\n")
    packed = pack_rules(load_scenario(scenario_file(text)))
    assert packed.dtype == np.int64 and packed.shape == (P.N_PARAMS,)
    expected = {P.P_PLAYERS: 4, P.P_VICTORY_POINTS: 12, P.P_MAX_TURNS: 500, P.P_LAYOUT: P.LAYOUT_BEGINNER,
                P.P_NO_ADJACENT_RED: 1, P.P_RESOURCE_SUPPLY: 24, P.P_DOMESTIC_TRADE: 1, P.P_OFFERS_PER_TURN: 2,
                P.P_ROTATE_SEATS: 0}
    assert {k: int(packed[k]) for k in expected} == expected
    assert not np.delete(packed, list(expected)).any()


def test_overrides_apply_and_parse_toml_values(scenario_file):
    s = load_scenario(scenario_file(), ["board.layout=beginner", "victory_points=12", "games=5",
                                        "rotate_seats=false", "players=3", 'seats=["roads","roads","greedy"]'])
    assert (s.rules.board.layout, s.rules.victory_points, s.games, s.rotate_seats, s.players) == \
        ("beginner", 12, 5, False, 3)
    assert [x.policy for x in s.seats] == ["roads", "roads", "greedy"]


@pytest.mark.parametrize("text, expected", [
    ("a=1", ("a", 1)),
    ("board.layout=beginner", ("board.layout", "beginner")),   # bare word -> string
    ("board.layout='beginner'", ("board.layout", "beginner")),
    ("x = true", ("x", True)),
    ("x=1.5", ("x", 1.5)),
    ("x=[1, 2]", ("x", [1, 2])),
    ("x={ a = 1 }", ("x", {"a": 1})),
    ("x=a=b", ("x", "a=b")),
    ("x=1\ny = 2", ("x", "1\ny = 2")),        # one value only, never a second key
])
def test_parse_override(text, expected):
    assert parse_override(text) == expected


@pytest.mark.parametrize("text", ["novalue", "=3", " = 3"])
def test_parse_override_rejects_bad_syntax(text):
    with pytest.raises(ScenarioError, match=r"^--set: .*expected key=value; allowed: "):
        parse_override(text)


# (scenario text, --set overrides, where the error points, what it says)
ERRORS = [
    (SMALL + "victory_point = 10\n", [], "FILE: victory_point", "unknown key (did you mean victory_points?)"),
    (SMALL + "[board]\nlayot = 'random'\n", [], "FILE: board.layot", "unknown key (did you mean board.layout?)"),
    (SMALL + "[bord]\n", [], "FILE: bord", "unknown key (did you mean board?)"),
    (SMALL + "[variants.grundbesits]\ncost = 5\n", [], "FILE: variants.grundbesits", "unknown variant"),
    (SMALL + "[variants.grundbesitz]\ncost = 5\n", [], "FILE: variants.grundbesitz.cost", "expected an array, got 5"),
    (SMALL, ["board.layot=beginner"], "--set: board.layot", "unknown key"),
    (SMALL, ["board=3"], "--set: board", "is a table"),
    (SMALL, ["seats[0].rollouts=4"], "--set: seats[0].rollouts", "cannot change one item of an array"),
    (SMALL + "victory_points = true\n", [], "FILE: victory_points", "expected an integer, got true"),
    (SMALL + "max_turns = '100'\n", [], "FILE: max_turns", 'expected an integer, got "100"'),
    (SMALL + "rotate_seats = 1\n", [], "FILE: rotate_seats", "expected true or false, got 1"),
    (SMALL + "[board]\nlayout = 1\n", [], "FILE: board.layout", "expected a string, got 1"),
    (SMALL + "board = 3\n", [], "FILE: board", "expected a table, got 3"),
    (SMALL + "[board]\nlayout = 'hex'\n", [], "FILE: board.layout", 'unknown value "hex"'),
    (SMALL, ["name=../up"], "--set: name", '"../up" cannot be a directory name'),
    (SMALL, ["players=5"], "--set: players", "5 is out of range"),
    (SMALL, ["victory_points=0"], "--set: victory_points", "0 is out of range"),
    (SMALL, ["victory_points=31"], "--set: victory_points", "31 is out of range"),
    (SMALL, ["max_turns=100001"], "--set: max_turns", "out of range"),
    (SMALL, ["bank.resource_supply=100"], "--set: bank.resource_supply", "out of range"),
    (SMALL, ["games=0"], "--set: games", "out of range"),
    (SMALL, ["seed=-1"], "--set: seed", "out of range"),
    (SMALL, ["seed=9223372036854775808"], "--set: seed", "out of range"),
    (SMALL, ["trade.offers_per_turn=0"], "--set: trade.offers_per_turn", "0 is out of range"),
    (SMALL, ["players=3"], "FILE: seats", "4 seats for 3 players"),
    ("seats = ['greedy']\n", [], "FILE: players", "missing"),
    ("players = 4\n", [], "FILE: seats", "missing"),
    (SMALL, ["seats=greedy"], "--set: seats", "expected a non-empty array"),
    (SMALL.replace('"roads"', '"road"'), [], "FILE: seats[1].policy", 'unknown policy "road" (did you mean roads?)'),
    (SMALL.replace('"roads"', "{ policy = 'roads', weights = { devcrd = 1 } }"), [],
     "FILE: seats[1].weights.devcrd", "unknown weight (did you mean devcard?)"),
    (SMALL.replace('"roads"', "{ policy = 'roads', weights = { devcard = 'high' } }"), [],
     "FILE: seats[1].weights.devcard", 'expected a number, got "high"'),
    (SMALL.replace('"roads"', "{ policy = 'roads', weights = { devcard = true } }"), [],
     "FILE: seats[1].weights.devcard", "expected a number, got true"),
    (SMALL.replace('"roads"', "{ policy = 'roads', wieghts = {} }"), [],
     "FILE: seats[1].wieghts", "unknown key (did you mean weights?)"),
    (SMALL.replace('"roads"', "{ weights = {} }"), [], "FILE: seats[1].policy", "missing"),
    (SMALL.replace('"roads"', "3"), [], "FILE: seats[1]", "expected a policy name or a table"),
]


@pytest.mark.parametrize("text, sets, where, what", ERRORS)
def test_errors_name_file_key_and_what_is_allowed(scenario_file, text, sets, where, what):
    assert_one_clear_error(scenario_file(text), sets, where, what)


def assert_one_clear_error(path, sets, where, what):
    """load_scenario(path, sets) fails with one line: `where` (FILE: the path), then a text
    holding `what`, then what is allowed."""
    with pytest.raises(ScenarioError) as info:
        load_scenario(path, sets)
    message = str(info.value)
    assert message.startswith(where.replace("FILE", str(path)) + ": "), message
    assert what in message and "\n" not in message
    assert message.split("; allowed: ", 1)[1].strip()   # always says what is allowed


def test_unknown_policy_lists_the_allowed_ones():
    with pytest.raises(ScenarioError) as info:
        resolve("nope")
    from policies.registry import list_presets
    assert info.value.allowed == ", ".join(p.name for p in list_presets()) + ", or a preset file (.toml)"
    assert all(name in info.value.allowed for name in PRESETS)


def test_toml_syntax_and_missing_file(scenario_file, tmp_path):
    with pytest.raises(ScenarioError, match=r"bad\.toml: not valid TOML: .*line 1"):
        load_scenario(scenario_file("players = = 4\n", "bad.toml"))
    with pytest.raises(ScenarioError, match=r"nothere\.toml: cannot read"):
        load_scenario(tmp_path / "nothere.toml")


def test_find_scenario_by_name_or_path(scenario_file):
    assert find_scenario("base") == SCENARIO_DIR / "base.toml"
    path = scenario_file()
    assert find_scenario(str(path)) == path
    with pytest.raises(ScenarioError, match=r"^nosuch: no such file or shipped scenario; allowed: .*base"):
        find_scenario("nosuch")
    with pytest.raises(ScenarioError, match=r"^bse: no such file or shipped scenario \(did you mean base\?\); allowed"):
        find_scenario("bse")
    with pytest.raises(ScenarioError, match=r"^x/bse: no such file or shipped scenario; allowed"):
        find_scenario("x/bse")


def test_shipped_scenarios_load_and_are_named_after_their_file():
    for path in SCENARIO_DIR.glob("*.toml"):
        s = load_scenario(path)
        assert s.name == path.stem and s.description
        # one seat per player; a one-player game may list alternatives for its seat
        assert len(s.seats) == s.players or (s.players == 1 and len(s.seats) > 1)


def test_a_registered_variant_loads_validates_and_packs(scenario_file):
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Toy:
        markers: int = integer(2, 1, 5)
        defence: bool = flag(True)

    with trial():
        toy = register(Variant("toy", rules=Toy))
        s = load_scenario(scenario_file(SMALL + "[variants.toy]\nmarkers = 3\n"))
        assert s.rules.variants == {"toy": Toy(markers=3, defence=True)}
        packed = pack_rules(s)
        assert packed[toy.on_slot] == 1 and packed[toy.slot("markers")] == 3 and packed[toy.slot("defence")] == 1
        assert toy.slot("defence") == toy.slot("markers") + 1 == toy.on_slot + 2
        assert load_scenario(scenario_file(), ["variants.toy.defence=false"]).rules.variants["toy"].defence is False
        assert not load_scenario(scenario_file()).rules.variants   # off unless the table is there
        with pytest.raises(ScenarioError, match=r"variants\.toy\.markers: 9 is out of range; allowed: .*1 to 5"):
            load_scenario(scenario_file(SMALL + "[variants.toy]\nmarkers = 9\n"))
        with pytest.raises(ScenarioError, match=r"variants\.toy\.marker: unknown key \(did you mean"):
            load_scenario(scenario_file(SMALL + "[variants.toy]\nmarker = 1\n"))
    assert "toy" not in REGISTRY


def test_the_guide_example_scenario_loads(tmp_path):
    guide = (SCENARIO_DIR.parent / "docs" / "guide.md").read_text(encoding="utf-8")
    example = guide.split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "my_rule.toml").write_text(example, encoding="utf-8")
    s = load_scenario(tmp_path / "my_rule.toml")
    assert (s.name, s.rules.victory_points, s.rules.board.layout, s.games) == ("vp12-beginner", 12, "beginner", 10000)
    assert s.seats[1].weights == {"devcard": 0.8, "knight_early": 1}


def test_a_declaration_that_collides_is_refused_when_it_registers():
    from simcore.engine.cards import CardKind
    from simcore.engine.variant import VariantError
    cases = [(dict(seat_columns=(("gb_bought", "again"),)), "seat columns gb_bought declared twice"),
             (dict(events=(("robin_draw", ("-", "-", "-", "-")),)), "events robin_draw declared twice"),
             (dict(weights=(("gb", "again"),)), "weights gb declared twice"),
             (dict(actions=("buy_gb",)), "actions buy_gb declared twice"),
             (dict(arrays=(("gb_owner", (3,), "again"),)), "state fields gb_owner declared twice"),
             (dict(card_kinds=(CardKind("ore"),)), "card kinds ore declared twice"),
             (dict(items=("gb",)), "items gb declared twice"),
             (dict(items=("city",)), "items city declared twice")]
    for extra, message in cases:
        with trial():
            with pytest.raises(VariantError, match=message):
                register(Variant("clash", **extra))
    with trial():
        with pytest.raises(VariantError, match="registered twice"):
            register(Variant("grundbesitz"))
    assert "clash" not in REGISTRY


def test_layouts_follow_the_declarations_in_registration_order():
    from simcore.engine import records as R
    from simcore.variants.grundbesitz import GB
    from simcore.variants.robin_hood import ROBIN
    assert GB.on_slot == P.N_BASE_PARAMS and ROBIN.on_slot > GB.slot("defence_steal_knights")
    assert R.SEAT_COLUMNS[GB.seat_base:GB.seat_base + 2] == ["gb_bought", "gb_owned"]
    assert R.GAME_COLUMNS[ROBIN.game_base:ROBIN.game_base + len(ROBIN.game_columns)] == [
        "robin_" + c for c, _ in ROBIN.game_columns]
    from policies.weights import N_VALUE, V_FIRST
    assert WEIGHTS["gb"][0] == V_FIRST + N_VALUE   # after the base game's builder and value weights
    from simcore.engine.cards import ITEM_NAMES, N_BASE_ITEMS
    from simcore.variants.grundbesitz import ITEM_GB
    assert ITEM_GB == N_BASE_ITEMS and ITEM_NAMES[ITEM_GB] == "gb"   # its cost row, after the base game's
    from simcore.engine.state import state_dtype
    from simcore.variants.grundbesitz import N_GB
    room = state_dtype(("grundbesitz",))["choice"].shape[0] - state_dtype(())["choice"].shape[0]
    assert room == GB.choices == 3 * N_GB    # the random bot's GB options: room only where GB is
    with trial():
        toy = register(Variant("toy", seat_columns=(("toy_count", "a counter"),),
                               events=(("toy_event", ("a", "-", "-", "-")),), weights=(("toy_w", "w"),)))
        assert R.column_names()[-1] == "seat3_toy_count" and R.SEAT_WIDTH == toy.seat("toy_count") + 1
    assert "seat3_toy_count" not in R.column_names()
