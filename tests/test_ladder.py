"""catan-balance ladder (issue 29): player specs, table plans, the Bradley-Terry fit, and ladders played
from the command line (base, a solo mode, C&K), resumed, re-reported; robust --players."""
import json
import shutil

import numpy as np
import pandas as pd
import pytest

from reports import bradley_terry as bt
from simcore.engine.errors import InputError
from simcore.run import players
from simcore.run.ladder import seat_plan
from tests.test_cli import assert_bad_input, invoke

ROLLOUT = "rollout:base=greedy,candidates=5,rollouts=16,horizon=0"


# --- specs ---

def test_a_rollout_spec_becomes_exactly_its_seat_table():
    assert players.seat_table(ROLLOUT) == {"policy": "rollout", "base": "greedy", "candidates": 5, "rollouts": 16,
                                           "horizon": 0}
    assert players.seat_table("greedy") == {"policy": "greedy"}
    assert players.seat_table("greedy:weights.devcard=0.8") == {"policy": "greedy", "weights": {"devcard": 0.8}}
    assert players.seat_table("results/00-vp=8/preset.toml") == {"policy": "results/00-vp=8/preset.toml"}
    assert players.seats_override([players.seat_table(ROLLOUT)]).text == \
        'seats=[{"policy" = "rollout", "base" = "greedy", "candidates" = 5, "rollouts" = 16, "horizon" = 0}]'


def test_a_list_of_specs_splits_where_a_new_player_starts():
    assert players.split([f"greedy,{ROLLOUT},roads"]) == ["greedy", ROLLOUT, "roads"]
    assert players.split(["greedy", "roads,results/00-vp=8/preset.toml"]) == \
        ["greedy", "roads", "results/00-vp=8/preset.toml"]
    with pytest.raises(InputError, match="--players greedy,,roads: an empty player"):
        players.split(["greedy,,roads"])
    with pytest.raises(InputError, match="'foo' is not KEY=VALUE"):
        players.seat_table("greedy:foo")
    with pytest.raises(InputError, match="'base' given twice"):
        players.seat_table("rollout:base=greedy,base=roads")


# --- tables ---

@pytest.mark.parametrize("n, seats, tables", [(3, 4, 3), (5, 4, 5), (2, 4, 1), (4, 4, 1), (2, 3, 2), (6, 4, 15)])
def test_every_table_mixes_the_players_evenly(n, seats, tables):
    plan = seat_plan(n, seats)
    assert len(plan) == tables and all(len(t) == seats for t in plan)
    counts = np.array([[t.count(p) for p in range(n)] for t in plan])
    assert (counts.sum(axis=0) == counts.sum(axis=0)[0]).all()            # every player as many seats
    assert counts.max() - counts.min() <= 1                                 # no table favours one
    met = np.array([[sum(min(1, t.count(a)) * min(1, t.count(b)) for t in plan) for b in range(n)] for a in range(n)])
    off = met[~np.eye(n, dtype=bool)]
    assert (off == off[0]).all()                                            # every pair meets equally often


def test_a_doubled_player_does_not_sit_twice_in_a_row():
    assert seat_plan(3, 4)[0] == (0, 1, 2, 0)


# --- Bradley-Terry ---

def test_the_fit_recovers_a_known_strength_and_its_interval_covers_it():
    rng = np.random.default_rng(7)
    n = 20_000
    a_wins = rng.random(n) < 0.7
    fit = bt.fit_ratings(np.arange(n), np.where(a_wins, 0, 1), np.where(a_wins, 1, 0), 2)
    rows = bt.pairwise(fit, ["A", "B"])
    assert abs(rows[0]["p_beats"] - a_wins.mean()) < 1e-6
    assert rows[0]["lo"] < np.log(0.7 / 0.3) < rows[0]["hi"] and rows[0]["verdict"] == "a stronger"
    # one comparison per cluster: the sandwich is the binomial variance of the share
    share = a_wins.mean()
    assert rows[0]["se"] == pytest.approx(1 / np.sqrt(n * share * (1 - share)), rel=1e-3)


def test_comparisons_of_one_game_widen_the_interval():
    """A game's winner beats every other seat: the comparisons of a game are one cluster."""
    rng = np.random.default_rng(3)
    games = 3000
    winners = rng.integers(0, 3, games)
    cluster, win, lose = [], [], []
    for g, w in enumerate(winners):
        for other in range(3):
            if other != w:
                cluster.append(g), win.append(w), lose.append(other)
    fit = bt.fit_ratings(np.array(cluster), np.array(win), np.array(lose), 3)
    naive = bt.fit_ratings(np.arange(len(cluster)), np.array(win), np.array(lose), 3)
    assert (fit.se > naive.se).all()


def test_a_margin_names_a_pair_tied_only_when_both_one_sided_tests_reject():
    rng = np.random.default_rng(5)
    n = 20_000
    a = rng.random(n) < 0.5
    fit = bt.fit_ratings(np.arange(n), np.where(a, 0, 1), np.where(a, 1, 0), 2)
    assert bt.pairwise(fit, ["A", "B"], margin=3)[0]["verdict"] == "tied"
    assert bt.pairwise(fit, ["A", "B"], margin=0.1)[0]["verdict"] == "not told apart"
    assert bt.pairwise(fit, ["A", "B"])[0]["verdict"] == "not told apart"


# --- ladders from the command line ---

@pytest.fixture(scope="module")
def base_ladder(tmp_path_factory):
    out = tmp_path_factory.mktemp("ladder") / "base"
    result = invoke("ladder", "base", "--players", "greedy,roads,devcards", "-n", 80, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out, result


def test_a_ladder_on_base_writes_ratings_matrix_and_verdicts(base_ladder):
    out, result = base_ladder
    table = pd.read_csv(out / "ladder.csv")
    names = {"greedy", "roads", "devcards"}
    assert set(table["player"]) == names and len(table) == 3
    assert table["rating"].is_monotonic_decreasing and abs(table["theta"].sum()) < 1e-6
    assert (table["rating_lo"] <= table["rating"]).all() and (table["rating"] <= table["rating_hi"]).all()
    m = table.set_index("player")[[f"vs {p}" for p in table["player"]]].to_numpy()
    assert np.isnan(np.diag(m)).all()
    off = ~np.eye(3, dtype=bool)
    assert np.allclose((m + m.T)[off], 1)                                   # row beats column + column beats row
    assert (table["seat_games"] == 80 * 4).all()                            # 3 tables, 4 seats each: 4 per player
    doc = json.loads((out / "verdicts.json").read_text())
    assert doc["kind"] == "ladder" and len(doc["pairs"]) == 3 and len(doc["players"]) == 3
    assert doc["text"] and "Holm" in doc["test"]
    for name in ("report.html", "report.md", "charts/ladder_ratings.png", "charts/ladder_matrix.png", "speed.json"):
        assert (out / name).exists(), name
    assert sorted(p.name for p in out.glob("0*")) == ["00-greedy_roads_devcards_greedy", "01-greedy_roads_devcards_roads",
                                                     "02-greedy_roads_devcards_devcards"]
    assert "Answer: Which of these players is strongest, and by how much?" in result.stdout
    assert "## Answer" in (out / "report.md").read_text()


def test_a_resumed_ladder_writes_the_same_bytes(base_ladder, tmp_path):
    out, _ = base_ladder
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    table = copy / "01-greedy_roads_devcards_roads"
    lines = (table / "games.csv").read_text().splitlines(keepends=True)
    (table / "games.csv.part").write_text("".join(lines[:21]))               # stopped after 20 games
    for name in ("games.csv", "games.parquet", "summary.json", "meta.json"):
        (table / name).unlink(missing_ok=True)
    (copy / "ladder.csv").unlink()
    meta = json.loads((copy / "meta.json").read_text())
    (copy / "meta.json").write_text(json.dumps({**meta, "complete": False}))
    result = invoke("ladder", "base", "--players", "greedy,roads,devcards", "-n", 80, "--out", copy, "-q", "--resume")
    assert result.exit_code == 0, result.output
    for path in [*out.glob("*/games.csv"), out / "ladder.csv"]:
        assert (copy / path.relative_to(out)).read_bytes() == path.read_bytes(), path
    again = invoke("ladder", "base", "--players", "greedy,roads,devcards", "-n", 80, "--out", copy, "-q")
    assert_bad_input(again, "already holds a finished ladder", f"`catan-balance report {copy}` writes its report")
    (copy / "ladder.csv").unlink()
    result = invoke("report", copy)                                         # the report again, from the games
    assert result.exit_code == 0, result.output
    assert (copy / "ladder.csv").read_bytes() == (out / "ladder.csv").read_bytes()
    other = invoke("ladder", "base", "--players", "greedy,roads", "-n", 80, "--out", copy, "-q", "--resume")
    assert_bad_input(other, "the ladder there has other settings")


def test_identical_presets_are_tied_and_none_stronger(tmp_path):
    from policies.presets import PRESETS
    kind, weights, _ = PRESETS["greedy"]
    files = []
    for name in "abc":
        path = tmp_path / f"same-{name}.toml"
        path.write_text(f'kind = "{kind}"\n[weights]\n' + "".join(f"{k} = {v!r}\n" for k, v in weights.items()))
        files.append(str(path))
    out = tmp_path / "aa"
    result = invoke("ladder", "base", "--players", ",".join(files), "-n", 400, "--margin", 10, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    doc = json.loads((out / "verdicts.json").read_text())
    assert [p["verdict"] for p in doc["pairs"]] == ["tied"] * 3
    assert len(doc["strongest"]) == 3 and "No player is told apart" in doc["text"]


@pytest.mark.parametrize("spec, fragments", [
    ("greedy,nosuch", ["--players nosuch: policy: unknown policy"]),
    ("greedy,greedy:nosuch=1", ["--players greedy:nosuch=1", "nosuch: unknown key"]),
    ("greedy,greedy:weights.nosuch=1", ["--players greedy:weights.nosuch=1: weights.nosuch: unknown weight"]),
    ("greedy,greedy", ["--players greedy: named twice"]),
    ("greedy", ["--players: 1 player; allowed: two or more"]),
    ("greedy,greedy:foo", ["--players greedy:foo: 'foo' is not KEY=VALUE"]),
    ("greedy,missing.toml", ["--players missing.toml", "cannot read"]),
])
def test_a_bad_player_is_one_error_line_naming_the_spec(spec, fragments, tmp_path):
    assert_bad_input(invoke("ladder", "base", "--players", spec, "-n", 4, "--out", tmp_path / "x"), *fragments)
    assert not (tmp_path / "x").exists()


def test_a_solo_ladder_plays_each_sheriff_alone_on_the_same_seeds(tmp_path):
    out = tmp_path / "robin"
    result = invoke("ladder", "robin-hood", "--players", "sheriff-greedy,sheriff-warden", "-n", 60, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    meta = json.loads((out / "meta.json").read_text())
    assert meta["solo"] and [t["seats"] for t in meta["settings"]] == [[0], [1]]
    seeds = [pd.read_csv(out / t["dir"] / "games.csv")["seed"] for t in meta["settings"]]
    assert seeds[0].equals(seeds[1])
    table = pd.read_csv(out / "ladder.csv")
    assert len(table) == 2 and (table["seat_games"] == 60).all()
    assert "the Sheriff's VP" in (out / "report.md").read_text()


def test_a_ck_ladder_shows_the_rule_sets_play_statistics(tmp_path):
    out = tmp_path / "ck"
    result = invoke("ladder", "ck", "--players", "greedy,knights", "-n", 8, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text()
    for label in ("attacks lost at its tables", "knight actions", "metropolises", "own cities pillaged"):
        assert label in text and label in result.stdout


# --- robust --players ---

def test_robust_refuses_a_bad_player_in_one_line(tmp_path):
    assert_bad_input(invoke("robust", "sweep-vp-red", "--players", "nosuch", "-o", tmp_path / "r"),
                     "--players nosuch: policy: unknown policy")
    assert_bad_input(invoke("robust", "sweep-vp-red", "--seat", 1, "-o", tmp_path / "r"), "--seat: only with --players")
    assert_bad_input(invoke("robust", "sweep-vp-red", "--players", "roads", "--tuned", "greedy", "-o", tmp_path / "r"),
                     "--tuned and --players")
    assert_bad_input(invoke("robust", "sweep-vp-red", "--players", "roads", "--seat", 9, "-o", tmp_path / "r"),
                     "--seat 9")
    assert not (tmp_path / "r").exists()


@pytest.mark.usefixtures("charts_not_drawn")   # a sweep twice: its words, not its charts
def test_robust_seats_the_player_in_one_seat(tmp_path):
    out = tmp_path / "r"
    result = invoke("robust", "base", "--vary", "victory_points=8,10", "-n", 12, "--players", "devcards", "--seat", 1,
                    "--out", out, "-q")
    assert result.exit_code == 0, result.output
    meta = (out / "players" / "00-victory_points=8" / "meta.json").read_text()
    seats = json.loads(meta)["parameters"]["seats"]
    assert [s["policy"] for s in seats] == ["greedy", "devcards", "greedy", "greedy"]
    assert "devcards in seat 1" in (out / "report.md").read_text()


def _sweep_with_robust(tmp_path, robust):
    path = tmp_path / "sweep-robust.toml"
    path.write_text('players = 4\nseats = ["greedy", "greedy", "greedy", "greedy"]\n'
                    '[sweep]\nvary.victory_points = [8, 10]\n[robust]\n' + robust)
    return path


@pytest.mark.usefixtures("charts_not_drawn")   # a sweep twice: its words, not its charts
def test_robust_reads_its_player_and_seat_from_the_scenario(tmp_path):
    out = tmp_path / "r"
    path = _sweep_with_robust(tmp_path, 'players = "devcards"\nseat = 2\n')
    result = invoke("robust", path, "-n", 12, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    seats = json.loads((out / "players" / "00-victory_points=8" / "meta.json").read_text())["parameters"]["seats"]
    assert [s["policy"] for s in seats] == ["greedy", "greedy", "devcards", "greedy"]
    # the flags win over the table: --players alone seats every seat
    result = invoke("robust", path, "-n", 12, "--players", "roads", "--out", tmp_path / "r2", "-q")
    assert result.exit_code == 0, result.output
    seats = json.loads((tmp_path / "r2" / "players" / "00-victory_points=8" / "meta.json").read_text())
    assert [s["policy"] for s in seats["parameters"]["seats"]] == ["roads"] * 4


@pytest.mark.parametrize("robust, message", [
    ('players = "nosuch"\n', "robust.players nosuch: policy: unknown policy"),
    ('players = 3\n', "robust.players: expected a text"),
    ('player = "roads"\n', "robust.player: unknown key; allowed: players, seat, tuned"),
    ('players = "roads"\ntuned = "greedy"\n', "robust.tuned: given with robust.players"),
    ('seat = 1\n', "robust.seat: given without robust.players"),
    ('players = "roads"\nseat = -1\n', "robust.seat: expected a seat number"),
    ('players = "roads"\nseat = 7\n', "robust.seat 7: sweep-robust has seats 0..3"),
    ('tuned = "nosuch"\n', "robust.tuned: unknown policy"),
])
def test_robust_refuses_a_bad_robust_table_naming_file_and_key(tmp_path, robust, message):
    path = _sweep_with_robust(tmp_path, robust)
    result = invoke("robust", path, "-n", 12, "--out", tmp_path / "r", "-q")
    assert_bad_input(result, message)
    assert str(path) in result.output
    assert not (tmp_path / "r").exists()
