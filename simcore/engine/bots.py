"""The bots as the rules ask them.

The base game's choice points are policies.decide's (simcore.engine.game asks them; a
variant's rules import `decide` from here).  A variant's own choice points are functions
of its policy module (Variant.policy, made by policies.dispatch.choice_point), which its
rules reach by name, as the engine reaches the policy hooks (policies.dispatch):

    gb_defend = ask(GRUNDBESITZ, "gb_defend")     # policies.variants.grundbesitz.bots.gb_defend
    ...
    if gb_defend(st, q, actor, h, what, target):

so that a variant's rules never import policies (whose modules import the rules' boards).
The function is looked up when first compiled (numba) or called (Python), and compiled as
its policy module defines it.
"""
import importlib

from numba.extending import overload

from policies import decide  # noqa: F401  (re-exported: the base game's choice points)
from simcore.accel import fastcompile
from simcore.engine.variant import REGISTRY

_asked = {}


def _bot(variant, name):
    module = REGISTRY[variant].policy
    fn = getattr(importlib.import_module(module), name, None)
    if fn is None:
        raise AttributeError(f"variant {variant}: its policy module {module} has no choice point {name}")
    return fn


def ask(variant, name):
    """The choice point `name` of `variant`'s bots (a function of its policy module)."""
    key = (variant, name)
    if key not in _asked:
        def call(*args):
            return _bot(variant, name)(*args)
        call.__name__ = call.__qualname__ = f"ask__{variant}__{name}"
        call.__module__ = __name__

        @overload(call, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
        def choose(*args):
            return _bot(variant, name)
        _asked[key] = call
    return _asked[key]
