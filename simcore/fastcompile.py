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

This replaces two numba internals, CPUCodeLibrary.finalize and
CPUContext.get_executable, for the helpers only; where they are missing (a
numba far from the 0.68 it was written for) nothing is replaced and compiles
are just slower.
"""
from numba.core import codegen, cpu

# "module.qualname" of every jitted helper (filled by simcore.jit.jitted)
HELPERS = set()

_numba_finalize = getattr(codegen.CPUCodeLibrary, "finalize", None)
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
    return (_numba_finalize is not None and _numba_get_executable is not None
            and hasattr(codegen, "require_global_compiler_lock") and hasattr(cpu, "_dynfunc")
            and all(hasattr(lib, name) for name in
                    ("_raise_if_finalized", "_get_module_for_linking", "_finalize_dynamic_globals")))


def install():
    """Replace the two numba internals (once); False where they cannot be."""
    if not available():
        return False
    codegen.CPUCodeLibrary.finalize = _finalize
    cpu.CPUContext.get_executable = _get_executable
    return True


def installed():
    return codegen.CPUCodeLibrary.finalize is _finalize
