"""Record types named in compiled code by their layout, the same in every process.

numba names a compiled function after its qualified name, a number counted up per
function in each process, and its argument types; a record type (the state, see
simcore.engine.state.state_dtype) it names after another number counted up in each process
(numba.core.types.Record.mangling_args).  Two kernels cached by different processes for
different state records can then hold different helpers under one name (a helper
compiled for the Grundbesitz record in one process, the base game's stub in the
other); loaded into one process, the second kernel calls the first one's helper
(tests/kernel_probe.py).  Named after a hash of its layout (every field's name, type
and offset), a record type has one name in every process and no other record type has
it, so helpers of different records never share a name, and helpers that do are the
same code.  (simcore.accel.fastcompile also makes a kernel's helpers internal to it.)

This replaces one numba internal, written against numba 0.61-0.68 (simcore.accel.TESTED_NUMBA);
with another numba, or where it is missing or does not hold (`install()` checks), the
state records carry every variant's marker (one record type,
simcore.engine.state.buffer_variants).
"""
import hashlib

import numba
from numba.core import itanium_mangler, types

from simcore.accel import numba_tested

_numba_mangling_args = getattr(types.Record, "mangling_args", None)


def _mangling_args(record):
    return type(record).__name__, ("L" + hashlib.sha256(record.name.encode()).hexdigest()[:32],)


def _holds():
    """numba mangles two record types after their layouts, and apart."""
    import numpy as np
    from numba import typeof
    a, b = (typeof(np.zeros(1, [(name, np.int64)])[0]) for name in ("probe_a", "probe_b"))
    mangled = [itanium_mangler.mangle_type(r) for r in (a, b)]
    return mangled[0] != mangled[1] and all(_mangling_args(r)[1][0] in m for r, m in zip((a, b), mangled))


def install():
    """Name record types by their layout (once); False where numba's internals differ."""
    if installed():
        return True
    if not numba_tested(numba.__version__) or not isinstance(_numba_mangling_args, property):
        return False
    types.Record.mangling_args = property(_mangling_args)
    try:
        if _holds():
            return True
    except Exception:  # any failure: numba's own names (and one record type)
        pass
    types.Record.mangling_args = _numba_mangling_args
    return False


def installed():
    return getattr(types.Record.__dict__.get("mangling_args"), "fget", None) is _mangling_args
