"""Player specs on the command line (`ladder --players`, `robust --players`) -> scenario seat tables.

    greedy                                     {policy = "greedy"}
    results/base-train-seat0/preset.toml       {policy = "results/base-train-seat0/preset.toml"}
    rollout:base=greedy,candidates=5,rollouts=16,horizon=0
        -> {policy = "rollout", base = "greedy", candidates = 5, rollouts = 16, horizon = 0}
    greedy:weights.devcard=0.8                 {policy = "greedy", weights = {devcard = 0.8}}

A spec is KIND or KIND:KEY=VALUE,KEY=VALUE,...; each VALUE is read as TOML (a number, true/false),
anything else as a string.  A dotted KEY makes a table.  This module only translates: what a seat
table may hold, and which presets exist, is the scenario loader's (simcore.run.config): a spec it
refuses is one error line naming the flag and the spec.

A list of specs is split at commas (`--players greedy,roads,rollout:base=greedy,candidates=5`): a piece
that is KEY=VALUE, KEY a name, continues the spec before it when that spec has a colon.
"""
import re

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simcore.engine.errors import InputError, ScenarioError
from simcore.run.config import Override

_OPTION = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*=")


def split(texts, flag="--players"):
    """The specs in the --players values (each a comma-separated list), in order."""
    specs = []
    for text in texts:
        for piece in str(text).split(","):
            piece = piece.strip()
            if specs and _OPTION.match(piece) and ":" in specs[-1] and specs[-1][-1] != ":":
                specs[-1] += "," + piece
            elif piece:
                specs.append(piece)
            else:
                raise InputError(f"{flag} {text}: an empty player; allowed: PRESET, a preset file (.toml) or "
                                 "KIND:KEY=VALUE,..., separated by commas")
    return specs


def _value(raw):
    try:
        doc = tomllib.loads(f"v = {raw}")
        return doc["v"] if len(doc) == 1 else raw
    except tomllib.TOMLDecodeError:
        return raw


def seat_table(spec, flag="--players"):
    """The [[seats]] table a spec stands for."""
    kind, sep, rest = spec.partition(":")
    if sep and ("/" in kind or kind.endswith(".toml")):   # a path with a colon in it (C:\...) is a path
        kind, sep, rest = spec, "", ""
    kind = kind.strip()
    if not kind:
        raise InputError(f"{flag} {spec}: no policy before ':'; allowed: PRESET or KIND:KEY=VALUE,...")
    table = {"policy": kind}
    for option in (rest.split(",") if sep else []):
        key, eq, raw = option.partition("=")
        if not eq or not _OPTION.match(key.strip() + "="):
            raise InputError(f"{flag} {spec}: '{option}' is not KEY=VALUE; allowed: "
                             f"{kind}:KEY=VALUE,KEY=VALUE,... e.g. rollout:base=greedy,candidates=5")
        *path, last = key.strip().split(".")
        node = table
        for part in path:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise InputError(f"{flag} {spec}: '{key}' sets a key inside a value; allowed: one value per key")
        if last in node:
            raise InputError(f"{flag} {spec}: '{key.strip()}' given twice; allowed: each key once")
        node[last] = _value(raw.strip())
    return table


def seats_override(tables):
    """The override giving a scenario these seats, a typed value (a table naming only a policy as its
    name, as scenario files write it: meta.json's text is then the same as before seat tables, so
    older runs resume)."""
    return Override.of("seats", [t["policy"] if isinstance(t, dict) and set(t) == {"policy"} else t
                                 for t in tables])


def check(load, spec, flag="--players"):
    """load(seats override) -> Scenario, with the spec's table in every seat; a refusal of the
    scenario loader becomes one line naming the flag and the spec."""
    try:
        return load(seat_table(spec, flag))
    except ScenarioError as e:
        key = e.key.split(".", 1)[1] if e.key.startswith("seats[") and "." in e.key else e.key
        where = "" if key.startswith("seats") else f"{key}: "
        raise InputError(f"{flag} {spec}: {where}{e.what}; allowed: {e.allowed}") from None
