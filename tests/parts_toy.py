"""Toy parts for tests/test_parts.py (imported only by the processes it starts): a kernel
calling parts on both sides, as the engine's kernels do."""
import numba
import numpy as np
from numba.core import types

from simcore.accel.jit import jitted
from simcore.accel.parts import CHILD, KERNEL, apart

TOY = np.dtype([("a", np.int64), ("b", np.int64)])


@apart(types.int64, side=KERNEL)
def shared(st, x):
    """Called by the kernel and by a CHILD part: compiled once, by the kernel's process."""
    return st.a * x + 1


@apart(types.int64, side=KERNEL)
def asked_by_the_rules(st, x):
    """Only a CHILD part calls it: the kernel's process compiles it all the same."""
    return st.a - x + st.b


@jitted
def double(x):
    return 2 * x


@apart(types.int64, side=CHILD)
def rules(st, x):
    return shared(st, x) + asked_by_the_rules(st, x) + double(x)


@apart(types.int64, side=CHILD)
def another_variants_rule(st, x):
    """Does not compile for TOY (no such field): its kernels are others, so it is skipped."""
    return st.field_of_another_variant + x


@numba.njit
def kernel(buf):
    st = buf[0]
    return rules(st, 3) + shared(st, 5)


def expected(a, b):
    return (a * 3 + 1) + (a - 3 + b) + 6 + (a * 5 + 1)
