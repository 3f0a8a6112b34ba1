"""The report entry of the Robin Hood solo mode (RULES.md §3; declared in
simcore/variants/robin_hood/__init__.py): its outcomes, charts, words and board layer."""
from reports import variant_charts as vc
from reports import variant_words as vw
from reports.robin import RobinTally, format_robin
from reports.variants import VariantReport
from simcore.variants.robin_hood import ENDING_NAMES, SIDE_NAMES

ENTRY = VariantReport(
    name="robin_hood",
    title="Robin Hood (the Sheriff against the automaton)",
    # its columns are the declaration's game columns robin_<name>, -1 in games of other modes
    categories={"robin_winner": {str(k): n for k, n in enumerate(SIDE_NAMES)},
                "robin_ending": {str(k): n for k, n in enumerate(ENDING_NAMES)}},
    outcome_words=vw.ROBIN_OUTCOME_WORDS,
    charts=(vc.robin_endings, vc.robin_vp),
    says=(vw.robin_hood,),
    solo_win=("robin_winner", "sheriff"),
    board_layers=(vc.robin_layer,),
    tally=RobinTally,
    format_summary=format_robin,
    about="Who wins (the Sheriff, Robin, or a draw), how games end (Robin at his target, the Sheriff at his, "
          "enclosure, turn limit), both sides' VP and what Robin did.",
)
