"""Scale: the same games whatever the jobs, chunk size or backend; killed runs resume to the same bytes;
workers stay alive between chunks and settings."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reports.summary import Tally
from simcore.run import runner
from simcore.run.config import load_scenario

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def small(scenario_file):
    return load_scenario(scenario_file(), ["games=40"])


def _files(out):
    return {name: (out / name).read_bytes() for name in ("games.csv", "summary.json", "run.json")}


@pytest.fixture
def reference(small, tmp_path):
    runner.run(small, tmp_path / "ref", Tally, progress=False)
    return _files(tmp_path / "ref")


@pytest.mark.parametrize("jobs, chunk", [(1, 3), (2, 7), (2, 40), (3, 1)])
def test_any_jobs_and_chunk_size_give_the_same_bytes(small, tmp_path, reference, jobs, chunk):
    out = tmp_path / "out"
    runner.run(small, out, Tally, jobs=jobs, chunk_games=chunk, progress=False)
    assert _files(out) == reference
    assert not (out / "chunks").exists()
    meta = json.loads((out / "meta.json").read_text())   # the finished run's (simcore.run.meta.run)
    assert meta["complete"] and meta["games"] == small.games and meta["seed"] == small.seed


def test_games_parquet_is_joined_from_the_chunks(small, tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    out = tmp_path / "out"
    runner.run(small, out, Tally, jobs=2, chunk_games=6, progress=False)
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"), pd.read_csv(out / "games.csv"))


def test_games_parquet_is_written_in_row_groups(small, tmp_path, monkeypatch):
    """Chunks of 6 games gathered into row groups of at least 14 rows (the last one shorter)."""
    pd = pytest.importorskip("pandas")
    pq = pytest.importorskip("pyarrow.parquet")
    from simcore.run import outputs
    monkeypatch.setattr(outputs, "ROW_GROUP_ROWS", 14)
    out = tmp_path / "out"
    runner.run(small, out, Tally, chunk_games=6, progress=False)
    meta = pq.ParquetFile(out / "games.parquet").metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [18, 18, 4]
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"), pd.read_csv(out / "games.csv"))


def test_resume_uses_complete_chunk_files_and_ignores_half_written_ones(small, tmp_path, reference):
    """Chunks ahead of games.csv.part are joined, not played again; a .tmp (half-written) one is not a chunk."""
    out = tmp_path / "out"
    runner.run(small, out, Tally, chunk_games=5, progress=False)
    lines = (out / "games.csv").read_bytes().splitlines(keepends=True)
    (out / "games.csv").unlink()
    (out / "summary.json").unlink()
    (out / "games.parquet").unlink(missing_ok=True)
    (out / "games.csv.part").write_bytes(b"".join(lines[:1 + 10]))            # games 0..9 joined
    chunks = out / "chunks"
    chunks.mkdir()
    (chunks / (runner.chunk_name(20, 5) + ".csv")).write_bytes(b"".join(lines[21:26]))     # complete
    (chunks / (runner.chunk_name(30, 5) + ".csv.tmp")).write_bytes(b"".join(lines[31:33]))  # half written
    (chunks / (runner.chunk_name(5, 5) + ".csv")).write_bytes(b"".join(lines[6:11]))       # already joined
    played = []
    real = runner.play_chunk

    def counting(work, start, count):
        played.append((start, count))
        return real(work, start, count)
    try:
        runner.play_chunk = counting
        runner.run(small, out, Tally, resume=True, chunk_games=5, progress=False)
    finally:
        runner.play_chunk = real
    assert _files(out) == reference
    assert played == [(10, 5), (15, 5), (25, 5), (30, 5), (35, 5)]       # 20..24 came from its chunk file


def test_a_workers_answer_sends_its_table_as_a_file_not_through_the_pipe(tmp_path):
    """Pickled, an answer is small (its table waits in an Arrow file beside the chunk's CSV);
    unpickled, the table is back and the file gone."""
    import pickle
    pa = pytest.importorskip("pyarrow")
    table = pa.table({"game": list(range(5000)), "winner_policy": ["greedy"] * 5000})
    blob = pickle.dumps(runner.Done(100, 5000, None, table=table, folder=str(tmp_path)))
    assert len(blob) < 1000
    assert [p.name for p in tmp_path.iterdir()] == [runner.chunk_name(100, 5000) + ".arrow"]
    assert pickle.loads(blob).table.equals(table)
    assert not list(tmp_path.iterdir())


def test_the_last_chunks_are_cut_finer():
    """So that at the end no process waits long for another's chunk; the spans still cover every game once."""
    spans = runner._finer_tail(runner._spans(0, 20000, 2000), 4)
    assert spans[:6] == runner._spans(0, 12000, 2000) and spans[6:] == runner._spans(12000, 20000, 500)
    assert runner._finer_tail([(0, 40)], 4) == [(0, 25), (25, 15)]   # 25 games at least


def _pids(_work, start, count):
    return os.getpid()


def test_loky_workers_stay_alive_between_calls():
    """Each setting of a sweep is played by the same worker processes (loky's reusable executor);
    with 3 jobs this process plays beside two workers."""
    from simcore.run.backends import ordered
    first = set(ordered(_sleepy_pid, [(None, i, 1) for i in range(9)], 3, "loky"))
    second = set(ordered(_sleepy_pid, [(None, i, 1) for i in range(9)], 3, "loky"))
    assert len(first) == 3 and first == second and os.getpid() in first


def test_answers_come_in_task_order_whoever_plays_them():
    from simcore.run.backends import ordered
    tasks = [(None, i, 1) for i in range(12)]
    assert list(ordered(_jittery_start, tasks, 2, "loky")) == list(range(12))
    assert list(ordered(_jittery_start, tasks, 1, "loky")) == list(range(12))   # this process alone


def test_a_worker_that_dies_stops_the_run_with_a_clear_error_and_the_next_call_gets_new_workers():
    """A worker killed mid-run (here: it exits) is WorkerLost, which the CLI prints as one line
    telling to --resume; the broken pool is replaced on the next call."""
    from simcore.run.backends import ordered
    from simcore.engine.errors import WorkerLost
    with pytest.raises(WorkerLost, match="a worker process died"):
        list(ordered(_die_in_a_worker, [(os.getpid(), i, 1) for i in range(8)], 2, "loky"))
    assert list(ordered(_jittery_start, [(None, i, 1) for i in range(6)], 2, "loky")) == list(range(6))


def _die_in_a_worker(parent, start, count):
    if os.getpid() != parent:
        os._exit(1)
    time.sleep(0.05)
    return start


def _sleepy_pid(_work, start, count):
    time.sleep(0.2)
    return os.getpid()


def _jittery_start(_work, start, count):
    time.sleep(0.01 * (start % 3))
    return start


def test_dask_local_cluster_gives_the_same_bytes(small, tmp_path, reference):
    pytest.importorskip("distributed", reason="distributed is not installed (pip install 'catan-balance[dask]')")
    out = tmp_path / "dask"
    runner.run(small, out, Tally, jobs=2, chunk_games=6, progress=False, backend="dask")
    assert _files(out) == reference


_KILL_SCRIPT = """
import sys, time
from simcore.run.config import load_scenario
from reports.summary import Tally
from simcore.run import runner
runner._META_EVERY_S = 0.0   # meta.json after every chunk: the test kills the run mid-way by it
absorb = runner.Job.absorb

def absorb_then_hold(job, done):
    # past sys.argv[4] games the run holds (its workers play on): the kill always comes mid-run,
    # however slowly the test's process is scheduled (a machine under load)
    count = absorb(job, done)
    while job.done >= int(sys.argv[4]):
        time.sleep(0.5)
    return count

runner.Job.absorb = absorb_then_hold
s = load_scenario(sys.argv[1], ["games=20000"])
runner.run(s, sys.argv[2], Tally, jobs=int(sys.argv[3]), chunk_games=150, progress=False, resume=True)
"""


def kill_mid_run(script, args, out, games_done, sig):
    """Start `script` (python -c) with args; once meta.json in `out` says `games_done` games are
    joined, send `sig` to it and its workers; the run must not have ended before."""
    proc = subprocess.Popen([sys.executable, "-c", script, *map(str, args)], cwd=ROOT,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        meta = json.loads((out / "meta.json").read_text()) if (out / "meta.json").exists() else {}
        if meta.get("games_done", 0) >= games_done:
            break
        time.sleep(0.05)
    assert proc.poll() is None and not (out / "games.csv").exists(), "the run ended before it could be killed"
    os.killpg(proc.pid, sig)   # the run and its workers
    proc.wait(timeout=60)
    assert not (out / "games.csv").exists()


@pytest.fixture(scope="module")
def killable(tmp_path_factory):
    """(scenario file, scenario, files of its uninterrupted run): 20,000 games, a few seconds of
    games, time to kill a run mid-way; played once for the kill tests."""
    from tests.conftest import SMALL
    folder = tmp_path_factory.mktemp("killable")
    path = folder / "small.toml"
    path.write_text(SMALL, encoding="utf-8")
    s = load_scenario(path, ["games=20000"])
    runner.run(s, folder / "ref", Tally, chunk_games=2000, progress=False)
    return path, s, _files(folder / "ref")


@pytest.mark.parametrize("sig, jobs", [(signal.SIGKILL, 2), (signal.SIGINT, 2), (signal.SIGINT, 1), (signal.SIGKILL, 1)])
def test_a_killed_run_resumes_to_the_same_bytes(killable, tmp_path, sig, jobs):
    path, s, reference = killable
    out = tmp_path / "out"
    kill_mid_run(_KILL_SCRIPT, [path, out, jobs, 600], out, 600, sig)
    runner.run(s, out, Tally, resume=True, chunk_games=400, progress=False)
    assert _files(out) == reference


def test_cli_compile_bench_and_backend_options(tmp_path):
    from tests.test_cli import assert_bad_input, invoke
    result = invoke("compile", "base")
    assert result.exit_code == 0 and "engine for the base game" in result.stdout and " in " in result.stdout
    assert_bad_input(invoke("compile"), "give a SCENARIO or --all")
    assert_bad_input(invoke("run", "base", "-n", 5, "--backend", "spark", "-o", tmp_path / "r"), "--backend", "local or dask")
    assert_bad_input(invoke("run", "base", "-n", 5, "--scheduler", "tcp://x:1", "-o", tmp_path / "r"),
                     "--scheduler", "--backend dask")
    assert not (tmp_path / "r").exists()
    result = invoke("bench", "--jobs", 2, "--games", 60)
    assert result.exit_code == 0, result.output
    assert "--jobs 1:" in result.stdout and "--jobs 2:" in result.stdout and "ratio:" in result.stdout


def test_the_compile_line_is_shown_only_when_the_kernel_is_not_cached(monkeypatch):
    import io

    import numpy as np

    from simcore.run import batch
    from simcore.run.config import find_scenario, pack_policies, pack_rules
    s = load_scenario(find_scenario("base"))
    params, (kinds, weights) = pack_rules(s), pack_policies(s)
    stream = io.StringIO()
    batch.warm_up(params, kinds, weights, stream)
    assert batch.kernel_cached(params) is True and stream.getvalue() == ""
    monkeypatch.setattr(batch, "kernel_cached", lambda p, kinds=None: False)
    monkeypatch.setattr(batch, "play_batch", lambda *a: np.zeros(0))
    batch.warm_up(params, kinds, weights, stream)
    assert stream.getvalue() == "compiling the engine for the base game (first run only; about 21 s on an idle core, longer on a busy machine)\n"


def test_progress_shows_the_whole_jobs_rate_and_eta():
    import io

    from simcore.run.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True
    stream = Terminal()
    bar = Progress(1000, live=True, stream=stream)
    bar.t0 -= 10.0                      # 10 s ago
    bar.last = -1.0
    bar.update(250)                      # 25 games/s: 750 left, 30 s
    assert "250/1,000 games (25%)  25 games/s  ETA 0:30" in stream.getvalue()
    bar.say("setting 1/4 done: x")
    assert "\r\033[Ksetting 1/4 done: x\n" in stream.getvalue()


def test_a_rate_below_one_game_a_second_is_not_shown_as_zero():
    import io

    from simcore.run.progress import Progress
    stream = io.StringIO()
    bar = Progress(64, live=False, stream=stream)
    bar.t0 -= 236.0                      # a rollout ladder table: 64 games in 236 s
    bar.update(64)
    bar.finish("")
    assert "(0.27 games/s)" in stream.getvalue()


def test_a_dask_sweep_gives_the_same_bytes(tmp_path):
    pytest.importorskip("distributed", reason="distributed is not installed (pip install 'catan-balance[dask]')")
    from tests.test_cli import invoke
    args = ["sweep", "base", "--vary", "victory_points=6,7", "--games", 14, "-q", "--no-report", "--chunk-games", 4]
    assert invoke(*args, "--out", tmp_path / "loky", "--jobs", 2).exit_code == 0
    assert invoke(*args, "--out", tmp_path / "dask", "--jobs", 2, "--backend", "dask").exit_code == 0
    for setting in ("00-victory_points=6", "01-victory_points=7"):
        assert _files(tmp_path / "loky" / setting) == _files(tmp_path / "dask" / setting)


def stop_at_merge(n):
    """A tally class that stops the run when the parent takes its n-th chunk: that chunk's
    files are written, its rows not yet joined to games.csv.part."""
    class StopAtMerge(Tally):
        merges = 0

        def merge(self, other):
            type(self).merges += 1
            if type(self).merges == n:
                raise KeyboardInterrupt
            return super().merge(other)
    return StopAtMerge


def test_a_resume_joins_kept_chunks_that_start_where_the_part_file_ends(scenario_file, tmp_path):
    s = load_scenario(scenario_file(), ["games=60"])
    runner.run(s, tmp_path / "ref", Tally, chunk_games=60, progress=False)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        runner.run(s, out, stop_at_merge(2), chunk_games=20, progress=False)
    assert [p.name for p in (out / "chunks").glob("*.csv")] == [runner.chunk_name(20, 20) + ".csv"]
    runner.run(s, out, Tally, resume=True, chunk_games=7, progress=False)   # other chunk sizes now
    assert _files(out) == _files(tmp_path / "ref")
