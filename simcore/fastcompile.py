"""Cold compiles without numba's throw-away work on the kernels' helpers.

numba compiles every function a kernel calls into a code library of its own and
*finalises* it as if Python were going to call it: it links in the libraries of
the function's callees, optimises the whole linked module and emits it as
machine code.  The kernels' helpers (simcore.jit.jitted) are never called
compiled from Python, only linked into the kernels, so at every level of the
call tree the code below is optimised and emitted again, and thrown away: about
40% of a cold compile.

With `install()`, a helper's library is finalised by linking its callees only
(its functions are already optimised one by one as their IR is added), and no
machine code or Python wrapper address is made for it.  A kernel's library (an
`njit` function: `entry`, or a test's kernel) is finalised as numba always
does: it links every helper, optimises the whole program once (the optimisation
numba runs on it anyway) and is the only one emitted and cached.  The kernels'
code and speed are unchanged; the tests compare compiled games with
NUMBA_DISABLE_JIT games byte for byte.

A kernel's linked-in helpers are made internal to its machine code: no helper's
name leaves its kernel, so kernels cached by different processes for different
state records (simcore.kernel_variants) never call each other's helpers (the
records are also named by their layouts: simcore.record_names).

This replaces numba internals (CPUCodeLibrary.finalize and
_optimize_final_module, CPUContext.get_executable), written against numba
0.61-0.68 (pyproject.toml pins that range).  `install()` proves the replacement
on a probe kernel before any engine kernel compiles; where the internals are
missing, the probe fails, or CATAN_BALANCE_FASTCOMPILE=0 switches it off, numba
stays as it is (one line on stderr says why, unless switched off): compiles take
about twice as long; the games are the same (tests/test_fastcompile.py).
"""
import itertools
import os
import sys

import numba
from llvmlite import binding as llvm
from numba.core import codegen, cpu
from numba.extending import register_jitable

SWITCH = "CATAN_BALANCE_FASTCOMPILE"   # "0" (or off/false/no): plain numba

# "module.qualname" of every jitted helper (filled by simcore.jit.jitted)
HELPERS = set()

_numba_finalize = getattr(codegen.CPUCodeLibrary, "finalize", None)
_numba_optimize_final_module = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)
_numba_get_executable = getattr(cpu.CPUContext, "get_executable", None)
_helper_libraries = 0   # helpers finalised for linking only, counted for the probe


def helper_key(fn):
    return f"{fn.__module__}.{fn.__qualname__}"


def _finalize(library):
    if not getattr(library, "_helper_only", False):
        return _numba_finalize(library)
    codegen.require_global_compiler_lock()
    library._raise_if_finalized()
    seen = set()
    for linked in library._linking_libraries:
        if linked not in seen:
            seen.add(linked)
            if hasattr(library, "_reload_init"):   # numba >= 0.63 (its finalize does the same)
                library._reload_init.update(linked._reload_init)
            library._final_module.link_in(linked._get_module_for_linking(), preserve=True)
    library._finalize_dynamic_globals()
    library._finalized = True


def _optimize_final_module(library):
    """A kernel's library, its helpers linked in: make them internal, then numba's optimisation."""
    linked = set()
    for lib in library._linking_libraries:
        module = lib._get_module_for_linking()
        linked.update(v.name for v in itertools.chain(module.functions, module.global_variables)
                      if not v.is_declaration)
    module = library._final_module
    for v in itertools.chain(module.functions, module.global_variables):
        if not v.is_declaration and v.name in linked:
            v.linkage = llvm.Linkage.internal
    return _numba_optimize_final_module(library)


def _get_executable(context, library, fndesc, env):
    if f"{fndesc.modname}.{fndesc.qualname}" not in HELPERS:
        return _numba_get_executable(context, library, fndesc, env)
    global _helper_libraries
    _helper_libraries += 1
    library._helper_only = True
    library._ensure_finalized()
    # a function object without an address: numba only uses it as the key under
    # which callers find the helper's library to link in
    return cpu._dynfunc.make_function(fndesc.lookup_module(), fndesc.qualname.split(".")[-1],
                                      "kernel helper (linked into kernels only)", 0, env, (library,))


def available():
    lib = codegen.CPUCodeLibrary
    return (None not in (_numba_finalize, _numba_optimize_final_module, _numba_get_executable)
            and hasattr(codegen, "require_global_compiler_lock") and hasattr(cpu, "_dynfunc")
            and all(hasattr(lib, name) for name in
                    ("_raise_if_finalized", "_get_module_for_linking", "_finalize_dynamic_globals")))


def switched_off():
    return os.environ.get(SWITCH, "").strip().lower() in ("0", "off", "false", "no")


def _replace():
    codegen.CPUCodeLibrary.finalize = _finalize
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module
    cpu.CPUContext.get_executable = _get_executable


def _restore():
    codegen.CPUCodeLibrary.finalize = _numba_finalize
    codegen.CPUCodeLibrary._optimize_final_module = _numba_optimize_final_module
    cpu.CPUContext.get_executable = _numba_get_executable


# The probe: a kernel calling a helper that calls another, as the engine's kernels do.
def _probe_leaf(x):
    return 3 * x + 1


def _probe_helper(x):
    return _probe_leaf(x) - _probe_leaf(x - 2)


def _probe_kernel(n):
    total = 0
    for i in range(n):
        total += _probe_helper(i) * i
    return total


def _probe():
    """Compile and run the probe kernel through the replaced internals; raise if anything is off."""
    HELPERS.update(helper_key(f) for f in (_probe_leaf, _probe_helper))
    for f in (_probe_leaf, _probe_helper):
        register_jitable(f)
    before = _helper_libraries
    got = numba.njit(_probe_kernel)(10)
    if _helper_libraries - before < 2:
        raise RuntimeError("the probe's helpers did not take the linked-only path")
    expected = 6 * sum(range(10))
    if got != expected:
        raise RuntimeError(f"the probe kernel returned {got}, not {expected}")


def install():
    """Replace the numba internals (once) and prove them on the probe kernel; False
    (numba as it was, one line on stderr) where switched off or anything fails."""
    if installed():
        return True
    if switched_off():
        return False
    if not available():
        return _fall_back(f"numba {numba.__version__} lacks the internals it replaces")
    try:
        _replace()
        if not numba.config.DISABLE_JIT:   # nothing compiles then
            _probe()
    except Exception as e:  # any failure: plain numba, never a crash
        _restore()
        return _fall_back(f"{type(e).__name__}: {e}".splitlines()[0])
    return True


def _fall_back(why):
    print(f"catan-balance: fast compile off ({why}); compiling with plain numba, about twice as slow "
          f"(numba {numba.__version__}; {SWITCH}=0 silences this)", file=sys.stderr)
    return False


def installed():
    return codegen.CPUCodeLibrary.finalize is _finalize
