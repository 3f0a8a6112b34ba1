"""How a house-rule variant plugs into sweeps and reports.

A variant's declaration (simcore.engine.variant.Variant) names its reports-side module
(`report`, e.g. reports/variants/grundbesitz.py: all of the variant's report code), whose
`ENTRY` is a `VariantReport`;
REGISTRY holds the entries of the declared variants, keyed by the variant's scenario
table name (`[variants.<name>]`).  An entry says:

- `seat_columns` / `game_columns`: its own games.csv columns (`seatK_<suffix>` /
  game-level); left empty, they are the declaration's (seat columns other than the
  flows, and the game columns with their prefix).  Resource flows need no entry to be shown: every `seatK_gain_*` and
  `seatK_spend_*` column is a source or a use in the flow charts by itself.
  Seat columns listed here are averaged per player and game ("counters").
- `flow_columns`: its own flow suffixes (`gain_*` / `spend_*`); the flow tables leave
  them out where they are 0 because the variant is off in every run (`flows_off`).
- `categories`: game-level columns whose values are outcomes to count per
  setting (share with interval, compared between settings), with labels for
  their codes as written in games.csv ("1": "sheriff").
- `outcome_words`: {categories column: {label: words}}, how sentences name those
  outcomes ("the Sheriff's wins" for robin_winner "sheriff"), see `outcome_words`.
- `charts`: functions (study, tables) -> [Chart] drawn in its report section.
- `says`: functions (study, tables) -> str, its findings in plain words for the
  report's "What this says" and the terminal.
- `question`: (study, margin, alpha) -> the verdict of the variant's own question about one
  policy (reports.question), e.g. "is the autarkist level with the other styles?", at alpha (its
  share of the report's 5%, reports.budget):
  the report's Answer, verdicts.json's `questions`; None where the study has nothing to ask.
- `setting_words`: {rule parameter: value -> words}, how the report pages name a setting of a sweep
  ("markers_per_block": 2 -> "2 markers per block"); others read "NAME VALUE" (reports.labels).
- `solo_win`: (categories column, label) of the outcome that is the one player's
  win in a solo mode, drawn with the policies in the differences chart.
- `solo_player`: how the reports name the one player of a solo mode ("the Sheriff").
- `stats`: its statistics for `tune --objective target:STAT=VALUE`, name -> (function
  (games DataFrame, players) -> one value per game, unit "%" or "", words), see tune_stats.
- `board_layers`: functions (ax, board, events) drawing its pieces on the
  replay picture (`catan-balance replay --png`); `board_outcome`: events -> (who won in
  words, what the turns are called) for the picture's title, None where its mode did not play.
- `page_events`: (state, event) -> None, reads its own events into the replay page's state
  (reports.replay_state: its pieces, VP, seat counts and notes); `event_words`: {event type:
  format text} its events in words on that page (reports.replay_words); `page_legend`: {piece
  kind: words}, what its pieces look like there.
- `source_colours`: {flow source: colour} of its own sources in the flow charts.
- `word`: how its name reads inside a column's label ("gain: Grundbesitz"); default its name.
- `column_names`: {seat column suffix: table header}, e.g. "gb_markers_response": "markers:
  response" (others are shown as their code with spaces).
- `averages`: (label, seat columns summed) shown per scenario seat as per-game averages
  in the run's summary (e.g. "GB bought").
- `ladder_stats`: (label, "seat" | "game", columns) its play statistics per player in a ladder
  (`catan-balance ladder`, reports.ladder): "seat" sums the player's own seat columns (suffixes),
  "game" the game's columns over the games the player sat in; per seat-game played.
- `tally` / `format_summary`: its own counts in the run's summary (its result under
  the variant's name) and the terminal text of a run of it (a solo mode's).

An entry lights up only where its columns exist in the results and hold
something (not all 0 or -1, the value columns of other modes hold): results of
other versions or of the base game show nothing of it.
"""
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

import simcore.variants  # noqa: F401  the shipped variants' declarations
from simcore.engine import variant as declared


@dataclass(frozen=True)
class VariantReport:
    name: str
    title: str
    seat_columns: tuple = ()
    game_columns: tuple = ()
    flow_columns: tuple = ()                        # seat flow suffixes, e.g. ("gain_grundbesitz", ...)
    categories: dict = field(default_factory=dict)  # game column -> {code: label} ({} = values as they are)
    outcome_words: dict = field(default_factory=dict)  # game column -> {label: words in a sentence}
    charts: tuple = ()
    says: tuple = ()
    question: Optional[Callable] = None            # (study, margin, alpha) -> reports.question verdict or None
    setting_words: dict = field(default_factory=dict)  # rule parameter -> (value -> words on the report pages)
    solo_win: tuple = ()                            # (column, label), e.g. ("robin_winner", "sheriff")
    solo_player: str = ""                           # the one player of its solo mode, e.g. "the Sheriff"
    stats: dict = field(default_factory=dict)       # tune's target:STAT: name -> (per-game values, unit, words)
    board_layers: tuple = ()
    board_outcome: Optional[Callable] = None        # events -> (outcome words, turns word) or None
    page_events: Optional[Callable] = None          # (reports.replay_state.PageState, event) -> None
    event_words: dict = field(default_factory=dict)  # event type -> words on the replay page (format text)
    page_legend: dict = field(default_factory=dict)  # piece kind -> how the replay page draws it, in words
    source_colours: dict = field(default_factory=dict)   # flow source -> colour
    word: str = ""                                  # its name inside a column label, e.g. "Grundbesitz"
    about: str = ""
    column_names: dict = field(default_factory=dict)  # seat column suffix -> table header
    averages: tuple = ()                            # (label, (seat column suffixes summed)): summary averages
    ladder_stats: tuple = ()                        # (label, "seat" | "game", (columns)): a ladder's per player
    tally: Optional[Callable] = None                # scenario -> its own counts (columns, add(df), result())
    format_summary: Optional[Callable] = None       # summary -> the terminal's text, instead of the base game's

    def columns_in(self, header):
        """This variant's columns found in a games.csv header (seat ones by suffix)."""
        suffixes = {c.split("_", 1)[1] for c in header if c.startswith("seat0_")}
        return ([c for c in self.seat_columns if c in suffixes], [c for c in self.game_columns if c in header])


def _entry(v):
    """The report entry of declaration `v`, its columns filled in from the declaration."""
    entry = getattr(importlib.import_module(v.report), "ENTRY", None) if v.report else None
    entry = entry or VariantReport(v.name, v.title or v.name)
    flows = tuple(c for c, _ in v.seat_columns if c.startswith(("gain_", "spend_")))
    return replace(entry,
                   seat_columns=entry.seat_columns or tuple(c for c, _ in v.seat_columns if c not in flows),
                   flow_columns=entry.flow_columns or flows,
                   game_columns=entry.game_columns or tuple(v.game_prefix + c for c, _ in v.game_columns))


class _Entries(Mapping):
    """The entries of every declared variant, in registration order (built on first use
    after each registration)."""
    def __init__(self):
        self._made = {}

    def _all(self):
        if self._made.keys() != declared.REGISTRY.keys():   # (a set comparison in C: asked per replayed event)
            self._made = {name: _entry(v) for name, v in declared.REGISTRY.items()}
        return self._made

    def __getitem__(self, name):
        return self._all()[name]

    def __iter__(self):
        return iter(self._all())

    def __len__(self):
        return len(self._all())


REGISTRY = _Entries()


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


def solo_player():
    """How the reports name the one player of a solo run: the words of the entry that declares
    them (the Robin Hood mode's "the Sheriff"), "the solo player" where none does."""
    return next((e.solo_player for e in REGISTRY.values() if e.solo_player), "the solo player")


def stat_owner(name):
    """The entry whose variant declares tune statistic `name` (None: the base game's)."""
    return next((e for e in REGISTRY.values() if name in e.stats), None)


def tune_stats():
    """The variants' statistics for tune's `target:STAT=VALUE`: name -> (function, unit, words)."""
    out = {}
    for entry in REGISTRY.values():
        for name, stat in entry.stats.items():
            if name in out:
                raise ValueError(f"tune statistic {name!r} declared by two report entries")
            out[name] = stat
    return out


def source_colour(source):
    """The colour a variant's entry gives its flow source, None where none does."""
    return next((e.source_colours[source] for e in REGISTRY.values() if source in e.source_colours), None)


def board_outcome(events):
    """(outcome words, turns word) of a replayed game by the entry of the mode that played it, or None."""
    for entry in REGISTRY.values():
        said = entry.board_outcome(events) if entry.board_outcome else None
        if said is not None:
            return said
    return None
