"""Scenarios: TOML -> validated frozen dataclasses -> packed arrays for the kernel.

    scenario = load_scenario("scenarios/base.toml", ["board.layout=beginner"])
    params = pack_rules(scenario)              # int64[N_PARAMS]
    kinds, weights = pack_policies(scenario)   # int64[players], float64[players, N_WEIGHTS]

TOML layout: the run keys (name, description, games, seed, rotate_seats, seats)
and the scalar rule keys (players, victory_points, max_turns) at the top level,
rule sections as tables ([board], [bank], [trade]), variants as
[variants.<name>] tables (declared in simcore.variants).  Every error is a
ScenarioError: `<file>: <key>: <what is wrong>; allowed: <what is allowed>`.
"""
import functools
from copy import deepcopy
from dataclasses import MISSING, dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import Optional

import numpy as np

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import simcore.variants  # noqa: F401  the shipped variants register themselves
from policies import weights as W
from policies.preset_file import rule_set_name
from policies.registry import STRONG, STRONG_KEYS, resolve, style_option, with_style
from policies.rollout_seat import KEYS as ROLLOUT_KEYS, ROLLOUT, pack_kind, rollout_options
from simcore.engine import params as P
from simcore.engine.cards import pack_card_kinds
from simcore.engine.errors import ScenarioError, describe, did_you_mean
from simcore.engine.fields import Param, choice, file_name, flag, integer, section, text
from simcore.engine.variant import REGISTRY
from simcore.run import played_by, question as asked
from simcore.run.cap import games_cap

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"


# --- the rules tree (docs/rules.md, Base game) ---

@dataclass(frozen=True)
class Board:
    layout: str = choice("random", {"random": P.LAYOUT_RANDOM, "beginner": P.LAYOUT_BEGINNER}, P.P_LAYOUT)
    no_adjacent_red: bool = flag(False, P.P_NO_ADJACENT_RED)


@dataclass(frozen=True)
class Bank:
    resource_supply: int = integer(19, 1, 99, P.P_RESOURCE_SUPPLY)


@dataclass(frozen=True)
class Trade:
    domestic: bool = flag(False, P.P_DOMESTIC_TRADE)
    offers_per_turn: int = integer(3, 1, 20, P.P_OFFERS_PER_TURN)


BASE_PLAYERS = (3, 4)
# `ruleset`: the base game, or a rule set declared as a variant with ruleset=True (its parameters
# in a top-level table of its name, e.g. [ck]); not packed: the rule set's on-slot says it
RULESETS = ("base",) + tuple(name for name, v in REGISTRY.items() if v.ruleset)


def _switched_on_by(name):
    return f'ruleset = "{name}"' if REGISTRY[name].ruleset else f"[variants.{name}]"


# every player count a scenario may have: the base game's, and those only a variant plays with
OWN_PLAYERS = {name: tuple(n for n in v.players if n not in BASE_PLAYERS)
               for name, v in REGISTRY.items() if v.players is not None}
PLAYERS_ALLOWED = " or ".join(map(str, BASE_PLAYERS)) + "".join(
    f" ({' or '.join(map(str, counts))} with {_switched_on_by(name)})" for name, counts in OWN_PLAYERS.items() if counts)
ANY_PLAYERS = tuple(sorted(set(BASE_PLAYERS).union(*OWN_PLAYERS.values())))


@dataclass(frozen=True)
class Rules:
    # 1..4 here; which counts a scenario may use depends on its variants (_check_players)
    players: int = field(metadata={"param": Param(
        int, PLAYERS_ALLOWED, lambda v: None if v in ANY_PLAYERS else f"{v} is out of range", P.P_PLAYERS)})
    victory_points: int = integer(10, 1, 30, P.P_VICTORY_POINTS)
    max_turns: int = integer(1000, 1, P.MAX_TURNS_LIMIT, P.P_MAX_TURNS)
    ruleset: str = choice("base", {name: i for i, name in enumerate(RULESETS)})
    board: Board = section(Board)
    bank: Bank = section(Bank)
    trade: Trade = section(Trade)
    # variant name -> its frozen parameter dataclass; only variants the scenario turns on
    variants: dict = field(default_factory=dict)


@dataclass(frozen=True)
class SeatSpec:
    policy: str                                   # a preset name (policies.presets), or "rollout"
    weights: dict = field(default_factory=dict)   # weight name -> value, overriding the preset (a rollout's base)
    search: dict = field(default_factory=dict)    # a rollout seat's base, candidates, rollouts, horizon
                                                  # (policies.rollout_seat), a strong seat's style; empty for
                                                  # the other seats


@dataclass(frozen=True)
class Scenario:
    name: str = file_name()                       # default: the file's stem; names results/<name>
    description: str = text("")
    # Rules' own keys sit at the top level of the file; always set by load_scenario.
    rules: Rules = field(default=None, metadata={"section": Rules, "flat": True})
    seats: tuple = ()                             # SeatSpec per player, in scenario order
    rotate_seats: bool = flag(True, P.P_ROTATE_SEATS)
    games: int = integer(1000, 1, 10**9)
    seed: int = integer(1, 0, 2**63 - 1)
    source: Optional[Path] = None

    @property
    def players(self):
        return self.rules.players


# --- variants: each is declared once (simcore.engine.variant, simcore.variants) ---
# A scenario turns a variant on by having its [variants.<name>] table, whose keys are the
# fields of the declaration's `rules` dataclass; the parsed instance lands in
# rules.variants[name], and packing sets the variant's on-slot to 1.


# --- key catalogue ---

def _keys(cls, prefix=""):
    """(leaf keys, section keys) of a dataclass, as dotted TOML paths."""
    leaves, sections = [], []
    for f in fields(cls):
        if "param" in f.metadata:
            leaves.append(prefix + f.name)
            leaves += [f"{prefix}{f.name}.{k}" for k in f.metadata["param"].keys]  # inside a table value
        elif "section" in f.metadata:
            flat = f.metadata.get("flat")
            if not flat:
                sections.append(prefix + f.name)
            more_leaves, more_sections = _keys(f.metadata["section"], prefix if flat else f"{prefix}{f.name}.")
            leaves += more_leaves
            sections += more_sections
    return leaves, sections


def known_keys():
    """(leaf keys, section keys) a scenario may use, variants included."""
    leaves, sections = _keys(Scenario)
    leaves += ["seats", played_by.KEY]
    sections.append("variants")
    for name, v in REGISTRY.items():
        more_leaves, more_sections = _keys(v.rules, v.table + ".") if v.rules else ([], [])
        leaves += more_leaves
        sections += [v.table] + more_sections
    return leaves, sections


def _check_keys(table, leaves, sections, prefix=""):
    for k, v in table.items():
        key = prefix + k
        if key in sections and isinstance(v, dict):
            _check_keys(v, leaves, sections, key + ".")
        elif key not in leaves and key not in sections:
            raise _unknown_key(key, leaves, sections)


def _unknown_key(key, leaves, sections):
    parent = max((s for s in sections if key.startswith(s + ".")), key=len, default="")
    if parent == "variants":
        name = key.split(".")[1]
        if name in RULESETS:   # a rule set is chosen by `ruleset`, its parameters in [<name>]
            return ScenarioError(f"variants.{name}", f"{name} is a rule set, not a variant",
                                 f'ruleset = "{name}" at the top level, its parameters in a [{name}] table')
        variants = [n for n in REGISTRY if n not in RULESETS]
        hint = did_you_mean(name, variants)
        if not hint:   # close to a rule set's name: that is chosen by `ruleset`, not suggested as a variant
            hint = next((f' (did you mean ruleset = "{r}"?)' for r in RULESETS if did_you_mean(name, [r])), "")
        return ScenarioError(f"variants.{name}", f"unknown variant{hint}", ", ".join(variants) or "none")
    known = [k for k in leaves + sections if k != key]
    return ScenarioError(key, f"unknown key{did_you_mean(key, known)}", ", ".join(_children(parent, known)))


def _children(parent, keys):
    """The keys directly inside section `parent` ('' = top level)."""
    prefix = parent + "." if parent else ""
    return [k for k in keys if k.startswith(prefix) and "." not in k[len(prefix):]]


# --- building the tree ---

def _table(key, value, allowed=None):
    """`value` if it is a TOML table, else the error for `key`."""
    if not isinstance(value, dict):
        raise ScenarioError(key, f"expected a table, got {describe(value)}", allowed or f"a [{key}] table")
    return value


def _build(cls, table, prefix=""):
    """Validate `table` into an instance of `cls` (keys already known to exist)."""
    kwargs = {}
    for f in fields(cls):
        key = prefix + f.name
        if "param" in f.metadata:
            if f.name in table:
                kwargs[f.name] = f.metadata["param"].validate(key, table[f.name])
            elif f.default is MISSING and f.default_factory is MISSING:
                raise ScenarioError(key, "missing", f.metadata["param"].allowed)
        elif "section" in f.metadata:
            if f.metadata.get("flat"):
                kwargs[f.name] = _build(f.metadata["section"], table, prefix)
            else:
                kwargs[f.name] = _build(f.metadata["section"], _table(key, table.get(f.name, {})), key + ".")
    return cls(**kwargs)


def _parse_variants(table, ruleset):
    """The variants' parameters: each [variants.<name>] table, and the rule set's [<ruleset>]
    table (its defaults when the file has none; a rule set's table without its `ruleset` is refused)."""
    out = {name: _build(REGISTRY[name].rules, _table(f"variants.{name}", sub), f"variants.{name}.")
           for name, sub in _table("variants", table.get("variants", {})).items()}
    for name in RULESETS[1:]:
        if name == ruleset:
            out[name] = _build(REGISTRY[name].rules, _table(name, table.get(name, {})), name + ".")
        elif name in table:
            raise ScenarioError(name, f"the [{name}] table needs ruleset = \"{name}\"",
                                f"ruleset = \"{name}\" at the top level, or no [{name}] table")
    return out


def _parse_seats(value, players):
    """One seat per player; a one-player game may list several: alternative policies
    for its one seat, played in turn (game g is played by seat g % len(seats))."""
    allowed = 'an array of policy names, e.g. ["greedy", "roads"], or [[seats]] tables'
    if value is None:
        raise ScenarioError("seats", "missing", allowed)
    if not isinstance(value, list) or not value:
        raise ScenarioError("seats", f"expected a non-empty array, got {describe(value)}", allowed)
    seats = [seat_spec(item, f"seats[{i}]") for i, item in enumerate(value)]
    if len(seats) != players and players != 1:
        raise ScenarioError("seats", f"{len(seats)} seats for {players} players",
                            f"exactly {players} seats, one per player")
    return tuple(seats)


SEAT_KEYS = ("policy", "weights")


def seat_spec(item, key):
    """One seat: a policy name, or a table (policy, weights; a rollout seat's search keys,
    policies.rollout_seat).  Errors name `key` (e.g. seats[2]) and the key within it."""
    allowed = 'a policy name, e.g. "greedy", or a table such as { policy = "rollout", base = "greedy" }'
    if isinstance(item, str):
        item = {"policy": item}
    if not isinstance(item, dict):
        raise ScenarioError(key, f"expected a policy name or a table, got {describe(item)}", allowed)
    rollout = item.get("policy") == ROLLOUT
    strong = item.get("policy") == STRONG
    known = SEAT_KEYS + (ROLLOUT_KEYS if rollout else ()) + (STRONG_KEYS if strong else ())
    for k in item:
        if k in ROLLOUT_KEYS and not rollout:
            raise ScenarioError(f"{key}.{k}", f'only a rollout seat has {k}',
                                f'{", ".join(SEAT_KEYS)}; with policy = "rollout" also {", ".join(ROLLOUT_KEYS)}')
        if k in STRONG_KEYS and not strong:
            raise ScenarioError(f"{key}.{k}", f'only a strong seat has {k}',
                                f'{", ".join(SEAT_KEYS)}; with policy = "strong" also {", ".join(STRONG_KEYS)}')
        if k not in known:
            raise ScenarioError(f"{key}.{k}", f"unknown key{did_you_mean(k, known)}", ", ".join(known))
    if "policy" not in item:
        raise ScenarioError(f"{key}.policy", "missing", 'a policy name (catan-balance policies), or "rollout"')
    weights = _table(f"{key}.weights", item.get("weights", {}), "a table such as { devcard = 0.8 }")
    try:
        search = rollout_options(item, resolve) if rollout else {}
        if strong and "style" in item:
            search = {"style": style_option(item["style"])}
        resolve(search.get("base", item["policy"]), weights)
    except ScenarioError as e:
        raise e.located(None, key) from None
    return SeatSpec(item["policy"], dict(weights), search)


def _check_players(rules):
    """The player count must suit the variants in play (one-player variants need 1)."""
    allowed, by = BASE_PLAYERS, None
    for name in rules.variants:
        if REGISTRY[name].players is not None:
            allowed, by = REGISTRY[name].players, name
    if rules.players in allowed:
        return
    if by is not None:
        raise ScenarioError("players", f"{rules.players} is not allowed with {_switched_on_by(by)}",
                            " or ".join(map(str, allowed)))
    raise ScenarioError("players", f"{rules.players} needs a one-player variant", PLAYERS_ALLOWED)


def _check_scenario(scenario):
    if len(scenario.seats) > scenario.players and not scenario.rotate_seats:
        raise ScenarioError("rotate_seats", f"false leaves seats 1..{len(scenario.seats) - 1} unplayed",
                            "true (game g is played by seat g % number of seats), or one seat")
    for name in scenario.rules.variants:
        if REGISTRY[name].check is not None:
            REGISTRY[name].check(scenario)


# --- overrides (--set key=value, and the typed options: --games, --seed, a ladder's seats) ---

@dataclass(frozen=True)
class Override:
    """One value a command puts over the file's: its dotted key, its value (as TOML reads it) and the
    text meta.json keeps (the --set text, or key=<the value as TOML>)."""
    key: str
    value: object
    text: str

    @classmethod
    def of(cls, key, value):
        """A typed value (--games 300, a sweep setting's, a ladder's seats)."""
        from simcore.run.grid import toml_value
        return cls(key, value, f"{key}={toml_value(value)}")


def parse_override(text):
    """'board.layout=beginner' -> ('board.layout', 'beginner'); the value is a TOML
    value, and anything that is not valid TOML is taken as a bare string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ScenarioError(f"'{text}'", "expected key=value", "key=value, e.g. board.layout=beginner",
                            file="--set")
    try:
        doc = tomllib.loads(f"v = {raw}")
        value = doc["v"] if len(doc) == 1 else raw.strip()
    except tomllib.TOMLDecodeError:
        value = raw.strip()
        if value[:1] in "[{":   # an array or table whose quotes the shell took (issue 39)
            raise ScenarioError(key, f"{value} is not a TOML {'array' if value[0] == '[' else 'table'} "
                                "(did the shell take its quotes or split it at its spaces?)",
                                f"the whole --set in single quotes, e.g. --set '{key}=[\"greedy\", \"roads\"]'",
                                file="--set") from None
    return key, value


def overrides(items):
    """Override per item: an Override as it is, a 'key=value' text parsed (--set), each key checked to
    be one a scenario may set (one error line naming --set)."""
    leaves, sections = known_keys()
    out = []
    for item in items:
        if not isinstance(item, Override):
            key, value = parse_override(item)
            item = Override(key, value, item)
        _check_override_key(item.key, leaves, sections)
        out.append(item)
    return out


def _check_override_key(key, leaves, sections):
    if key in sections:
        inside = ", ".join(_children(key, leaves + sections)) or "none yet"
        raise ScenarioError(key, "is a table, not a value", f"one of its keys: {inside}", file="--set")
    if "[" in key and key.split("[")[0] in leaves:   # seats[0].rollouts: --set replaces whole values
        whole = key.split("[")[0]
        raise ScenarioError(key, "--set cannot change one item of an array",
                            f"the whole array, e.g. {whole}=[...]", file="--set")
    if key not in leaves:
        raise _unknown_key(key, leaves, sections).located("--set")


def _apply_overrides(table, items):
    """Write the overrides' values into the raw table (a copy); return the keys they set."""
    keys = set()
    for item in items:
        node = table
        *path, last = item.key.split(".")
        for i, part in enumerate(path):
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ScenarioError(".".join(path[:i + 1]), f"is {describe(node)} in the file, not a table",
                                    "a table", file="--set")
        node[last] = deepcopy(item.value)
        keys.add(item.key)
    return keys


def _origin(key, overridden, path):
    """Where the value behind `key` came from: --set or the file."""
    parts = key.split("[")[0].split(".")
    return "--set" if any(".".join(parts[:i]) in overridden for i in range(1, len(parts) + 1)) else path


# --- loading ---

def read_toml(path):
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as e:
        raise ScenarioError("", f"cannot read: {e.strerror}", "a readable TOML file", file=path) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ScenarioError("", f"not valid TOML: {e}", "TOML syntax (https://toml.io)", file=path) from None


# the tables a scenario file holds for commands, not for its games: [sweep] (simcore.run.grid), [tune]
# (simcore.studies.tune), [robust] (simcore.studies.robust), [question] (simcore.run.question)
COMMAND_TABLES = ("sweep", "question", "tune", "robust")


class ScenarioFile:
    """A scenario file read and parsed once: its scenario keys (raw TOML) and the tables its commands
    read ([sweep], [tune], [robust], each checked when first asked for: a run does not check a
    sweep's table).  load(overrides) validates a Scenario of it, as often as a command needs one."""

    def __init__(self, path):
        self.path = Path(path)
        self.raw = read_toml(self.path)
        self.table = {k: v for k, v in self.raw.items() if k not in COMMAND_TABLES}
        self.question = self.raw.get("question")

    @functools.cached_property
    def sweep(self):
        """(vary, baseline, correction, margin) of the [sweep] table, or None."""
        from simcore.run.grid import read_sweep_table
        return read_sweep_table(self.raw, self.path)

    @functools.cached_property
    def tune(self):
        """(params, objective, budget, margin, constraints) of the [tune] table, each None where not given."""
        from simcore.run.grid import read_tune_table
        return read_tune_table(self.raw, self.path)

    @functools.cached_property
    def robust(self):
        """(players, seat, tuned) of the [robust] table, each None where not given."""
        from simcore.run.grid import read_robust_table
        return read_robust_table(self.raw, self.path)

    @property
    def asks(self):
        """The question meta.json keeps (simcore.run.question.written), None where the file asks none."""
        return asked.written(self.raw)

    def load(self, items=()):
        """The validated Scenario with these overrides (Override, or 'key=value' texts) applied."""
        path, items = self.path, overrides(items)
        table = deepcopy(self.table)
        leaves, sections = known_keys()
        overridden = _apply_overrides(table, items)
        table.setdefault("name", path.stem)
        try:
            _check_keys(table, leaves, sections)
            _strong_seats(table, played_by.FLAG if played_by.KEY in overridden else path)
            scenario = _build(Scenario, table)
            rules = replace(scenario.rules, variants=_parse_variants(table, scenario.rules.ruleset))
            _check_players(rules)
            seats = _parse_seats(table.get("seats"), rules.players)
            scenario = replace(scenario, rules=rules, seats=seats, source=path)
            _check_scenario(scenario)
            if self.question is not None:
                asked.check(self.question, asked.policies(seats, self.raw.get("sweep")), path)
        except ScenarioError as e:
            raise e.located(_origin(e.key, overridden, path)) from None
        return replace(scenario, games=games_cap(scenario.games))   # unchanged unless a test caps (simcore.run.cap)


def _strong_seats(table, origin):
    """played_by = "strong" (simcore.run.played_by): the seats as the strong player takes them, in `table`;
    an error names where played_by came from (origin: the file, or --players)."""
    if table.get("players") == played_by.STRONG:   # (the player count's key)
        raise ScenarioError("players", '"strong" is a player, not a count',
                            f'{PLAYERS_ALLOWED}; every seat strong: {played_by.KEY} = "strong" (or --players strong)')
    if played_by.KEY in table:
        try:
            played_by.check(table.pop(played_by.KEY))
            table["seats"] = played_by.seats(table.get("seats"))
        except ScenarioError as e:
            raise e.located(origin) from None


def load_scenario(path, items=()):
    """Read, override and validate a scenario file into a frozen Scenario (ScenarioFile(path).load)."""
    return ScenarioFile(path).load(items)


# --- packing for the kernel ---

def _packed_values(obj, slots=None):
    """(Param, slot, value) for every parameter in a dataclass tree (the base game's, whose
    slots are in their Param) or of a variant (`slots`: its allocated ones by field name)."""
    for f in fields(obj):
        value = getattr(obj, f.name)
        if "param" in f.metadata:
            param = f.metadata["param"]
            yield param, param.slot if slots is None else slots[f.name], value
        elif is_dataclass(value):
            yield from _packed_values(value, slots)


def _pack(out, param, slot, value):
    code = param.encode(value)
    if isinstance(code, (list, tuple)):
        out[slot:slot + len(code)] = code
    else:
        out[slot] = code


def pack_rules(scenario):
    """int64[N_PARAMS]: every rule parameter in its simcore.engine.params slot."""
    out = np.zeros(P.N_PARAMS, dtype=np.int64)
    for param, slot, value in _packed_values(scenario):
        if slot is not None:
            _pack(out, param, slot, value)
    for name, rules in scenario.rules.variants.items():
        v = REGISTRY[name]
        out[v.on_slot] = 1
        for param, slot, value in _packed_values(rules, v.slots):
            _pack(out, param, slot, value)
    if len(scenario.seats) != scenario.players:
        out[P.P_SEAT_SPECS] = len(scenario.seats)
    pack_card_kinds(out, scenario.rules.variants)
    return out


def pack_policies(scenario):
    """(kinds int64[seats], weights float64[seats, N_WEIGHTS]) in scenario seat order."""
    kinds = np.zeros(len(scenario.seats), dtype=np.int64)
    weights = np.zeros((len(scenario.seats), W.N_WEIGHTS), dtype=np.float64)
    key = ruleset(scenario)
    for i, seat in enumerate(scenario.seats):
        if "base" in seat.search:
            kind, weights[i] = resolve(seat.search["base"], seat.weights, key)
            kinds[i] = pack_kind(kind, seat.search)
        elif "style" in seat.search:
            kinds[i], weights[i] = with_style(resolve(seat.policy, seat.weights, key),
                                              resolve(seat.search["style"], None, key))
        else:
            kinds[i], weights[i] = resolve(seat.policy, seat.weights, key)
    return kinds, weights


def ruleset(scenario):
    """The scenario's rules as one name, as the shipped presets' files name them ("base", "autarkie+ck",
    "robin-hood": policies.preset_file.rule_set_name); the trained models are kept per such name
    (policies.registry.for_ruleset)."""
    return rule_set_name(scenario.rules.variants)


# --- shipped scenarios ---

def shipped_scenarios():
    """Paths of the scenarios shipped in scenarios/, by name."""
    return sorted(SCENARIO_DIR.glob("*.toml"))


def find_scenario(name_or_path):
    """A path to an existing file, or the name of a shipped scenario (`base`)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    shipped = SCENARIO_DIR / f"{name_or_path}.toml"
    if path.name == str(name_or_path) and shipped.is_file():
        return shipped
    stems = [p.stem for p in shipped_scenarios()]
    hint = did_you_mean(name_or_path, stems) if path.name == str(name_or_path) else ""
    raise ScenarioError("", f"no such file or shipped scenario{hint}",
                        f"a path to a .toml file, or one of: {', '.join(stems)}", file=name_or_path)
