"""How the game plays (docs/reports.md, How the game plays): the length of the games, the lead, the
comebacks and the decisive turn, per setting, from the game columns the kernel records
(simcore.engine.feel; reports.load keeps them in RunData.feel).

    per_game(run)    measure -> per-game values (NaN where undefined); MEASURES says "mean" or "rate"
    table(study)     per setting and measure: the mean with its normal 95% interval, or the share of the
                     games with a winner with its Wilson interval, and the games it rests on
    says(...)        the section's sentences;  Tally: summary.json's `how_the_game_plays`, chunk by chunk
Each setting against the baseline (reports.tables.differences): the TESTED measures only, in the family
of the other outcomes' differences (one correction over both tables); the others are shown with
intervals and no test.
"""
import numpy as np
import pandas as pd

from reports import budget, fmt
from reports.rates import mean_ci, wilson
from simcore.engine.records import FEEL_COLUMNS

# measure -> (kind, words); the decisive share is decisive_turn / turns
MEASURES = {
    "turns": ("mean", "player-turns"),
    "lead_changes": ("mean", "lead changes"),
    "largest_lead": ("mean", "largest lead (VP)"),
    "winner_margin": ("mean", "winner's margin (VP)"),
    "decisive_share": ("mean", "decided after (share of the game)"),
    "winner_behind_half": ("rate", "winner behind at half-time"),
    "winner_last_half": ("rate", "winner last at half-time"),
    "winner_behind_3q": ("rate", "winner behind at three quarters"),
    "winner_last_3q": ("rate", "winner last at three quarters"),
}
TESTED = ("turns", "lead_changes", "winner_behind_half", "winner_last_half")
COMEBACKS = ("winner_behind_half", "winner_last_half", "winner_behind_3q", "winner_last_3q")


def words(measure):
    return MEASURES[measure][1]


def per_game(run):
    """measure -> per-game values (float; NaN where the game has none: no winner, one player), for the
    measures the run's file holds (a run written before them has the length only)."""
    out = {"turns": run.turns.astype(np.float64)}
    for name in MEASURES:
        if name in run.feel:
            out[name] = np.asarray(run.feel[name], np.float64)
    if "decisive_turn" in run.feel:
        with np.errstate(invalid="ignore", divide="ignore"):
            out["decisive_share"] = np.asarray(run.feel["decisive_turn"], np.float64) / out["turns"]
    return {name: out[name] for name in MEASURES if name in out and not np.isnan(out[name]).all()}


def rate_outcome(values):
    """(1/0 per game, trials) of a comeback measure: the games it happened in, out of the games with a winner
    (as reports.tables.outcomes gives its outcomes)."""
    return values == 1, int((~np.isnan(values)).sum())


def table(study):
    """One row per setting and measure: `value` (mean or share), `ci_lo`, `ci_hi`, `games` it rests on (the length
    has a table of its own: reports.tables.game_length)."""
    rows = []
    for run in study.runs:
        for name, values in per_game(run).items():
            if name == "turns":
                continue
            ok = values[~np.isnan(values)]
            if MEASURES[name][0] == "rate":
                count = int(ok.sum())
                lo, hi = wilson(count, len(ok))
                value = count / len(ok)
            else:
                value, lo, hi = mean_ci(float(ok.sum()), float((ok ** 2).sum()), len(ok))
            rows.append({"setting": run.label, "measure": name, "label": words(name), "kind": MEASURES[name][0],
                         "games": len(ok), "value": value, "ci_lo": lo, "ci_hi": hi})
    return pd.DataFrame(rows)



def _value(row):
    if row["kind"] == "rate":
        return f"{fmt.pct(row['value'])} {fmt.interval(row['ci_lo'], row['ci_hi'])}"
    return f"{row['value']:.2f} {fmt.interval(row['ci_lo'], row['ci_hi'], scale=1, digits=2)}"


def _setting_words(sub):
    """One setting's lead, decisive share and comebacks in words (its rows of `table`)."""
    got = {r["measure"]: r for r in sub.to_dict("records")}
    parts = []
    if "lead_changes" in got:
        parts.append(f"the lead changed hands {_value(got['lead_changes'])} times a game")
    if "decisive_share" in got:
        parts.append(f"the winner led alone for good from {fmt.pct(got['decisive_share']['value'], 0)} of the "
                     f"game on (mean)")
    comebacks = [f"{words(n).replace('winner ', '')} {_value(got[n])}" for n in COMEBACKS if n in got]
    if comebacks:
        parts.append("of the games with a winner, the winner was " + ", ".join(comebacks))
    return "; ".join(parts)


def _ranges(f):
    """Several settings: how far apart they lie, from the lowest to the highest (their tables hold the intervals)."""
    parts = []
    for name in ("lead_changes", "winner_last_half", "decisive_share"):
        sub = f[f["measure"] == name]
        if not len(sub):
            continue
        low, high = sub.loc[sub["value"].idxmin()], sub.loc[sub["value"].idxmax()]
        show = (lambda x: fmt.pct(x, 0)) if name == "decisive_share" else \
            (fmt.pct if low["kind"] == "rate" else (lambda x: f"{x:.2f}"))
        parts.append(f"{words(name)}: from {show(low['value'])} ({low['setting']}) to {show(high['value'])} "
                     f"({high['setting']})")
    return "Across the settings, " + "; ".join(parts) + " (each with its 95% interval in the table)."


def _difference_words(r):
    if r.kind == "rate":
        return f"{words(r.measure)} {fmt.pct(r.rate)} vs {fmt.pct(r.baseline_rate)} ({fmt.pp(r.diff)} " \
               f"{fmt.interval(r.diff_lo, r.diff_hi)})"
    return f"{words(r.measure)} {r.diff:+.2f} {fmt.interval(r.diff_lo, r.diff_hi, scale=1, digits=2)} " \
           f"({r.rate:.2f} vs {r.baseline_rate:.2f})"


def says(study, t, correction):
    """The section's sentences: each setting's measures with 95% intervals, and (two or more settings) the
    tested differences against the baseline, corrected with the other outcomes' (`correction`: its name)."""
    f, d = t.get("feel"), t.get("feel_differences")
    if f is None or not len(f):
        return []
    if len(study.runs) == 1:
        text = _setting_words(f)
        return [fmt.capital(text) + ". 95% intervals; one run has no baseline, so no difference is tested."] \
            if text else []
    out = [_ranges(f)]
    if d is None or not len(d):
        return out + ["No measure of how the game plays could be compared with the baseline."]
    sig = d[d["significant"]].sort_values("p_adj")
    head = (f"Against the baseline ({study.base.label}), {len(d)} differences in {', '.join(words(n) for n in TESTED)} "
            f"were tested with the outcomes' differences, {correction}-corrected over both: one family"
            f"{_family(d)}. ")
    if not len(sig):
        return out + [head + "None is significant; the other measures are shown with intervals only."]
    listed = "; ".join(f"{r.setting}: {_difference_words(r)}, corrected {fmt.p_phrase(r.p_adj)}"
                       for r in sig.head(8).itertuples())
    more = f" (and {len(sig) - 8} more, see the table)" if len(sig) > 8 else ""
    return out + [head + f"{len(sig)} significant: {listed}{more}. The other measures are shown with intervals "
                         "only."]


def _family(d):
    """' (family-wise error 1.7%, 1.7% of the report's 5%)' of the differences' family (reports.tables.differences)."""
    if "alpha" not in d or not len(d):
        return ""
    alpha = float(d["alpha"].iloc[0])
    return f" ({budget.error_words(alpha)})"


class Tally:
    """The measures' running sums over chunks of games (reports.summary.Tally): summary.json's
    `how_the_game_plays`, memory flat in the number of games."""

    SUMMED = [name for name in MEASURES if name != "turns"]   # the length: reports.summary's histogram

    def __init__(self):
        self.sums = np.zeros((len(self.SUMMED), 3))   # per measure: games with a value, sum, sum of squares

    @staticmethod
    def columns():
        return ["turns", *FEEL_COLUMNS]

    def add(self, df):
        if not set(FEEL_COLUMNS) <= set(df.columns):   # a frame without them (e.g. a hand-made one)
            return self
        values = {c: df[c].to_numpy(np.float64) for c in FEEL_COLUMNS}
        values = {c: np.where(v < 0, np.nan, v) for c, v in values.items()}
        with np.errstate(invalid="ignore", divide="ignore"):
            values["decisive_share"] = values["decisive_turn"] / df["turns"].to_numpy(np.float64)
        for j, name in enumerate(self.SUMMED):
            ok = values[name][~np.isnan(values[name])]
            self.sums[j] += (len(ok), ok.sum(), (ok ** 2).sum())
        return self

    def merge(self, other):
        self.sums += other.sums
        return self

    def result(self):
        """measure -> its games and mean (a share for the comebacks: of the games with a winner) with the 95%
        interval (normal for a mean, Wilson for a share); measures no game had are left out."""
        out = {}
        for (n, total, total_sq), name in zip(self.sums, self.SUMMED):
            if not n:
                continue
            if MEASURES[name][0] == "rate":
                lo, hi = wilson(int(total), int(n))
                out[name] = {"games": int(n), "count": int(total), "share": round(total / n, 6),
                             "interval95": [round(lo, 6), round(hi, 6)]}
            else:
                mean, lo, hi = mean_ci(total, total_sq, int(n))
                out[name] = {"games": int(n), "mean": round(mean, 4), "interval95": [round(lo, 4), round(hi, 4)]}
        return out
