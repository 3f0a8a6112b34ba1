"""Variant code is compiled only into the kernels that play the variant.

The base game reaches a variant through its hooks (simcore.engine.hooks) and a few policy
functions at its border (Grundbesitz's choices in policies.variants.grundbesitz.builder, the
Sheriff's free roads).  Each is declared
`@variant_code(VARIANT, default)` instead of `@jitted`.  numba compiles it as
written into kernels whose state record has the variant's marker field
(`variant_<name>`, see state.state_dtype) and as `return default` into all
others, so the base kernel never types, lowers or optimises the variant's code
and compiles in about half the time of one with every variant.

A border function only runs when the rules switch its variant on (its callers
check, e.g. `gb.enabled(params)`), and a state has the markers of the variants
its rules switch on (state.new_state_buffer(params); batch.play_batch checks),
so the default is never what a game sees: it only decides what is compiled.
In Python (NUMBA_DISABLE_JIT, tests calling helpers) the functions run as
written.

The same means leave out base-game code that only some variants need:
`compiled_when(test, default)`, a test on the state record type (simcore.engine.hooks.only_with:
code only a variant's hook makes necessary, e.g. economy.pay_rest; pieces.corner_guard:
a read of a field no variant compiled in writes).
"""
from numba.core import types
from numba.extending import overload

from simcore.accel import fastcompile
from simcore.engine.variant import REGISTRY


def marker(variant):
    """The state field whose presence compiles the variant's code into a kernel."""
    return "variant_" + variant


def _stub(fn, default):
    def compiled_out(st, *args):
        return default
    # a name of its own: numba names compiled functions by module, name and argument
    # types (simcore.accel.record_names), and each stub returns its own default
    compiled_out.__qualname__ = compiled_out.__name__ = "compiled_out__" + fastcompile.helper_key(fn).replace(".", "__")
    fastcompile.HELPERS.add(fastcompile.helper_key(compiled_out))
    return compiled_out


def compiled_when(test, default):
    """Decorator for a function of the state (first argument st): numba compiles it as
    written into kernels whose state record type passes `test(record type)`, and as
    `return default` into all others.  In Python it runs as written."""
    def decorate(fn):
        fastcompile.HELPERS.add(fastcompile.helper_key(fn))
        stub = _stub(fn, default)

        @overload(fn, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
        def choose(st, *args):
            if isinstance(st, types.Record) and not test(st):
                return stub
            return fn
        return fn
    return decorate


def variant_code(variant, default):
    """Decorator for a variant's border function (first argument: the state st)."""
    if variant not in REGISTRY:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(REGISTRY)}")
    return compiled_when(lambda st: marker(variant) in st.fields, default)
