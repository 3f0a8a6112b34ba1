"""Run a scenario: chunks of game indices through the kernel, streamed in order to games.csv.

Output directory:
    run.json         what is being run (scenario hash, seed, games); written first, after a
                     fresh run has removed every file of an earlier one (outputs.remove_results)
    games.csv.part   rows so far, one flush per chunk; renamed to games.csv when done
    games.csv        the finished rows, one per game, in game order
    summary.json     win rates etc. (reports.summary), written atomically at the end

A game depends only on the scenario, its index and its seed, and chunks are
written in index order, so any job count gives byte-identical files, and a
resumed run continues exactly where the interrupted one stopped.
"""
import dataclasses
import hashlib
import json
import math
import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from reports.summary import Tally
from simcore import records as R
from simcore.batch import play_batch
from simcore.config import pack_policies, pack_rules
from simcore.errors import InputError
from simcore.outputs import (csv_columns, format_rows, header_line, read_json, recover_part, remove_results,
                             write_json)
from simcore.params import P_PLAYERS
from simcore.progress import Progress
from simcore.replay import replay_events
from simcore.seeds import game_seeds

CHUNK_GAMES = 2000
RUN_JSON, PART, GAMES, SUMMARY = "run.json", "games.csv.part", "games.csv", "summary.json"
_SAME_RUN_KEYS = ("scenario_hash", "seed", "games")


def run_metadata(scenario):
    """What identifies a run's rows: everything that changes a game or the CSV layout."""
    spec = dataclasses.asdict(scenario)
    for key in ("source", "description"):
        spec.pop(key)
    digest = hashlib.sha256(json.dumps([spec, csv_columns()], sort_keys=True).encode()).hexdigest()
    return {"scenario": scenario.name, "source": str(scenario.source), "seed": scenario.seed,
            "games": scenario.games, "scenario_hash": digest}


def _plan(out, meta, resume, force):
    """'fresh', 'part' (continue games.csv.part) or 'done'; only reads, raises InputError."""
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file, not a directory; use --out for another directory")
    if force:
        return "fresh"
    if (read_json(out / "meta.json") or {}).get("kind") == "sweep":
        raise InputError(f"{out}: holds a sweep; use --out for another directory, or --force to overwrite it")
    old = read_json(out / RUN_JSON)
    same = old is not None and all(old.get(k) == meta[k] for k in _SAME_RUN_KEYS)
    if (out / GAMES).exists():
        if resume and same:
            return "done"
        what = "results of another run" if resume else "finished results"
        raise InputError(f"{out}: already holds {what}; use --force to overwrite them, or --out for another directory")
    if (out / PART).exists():
        if not resume:
            raise InputError(f"{out}: holds an unfinished run; use --resume to continue it, or --force to start over")
        if not same:
            raise InputError(f"{out}: the unfinished run there has other settings (scenario, seed or games); "
                             "use --force to start over, or --out for another directory")
        return "part"
    return "fresh"


def _prepare(out, state, meta):
    """Create or recover the output files for `state`; return the first game to play."""
    out.mkdir(parents=True, exist_ok=True)
    part = out / PART
    if state == "fresh":
        remove_results(out)  # the old report, games.csv, games.parquet, summary.json, meta.json
        write_json(out / RUN_JSON, meta)
        part.write_text(header_line(), encoding="utf-8")
        return 0
    if state == "part":
        start = recover_part(part, header_line())
        if start is None or start > meta["games"]:
            raise InputError(f"{part}: is damaged or from another version; use --force to start over")
        return start
    return meta["games"]


def _spans(start, stop, size):
    return [(s, min(size, stop - s)) for s in range(start, stop, size)]


def _play_chunk(params, kinds, weights, run_seed, names, start, count):
    """One task: play games start..start+count-1; return (CSV text, records)."""
    indices = np.arange(start, start + count, dtype=np.int64)
    block = play_batch(params, kinds, weights, indices, game_seeds(run_seed, start, count))
    players = int(params[P_PLAYERS])
    _check_records(block, indices, players, len(names))
    return format_rows(block, names, players), block


def _check_records(block, indices, players, n_specs):
    """The columns the shell interprets must make sense, or names in games.csv would lie."""
    specs = block[:, [R.SEAT_BASE + s * R.SEAT_WIDTH + R.S_SPEC for s in range(players)]]
    problems = [what for what, bad in [
        ("game indices", not np.array_equal(block[:, R.G_GAME], indices)),
        ("winner_seat", ((block[:, R.G_WINNER] < -1) | (block[:, R.G_WINNER] >= players)).any()),
        ("seat specs", ((specs < 0) | (specs >= n_specs)).any()),
    ] if bad]
    if problems:
        raise RuntimeError(f"play_batch returned invalid {', '.join(problems)} for games "
                           f"{indices[0]}..{indices[-1]} ({players} players)")


def _results(args, spans, jobs):
    """Chunk results in game order: in this process for one job, else loky workers."""
    tasks = (delayed(_play_chunk)(*args, start, count) for start, count in spans)
    if jobs == 1:
        return (fn(*a, **kw) for fn, a, kw in tasks)
    return Parallel(n_jobs=jobs, backend="loky", return_as="generator")(tasks)


def _tally_file(path, tally):
    for df in pd.read_csv(path, usecols=tally.columns(), chunksize=200_000):
        tally.add(df)


def run(scenario, out_dir, jobs=1, resume=False, progress=True, force=False, chunk_games=CHUNK_GAMES):
    """Play every game of `scenario` into `out_dir`; return the summary dict.

    Everything is checked before `out_dir` is touched.  resume: continue an
    interrupted run in out_dir (or re-summarise a finished one); force: start over.
    """
    out = Path(out_dir)
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    meta = run_metadata(scenario)
    state = _plan(out, meta, resume, force)
    start = _prepare(out, state, meta)
    part, games = out / PART, out / GAMES

    tally = Tally(scenario)
    if start:
        _tally_file(games if state == "done" else part, tally)
    bar = Progress(scenario.games, start, live=progress)
    if state != "done":
        if jobs > 1:  # enough chunks to keep every worker busy
            chunk_games = min(chunk_games, max(100, math.ceil((scenario.games - start) / (4 * jobs))))
        args = (params, kinds, weights, scenario.seed, [s.policy for s in scenario.seats])
        try:
            with open(part, "a", encoding="utf-8", newline="") as fh:
                for text, block in _results(args, _spans(start, scenario.games, chunk_games), jobs):
                    fh.write(text)
                    fh.flush()
                    tally.add(pd.DataFrame(block, columns=R.column_names()))
                    bar.update(len(block))
        except KeyboardInterrupt:
            bar.finish(f"; interrupted: {bar.done:,} of {scenario.games:,} games kept in {part}")
            raise
        os.replace(part, games)
    summary = tally.result()
    write_json(out / SUMMARY, summary)
    if state == "done":
        print(f"{games}: all {scenario.games:,} games were already played; summary rewritten", file=sys.stderr)
    else:
        bar.finish(f" -> {games}")
    return summary


def replay(scenario, game):
    """(seed, events) of game `game` of the run `scenario` describes, its seed derived as in run()."""
    seed = int(game_seeds(scenario.seed, game, 1)[0])
    kinds, weights = pack_policies(scenario)
    return seed, replay_events(pack_rules(scenario), kinds, weights, game, seed)
