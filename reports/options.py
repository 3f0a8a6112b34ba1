"""Which options of a rule set the games used: the run summary's line "options never used in N
games: ..." per rule set in force (issue 30: a rule no bot uses cannot be balanced here).

A variant declares its options (simcore.engine.variant.Variant.options): every choice its rules
give a player, each with what counts its use, read from games.csv:

    options=(("buy a Grundbesitz", ("gb_bought",)),                  # a seat column, summed over the seats
             ("enclose Robin", ("robin_ending=3",)),                  # games whose column holds that value
             ("Geselle moved", ("aut_geselle_moved",), {"substrate": "ck"}),   # only where that rule is in force
             ("enclose Robin", ("robin_ending=3",), {"enclosure": ("hex", "all_edges")}),   # one of these values
    )

`OptionTally` counts them chunk by chunk beside reports.summary.Tally; its result is summary.json's
"options" entry; `lines` words it.  Nothing here names a variant.
"""
import numpy as np

from reports.variants import declared
from simcore.engine import records

OPTIONS_KEY = "options"


def _seat_column(name):
    return name in records.SEAT_COLUMNS


def _split(spec):
    """'column=value' -> (column, value); 'column' -> (column, None)."""
    column, _, value = spec.partition("=")
    return column, (int(value) if value else None)


def _holds(value, wanted):
    """A rule's value against a `when` entry: that value, or one of a tuple of values."""
    return value in wanted if isinstance(wanted, tuple) else value == wanted


def in_force(scenario):
    """(variant name, [(option, counts)]) of each variant the scenario plays that declares options, the
    options whose `when` rules hold."""
    out = []
    for name, rules in scenario.rules.variants.items():
        v = declared.REGISTRY.get(name)
        if v is None or not v.options:
            continue
        chosen = []
        for option, counts, *when in v.options:
            need = when[0] if when else {}
            if all(_holds(getattr(rules, key, None), value) for key, value in need.items()):
                chosen.append((option, tuple(counts)))
        out.append((name, chosen))
    return out


class OptionTally:
    """Uses of every option in force, summed over games (merge: a worker's chunk)."""

    def __init__(self, scenario):
        self.players = scenario.players
        self.variants = in_force(scenario)
        self.games = 0
        self.uses = {name: {option: 0 for option, _ in options} for name, options in self.variants}

    def columns(self):
        cols = []
        for _, options in self.variants:
            for _, counts in options:
                for spec in counts:
                    column, _ = _split(spec)
                    cols += ([f"seat{k}_{column}" for k in range(self.players)] if _seat_column(column)
                             else [column])
        return list(dict.fromkeys(cols))

    def _count(self, df, spec):
        column, value = _split(spec)
        names = [f"seat{k}_{column}" for k in range(self.players)] if _seat_column(column) else [column]
        if any(c not in df.columns for c in names):
            return 0
        values = df[names].to_numpy(dtype=np.int64)
        if value is not None:
            return int((values == value).sum())
        return int(np.clip(values, 0, None).sum())    # -1: a seat or mode that did not play

    def add(self, df):
        self.games += len(df)
        for name, options in self.variants:
            for option, counts in options:
                self.uses[name][option] += sum(self._count(df, spec) for spec in counts)
        return self

    def merge(self, other):
        self.games += other.games
        for name, uses in other.uses.items():
            for option, n in uses.items():
                self.uses[name][option] += n
        return self

    def result(self):
        """{variant: {"games": N, "uses": {option: count}, "never": [options with no use]}}."""
        return {name: {"games": self.games, "uses": dict(uses), "never": [o for o, n in uses.items() if n == 0]}
                for name, uses in self.uses.items()}


def title(name):
    v = declared.REGISTRY.get(name)
    return v.title.split(" (")[0] if v is not None and v.title else name


def line(name, entry):
    """One rule set's line: the options no game used, or that every option was used."""
    n = f"{entry['games']:,}"
    if entry["never"]:
        return f"{title(name)}: options never used in {n} games: {', '.join(entry['never'])}"
    return f"{title(name)}: every option used at least once in {n} games"


def lines(summary):
    """The lines of a summary (summary.json); [] for results written before options were counted."""
    return [line(name, entry) for name, entry in (summary.get(OPTIONS_KEY) or {}).items()]
