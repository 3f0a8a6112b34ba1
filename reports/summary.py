"""Win rates with Wilson intervals, turn statistics, and the terminal table.

`Tally` accumulates games chunk by chunk (memory flat in the number of games);
`summarize(df, scenario)` is the one-shot form over a DataFrame of games.csv
or of kernel records.  The dict it returns is what summary.json holds.
"""
import dataclasses

import numpy as np

from reports import feel
from reports.fmt import format_columns, pct, seat_label
from simcore.run.styles import policy_name
from reports.options import OPTIONS_KEY, OptionTally, lines as option_lines
from reports.rates import Z95, rate, wilson  # noqa: F401 (wilson, Z95: read from here too)
from reports.variants import REGISTRY

# Per-game averages shown per scenario seat: (label, seat columns summed).  Every
# run shows BASE_AVERAGES; a variant that is on adds its report entry's `averages`.
BASE_AVERAGES = [
    ("VP", ("vp",)),
    ("cards from dice", ("gain_dice",)),
]


def averages_for(scenario):
    out = list(BASE_AVERAGES)
    for name in scenario.rules.variants:
        if name in REGISTRY:
            out += list(REGISTRY[name].averages)
    return out


class Tally:
    """Running counts over games; feed DataFrames with the `columns()`."""

    def __init__(self, scenario):
        self.scenario = scenario
        players, specs = scenario.players, len(scenario.seats)
        self.games = 0
        self.seat_wins = np.zeros(players, dtype=np.int64)  # by table position
        self.spec_wins = np.zeros(specs, dtype=np.int64)    # by scenario seat
        self.spec_games = np.zeros(specs, dtype=np.int64)   # seat-games played by each scenario seat
        self.turns = np.zeros(0, dtype=np.int64)            # histogram: turns -> games
        # a variant's own counts (its report entry's `tally`, e.g. the Robin Hood mode's)
        self.own = {name: REGISTRY[name].tally(scenario) for name in scenario.rules.variants
                    if name in REGISTRY and REGISTRY[name].tally is not None}
        self.options = OptionTally(scenario)        # the rule sets' options and their uses (reports.options)
        self.averages = averages_for(scenario)
        self.spec_sums = np.zeros((specs, len(self.averages)))  # by scenario seat
        self.feel = feel.Tally()                            # how the game plays (reports.feel)

    def columns(self):
        """The games.csv columns the tally reads."""
        players = self.scenario.players
        cols = ["winner_seat", "turns"] + [f"seat{k}_spec" for k in range(players)]
        avg = [f"seat{k}_{c}" for _, columns in self.averages for c in columns for k in range(players)]
        own = [c for own in self.own.values() for c in own.columns]
        return list(dict.fromkeys(cols + avg + own + self.options.columns() + self.feel.columns()))   # each once

    def add(self, df):
        players, specs = self.scenario.players, len(self.scenario.seats)
        winner = df["winner_seat"].to_numpy(dtype=np.int64)
        spec = df[[f"seat{k}_spec" for k in range(players)]].to_numpy(dtype=np.int64)
        won = winner >= 0
        self.games += len(df)
        self.seat_wins += np.bincount(winner[won], minlength=players)[:players]
        self.spec_wins += np.bincount(spec[won, winner[won]], minlength=specs)[:specs]
        self.spec_games += np.bincount(spec.ravel(), minlength=specs)[:specs]
        for own in self.own.values():
            own.add(df)
        self.options.add(df)
        self.feel.add(df)
        for j, (_, columns) in enumerate(self.averages):
            if any(f"seat0_{c}" not in df.columns for c in columns):
                continue  # a frame without these record columns (e.g. a hand-made one)
            for seat in range(players):
                values = sum(df[f"seat{seat}_{c}"].to_numpy(dtype=np.float64) for c in columns)
                self.spec_sums[:, j] += np.bincount(spec[:, seat], weights=values, minlength=specs)[:specs]
        hist = np.bincount(df["turns"].to_numpy(dtype=np.int64))
        size = max(len(hist), len(self.turns))
        self.turns = np.pad(self.turns, (0, size - len(self.turns))) + np.pad(hist, (0, size - len(hist)))
        return self

    def merge(self, other):
        """Add the counts of another Tally of the same scenario (a worker's chunk)."""
        self.games += other.games
        for name in ("seat_wins", "spec_wins", "spec_games", "spec_sums"):
            getattr(self, name).__iadd__(getattr(other, name))
        size = max(len(other.turns), len(self.turns))
        self.turns = np.pad(self.turns, (0, size - len(self.turns))) + np.pad(other.turns, (0, size - len(other.turns)))
        for name, own in self.own.items():
            own.merge(other.own[name])
        self.options.merge(other.options)
        self.feel.merge(other.feel)
        return self

    def widest_half_width(self):
        """Half the width of the widest win-rate 95% interval the summary reports (seats, policies,
        scenario seats, a variant's own rates): what `--until-ci` (simcore.run.adaptive) narrows."""
        found = []

        def walk(node):
            if isinstance(node, dict):
                if "ci95" in node:
                    found.append((node["ci95"][1] - node["ci95"][0]) / 2)
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)
        walk(self.result())
        return max(found, default=0.0)

    def _median_turns(self):
        cum = np.cumsum(self.turns)
        lo, hi = (self.games - 1) // 2, self.games // 2  # the middle game(s), 0-based
        return (np.searchsorted(cum, lo, side="right") + np.searchsorted(cum, hi, side="right")) / 2

    def _turns_at(self, share):
        """The fewest player-turns that at least `share` of the games did not exceed (a length some game had)."""
        return int(np.searchsorted(np.cumsum(self.turns), share * self.games - 1e-9))

    def _how_the_game_plays(self):
        """summary.json's `how_the_game_plays`: the length's spread (whole turns) and the measures of reports.feel."""
        n = self.games
        length = {"mean": round(float(np.arange(len(self.turns)) @ self.turns) / n, 3),
                  "median": float(self._median_turns()),
                  **{name: self._turns_at(q) for name, q in (("p5", 0.05), ("q25", 0.25), ("q75", 0.75),
                                                               ("p95", 0.95))},
                  "max": int(len(self.turns) - 1)}
        return {"turns": length, **self.feel.result()}

    def result(self):
        s, n = self.scenario, self.games
        wins = int(self.seat_wins.sum())
        by_policy = {}
        for i, seat in enumerate(s.seats):   # a styled strong seat by its style (simcore.run.styles)
            name = policy_name(seat.policy, seat.search)
            seats_played, policy_wins = by_policy.get(name, (0, 0))
            by_policy[name] = (seats_played + int(self.spec_games[i]), policy_wins + int(self.spec_wins[i]))
        out = {
            "scenario": s.name,
            "description": s.description,
            "source": str(s.source) if s.source else None,
            "seed": s.seed,
            "players": s.players,
            "rotate_seats": s.rotate_seats,
            "rules": dataclasses.asdict(s.rules),
            "games": n,
            "no_winner": {"games": n - wins, "share": round((n - wins) / n, 6) if n else 0.0},
            "turns": {"mean": round(float(np.arange(len(self.turns)) @ self.turns) / n, 3) if n else 0.0,
                      "median": float(self._median_turns()) if n else 0.0},
            "seats": [{"seat": k, "games": n, **rate(self.seat_wins[k], n)} for k in range(s.players)],
            "policies": [{"policy": p, "seats_played": played, **rate(w, played)}
                         for p, (played, w) in by_policy.items()],
            "specs": [{"spec": i, "policy": seat.policy, "weights": dict(seat.weights), "label": seat_label(seat),
                       "games": int(self.spec_games[i]), **rate(self.spec_wins[i], int(self.spec_games[i])),
                       "per_game": {label: round(self.spec_sums[i, j] / self.spec_games[i], 4) if self.spec_games[i]
                                    else 0.0 for j, (label, _) in enumerate(self.averages)}}
                      for i, seat in enumerate(s.seats)],
        }
        if n:
            out["how_the_game_plays"] = self._how_the_game_plays()
        for name, own in self.own.items():
            out[name] = own.result()
        if self.options.variants:
            out[OPTIONS_KEY] = self.options.result()
        return out


def summarize(df, scenario):
    """The summary dict of the games in `df` (columns as in games.csv)."""
    return Tally(scenario).add(df).result()


# --- terminal table ---

def _rate_cells(entry):
    lo, hi = entry["ci95"]
    return [entry["wins"], pct(entry["win_rate"]), f"{pct(lo)}-{pct(hi)}"]


def format_table(summary):
    """The summary as plain text for the terminal, closing with the rule sets' unused options."""
    options = option_lines(summary)
    return "\n".join([_table_text(summary)] + ([""] + options if options else []))


def _table_text(summary):
    for name, entry in REGISTRY.items():
        if name in summary and entry.format_summary is not None:   # a variant's own summary (a solo mode)
            return entry.format_summary(summary)
    n = summary["games"]
    rotate = "seats rotate" if summary["rotate_seats"] else "fixed seats"
    out = [f"{summary['scenario']}: {n} games, {summary['players']} players, seed {summary['seed']}, {rotate}",
           f"no winner: {summary['no_winner']['games']} games ({pct(summary['no_winner']['share'])}); "
           f"turns per game: mean {summary['turns']['mean']:.1f}, median {summary['turns']['median']:g}",
           "",
           format_columns(["seat", "games", "wins", "win rate", "95% CI"],
                  [[f"seat {e['seat']}", e["games"], *_rate_cells(e)] for e in summary["seats"]]),
           "",
           format_columns(["policy", "seats", "wins", "win rate", "95% CI"],
                  [[e["policy"], e["seats_played"], *_rate_cells(e)] for e in summary["policies"]])]
    if any(e["weights"] for e in summary["specs"]):  # names alone hide weight overrides
        out += ["", format_columns(["scenario seat", "games", "wins", "win rate", "95% CI"],
                           [[f"{e['spec']}: {e['label']}", e["games"], *_rate_cells(e)] for e in summary["specs"]])]
    labels = list(summary["specs"][0].get("per_game", {})) if summary["specs"] else []
    if labels:
        out += ["", f"per game ({n} games each):",
                format_columns(["scenario seat"] + labels,
                               [[f"{e['spec']}: {e['label']}"] + [f"{e['per_game'][k]:.2f}" for k in labels]
                                for e in summary["specs"]])]
    return "\n".join(out)
