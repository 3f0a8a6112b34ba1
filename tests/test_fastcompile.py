"""simcore.accel.fastcompile replaces numba internals: it proves itself on a probe kernel,
falls back to plain numba with one line on stderr when anything fails or numba is
newer than the releases it was tested with, can be switched off, and the games are the
same with it off; the kernel cache key covers
every engine source and the switch (simcore.accel.jit)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from simcore.accel import fastcompile
from simcore.accel.jit import _source_hash
from simcore.engine.kernels import engine_folder
from simcore.engine.state import new_state_buffer, separate_records
from simcore.engine.variant import REGISTRY
from tests.conftest import PLAIN_NUMBA_SCENARIOS, plain_numba_command
from tests.positions import make_params

ROOT = Path(__file__).resolve().parent.parent


def _python(code, **env):
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout.split(), done.stderr.strip().splitlines()


def test_the_probe_passed_here():
    assert fastcompile.installed() or fastcompile.switched_off()


CHECK = """
from numba import njit
from numba.core import codegen
from simcore.accel import jit, fastcompile
from simcore.engine.kernels import engine_folder
from simcore.engine.state import new_state_buffer, separate_records
from simcore.engine.variant import REGISTRY
from tests.conftest import PLAIN_NUMBA_SCENARIOS, plain_numba_command
from tests.positions import make_params
from numba.core import types
restored = (codegen.CPUCodeLibrary.finalize is fastcompile._numba_finalize
            and codegen.CPUCodeLibrary._optimize_functions is fastcompile._numba_optimize_functions
            and types.Record.__repr__ is fastcompile._numba_record_repr
            and fastcompile._llvm_lock._cblist == fastcompile._numba_lock_callbacks)
print(fastcompile.installed(), restored, njit(lambda n: 2 * n)(21), separate_records(),
      len(new_state_buffer(make_params(4)).dtype.names))
"""

BREAKS = {
    # numba 0.62's libraries have no _reload_init: the first compile crashed there
    "crash": "def broken(library): raise AttributeError(\"'JITCodeLibrary' object has no attribute '_reload_init'\")\n"
             "fastcompile._finalize = broken\n",
    "wrong answer": "fastcompile._probe_leaf.__code__ = (lambda x: 3 * x * x).__code__\n",
    "missing internals": "fastcompile._numba_get_executable = None\n",
}


@pytest.mark.parametrize("how", sorted(BREAKS))
def test_a_failing_probe_leaves_plain_numba_with_one_line(how):
    out, err = _python("from simcore.accel import fastcompile\n" + BREAKS[how] + CHECK)
    installed, restored, answer, separate, fields = out
    assert (installed, restored, answer, separate) == ("False", "True", "42", "True")
    assert len(err) == 1 and err[0].startswith("catan-balance: fast compile off (")
    # plain numba keeps a state record per rule set: numba names records by their layouts
    assert int(fields) == len(new_state_buffer(make_params(4)).dtype.names)


def test_a_numba_outside_the_tested_releases_runs_plain_with_one_line():
    """No upper bound on numba (pyproject.toml): a release after simcore.accel.TESTED_NUMBA gets
    neither shortcut, one line says so, and plain numba compiles (a state record per rule set
    no more: with neither shortcut every record carries every variant)."""
    out, err = _python("import numba\nnumba.__version__ = '0.70.0'\n" + CHECK)
    assert out[:4] == ["False", "True", "42", "False"]
    assert len(err) == 1 and err[0].startswith("catan-balance: fast compile off (numba 0.70.0 is outside")
    assert int(out[4]) > len(new_state_buffer(make_params(4)).dtype.names)


def test_switched_off_it_stays_off_silently():
    out, err = _python(CHECK, **{fastcompile.SWITCH: "0"})
    assert out[:4] == ["False", "True", "42", "True"] and err == []


def test_without_record_names_plain_numba_gives_every_state_every_variant():
    """Neither helpers internal to their kernel nor records named by their layouts: kernels
    of different records could call each other's helpers, so there is one record."""
    breaks = "from simcore.accel import record_names\nrecord_names._numba_mangling_args = None\n"
    out, err = _python(breaks + CHECK, **{fastcompile.SWITCH: "0"})
    assert out[:4] == ["False", "True", "42", "False"] and err == []
    assert int(out[4]) > len(new_state_buffer(make_params(4)).dtype.names)


def test_the_cache_key_covers_every_engine_source_and_the_switch(tmp_path):
    for package in ("simcore", "policies"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    key = _source_hash(tmp_path, fast=True)
    assert _source_hash(tmp_path, fast=False) != key
    for shell in ("simcore/run/batch.py", "simcore/studies/tune.py", "policies/variants/ck/presets.py"):
        (tmp_path / shell).write_text("# the shell: no kernel imports it\n")
        assert _source_hash(tmp_path, fast=True) == key, shell
    (tmp_path / "simcore" / "variants" / "toy.py").write_text("X = 1\n")   # a new file in a subpackage
    assert _source_hash(tmp_path, fast=True) != key


def _games(tmp_path, name, scenario, **env):
    out = tmp_path / name
    done = subprocess.run(plain_numba_command(scenario, out), cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    return (out / "games.csv").read_bytes()


@pytest.mark.parametrize("scenario", PLAIN_NUMBA_SCENARIOS)
def test_games_are_the_same_with_fastcompile_off(tmp_path, plain_numba_games, scenario):
    """Plain numba (its kernels cached under their own key, which covers the switch; the scenario's own
    state record) plays the same games.  The plain-numba runs started in the background when the tests
    were collected (tests/warm.py), so that a cold compile overlaps the other tests."""
    off, cache = plain_numba_games(scenario)
    engines = {engine_folder(v, fast=False) for v in (("grundbesitz",), tuple(REGISTRY))}   # records named or not
    assert engines & {p.name for p in cache.glob("engine-*")}
    assert off == _games(tmp_path, "on", scenario)


def _level_helper(x):
    return 2 * x + 1


def _level_kernel(n):
    return _level_helper(n) - 1


def _level_plain(n):
    return n + 7


@pytest.mark.skipif(not fastcompile.installed(), reason="fastcompile off: numba's own levels")
def test_kernels_are_optimised_at_the_engine_level_other_code_at_numbas(monkeypatch):
    import numba
    from simcore.accel.jit import jitted
    numba_level, numba_optimise, levels = numba.config.OPT, fastcompile._numba_optimize_final_module, {}

    def record(library):
        levels[library.name] = int(numba.config.OPT)
        numba_optimise(library)

    monkeypatch.setattr(fastcompile, "_numba_optimize_final_module", record)
    jitted(_level_helper)
    assert numba.njit(_level_kernel)(20) == 40 and numba.njit(_level_plain)(1) == 8
    assert levels["_level_kernel"] == fastcompile.ENGINE_OPT and levels["_level_plain"] == numba_level
    assert "_level_helper" not in levels   # linked into the kernel only
    assert numba.config.OPT is numba_level


def _refcounted_module():
    """numba's NRT module (its NRT_incref and NRT_decref, `noinline`) with a caller of each
    (a lone one: pruning keeps it), optimised by numba's module passes as a kernel's module is."""
    from llvmlite import binding as llvm
    from llvmlite import ir
    from numba.core.registry import cpu_target
    from numba.core.runtime import nrtdynmod
    codegen_ = cpu_target.target_context.codegen()
    module, _ = nrtdynmod.create_nrt_module(cpu_target.target_context)
    for name in ("NRT_incref", "NRT_decref"):
        callee = module.get_global(name)
        caller = ir.Function(module, ir.FunctionType(ir.VoidType(), [callee.args[0].type]), f"calls_{name}")
        builder = ir.IRBuilder(caller.append_basic_block())
        builder.call(callee, caller.args)
        builder.ret_void()
    parsed = llvm.parse_assembly(str(module))
    pm, pb = codegen_._module_pass_manager()
    pm.run(parsed, pb)
    return parsed, codegen_


def _calls(module, name):
    """Calls of `name` in its caller calls_<name>."""
    return sum(i.opcode == "call" and f"@{name}(" in str(i)
               for b in module.get_function(f"calls_{name}").blocks for i in b.instructions)


def test_refcount_calls_are_inlined_after_pruning():
    """numba's NRT_incref/NRT_decref, kept `noinline` for its pruning pass, are inlined into
    their callers afterwards (fastcompile.inline_refcounts): a caller makes no call, it adds
    or subtracts atomically itself."""
    module, codegen_ = _refcounted_module()
    assert _calls(module, "NRT_incref") == 1 and _calls(module, "NRT_decref") == 1
    inlined = fastcompile.inline_refcounts(module, codegen_)
    assert _calls(inlined, "NRT_incref") == 0 and _calls(inlined, "NRT_decref") == 0
    assert "atomicrmw add" in str(inlined.get_function("calls_NRT_incref"))
    assert "atomicrmw sub" in str(inlined.get_function("calls_NRT_decref"))
    inlined.verify()
