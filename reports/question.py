"""A question about one policy, a variant's own or the scenario's (its `question` table,
simcore.run.question): is it level with the other styles, a trap or a must?  Or, against the
sweep's baseline setting: does it get stronger or weaker?

Per setting the policy's win rate per seat played minus the other policies' (pooled per seat
played) is the mean of a per-game number (won by the policy / its seats - won by another / their
seats), with a Student-t interval (statsmodels) that is simultaneous over the settings (each at
1 - 0.05 / settings: 95% jointly).  Every word comes from that one interval:

    trap            the interval lies below 0 (it wins less than the others, per seat)
    must            the interval lies above 0
    level within ±PP  (with a margin) the interval lies inside ±PP
    not told apart  otherwise, at the games played; with the difference that would show (80% power)

so the chance that any of the words is wrong is at most alpha (5%, or the question's share of the
report's 5% where the report says more: reports.budget) for the whole sweep.  Against the
baseline, per setting the policy's win rate per seat played minus the baseline setting's, game by
game where both played the same seeds (else Welch's), with the same simultaneous intervals over
the settings other than the baseline:

    stronger / weaker   the interval lies above / below 0
    level within ±PP, not told apart   as above

    answer = policy_against_others(study, "autarkist", margin=2.0)
    answer = scenario_question(study, margin)     # the scenario's own, None where it asks none
"""
import numpy as np
import pandas as pd
from scipy import stats as st
from statsmodels.stats.weightstats import CompareMeans, DescrStatsW

from reports import budget, fmt
from simcore.run.styles import seats_playing, shown_name

ALPHA = 0.05
POWER = 0.8


def per_game_difference(run, policy):
    """Per game: won by `policy` / its seats - won by another policy / their seats; None without it."""
    specs = run.spec_labels
    mine = seats_playing(specs, policy)   # (`landlord`: strong:landlord under --players strong)
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
    policy = shown_name(diffs[0][0].spec_labels, policy)
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
           "family": (f"{m} settings, simultaneous {100 * level:.1f}% intervals ({joint(alpha)})" if m > 1 else
                      f"{budget.percent(level)} interval{budget.share_words(alpha)}"),
           "column": f"{policy} − others, per seat [{joint(alpha, m)}]", "settings": rows}
    out["text"] = sentence(out)
    return out


def joint(alpha, m=2):
    """'95% jointly', '97.5% jointly, 2.5% of the report's 5%' (reports.budget); '97.5%, ...' for one interval."""
    return f"{budget.percent(1 - alpha)}{' jointly' if m > 1 else ''}{budget.share_words(alpha)}"


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
    policy = answer["policy"]
    parts = paragraph(answer, (("trap", f"The {policy} wins less than the other styles per seat played (a trap)"),
                                ("must", f"The {policy} wins more than the other styles per seat played (a must)")),
                       f"It is level within ±{answer['margin']:g} pp" if answer["margin"] is not None else "",
                       "Not told apart from the others at {games} games: ")
    return " ".join(parts) + (f" Win rate per seat played, the {policy}'s minus the other styles'; "
                              f"{answer['family']}.")


def paragraph(answer, words, level_says, open_says):
    """The sentences of one answer: per verdict word of `words` ((word, 'The X wins ...')), level, not told
    apart (open_says: its opening, {games}: the games played), each with its settings and differences."""
    rows = answer["settings"]

    def listed(chosen):
        return "; ".join(f"{r['setting']}: {show(r)}" for r in chosen)
    parts = []
    for word, says in words:
        chosen = [r for r in rows if r["verdict"] == word]
        if chosen:
            parts.append(f"{says} at {listed(chosen)}.")
    level = [r for r in rows if r["verdict"].startswith("level")]
    if level:
        parts.append(f"{level_says} at {listed(level)}.")
    open_ = [r for r in rows if r["verdict"] == "not told apart"]
    if open_:
        games = fmt.span(min(r["games"] for r in open_), max(r["games"] for r in open_), fmt.count)
        shows = fmt.span(min(r["shows_at"] for r in open_), max(r["shows_at"] for r in open_),
                         lambda x: fmt.pp(x, sign=False))
        hint = "" if answer["margin"] is not None else "; with --margin PP a level verdict becomes possible"
        parts.append(f"{open_says.format(games=games)}{listed(open_)} (a difference of about ±{shows} would show, "
                     f"80% power){hint}.")
    return parts


def won_per_seat(run, policy):
    """Per game: 1 / (seats playing `policy`) where one of them won, else 0; None where no seat plays it
    (a seat plays it when its policy or its label is `policy`) or the game has one player."""
    specs = run.summary["specs"]
    mine = [i for i, s in enumerate(specs) if policy in (s.get("policy"), s.get("label"))] or \
        seats_playing([s.get("label") for s in specs], policy)
    if not mine or len(specs) != run.players or run.players < 2:
        return None
    return np.isin(run.winner_spec, mine) / len(mine)


def policy_against_baseline(study, policy, margin=None, question="", alpha=ALPHA):
    """Each setting against the baseline setting: the verdict dict, as policy_against_others's."""
    values = [won_per_seat(run, policy) for run in study.runs]
    if values[study.baseline] is None:
        return None
    policy = shown_name([s.get("label") for s in study.base.summary["specs"]], policy)
    return against_baseline(study, values, policy, margin, question, alpha)


def against_baseline(study, values, policy, margin=None, question="", alpha=ALPHA):
    """Each setting against the baseline setting, from `values` (per run of study.runs its per-game number,
    None where it has none): the verdict dict, as policy_against_others's; None without a baseline's or another's."""
    base = values[study.baseline]
    others = [(run, x) for i, (run, x) in enumerate(zip(study.runs, values)) if i != study.baseline]
    others = [(run, x) for run, x in others if x is not None and len(x) > 1]
    if base is None or len(base) < 2 or not others:
        return None
    m = len(others)
    level = 1 - alpha / m
    rows = []
    for run, x in others:
        if study.paired:
            d = DescrStatsW(x - base)
            lo, hi = d.tconfint_mean(alpha=1 - level)
            diff, se, p = float(d.mean), float(d.std_mean), float(d.ttest_mean(0)[1])
        else:
            d = CompareMeans(DescrStatsW(x), DescrStatsW(base))
            lo, hi = d.tconfint_diff(alpha=1 - level, usevar="unequal")
            diff, se, p = float(x.mean() - base.mean()), float(d.std_meandiff_separatevar), \
                float(d.ttest_ind(usevar="unequal")[1])
        word = {"trap": "weaker", "must": "stronger"}.get(_word(lo, hi, margin), _word(lo, hi, margin))
        shows = (st.norm.ppf(1 - (1 - level) / 2) + st.norm.ppf(POWER)) * se
        rows.append({"setting": run.label, "games": len(x), "diff": diff, "lo": float(lo), "hi": float(hi),
                     "level": level, "p": p, "verdict": word, "shows_at": shows})
    pairing = "game by game on the same seeds" if study.paired else "Welch's t, the seeds differ"
    family = f"{budget.percent(level)} interval{budget.share_words(alpha)}" if m == 1 else \
        f"{m} settings against the baseline, simultaneous {100 * level:.1f}% intervals ({joint(alpha)})"
    out = {"question": question or f"does the {policy} get stronger or weaker than in the baseline?",
           "policy": policy, "against": "baseline", "baseline": study.base.label, "margin": margin, "alpha": alpha,
           "family": f"{pairing}; {family}",
           "column": f"{policy} − baseline, per seat [{joint(alpha, m)}]", "word": f"{policy} vs baseline",
           "settings": rows}
    out["text"] = baseline_sentence(out)
    return out


def baseline_sentence(answer):
    """Per verdict word the settings with their difference from the baseline, in one paragraph."""
    policy, baseline = answer["policy"], answer["baseline"]
    parts = paragraph(answer, (("stronger", f"The {policy} wins more per seat played than in the baseline ({baseline})"),
                                ("weaker", f"The {policy} wins less per seat played than in the baseline ({baseline})")),
                       f"It is as strong as in the baseline within ±{answer['margin']:g} pp"
                       if answer["margin"] is not None else "",
                       f"Not told apart from the baseline ({baseline}) at {{games}} games: ")
    return " ".join(parts) + (f" Win rate per seat played of the {policy}, each setting's minus the baseline's; "
                              f"{answer['family']}.")


def scenario_question(study, margin=None, alpha=ALPHA):
    """The answer to the scenario's own question (meta.json `question`, simcore.run.question), None where
    it asks none; a run asked about a baseline gets an answer that says it has none.  alpha: its share of
    the report's budget (reports.budget)."""
    asked = study.meta.get("question") or (study.runs[0].meta.get("question") if study.runs else None)
    if not isinstance(asked, dict) or not asked.get("policy"):
        return None
    policy = asked["policy"]
    if asked.get("compare") == "baseline":
        if len(study.runs) > 1:
            return policy_against_baseline(study, policy, margin, alpha=alpha)
        source = study.meta.get("source") or "SCENARIO"
        said = (f"{fmt.capital(policy)} against the baseline: a run has none to compare with; `catan-balance sweep "
                f"{source}` plays the scenario's [sweep] settings against its baseline setting.")
        return {"question": "", "policy": policy, "against": "baseline", "settings": [], "text": said, "short": said}
    return policy_against_others(study, policy, margin, alpha=alpha)


def table(answers):
    """{name: answer} as rows (tables/questions.csv)."""
    return pd.DataFrame([{"question": name, **r} for name, a in answers.items() if a for r in a["settings"]])

