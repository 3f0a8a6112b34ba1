"""What a report is about: one run, the settings of a sweep, or runs put side by side.

    study = open_results("results/vp-red-sweep")                     # a sweep or a run directory
    study = compare_runs(["results/base", "results/base-24"])        # runs side by side

The first setting is the baseline unless another is named; comparisons are
paired (game by game) when every run has the same game seeds.
"""
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from reports.load import is_results_dir, load_run
from reports.variants import solo_player
from simcore.run import grid
from simcore.engine.errors import InputError
from simcore.run.damage import damaged, json_problem
from simcore.run.outputs import read_json


@dataclass
class Study:
    kind: str                  # "run", "sweep" or "compare"
    title: str
    description: str
    path: Path                 # where the report goes
    runs: list                 # RunData, in setting order
    vary: dict = field(default_factory=dict)    # swept key -> values (sweeps; differing rules for compare)
    baseline: int = 0
    correction: str = "holm"
    meta: dict = field(default_factory=dict)
    missing: list = field(default_factory=list)  # labels of settings without results yet
    margin: float = None       # equivalence margin in percentage points (--margin), or None

    @property
    def base(self):
        return self.runs[self.baseline]

    @property
    def paired(self):
        """Every run played the same games (same seeds, in the same order)."""
        first = self.runs[0].seeds
        return all(len(r.seeds) == len(first) and np.array_equal(r.seeds, first) for r in self.runs[1:])

    @property
    def players(self):
        """The player count when every run has the same one, else None."""
        counts = {r.players for r in self.runs}
        return counts.pop() if len(counts) == 1 else None

    @property
    def solo(self):
        """Every run is a one-player game (Robin Hood): no seats to compare, no seat fairness."""
        return self.players == 1

    # How the reports word per-player numbers: a solo run has one player, so "per game".
    @property
    def per_player(self):
        return "per game" if self.solo else "per player and game"

    @property
    def player_games(self):
        return "games" if self.solo else "player-games"

    @property
    def turns_name(self):
        return f"turns of {solo_player()}" if self.solo else "player-turns"


def open_results(path, baseline=(), correction=None, margin=None):
    """The study of a sweep directory (meta.json of kind sweep) or of one run directory."""
    path = Path(path)
    problem = json_problem(path / "meta.json")
    if problem not in (None, "missing"):
        raise damaged(path / "meta.json", problem)
    meta = read_json(path / "meta.json") or {}
    problem = _meta_problem(meta)
    if problem:
        raise damaged(path / "meta.json", problem)
    if meta.get("kind") == "sweep":
        return _sweep(path, meta, baseline, correction, margin)
    if is_results_dir(path) or (path / "games.csv").is_file() or (path / "summary.json").is_file() or not path.is_dir():
        run = load_run(path, label=meta.get("setting", {}).get("label") or meta.get("scenario") or path.name)
        if baseline:
            raise InputError("--baseline: a single run has no settings to choose from; allowed: a sweep directory")
        return Study("run", run.summary["scenario"], run.summary.get("description", ""), path, [run],
                     correction=correction or "holm", meta=meta, margin=_margin(margin, meta))
    raise InputError(f"{path}: holds no results (no games.csv and summary.json, no sweep meta.json); "
                     "allowed: a directory written by `run` or `sweep`")


def _meta_problem(meta):
    """What in a meta.json is not as `run` or `sweep` writes it (the parts the reports read), or None."""
    if not isinstance(meta.get("setting", {}), dict) or not isinstance(meta.get("kind", ""), str):
        return "not as `run` or `sweep` writes it (kind, setting)"
    if meta.get("kind") != "sweep":
        return None
    entries, vary = meta.get("settings"), meta.get("vary", {})
    fine = (isinstance(entries, list) and entries and isinstance(vary, dict) and isinstance(meta.get("scenario"), str)
            and all(isinstance(e, dict) and isinstance(e.get("dir"), str) and isinstance(e.get("values"), dict)
                    and isinstance(e.get("index"), int) for e in entries))
    return None if fine else "not as `sweep` writes it (scenario, vary, settings)"


def _margin(given, meta):
    """--margin, else the one the scenario (or the sweep command) gave, else None."""
    return given if given is not None else meta.get("margin")


def setting_label(values, short):
    """'card_threshold=5 · card_vp=1': a setting's name that stays readable in a list of settings."""
    return " · ".join(f"{short[k]}={grid.show(v)}" for k, v in values.items()) or "as written"


def _sweep(path, meta, baseline, correction, margin):
    runs, missing, index_of = [], [], {}
    short = grid.short_names(list(meta.get("vary", {})))
    for entry in meta.get("settings", []):
        where = path / entry["dir"]
        if (where / "games.csv").is_file() or (where / "summary.json").is_file():   # damaged: load_run says so
            index_of[entry["index"]] = len(runs)
            runs.append(load_run(where, setting_label(entry["values"], short), entry["values"]))
        else:
            missing.append(setting_label(entry["values"], short))
    if not runs:
        raise InputError(f"{path}: the sweep there has no finished setting yet; use `sweep --resume` to continue it")
    if missing and meta.get("complete"):   # a finished sweep that lost a setting: no report of the others alone
        entry = next(e for e in meta["settings"] if not (path / e["dir"] / "games.csv").is_file())
        raise InputError(f"{path / entry['dir']}: a setting of the finished sweep has no results (deleted?); run "
                         "the sweep again with --resume: it plays the missing settings")
    values = [e["values"] for e in meta["settings"]]
    chosen = grid.pick_baseline(values, grid.parse_baseline(baseline)) if baseline else meta.get("baseline", 0)
    return Study("sweep", meta["scenario"], meta.get("description", ""), path, runs, vary=meta.get("vary", {}),
                 baseline=index_of.get(chosen, 0), correction=correction or meta.get("correction") or "holm",
                 meta=meta, missing=missing, margin=_margin(margin, meta))


def compare_runs(paths, out, correction=None, margin=None):
    """Runs (or sweep settings) side by side, the first one the baseline."""
    if len(paths) < 2:
        raise InputError("compare: give at least two result directories; allowed: run or sweep setting directories")
    resolved = [Path(p).resolve() for p in paths]
    for i, p in enumerate(paths):   # the same run twice is no comparison (and its labels would clash)
        if resolved[i] in resolved[:i]:
            raise InputError(f"compare: {p} is given twice; allowed: different run or setting directories")
    names = _unique_names([Path(p) for p in paths])
    runs = [load_run(p, name) for p, name in zip(paths, names)]
    differing = _differing_rules(runs)
    for i, run in enumerate(runs):
        run.values = {k: v[i] for k, v in differing.items()}
    return Study("compare", " vs ".join(names), "Runs compared with the first as the baseline", Path(out), runs,
                 correction=correction or "holm", margin=margin)


def _unique_names(paths):
    """The last path part, or more of the path where two would be named alike."""
    for depth in range(1, 10):
        names = ["/".join(p.resolve().parts[-depth:]) for p in paths]
        if len(set(names)) == len(names):
            return names
    return [str(p) for p in paths]


def _flat(d, prefix=""):
    out = {}
    for k, v in d.items():
        if isinstance(v, dict) and v:
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[prefix + k] = v
    return out


def _differing_rules(runs):
    """Rule values (and seat line-ups) that are not the same in every run: key -> value per run."""
    flats = []
    for run in runs:
        flat = _flat(run.summary.get("rules", {}))
        flat["seats"] = [s["label"] for s in run.summary["specs"]]
        flats.append(flat)
    keys = list(dict.fromkeys(k for f in flats for k in f))
    return {k: [f.get(k) for f in flats] for k in keys
            if len({grid.normal(f.get(k)) for f in flats}) > 1}
