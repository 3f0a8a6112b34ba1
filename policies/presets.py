"""Named policy presets: name -> (kind, weights by name, one-line description).

Weights not named here are 0.  A scenario may override any weight of a preset:
    [[seats]]
    policy = "greedy"
    weights = { devcard = 0.8 }
"""

from simcore.engine.variant import REGISTRY
import simcore.variants  # noqa: F401  the shipped variants declare their weights' defaults

# the base game's builder weights, then each variant's declared defaults (only read when it is on)
BUILDER_BASE = {
    "city": 1.0, "settlement": 1.0, "road": 0.5, "devcard": 0.35,
    "pips": 1.0, "diversity": 1.5, "harbour": 0.5,
    "lumber": 1.0, "brick": 1.0, "wool": 1.0, "grain": 1.0, "ore": 1.0,
    "robber_leader": 1.0, "knight_early": 0.0, "trade": 1.0, "longest_road": 0.0,
}
for _variant in REGISTRY.values():
    BUILDER_BASE.update(_variant.weight_defaults())

# the Sheriff's choices in the Robin Hood mode (policies.variants.robin_hood.sheriff)
SHERIFF_BASE = {"robin_vp": 1.0, "robin_block": 0.3, "robin_steal": 1.0, "evict": 1.0}

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
    "landlord": ("builder", dict(BUILDER_BASE, gb=1.6, devcard=0.2),
                 "Grundbesitz: buys land ownership early and often"),
    "blocker": ("builder", dict(BUILDER_BASE, gb=0.8, devcard=0.8, gb_knight_block=1.0, gb_remove=0.0),
                "Grundbesitz: buys development cards and spends its knights on blockades"),
    # aut_geselle 0.5: Gesellen 0.16 -> 0.50 a game on C&K (`run autarkie`, 8000 games, seed 7), win
    # rate 24.7% -> 24.0%; at 1.0 it makes one nearly every game (0.92) but wins 21.9%
    "autarkist": ("builder", dict(BUILDER_BASE, aut_card=2.5, aut_income=1.3, aut_trade=0.0, aut_geselle=0.5,
                                  city=1.3, grain=1.4, devcard=0.2),
                  "Autarkie: cities on fields for meat, slaves, Knechte and the Geselle; goes for the Autarkie card"),
    # Cities & Knights styles (ruleset = "ck"); in the base game they play as greedy.  Wool 1.0
    # (was 1.3 for knights and trade, ore 1.3 for knights): `run ck` 2000 games went from
    # greedy/knights/science/trade 27.5/23.5/28.1/20.9% to 23.2/27.4/24.9/24.4%.
    "knights": ("builder", dict(BUILDER_BASE, ck_knights=1.6, ck_politics=1.6, ck_chase=1.0, ore=1.15),
                "Cities & Knights: many knights early, promotes them, politics track (fortress)"),
    "science": ("builder", dict(BUILDER_BASE, ck_improve=1.5, ck_science=2.0, ck_knights=0.8, lumber=1.3),
                "Cities & Knights: improves the science track first (aqueduct), toward its metropolis"),
    "trade": ("builder", dict(BUILDER_BASE, ck_improve=1.5, ck_trade=2.0, ck_knights=0.8, harbour=1.0),
              "Cities & Knights: improves the trade track first (trading house), toward its metropolis"),
    # The Sheriff of the Robin Hood solo mode ([variants.robin_hood]); as builders they also play
    # the base game, where the Sheriff weights do nothing.
    "sheriff-greedy": ("builder", dict(BUILDER_BASE, **SHERIFF_BASE),
                       "Robin Hood Sheriff: builds for VP like greedy, sends Robin where he hurts least"),
    "sheriff-warden": ("builder", dict(BUILDER_BASE, **SHERIFF_BASE, fence=1.0, enclose=1.0, fence_lead=1.0, road=0.8),
                       "Robin Hood Sheriff: fences Robin's hex and camp with roads for the enclosure ending"),
}
