"""Kernel parts compiled apart, in a second process while the kernel compiles (the other core).

A cold compile runs on one core: numba types, lowers and optimises a kernel's whole
call tree in one process.  A function declared `@apart(returns)` instead of `@jitted`
is compiled into each kernel as a call to a symbol of its own per state record type,
`catan_part.<function>.<record>`, and its code is compiled once, in one of two places
(its `side`), however many callers it has in either:

- CHILD (simcore.engine.game.apply_action: the rules of every action, about a third of a kernel;
  roll, seven, init_game, and the bots' helpers the rules' choices use most): typed,
  lowered and optimised (as a kernel's own code: fastcompile.ENGINE_OPT) as a small module
  of its own, which the kernel links in after its own optimisation, before its machine
  code is made;
- KERNEL (the bots' helpers the kernel's code and the rules' choices share): compiled by
  the kernel's process and linked into the kernel before its optimisation, so that the
  kernel's calls may be inlined; their symbols stay until the CHILD parts are linked.

A function both sides call is thus compiled once, not once by each process.  The kernel
is cached with all of them as one library, as before.

When a kernel compile first reaches a part for a record type, a child process
(simcore.accel.parts.main) starts compiling the CHILD parts of that record, so that both
cores work; the kernel takes its module when it has optimised its own code.  With
CATAN_BALANCE_COMPILE_JOBS=1 (the test suite's parallel warm-up sets it: its compiles
already use both cores), or when the child fails, the parts compile in the process
itself at that point.  The games are the same: only the place where the code is
compiled changes, and a part is not inlined into callers on the other side (one call).
Which functions are parts, and on which side, balances the two processes (measured on
the Cities & Knights kernel); a part's arguments after the state are scalars or declared
arrays (PARAMS, WEIGHTS), its result a scalar or a tuple of them.

In Python (NUMBA_DISABLE_JIT, tests calling the rules) a part runs as written.  Parts
need simcore.accel.fastcompile and simcore.accel.record_names (a record type named by its layout,
the same in both processes); without them the functions compile as `jitted` ones.

This uses numba internals (CPUCodeLibrary's modules, the calling convention), written
against numba 0.61-0.68 like simcore.accel.fastcompile.
"""
import atexit
import inspect
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from llvmlite import binding as llvm
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

from simcore.accel import fastcompile, record_names

JOBS = "CATAN_BALANCE_COMPILE_JOBS"   # "1": compile the parts in the kernel's process
PREFIX = "catan_part."
CHILD_TIMEOUT = 900                   # seconds a kernel waits for its parts' child at most
_ROOT = Path(__file__).resolve().parents[2]

CHILD, KERNEL = "child", "kernel"   # who compiles a part (apart's side)

PARTS = {}        # helper key -> (function, return type)
SIDES = {}        # helper key -> CHILD or KERNEL
_records = {}     # record name hash -> numba record type seen by a part's stub
_children = {}    # record name hash -> (Popen, folder)
_modules = {}     # record name hash -> optimised bitcode of its parts
_asked = set()    # record name hashes start_early has asked about
_started = set()  # record name hashes a child was started for (at most once: a failed one is not retried)


def enabled():
    return fastcompile.installed() and record_names.installed()


def _record_hash(record):
    return record_names._mangling_args(record)[1][0]


def symbol(key, record):
    return f"{PREFIX}{key}.{_record_hash(record)}"


def _key_and_record(name):
    """symbol's inverse: (helper key, record name hash)."""
    return tuple(name[len(PREFIX):].rsplit(".", 1))


def _declared(module):
    """The symbols of the parts `module` calls and does not define."""
    return [f.name for f in module.functions if f.is_declaration and f.name.startswith(PREFIX)]


PARAMS = types.Array(types.int64, 1, "C")   # the packed rules as the kernel gets them
WEIGHTS = types.Array(types.float64, 1, "C")   # a seat's policy weights (st.weights[p])


def _argtypes(fn, record):
    """The part's argument types: the state record, then the declared ones (int64 by default)."""
    declared = ARGS.get(fastcompile.helper_key(fn), {})
    return (record,) + tuple(declared.get(name, types.int64) for name in list(inspect.signature(fn).parameters)[1:])


ARGS = {}   # helper key -> {argument name: numba type} where not int64


def apart(returns, side=CHILD, **args):
    """Decorator: a function of the state (first argument st; the others int64 unless
    declared: name=numba type) compiled apart (see the module doc); `returns`: its
    numba return type (checked when it compiles); `side`: CHILD (compiled by the child
    process) or KERNEL (compiled by the kernel's, callable from the child's parts)."""
    if side not in (CHILD, KERNEL):
        raise ValueError(f"side must be {CHILD!r} or {KERNEL!r}, not {side!r}")

    def decorate(fn):
        key = fastcompile.helper_key(fn)
        fastcompile.HELPERS.add(key)
        PARTS[key] = (fn, returns)
        SIDES[key] = side
        ARGS[key] = args
        stub = _stub(fn, key, returns)

        @overload(fn, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
        def choose(st, *args):
            if not (isinstance(st, types.Record) and enabled()):
                return fn
            _records[_record_hash(st)] = st
            start(st)
            return stub
        return fn
    return decorate


def _stub(fn, key, returns):
    """A jitted function of fn's arguments calling the part's symbol for the record type."""
    args = ", ".join(inspect.signature(fn).parameters)
    name = key.replace(".", "__")

    def typer(typingctx, st, *rest):
        sig = returns(*_argtypes(fn, st))

        def codegen(context, builder, sig, args):
            fnty = context.call_conv.get_function_type(sig.return_type, sig.args)
            callee = cgutils.get_or_insert_function(builder.module, fnty, symbol(key, st))
            status, res = context.call_conv.call_function(builder, callee, sig.return_type, sig.args, args)
            with cgutils.if_unlikely(builder, status.is_error):
                context.call_conv.return_status_propagate(builder, status)
            return res
        return sig, codegen
    # numba's intrinsic and overload want the arguments named
    scope = {"typer": typer, "__name__": __name__}
    exec(f"def part_call__{name}(typingctx, {args}):\n    return typer(typingctx, {args})\n", scope)
    scope["call"] = intrinsic(scope[f"part_call__{name}"])
    exec(f"def part_stub__{name}({args}):\n    return call({args})\n", scope)
    stub = scope[f"part_stub__{name}"]
    fastcompile.HELPERS.add(fastcompile.helper_key(stub))
    return stub


# --- compiling the parts of a record type ---------------------------------------------

def _compile_root(key, record):
    """Compile part `key` for `record`: its library and the function's mangled name there."""
    import numba
    fn, returns = PARTS[key]
    dispatcher = numba.njit(no_cpython_wrapper=True, **fastcompile.HELPER_OPTIONS)(fn)
    sig = _argtypes(fn, record)
    dispatcher.compile(sig)
    cres = dispatcher.overloads[sig]
    if cres.signature.return_type != returns:
        raise TypeError(f"{key} returns {cres.signature.return_type}, not {returns} as declared")
    return cres.library, cres.fndesc.mangled_name


def _renamed(library, mangled, name):
    """A copy of a part's module with its function under the part's symbol, external."""
    module = library._final_module.clone()
    fn = module.get_function(mangled)
    fn.name = name
    fn.linkage = llvm.Linkage.external
    return module


def _calls(library, record):
    """The parts (helper keys) `library`'s code calls for `record`."""
    h = _record_hash(record)
    return [key for lib in [library] + fastcompile._linked_closure(library)
            for key, called in map(_key_and_record, _declared(lib._final_module)) if called == h]


def compile_parts(record, keys=None):
    """The optimised LLVM bitcode of the parts `keys` for `record`, each under its symbol (the
    KERNEL parts they call stay declared).  Default: every CHILD part declared so far that
    compiles for the record (a variant's part does not, for a record without the variant: its
    kernel never calls it), and the CHILD parts they call (declared in modules imported since)."""
    from numba.core.registry import cpu_target
    exported, libraries = set(), []
    todo, tried = list(keys) if keys is not None else [k for k in PARTS if SIDES[k] == CHILD], set()
    while todo:
        key = todo.pop(0)
        if key in tried:
            continue
        tried.add(key)
        try:
            libraries.append(_compile_root(key, record) + (symbol(key, record),))
        except Exception:   # (numba raises KeyError for a field the record lacks)
            if keys is not None:
                raise
            continue   # a needed part that fails is compiled again by the kernel's process, and raises
        if keys is None:
            todo += [k for k in _calls(libraries[-1][0], record) if SIDES.get(k) == CHILD]
    library = cpu_target.target_context.codegen().create_library("catan_parts")
    for lib, _, _ in libraries:
        library.add_linking_library(lib)
    module = library._final_module
    roots = {lib for lib, _, _ in libraries}
    for lib, mangled, name in libraries:   # as defined, under its symbol (which other parts' code calls)
        module.link_in(_renamed(lib, mangled, name))
        exported.add(name)
    for lib in fastcompile._linked_closure(library):
        if lib not in roots:
            module.link_in(lib._get_module_for_linking(), preserve=True)
    for v in list(module.functions) + list(module.global_variables):
        if not v.is_declaration and v.name not in exported:
            v.linkage = llvm.Linkage.internal
    fastcompile.optimise_engine_module(library)   # as the kernel's own code
    module = library._final_module                  # (a new module: its reference counts inlined)
    module.verify()
    return module.as_bitcode()


_kernel_libraries = {}   # symbol -> library defining a KERNEL part under its symbol


def _kernel_library(key, record):
    """A linked-only library defining KERNEL part `key` for `record` under its symbol, or
    None where the part does not compile for the record (a variant's part, for a record
    without the variant); compiled once per process and record."""
    name = symbol(key, record)
    if name not in _kernel_libraries:
        from numba.core.registry import cpu_target
        try:
            root, mangled = _compile_root(key, record)
        except Exception:   # (numba raises KeyError for a field the record lacks) a needed part
            _kernel_libraries[name] = None   # that fails is compiled again after, and raises
            return None
        library = cpu_target.target_context.codegen().create_library(name)
        library._final_module.link_in(_renamed(root, mangled, name))
        library._linking_libraries = list(root._linking_libraries)
        library._helper_only = True   # simcore.accel.fastcompile: linked into kernels only
        library.finalize()
        # linked into a kernel as it is: numba's copy for linking would make the part's symbol
        # linkonce_odr, which the linker drops where the kernel's own code does not call it
        library._shared_module = library._final_module.clone()
        _kernel_libraries[name] = library
    return _kernel_libraries[name]


def kernel_parts(libraries):
    """fastcompile.LINKING_HOOKS: for a kernel calling parts, the libraries of every KERNEL part
    of its record (the CHILD parts may call those the kernel does not); the kernel optimises
    them with its own code and keeps their symbols for the CHILD parts."""
    hashes = {_key_and_record(name)[1] for lib in libraries for name in _declared(lib._final_module)}
    out = [_kernel_library(key, _records[h]) for h in sorted(hashes) for key in PARTS if SIDES[key] == KERNEL]
    return [lib for lib in out if lib is not None]


def _child_allowed():
    return os.environ.get(JOBS, "").strip() != "1" and (os.cpu_count() or 1) > 1


def start(record):
    """Start the child compiling `record`'s parts (once per record type), where allowed."""
    h = _record_hash(record)
    if h in _started or not _child_allowed():
        return
    _started.add(h)
    from numba.np.numpy_support import as_dtype
    folder = Path(tempfile.mkdtemp(prefix="catan-parts-"))
    modules = sorted({fn.__module__ for fn, _ in PARTS.values()})   # where the parts are declared
    (folder / "record.pickle").write_bytes(pickle.dumps((as_dtype(record), modules)))
    code = f"import sys; sys.path.insert(0, {str(_ROOT)!r}); from simcore.accel.parts import main; main({str(folder)!r})"
    env = {**os.environ, JOBS: "1", fastcompile.PROVEN: "1"}   # this process proved fastcompile
    with open(folder / "stderr", "w") as err:
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=_ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    _children[h] = (proc, folder)


def start_early(buf, cold):
    """Start the child for the state buffer's record type before the kernel compiles, when
    `cold()` (asked once per record type) says it will: the child then has the whole compile."""
    import numba
    record = numba.typeof(buf).dtype
    h = _record_hash(record) if enabled() else None
    if h is None or h in _asked:
        return
    _asked.add(h)
    if cold():
        _records[h] = record
        start(record)


def _from_child(h):
    proc, folder = _children.pop(h)
    try:
        proc.wait(timeout=CHILD_TIMEOUT)
        out = folder / "parts.bc"
        return out.read_bytes() if proc.returncode == 0 and out.exists() else None
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


FROM_CHILD = []   # record name hashes whose parts a child compiled (for the tests)


def _module_for(h):
    if h not in _modules:
        bitcode = _from_child(h) if h in _children else None
        if bitcode is not None:
            FROM_CHILD.append(h)
        _modules[h] = bitcode if bitcode is not None else compile_parts(_records[h])
    return _modules[h]


def link_parts(module):
    """Link into an optimised kernel module the CHILD parts it calls (compiled apart); every
    part is then internal to it."""
    for name in _declared(module):
        fn = module.get_function(name)
        if fn.is_declaration:   # (linked already with another part of the record)
            module.link_in(llvm.parse_bitcode(_module_for(_key_and_record(name)[1])))
    while _declared(module):   # a part still missing (one that failed in kernel_parts): compiled
        # here, apart, or its error raised
        for name in _declared(module):
            key, h = _key_and_record(name)
            module.link_in(llvm.parse_bitcode(compile_parts(_records[h], [key])))
    for fn in module.functions:
        if not fn.is_declaration and fn.name.startswith(PREFIX):
            fn.linkage = llvm.Linkage.internal


fastcompile.LINKING_HOOKS.append(kernel_parts)
fastcompile.KEPT_PREFIXES.append(PREFIX)
fastcompile.OPTIMISED_HOOKS.append(link_parts)


@atexit.register
def _end_children():
    for proc, folder in _children.values():
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        shutil.rmtree(folder, ignore_errors=True)


def main(folder):
    """The child: compile the parts for the record type in FOLDER/record.pickle into FOLDER/parts.bc."""
    import importlib
    from numba.np.numpy_support import from_dtype
    folder = Path(folder)
    dtype, modules = pickle.loads((folder / "record.pickle").read_bytes())
    for name in modules:   # every part declared
        importlib.import_module(name)
    record = from_dtype(dtype)
    bitcode = compile_parts(record)
    (folder / "parts.tmp").write_bytes(bitcode)
    (folder / "parts.tmp").rename(folder / "parts.bc")
