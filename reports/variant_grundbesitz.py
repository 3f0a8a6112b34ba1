"""The report entry of Grundbesitz (RULES.md §1; declared in simcore/variants/grundbesitz.py):
its charts and board layer (reports.variants)."""
from reports import variant_charts as vc
from reports.variants import VariantReport

ENTRY = VariantReport(
    name="grundbesitz",
    title="Grundbesitz (land ownership and blockade markers)",
    # its columns are the declaration's: GBs bought/owned, markers placed by kind and received,
    # removals, knights spent, defences; gain_/spend_grundbesitz are flows
    charts=(vc.grundbesitz_income, vc.grundbesitz_markers),
    board_layers=(vc.grundbesitz_layer,),
    averages=(
        ("GB bought", ("gb_bought",)),
        ("cards from GB", ("gain_grundbesitz",)),
        ("markers placed", ("gb_markers_response", "gb_markers_knight", "gb_markers_robber", "gb_markers_strike")),
        ("markers received", ("gb_markers_received",)),
        ("defences", ("gb_defences",)),
    ),
    about="Income from Grundbesitz yields as a share of all resources gained, and blockade markers per player "
          "and game.",
)
