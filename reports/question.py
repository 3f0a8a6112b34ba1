"""A variant's own question about one policy: is it level with the other styles, a trap or a must?

Per setting the policy's win rate per seat played minus the other policies' (pooled per seat
played) is the mean of a per-game number (won by the policy / its seats - won by another / their
seats), with a Student-t interval (statsmodels) that is simultaneous over the settings (each at
1 - 0.05 / settings: 95% jointly).  Every word comes from that one interval:

    trap            the interval lies below 0 (it wins less than the others, per seat)
    must            the interval lies above 0
    level within ±PP  (with a margin) the interval lies inside ±PP
    not told apart  otherwise, at the games played; with the difference that would show (80% power)

so the chance that any of the words is wrong is at most 5% for the whole sweep.

    answer = policy_against_others(study, "autarkist", margin=2.0)
"""
import numpy as np
import pandas as pd
from scipy import stats as st
from statsmodels.stats.weightstats import DescrStatsW

from reports import fmt

ALPHA = 0.05
POWER = 0.8


def per_game_difference(run, policy):
    """Per game: won by `policy` / its seats - won by another policy / their seats; None without it."""
    specs = run.spec_labels
    mine = [i for i, x in enumerate(specs) if x == policy]
    if not mine or len(mine) == len(specs) or len(specs) != run.players:
        return None
    won_mine = np.isin(run.winner_spec, mine)
    won_other = (run.winner_spec >= 0) & ~won_mine
    return won_mine / len(mine) - won_other / (len(specs) - len(mine))


def policy_against_others(study, policy, margin=None, question="", alpha=ALPHA):
    """The verdict dict ({question, policy, family, margin, settings: [...], text}) or None."""
    rows = []
    diffs = [(run, per_game_difference(run, policy)) for run in study.runs]
    diffs = [(run, z) for run, z in diffs if z is not None and len(z) > 1]
    if not diffs:
        return None
    m = len(diffs)
    level = 1 - alpha / m
    for run, z in diffs:
        d = DescrStatsW(z)
        lo, hi = d.tconfint_mean(alpha=1 - level)
        se = float(d.std_mean)
        word = _word(lo, hi, margin)
        shows = (st.norm.ppf(1 - (1 - level) / 2) + st.norm.ppf(POWER)) * se
        rows.append({"setting": run.label, "games": len(z), "diff": float(d.mean), "lo": float(lo), "hi": float(hi),
                     "level": level, "p": float(d.ttest_mean(0)[1]), "verdict": word, "shows_at": float(shows)})
    out = {"question": question or f"is the {policy} level with the other styles (trap or must)?",
           "policy": policy, "margin": margin, "alpha": alpha,
           "family": f"{m} settings, simultaneous {100 * level:.1f}% intervals (95% jointly)",
           "settings": rows}
    out["text"] = sentence(out)
    return out


def _word(lo, hi, margin):
    if hi < 0:
        return "trap"
    if lo > 0:
        return "must"
    if margin is not None and -margin / 100 < lo and hi < margin / 100:
        return f"level within ±{margin:g} pp"
    return "not told apart"


def show(row):
    """'-3.2 pp [-5.1, -1.3]'."""
    return f"{fmt.pp(row['diff'])} {fmt.interval(row['lo'], row['hi'])}"


def sentence(answer):
    """Per verdict word the settings with their difference, in one paragraph."""
    policy, rows = answer["policy"], answer["settings"]
    parts = []
    for word, says in (("trap", "wins less than the other styles per seat played (a trap)"),
                       ("must", "wins more than the other styles per seat played (a must)")):
        chosen = [r for r in rows if r["verdict"] == word]
        if chosen:
            parts.append(f"The {policy} {says} at " + "; ".join(f"{r['setting']}: {show(r)}" for r in chosen) + ".")
    level = [r for r in rows if r["verdict"].startswith("level")]
    if level:
        parts.append(f"It is level within ±{answer['margin']:g} pp at " +
                     "; ".join(f"{r['setting']}: {show(r)}" for r in level) + ".")
    open_ = [r for r in rows if r["verdict"] == "not told apart"]
    if open_:
        games = fmt.span(min(r["games"] for r in open_), max(r["games"] for r in open_), fmt.count)
        shows = fmt.span(min(r["shows_at"] for r in open_), max(r["shows_at"] for r in open_),
                         lambda x: fmt.pp(x, sign=False))
        parts.append(f"Not told apart from the others at {games} games: " +
                     "; ".join(f"{r['setting']}: {show(r)}" for r in open_) +
                     f" (a difference of about ±{shows} would show, 80% power)" +
                     ("" if answer["margin"] is not None else "; with --margin PP a level verdict becomes possible") +
                     ".")
    return " ".join(parts) + (f" Win rate per seat played, the {policy}'s minus the other styles'; "
                              f"{answer['family']}.")


def table(answers):
    """{name: answer} as rows (tables/questions.csv)."""
    return pd.DataFrame([{"question": name, **r} for name, a in answers.items() if a for r in a["settings"]])

