"""Presets kept in TOML files: what `catan-balance train` writes and a scenario can name.

    kind = "builder"
    description = "tuned by catan-balance train base --seat 0"
    [weights]                 # every weight the policy reads (policies.weights), by name
    city = 1.2837
    ...
    [training]                # optional: how it was made (holdout win rates, the command); not read

A seat names a file preset by its path (`policy = "results/base-train/preset.toml"`,
absolute or relative to the working directory), or by its name when the file lies in
policies/tuned/ (`policy = "tuned-base"` for policies/tuned/tuned-base.toml).
Weights are written with repr(), so a trained vector reads back bit for bit.
"""
import math
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simcore.engine.errors import ScenarioError, describe, did_you_mean

PRESET_DIR = Path(__file__).resolve().parent / "tuned"
TOP_KEYS = ("kind", "description", "weights", "training")


def is_file_name(name):
    return isinstance(name, str) and name.endswith(".toml")


def shipped():
    """name -> path of the file presets in policies/tuned/."""
    return {p.stem: p for p in sorted(PRESET_DIR.glob("*.toml"))}


def find(name):
    """The path of file preset `name` (a .toml path, or a name in policies/tuned/), None if not one."""
    if is_file_name(name):
        return Path(name)
    return shipped().get(name) if isinstance(name, str) else None


def load(path, kinds, known_weights):
    """(kind, {weight: value}, description) of a preset file; a ScenarioError (key `policy`)
    naming the file and what is wrong."""
    try:
        with open(path, "rb") as fh:
            table = tomllib.load(fh)
    except OSError as e:
        raise _fail(path, "", f"cannot read ({e.strerror})", "a preset name (catan-balance policies) or a "
                    "readable .toml preset file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise _fail(path, "", f"not valid TOML ({e})", "a preset file as `catan-balance train` writes it") from None
    for key in table:
        if key not in TOP_KEYS:
            raise _fail(path, key, f"unknown key{did_you_mean(key, TOP_KEYS)}", ", ".join(TOP_KEYS))
    kind = table.get("kind")
    if kind not in kinds:
        raise _fail(path, "kind", "missing" if kind is None else f"unknown kind {describe(kind)}", ", ".join(kinds))
    weights = table.get("weights", {})
    if not isinstance(weights, dict):
        raise _fail(path, "weights", f"expected a table, got {describe(weights)}", "a [weights] table")
    for name, value in weights.items():
        if name not in known_weights:
            raise _fail(path, f"weights.{name}", f"unknown weight{did_you_mean(name, known_weights)}",
                        ", ".join(known_weights))
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise _fail(path, f"weights.{name}", f"expected a number, got {describe(value)}", "a finite number")
    description = table.get("description", "")
    if not isinstance(description, str):
        raise _fail(path, "description", f"expected a string, got {describe(description)}", "a string")
    return kind, {k: float(v) for k, v in weights.items()}, description


def _fail(path, key, what, allowed):
    return ScenarioError("policy", f"{path}: {key + ': ' if key else ''}{what}", allowed)


def dumps(kind, weights, description, training=None):
    """The TOML text of a preset file; weights by name, in the order given, written exactly (repr)."""
    lines = [f"kind = {_string(kind)}", f"description = {_string(description)}", "", "[weights]"]
    lines += [f"{name} = {float(value)!r}" for name, value in weights.items()]
    if training:
        lines += ["", "[training]   # how this preset was made (not read when it is loaded)"]
        lines += [f"{key} = {_value(value)}" for key, value in training.items()]
    return "\n".join(lines) + "\n"


def _value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return _string(str(v))


def _string(text):
    """A TOML basic string."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def rule_set_name(variants):
    """A rule set's name in the shipped presets' file names: base, grundbesitz, robin-hood, autarkie+ck, ...
    (variant names sorted and joined by '+', '_' as '-')."""
    return "+".join(sorted(variants)).replace("_", "-") or "base"


def tuned_name(variants):
    """The shipped tuned preset of a rule set: tuned-base, tuned-grundbesitz, tuned-robin-hood, ...
    (rule_set_name); a new rule set joins with its file in policies/tuned/."""
    return "tuned-" + rule_set_name(variants)
