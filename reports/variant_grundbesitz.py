"""The report entry of Grundbesitz (RULES.md §1; declared in simcore/variants/grundbesitz.py):
its sweep, charts and board layer (reports.variants)."""
from reports import variant_charts as vc
from reports.variants import VariantReport

ALL_NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]

ENTRY = VariantReport(
    name="grundbesitz",
    title="Grundbesitz (land ownership and blockade markers)",
    # its columns are the declaration's: GBs bought/owned, markers placed by kind and received,
    # removals, knights spent, defences; gain_/spend_grundbesitz are flows
    sweep={"variants.grundbesitz.allowed_numbers": [ALL_NUMBERS, [2, 3, 11, 12], [4, 5, 6, 8, 9, 10], [5, 6, 8, 9]],
           "variants.grundbesitz.markers_per_block": [1, 2, 3]},
    charts=(vc.grundbesitz_income, vc.grundbesitz_markers),
    board_layers=(vc.grundbesitz_layer,),
    about="Income from Grundbesitz yields as a share of all resources gained, and blockade markers per player "
          "and game.",
)
