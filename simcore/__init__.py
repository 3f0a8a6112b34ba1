"""catan-balance's engine and everything that runs it, in layers (docs/architecture.md):
engine (the base game and the plug-in surface), variants (one folder per house rule),
run (loading scenarios, playing and writing runs), studies (tune, train) and accel
(the compile glue)."""
