"""One writer per results folder, no process left behind (issue 42): a second command writing a folder
in use is refused with one line and changes nothing, the first finishes with the bytes of a clean run;
a writer killed with SIGKILL frees its folder at once and leaves no worker alive; a full disk is said
as the user needs it.  Each writer here is held mid-run by the test (it waits for the test's word past
a number of games), so that nothing races on sleeps however loaded the machine is."""
import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reports.summary import Tally
from simcore.run import backends, lock, runner
from tests.conftest import SMALL
from tests.test_cli import assert_bad_input, invoke

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

ROOT = Path(__file__).resolve().parent.parent
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="flock, /proc and fork: Linux")
GAMES, HOLD = 1500, 300
VARY = ("--vary", "victory_points=8,10")

# The CLI in a process of its own, held once HOLD games of a folder are joined until the file
# argv[1] exists (the test's word); then it plays on and ends as any command does.
_HELD_CLI = """
import sys, time
from pathlib import Path
from simcore.run import runner
absorb, word, hold = runner.Job.absorb, Path(sys.argv[1]), int(sys.argv[2])

def absorb_then_wait(job, done):
    count = absorb(job, done)
    while job.done >= hold and not word.exists():
        time.sleep(0.05)
    return count

runner.Job.absorb = absorb_then_wait
runner._META_EVERY_S = 0.0   # meta.json after every chunk: the test waits for it
sys.argv = ["catan-balance", *sys.argv[3:]]
from cli import app
app()
"""


def _files(out):
    return {name: (out / name).read_bytes() for name in ("games.csv", "summary.json", "run.json")}


def _snapshot(out):
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """(scenario file, {"run": files of a clean run, "sweep": {setting: files}}), played once."""
    folder = tmp_path_factory.mktemp("one-writer")
    path = folder / "small.toml"
    path.write_text(SMALL, encoding="utf-8")
    assert invoke("run", path, "-n", GAMES, "--out", folder / "run", "-q", "--no-report").exit_code == 0
    assert invoke("sweep", path, *VARY, "-n", GAMES, "--out", folder / "sweep", "-q", "--no-report").exit_code == 0
    settings = sorted(p.name for p in (folder / "sweep").iterdir() if p.is_dir())
    return path, {"run": _files(folder / "run"), "sweep": {s: _files(folder / "sweep" / s) for s in settings}}


class Held:
    """The CLI command `args` started in a process of its own session, held at HOLD games of the
    folder `watch` (its meta.json) until release()."""

    def __init__(self, tmp_path, watch, *args):
        self.word, self.watch = tmp_path / "go-on", Path(watch)
        command = [sys.executable, "-c", _HELD_CLI, *map(str, [self.word, HOLD, *args])]
        self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True, start_new_session=True)
        deadline = time.monotonic() + 180
        while self._joined() < HOLD:
            assert self.proc.poll() is None, f"the writer ended before it was held: {self.proc.stderr.read()}"
            assert time.monotonic() < deadline, "the writer was not held within 3 minutes"
            time.sleep(0.05)

    def _joined(self):
        try:
            return json.loads((self.watch / "meta.json").read_text()).get("games_done", 0)
        except (OSError, ValueError):
            return 0

    def release(self):
        """Let it play on; True when it ends well (exit 0, its final line, no error)."""
        self.word.write_text("")
        code, said = self.proc.wait(timeout=180), self.proc.stderr.read()
        assert code == 0 and " games in " in said.splitlines()[-1], said
        assert "error" not in said and "Traceback" not in said, said
        return True

    def end(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@pytest.fixture
def held(tmp_path):
    started = []

    def start(watch, *args):
        started.append(Held(tmp_path, watch, *args))
        return started[-1]
    yield start
    for writer in started:
        writer.end()


# --- two writers on one folder ---

@LINUX
def test_a_second_writer_of_a_run_is_refused_and_the_first_finishes_as_a_clean_run(small, tmp_path, held):
    path, clean = small
    out = tmp_path / "r"
    run = ["run", path, "-n", GAMES, "--out", out, "-q", "--no-report"]
    first = held(out, *run)
    before = _snapshot(out)
    for again in ([], ["--resume"], ["--force"]):   # the second command is the --resume one
        assert_bad_input(invoke(*run, *again), f"{out}: holds an unfinished run still being written by "
                                               f"pid {first.proc.pid} since", "wait until it ends", "--out")
    assert_bad_input(invoke("sweep", path, *VARY, "--out", out, "--force"), f"pid {first.proc.pid}")
    assert_bad_input(invoke("report", out), f"{out}: holds an unfinished run still being written by", "wait")
    assert_bad_input(invoke("compare", out, out, "--out", tmp_path / "c"), f"pid {first.proc.pid}")
    assert not (tmp_path / "c").exists()
    assert _snapshot(out) == before                                  # nothing changed
    assert first.release()
    assert _files(out) == clean["run"]
    assert not (out / lock.LOCK).exists()


@LINUX
def test_a_second_writer_of_a_sweep_or_of_one_of_its_settings_is_refused(small, tmp_path, held):
    path, clean = small
    out = tmp_path / "s"
    sweep = ["sweep", path, *VARY, "-n", GAMES, "--out", out, "-q", "--no-report"]
    setting = sorted(clean["sweep"])[0]
    first = held(out / setting, *sweep)
    before = _snapshot(out)
    pid = f"pid {first.proc.pid} since"
    assert_bad_input(invoke(*sweep), f"{out}: holds an unfinished sweep still being written by {pid}")
    assert_bad_input(invoke(*sweep, "--resume"), f"{out}: holds an unfinished sweep still being written by {pid}")
    for again in ([], ["--resume"]):   # a run on a setting's folder: the sweep holds it too
        assert_bad_input(invoke("run", path, "-n", GAMES, "--set", "victory_points=8", "--out", out / setting,
                                *again), f"{out / setting}: holds an unfinished run still being written by {pid}")
    assert_bad_input(invoke("report", out), "still being written by", "wait until it ends")
    assert _snapshot(out) == before
    assert first.release()
    assert {s: _files(out / s) for s in clean["sweep"]} == clean["sweep"]


# --- a writer killed ---

def _children(pid):
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            pass
    return found


def _alive(pid):
    """A process that runs (a zombie has ended: only its parent has not read its exit yet)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _gone_within(pids, seconds):
    deadline = time.monotonic() + seconds
    while any(map(_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if _alive(p)]


@LINUX
@pytest.mark.parametrize("command", ["run", "sweep"])
def test_a_writer_killed_frees_its_folder_at_once_and_leaves_no_worker(small, tmp_path, held, command):
    path, clean = small
    out = tmp_path / command
    args = (["run", path] if command == "run" else ["sweep", path, *VARY]) + ["-n", GAMES, "--out", out, "-q",
                                                                              "--no-report"]
    watch = out if command == "run" else out / sorted(clean["sweep"])[0]
    first = held(watch, *args, "--jobs", 2)
    workers = _children(first.proc.pid)
    assert workers, "--jobs 2 forks a worker"
    os.kill(first.proc.pid, signal.SIGKILL)      # the writer alone, as the OOM killer does
    first.proc.wait()
    try:
        assert_bad_input(invoke(*args), f"{out}: ", "unfinished", "no process is writing", "--resume")
        result = invoke(*args, "--resume")       # at once: no stale lock
        assert result.exit_code == 0, result.output
        assert not _gone_within(workers, 10), "a worker outlived its parent"
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
    if command == "run":
        assert _files(out) == clean["run"]
    else:
        assert {s: _files(out / s) for s in clean["sweep"]} == clean["sweep"]


_SIDE_THREAD_POOL = """
import os, sys, threading, time
from simcore.run import backends
pids = []
side = threading.Thread(target=lambda: pids.append(backends._pool(1).submit(os.getpid).result()))
side.start(); side.join()        # the thread that forked the worker has ended: no parent-death signal
print(pids[0], backends._pool(1).submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


@LINUX
def test_a_worker_forked_by_a_thread_that_ended_lives_on_and_ends_with_its_parent():
    proc = subprocess.Popen([sys.executable, "-c", _SIDE_THREAD_POOL], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    first = None
    try:
        first, second = map(int, proc.stdout.readline().split())
        assert first == second                   # the same worker: the thread's end did not kill it
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert not _gone_within([first], 10)     # its watch on its parent ended it
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if first is not None and _alive(first):
            os.kill(first, signal.SIGKILL)


@LINUX
def test_forked_workers_hold_no_lock_of_their_parent(tmp_path):
    backends._close_pools()                      # workers forked while the lock is held
    with lock.writing(tmp_path / "r"):
        fd = lock._HELD[os.path.realpath(tmp_path / "r")][0]
        mine = (fd, os.fstat(fd).st_ino)
        seen = list(backends.ordered(_lock_here, [(mine, i, 1) for i in range(4)], 2, "local"))
    in_workers = [held for pid, held in seen if pid != os.getpid()]
    assert in_workers and not any(in_workers)    # (the first tasks always go to the worker)
    assert not (tmp_path / "r").exists()         # left empty: removed


def _lock_here(mine, start, count):
    """(pid, whether this process has the lock's fd open or in lock._HELD)."""
    fd, inode = mine
    try:
        open_here = os.fstat(fd).st_ino == inode
    except OSError:
        open_here = False
    return os.getpid(), open_here or bool(lock._HELD)


# --- the lock itself ---

_HOLD_LOCK = """
import sys, time
from simcore.run import lock

with lock.writing(sys.argv[1]):
    print("held", flush=True)
    time.sleep(120)
"""


@LINUX
def test_the_lock_is_the_processes_and_dies_with_it(tmp_path):
    folder = tmp_path / "a" / "b"
    with lock.writing(folder):
        with lock.writing(folder):               # the same process again: a run, then its report
            assert lock.writer(folder) is None
        assert (folder / lock.LOCK).exists()
    assert not (tmp_path / "a").exists()         # created for nothing: removed
    proc = subprocess.Popen([sys.executable, "-c", _HOLD_LOCK, folder], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline() == "held\n"
        assert lock.writer(folder)["pid"] == proc.pid
        with pytest.raises(lock.Busy, match=re.escape(f"{folder}: is being written by pid {proc.pid} since ") + ".*; wait"):
            with lock.writing(folder):
                pass
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert (folder / lock.LOCK).exists() and lock.writer(folder) is None   # its file stays, unlocked
        with lock.writing(folder):               # at once
            assert json.loads((folder / lock.LOCK).read_text())["pid"] == os.getpid()
        assert not (folder / lock.LOCK).exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# --- a full disk ---

def test_a_full_disk_says_the_folder_what_is_kept_the_free_space_and_resume(small, tmp_path, monkeypatch):
    """A chunk cut off half-way into games.csv.part by ENOSPC, as on a full file system (measured on a
    6 MB tmpfs: docs/CHANGELOG.md); --resume after that gives the clean run's bytes."""
    path, clean = small
    out = tmp_path / "r"
    append, full = runner.Job._append, []

    def append_until_full(job, chunk, start, count, table=None):
        if start >= HOLD and not full:
            full.append(start)
            with open(job.out / runner.PART, "ab") as part:
                part.write(chunk.read_bytes()[:1000])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(job.out / runner.PART))
        return append(job, chunk, start, count, table)
    monkeypatch.setattr(runner.Job, "_append", append_until_full)
    run = ["run", path, "-n", GAMES, "--out", out, "-q", "--no-report"]
    result = invoke(*run)
    assert result.exit_code == 1 and result.stdout == "", result.output
    line = result.stderr.splitlines()[-1]
    kept = f"{full[0]:,} of {GAMES:,} games are played and kept"
    assert line.startswith(f"error: {out}: the disk is full (") and " free there); " in line and kept in line
    assert line.endswith("free some space, then run the same command with --resume to continue")
    assert not (out / lock.LOCK).exists()
    assert invoke(*run, "--resume").exit_code == 0
    assert _files(out) == clean["run"]


def test_the_local_backend_is_named_for_what_it_is():
    assert backends.check("local", None) == "local" and backends.check("loky", None) == "local"   # the old name
    result = invoke("run", "--help")
    assert result.exit_code == 0 and "local|dask" in result.stdout and "loky|" not in result.stdout
