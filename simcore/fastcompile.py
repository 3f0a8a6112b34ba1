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

A kernel's linked-in helpers are made internal to its machine code.  numba
names a compiled function after its argument types, and a record type after a
number counted up in each process, so two kernels cached by different
processes for different state records (simcore.kernel_variants) can hold
different functions under one name; loaded into one process, the second would
call the first one's.  Internal, a helper's name no longer leaves its kernel.

This replaces numba internals (CPUCodeLibrary.finalize and
_optimize_final_module, CPUContext.get_executable); where they are missing (a
numba far from the 0.68 it was written for) nothing is replaced, compiles are
slower and states carry every variant's marker (one record type).
"""
import itertools

from llvmlite import binding as llvm
from numba.core import codegen, cpu

# "module.qualname" of every jitted helper (filled by simcore.jit.jitted)
HELPERS = set()

_numba_finalize = getattr(codegen.CPUCodeLibrary, "finalize", None)
_numba_optimize_final_module = getattr(codegen.CPUCodeLibrary, "_optimize_final_module", None)
_numba_get_executable = getattr(cpu.CPUContext, "get_executable", None)


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


def install():
    """Replace the numba internals (once); False where they cannot be."""
    if not available():
        return False
    codegen.CPUCodeLibrary.finalize = _finalize
    codegen.CPUCodeLibrary._optimize_final_module = _optimize_final_module
    cpu.CPUContext.get_executable = _get_executable
    return True


def installed():
    return codegen.CPUCodeLibrary.finalize is _finalize
