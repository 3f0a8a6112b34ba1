"""Policy registry: a preset name plus weight overrides -> (kind, weights) for the kernel.

Errors are ScenarioErrors keyed relative to one seat (`policy`, `weights.<name>`);
the scenario loader adds the file and the seat.
"""
from dataclasses import dataclass

import numpy as np

from policies.presets import PRESETS
import simcore.variants  # noqa: F401  the shipped variants declare their weights
from policies import weights as W
from policies.weights import KIND_NAMES, WEIGHTS
from simcore.errors import ScenarioError, describe, did_you_mean
from simcore.fields import is_type


@dataclass(frozen=True)
class Preset:
    name: str
    kind: str          # a key of policies.weights.KIND_NAMES
    description: str
    weights: dict      # the preset's non-zero weights by name


def list_presets():
    """Every preset, in registry order."""
    return [Preset(name, kind, desc, dict(w)) for name, (kind, w, desc) in PRESETS.items()]


def resolve(name, overrides=None):
    """(kind: int, weights: float64[weights.N_WEIGHTS]) for preset `name` with `overrides` applied."""
    if not isinstance(name, str) or name not in PRESETS:
        raise ScenarioError("policy", f"unknown policy {describe(name)}{did_you_mean(name, PRESETS)}",
                            ", ".join(PRESETS))
    kind, base, _ = PRESETS[name]
    weights = np.zeros(W.N_WEIGHTS, dtype=np.float64)
    for wname, value in {**base, **(overrides or {})}.items():
        key = f"weights.{wname}"
        if wname not in WEIGHTS:
            raise ScenarioError(key, f"unknown weight{did_you_mean(wname, WEIGHTS)}", ", ".join(WEIGHTS))
        if not is_type(value, float):
            raise ScenarioError(key, f"expected a number, got {describe(value)}", "a finite number")
        weights[WEIGHTS[wname][0]] = value
    return KIND_NAMES[kind], weights
