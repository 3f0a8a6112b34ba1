"""'What this says': each chart's finding in plain words, from the report's tables.

Every sentence names the games its numbers rest on and says "significant" only
for tests that stay below 0.05 after the study's correction (Holm or BH).
"""
import dataclasses
from collections import Counter

import numpy as np
import pandas as pd
from scipy import stats as st

from reports import budget, fmt
from reports.study import _flat
from reports.tables import ALPHA
from reports.variants import outcome_words, solo_player
from simcore.run import grid

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
                   f"the seats are not told apart at {fmt.count(run.games)} games (the gap is within dice noise)")
        out.append(
            f"{prefix}Over {fmt.count(run.games)} games, {_seat(int(best['outcome'].split()[-1]))} won most often, "
            f"{fmt.rate(best['rate'], best['ci_lo'], best['ci_hi'])}, and {_seat(int(worst['outcome'].split()[-1]))} "
            f"least, {fmt.rate(worst['rate'], worst['ci_lo'], worst['ci_hi'])}; equal seats would each win "
            f"{fmt.pct(equal)}. The chi-square test of equal seat win rates gives {fmt.p_phrase(f['p'])}{_share(f)}: "
            f"{verdict}. "
            f"{effect_words(f, 'seat')}")
    return " ".join(out)


def effect_words(f, who):
    """'The seat effect (...) is 1.2 pp [0.0, 2.8]' with what the bounds mean."""
    bounds = budget.interval_words(f["bound_level"], f.get("joint_alpha", ALPHA)) + " interval"
    return (f"The {who} effect, corrected for dice noise (how far a {who}'s win rate typically is from the "
            f"average), is {fmt.pp(f['effect'], sign=False)} {fmt.interval(f['effect_lo'], f['effect_hi'])} "
            f"({bounds}); the raw spread between the best and the worst {who} is "
            f"{fmt.pp(f['spread'], sign=False)}, of which dice noise alone gives about "
            f"{fmt.pp(f['noise_spread'], sign=False)}." if "spread" in f else
            f"The {who} effect, corrected for noise, is {fmt.pp(f['effect'], sign=False)} "
            f"{fmt.interval(f['effect_lo'], f['effect_hi'])} ({bounds}).")


def verdict_text(t, measure):
    """The verdict sentence of a measure ('seats' or 'styles'), '' when the study has none."""
    v = t.get("verdicts")
    if v is None or not len(v):
        return ""
    rows = v[v["measure"] == measure]
    return str(rows["text"].iloc[0]) if len(rows) else ""


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
    what = f"{fmt.capital(solo_player())}'s win rate by policy" if study.solo else "Win rate per seat played"
    played = "games" if study.solo else "seat-games"
    if len(ranked) > 1:
        return _policies_over(ranked, len(study.runs), what, played)
    (label, sub), = ranked.items()
    prefix = f"{label}: " if len(study.runs) > 1 else ""
    parts = [f"{r.outcome} {fmt.rate(r.rate, r.ci_lo, r.ci_hi)} ({fmt.count(r.trials)} {played})"
             for r in sub.itertuples()]
    return f"{prefix}{what}: {'; '.join(parts)}. Whether the policies differ: style fairness below."


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
            ". These orders are estimates; which differences are told apart: the style verdict.")


def fairness(study, t):
    """Sweeps and comparisons: which settings are fairest for the seats, as a set, and where seats differ."""
    f = t["fairness"]
    if len(f) < 2:
        return ""
    differ = f[f["p_adj"] < ALPHA]
    text = [verdict_text(t, "seats")]
    alpha = float(f["joint_alpha"].iloc[0]) if "joint_alpha" in f else ALPHA
    family = f"family-wise error {budget.percent(alpha)} over the {len(f)} settings{budget.share_words(alpha)}"
    corrected = f"Bonferroni-corrected chi-square, {family}, the same family as the bounds in the table"
    if len(differ) == len(f):
        text.append(f"In every setting the seats' win rates differ significantly ({corrected}): no setting "
                    "removes the seat advantage.")
    elif len(differ):
        even = f[f["p_adj"] >= ALPHA]
        text.append(f"Seats differ significantly in {len(differ)} of {len(f)} settings ({corrected})" +
                    (f": {_some(differ['setting'], 4)}" if len(differ) <= len(even) else "") +
                    f". Seats not told apart in: {_some(even['setting'], 4)}.")
    else:
        text.append(f"In no setting do the seats differ significantly (Bonferroni-corrected chi-square, {family}).")
    return " ".join(x for x in text if x)


def styles(study, t):
    """Policy parity: the verdict over the settings, or one run's policy effect."""
    f = t.get("style_fairness")
    if f is None or not len(f):
        return ""
    if len(study.runs) > 1 and len(f) > 1:
        return verdict_text(t, "styles")
    row = f.iloc[0]
    played = "game" if study.solo else "seat"
    rates = {c[:-len(" rate")]: row[c] for c in f.columns if c.endswith(" rate") and not pd.isna(row[c])}
    if row["p_adj"] < ALPHA:
        high, low = max(rates, key=rates.get), min(rates, key=rates.get)
        verdict = (f"{high} wins more often per {played} played than {low}" if len(rates) == 2 else
                   f"the policies are not equally strong (highest estimate {high}, lowest {low})")
    else:
        verdict = f"the policies are not told apart at {fmt.count(row['games'])} games"
    return (f"Style fairness: the chi-square test of equal win rates per {played} played gives "
            f"{fmt.p_phrase(row['p'])}{_share(row)}: {verdict}. {effect_words(row, 'policy')}")


def _share(f):
    """' (tested at 2.5%, its share of the report's 5%)' where a single run's test has a share of the budget."""
    alpha = f.get("joint_alpha", ALPHA)
    return f" (tested at {budget.percent(alpha)}, its share of the report's {budget.percent(ALPHA)})" \
        if alpha < ALPHA - 1e-12 else ""


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
    """The two swept rules: where the seat effect is smallest and largest, and where seats differ."""
    f = t["fairness"]
    if study.kind != "sweep" or len(study.vary) < 2 or len(f) < 2:
        return ""
    best, worst = f.loc[f["effect_sq"].idxmin()], f.loc[f["effect_sq"].idxmax()]
    differ = int((f["p_adj"] < ALPHA).sum())
    low, high = fmt.pp(best["effect"], sign=False), fmt.pp(worst["effect"], sign=False)
    spread = (f"The seat effect is {low} in every cell" if low == high else
              f"The seat effect goes from {low} ({best['setting']}) to {high} ({worst['setting']})")
    boxes = ("a green box marks the cells not shown less fair than another (the verdict above)"
             if f["less_fair"].any() else "no cell is shown less fair than another")
    return (f"Darker cells have a larger seat effect; faded cells have no significant seat effect. {spread}; "
            f"{differ} of {len(f)} cells carry a * (seats significantly unequal within the cell); {boxes}.")


def differences(study, t):
    c = t["comparisons"]
    if not len(c):
        return "Nothing to compare: every outcome is the same in all settings." if len(study.runs) > 1 else ""
    sig = c[c["significant"]].sort_values("p_adj")
    pairing = ("paired game by game (the same seeds in every setting; exact McNemar test)" if c["paired"].all()
               else "partly unpaired (chi-square or Fisher exact test)")
    alpha = float(c["alpha"].iloc[0]) if "alpha" in c else ALPHA
    family = t["feel_differences"].attrs.get("family", len(c)) if "feel_differences" in t else len(c)
    more_tested = (f" (and {family - len(c)} of how the game plays, corrected with them: one family)"
                   if family > len(c) else "")
    head = (f"Each setting against the baseline ({study.base.label}): {len(c)} differences tested{more_tested}, "
            f"{pairing}, {_corr(study)}-corrected ({budget.error_words(alpha)}). ")
    equal = _equivalent_words(study, c)
    if not len(sig):
        return head + (f"None is significant. With these game counts a difference must be about "
                       f"±{fmt.pp(detectable(c, study.correction, rows=family, alpha=alpha), sign=False)} or larger "
                       f"to show (80% power at the corrected threshold).{equal}")
    parts = [f"{outcome_words(r.group, r.outcome)} in {r.setting}: {fmt.pp(r.diff)} "
             f"{fmt.interval(r.diff_lo, r.diff_hi)}, corrected {fmt.p_phrase(r.p_adj)}"
             for r in sig.head(8).itertuples()]
    more = f" (and {len(sig) - 8} more, see the table)" if len(sig) > 8 else ""
    return head + f"{len(sig)} significant: " + "; ".join(parts) + more + "." + equal


def detectable(c, correction, power=0.8, rows=None, alpha=ALPHA):
    """The typical difference that would show with `power` at the correction's strictest threshold (Holm's
    and BH's first: alpha / rows, alpha the family's share of the report's budget; `rows`: the family's,
    default c's), from c's median standard error (95% interval half-width / 1.96)."""
    se = float(np.median((c["diff_hi"] - c["diff_lo"]) / (2 * 1.959964)))
    return (st.norm.ppf(1 - alpha / (2 * (rows or len(c)))) + st.norm.ppf(power)) * se


def _equivalent_words(study, c):
    """With --margin: how many differences are shown to lie within it (TOST, Holm over the table)."""
    if getattr(study, "margin", None) is None or "equivalent" not in c:
        return ""
    eq = int(c["equivalent"].sum())
    alpha = float(c["alpha"].iloc[0]) if "alpha" in c else ALPHA
    return (f" Equivalent within ±{study.margin:g} pp (two one-sided tests, Holm over the table, {budget.error_words(alpha)}): "
            f"{eq} of {len(c)}; the others are not shown equivalent.")


def flows(study, t):
    f = t["flows"]
    gains = f[(f["kind"] == "gain") & (f["policy"] == "all")]
    if not len(gains):
        return ""
    out = []
    who, per = solo_player() if study.solo else "a player", study.per_player
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


def differs(study):
    """A comparison: what differs between the runs (rules, policies, seeds, games), in words
    ("Grundbesitz: off → on (defaults)", "victory_points: 10 → 12"); [] for a sweep (its header names
    the swept rules) or one run."""
    if study.kind != "compare":
        return []
    runs = study.runs
    parts = rule_changes(runs)
    lineups = [", ".join(r.spec_labels) for r in runs]
    if len(set(lineups)) > 1:
        parts.append("seats: " + _change(lineups, runs))
    for what, get in (("players", lambda r: r.players), ("seed", lambda r: r.summary.get("seed")),
                      ("games", lambda r: fmt.count(r.games))):
        values = [str(get(r)) for r in runs]
        if len(set(values)) > 1:
            parts.append(f"{what}: " + _change(values, runs))
    if not parts:
        return ["The runs have the same rules, policies, seed and number of games: any difference between "
                "them is chance (or another engine version)."]
    same = "the same game seeds, compared game by game" if study.paired else "different game seeds"
    return [f"What differs between the runs ({same}): " + "; ".join(parts) + "."]


def rule_changes(runs):
    """The rule values that differ between runs, in words: a variant switched on or off as a whole
    ("Grundbesitz: off → on (defaults)", or on with its values that are not the defaults), then every
    other key that differs ("victory_points: 10 → 12")."""
    from simcore.engine.variant import REGISTRY as DECLARED
    rules = [r.summary.get("rules", {}) for r in runs]
    variants = [r.get("variants") or {} for r in rules]
    parts = []
    for name in dict.fromkeys(n for v in variants for n in v):
        declared = DECLARED.get(name)
        title = (declared.title if declared and declared.title else name).split(" (")[0]
        defaults = _flat(dataclasses.asdict(declared.rules())) if declared and declared.rules else {}
        states = []
        for v in variants:
            if name not in v:
                states.append("off")
                continue
            changed = [f"{k}={_show(x)}" for k, x in _flat(v[name] or {}).items()
                       if k in defaults and grid.normal(x) != grid.normal(defaults[k])]
            states.append("on (" + (", ".join(changed) if changed else "defaults") + ")")
        if len(set(states)) > 1:
            parts.append(f"{title}: " + _change(states, runs))
    flats = [_flat({k: v for k, v in r.items() if k != "variants"}) for r in rules]
    for key in dict.fromkeys(k for f in flats for k in f):
        values = [f.get(key) for f in flats]
        if len({repr(grid.normal(v)) for v in values}) > 1:
            parts.append(f"{key}: " + _change([_show(v) for v in values], runs))
    return parts


def _change(values, runs):
    """'10 → 12' for two runs, else '10 (a), 12 (b), 14 (c)'."""
    if len(values) == 2:
        return f"{values[0]} → {values[1]}"
    return ", ".join(f"{v} ({r.label})" for v, r in zip(values, runs))


def _show(value):
    return "none" if value is None else grid.show(value)
