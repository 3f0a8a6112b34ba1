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


@pytest.fixture
def charts_not_drawn(monkeypatch):
    """A report's charts built but not drawn, each PNG a placeholder (CATAN_BALANCE_CHART_PIXELS=off,
    simcore.run.cap), for the tests of a command's words, files and flows: drawing is most of a small
    report's time, and the report tests (test_report*, test_sweep, test_skill, test_feel_report, ...) draw
    every chart.  A file uses it with `pytestmark = pytest.mark.usefixtures("charts_not_drawn")`."""
    from simcore.run.cap import PIXELS_ENV
    monkeypatch.setenv(PIXELS_ENV, "off")


@pytest.fixture(autouse=True, scope="module")
def _no_plain_loky_pool_left():
    """simcore.studies.train_play's workers are loky's reusable pool, not joblib's: left alive, the next
    joblib call with as many jobs (runner --jobs 2) would take it over and fail (AttributeError:
    no _temp_folder_manager).  Test files share a process (pytest-xdist): end it after each."""
    yield
    from joblib.externals.loky import reusable_executor
    pool = reusable_executor._executor
    if pool is not None and not hasattr(pool, "_temp_folder_manager"):
        pool.shutdown(wait=True)


# --- the kernel warm-up (tests/warm.py) and the games played with plain numba ---------
# A run of the whole suite first compiles every kernel it plays, in parallel processes
# (cold compiles take minutes, and two pytest-xdist workers would both compile a kernel
# they need at once); the processes that run the tests wait for it before the first test.
# The plain-numba games of test_fastcompile (fastcompile off: the longest compile) are a
# job of the warm-up that only that test waits for.  A run of chosen files or tests
# (`pytest tests/test_foo.py`) has no warm-up: its tests compile what they need.
import os  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from tests import warm  # noqa: E402
from tests.warm import PLAIN_NUMBA_SCENARIOS, plain_numba_command  # noqa: E402,F401  (test_fastcompile's)

WARM_FOLDER = "CATAN_BALANCE_TEST_WARMUP"   # environment: the warm-up's folder, for the xdist workers
WARM_TIMEOUT = 1800
_warm = {}


def _whole_suite(config):
    """True when the run is the test folder(s), not chosen files or tests."""
    return not config.getvalue("collectonly") and all(
        "::" not in arg and Path(arg).is_dir() for arg in config.args)


def _runs_tests(config):
    """False in the xdist controller (its workers run the tests)."""
    return hasattr(config, "workerinput") or config.getoption("dist", "no") == "no" or not config.getoption("tx", None)


@pytest.hookimpl(tryfirst=True)   # before xdist starts its workers, which inherit the environment
def pytest_sessionstart(session):
    config = session.config
    if hasattr(config, "workerinput"):
        return
    os.environ.pop(WARM_FOLDER, None)
    if not _whole_suite(config):
        return
    folder = Path(tempfile.mkdtemp(prefix="catan-warm-"))
    (folder / warm.RUNNING).write_text("")
    with open(folder / "pool.err", "w") as err:   # the child keeps its own copy of the handle
        command = [sys.executable, "-m", "tests.warm", "--pool", str(folder), *warm.JOBS, *warm.LATE]
        _warm["proc"] = subprocess.Popen(command, cwd=warm.ROOT, stdout=subprocess.DEVNULL, stderr=err,
                                         start_new_session=True)
    _warm["folder"] = folder
    os.environ[WARM_FOLDER] = str(folder)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        threading.Thread(target=_show_warm_up, args=(folder, reporter.write_line), daemon=True).start()


def _show_warm_up(folder, write):
    """The warm-up's progress on the terminal (the controller's thread): a line as each kernel
    job ends until the tests start (then it stops: the tests' dots own the terminal).  Cached
    kernels end their jobs in seconds."""
    start, shown, ready = time.monotonic(), 0, False
    write(f"warm-up: compiling the kernels the tests play ({', '.join(warm.JOBS)}) before the first test; "
          f"minutes from an empty cache, seconds from a warm one")
    log = folder / warm.LOG
    while (folder / warm.RUNNING).exists() and not ready:
        lines = log.read_text().splitlines() if log.exists() else []
        for line in lines[shown:]:
            write(f"warm-up {time.monotonic() - start:4.0f} s: {line}")
        shown = len(lines)
        if not ready and (folder / warm.READY).exists():
            ready = True
            write(f"warm-up {time.monotonic() - start:4.0f} s: kernels ready, the tests start")
        else:
            time.sleep(1.0)


def _wait_for(name):
    """Wait until the warm-up has written FOLDER/name (or ended without it)."""
    folder = Path(os.environ[WARM_FOLDER])
    deadline = time.monotonic() + WARM_TIMEOUT
    while not (folder / name).exists() and time.monotonic() < deadline and (folder / warm.RUNNING).exists():
        time.sleep(0.5)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtestloop(session):
    if os.environ.get(WARM_FOLDER) and _runs_tests(session.config):
        _wait_for(warm.READY)
    yield


# Distributed by file (`-n auto --dist loadfile`: a file's module-level runs are played once),
# the files that take longest first, so that no worker is left with one at the end, and last
# those that wait for a late job of the warm-up (tests/warm.py LATE), which ends meanwhile.
# Longest of all, in this order: the documentation's commands (1-2 minutes a page on an idle
# machine; tests/docs_commands.py GROUPS) and the new variant's project, which compiles its own
# kernels.  Then the files declaring warm-up jobs (the variants' games, tests/warm.py).
SLOW_FILES = ("test_docs_run_guide.py", "test_docs_run_players.py", "test_docs_run_ladder.py",
              "test_new_variant.py", "test_docs_run_readme.py",
              *dict.fromkeys(file for file, _, _ in warm.DECLARED.values()),
              "test_invariants.py", "test_scale.py", "test_sweep.py", "test_train.py", "test_train_games.py")
LATE_FILES = ("test_hook_city_changed.py", "test_fastcompile.py", "test_toy_variant.py", "test_hook_points.py",
              "test_policy_hooks.py")


@pytest.fixture(autouse=True)
def _ctrl_c_as_python_sets_it():
    """Each test starts and ends with Python's own Ctrl-C handler: a test whose code ignores SIGINT or defers
    it (a worker's set-up run in the test's process, the runner's deferring handler) would otherwise hand that
    on to the tests after it on the same pytest worker, and an ignored SIGINT to their subprocesses (it is
    inherited), whose Ctrl-C and kill tests then fail by the order pytest-xdist happened to give the files."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config):
    if config.getoption("dist", "no") == "loadfile":
        config.option.loadscopereorder = False   # xdist's own order: most tests first


def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):
        rank = {name: i for i, name in enumerate(SLOW_FILES)}
        rank.update({name: len(SLOW_FILES) + 1 + i for i, name in enumerate(LATE_FILES)})
        items.sort(key=lambda item: rank.get(item.path.name, len(SLOW_FILES)))   # stable: a file's tests keep their order


def pytest_terminal_summary(terminalreporter):
    if _warm.get("log"):   # (after pytest_sessionfinish)
        terminalreporter.write_line("kernel warm-up (tests/warm.py): " + "; ".join(_warm.pop("log")))
    from tests.browser import SKIP_REASON
    if any(SKIP_REASON in str(report.longrepr) for report in terminalreporter.stats.get("skipped", ())):
        terminalreporter.write_line(SKIP_REASON)   # one line: the replay page's browser tests did not run


def pytest_sessionfinish(session):
    proc = _warm.pop("proc", None)
    if proc is not None and proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)   # the pool and its jobs (a session of their own)
        proc.wait()
    if "folder" in _warm:
        log = _warm["folder"] / warm.LOG
        _warm["log"] = log.read_text().splitlines() if log.exists() else []
        shutil.rmtree(_warm.pop("folder"), ignore_errors=True)
        os.environ.pop(WARM_FOLDER, None)


@pytest.fixture(scope="session")
def plain_numba_games(tmp_path_factory):
    """scenario -> (games.csv bytes played with fastcompile off, the root of that run's kernel cache):
    the warm-up's, or played here when the run has no warm-up (tests/warm.py `plain_numba_env`)."""
    if os.environ.get(WARM_FOLDER):
        folder = Path(os.environ[WARM_FOLDER])
        _wait_for(f"{warm.PLAIN}.done")
        done = folder / f"{warm.PLAIN}.done"
        assert done.exists() and done.read_text() == "0", (folder / f"{warm.PLAIN}.err").read_text()
    else:
        folder = tmp_path_factory.mktemp("plain-numba")
        assert warm.run_job(warm.PLAIN, folder) == 0

    def games(scenario):
        return (folder / scenario / "games.csv").read_bytes(), warm.cache_root()
    return games


@pytest.fixture(scope="session")
def box_env():
    """group -> the environment of the processes that play the test variants of `group`
    (tests/variant_boxes.py): their kernel cache (tests/warm.py `box_cache`), which the warm-up
    fills (waited for) or, without a warm-up, the first process that needs it."""
    warmed = os.environ.get(WARM_FOLDER)

    def env(group):
        if warmed:
            _wait_for(f"{group}.done")
        return dict(os.environ, NUMBA_CACHE_DIR=str(warm.box_cache(group)))
    return env
