"""Shared helpers: small scenario files written on the fly."""
import pytest

SMALL = """\
name = "small"
description = "test scenario"
games = 24
seed = 7
players = 4
seats = ["greedy", "roads", "devcards", "random"]
"""


@pytest.fixture
def scenario_file(tmp_path):
    """write(text=SMALL, name='small.toml') -> path of a scenario file in tmp_path."""
    def write(text=SMALL, name="small.toml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


# --- games played with plain numba (tests/test_fastcompile.py) ---------------------
# Compiling the kernels without simcore.fastcompile takes minutes; the runs start in the
# background as soon as the tests are collected, so that they compile on the second
# core while the other tests run, and the test only waits for them.
import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from simcore import fastcompile  # noqa: E402

PLAIN_NUMBA_TEST = "test_games_are_the_same_with_fastcompile_off"
PLAIN_NUMBA_SCENARIOS = ("base", "grundbesitz")   # one record type: the second loads the first's cache
_plain = {}


def plain_numba_command(scenario, out):
    return [sys.executable, "cli.py", "run", scenario, "-n", "300", "--seed", "1", "--no-report", "-q", "-o", str(out)]


def pytest_collection_finish(session):
    if not any(PLAIN_NUMBA_TEST in item.nodeid for item in session.items):
        return
    folder = Path(tempfile.mkdtemp(prefix="plain-numba-"))
    script = " && ".join(subprocess.list2cmdline(plain_numba_command(s, folder / s)) for s in PLAIN_NUMBA_SCENARIOS)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(folder / "cache"), fastcompile.SWITCH: "0"}
    _plain["folder"] = folder
    with open(folder / "stderr.txt", "w") as err:   # the child keeps its own copy of the handle
        _plain["proc"] = subprocess.Popen(["bash", "-c", script], cwd=Path(__file__).resolve().parent.parent, env=env,
                                          stdout=subprocess.DEVNULL, stderr=err)


def pytest_sessionfinish(session):
    proc = _plain.pop("proc", None)
    if proc is not None and proc.poll() is None:
        proc.kill()
        proc.wait()
    if "folder" in _plain:
        shutil.rmtree(_plain.pop("folder"), ignore_errors=True)


@pytest.fixture
def plain_numba_games():
    """scenario -> (games.csv bytes played with fastcompile off, that run's kernel cache folder)."""
    proc = _plain["proc"]
    proc.wait(timeout=1800)
    assert proc.returncode == 0, (_plain["folder"] / "stderr.txt").read_text()

    def games(scenario):
        return (_plain["folder"] / scenario / "games.csv").read_bytes(), _plain["folder"] / "cache"
    return games
