"""Cold compiles without numba's throw-away work on the kernels' helpers.

numba compiles every function a kernel calls into a code library of its own and
*finalises* it as if Python were going to call it: it links in the libraries of
the function's callees, optimises the whole linked module and emits it as
machine code.  The kernels' helpers (simcore.accel.jit.jitted) are never called
compiled from Python, only linked into the kernels, so at every level of the
call tree the code below is optimised and emitted again, and thrown away: about
40% of a cold compile.

With `install()`, a helper's library is finalised by linking its callees only,
and no machine code or Python wrapper address is made for it.  A kernel's
library (an `njit` function: `entry`, or a test's kernel) is finalised as numba
always does: it links every helper, optimises the whole program once (the
optimisation numba runs on it anyway) and is the only one emitted and cached.

numba also runs LLVM's function passes on every function as its IR is added to a
library, before anyone knows whether it is a helper's; here they run when the
library is finalised: on a kernel's whole linked module, helpers included, just
before its module passes (optimise_engine_module), so that each helper's code is
simplified once, and before the inliner weighs it (without them on helpers the
kernels ran 5% slower); on numba's own code as numba does.  The engine's modules
are optimised at ENGINE_OPT (-O3, numba's level), and afterwards numba's
reference-count calls are inlined (inline_refcounts: numba keeps them `noinline`
for its pruning pass; ck 7% of its run time was spent calling them).  Any other
numba code in the process keeps numba's own passes.  The games are unchanged;
the tests compare compiled games with NUMBA_DISABLE_JIT games byte for byte.

A helper's library links none of its callees: a kernel's library links its whole
call tree once, each helper's own code (numba links each caller's copy of its
callees at every level).  Smaller savings, each measured on the ck kernel: one
LLVM function-pass manager per module, for its defined functions only (numba makes
one per function, declarations included); no numba events on every LLVM call
(only numba's timers of the LLVM lock listen); error texts numba formats and
throws away while typing are not run through colorama; a record type's long
text is made once (numba's passes format the argument types at every pass); and
helpers get no C-callable wrapper (HELPER_OPTIONS, also with fastcompile off).

A kernel's linked-in helpers are made internal to its machine code: no helper's
name leaves its kernel, so kernels cached by different processes for different
state records (simcore.engine.kernel_variants) never call each other's helpers (the
records are also named by their layouts: simcore.accel.record_names).

This replaces numba internals (CPUCodeLibrary.finalize, _optimize_final_module
and _optimize_functions, numba.config.OPT while a kernel is optimised,
CPUContext.get_executable, the LLVM lock's callbacks, the error colour scheme's
markup, Record.__repr__), written and tested against numba 0.61-0.68
(simcore.accel.TESTED_NUMBA; pyproject.toml does not cap numba).  `install()` proves
the replacement on a probe kernel before any engine kernel compiles; with another
numba, where the internals are missing, where the probe fails, or where
CATAN_BALANCE_FASTCOMPILE=0 switches it off, numba stays as it is (one line on stderr
says why, unless switched off): compiles take about twice as long; the games are the
same (tests/test_fastcompile.py).
"""
import itertools
import os
import re
import sys

import numba
from llvmlite import binding as llvm
from numba.core import codegen, cpu, errors, types
from numba.extending import register_jitable

from simcore.accel import TESTED_NUMBA, numba_tested

SWITCH = "CATAN_BALANCE_FASTCOMPILE"   # "0" (or off/false/no): plain numba

# "module.qualname" of every jitted helper (filled by simcore.accel.jit.jitted)
HELPERS = set()

# LLVM optimisation level of the kernels' whole-module passes (numba's: NUMBA_OPT, 3; -O2
# compiled 5% faster, its ck kernel ran 3-5% slower)
ENGINE_OPT = 3

# numba options of every helper: no C-callable wrapper (a helper is only linked into kernels)
HELPER_OPTIONS = {"no_cfunc_wrapper": True}

_numba_finalize = getattr(codegen.CPUCodeLibrary, "finalize", None)
_numba_optimize_final_module = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)
_numba_get_executable = getattr(cpu.CPUContext, "get_executable", None)
_numba_optimize_functions = getattr(codegen.CPUCodeLibrary, "_optimize_functions", None)
_numba_record_repr = types.Record.__repr__
_llvm_lock = getattr(getattr(llvm.ffi, "lib", None), "_lock", None)
_numba_lock_callbacks = list(getattr(_llvm_lock, "_cblist", ()))
_colours = errors.termcolor()
_helper_libraries = 0   # helpers finalised for linking only, counted for the probe


def helper_key(fn):
    return f"{fn.__module__}.{fn.__qualname__}"


def _linked_closure(library):
    """The libraries `library` links, each once: helpers' callees included (a helper's
    library links none itself), numba's own finalised libraries as they are."""
    out, seen, todo = [], set(), list(reversed(library._linking_libraries))
    while todo:
        lib = todo.pop()
        if lib in seen:
            continue
        seen.add(lib)
        out.append(lib)
        if getattr(lib, "_helper_only", False):
            todo.extend(reversed(lib._linking_libraries))
    return out


def _finalize(library):
    if not getattr(library, "_helper_only", False):
        # a kernel (or numba's own code): link the whole call tree once, then numba's finalize
        library._linking_libraries = _linked_closure(library)
        if not _links_helpers(library):   # numba's own code (an engine kernel's: optimise_engine_module)
            _function_passes(library._final_module, library._codegen)
        return _numba_finalize(library)
    codegen.require_global_compiler_lock()
    library._raise_if_finalized()
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
    if _links_helpers(library):
        optimise_engine_module(library)
    else:   # code that links no helper: not the engine's, numba's level
        _numba_optimize_final_module(library)


def _links_helpers(library):
    return any(getattr(lib, "_helper_only", False) for lib in library._linking_libraries)


def optimise_engine_module(library):
    """An engine module, its helpers linked in: numba's function passes on every function,
    numba's whole-module optimisation at ENGINE_OPT (numba reads the level from its config as
    it builds the pass managers), then the reference counts inlined (library._final_module
    is a new module then, as numba's own remove_redundant_nrt_refct makes one)."""
    numba_opt = numba.config.OPT
    numba.config.OPT = type(numba_opt)(ENGINE_OPT)
    try:
        _function_passes(library._final_module, library._codegen)
        _numba_optimize_final_module(library)
        library._final_module = inline_refcounts(library._final_module, library._codegen)
    finally:
        numba.config.OPT = numba_opt


# the definition of numba's NRT_incref/NRT_decref (a linked copy: a numbered suffix) in a
# module's text, up to its attribute group (numba.core.runtime.nrtdynmod: `noinline`)
_REFCOUNT_DEFINITION = re.compile(r"^(define [^\n]*@NRT_(?:incref|decref)(?:\.\d+)?\([^\n]*\)[^\n#{]*)#\d+", re.M)
_ATTRIBUTE_GROUP = re.compile(r"^attributes #(\d+)", re.M)


def inline_refcounts(module, codegen_):
    """`module` (optimised: its reference counts pruned) with numba's NRT_incref/NRT_decref
    inlined into their callers: a test of the pointer and an atomic add instead of a call.
    A new module parsed from the text with those definitions `alwaysinline` (llvmlite cannot
    change a function's attributes); `module` itself where it defines neither, or where
    llvmlite cannot do this (only speed is at stake: tests/test_fastcompile.py checks it here)."""
    text = str(module)
    group = 1 + max((int(n) for n in _ATTRIBUTE_GROUP.findall(text)), default=0)
    text, defined = _REFCOUNT_DEFINITION.subn(lambda m: f"{m.group(1)}#{group}", text)
    if not defined:
        return module
    try:
        new = llvm.parse_assembly(f"{text}\nattributes #{group} = {{ alwaysinline nounwind }}\n")
        new.name = module.name
        pb = codegen_._pass_builder(opt=0)
        pm = pb.getModulePassManager()
        pm.add_always_inliner_pass()
        pm.add_instruction_combine_pass()
        pm.add_simplify_cfg_pass()
        pm.run(new, pb)
        new.verify()
    except Exception:   # (another llvmlite's text or passes): the calls stay
        return module
    return new


def _optimize_functions(library, ll_module):
    """None yet (numba runs its function passes on each IR module as it is added): they
    run when the library is finalised (_finalize, optimise_engine_module)."""
    ll_module.data_layout = library._codegen._data_layout


def _function_passes(module, codegen_):
    """numba's function passes on each function `module` defines, with one pass manager."""
    fpm = pb = None
    for func in module.functions:
        if not func.is_declaration:
            if fpm is None:
                fpm, pb = codegen_._function_pass_manager()
            fpm.run(func, pb)


def _record_repr(record):
    text = record.__dict__.get("_fastcompile_repr")
    if text is None:
        text = record.__dict__["_fastcompile_repr"] = _numba_record_repr(record)
    return text


def _numba_lock_callback(pair):
    """numba's callbacks on the LLVM lock: an event per LLVM call, for timers nobody reads here."""
    return getattr(pair[0], "__module__", "") == "numba.core.base"


def _plain_markup(msg, color=None, style=None):
    return msg


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
    return (None not in (_numba_finalize, _numba_optimize_final_module, _numba_get_executable,
                         _numba_optimize_functions)
            and hasattr(codegen, "require_global_compiler_lock") and hasattr(cpu, "_dynfunc")
            and all(hasattr(lib, name) for name in
                    ("_raise_if_finalized", "_get_module_for_linking", "_finalize_dynamic_globals"))
            and hasattr(codegen.CPUCodegen, "_function_pass_manager"))


def switched_off():
    return os.environ.get(SWITCH, "").strip().lower() in ("0", "off", "false", "no")


def _replace():
    codegen.CPUCodeLibrary.finalize = _finalize
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module
    codegen.CPUCodeLibrary._optimize_functions = _optimize_functions
    cpu.CPUContext.get_executable = _get_executable
    types.Record.__repr__ = _record_repr
    if _llvm_lock is not None:
        _llvm_lock._cblist[:] = [c for c in _numba_lock_callbacks if not _numba_lock_callback(c)]
    if hasattr(_colours, "_markup"):
        _colours._markup = _plain_markup


def _restore():
    codegen.CPUCodeLibrary.finalize = _numba_finalize
    codegen.CPUCodeLibrary._optimize_final_module = _numba_optimize_final_module
    codegen.CPUCodeLibrary._optimize_functions = _numba_optimize_functions
    types.Record.__repr__ = _numba_record_repr
    if _llvm_lock is not None:
        _llvm_lock._cblist[:] = _numba_lock_callbacks
    _colours.__dict__.pop("_markup", None)
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
        register_jitable(**HELPER_OPTIONS)(f)
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
    if not numba_tested(numba.__version__):
        return _fall_back(f"numba {numba.__version__} is outside the versions it was tested with, "
                          f"{TESTED_NUMBA[0]}-{TESTED_NUMBA[1]}")
    if not available():
        return _fall_back(f"numba {numba.__version__} lacks the internals it replaces")
    try:
        _replace()
        if not numba.config.DISABLE_JIT:   # (nothing compiles)
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
