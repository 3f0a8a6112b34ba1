"""Run a scenario: chunks of game indices played by workers, joined in game order into games.csv.

Output directory:
    run.json         what is being run (scenario hash, seed, games); written first, after a
                     fresh run has removed every file of an earlier one (outputs.remove_results)
    chunks/          chunk files workers wrote (START-COUNT.csv), each complete or absent:
                     written under a temporary name, then renamed; joined.parquet.tmp, the rows
                     of the chunks joined so far (a fresh run's), in row groups of 20,000;
                     START-COUNT.arrow, a forked worker's rows for games.parquet until this
                     process has read them (Done)
    games.csv.part   the rows of the finished chunks that follow each other from game 0;
                     renamed to games.csv when done
    meta.json        while playing: {"kind": "run", "complete": false, "games_done", "chunks_done"}
    games.csv        the finished rows, one per game, in game order
    games.parquet    the same table (with pyarrow), written from the arrow tables the workers
                     return as their chunks join games.csv.part (a resumed run's: converted from
                     games.csv by the caller, outputs.games_parquet)
    summary.json     win rates etc., merged from the workers' tallies (the caller's `tally`:
                     reports.summary.Tally; the engine never imports the reports)

A game depends only on the scenario, its index and its seed, and chunks are
joined in index order, so any job count, chunk size or backend gives
byte-identical files, and a resumed run plays only the games in no file yet.
With `until` (simcore.run.adaptive) scenario.games is the most games: chunks are
played in rounds until the tally's intervals are narrow enough at a checkpoint.

`Job` is one run directory; `play` feeds the chunks of several jobs (a sweep's
settings) through one pool of workers, which stay alive from one job to the next.
"""
import dataclasses
import os
import shutil
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.run import adaptive, backends, csv_text, damage, interrupts, lock, meta, outputs
from simcore.engine import records as R
from simcore.run.batch import play_batch, row_layout, warm_up
from simcore.run.config import pack_policies, pack_rules
from simcore.engine.errors import DiskFull, InputError
from simcore.run.outputs import csv_columns, header_line, read_json, recover_part, remove_results, write_json
from simcore.engine.params import P_PLAYERS
from simcore.run.progress import Progress
from simcore.run.replay import replay_events
from simcore.run.seeds import game_seeds
from simcore.engine.state import rules_variants

CHUNK_GAMES = 2000
RUN_JSON, PART, GAMES, SUMMARY, META, CHUNKS = \
    "run.json", "games.csv.part", "games.csv", "summary.json", "meta.json", "chunks"
GAMES_PARQUET, JOINED_PARQUET = "games.parquet", "joined.parquet.tmp"
_SAME_RUN_KEYS = ("scenario_hash", "seed", "games", "until_ci")
_META_EVERY_S = 1.0


def check_resume_force(resume, force, what="run"):
    """--resume keeps what is in the directory, --force deletes it: never both."""
    if resume and force:
        raise InputError(f"--resume and --force: choose one; allowed: --resume to continue the {what} in --out, "
                         "or --force to delete it and start over")


def note_nothing_to_resume(out, resume, fresh):
    if resume and fresh:
        print(f"note: {out}: nothing to resume there; starting a new run", file=sys.stderr)


def _plan(out, identity, resume, force):
    """'fresh', 'part' (continue games.csv.part) or 'done'; only reads, raises InputError."""
    check_resume_force(resume, force)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file, not a directory; use --out for another directory")
    if force:
        return "fresh"
    if (read_json(out / META) or {}).get("kind") == "sweep":
        raise InputError(f"{out}: holds a sweep; use --out for another directory, or --force to overwrite it")
    old = read_json(out / RUN_JSON)
    same = old is not None and all(old.get(k) == identity.get(k) for k in _SAME_RUN_KEYS)
    if (out / GAMES).exists():
        if resume and same:
            return "done"
        if resume:
            raise InputError(f"{out}: already holds the results of another run; use --force to overwrite them, "
                             "or --out for another directory")
        raise InputError(f"{out}: already holds finished results (`catan-balance report {out}` writes their report); "
                         "use --force to play them again, or --out for another directory")
    if (out / PART).exists():
        if not resume:
            raise InputError(f"{out}: holds an unfinished run that no process is writing any more (stopped or killed); "
                             "use --resume to continue it, or --force to start over")
        if not same:
            raise InputError(f"{out}: the unfinished run there has other settings (scenario, seed, games or "
                             "--until-ci); use --force to start over, or --out for another directory")
        return "part"
    return "fresh"


# --- chunk files ---

def chunk_name(start, count):
    return f"{start:010d}-{count:08d}"


def _chunk_span(path):
    """(start, count) of a complete chunk file, or None for any other file."""
    try:
        start, count = path.stem.split("-")
        return int(start), int(count)
    except ValueError:
        return None


def _chunk_files(folder, suffix=".csv"):
    """{(start, count): path} of the complete chunk files in `folder` (temporary files are not)."""
    if not folder.is_dir():
        return {}
    return {span: p for p in folder.glob("*" + suffix) if (span := _chunk_span(p)) is not None}


def _spans(start, stop, size):
    """Chunks of at most `size` games, cut at the multiples of `size` (an adaptive run's checkpoints)."""
    spans = []
    while start < stop:
        end = min(stop, (start // size + 1) * size)
        spans.append((start, end - start))
        start = end
    return spans


def _gaps(start, stop, done, size):
    """Chunks of at most `size` games covering start..stop-1 except the spans in `done`."""
    spans, at = [], start
    for s, c in sorted(done):
        if s > at:
            spans += _spans(at, min(s, stop), size)
        at = max(at, s + c)
    return spans + _spans(at, stop, size)


# --- the workers' task ---

@dataclasses.dataclass(frozen=True)
class Work:
    """What every chunk of one run needs (sent to the workers once per chunk; small)."""
    scenario: object
    params: np.ndarray
    kinds: np.ndarray
    weights: np.ndarray
    folder: str          # where the worker writes its chunk files; "" to send the rows back instead
    tally: object        # scenario -> counts (columns(), add(df), merge(other), result()); a class
                         # is pickled by reference: the worker imports its module itself


@dataclasses.dataclass
class Done:
    """A worker's answer: the chunk's tally and its rows as an arrow table for games.parquet (None
    without pyarrow), or its records when it could not write its chunk file itself.

    Pickled (a worker's answer on its way to this process) the table travels as an Arrow file
    beside the chunk's CSV file, which this process maps into memory and removes: through the
    pipe, its 2 MB per 2,000 games of base held the worker until this process, busy playing or
    joining, read them 64 KB at a time."""
    start: int
    count: int
    tally: object
    block: np.ndarray = None
    table: object = None
    folder: str = ""     # where the chunk's files are (Work.folder)

    def __getstate__(self):
        state = dict(self.__dict__)
        if self.table is not None and self.folder:
            path = Path(self.folder) / (chunk_name(self.start, self.count) + ".arrow")
            outputs.write_arrow(path, self.table)
            state["table"] = str(path)
        return state

    def __setstate__(self, state):
        if isinstance(state["table"], str):
            state["table"] = outputs.read_arrow(state["table"])
        self.__dict__.update(state)


def play_chunk(work, start, count):
    """One task: play games start..start+count-1, write (or return) the rows, return the tally."""
    indices = np.arange(start, start + count, dtype=np.int64)
    block = play_batch(work.params, work.kinds, work.weights, indices, game_seeds(work.scenario.seed, start, count))
    players = int(work.params[P_PLAYERS])
    names = [s.policy for s in work.scenario.seats]
    layout = row_layout(work.params)
    _check_records(block, indices, players, len(names), layout)
    tally = work.tally(work.scenario)
    tally.add(_frame(block, tally.columns(), layout.names()))
    if not work.folder:
        return Done(start, count, tally, block)
    variants = rules_variants(work.params)
    csv_text.write_chunk(Path(work.folder) / chunk_name(start, count), block, names, players, variants)
    return Done(start, count, tally, table=_table(block, names, players, variants), folder=work.folder)


def _frame(block, columns, names):
    """The records (named `names`) as a DataFrame of `columns`, all when one is not a record's."""
    at = {name: i for i, name in enumerate(names)}
    if all(c in at for c in columns):
        return pd.DataFrame(block[:, [at[c] for c in columns]], columns=columns)
    return pd.DataFrame(block, columns=names)


def _table(block, names, players, variants):
    """The chunk's rows for games.parquet (outputs.arrow_table), None without pyarrow."""
    return outputs.arrow_table(block, names, players, variants) if outputs.has_pyarrow() else None


def _check_records(block, indices, players, n_specs, layout):
    """The columns the shell interprets must make sense, or names in games.csv would lie."""
    specs = block[:, layout.at(np.arange(players), R.S_SPEC)]
    problems = [what for what, bad in [
        ("game indices", not np.array_equal(block[:, R.G_GAME], indices)),
        ("winner_seat", ((block[:, R.G_WINNER] < -1) | (block[:, R.G_WINNER] >= players)).any()),
        ("seat specs", ((specs < 0) | (specs >= n_specs)).any()),
    ] if bad]
    if problems:
        raise RuntimeError(f"play_batch returned invalid {', '.join(problems)} for games "
                           f"{indices[0]}..{indices[-1]} ({players} players)")


# --- one run directory ---

class Job:
    """One run directory: planned (nothing written), prepared, fed its chunks in order, finished.

    total: the games the run ends with: scenario.games, or with `until` (adaptive.Until) fewer
    when a checkpoint finds every interval narrow enough (then `stopped`)."""

    def __init__(self, scenario, out_dir, tally, resume=False, force=False, label=None, until=None, setting=None,
                 overrides=(), asks=meta.FROM_FILE):
        """setting, overrides, asks: what the finished run's meta.json says besides (meta.run)."""
        self.scenario, self.out, self.make_tally, self.until = scenario, Path(out_dir), tally, until
        self.label = label or scenario.name
        self.setting, self.overrides, self.asks = setting, overrides, asks
        self.params = pack_rules(scenario)
        self.variants = rules_variants(self.params)   # games.csv has their columns
        self.identity = meta.run_identity(scenario, self.variants)   # run.json
        if until is not None:
            self.identity["until_ci"] = until.meta()
        self.state = _plan(self.out, self.identity, resume, force)   # checked before anything is written
        problem = self.state == "done" and damage.games_problem(self.out / GAMES, None if until else scenario.games)
        if problem:   # one line naming the file and what to do, not a traceback or a summary of a part
            raise damage.damaged(self.out / GAMES, problem)
        self.kinds, self.weights = pack_policies(scenario)
        self.tally = tally(scenario)
        self.total = scenario.games
        self.todo, self.done, self.start, self.outstanding, self.widest = [], 0, 0, 0, None
        self._ahead, self._meta_at, self._parquet = {}, 0.0, None

    @property
    def chunks(self):
        return self.out / CHUNKS

    @property
    def complete(self):
        """Every game the run ends with is joined (or it stopped at a checkpoint)."""
        return self.done == self.total

    def prepare(self, chunk_games):
        """Create or recover the output files; plan the chunks still to play (self.todo)."""
        out, part = self.out, self.out / PART
        out.mkdir(parents=True, exist_ok=True)
        if self.state == "fresh":
            remove_results(out)  # the old report, games.csv, games.parquet, summary.json, meta.json
            shutil.rmtree(self.chunks, ignore_errors=True)
            write_json(out / RUN_JSON, self.identity)
            part.write_text(header_line(self.variants), encoding="utf-8")
            self.chunks.mkdir()
            self._parquet = outputs.ParquetJoin(out / GAMES_PARQUET, self.chunks / JOINED_PARQUET)
        elif self.state == "part":
            self.start = recover_part(part, header_line(self.variants))
            if self.start is None or self.start > self.scenario.games:
                raise InputError(f"{part}: is damaged or from another version; use --force to start over")
            self._tally_file(part)
            (self.chunks / JOINED_PARQUET).unlink(missing_ok=True)   # of the stopped run: incomplete
        if self.state == "done":
            shutil.rmtree(self.chunks, ignore_errors=True)  # left by a stop after games.csv was made
            self._tally_file(out / GAMES)
            self.done = self.start = self.total = self.tally.games
            return
        self.done = self.start
        self._ahead = self._chunks_ahead()
        self._checkpoint()        # a resumed adaptive run may have stopped where games.csv.part ends
        self._flush_ahead()
        self.plan_chunks(chunk_games)
        self._write_meta(force=True)

    def plan_chunks(self, size):
        """self.todo: chunks of at most `size` games covering every game in no file yet
        (an adaptive run plans its rounds with plan_round instead)."""
        if self.until is None and self.state != "done":
            self.todo = _gaps(self.done, self.total, self._ahead, size)

    def plan_round(self, extra=0):
        """self.todo of an adaptive run: the chunks up to where its intervals project to be narrow
        enough (adaptive.next_end), and `extra` chunks more; return how many."""
        until, end = self.until, self.done
        if not self.complete:
            if self.widest is None and self.done:   # resumed between two checkpoints
                self.widest = self.tally.widest_half_width()
            end = adaptive.next_end(self.done, self.widest or 0.0, until, self.total)
            end = min(self.total, end + extra * until.every)
        self.todo = _gaps(self.done, end, self._ahead, until.every)
        return len(self.todo)

    def _chunks_ahead(self):
        """Complete chunk files beyond games.csv.part, not overlapping it or each other (an adaptive
        run's also on its checkpoints); others go."""
        keep, at, every = {}, self.start, self.until.every if self.until else None
        for span, path in sorted(_chunk_files(self.chunks).items()):
            s, c = span
            aligned = every is None or _spans(s, s + c, every) == [span]
            if s >= at and s + c <= self.total and aligned:
                keep[span], at = path, s + c
            else:
                path.unlink(missing_ok=True)
        return keep

    def _tally_file(self, path, header=True):
        """Add the rows of a games file (a chunk file has no header line) to the tally, 50,000 at a time."""
        names = {} if header else {"header": None, "names": csv_columns(self.variants)}
        for df in pd.read_csv(path, usecols=self.tally.columns(), chunksize=50_000, **names):
            self.tally.add(df)

    def work(self, local):
        folder = str(self.chunks.absolute()) if local else ""   # a reused worker may work in another folder
        if local:
            self.chunks.mkdir(exist_ok=True)
        return Work(self.scenario, self.params, self.kinds, self.weights, folder, self.make_tally)

    def absorb(self, done):
        """A chunk's answer, in game order: its rows join games.csv.part, its tally the run's; an
        answer for games after the run stopped is dropped."""
        self.outstanding -= 1
        base = self.chunks / chunk_name(done.start, done.count)
        if self.complete:   # played ahead of the checkpoint that stopped the run
            base.with_suffix(".csv").unlink(missing_ok=True)
            return 0
        table = done.table
        if done.block is not None:
            self.chunks.mkdir(exist_ok=True)
            names = [s.policy for s in self.scenario.seats]
            csv_text.write_chunk(base, done.block, names, self.scenario.players, self.variants)
            table = _table(done.block, names, self.scenario.players, self.variants) if self._parquet else None
        self._flush_ahead()   # chunk files found on resume that start where games.csv.part ends
        self.tally.merge(done.tally)
        self._append(base.with_suffix(".csv"), done.start, done.count, table)
        self._flush_ahead()
        self._write_meta()
        return done.count

    def _flush_ahead(self):
        """Chunk files found on resume that now follow the rows in games.csv.part."""
        while self._ahead:
            span = min(self._ahead)
            if span[0] != self.done:
                return
            path = self._ahead.pop(span)
            self._tally_file(path, header=False)
            self._append(path, *span)

    def _append(self, path, start, count, table=None):
        """The chunk file at `path` joins games.csv.part, its arrow `table` games.parquet (a fresh
        run's; a resumed run converts games.csv at the end)."""
        assert start == self.done, f"chunk {start} joined after game {self.done}"
        with open(self.out / PART, "ab") as dst, open(path, "rb") as src:
            shutil.copyfileobj(src, dst, 1 << 20)
        self.done += count
        path.unlink()
        if self._parquet is not None:
            self._parquet.add(table)
        self._checkpoint()

    def _checkpoint(self):
        """An adaptive run at a checkpoint: stop when the tally's widest interval is narrow enough
        (the chunks kept ahead then go)."""
        if self.until is None or self.complete or not adaptive.at_checkpoint(self.done, self.until):
            return
        self.widest = self.tally.widest_half_width()
        if self.widest <= self.until.half_width:
            self.total = self.done
            for path in self._ahead.values():
                path.unlink(missing_ok=True)
            self._ahead = {}

    def _write_meta(self, force=False):
        now = time.monotonic()
        if force or now - self._meta_at >= _META_EVERY_S:
            self._meta_at = now
            spans = [[0, self.done]] if self.done else []
            meta.write(self.out, meta.playing(self.total, self.done, spans + sorted(map(list, self._ahead))))

    def until_result(self):
        """The `until_ci` entry of an adaptive run's summary.json and meta.json (None otherwise)."""
        if self.until is None:
            return None
        return adaptive.result(self.until, self.scenario.games, self.total, self.tally.widest_half_width())

    def finish(self):
        """games.csv (and games.parquet), summary.json; return the summary."""
        out = self.out
        if self.state != "done":
            self._flush_ahead()
            if not self.complete:
                raise RuntimeError(f"{out}: {self.done} of {self.total} games joined")
            (out / PART).replace(out / GAMES)
            if self._parquet:   # else the caller converts games.csv (outputs.games_parquet)
                self._parquet.finish()
            shutil.rmtree(self.chunks, ignore_errors=True)
        summary = self.tally.result()
        if self.until is not None:
            summary["until_ci"] = self.until_result()
        write_json(out / SUMMARY, summary)
        done = meta.run(self.scenario, out / GAMES, self.setting, self.overrides, self.asks)
        if self.until is not None:   # the games it played, and why it stopped
            done["games"], done["until_ci"] = self.total, self.until_result()
        meta.write(out, done)
        return summary


# --- playing jobs ---

def _results(tasks, owners, jobs, backend=backends.LOCAL, scheduler=None):
    """The tasks' answers in task order: in this process (one local job; a chunk of a job that has
    stopped meanwhile is not played), in this process and local workers, or Dask."""
    if jobs == 1 and backends.is_local(backend):
        return (Done(s, c, None) if job.complete else play_chunk(work, s, c)
                for job, (work, s, c) in zip(owners, tasks))
    return backends.ordered(play_chunk, tasks, jobs, backend, scheduler)


def _warm_up(pending, stream, load):
    """Compile each kernel the jobs need once, here, before workers start (each would compile it);
    load: also load it into this process (it plays the games itself).  Returns the seconds spent
    compiling."""
    seen, compiling = set(), 0.0
    for job in pending:
        if job.variants not in seen:
            seen.add(job.variants)
            done = warm_up(job.params, job.kinds, job.weights, stream, load=load)
            if done is not None and done[1]:
                compiling += done[0]
    return compiling


def _finer_tail(spans, last, parts=4):
    """The `last` spans each cut into `parts` (of 25 games at least): at the end of a run every
    process then runs out of chunks at about the same time, none waiting long for another's."""
    head, tail = spans[:-last], spans[-last:]
    for start, count in tail:
        step = max(25, -(-count // parts))
        head += [(at, min(step, start + count - at)) for at in range(start, start + count, step)]
    return head


FIRST_CHUNK = 100


def _ramp(spans, first=FIRST_CHUNK):
    """The spans with the first cut into chunks of first, 2 x first, 4 x first, ... games (any
    chunks give the same games): a run's first progress comes after `first` games, not a whole chunk."""
    if not spans:
        return spans
    (start, count), out, size = spans[0], [], first
    while count > size:
        out.append((start, size))
        start, count, size = start + size, count - size, 2 * size
    return out + [(start, count)] + spans[1:]


def _plan_rounds(jobs_list, jobs, until):
    """The chunks of the next round: every job's chunks (one round), or for adaptive runs each
    unfinished job's chunks up to its projected need, a chunk more each, in turn, until every
    worker has one."""
    if until is None:
        return [job for job in jobs_list if job.todo and not job.outstanding]
    open_jobs = [job for job in jobs_list if not job.complete]
    for job in open_jobs:
        job.plan_round()
    extra = 0
    while sum(len(job.todo) for job in open_jobs) < jobs:
        extra, grown = extra + 1, False
        for job in open_jobs:
            if sum(len(j.todo) for j in open_jobs) < jobs:
                before = len(job.todo)
                grown = job.plan_round(extra) > before or grown
        if not grown:
            break
    return [job for job in open_jobs if job.todo]


def play(jobs_list, jobs=1, progress=True, chunk_games=CHUNK_GAMES, backend=backends.LOCAL, scheduler=None,
         on_finish=None, stream=None):
    """Prepare every job, play all their chunks through one pool of workers, finish each in turn
    (on_finish(job, summary, bar) after each); return the summaries.  Jobs with `until` (adaptive,
    all or none) play in rounds until each stops at a checkpoint or reaches its games.  The caller
    holds the writer's lock of every job's folder (simcore.run.lock).  A full disk is DiskFull."""
    stream = stream or sys.stderr
    until = jobs_list[0].until if jobs_list else None
    local = backends.is_local(backend)
    sigints = interrupts.listen()
    try:
        for job in jobs_list:
            job.prepare(chunk_games)
    except OSError as e:
        if not outputs.disk_full(e):
            raise
        raise _disk_full(e, jobs_list) from None
    remaining = sum(job.total - job.done for job in jobs_list)
    if jobs > 1 and remaining and until is None:  # enough chunks to keep every worker busy
        size = min(chunk_games, max(100, -(-remaining // (4 * jobs * len(jobs_list)))))
        for job in jobs_list:
            job.plan_chunks(size)
        last = [job for job in jobs_list if job.todo][-1:]
        for job in last:
            job.todo = _finer_tail(job.todo, 2 * jobs)
    elif until is None:   # one process: small chunks first, so that progress shows at once
        for job in [job for job in jobs_list if job.todo][:1]:
            job.todo = _ramp(job.todo)
    bar = Progress(sum(job.total for job in jobs_list), sum(job.done for job in jobs_list), live=progress,
                   stream=stream)
    if not scheduler:  # a cluster's machines compile (or load) their own kernels
        bar.compiled = _warm_up([job for job in jobs_list if not job.complete], stream, load=local)
        bar.restart()   # games/s counts the games' time only
    summaries, finished = [], 0

    def finish_ready():
        nonlocal finished
        while finished < len(jobs_list) and jobs_list[finished].complete and not jobs_list[finished].outstanding:
            job = jobs_list[finished]
            summaries.append(job.finish())
            finished += 1
            if on_finish:
                on_finish(job, summaries[-1], bar)

    try:
        finish_ready()
        while pending := _plan_rounds(jobs_list, jobs, until):
            if until is not None:   # the work in sight: what is played, and each open job's round
                bar.total = sum(job.done if job.complete else job.todo[-1][0] + job.todo[-1][1] for job in jobs_list)
            tasks = [(job.work(local), s, c) for job in pending for s, c in job.todo]
            owner = [job for job in pending for _ in job.todo]
            for job in pending:
                job.outstanding, job.todo = len(job.todo), []
            for job, done in zip(owner, _results(tasks, owner, jobs, backend, scheduler)):
                bar.update(job.absorb(done))
                finish_ready()
        finish_ready()
    except BaseException as e:   # a Ctrl-C (or the error numba made of one: simcore.run.interrupts), a full disk
        if interrupts.was(e, sigints):
            for job in jobs_list[finished:]:
                job._write_meta(force=True)
            bar.finish(f"; interrupted: {bar.done:,} of {bar.total:,} games kept")
            if isinstance(e, KeyboardInterrupt):
                raise
            raise KeyboardInterrupt from e
        if not (isinstance(e, OSError) and outputs.disk_full(e)):
            raise
        bar.finish(f"; stopped, the disk is full: {bar.done:,} of {bar.total:,} games kept")
        raise _disk_full(e, jobs_list) from None
    return summaries, bar


def _disk_full(error, jobs_list):
    """DiskFull for the OSError of a full disk: the folder, the games kept, the free space and
    --resume (every chunk joined is in games.csv.part, cut at its last whole row on resume)."""
    folder = Path(os.path.commonpath([str(job.out) for job in jobs_list]))
    kept, total = sum(job.done for job in jobs_list), sum(job.total for job in jobs_list)
    return DiskFull(f"{folder}: the disk is full ({outputs.free_space(folder)} free there); {kept:,} of {total:,} "
                    "games are played and kept: free some space, then run the same command with --resume "
                    "to continue")


def run(scenario, out_dir, tally, jobs=1, resume=False, progress=True, force=False, chunk_games=CHUNK_GAMES,
        backend=backends.LOCAL, scheduler=None, on_finish=None, until=None, overrides=(), asks=meta.FROM_FILE):
    """Play every game of `scenario` into `out_dir`; return the summary dict.

    Everything is checked before `out_dir` is touched, and the writer's lock of `out_dir` is held
    throughout (simcore.run.lock: lock.Busy when another process writes it).  resume: continue an
    interrupted run in out_dir (or re-summarise a finished one); force: start over;
    on_finish(job, summary, progress bar) once the results are written; tally:
    scenario -> the counts summary.json holds (reports.summary.Tally); until: a
    half-width (--until-ci): stop adding chunks of `chunk_games` games once every
    win-rate 95% interval the tally reports is that narrow, scenario.games at most;
    overrides (the --set texts), asks (the scenario file's question): meta.json's (meta.run).
    """
    until = None if until is None else adaptive.check(until, scenario.games, chunk_games)
    with lock.writing(out_dir):
        job = Job(scenario, out_dir, tally, resume, force, until=until, overrides=overrides, asks=asks)
        note_nothing_to_resume(job.out, resume, job.state == "fresh")
        (summary,), bar = play([job], jobs, progress, chunk_games, backend, scheduler, on_finish)
    games = job.out / GAMES
    if job.state == "done":
        print(f"{games}: all {job.total:,} games were already played; summary rewritten", file=sys.stderr)
    else:
        bar.finish(f" -> {games}")
    if until is not None:
        print(f"--until-ci: {adaptive.describe(summary['until_ci'])}", file=sys.stderr)
    return summary


def replay(scenario, game):
    """(seed, events) of game `game` of the run `scenario` describes, its seed derived as in run()."""
    seed = int(game_seeds(scenario.seed, game, 1)[0])
    kinds, weights = pack_policies(scenario)
    return seed, replay_events(pack_rules(scenario), kinds, weights, game, seed)
