"""`entry`: the kernels Python calls, compiled and cached on disk once per engine.

An engine is the kernel for one state record type: the base game and the variants the record
holds (simcore.engine.state.buffer_variants).  Its cache folder,
`<cache>/engine-<variants>-HASH` (simcore.accel.jit.cache_base), is named after the sources it
can include: the base game's (every kernel source, simcore.accel.jit.engine_sources, but the
variants' folders), the folders of its variants and of the variants they need
(Variant.needs), and the layouts its records and constants are made of.  So adding or changing
a variant recompiles only the engines that include it.  The kernels release the GIL while they
play, so the worker pool's threads in the same process (reading answers, sending tasks) go on
meanwhile (simcore.run.backends).
"""
import functools
import os
from pathlib import Path

import numba
import numpy as np
from numba import njit

from policies import weights as W
from simcore.accel import jit
from simcore.engine import actions as A
from simcore.engine import cards
from simcore.engine import event_codes as EV
from simcore.engine import params as P
from simcore.engine.variant import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
VARIANT_FOLDERS = ("simcore/variants", "policies/variants")   # a variant's code: <folder>/<name>/
REGISTRATION = ("simcore/variants/__init__.py", "policies/variants/__init__.py")


def with_needs(variants):
    """The variants and, before them, those they need, transitively (registration order)."""
    wanted, todo = set(), list(variants)
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo.extend(REGISTRY[name].needs)
    return tuple(name for name in REGISTRY if name in wanted)


def engine_files(variants, root=ROOT):
    """The source files an engine of `variants` can include: the base game's, then its variants' and
    their needs' (Variant.folders; their presets are the shell's, simcore.accel.jit.SHELL_FILES)."""
    files = [p for p in jit.engine_sources(root, skip=VARIANT_FOLDERS)
             if p.relative_to(root).as_posix() not in REGISTRATION]
    for name in with_needs(variants):
        for folder in REGISTRY[name].folders():
            path = root / folder
            if path.is_file() and not folder.startswith("reports/"):
                files.append(path)
            elif path.is_dir():
                files.extend(p for p in jit.engine_sources(root) if path in p.parents)
    return files


def layouts(variants):
    """The layouts an engine's code may hold as constants: the sizes every record has and the
    allocations of its variants (a variant registered later moves none of them)."""
    own = [(name, v.on_slot, v.slots, v.seat_base, v.game_base, v.event_codes, v.action_codes, v.weight_slots,
            v.item_rows, [k.name for k in cards.COMMODITIES.get(name, ())])
           for name, v in REGISTRY.items() if name in with_needs(variants)]
    return repr((P.N_PARAMS, W.N_WEIGHTS, len(A.ACTION_NAMES), len(EV.EVENT_FIELDS), tuple(cards.ITEM_NAMES), own))


def engine_key(variants, root=ROOT, fast=None):
    return jit.source_hash(engine_files(variants, root), root, fast, extra=layouts(variants))


def engine_folder(variants, root=ROOT, fast=None):
    """The name of the cache folder of the engine of `variants`."""
    return f"engine-{'+'.join(variants) or 'base'}-{engine_key(variants, root, fast)}"


def record_variants(dtype):
    """The variants a state record type holds (its markers)."""
    return tuple(name for name in REGISTRY if REGISTRY[name].marker in (dtype.names or ()))


class EngineKernel:
    """A kernel Python calls with a state buffer among its arguments: compiled (or loaded) once per
    engine, the buffer's record type's, each engine's cached in its own folder."""

    def __init__(self, fn):
        self.py_func = fn
        self._engines = {}
        functools.update_wrapper(self, fn)

    def of(self, variants):
        """The numba dispatcher of the engine of `variants` (a record type's, record_variants)."""
        variants = tuple(variants)
        if variants not in self._engines:
            shared = numba.config.CACHE_DIR
            numba.config.CACHE_DIR = os.path.join(jit.cache_base(), engine_folder(variants))
            try:   # numba's cache locator reads the folder when the dispatcher is made
                self._engines[variants] = njit(cache=True, nogil=True)(self.py_func)
            finally:
                numba.config.CACHE_DIR = shared
        return self._engines[variants]

    def __call__(self, *args):
        buf = next(a for a in args if isinstance(a, np.ndarray) and a.dtype.names and "params" in a.dtype.names)
        return self.of(record_variants(buf.dtype))(*args)


def entry(fn):
    return EngineKernel(fn)
