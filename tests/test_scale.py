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

from simcore import runner
from simcore.config import load_scenario

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def small(scenario_file):
    return load_scenario(scenario_file(), ["games=40"])


def _files(out):
    return {name: (out / name).read_bytes() for name in ("games.csv", "summary.json", "run.json")}


@pytest.fixture
def reference(small, tmp_path):
    runner.run(small, tmp_path / "ref", progress=False)
    return _files(tmp_path / "ref")


@pytest.mark.parametrize("jobs, chunk", [(1, 3), (2, 7), (2, 40), (3, 1)])
def test_any_jobs_and_chunk_size_give_the_same_bytes(small, tmp_path, reference, jobs, chunk):
    out = tmp_path / "out"
    runner.run(small, out, jobs=jobs, chunk_games=chunk, progress=False)
    assert _files(out) == reference
    assert not (out / "chunks").exists()
    meta = json.loads((out / "meta.json").read_text())
    assert meta["complete"] and meta["chunks_done"] == [[0, small.games]]


def test_games_parquet_is_joined_from_the_chunks(small, tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    out = tmp_path / "out"
    runner.run(small, out, jobs=2, chunk_games=6, progress=False)
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"), pd.read_csv(out / "games.csv"))


def test_resume_uses_complete_chunk_files_and_ignores_half_written_ones(small, tmp_path, reference):
    """Chunks ahead of games.csv.part are joined, not played again; a .tmp (half-written) one is not a chunk."""
    out = tmp_path / "out"
    runner.run(small, out, chunk_games=5, progress=False)
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
        runner.run(small, out, resume=True, chunk_games=5, progress=False)
    finally:
        runner.play_chunk = real
    assert _files(out) == reference
    assert played == [(10, 5), (15, 5), (25, 5), (30, 5), (35, 5)]       # 20..24 came from its chunk file


def _pids(_work, start, count):
    return os.getpid()


def test_loky_workers_stay_alive_between_calls():
    """Each setting of a sweep is played by the same worker processes (joblib's reusable executor)."""
    from simcore.backends import ordered
    first = set(ordered(_sleepy_pid, [(None, i, 1) for i in range(6)], 2, "loky"))
    second = set(ordered(_sleepy_pid, [(None, i, 1) for i in range(6)], 2, "loky"))
    assert len(first) == 2 and first == second and os.getpid() not in first


def _sleepy_pid(_work, start, count):
    time.sleep(0.2)
    return os.getpid()


def test_dask_local_cluster_gives_the_same_bytes(small, tmp_path, reference):
    pytest.importorskip("distributed", reason="distributed is not installed (pip install 'catan-balance[dask]')")
    out = tmp_path / "dask"
    runner.run(small, out, jobs=2, chunk_games=6, progress=False, backend="dask")
    assert _files(out) == reference


_KILL_SCRIPT = """
import sys
from simcore.config import load_scenario
from simcore import runner
s = load_scenario(sys.argv[1], ["games=3000"])
runner.run(s, sys.argv[2], jobs=int(sys.argv[3]), chunk_games=150, progress=False, resume=True)
"""


@pytest.mark.parametrize("sig, jobs", [(signal.SIGKILL, 2), (signal.SIGINT, 1), (signal.SIGKILL, 1)])
def test_a_killed_run_resumes_to_the_same_bytes(scenario_file, tmp_path, sig, jobs):
    path = scenario_file()
    s = load_scenario(path, ["games=3000"])
    runner.run(s, tmp_path / "ref", chunk_games=1000, progress=False)
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-c", _KILL_SCRIPT, str(path), str(out), str(jobs)], cwd=ROOT,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        meta = json.loads((out / "meta.json").read_text()) if (out / "meta.json").exists() else {}
        if meta.get("games_done", 0) >= 600:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, sig)   # the run and its workers
    proc.wait(timeout=60)
    assert not (out / "games.csv").exists()
    runner.run(s, out, resume=True, chunk_games=400, progress=False)
    assert _files(out) == _files(tmp_path / "ref")
