"""The presets of Grundbesitz's bots (declared as the variant's `presets`; policies.presets
registers them): name -> (kind, weights, description).  A builder's weights are the
changes from the base builder's (policies.presets.BUILDER_BASE)."""

PRESETS = {
    "landlord": ("builder", {"gb": 1.6, "devcard": 0.2}, "Grundbesitz: buys land ownership early and often"),
    "blocker": ("builder", {"gb": 0.8, "devcard": 0.8, "gb_knight_block": 1.0, "gb_remove": 0.0},
                "Grundbesitz: buys development cards and spends its knights on blockades"),
}
