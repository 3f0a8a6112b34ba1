"""meta.json: what a results folder holds, written by this module only (write()): a run's (while it
plays: the games done; once finished: its scenario, parameters, seeds, overrides, question, version and
date), a sweep's and a ladder's (their settings or tables, then `complete`).  run.json's identity of a
run's rows (run_identity) is here too: a sweep's and a ladder's meta.json name each setting's."""
import dataclasses
import hashlib
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

from simcore.engine.errors import ScenarioError
from simcore.engine.state import rules_variants
from simcore.run import question as asked
from simcore.run.config import pack_rules, read_toml
from simcore.run.outputs import csv_columns, write_json

META = "meta.json"
FROM_FILE = object()   # a run's question: read from its scenario file when it is finished


def write(folder, meta):
    """The one place meta.json is written."""
    write_json(Path(folder) / META, meta)


def run_identity(scenario, variants=None):
    """What identifies a run's rows (run.json): everything that changes a game or the CSV layout
    (variants: the packed rules' variants, where the caller has them)."""
    spec = dataclasses.asdict(scenario)
    for key in ("source", "description"):
        spec.pop(key)
    columns = csv_columns(rules_variants(pack_rules(scenario)) if variants is None else variants)
    digest = hashlib.sha256(json.dumps([spec, columns], sort_keys=True).encode()).hexdigest()
    return {"scenario": scenario.name, "source": str(scenario.source), "seed": scenario.seed,
            "games": scenario.games, "scenario_hash": digest}


def version():
    from importlib.metadata import PackageNotFoundError, version as package_version
    from simcore.accel.jit import _source_hash
    try:
        package = package_version("catan-balance")
    except PackageNotFoundError:
        package = "unknown"
    return {"catan_balance": package, "engine_sources": _source_hash(), "python": sys.version.split()[0]}


def now():
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def question(path):
    """The scenario file's question (checked when it was loaded), None where it asks none or is gone now."""
    try:
        return asked.written(read_toml(path))
    except ScenarioError:
        return None


def playing(total, done, spans):
    """A run's meta.json while it plays."""
    return {"kind": "run", "complete": False, "games": total, "games_done": done, "chunks_done": spans}


def run(scenario, games_file, setting=None, overrides=(), asks=FROM_FILE):
    """A finished run's meta.json: what was played, with which seeds, by which version, when (games.csv's
    time); setting: a sweep's setting or a ladder's table; asks: the scenario file's question."""
    finished = datetime.fromtimestamp(Path(games_file).stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
    meta = {
        "kind": "run",
        "complete": True,
        "scenario": scenario.name,
        "description": scenario.description,
        "source": str(scenario.source),
        "parameters": {"rules": dataclasses.asdict(scenario.rules), "rotate_seats": scenario.rotate_seats,
                       "seats": [dataclasses.asdict(s) for s in scenario.seats]},
        "seed": scenario.seed,
        "seeds": f"game g has seed SeedSequence(entropy={scenario.seed}, spawn_key=(g,)).generate_state(1)[0] "
                 "(column `seed` of games.csv)",
        "games": scenario.games,
        "overrides": list(overrides),
        "question": question(scenario.source) if asks is FROM_FILE else asks,   # the report's Answer's
        "version": version(),
        "date": finished,
    }
    if setting is not None:
        meta["setting"] = {"index": setting.index, "label": setting.label, "values": setting.values,
                           "sweep": str(Path(games_file).parent.parent / META)}
    return meta


def sweep(plan, complete=False, started=None, until=None, needed=None):
    """A sweep's meta.json; with until (adaptive.Until) `games` is the most games of a setting,
    `until_ci` what was asked and, once complete, `games_needed`: setting dir -> games played."""
    s = plan.scenario
    meta = {
        "kind": "sweep",
        "scenario": s.name,
        "description": s.description,
        "source": str(s.source),
        "seed": s.seed,
        "games": s.games,
        "vary": plan.vary,
        "overrides": list(plan.overrides),
        "baseline": plan.baseline,
        "correction": plan.correction,
        "margin": plan.margin,
        "question": plan.question,
        "settings": [{"index": x.index, "label": x.label, "dir": x.dir, "values": x.values,
                      "scenario_hash": run_identity(x.scenario)["scenario_hash"]} for x in plan.settings],
        "version": version(),
        "started": started or now(),
        "finished": now() if complete else None,
        "complete": complete,
    }
    if until is not None:
        meta["until_ci"] = until.meta()
        if needed is not None:
            meta["games_needed"] = needed
    return meta


def ladder(plan, complete=False, started=None):
    """A ladder's meta.json."""
    s = plan.scenario
    return {
        "kind": "ladder",
        "scenario": s.name,
        "description": s.description,
        "source": str(s.source),
        "seed": s.seed,
        "games": s.games,
        "players": list(plan.players),
        "seat_tables": list(plan.seat_tables),
        "seats": 1 if plan.solo else s.players,
        "solo": plan.solo,
        "overrides": list(plan.overrides),
        "settings": [{"index": t.index, "label": t.label, "dir": t.dir, "seats": list(t.seats),
                      "scenario_hash": run_identity(t.scenario)["scenario_hash"]} for t in plan.tables],
        "version": version(),
        "started": started or now(),
        "finished": now() if complete else None,
        "complete": complete,
    }
