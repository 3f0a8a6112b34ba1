"""The bytes of a state record, as a uint8 array: `record_bytes(st, n)` views its first n bytes.

A strong seat's look-ahead (simcore.engine.lookahead) saves the state, plays an option on it,
values the result and restores the state, in place: the kernel holds one record, and only its
bytes copy every field of every variant compiled in.  numba passes a record as a pointer to its
data, so the view is that pointer as a uint8 array (an intrinsic and numba's public `carray`);
in Python (NUMBA_DISABLE_JIT, tests) the record's address through numpy's array interface.
Both are views: writing them writes the record.
"""
import ctypes

import numpy as np
from numba import carray, types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from simcore.accel import fastcompile


def record_bytes(st, n):
    """uint8[n]: the first n bytes of record st (a view)."""
    address = st.__array_interface__["data"][0]
    return np.ctypeslib.as_array((ctypes.c_uint8 * n).from_address(address))


@intrinsic
def _data_pointer(typingctx, rec):
    if not isinstance(rec, types.Record):
        return None

    def codegen(context, builder, signature, args):
        return builder.bitcast(args[0], cgutils.int8_t.as_pointer())
    return types.CPointer(types.uint8)(rec), codegen


@overload(record_bytes, jit_options=fastcompile.HELPER_OPTIONS)
def _record_bytes(st, n):
    def impl(st, n):
        return carray(_data_pointer(st), (n,))
    return impl
