"""The one place where a house-rule variant plugs into sweeps and reports.

A `VariantReport` entry, keyed by the variant's scenario table name
(`[variants.<name>]`), says:

- `seat_columns` / `game_columns`: its own games.csv columns (`seatK_<suffix>` /
  game-level).  Resource flows need no entry to be shown: every `seatK_gain_*` and
  `seatK_spend_*` column is a source or a use in the flow charts by itself.
  Seat columns listed here are averaged per player and game ("counters").
- `flow_columns`: its own flow suffixes (`gain_*` / `spend_*`); the flow tables leave
  them out where they are 0 because the variant is off in every run (`flows_off`).
- `categories`: game-level columns whose values are outcomes to count per
  setting (share with interval, compared between settings), with labels for
  their codes as written in games.csv ("1": "sheriff").
- `outcome_words`: {categories column: {label: words}}, how sentences name those
  outcomes ("the Sheriff's wins" for robin_winner "sheriff"), see `outcome_words`.
- `sweep`: the grid `catan-balance sweep` runs for a scenario that turns the
  variant on and has neither `--vary` nor a `[sweep]` table.
- `charts`: functions (study, tables) -> [Chart] drawn in its report section.
- `says`: functions (study, tables) -> str, its findings in plain words for the
  report's "What this says" and the terminal (reports.variant_words).
- `solo_win`: (categories column, label) of the outcome that is the one player's
  win in a solo mode, drawn with the policies in the differences chart.
- `board_layers`: functions (ax, board, events) drawing its pieces on the
  replay picture (`catan-balance replay --png`).

An entry lights up only where its columns exist in the results and hold
something (not all 0 or -1, the value columns of other modes hold): results of
other versions or of the base game show nothing of it.
"""
from dataclasses import dataclass, field

from reports import variant_charts as vc
from reports import variant_words as vw


@dataclass(frozen=True)
class VariantReport:
    name: str
    title: str
    seat_columns: tuple = ()
    game_columns: tuple = ()
    flow_columns: tuple = ()                        # seat flow suffixes, e.g. ("gain_grundbesitz", ...)
    categories: dict = field(default_factory=dict)  # game column -> {code: label} ({} = values as they are)
    outcome_words: dict = field(default_factory=dict)  # game column -> {label: words in a sentence}
    sweep: dict = field(default_factory=dict)       # dotted key -> list of values
    charts: tuple = ()
    says: tuple = ()
    solo_win: tuple = ()                            # (column, label), e.g. ("robin_winner", "sheriff")
    board_layers: tuple = ()
    about: str = ""

    def columns_in(self, header):
        """This variant's columns found in a games.csv header (seat ones by suffix)."""
        suffixes = {c.split("_", 1)[1] for c in header if c.startswith("seat0_")}
        return ([c for c in self.seat_columns if c in suffixes], [c for c in self.game_columns if c in header])


REGISTRY = {}


def register(entry):
    REGISTRY[entry.name] = entry
    return entry


def category_labels(column):
    """{code: label} for a categorical game column ({} when its values are shown as they are)."""
    for entry in REGISTRY.values():
        if column in entry.categories:
            return entry.categories[column]
    return {}


def outcome_words(group, outcome):
    """How a sentence names an outcome of a variant's group ("the Sheriff's wins"); any other as it is."""
    for entry in REGISTRY.values():
        if group in entry.outcome_words:
            return entry.outcome_words[group].get(outcome, outcome)
    return outcome


def flows_off(variant_names):
    """Flow suffixes (`gain_x`, `spend_x`) of the variants not among `variant_names` (the variants
    switched on in some run): in those results they can only be 0, written by a rule that is off."""
    on = set(variant_names)
    return {c for entry in REGISTRY.values() if entry.name not in on for c in entry.flow_columns}


def sweep_defaults(variant_names):
    """The default grid of the first variant (in scenario order) that has one, or {}."""
    for name in variant_names:
        if name in REGISTRY and REGISTRY[name].sweep:
            return dict(REGISTRY[name].sweep)
    return {}


ALL_NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]

register(VariantReport(
    name="grundbesitz",
    title="Grundbesitz (land ownership and blockade markers)",
    # RULES.md §1 records (issue 3): GBs bought/owned, markers placed by kind and
    # received, removals, knights spent, defences.  gain_/spend_grundbesitz are flows.
    seat_columns=("gb_bought", "gb_owned", "gb_markers_response", "gb_markers_knight", "gb_markers_robber",
                  "gb_markers_strike", "gb_markers_received", "gb_removed_free", "gb_removed_knight",
                  "gb_knights_block", "gb_knights_remove", "gb_knights_defence", "gb_defences"),
    flow_columns=("gain_grundbesitz", "spend_grundbesitz"),
    sweep={"variants.grundbesitz.allowed_numbers": [ALL_NUMBERS, [2, 3, 11, 12], [4, 5, 6, 8, 9, 10], [5, 6, 8, 9]],
           "variants.grundbesitz.markers_per_block": [1, 2, 3]},
    charts=(vc.grundbesitz_income, vc.grundbesitz_markers),
    board_layers=(vc.grundbesitz_layer,),
    about="Income from Grundbesitz yields as a share of all resources gained, and blockade markers per player "
          "and game.",
))

ROBIN_COUNTS = ("vp_sheriff", "vp_neutral", "sevens_sheriff", "sevens_neutral", "relocations", "stolen", "draws",
                "extra_draws", "moves", "stays", "road_blocks", "camp_returns", "evictions")

register(VariantReport(
    name="robin_hood",
    title="Robin Hood (the Sheriff against the automaton)",
    # RULES.md §3 records (issue 4, simcore/records.py ROBIN_COLUMNS): game columns robin_<name>,
    # -1 in games of other modes; codes as in simcore/robin_board.py (SIDE_NAMES, ENDING_NAMES).
    game_columns=("robin_winner", "robin_ending", "robin_vp", "robin_sheriff_vp",
                  *(f"robin_{c}" for c in ROBIN_COUNTS)),
    categories={"robin_winner": {"0": "draw", "1": "sheriff", "2": "robin"},
                "robin_ending": {"0": "none", "1": "robin_target", "2": "sheriff_target", "3": "enclosure",
                                 "4": "max_turns"}},
    outcome_words=vw.ROBIN_OUTCOME_WORDS,
    sweep={"variants.robin_hood.neutral_settlements": [3, 5, 7],
           "variants.robin_hood.deck.knight": [1, 2, 3]},
    charts=(vc.robin_endings, vc.robin_vp),
    says=(vw.robin_hood,),
    solo_win=("robin_winner", "sheriff"),
    board_layers=(vc.robin_layer,),
    about="Who wins (the Sheriff, Robin, or a draw), how games end (Robin at his target, the Sheriff at his, "
          "enclosure, turn limit), both sides' VP and what Robin did.",
))
