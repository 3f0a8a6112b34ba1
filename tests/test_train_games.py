"""train on the base game with small budgets: it improves a bad preset on fresh holdout games,
the same seed gives the same preset whatever the job count, and the written file plays as trained."""
import numpy as np
import pytest
from typer.testing import CliRunner

from cli import app
from policies import preset_file
from reports.train_report import judge, summary
from simcore.run.batch import play_batch
from simcore.run.config import find_scenario, load_scenario, pack_policies, pack_rules
from simcore.run.seeds import game_seeds
from simcore.studies.train import Settings, train

pytest.importorskip("cma")

# greedy that never upgrades to a city and barely builds settlements: a deliberately bad player
BAD = preset_file.dumps("builder", {"city": 0.0, "settlement": 0.08, "road": 0.5, "devcard": 0.35, "pips": 1.0,
                                    "diversity": 1.5, "harbour": 0.5, "lumber": 1.0, "brick": 1.0, "wool": 1.0,
                                    "grain": 1.0, "ore": 1.0, "robber_leader": 1.0, "trade": 1.0}, "bad on purpose")


def test_training_improves_a_bad_preset_on_fresh_holdout_games(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD)
    result = train(load_scenario(find_scenario("base")), 0, str(bad),
                   Settings(budget=16_000, holdout=2000, seed=5), judge=judge)
    s = summary(result)
    assert s["difference"]["lo"] > 0.03, s          # the paired 95% interval clears +3 pp
    assert s["trained"]["lo"] > s["start"]["hi"], s   # and the two intervals do not even overlap


def _small(seed=3, jobs=1):
    return Settings(budget=6000, holdout=400, seed=seed, popsize=4, jobs=jobs)


def test_same_seed_same_preset_whatever_the_jobs():
    scenario = load_scenario(find_scenario("base"))
    one = train(scenario, 1, settings=_small(), judge=judge)
    two = train(scenario, 1, settings=_small(jobs=2), judge=judge)
    assert np.array_equal(one.weights, two.weights)
    assert all(np.array_equal(one.holdout[k], two.holdout[k]) for k in one.holdout)


def test_the_trained_file_loads_and_plays_byte_identically(tmp_path):
    out = tmp_path / "t"
    result = CliRunner().invoke(app, ["train", "base", "--seat", "2", "--budget", "6000", "--popsize", "4",
                                      "--holdout", "400", "--seed", "3", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert (out / "charts" / "learning_curve.png").stat().st_size > 0 and "holdout" in result.stdout
    trained = train(load_scenario(find_scenario("base")), 2, settings=_small(), judge=judge)
    text = f'name = "x"\nplayers = 4\nseats = ["greedy", "greedy", "{out / "preset.toml"}", "greedy"]\n'
    (tmp_path / "x.toml").write_text(text)
    scenario = load_scenario(tmp_path / "x.toml")
    kinds, weights = pack_policies(scenario)
    assert np.array_equal(weights[2], trained.weights)     # bit for bit
    n = 40
    args = (pack_rules(scenario), kinds)
    table = weights.copy()
    table[2] = trained.weights
    from_file = play_batch(*args, weights, np.arange(n), game_seeds(1, 0, n))
    in_memory = play_batch(*args, table, np.arange(n), game_seeds(1, 0, n))
    assert from_file.tobytes() == in_memory.tobytes()


def test_exploit_reports_the_gap_between_the_rule_and_the_baseline(tmp_path):
    out = tmp_path / "e"
    result = CliRunner().invoke(app, ["exploit", "base", "--baseline", "mixed", "--budget", "5500", "--popsize", "4",
                                      "--holdout", "400", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert "Exploitability gap" in result.stdout and (out / "rule" / "preset.toml").exists()
    assert (out / "baseline" / "charts" / "learning_curve.png").exists() and (out / "exploit.json").exists()


@pytest.mark.usefixtures("charts_not_drawn")   # a sweep twice: its words, not its charts
def test_robust_reruns_a_sweep_with_tuned_bots(tmp_path):
    out = tmp_path / "r"
    result = CliRunner().invoke(app, ["robust", "base", "--vary", "victory_points=8,10", "-n", "12",
                                      "--tuned", "roads", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    assert "Seat fairness" in result.stdout and (out / "tuned" / "verdicts.json").exists()
    assert 'seats=[\\"roads\\", \\"roads\\"' in (out / "tuned" / "00-victory_points=8" / "meta.json").read_text()


def test_a_closed_training_pool_leaves_joblib_a_working_pool():
    """simcore.studies.train_play uses loky's plain reusable pool; train() closes it, or a later joblib
    Parallel with as many jobs in the same process would take it over and fail."""
    from joblib import Parallel, delayed
    from simcore.studies.train_play import Games
    games = Games(jobs=2)
    assert games._pool().submit(abs, -3).result() == 3
    games.close()
    assert Parallel(n_jobs=2)(delayed(abs)(-k) for k in range(4)) == [0, 1, 2, 3]
