"""Policy registry: a preset name plus weight overrides -> (kind, weights) for the kernel.

Errors are ScenarioErrors keyed relative to one seat (`policy`, `weights.<name>`);
the scenario loader adds the file and the seat.
"""
from dataclasses import dataclass

import numpy as np

from policies import preset_file
from policies.presets import PRESETS, VALUE_BASE
import simcore.variants  # noqa: F401  the shipped variants declare their weights
from policies import weights as W
from policies.weights import KIND_NAMES, WEIGHTS
from simcore.engine.errors import ScenarioError, describe, did_you_mean
from simcore.engine.fields import is_type


@dataclass(frozen=True)
class Preset:
    name: str
    kind: str          # a key of policies.weights.KIND_NAMES
    description: str
    weights: dict      # the preset's non-zero weights by name


def list_presets():
    """Every preset, in registry order, then the file presets of policies/tuned/."""
    return [Preset(name, kind, desc, dict(w)) for name, (kind, w, desc) in _presets().items()]


def _presets():
    """name -> (kind, weights, description): the registry's and the shipped file presets."""
    out = dict(PRESETS)
    for name, path in preset_file.shipped().items():
        out.setdefault(name, preset_file.load(path, KIND_NAMES, WEIGHTS))
    return out


def _lookup(name):
    """(kind, weights, description) of a registry name, a shipped file preset or a .toml path."""
    if isinstance(name, str) and name in PRESETS:
        return PRESETS[name]
    path = preset_file.find(name)
    if path is None:
        names = list(PRESETS) + list(preset_file.shipped())
        raise ScenarioError("policy", f"unknown policy {describe(name)}{did_you_mean(name, names)}",
                            ", ".join(names) + ", or a preset file (.toml)")
    return preset_file.load(path, KIND_NAMES, WEIGHTS)


STRONG = "strong"   # the strong player: the file preset strong-<rule set> trained for the rules in force


def for_ruleset(name, ruleset):
    """The preset a seat named `name` plays under `ruleset` ("base", "ck", "autarkie+ck", ...:
    policies.preset_file.rule_set_name): `strong` is the rule set's own trained file preset
    (policies/tuned/strong-<ruleset>.toml), else the base game's, else the untrained registry preset."""
    if name != STRONG:
        return name
    files = preset_file.shipped()
    for candidate in (f"{STRONG}-{ruleset}", f"{STRONG}-base"):
        if candidate in files:
            return candidate
    return name


def resolve(name, overrides=None, ruleset="base"):
    """(kind: int, weights: float64[weights.N_WEIGHTS]) for preset `name` (a registry name, a file
    preset in policies/tuned/ or a path to a .toml preset file) with `overrides` applied, as a seat
    plays it under `ruleset` (for_ruleset)."""
    kind, base, _ = _lookup(for_ruleset(name, ruleset))
    weights = np.zeros(W.N_WEIGHTS, dtype=np.float64)
    for wname, value in {**base, **(overrides or {})}.items():
        key = f"weights.{wname}"
        if wname not in WEIGHTS:
            raise ScenarioError(key, f"unknown weight{did_you_mean(wname, WEIGHTS)}", ", ".join(WEIGHTS))
        if not is_type(value, float):
            raise ScenarioError(key, f"expected a number, got {describe(value)}", "a finite number")
        weights[WEIGHTS[wname][0]] = value
    return KIND_NAMES[kind], weights


def as_strong(kind, weights):
    """The strong player built on a builder preset (kind, weights): the strong kind, the preset's
    builder weights and the untrained value weights (policies.presets.VALUE_BASE, the variants' declared
    defaults); what `train --strong` starts from.  None if the preset is not a builder's."""
    if kind not in (W.KIND_BUILDER, W.KIND_STRONG):
        return None
    out = np.array(weights, dtype=np.float64, copy=True)
    for name, value in VALUE_BASE.items():
        out[WEIGHTS[name][0]] = value
    return W.KIND_STRONG, out


STRONG_KEYS = ("style",)   # a strong seat's own key: { policy = "strong", style = "landlord" }


def style_option(style):
    """A strong seat's style, checked: a builder preset (its weights make the seat's scripted choices)."""
    if not isinstance(style, str):
        raise ScenarioError("style", f"expected a preset name, got {describe(style)}", "a builder preset, e.g. landlord")
    try:
        kind, _ = resolve(style)
    except ScenarioError as e:
        raise ScenarioError("style", e.what, e.allowed) from None
    if kind != W.KIND_BUILDER:
        raise ScenarioError("style", f"{style} is not a builder preset", "a builder preset (catan-balance policies)")
    return style


def with_style(strong, style):
    """The strong player restricted to a style: the style preset's builder weights, the strong preset's
    value weights (v_*), and v_style on (policies.strong: the builder chooses what, the look-ahead how)."""
    kind, weights = strong
    out = np.array(style[1], dtype=np.float64, copy=True)
    for name, (i, _) in WEIGHTS.items():
        if name.startswith("v_"):
            out[i] = weights[i]
    out[W.V_STYLE] = 1.0
    return kind, out
