"""The report entry of Grundbesitz (RULES.md §1; declared in simcore/variants/grundbesitz/__init__.py):
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
    column_names={
        "gb_bought": "GB bought", "gb_owned": "GB owned", "gb_markers_response": "markers: response",
        "gb_markers_knight": "markers: knight", "gb_markers_robber": "markers: robber",
        "gb_markers_strike": "markers: strike", "gb_markers_received": "markers received",
        "gb_removed_free": "markers removed free", "gb_removed_knight": "markers removed by knight",
        "gb_knights_block": "knights to block", "gb_knights_remove": "knights to remove",
        "gb_knights_defence": "knights in defence", "gb_defences": "defences",
        "gb_defended_knight_block": "defended: knight blocks", "gb_defended_robber_block": "defended: robber blocks",
        "gb_defended_removal": "defended: removals", "gb_defended_robber_move": "defended: robber moves",
        "gb_defended_response": "defended: responses", "gb_follow_defend": "follow-up: only defend",
        "gb_follow_strike": "follow-up: strike back", "gb_follow_robber": "follow-up: robber",
        "gb_follow_remove": "follow-up: remove a marker",
    },
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
