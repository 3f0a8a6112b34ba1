"""The presets of Cities & Knights' playing styles (declared as the rule set's `presets`;
policies.presets registers them): name -> (kind, weights, description).  A builder's
weights are the changes from the base builder's (policies.presets.BUILDER_BASE); in the
base game they play as greedy."""

# Wool 1.0 (was 1.3 for knights and trade, ore 1.3 for knights): `run ck` 2000 games went from
# greedy/knights/science/trade 27.5/23.5/28.1/20.9% to 23.2/27.4/24.9/24.4%.
# ck_plan 0.5 (the builders' default 1.5, issue 29 item 3): with 1.5 its horizon (ck_knights 1.6) spans
# nearly the whole voyage and it won 20.2% of 2000 `run ck` games, with 0.5 23.9% (greedy/science/trade
# 25.1/27.2/23.8%)
PRESETS = {
    "knights": ("builder", {"ck_knights": 1.6, "ck_politics": 1.6, "ck_chase": 1.0, "ore": 1.15, "ck_plan": 0.5},
                "Cities & Knights: many knights early, promotes them, politics track (fortress)"),
    "science": ("builder", {"ck_improve": 1.5, "ck_science": 2.0, "ck_knights": 0.8, "lumber": 1.3},
                "Cities & Knights: improves the science track first (aqueduct), toward its metropolis"),
    "trade": ("builder", {"ck_improve": 1.5, "ck_trade": 2.0, "ck_knights": 0.8, "harbour": 1.0},
              "Cities & Knights: improves the trade track first (trading house), toward its metropolis"),
}
