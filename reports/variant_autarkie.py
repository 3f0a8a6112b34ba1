"""The report entry of Fleisch / Autarkie (RULES.md §2; declared in simcore/variants/autarkie.py)."""
from reports.variants import VariantReport

ENTRY = VariantReport(
    name="autarkie",
    title="Fleisch / Autarkie (meat, slaves, Knechte, the Geselle and the Autarkie card)",
    categories={"aut_holder": {}},
    about="Autarky points, the Autarkie card's holders and the figures' extra income.",
)
