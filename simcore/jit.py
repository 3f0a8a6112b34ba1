"""Compilation decorators and the kernel cache.

`jitted`: code that runs inside the compiled kernels.  It is numba's
register_jitable: compiled into each kernel that calls it (one version per
argument types; literal constants are not specialised, which halves the cold
compile), and plain Python when called from Python, as everything is under
NUMBA_DISABLE_JIT=1.  Its library is only linked into kernels, never finalised
for Python (simcore.fastcompile).  A variant's border functions use
simcore.kernel_variants.variant_code instead, so that only the kernels playing
the variant compile its code.
`entry`: the kernels Python calls, compiled once and cached on disk.

numba checks a cached kernel only against its own file, not against the
functions it inlines from other files, so the cache lives in a folder named
after a hash of every engine and policy source file the kernels use: any edit
of those starts afresh.
"""
import hashlib
import os
from pathlib import Path

import numba
from numba import njit
from numba.extending import register_jitable

from simcore import fastcompile

_ROOT = Path(__file__).resolve().parent.parent


# Modules no kernel imports (the Python shell around the engine): editing them
# needs no recompile.  A module missing here only costs an unneeded recompile.
SHELL_MODULES = {
    "simcore": {"batch", "bench", "config", "errors", "fields", "grid", "outputs",
                "progress", "replay", "runner", "seeds", "sweep"},
    "policies": {"presets", "registry"},
}


def _source_hash():
    h = hashlib.sha256(numba.__version__.encode())
    for folder in ("simcore", "policies"):
        for path in sorted((_ROOT / folder).rglob("*.py")):   # subpackages too (simcore/variants)
            if path.stem not in SHELL_MODULES[folder] or path.parent != _ROOT / folder:
                h.update(str(path.relative_to(_ROOT)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _cache_dir():
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "catan-balance")
    return os.path.join(base, "kernels-" + _source_hash())


numba.config.CACHE_DIR = _cache_dir()

fastcompile.install()


def jitted(fn):
    fastcompile.HELPERS.add(fastcompile.helper_key(fn))
    return register_jitable(fn)


entry = njit(cache=True)
