"""train without games: the weight space, the optimiser on a synthetic objective, preset files, bad input."""
import numpy as np
import pytest
from typer.testing import CliRunner

from cli import app
from policies import preset_file
from policies.registry import resolve
from policies.weights import KIND_BUILDER, WEIGHTS

from simcore.run.config import find_scenario, load_scenario
from simcore.engine.errors import InputError, ScenarioError
from reports.train_report import judge
from simcore.studies.train import Settings, plan, train
from simcore.studies.train_space import HIGH, LOW, OFF, space_for

pytest.importorskip("cma")


def base():
    return load_scenario(find_scenario("base"))


def test_space_reads_the_base_weights_and_the_variants_in_play():
    names = space_for(KIND_BUILDER, {}).names
    assert names[0] == "city" and "gb" not in names and "robin_vp" not in names
    assert "gb" in space_for(KIND_BUILDER, {"grundbesitz": None}).names
    assert "robin_vp" in space_for(KIND_BUILDER, {"robin_hood": None}).names
    with pytest.raises(InputError, match="reads no weights"):
        space_for(0, {}, "random")


def test_space_round_trip_off_and_log_scale():
    space = space_for(KIND_BUILDER, {})
    _, w = resolve("greedy")
    back = space.decode(space.encode(w), w)
    assert np.allclose(back, w)                      # greedy's weights lie in [LOW, HIGH] or are 0
    u = np.full(space.dim, OFF / 2)
    assert not space.decode(u, w)[list(space.indices)].any()   # the low end is "off"
    assert np.allclose(space.decode(np.ones(space.dim), w)[list(space.indices)], HIGH)
    assert np.allclose(space.decode(np.full(space.dim, OFF), w)[list(space.indices)], LOW)


class Synthetic:
    """A known objective instead of games: P(win) = 0.9 - 1.5 * mean |u - target| in the optimiser's box,
    each game a uniform draw shared by all candidates (common random numbers)."""

    def __init__(self, space, target):
        self.space, self.target, self.played = space, target, 0

    def warm_up(self, field, stream):
        pass

    def rate(self, weights):
        return 0.9 - 1.5 * np.abs(self.space.encode(weights) - self.target).mean()

    def wins(self, field, kind, weights, stream, start, count):
        self.played += count
        draws = np.random.default_rng([stream, start]).random(count)
        return (draws < self.rate(weights)).astype(np.uint8)


def test_the_optimiser_finds_the_optimum_of_a_synthetic_objective():
    scenario = base()
    _, kind, start, space, _ = plan(scenario, 0, None, Settings(budget=10**6))
    rng = np.random.default_rng(3)
    target = np.clip(space.encode(start) + rng.choice([-0.2, 0.2], space.dim), 0.25, 0.95)
    fake = Synthetic(space, target)
    result = train(scenario, 0, settings=Settings(budget=300_000, holdout=4000), games=fake, judge=judge)
    found = space.encode(result.weights)
    assert np.abs(found - target).mean() < 0.05, (found - target).round(2)
    assert fake.rate(result.weights) > fake.rate(start) + 0.2
    assert result.holdout["trained"].mean() > result.holdout["start"].mean() + 0.2


def test_preset_file_round_trip(tmp_path):
    _, w = resolve("greedy")
    weights = {"city": 0.1 + 0.2, "settlement": 1 / 3, "road": 0.0}
    path = tmp_path / "p.toml"
    path.write_text(preset_file.dumps("builder", weights, 'a "quoted" text', {"command": "x"}))
    kind, w = resolve(str(path))
    assert kind == KIND_BUILDER and w[WEIGHTS["city"][0]] == 0.1 + 0.2 and w[WEIGHTS["settlement"][0]] == 1 / 3


@pytest.mark.parametrize("text, fragment", [
    ('kind = "builder"\n[weights]\ncitty = 1.0\n', "weights.citty: unknown weight (did you mean city?)"),
    ('kind = "builder"\n[weights]\ncity = "a"\n', 'weights.city: expected a number, got "a"'),
    ('kind = "smart"\n', 'kind: unknown kind "smart"; allowed: random, builder'),
    ('[weights]\ncity = 1.0\n', "kind: missing"),
    ('kind = "builder"\ncolour = 1\n', "colour: unknown key"),
    ('kind = builder\n', "not valid TOML"),
])
def test_a_bad_preset_file_is_one_error_naming_the_file(tmp_path, text, fragment):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as e:
        resolve(str(path))
    assert str(path) in str(e.value) and fragment in str(e.value)
    with pytest.raises(ScenarioError, match="cannot read"):
        resolve(str(tmp_path / "missing.toml"))


@pytest.mark.parametrize("args, fragments", [
    (["--seat", "4"], ["--seat 4", "allowed: 0..3"]),
    (["--seat", "0", "--budget", "100"], ["--budget 100: too small", "allowed: at least"]),
    (["--seat", "0", "--from", "greedyy"], ["--from", "unknown policy", "did you mean greedy"]),
    (["--seat", "0", "--from", "random"], ["reads no weights", "allowed: a preset of kind builder"]),
    (["--seat", "0", "--from", "nowhere.toml"], ["nowhere.toml: cannot read"]),
    (["--seat", "0", "--holdout", "0"], ["--holdout", "greater than or equal to 1"]),   # (was a traceback)
    (["--seat", "0", "--resume", "--force"], ["--resume and --force: choose one"]),
])
def test_train_bad_input_is_one_line_and_exit_2(tmp_path, args, fragments):
    result = CliRunner().invoke(app, ["train", "base", *args, "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    assert not (tmp_path / "o").exists()


def test_exploit_checks_both_scenarios_before_training(tmp_path):
    result = CliRunner().invoke(app, ["exploit", "base", "--baseline", "robin-hood", "--seat", "3",
                                      "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "--seat 3" in result.stderr


def _verdict(fairest, less, needed=None, key="seats"):
    """A verdicts.json measure: each less fair setting shown less fair than the first of the fairest."""
    settings = [{"setting": s, "less_fair": False, "worse_than": []} for s in fairest]
    settings += [{"setting": s, "less_fair": True, "worse_than": fairest[:1]} for s in less]
    games = {s["setting"]: 500 for s in settings}
    return {"measures": {key: {"fairest": fairest, "less_fair": less, "settings": settings, "text": f"{key} verdict",
                               "games": games, "games_to_tell_apart": needed}}}


@pytest.mark.parametrize("tuned, state, reversed_", [
    (_verdict(["a", "b"], ["c"]), "holds", []),
    (_verdict(["b", "a"], ["c"]), "holds", []),
    (_verdict(["c"], ["a", "b"]), "does not hold", [("c", "a")]),    # c below a, then a below c: a reversal
    (_verdict(["b"], ["a", "c"]), "holds", []),          # c confirmed, a less fair too: sharper, nothing reversed
    (_verdict(["b", "c"], ["a"]), "undetermined", []),   # c less fair, then not told apart: no reversal
])
def test_robust_says_whether_the_verdict_holds(tuned, state, reversed_):
    """'does not hold' only where the two sweeps' Holm tests order a pair oppositely; a setting that is less
    fair in one and not told apart in the other is undetermined (not rejecting is not showing equal)."""
    from reports.train_robust import compare, sentences
    result = compare(_verdict(["a", "b"], ["c"]), tuned)["seats"]
    assert result["state"] == state and result["reversed"] == reversed_
    said = sentences({"seats": result}, "tuned-x")[0]
    assert said.startswith(f"Seat fairness: {state}")
    if state == "does not hold":
        assert "c less fair than a with the hand-written bots, a less fair than c with tuned-x" in said
    if tuned["measures"]["seats"]["less_fair"] == ["a", "c"]:
        assert "with tuned-x also less fair: a" in said


def test_robust_is_undetermined_where_a_sweep_tells_nothing_apart():
    """'holds' only where both sweeps reached a verdict; else undetermined, with the games that would decide;
    the styles verdict of the hand-written sweep alone is reported as it stands."""
    from reports.train_robust import compare, sentences
    nothing = _verdict(["a", "b", "c"], [], needed=8400)
    result = compare(_verdict(["a", "b", "c"], []), nothing)
    assert result["seats"]["state"] == "undetermined" and result["seats"]["holds"] is None
    words = sentences(result, "tuned-x")[0]
    assert "undetermined at 500 games per setting (about 8,400 per setting would decide)" in words
    assert "holds" not in words
    assert compare(_verdict(["a"], ["b", "c"]), nothing)["seats"]["state"] == "undetermined"
    hand = _verdict(["a"], ["b"])
    hand["measures"].update(_verdict(["a"], ["b"], key="styles")["measures"])
    result = compare(hand, _verdict(["a"], ["b"]))
    assert result["styles"]["state"] == "hand only"
    assert "Fairness between playing styles: only with the hand-written bots" in sentences(result, "tuned-x")[1]


def test_tuned_preset_names_follow_the_rule_set():
    from policies.preset_file import tuned_name
    assert tuned_name({}) == "tuned-base" and tuned_name({"robin_hood": 1}) == "tuned-robin-hood"


def test_the_shipped_tuned_presets_load_for_their_rule_sets():
    from policies.preset_file import tuned_name
    from pathlib import Path
    folder = Path(__file__).resolve().parent.parent / "policies" / "tuned"
    for variants in ({}, {"grundbesitz": 1}, {"robin_hood": 1}, {"ck": 1}, {"autarkie": 1},
                     {"ck": 1, "autarkie": 1}):
        assert (folder / f"{tuned_name(variants)}.toml").is_file(), variants
