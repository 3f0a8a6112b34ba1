"""The shipped variants: one registration line each (importing a declaration module
registers it with simcore.engine.variant).  The order fixes their layouts: keep it, and add new
variants at the end."""
from simcore.variants import grundbesitz  # noqa: F401  RULES.md §1
from simcore.variants import robin_hood  # noqa: F401  RULES.md §3
from simcore.variants import ck  # noqa: F401  RULES.md §4 (a rule set: ruleset = "ck")
from simcore.variants import autarkie  # noqa: F401  RULES.md §2
