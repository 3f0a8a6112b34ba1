"""simcore.accel.parts: the kernel's parts compiled apart, by a child process while the kernel
compiles (the test session compiles them in-process: CATAN_BALANCE_COMPILE_JOBS=1), give
the same games; a part's declared return type is checked."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from numba.core import types

from simcore.engine import game  # noqa: F401  (jit: fastcompile installed; game: the parts declared)
from simcore.accel import jit, parts
from tests import warm
from tests.conftest import COMPILE_JOBS, WARM_FOLDER

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import sys
from simcore.accel import parts
from simcore.run.batch import play_batch
from simcore.run.config import find_scenario, load_scenario, pack_policies, pack_rules
from simcore.run.seeds import game_seeds
import numpy as np
s = load_scenario(find_scenario("base"))
rows = play_batch(pack_rules(s), *pack_policies(s), np.arange(40, dtype=np.int64), game_seeds(s.seed, 0, 40))
print(len(parts.FROM_CHILD), rows.tobytes().hex())
"""


def _play(cache, jobs):
    env = {**os.environ, **({"NUMBA_CACHE_DIR": str(cache)} if cache else {})}
    env.pop(COMPILE_JOBS, None)
    if jobs == 1:
        env[COMPILE_JOBS] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.skipif(not parts.enabled() or (os.cpu_count() or 1) < 2, reason="parts need fastcompile and 2 cores")
def test_a_child_compiles_the_parts_and_the_games_are_the_same(tmp_path):
    warmed = Path(os.environ.get(WARM_FOLDER) or tmp_path) / warm.PARTS_FILE
    if warmed.exists():
        # the whole suite: the warm-up's Grundbesitz kernel took its parts from a child, and
        # test_fastcompile compares its games with plain numba's (no cold compile here)
        assert warmed.read_text() == "1"
        return
    children, rows = _play(tmp_path / "cache", jobs=2)   # a cold compile
    assert children == "1"
    # the kernel compiled in one process (the test session's cache)
    assert _play(None, jobs=1) == ["0", rows]


def test_the_parts_are_the_kernel_entries_declared():
    assert {"simcore.engine.game.apply_action", "simcore.engine.game.roll", "simcore.engine.game.seven"} <= set(parts.PARTS)
    for key, (fn, returns) in parts.PARTS.items():
        assert isinstance(returns, types.Type) and callable(fn)
        assert parts.SIDES[key] in (parts.CHILD, parts.KERNEL)


TOY = """
import numpy as np
from simcore.accel import parts
from tests import parts_toy as T
buf = np.zeros(1, T.TOY)
buf[0]["a"], buf[0]["b"] = 7, 100
print(T.kernel(buf) == T.expected(7, 100), len(parts.FROM_CHILD),
      ",".join(sorted(name.split(".")[-2] for name, lib in parts._kernel_libraries.items() if lib is not None)))
"""


@pytest.mark.skipif(not parts.enabled(), reason="parts need fastcompile")
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_part_each_side_calls_is_compiled_once_by_the_kernels_process(jobs):
    if jobs == 2 and (os.cpu_count() or 1) < 2:
        pytest.skip("a child process needs 2 cores")
    env = {k: v for k, v in os.environ.items() if k != COMPILE_JOBS}
    if jobs == 1:
        env[COMPILE_JOBS] = "1"
    done = subprocess.run([sys.executable, "-c", TOY], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    right, from_child, kernel_side = done.stdout.split()
    assert right == "True"
    assert from_child == ("1" if jobs == 2 else "0")
    # both KERNEL parts, the one only the CHILD part calls too; the part of another variant
    # (which does not compile for the record) did not stop the child
    assert kernel_side == "asked_by_the_rules,shared"


def test_a_part_has_one_of_the_two_sides():
    with pytest.raises(ValueError, match="side"):
        parts.apart(types.int64, side="elsewhere")


def test_the_test_session_names_the_variable_simcore_parts_reads():
    assert COMPILE_JOBS == parts.JOBS


@pytest.mark.parametrize("proven, probed", [("1", "0"), ("", "2")])
def test_the_child_skips_the_probe_its_parent_ran(proven, probed):
    """The child gets fastcompile.PROVEN (simcore.accel.parts.start): it installs fastcompile without
    compiling the probe kernel again (its two helpers)."""
    from simcore.accel import fastcompile
    env = {**os.environ, fastcompile.PROVEN: proven}
    code = "import simcore.accel.jit\nfrom simcore.accel import fastcompile\nprint(fastcompile.installed(), fastcompile._helper_libraries)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", probed]
