"""Named policy presets: name -> (kind, weights by name, one-line description).

The base game's presets are here, each variant's in its folder (policies/variants/<name>/presets.py,
named by its declaration).  Weights not named are 0.  A scenario may override any weight of a preset:
    [[seats]]
    policy = "greedy"
    weights = { devcard = 0.8 }
"""

import importlib

from simcore.engine.variant import REGISTRY, VariantError
import simcore.variants  # noqa: F401  the shipped variants declare their weights' defaults and presets

# the base game's builder weights, then each variant's declared defaults (only read when it is on)
BUILDER_BASE = {
    "city": 1.0, "settlement": 1.0, "road": 0.5, "devcard": 0.35,
    "pips": 1.0, "diversity": 1.5, "harbour": 0.5,
    "lumber": 1.0, "brick": 1.0, "wool": 1.0, "grain": 1.0, "ore": 1.0,
    "robber_leader": 1.0, "knight_early": 0.0, "trade": 1.0, "longest_road": 0.0,
}
for _variant in REGISTRY.values():   # a variant's value weights (v_*) belong to the strong kind (VALUE_BASE)
    BUILDER_BASE.update({n: v for n, v in _variant.weight_defaults().items() if not n.startswith("v_")})

# the strong kind's value of a position (policies.strong; policies.weights.VALUE_FEATURES), before training
VALUE_BASE = {
    "v_vp": 1.0, "v_lead": 0.3, "v_lumber": 1.2, "v_brick": 1.2, "v_wool": 0.9, "v_grain": 1.2, "v_ore": 1.2,
    "v_diversity": 0.3, "v_hand": 0.12, "v_safe": 0.3, "v_city_ready": 0.6, "v_settlement_ready": 0.6,
    "v_dev_ready": 0.2, "v_spot": 0.3, "v_near": 0.1, "v_road": 0.2, "v_army": 0.3, "v_devcards": 0.5,
    "v_harbour": 0.2, "v_rivals": 0.3, "v_robbed": 0.5, "v_base": 0.5,
}
for _variant in REGISTRY.values():   # and the variants' own (policies.dispatch: strong_value)
    VALUE_BASE.update({n: v for n, v in _variant.weight_defaults().items() if n.startswith("v_")})

PRESETS = {
    "random": ("random", {}, "uniform over the legal options at every choice point; exercises every rule"),
    "greedy": ("builder", dict(BUILDER_BASE),
               "VP-seeking builder: cities and settlements first, placement by pips and diversity, robs the leader"),
    "roads": ("builder", dict(BUILDER_BASE, road=1.2, devcard=0.1, longest_road=1.0,
                                  lumber=1.4, brick=1.4, ore=0.7),
              "expansionist: lumber/brick spots, roads towards new spots and for longest road"),
    "devcards": ("builder", dict(BUILDER_BASE, devcard=1.3, settlement=0.8, road=0.3,
                                     knight_early=1.0, wool=1.3, grain=1.2, ore=1.4, lumber=0.8, brick=0.8),
                 "development-card buyer: wool/grain/ore spots, plays knights early for largest army"),
    "strong": ("strong", dict(BUILDER_BASE, **VALUE_BASE),
               "the strongest scripted player: a builder whose main-phase action comes from a one-ply look-ahead "
               "valuing the position; in a game, the rule set's trained strong-<rule set> (its measured strength on its "
               "row; docs/players.md), "
               "else these untrained weights"),
}


# the plain bots: builder presets that play for VP without a style of their own (a rule set's default
# bot); every other builder preset is a style, which `--players strong` keeps (docs/players.md)
PLAIN = {"greedy"}
PLAIN_OF = {}   # variant name -> its plain bots, where it declares its own (a solo game's player)


def plain_bot(variants):
    """The plain bot of a rule set with these variants on: the first one a variant declares, else greedy."""
    return next((PLAIN_OF[v][0] for v in variants if PLAIN_OF.get(v)), "greedy")


def _add_variant_presets():
    """The presets of each variant's bots, from its presets module (policies/variants/<name>/presets.py):
    its PRESETS, name -> (kind, weights, description), a builder's weights as changes from BUILDER_BASE;
    its PLAIN, the names of its plain bots."""
    for v in REGISTRY.values():
        module = importlib.import_module(v.presets) if v.presets else None
        own = getattr(module, "PRESETS", {})
        PLAIN.update(getattr(module, "PLAIN", ()))
        PLAIN_OF[v.name] = tuple(getattr(module, "PLAIN", ()))
        for name, (kind, weights, description) in own.items():
            if name in PRESETS:
                raise VariantError(f"variant {v.name}: preset {name!r} declared twice")
            PRESETS[name] = (kind, dict(BUILDER_BASE, **weights) if kind == "builder" else dict(weights), description)


_add_variant_presets()
