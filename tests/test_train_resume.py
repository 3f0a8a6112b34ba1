"""train keeps its state as it goes (simcore.studies.train_state): interrupted anywhere, --resume gives the
preset an uninterrupted training gives, bit for bit; Ctrl-C says what is kept and how to continue; a folder
with a training in it is refused without --resume or --force."""
import os
import pickle
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from simcore.run.config import find_scenario, load_scenario
from simcore.studies import train_state
from reports.train_report import judge
from simcore.studies.train import Settings, train
from simcore.studies.train_play import HOLDOUT, Games
from tests.test_cli import assert_bad_input, invoke
from tests.test_docs import ROOT

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

pytest.importorskip("cma")

SMALL = dict(budget=11_000, holdout=400, seed=3, popsize=4, self_play=2)   # two rounds of 5 generations


class Interrupted(Games):
    """Games that are Ctrl-C'd at their `stop`-th call (a generation's race, a validation checkpoint, the holdout)."""

    def __init__(self, stop):
        super().__init__()
        self.stop, self.calls = stop, 0

    def wins(self, field, kind, weights, stream, start, count):
        self.calls += 1
        if self.calls == self.stop:
            raise KeyboardInterrupt
        return super().wins(field, kind, weights, stream, start, count)


def _same(a, b):
    assert np.array_equal(a.weights, b.weights)
    assert [(c["round"], c["generation"], c["games"], c["wins"].tobytes()) for c in a.curve] == \
           [(c["round"], c["generation"], c["games"], c["wins"].tobytes()) for c in b.curve]
    assert all(np.array_equal(a.holdout[k], b.holdout[k]) for k in ("start", "trained"))
    assert (a.best, a.games) == (b.best, b.games)


def test_interrupted_anywhere_a_resumed_training_is_the_uninterrupted_one(tmp_path):
    scenario = load_scenario(find_scenario("base"))
    whole = train(scenario, 1, settings=Settings(**SMALL), judge=judge)
    calls = Interrupted(0)
    train(scenario, 1, settings=Settings(**SMALL), games=calls, judge=judge)
    # early in round 1, mid-way, early in round 2, in the holdout's second half
    for stop in (2, calls.calls // 3, calls.calls // 2 + 3, calls.calls):
        saved = train_state.Saved(tmp_path / str(stop))
        saved.out.mkdir()
        with pytest.raises(KeyboardInterrupt):
            train(scenario, 1, settings=Settings(**SMALL), games=Interrupted(stop), saved=saved, judge=judge)
        if stop == 2:        # before the first generation ended: nothing kept, --resume starts afresh
            assert not saved.path.exists()
        else:
            assert saved.load().phase == ("holdout" if stop == calls.calls else "training"), stop
        again = Interrupted(0)
        _same(train(scenario, 1, settings=Settings(**SMALL), games=again, saved=saved, resume=True, judge=judge), whole)
        assert (again.calls < calls.calls) is (stop > 2)      # what was kept is not played again
        assert saved.load().phase == "done"


_HOLD_SCRIPT = """
import sys, time
from simcore.studies import train_state
save = train_state.Saved.save

def save_then_hold(self, state):
    # after generation 2 is saved the training holds (its workers idle): the Ctrl-C always comes mid-training,
    # however slowly the test's process is scheduled
    save(self, state)
    while state.phase == "training" and state.generation >= 2:
        time.sleep(0.1)

train_state.Saved.save = save_then_hold
import cli

cli.app(sys.argv[1:], prog_name="catan-balance")
"""


def _state(out):
    try:
        with open(out / train_state.STATE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return None


def test_ctrl_c_keeps_the_training_and_resume_gives_the_same_file(tmp_path):
    """The strong player of the base game, Ctrl-C'd (the process and its two workers, as a terminal does) after
    generation 2: exit 130, one line naming what is kept and the command that continues; that command gives the
    preset file of a training never interrupted (run with one job: the same for any --jobs)."""
    args = ["train", "base", "--seat", "0", "--from", "tuned-base", "--strong", "--budget", "6000", "--popsize", "4",
            "--holdout", "200", "--seed", "2", "-q"]
    assert invoke(*args, "--out", tmp_path / "whole").exit_code == 0
    out = tmp_path / "cut"
    proc = subprocess.Popen([sys.executable, "-c", _HOLD_SCRIPT, *args, "--jobs", "2", "--out", str(out)], cwd=ROOT,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        state = _state(out)
        if state is not None and state.generation >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, f"the training ended before it could be interrupted: {proc.stderr.read()}"
    os.killpg(proc.pid, signal.SIGINT)
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode == 130, err
    line = err.strip().splitlines()[-1]
    assert line.startswith("interrupted: round 1, generation 2: ") and "Traceback" not in err, err
    assert f"kept in {out / train_state.STATE}; to continue: catan-balance train base --seat 0" in line, line
    assert line.endswith(f"--out {out} --jobs 2 --resume"), line
    assert not (out / "preset.toml").exists()
    assert_bad_input(invoke(*args, "--out", out), str(out), "unfinished training", "--resume", "--force")
    resumed = invoke(*args, "--out", out, "--resume")
    assert resumed.exit_code == 0, resumed.output
    whole = tmp_path / "whole"
    for name in ("preset.toml", "curve.csv"):   # the same bytes but the --out folder in the [training] command
        assert (out / name).read_text().replace(str(out), "OUT") == \
            (whole / name).read_text().replace(str(whole), "OUT"), name


def test_a_folder_with_a_training_is_refused_without_resume_or_force(tmp_path):
    args = ["train", "base", "--seat", "2", "--budget", "6000", "--popsize", "4", "--holdout", "200", "--seed", "3",
            "-q", "--out", tmp_path / "t"]
    assert invoke(*args).exit_code == 0
    first = (tmp_path / "t" / "preset.toml").read_bytes()
    assert_bad_input(invoke(*args), "already holds a finished training", "--force")
    assert_bad_input(invoke(*args[:-2], "--seed", 4, "--out", tmp_path / "t", "--resume"), "other settings (seed)")
    again = invoke(*args, "--resume")                  # a finished training: its files written again, no game played
    assert again.exit_code == 0 and "holdout" in again.stdout
    assert (tmp_path / "t" / "preset.toml").read_bytes() == first
    assert invoke(*args, "--force").exit_code == 0
    assert (tmp_path / "t" / "preset.toml").read_bytes() == first
    (tmp_path / "t" / train_state.STATE).write_bytes(b"cut")
    assert_bad_input(invoke(*args, "--resume"), "train-state.pkl: is damaged", "--force")
    fresh = invoke(*args[:-1], tmp_path / "new", "--resume")
    assert fresh.exit_code == 0 and "nothing to resume there; starting a new training" in fresh.stderr
    weights = (tmp_path / "new" / "preset.toml").read_bytes().split(b"[training]")[0]
    assert weights == first.split(b"[training]")[0]


def test_the_training_table_holds_both_rates_and_the_paired_difference(tmp_path):
    import tomllib
    from reports.train_report import summary
    result = invoke("train", "base", "--seat", "2", "--budget", "6000", "--popsize", "4", "--holdout", "400",
                    "--seed", "3", "-q", "--out", tmp_path / "t")
    table = tomllib.loads((tmp_path / "t" / "preset.toml").read_text())["training"]
    trained = train(load_scenario(find_scenario("base")), 2,
                    settings=Settings(budget=6000, popsize=4, holdout=400, seed=3), judge=judge)
    s = summary(trained)
    assert table["holdout_ci95"] == [round(s["trained"]["lo"], 4), round(s["trained"]["hi"], 4)]
    assert table["start_ci95"] == [round(s["start"]["lo"], 4), round(s["start"]["hi"], 4)]
    d = s["difference"]
    assert table["difference"] == round(d["estimate"], 4) and table["difference_ci95"] == [round(d["lo"], 4),
                                                                                           round(d["hi"], 4)]
    assert d["lo"] <= d["estimate"] <= d["hi"] and table["holdout_games"] == 400
    assert table.get("commit") == train_state.code_commit()     # the code it was trained with (git checkouts)
    assert "Difference " in result.stdout and "[95%: " in result.stdout
