"""'What this says': each chart's finding in plain words, from the report's tables.

Every sentence names the games its numbers rest on and says "significant" only
for tests that stay below 0.05 after the study's correction (Holm or BH).
"""
from collections import Counter

import numpy as np
import pandas as pd

from reports import fmt
from reports.tables import ALPHA
from reports.variant_words import SOLO_PLAYER
from reports.variants import outcome_words

ORDINAL = {0: "first", 1: "second", 2: "third", 3: "fourth"}


def _some(names, most=5):
    """'a; b; c' or 'a; b; c; d; e and 7 more'."""
    names = list(names)
    shown = "; ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def _corr(study):
    return {"holm": "Holm", "bh": "Benjamini-Hochberg"}[study.correction]


def _seat(k):
    return f"seat {k} ({ORDINAL.get(k, str(k + 1) + 'th')} to move)"


def seats(study, t):
    """One run (or a few side by side): who wins by table position, and is that noise?"""
    out = []
    fair = t["fairness"]
    for i, run in enumerate(study.runs):
        rows = t["win_rates"]
        rows = rows[(rows["setting"] == run.label) & (rows["group"] == "seat")]
        if not len(rows) or run.players < 2:
            continue
        best, worst = rows.loc[rows["rate"].idxmax()], rows.loc[rows["rate"].idxmin()]
        f = fair[fair["setting"] == run.label].iloc[0]
        prefix = f"{run.label}: " if len(study.runs) > 1 else ""
        equal = (1 - (run.winner_seat < 0).mean()) / run.players
        verdict = ("the seats are not equally strong" if f["p_adj"] < ALPHA else
                   "no evidence that the seats differ (the gap is within dice noise)")
        out.append(
            f"{prefix}Over {fmt.count(run.games)} games, {_seat(int(best['outcome'].split()[-1]))} won most often, "
            f"{fmt.rate(best['rate'], best['ci_lo'], best['ci_hi'])}, and {_seat(int(worst['outcome'].split()[-1]))} "
            f"least, {fmt.rate(worst['rate'], worst['ci_lo'], worst['ci_hi'])}; equal seats would each win "
            f"{fmt.pct(equal)}. The chi-square test of equal seat win rates gives {fmt.p_phrase(f['p'])}: {verdict}. "
            f"The spread is {fmt.pp(f['spread'], sign=False)} {fmt.interval(f['spread_lo'], f['spread_hi'])}; "
            f"dice noise alone would give about {fmt.pp(f['noise_spread'], sign=False)} with this many games.")
    return " ".join(out)


def policies(study, t):
    """Win rate by policy: each policy of one run; over several settings a summary (see _policies_over)."""
    rows = t["win_rates"]
    rows = rows[rows["group"] == "policy"]
    ranked = {}  # setting -> its policy rows, best first (settings with two or more policies)
    for run in study.runs:
        sub = rows[rows["setting"] == run.label].sort_values("rate", ascending=False, kind="stable")
        if len(sub) >= 2:
            ranked[run.label] = sub
    if not ranked:
        return ""
    what = f"{fmt.capital(SOLO_PLAYER)}'s win rate by policy" if study.solo else "Win rate per seat played"
    played = "games" if study.solo else "seat-games"
    if len(ranked) > 1:
        return _policies_over(ranked, len(study.runs), what, played)
    (label, sub), = ranked.items()
    prefix = f"{label}: " if len(study.runs) > 1 else ""
    parts = [f"{r.outcome} {fmt.rate(r.rate, r.ci_lo, r.ci_hi)} ({fmt.count(r.trials)} {played})"
             for r in sub.itertuples()]
    return (f"{prefix}{what}: {'; '.join(parts)}. A policy is stronger than another where their intervals "
            "do not overlap.")


def _policies_over(ranked, settings, what, played, most=3):
    """Several settings: the policy ahead most often with its range over the settings, the others' ranges,
    and only the settings where the policies rank otherwise (with their intervals), at most `most` of them."""
    leads = Counter(sub["outcome"].iloc[0] for sub in ranked.values())
    every = pd.concat(ranked.values())
    mean_rate = every.groupby("outcome", sort=False)["rate"].mean()
    order = sorted(mean_rate.index, key=lambda p: (-leads[p], -mean_rate[p]))
    low, high = every.groupby("outcome")["rate"].min(), every.groupby("outcome")["rate"].max()
    ranges = {p: fmt.span(low[p], high[p]) for p in order}
    trials = every[every["outcome"] == order[0]]["trials"]
    counts = fmt.span(trials.min(), trials.max(), fmt.count)
    over = f"the {len(ranked)} settings with two or more policies" if len(ranked) < settings else \
        f"{len(ranked)} settings"
    best = order[0]
    text = (f"{what} over {over}: {best} is ahead in {leads[best]} of them, with {ranges[best]} "
            f"({counts} {played} per setting); " + ", ".join(f"{p} {ranges[p]}" for p in order[1:]) + ".")
    changed = [(label, sub) for label, sub in ranked.items()
               if list(sub["outcome"]) != [p for p in order if p in set(sub["outcome"])]]
    if not changed:
        return text + " The policies rank in this order in every setting."
    shown = [f"{label}: " + ", ".join(f"{r.outcome} {fmt.rate(r.rate, r.ci_lo, r.ci_hi)}" for r in sub.itertuples())
             for label, sub in changed[:most]]
    more = f" and {len(changed) - most} more (see the table)" if len(changed) > most else ""
    return (text + f" They rank otherwise in {len(changed)} of {len(ranked)}: " + "; ".join(shown) + more +
            ". Where intervals overlap, the order is not sure.")


def fairness(study, t):
    """Sweeps and comparisons: which setting is fairest, and how sure is that?"""
    f = t["fairness"]
    if len(f) < 2:
        return ""
    best, worst = f.loc[f["spread"].idxmin()], f.loc[f["spread"].idxmax()]
    differ = f[f["p_adj"] < ALPHA]
    text = [f"Fairest setting: {best['setting']}, where seat win rates spread over "
            f"{fmt.pp(best['spread'], sign=False)} {fmt.interval(best['spread_lo'], best['spread_hi'])} "
            f"({fmt.count(best['games'])} games; noise alone gives about {fmt.pp(best['noise_spread'], sign=False)}). "
            f"Least fair: {worst['setting']}, {fmt.pp(worst['spread'], sign=False)} "
            f"{fmt.interval(worst['spread_lo'], worst['spread_hi'])}."]
    if len(differ) == len(f):
        text.append(f"In every setting the seats' win rates differ significantly (chi-square, {_corr(study)}-corrected "
                    "p < 0.05): no setting removes the seat advantage.")
    elif len(differ):
        even = f[f["p_adj"] >= ALPHA]
        text.append(f"Seats differ significantly in {len(differ)} of {len(f)} settings ({_corr(study)}-corrected "
                    f"chi-square p < 0.05): {_some(differ['setting'])}. No evidence of a seat advantage in: "
                    f"{_some(even['setting'])}.")
    else:
        text.append(f"In no setting do the seats differ significantly ({_corr(study)}-corrected chi-square).")
    text.append("Whether a setting changes a seat's win rate against the baseline is tested below, game by game.")
    return " ".join(text)


def trend(study, t, group):
    """Sweeps: the largest change of a seat's (or policy's) win rate across settings."""
    rows = t["win_rates"]
    rows = rows[rows["group"] == group]
    if not len(rows) or len(study.runs) < 2:
        return ""
    spans = rows.groupby("outcome")["rate"].agg(lambda r: r.max() - r.min())
    who = spans.idxmax()
    sub = rows[rows["outcome"] == who]
    hi, lo = sub.loc[sub["rate"].idxmax()], sub.loc[sub["rate"].idxmin()]
    name = _seat(int(who.split()[-1])) if group == "seat" else who
    return (f"Largest change across settings: {name} won {fmt.rate(lo['rate'], lo['ci_lo'], lo['ci_hi'])} "
            f"with {lo['setting']} and {fmt.rate(hi['rate'], hi['ci_lo'], hi['ci_hi'])} with {hi['setting']} "
            f"({_played(study, group, lo['trials'], hi['trials'])}). Whether that is beyond noise: see the "
            "differences below.")


def _played(study, group, *trials):
    """What the rates rest on: the games a seat (or a solo policy) played, or a policy's seat-games
    (a policy that alternates with another plays only its share of the setting's games)."""
    unit = "games" if group == "seat" or study.solo else "seat-games"
    counts = [int(n) for n in trials]
    if len(set(counts)) == 1:
        return f"{fmt.count(counts[0])} {unit} each"
    return " and ".join(fmt.count(n) for n in counts) + f" {unit}"


def heatmap(study, t):
    """The two swept rules: where the spread is smallest and largest, and where seats differ."""
    f = t["fairness"]
    if study.kind != "sweep" or len(study.vary) < 2 or len(f) < 2:
        return ""
    best, worst = f.loc[f["spread"].idxmin()], f.loc[f["spread"].idxmax()]
    differ = int((f["p_adj"] < ALPHA).sum())
    low, high = fmt.pp(best["spread"], sign=False), fmt.pp(worst["spread"], sign=False)
    spread = (f"The spread is {low} in every cell" if low == high else
              f"The spread goes from {low} ({best['setting']}) to {high} ({worst['setting']})")
    return f"Darker cells are less fair. {spread}; {differ} of {len(f)} cells carry a * (seats significantly unequal)."


def differences(study, t):
    c = t["comparisons"]
    if not len(c):
        return "Nothing to compare: every outcome is the same in all settings." if len(study.runs) > 1 else ""
    sig = c[c["significant"]].sort_values("p_adj")
    pairing = ("paired game by game (the same seeds in every setting; exact McNemar test)" if c["paired"].all()
               else "partly unpaired (chi-square or Fisher exact test)")
    half = float(np.median((c["diff_hi"] - c["diff_lo"]) / 2))
    head = (f"Each setting against the baseline ({study.base.label}): {len(c)} differences tested, {pairing}, "
            f"{_corr(study)}-corrected. ")
    if not len(sig):
        return head + (f"None is significant. With these game counts a difference must be about "
                       f"±{fmt.pp(half, sign=False)} or larger to show (typical 95% interval half-width).")
    parts = [f"{outcome_words(r.group, r.outcome)} in {r.setting}: {fmt.pp(r.diff)} "
             f"{fmt.interval(r.diff_lo, r.diff_hi)}, corrected {fmt.p_phrase(r.p_adj)}"
             for r in sig.head(8).itertuples()]
    more = f" (and {len(sig) - 8} more, see the table)" if len(sig) > 8 else ""
    return head + f"{len(sig)} significant: " + "; ".join(parts) + more + "."


def flows(study, t):
    f = t["flows"]
    gains = f[(f["kind"] == "gain") & (f["policy"] == "all")]
    if not len(gains):
        return ""
    out = []
    who, per = SOLO_PLAYER if study.solo else "a player", study.per_player
    for run in study.runs[:1] if len(study.runs) == 1 else []:
        sub = gains[gains["setting"] == run.label]
        total = sub["mean"].sum()
        parts = [f"{r.source} {100 * r.mean / total:.0f}%" for r in sub.sort_values("mean", ascending=False).itertuples()
                 if r.mean > 0]
        games = f"{fmt.count(sub['seat_games'].iloc[0])} {study.player_games}"
        out.append(f"{fmt.capital(who)} gains {total:.1f} resource cards per game on average "
                   f"({games}): {', '.join(parts)}.")
    if len(study.runs) > 1:
        totals = gains.groupby("setting", sort=False)["mean"].sum()
        if _cards(totals.min()) == _cards(totals.max()):
            out.append(f"Resources gained {per}: {_cards(totals.min())} in every setting.")
        else:
            out.append(f"Resources gained {per} range from {_cards(totals.min())} ({totals.idxmin()}) to "
                       f"{_cards(totals.max())} ({totals.idxmax()}).")
    spend = f[(f["kind"] == "spend") & (f["policy"] == "all")]
    if len(spend):
        lost = spend[spend["source"].isin(["discards", "stolen"])].groupby("setting", sort=False)["mean"].sum()
        if len(lost):
            out.append(f"Lost to discards and thieves: {fmt.span(lost.min(), lost.max(), _cards)} cards {per}.")
    return " ".join(out)


def _cards(x):
    return fmt.number(x, 1)


def game_length(study, t):
    g = t["game_length"]
    turns = study.turns_name
    if len(g) == 1:
        r = g.iloc[0]
        text = (f"Games last {r['mean']:.1f} {turns} on average (median {r['median']:g}; at least 90% of the "
                f"{fmt.count(r['games'])} games between {fmt.count(r['p5'])} and {fmt.count(r['p95'])} {turns}).")
    else:
        short, long_ = g.loc[g["mean"].idxmin()], g.loc[g["mean"].idxmax()]
        text = (f"Shortest games: {short['setting']}, {short['mean']:.1f} {turns} on average; longest: "
                f"{long_['setting']}, {long_['mean']:.1f} ({fmt.count(short['games'])} games per setting).")
    if "no_winner" not in g:
        return text
    unfinished = g[g["no_winner"] > 0]
    if len(unfinished):
        text += " Games that hit max_turns without a winner: " + ", ".join(
            f"{r.setting} {fmt.count(r.no_winner)}" for r in unfinished.itertuples()) + "."
    return text
