"""The shipped variants: one registration line each (importing a declaration module
registers it with simcore.engine.variant).  The order fixes their layouts: keep it, and add new
variants at the end."""
from simcore.variants import grundbesitz  # noqa: F401  docs/rules.md, Grundbesitz
from simcore.variants import robin_hood  # noqa: F401  docs/rules.md, Robin Hood
from simcore.variants import ck  # noqa: F401  docs/rules.md, Cities & Knights (a rule set: ruleset = "ck")
from simcore.variants import autarkie  # noqa: F401  docs/rules.md, Fleisch / Autarkie
