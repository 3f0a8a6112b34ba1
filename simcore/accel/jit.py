"""Compilation decorators and the kernel cache.

`jitted`: code that runs inside the compiled kernels.  It is numba's
register_jitable: compiled into each kernel that calls it (one version per
argument types; literal constants are not specialised, which halves the cold
compile), and plain Python when called from Python, as everything is under
NUMBA_DISABLE_JIT=1.  Its library is only linked into kernels, never finalised
for Python (simcore.accel.fastcompile).  A variant's border functions use
simcore.engine.kernel_variants.variant_code instead, so that only the kernels playing
the variant compile its code.
`entry`: the kernels Python calls, compiled once and cached on disk; they release
the GIL while they play, so the worker pool's threads in the same process (reading
answers, sending tasks) go on meanwhile (simcore.run.backends).

numba checks a cached kernel only against its own file, not against the
functions it inlines from other files, so the cache lives in a folder named
after a hash of every engine and policy source file the kernels may use
(subpackages included), the numba and llvmlite versions and whether
simcore.accel.fastcompile and simcore.accel.record_names are on (they change the code and
the state records): any change starts afresh.
"""
import fnmatch
import hashlib
import os
from pathlib import Path

import llvmlite
import numba
from numba import njit
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


def engine_sources(root=_ROOT):
    """The source files the kernels may use: every .py file under ENGINE_PACKAGES but the shell's."""
    for package in ENGINE_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if not name.startswith(tuple(f + "/" for f in SHELL_FOLDERS)) and \
                    not any(fnmatch.fnmatch(name, pattern) for pattern in SHELL_FILES):
                yield path


def _source_hash(root=_ROOT, fast=None):
    """Key of the kernel cache; `fast`: fastcompile on (default: as installed)."""
    fast = fastcompile.installed() if fast is None else fast
    h = hashlib.sha256(f"numba {numba.__version__} llvmlite {llvmlite.__version__} fast {int(fast)} "
                       f"records {int(record_names.installed())}".encode())
    for path in engine_sources(root):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _cache_dir():
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "catan-balance")
    return os.path.join(base, "kernels-" + _source_hash())


record_names.install()   # first: the cache key and the state records depend on them
fastcompile.install()

numba.config.CACHE_DIR = _cache_dir()


def jitted(fn):
    fastcompile.HELPERS.add(fastcompile.helper_key(fn))
    return register_jitable(**fastcompile.HELPER_OPTIONS)(fn)


entry = njit(cache=True, nogil=True)
