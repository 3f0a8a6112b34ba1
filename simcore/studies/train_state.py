"""What a `train` has done so far, kept in its output folder so that an interrupted training goes on
where it stopped (docs/guide.md, train: "Interrupted?").

    saved = Saved(out)                        # OUT/train-state.pkl
    state = saved.begin(identity, resume, force)   # the State to continue, None to start afresh; or InputError
    saved.save(state)                         # after every generation, atomically (a temporary name, then a rename)

The State holds everything the rest of a training depends on: the round and generation, the
training games spent, the CMA-ES object of the round in progress (it pickles; its random numbers come
from the State's numpy Generator, pickled with it), the validation checkpoints and learning curve so
far, the games played and the seconds spent.  A training resumed from it plays the same games and
makes the same choices as one never interrupted: the same preset, bit for bit.  The work since the
last save (at most one generation, or the holdout games) is played again.

`identity` says what training it is (scenario, seat, start weights, every setting but --jobs): --resume
continues only the same one.  A finished training keeps its State (phase "done", the holdout wins
included), so --resume on it writes its files again without playing a game.
"""
import hashlib
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.engine.errors import InputError

STATE = "train-state.pkl"
FORMAT = 1
# what `train` writes into its folder (reports.train_report.write): removed by --force before it starts again
OUTPUTS = ("preset.toml", "train.json", "curve.csv", "curve.parquet", "report.md", "report.html", "charts/learning_curve.png")


class Normal:
    """CMA-ES's source of standard normal numbers (its option `randn`): a numpy Generator, picklable."""

    def __init__(self, rng):
        self.rng = rng

    def __call__(self, *shape):
        return self.rng.standard_normal(shape)


@dataclass
class State:
    identity: dict
    rng: np.random.Generator
    training: object                   # simcore.studies.train.Training: curve, best, holdout, games, seconds
    phase: str = "training"            # "training", then "holdout", then "done"
    round: int = 0                     # the round in progress (0-based)
    current: np.ndarray = None         # the weights that round starts from
    offset: int = 0                    # training games of the rounds before it
    es: object = None                  # its CMA-ES (None: the round has not played a generation yet)
    spent: int = 0                     # its training games so far
    generation: int = 0
    checkpoints: list = field(default_factory=list)   # its validation checkpoints: (win rate, weights, curve index)
    format: int = FORMAT

    def kept(self):
        """What the State holds, in words: 'round 1, generation 7: 12,345 of 150,000 games'."""
        if self.phase == "done":
            return "the finished training"
        if self.phase == "holdout":
            return f"the trained preset ({self.training.games:,} games), the holdout still to play"
        budget = self.identity["budget"]
        return f"round {self.round + 1}, generation {self.generation}: {self.training.games:,} of {budget:,} games"


def identity(scenario_hash, seat, policy, kind, start, names, settings):
    """What makes two trainings the same one: every input of its choices (not --jobs: any number of
    processes gives the same result)."""
    fields = {k: v for k, v in vars(settings).items() if k != "jobs"}
    return {"scenario": scenario_hash, "seat": int(seat), "start": policy, "kind": int(kind),
            "start_weights": hashlib.sha256(np.asarray(start, dtype=np.float64).tobytes()).hexdigest()[:16],
            "weights": list(names), **fields}


def code_commit(root=Path(__file__).resolve().parents[2]):
    """The git commit of the code that plays and trains ('d63cf0c'; '+changes' when the engine, the policies or
    the run and study layers differ from it), None outside a git checkout: with the [training] command, what
    reproduces a trained preset."""
    import subprocess
    git = ["git", "-C", str(root)]
    try:
        commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10)
        changed = subprocess.run([*git, "status", "--porcelain", "--", "simcore", "policies", ":!policies/tuned"],
                                 capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if commit.returncode or changed.returncode:
        return None
    return commit.stdout.strip() + ("+changes" if changed.stdout.strip() else "")


class Saved:
    """The State file of output folder `out`."""

    def __init__(self, out):
        self.out = Path(out)
        self.path = self.out / STATE

    def begin(self, identity, resume, force):
        """The State to continue, or None to start afresh (a fresh start with --force removes what an earlier
        training left: its State and its files).  InputError when the folder refuses (one line, --resume or
        --force named)."""
        if force:
            for name in (STATE, *OUTPUTS):
                (self.out / name).unlink(missing_ok=True)
            return None
        if not self.path.exists():
            if resume:
                print(f"note: {self.out}: nothing to resume there; starting a new training", file=sys.stderr)
            elif (self.out / "train.json").exists():
                raise InputError(f"{self.out}: already holds a finished training (preset.toml); use --force to "
                                 "train again, or --out for another directory")
            return None
        state = self.load()
        if not resume:
            if state.phase == "done":
                raise InputError(f"{self.out}: already holds a finished training (preset.toml); use --resume to "
                                 "write its files again, --force to train again, or --out for another directory")
            raise InputError(f"{self.out}: holds an unfinished training that no process is writing any more "
                             f"(stopped or killed; {state.kept()}); use --resume to continue it, "
                             "or --force to start over")
        differ = [k for k in sorted(set(identity) | set(state.identity)) if identity.get(k) != state.identity.get(k)]
        if differ:
            raise InputError(f"{self.out}: the training there has other settings ({', '.join(differ)}); use the "
                             "command that started it, --force to start over, or --out for another directory")
        now = code_commit() or ""
        if state.phase != "done" and now != state.training.commit.split(" ")[-1]:
            print(f"note: {self.out}: the code changed since this training began (commit {state.training.commit}, "
                  f"now {now}): its result may differ from an uninterrupted training's", file=sys.stderr)
            state.training.commit += f", resumed at {now}"
        return state

    def load(self):
        try:
            with open(self.path, "rb") as fh:
                state = pickle.load(fh)
        except OSError:
            raise
        except Exception:   # a cut or foreign file, or one from versions whose objects no longer unpickle
            state = None
        if not isinstance(state, State) or getattr(state, "format", None) != FORMAT:
            raise InputError(f"{self.path}: is damaged or from another version; use --force to start over")
        return state

    def save(self, state):
        """The State, atomically: a reader (or a resumed training) sees the previous one or this one."""
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            with open(tmp, "wb") as fh:
                pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, self.path)
        finally:
            tmp.unlink(missing_ok=True)


class Unsaved:
    """No folder (a study that trains in memory, tests): nothing kept, nothing to continue."""

    def begin(self, identity, resume, force):
        return None

    def save(self, state):
        pass
