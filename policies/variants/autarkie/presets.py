"""The presets of Autarkie's bots (declared as the variant's `presets`; policies.presets
registers them): name -> (kind, weights, description).  A builder's weights are the
changes from the base builder's (policies.presets.BUILDER_BASE)."""

# aut_geselle 0.5: Gesellen 0.16 -> 0.50 a game on C&K (`run autarkie`, 8000 games, seed 7), win
# rate 24.7% -> 24.0%; at 1.0 it makes one nearly every game (0.92) but wins 21.9%
# aut_trade stays 0 (issue 30, buying meat from the bank): `run autarkie` 2000 games, seed 1, the autarkist
# won 26.7% with it off, 23.4% with aut_trade 1 at rates up to 2:1 (aut_trade_rate 2; 1.7 meat bought a
# game), 22.2% up to 3:1, 14.9% at any rate (exact McNemar on the paired games: p = 0.005, 7e-5)
PRESETS = {
    "autarkist": ("builder", {"aut_card": 2.5, "aut_income": 1.3, "aut_trade": 0.0, "aut_geselle": 0.5,
                              "city": 1.3, "grain": 1.4, "devcard": 0.2},
                  "Autarkie: cities on fields for meat, slaves, Knechte and the Geselle; goes for the Autarkie card"),
}
