"""A cached kernel reaching a Grundbesitz border function through a helper, run in
fresh processes by test_kernel_variants (numba's disk cache is what it tests)."""
import sys

from numba import njit
from numba.extending import register_jitable

from simcore.accel import fastcompile
from simcore.engine.kernel_variants import variant_code
from simcore.variants.grundbesitz import GRUNDBESITZ
from simcore.engine.state import new_state_buffer
from tests.positions import make_params


@variant_code(GRUNDBESITZ, -1)
def probe(st, x):
    return x + 100


def relay(st, x):
    """A helper (simcore.accel.jit.jitted) that stays a call by name in the kernel: the same
    name calls the stub in a base kernel and probe in a Grundbesitz one."""
    return probe(st, x)


fastcompile.HELPERS.add(fastcompile.helper_key(relay))
register_jitable(_dbg_optnone=True)(relay)   # optnone: never inlined


@njit(cache=True)
def call_probe(buf, x):
    return relay(buf[0], x)


if __name__ == "__main__":
    # argv: the rule sets to run the kernel for, in this order: "base" or "grundbesitz"
    for name in sys.argv[1:]:
        params = make_params(4, grundbesitz={} if name == "grundbesitz" else None)
        print(name, call_probe(new_state_buffer(params), 5))
