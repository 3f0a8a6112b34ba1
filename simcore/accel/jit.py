"""Compilation decorators and the kernel cache.

`jitted`: code that runs inside the compiled kernels.  It is numba's
register_jitable: compiled into each kernel that calls it (one version per
argument types; literal constants are not specialised, which halves the cold
compile), and plain Python when called from Python, as everything is under
NUMBA_DISABLE_JIT=1.  Its library is only linked into kernels, never finalised
for Python (simcore.accel.fastcompile).  A variant's border functions use
simcore.engine.kernel_variants.variant_code instead, so that only the kernels playing
the variant compile its code.
`entry` (simcore.engine.kernels): the kernels Python calls, compiled once per engine
and cached on disk.

numba checks a cached kernel only against its own file, not against the
functions it inlines from other files, so a kernel's cache lives in a folder named
after a hash of the source files it may use, the numba and llvmlite versions and
whether simcore.accel.fastcompile and simcore.accel.record_names are on (they change the
code and the state records): any change starts afresh.  The engine's kernels are cached
per engine (simcore.engine.kernels: the base game's sources and those of the variants
compiled in); `_cache_dir` (every source) holds whatever else is cached (the tests' kernels).
"""
import fnmatch
import hashlib
import os
from pathlib import Path

import llvmlite
import numba
from numba.extending import register_jitable

from simcore.accel import fastcompile, record_names

_ROOT = Path(__file__).resolve().parents[2]
ENGINE_PACKAGES = ("simcore", "policies")

# The Python shell around the engine, which no kernel imports: editing it needs no
# recompile.  Folders and file patterns (fnmatch, relative to the root).  A file missing
# here only costs an unneeded recompile.
SHELL_FOLDERS = ("simcore/run", "simcore/studies", "simcore/commands")
SHELL_FILES = ("simcore/engine/errors.py", "simcore/engine/fields.py", "policies/registry.py",
               "policies/preset_file.py", "policies/presets.py", "policies/rollout_seat.py", "policies/variants/*/presets.py",
               "simcore/variants/scaffold.py")


def engine_sources(root=_ROOT, skip=()):
    """The source files the kernels may use: every .py file under ENGINE_PACKAGES but the shell's,
    and but those under the folders `skip` (relative to the root)."""
    for package in ENGINE_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if not name.startswith(tuple(f + "/" for f in SHELL_FOLDERS + tuple(skip))) and \
                    not any(fnmatch.fnmatch(name, pattern) for pattern in SHELL_FILES):
                yield path


def source_hash(paths, root=_ROOT, fast=None, extra=""):
    """A cache key: the files `paths` (names and contents), the compiler's versions, the shortcuts in
    force (`fast`: fastcompile on, default: as installed) and the text `extra`."""
    fast = fastcompile.installed() if fast is None else fast
    h = hashlib.sha256(f"numba {numba.__version__} llvmlite {llvmlite.__version__} fast {int(fast)} "
                       f"records {int(record_names.installed())}".encode())
    for path in paths:
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    h.update(extra.encode())
    return h.hexdigest()[:16]


def _source_hash(root=_ROOT, fast=None):
    """Key of every kernel source (meta.json's engine_sources; the folder of `_cache_dir`)."""
    return source_hash(engine_sources(root), root, fast)


def cache_base():
    """The folder of the kernel caches: $NUMBA_CACHE_DIR, else ~/.cache/catan-balance."""
    return os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "catan-balance")


def _cache_dir():
    return os.path.join(cache_base(), "kernels-" + _source_hash())


record_names.install()   # first: the cache key and the state records depend on them
fastcompile.install()

numba.config.CACHE_DIR = _cache_dir()


def jitted(fn):
    fastcompile.HELPERS.add(fastcompile.helper_key(fn))
    return register_jitable(**fastcompile.HELPER_OPTIONS)(fn)


