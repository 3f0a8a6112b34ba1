"""Sweep grids: which keys vary over which values, and how settings are named.

A grid comes from `--vary key=v1,v2,...` flags, from a scenario's `[sweep]` table

    [sweep]
    vary.victory_points = [8, 10, 12]
    vary.board.no_adjacent_red = [false, true]
    baseline = { victory_points = 10, "board.no_adjacent_red" = false }   # default: the first setting
    correction = "holm"                                                # or "bh"
    margin = 1.0      # equivalence margin in percentage points (verdicts: "equivalent within +-1 pp")

or from the sweep defaults of a variant the scenario turns on (its declaration, simcore.engine.variant).
Settings are every combination, the first key varying slowest.  The values are
checked by loading the scenario with them (simcore.run.config), so a bad value names
its key and what is allowed, exactly as `--set` does.
"""
import itertools
import json
import re

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simcore.engine.errors import InputError, ScenarioError, describe

NOT_VARIED = ("name", "description", "games", "seed")  # a sweep has one name, one game count, one seed
CORRECTIONS = ("holm", "bh")
SWEEP_KEYS = ("vary", "baseline", "correction", "margin")
ROBUST_KEYS = ("players", "seat", "tuned")
TUNE_KEYS = ("param", "objective", "budget", "margin", "constraint")
MAX_SETTINGS = 1000


def parse_vary(text, origin="--vary"):
    """'victory_points=8,10,12' -> ('victory_points', [8, 10, 12]).  Values are TOML
    values (arrays and quoted strings may contain commas); a bare word is a string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or not raw.strip():
        raise ScenarioError(f"'{text}'", "expected key=value1,value2,...",
                            "key=v1,v2,..., e.g. victory_points=8,10,12", file=origin)
    try:
        values = tomllib.loads(f"v = [{raw}]")["v"]
    except tomllib.TOMLDecodeError:
        if raw.strip()[:1] in "[{":   # arrays or tables whose quotes the shell took (issue 39)
            raise ScenarioError(key, f"{raw.strip()} are not TOML values (did the shell take their quotes?)",
                                f"the whole {origin} in single quotes, e.g. {origin} "
                                f"'{key}=[\"greedy\", \"roads\"],[\"roads\", \"greedy\"]'", file=origin) from None
        values = [_bare(part) for part in raw.split(",")]
    return key, values


def _bare(text):
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def toml_value(value):
    """A Python value as TOML text (what --set reads back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"not a TOML value: {value!r}")


def normal(value):
    """A hashable form for comparing values (lists and tuples alike)."""
    if isinstance(value, (list, tuple)):
        return tuple(normal(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), normal(v)) for k, v in value.items()))
    return value


def show(value):
    """A value as people read it: 8, false, beginner, 2-6,8-12, greedy/roads."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return _ranges(value)
        return "/".join(show(v) for v in value)
    if isinstance(value, dict):
        return ";".join(f"{k}={show(v)}" for k, v in value.items())
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _ranges(numbers):
    """[2,3,4,5,6,8,9] -> '2-6,8-9' (consecutive runs of three or more joined)."""
    parts, run = [], [numbers[0]]
    for n in numbers[1:]:
        if n == run[-1] + 1:
            run.append(n)
            continue
        parts.append(run)
        run = [n]
    parts.append(run)
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ",".join(map(str, r)) for r in parts)


def short_names(keys):
    """Each key's last part where that is unambiguous, else the whole key."""
    last = [k.rsplit(".", 1)[-1] for k in keys]
    return {k: (s if last.count(s) == 1 else k) for k, s in zip(keys, last)}


def label(values, short=None):
    """'victory_points=8, no_adjacent_red=false'."""
    short = short or short_names(list(values))
    return ", ".join(f"{short[k]}={show(v)}" for k, v in values.items()) or "as written"


def slug(index, text):
    """A directory name for setting `index`: '03-victory_points=8_no_adjacent_red=false'."""
    body = re.sub(r"[^A-Za-z0-9.=+,-]+", "_", text.replace(", ", "_")).strip("_")[:80]
    return f"{index:02d}-{body}"


def derived_name(base, flags):
    """The default output folder name of a command: `base` alone, else `base` followed by the flags that
    change its games ('key=value' texts: --set, --vary, games=, seed=, ...), each key by its last part:
    'base-layout=beginner_victory_points=12'.  So a second run with other values writes a folder of its
    own (issue 39); a name longer than 60 characters is cut and ends in a hash of the whole."""
    if not flags:
        return base
    parts = []
    for text in flags:
        key, _, value = str(text).partition("=")
        value = re.sub(r"[\]\[{}'\" ]", "", value)                # no quotes, brackets or spaces
        parts.append(f"{key.strip().split('.')[-1]}={value}")
    body = re.sub(r"[^A-Za-z0-9.=+,-]+", "_", "_".join(parts)).strip("_")
    if len(body) > 60:
        import hashlib
        body = body[:51].rstrip("_") + "_" + hashlib.sha256("\n".join(map(str, flags)).encode()).hexdigest()[:8]
    return f"{base}-{body}"


def settings(vary):
    """Every combination of the varied values, as dicts key -> value."""
    keys = list(vary)
    return [dict(zip(keys, combo)) for combo in itertools.product(*(vary[k] for k in keys))]


def check_vary(vary, origin):
    """Values present, distinct, and a grid of sensible size; raises ScenarioError."""
    for key, values in vary.items():
        if key in NOT_VARIED:
            raise ScenarioError(key, "cannot be varied (a sweep has one name, one game count and one seed, "
                                "so that every setting plays the same games)", "a rule key, rotate_seats or seats",
                                file=origin)
        if not isinstance(values, list) or not values:
            raise ScenarioError(key, f"expected a non-empty array of values, got {describe(values)}",
                                "an array, e.g. [8, 10, 12]", file=origin)
        seen = [normal(v) for v in values]
        if len(set(seen)) != len(seen):
            raise ScenarioError(key, "a value appears twice", "distinct values", file=origin)
    count = 1
    for values in vary.values():
        count *= len(values)
    if count > MAX_SETTINGS:
        raise ScenarioError("", f"{count} settings", f"at most {MAX_SETTINGS} settings in one sweep", file=origin)


def _flatten(table, stop, prefix=""):
    """Nested TOML tables -> dotted keys; stop(key, value) says where a value starts."""
    out = {}
    for k, v in table.items():
        key = prefix + k
        if isinstance(v, dict) and not stop(key, v):
            out.update(_flatten(v, stop, key + "."))
        else:
            out[key] = v
    return out


def _command_table(raw, name, keys, path):
    """The scenario's [name] table ({} if absent), checked to be a table of only these keys."""
    table = raw.get(name, {})
    if not isinstance(table, dict):
        raise ScenarioError(name, f"expected a table, got {describe(table)}", f"a [{name}] table", file=path)
    for k in table:
        if k not in keys:
            raise ScenarioError(f"{name}.{k}", "unknown key", ", ".join(keys), file=path)
    return table


def read_sweep_table(raw, path):
    """(vary, baseline, correction, margin) of a scenario's [sweep] table (raw TOML dict), or None."""
    if "sweep" not in raw:
        return None
    table = _command_table(raw, "sweep", SWEEP_KEYS, path)
    where = f"{path}: sweep"
    vary = table.get("vary", {})
    if not isinstance(vary, dict):
        raise ScenarioError("sweep.vary", f"expected a table, got {describe(vary)}",
                            "a table of key = [values], e.g. vary.victory_points = [8, 10]", file=path)
    vary = _flatten(vary, lambda key, v: False)
    check_vary(vary, f"{where}.vary")
    baseline = table.get("baseline", {})
    if not isinstance(baseline, dict):
        raise ScenarioError("sweep.baseline", f"expected a table, got {describe(baseline)}",
                            "a table of varied key = value, e.g. { victory_points = 10 }", file=path)
    baseline = _flatten(baseline, lambda key, v: key in vary)
    correction = table.get("correction")
    if correction is not None and correction not in CORRECTIONS:
        raise ScenarioError("sweep.correction", f"unknown value {describe(correction)}",
                            " or ".join(f'"{c}"' for c in CORRECTIONS), file=path)
    return vary, baseline, correction, check_margin(table.get("margin"), "sweep.margin", path)


def read_robust_table(raw, path):
    """(players, seat, tuned) of a sweep scenario's [robust] table (raw TOML dict), each None where not given:
    who plays `catan-balance robust`'s second sweep, as its --players / --seat / --tuned flags say it

        [robust]
        players = "rollout:base=autarkist"   # a preset, a preset file or KIND:KEY=VALUE,... (or tuned = PRESET)
        seat = 1                             # only scenario seat 1 (0-based); default: every seat
    """
    table = _command_table(raw, "robust", ROBUST_KEYS, path)
    for k in ("players", "tuned"):
        if k in table and (not isinstance(table[k], str) or not table[k].strip()):
            raise ScenarioError(f"robust.{k}", f"expected a text, got {describe(table[k])}",
                                'a preset name, a preset file or KIND:KEY=VALUE,..., e.g. "rollout:base=greedy"',
                                file=path)
    if "players" in table and "tuned" in table:
        raise ScenarioError("robust.tuned", "given with robust.players", "one of players and tuned", file=path)
    seat = table.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise ScenarioError("robust.seat", f"expected a seat number, got {describe(seat)}",
                            "an integer from 0 (the scenario's first seat)", file=path)
    if seat is not None and "players" not in table:
        raise ScenarioError("robust.seat", "given without robust.players", "seat with players = SPEC", file=path)
    return table.get("players"), seat, table.get("tuned")


def read_tune_table(raw, path):
    """(params, objective, budget, margin, constraints) of a scenario's [tune] table (raw TOML dict), each
    None where not given: what `catan-balance tune` races when its flags do not say (simcore.studies.tune)

        [tune]
        param = ["variants.grundbesitz.markers_per_block=1..4"]   # as --param
        objective = "policy-parity:landlord"                        # as --objective
        constraint = ["turns<=80"]                                  # as --constraint
        budget = 20000
        margin = 2.0

    The table's keys and their types are checked here, each text's meaning by the command where it is
    used (a flag given wins).
    """
    table = _command_table(raw, "tune", TUNE_KEYS, path)
    texts = {k: _texts(table, k, path) for k in ("param", "constraint")}
    objective = table.get("objective")
    if objective is not None and (not isinstance(objective, str) or not objective.strip()):
        raise ScenarioError("tune.objective", f"expected a text, got {describe(objective)}",
                            'an objective as --objective takes it, e.g. "seat-fairness"', file=path)
    budget = table.get("budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise ScenarioError("tune.budget", f"expected a number of games, got {describe(budget)}",
                            "a whole number of games from 1, e.g. 20000", file=path)
    return texts["param"], objective, budget, table.get("margin"), texts["constraint"]


def _texts(table, key, path):
    """A [tune] key holding one text or a list of texts (as its repeatable flag), as a list; None if absent."""
    value = table.get(key)
    if value is None:
        return None
    value = [value] if isinstance(value, str) else value
    if not isinstance(value, list) or not value or not all(isinstance(x, str) and x.strip() for x in value):
        example = {"param": '["victory_points=8..12"]', "constraint": '["turns<=80"]'}[key]
        raise ScenarioError(f"tune.{key}", f"expected a list of texts, got {describe(table[key])}",
                            f"texts as --{key} takes them, e.g. {example}", file=path)
    return value


MARGIN_ALLOWED = "a number of percentage points above 0 and at most 50, e.g. 1.5"


def check_margin(value, key="--margin", path=None):
    """An equivalence margin in percentage points (None: none given); raises ScenarioError."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 50:
        raise ScenarioError(key, f"{describe(value)} is not a margin", MARGIN_ALLOWED, file=path)
    return float(value)


def check_correction(value):
    """--correction: holm, bh or None (the default's)."""
    if value is not None and value not in CORRECTIONS:
        raise InputError(f"--correction: unknown value '{value}'; allowed: holm or bh")
    return value


def parse_baseline(items, origin="--baseline"):
    """['victory_points=10', ...] -> {'victory_points': 10}."""
    out = {}
    for text in items:
        key, sep, raw = text.partition("=")
        if not sep or not key.strip():
            raise ScenarioError(f"'{text}'", "expected key=value", "a varied key and one of its values, "
                                "e.g. victory_points=10", file=origin)
        out[key.strip()] = _bare(raw)
    return out


def pick_baseline(grid, selector, origin="--baseline"):
    """Index of the one setting whose values match every key=value of `selector` (default 0)."""
    if not selector:
        return 0
    keys = list(grid[0]) if grid else []
    for key, value in selector.items():
        if key not in keys:
            raise ScenarioError(key, "is not a varied key", ", ".join(keys) or "no key is varied", file=origin)
        options = [normal(s[key]) for s in grid]
        if normal(value) not in options:
            allowed = ", ".join(dict.fromkeys(show(s[key]) for s in grid))
            raise ScenarioError(key, f"{show(value)} is not one of its values", allowed, file=origin)
    matches = [i for i, s in enumerate(grid) if all(normal(s[k]) == normal(v) for k, v in selector.items())]
    if not matches:
        raise ScenarioError("", "matches no setting", "values of one setting of the sweep", file=origin)
    if len(matches) > 1:
        raise ScenarioError("", f"matches {len(matches)} settings", "a value for every varied key: "
                            + ", ".join(keys), file=origin)
    return matches[0]
