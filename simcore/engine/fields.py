"""Scenario parameters as dataclass fields that validate and pack themselves.

A rule section is a frozen dataclass whose fields are made with `integer`, `flag`,
`choice`, `int_table` or `text`.  The field's metadata holds a `Param`: the expected
type, the check, the text of what is allowed, and the slot in the packed params array
(simcore.engine.params) with the encoding.  The loader and `pack_rules` walk the
dataclasses, so a new parameter is one line in one place.
"""
import math
from dataclasses import MISSING, dataclass, field
from typing import Callable, Optional

from simcore.engine.errors import ScenarioError, describe, did_you_mean

_TYPE_NAMES = {int: "an integer", bool: "true or false", str: "a string", float: "a number", list: "an array",
               dict: "a table"}


def is_type(value, kind):
    """TOML type check; a bool is never a number."""
    if isinstance(value, bool):
        return kind is bool
    if kind is float:
        return isinstance(value, (int, float)) and math.isfinite(value)
    return isinstance(value, kind)


@dataclass(frozen=True)
class Param:
    kind: type                      # int, bool, str or float
    allowed: str                    # shown after "allowed:" in errors
    check: Optional[Callable] = None  # value -> None if fine, else what is wrong
    slot: Optional[int] = None      # index in the packed params (simcore.engine.params.P_*)
    encode: Callable = int          # value -> int64 for that slot, or a sequence of int64
                                    # for the slots from `slot` on (multi-slot values)
    keys: tuple = ()                # names inside a table value, each also settable as `<key>.<name>`
    width: int = 1                  # slots the packed value takes (a table or list: one per item)

    def validate(self, key, value):
        if not is_type(value, self.kind):
            raise ScenarioError(key, f"expected {_TYPE_NAMES[self.kind]}, got {describe(value)}", self.allowed)
        problem = self.check(value) if self.check else None
        if problem:
            raise ScenarioError(key, problem, self.allowed)
        return tuple(value) if isinstance(value, list) else value


def _field(default, param):
    return field(default=default, metadata={"param": param})


def integer(default=MISSING, lo=0, hi=2**63 - 1, slot=None):
    """An int in lo..hi."""
    def check(v):
        return None if lo <= v <= hi else f"{v} is out of range"
    return _field(default, Param(int, f"an integer from {lo} to {hi}", check, slot))


def flag(default=MISSING, slot=None, implemented=(False, True)):
    """A bool; `implemented` lists the values the engine supports so far."""
    allowed = " or ".join(describe(v) for v in implemented)
    if len(implemented) < 2:
        allowed += " (the other value is not implemented yet)"

    def check(v):
        return None if v in implemented else f"{describe(v)} is not implemented yet"
    return _field(default, Param(bool, allowed, check, slot))


def choice(default, options, slot=None):
    """One of the strings in `options` (a dict name -> packed int)."""
    def check(v):
        return None if v in options else f"unknown value {describe(v)}"
    return _field(default, Param(str, " or ".join(describe(o) for o in options), check, slot, options.__getitem__))


@dataclass(frozen=True)
class TableParam(Param):
    """A table of named integers; names left out keep their default."""
    default: tuple = ()             # ((name, default value), ...) in slot order
    lo: int = 0
    hi: int = 0
    min_total: Optional[int] = None  # the values must add up to at least this

    def validate(self, key, value):
        if not isinstance(value, dict):
            raise ScenarioError(key, f"expected a table, got {describe(value)}", self.allowed)
        merged = dict(self.default)
        for name, v in value.items():
            sub = f"{key}.{name}"
            if name not in merged:
                raise ScenarioError(sub, f"unknown name{did_you_mean(name, merged)}", ", ".join(merged))
            if not is_type(v, int):
                raise ScenarioError(sub, f"expected an integer, got {describe(v)}",
                                    f"an integer from {self.lo} to {self.hi}")
            if not self.lo <= v <= self.hi:
                raise ScenarioError(sub, f"{v} is out of range", f"an integer from {self.lo} to {self.hi}")
            merged[name] = v
        total = sum(merged.values())
        if self.min_total is not None and total < self.min_total:
            raise ScenarioError(key, f"{total} in all is too few", self.allowed)
        return merged


def int_table(default, lo=0, hi=2**63 - 1, slot=None, min_total=None):
    """A table of named integers, e.g. `deck = { lumber = 1, knight = 2 }`: each name is
    one of `default`'s (a dict name -> default value), each value in lo..hi, names left
    out keep their default.  Packed into the slots slot, slot + 1, ... in the order of
    `default`; `<key>.<name>` is a key of its own for --set."""
    names = tuple(default)
    allowed = f"a table of {', '.join(names)}, each an integer from {lo} to {hi}"
    if min_total is not None:
        allowed += f", at least {min_total} in all"
    param = TableParam(dict, allowed, slot=slot, encode=lambda v: [v[n] for n in names], keys=names, width=len(names), default=tuple(default.items()), lo=lo, hi=hi, min_total=min_total)
    return field(default_factory=lambda: dict(default), metadata={"param": param})


def text(default=MISSING):
    """Free text (descriptions); never packed."""
    return _field(default, Param(str, "a string"))


def file_name(default=MISSING):
    """A string usable as one path component (names that become directory names)."""
    def check(v):
        bad = not v.strip() or v in (".", "..") or any(c in v for c in '/\\\0')
        return f"{describe(v)} cannot be a directory name" if bad else None
    return _field(default, Param(str, "a non-empty string without / or \\", check))


def _int_items(v, lo, hi):
    """What is wrong with the items of an integer array, or None."""
    for x in v:
        if not is_type(x, int):
            return f"{describe(x)} is not an integer"
        if not lo <= x <= hi:
            return f"{x} is out of range"
    return None


def int_list(default, names, lo=0, hi=2**31 - 1, slot=None):
    """An array of len(names) integers in lo..hi (e.g. a cost [lumber, brick, wool,
    grain, ore]), packed into consecutive slots from `slot`."""
    allowed = f"an array of {len(names)} integers from {lo} to {hi} ({', '.join(names)})"

    def check(v):
        if len(v) != len(names):
            return f"{len(v)} values, not {len(names)}"
        return _int_items(v, lo, hi)
    return _field(tuple(default), Param(list, allowed, check, slot, lambda v: [int(x) for x in v], width=len(names)))


def number_set(default, options, slot=None):
    """A non-empty array of distinct integers from `options`, packed as a bitmask
    (bit n set = n chosen)."""
    allowed = f"a non-empty array of distinct numbers from {', '.join(map(str, options))}"

    def check(v):
        if not v:
            return "empty"
        problem = _int_items(v, min(options), max(options))
        if problem:
            return problem
        wrong = [x for x in v if x not in options]
        if wrong:
            return f"{wrong[0]} is not allowed"
        if len(set(v)) != len(v):
            return "a number appears twice"
        return None
    return _field(tuple(default), Param(list, allowed, check, slot, lambda v: sum(1 << int(x) for x in v)))


def section(cls):
    """A nested table of parameters (a TOML [section]), itself such a dataclass."""
    return field(default_factory=cls, metadata={"section": cls})
