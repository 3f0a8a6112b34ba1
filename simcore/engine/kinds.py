"""The card kinds of a state's hands, by name, in compiled code (simcore.engine.cards).

Which commodities a hand holds, and where, depends on the state record type: the
variants a kernel plays (or every variant, where records are not kept apart:
state.buffer_variants).  A record marks each commodity its hands hold with a field
`kind_<name>`; from those

    meat = kind_of("meat")          # at import: a function of the state
    ...
    st.hand[p, meat(st)] += 1       # the hand column of meat in this record (-1: none)

is a constant of the record type in compiled code (a generated function returning it,
inlined), and read from the record's fields in Python.  So the order in which variants
register carries no rule meaning.
"""
from numba.core import types
from numba.extending import overload

from simcore.accel import fastcompile
from simcore.engine.cards import N_RESOURCES, commodity_slots, hand_kinds

_kinds = {}   # kind name -> kind_of's function
_made = {}    # generated helper name -> the helper


def _field_names(st):
    """The field names of a state record: a numba Record type, or a numpy record in Python."""
    return tuple(st.fields) if isinstance(st, types.Record) else st.dtype.names


def _constant(name, args, cases, default):
    """A jitted helper `name(args)` returning cases[first argument's value] (a dict), else `default`;
    one function per name (the name says what it returns)."""
    if name not in _made:
        arg = args.split(", ")[-1]
        lines = [f"def {name}({args}):"]
        lines += [f"    if {arg} == {k}:\n        return {v}" for k, v in cases.items()]
        lines.append(f"    return {default}")
        scope = {"__name__": __name__}
        exec(compile("\n".join(lines), f"<{name}>", "exec"), scope)
        fn = scope[name]
        fastcompile.HELPERS.add(fastcompile.helper_key(fn))
        _made[name] = fn
    return _made[name]


def kind_of(name):
    """A function of the state st: the hand column of card kind `name`, -1 when st's hands
    do not hold it."""
    if name in _kinds:
        return _kinds[name]

    def kind(st):
        kinds = hand_kinds(_field_names(st))
        return kinds.index(name) if name in kinds else -1
    kind.__name__ = kind.__qualname__ = f"kind_of_{name}"
    kind.__module__ = __name__

    @overload(kind, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
    def choose(st):
        if isinstance(st, types.Record):
            k = kind(st)
            return _constant(f"kind_{name}__{'m1' if k < 0 else k}", "st", {}, k)
        return None
    _kinds[name] = kind
    return kind


def commodity_slot(st, k):
    """The packed rules' slot of the commodity in hand column k >= N_RESOURCES (cards.commodity_slots)."""
    slots = commodity_slots()
    return slots[hand_kinds(_field_names(st))[k]]


@overload(commodity_slot, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
def _commodity_slot(st, k):
    if isinstance(st, types.Record):
        slots = commodity_slots()
        kinds = hand_kinds(_field_names(st))
        cases = {c: slots[kinds[c]] for c in range(N_RESOURCES, len(kinds))}
        return _constant("commodity_slot__" + "_".join(f"{c}_{s}" for c, s in cases.items()), "st, k", cases, -1)
    return None
