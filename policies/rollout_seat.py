"""A `rollout` seat of a scenario: its keys, their checks, and its packing for the kernel.

    [[seats]]
    policy = "rollout"
    base = "greedy"      # any preset or preset file: the candidates and the play-outs' players
    candidates = 5       # the base policy's top K options at each decision (plus "end turn")
    rollouts = 16        # play-outs per candidate
    horizon = 0          # 0 = to the end of the game; else player-turns, then the fitted value
    weights = { ... }    # (optional) changes to the base preset's weights

The kernel gets the base preset's kind and weights, the search packed above the kind
(policies.weights.ROLLOUT_BIT); policies.rollout and simcore.engine.search play it.
No numba here: the scenario loader reads it.
"""
from policies.weights import ROLLOUT_BIT
from simcore.engine.errors import ScenarioError, describe
from simcore.engine.fields import Param

ROLLOUT = "rollout"
MAX_CANDIDATES = 15            # simcore.engine.state.MAX_CANDIDATES holds them and "end turn"
LIMITS = {"candidates": (1, MAX_CANDIDATES), "rollouts": (1, 65535), "horizon": (0, 65535)}
DEFAULTS = {"base": "greedy", "candidates": 5, "rollouts": 16, "horizon": 0}
KEYS = tuple(DEFAULTS)


def _integer(lo, hi):
    return Param(int, f"an integer from {lo} to {hi}", lambda v: None if lo <= v <= hi else f"{v} is out of range")


def rollout_options(item, resolve):
    """The search options of a seat table with policy = "rollout" ({key: value}, defaults filled in);
    `resolve(name)` checks the base preset.  Errors are keyed within the seat."""
    options = dict(DEFAULTS)
    for key, (lo, hi) in LIMITS.items():
        if key in item:
            options[key] = _integer(lo, hi).validate(key, item[key])
    base = item.get("base", DEFAULTS["base"])
    if not isinstance(base, str) or base == ROLLOUT:
        raise ScenarioError("base", f"expected a preset name or preset file, got {describe(base)}",
                            "a preset other than rollout (catan-balance policies), or a preset file (.toml)")
    try:
        resolve(base)
    except ScenarioError as e:
        raise ScenarioError("base", e.what, e.allowed) from None
    options["base"] = base
    return options


def pack_kind(base_kind, options):
    """The kernel's kind of a rollout seat: the base kind with the search above it."""
    return int(base_kind | ROLLOUT_BIT | options["candidates"] << 8 | options["rollouts"] << 16
               | options["horizon"] << 32)


def is_rollout(kind):
    return bool(int(kind) & ROLLOUT_BIT)
