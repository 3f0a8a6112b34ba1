"""The skill gradient of a sweep (issue 37; docs/verdicts.md, The skill gradient): where `sweep --skill`
played each setting again with one strong seat against greedy bots (DIR/skill, simcore.run.skill), the
strong seat's win rate per setting with its 95% Wilson interval, and per setting other than the baseline
one verdict from the paired difference with the baseline's (the same game seeds; reports.question's
simultaneous Student-t intervals, at the family's share of the report's 5%, reports.budget).  In a
one-player game (DIR/skill the strong player alone, DIR/skill/plain the plain one on the same seeds) the
number is the gradient itself, game by game: won by the strong player minus won by the plain one.

    skill counts more   the interval lies above 0: the strong player wins more often than at the baseline
    skill counts less   below 0
    level within ±PP    inside the margin (with one)
    not told apart      otherwise, with the difference that would show (80% power)

    answer = gradient(study, margin, alpha)   # None without skill runs; as reports.question's answers
"""
from types import SimpleNamespace

import numpy as np
from statsmodels.stats.weightstats import DescrStatsW

from reports import fmt
from reports.question import against_baseline, paragraph, policy_against_baseline, won_per_seat
from reports.rates import wilson

FOLDER, PLAIN_FOLDER = "skill", "plain"   # (simcore.run.skill's)
STRONG = "strong"
WORDS = {"stronger": "skill counts more", "weaker": "skill counts less"}
MOST_NAMED = 3   # settings named one by one where none is told apart (the table has every one)
QUESTION = "does the setting make skill count more or less than the baseline?"


def skill_study(study):
    """The Study of the skill runs beside a sweep's (its baseline the sweep's), None where there are none, they
    are unfinished or their settings are not the sweep's; read once per study."""
    if "_skill" not in study.__dict__:
        study.__dict__["_skill"] = _open(study)
    return study.__dict__["_skill"]


def _open(study):
    if getattr(study, "kind", None) != "sweep":
        return None
    skill = _finished(study.path / FOLDER, study)
    if skill is not None and skill.solo:   # a one-player game: the plain player's runs too
        skill.plain = _finished(study.path / FOLDER / PLAIN_FOLDER, study)
        return skill if skill.plain is not None else None
    return skill


def _finished(where, study):
    """The finished sweep in `where` with the settings of `study` (its baseline the study's), else None."""
    from reports.study import open_results
    from simcore.run.outputs import read_json
    meta = read_json(where / "meta.json")
    if not isinstance(meta, dict) or not meta.get("complete"):
        return None
    skill = open_results(where)
    labels = [r.label for r in skill.runs]
    if labels != [r.label for r in study.runs] or skill.missing:
        return None
    skill.baseline = study.baseline
    return skill


def rates(skill):
    """Per setting: the strong seat's wins, games, win rate and 95% Wilson interval."""
    out = []
    for run in skill.runs:
        won = won_per_seat(run, STRONG)
        wins, n = int(np.sum(won)), len(won)
        lo, hi = wilson(wins, n)
        out.append({"setting": run.label, "wins": wins, "games": n, "rate": wins / n if n else np.nan,
                    "rate_lo": lo, "rate_hi": hi})
    return out


def gradient(study, margin=None, alpha=0.05):
    """The skill gradient's answer (a dict as reports.question's against the baseline), None without skill runs."""
    skill = skill_study(study)
    return None if skill is None else judged(skill, margin, alpha)


def judged(skill, margin=None, alpha=0.05):
    """The answer of the skill runs' study (runs, base, baseline, paired; a one-player game's its `plain` study
    too): gradient's, None under 2 settings."""
    if len(skill.runs) < 2:
        return None
    if getattr(skill, "plain", None) is not None:
        return judged_solo(skill, skill.plain, margin, alpha)
    answer = policy_against_baseline(skill, STRONG, margin, QUESTION, alpha)
    if answer is None:
        return None
    opponents = len(skill.base.summary["specs"]) - 1
    by_setting = {r["setting"]: r for r in rates(skill)}
    for row in answer["settings"]:
        row["verdict"] = WORDS.get(row["verdict"], row["verdict"])
        row.update({k: v for k, v in by_setting[row["setting"]].items() if k.startswith("rate")})
    base = by_setting[skill.base.label]
    answer.update({"policy": "strong player", "measure": "skill", "opponents": opponents,
                   "baseline_rate": [base["rate"], base["rate_lo"], base["rate_hi"]],
                   "rates": list(by_setting.values()),
                   "column": f"skill: strong − baseline [{answer['column'].split('[', 1)[1]}",
                   "word": "skill vs baseline"})
    answer["text"] = answer["summary"] = sentence(answer)
    return answer


def solo_games(strong, plain):
    """Per game of a one-player game's setting: won by the strong player (1 / 0) minus won by the plain one on
    the same seed; None where their seeds differ (the games the two share, from the first)."""
    n = min(len(strong.seeds), len(plain.seeds))
    if n < 2 or not np.array_equal(strong.seeds[:n], plain.seeds[:n]):
        return None
    return (strong.winner_spec[:n] >= 0).astype(float) - (plain.winner_spec[:n] >= 0)


def judged_solo(skill, plain, margin=None, alpha=0.05):
    """A one-player game's skill gradient: per setting the strong player's win rate minus the plain one's (on the
    same seeds), each setting's against the baseline's as reports.question's; None where a setting's games differ."""
    games = [solo_games(a, b) for a, b in zip(skill.runs, plain.runs)]
    if any(g is None for g in games):
        return None
    paired = skill.paired and len({len(g) for g in games}) == 1
    study = SimpleNamespace(runs=skill.runs, baseline=skill.baseline, base=skill.base, paired=paired)
    answer = against_baseline(study, games, "strong player", margin, QUESTION, alpha)
    if answer is None:
        return None
    rates = []
    for run, other, g in zip(skill.runs, plain.runs, games):
        won = [int(np.sum(r.winner_spec[:len(g)] >= 0)) for r in (run, other)]
        (s_lo, s_hi), (p_lo, p_hi) = (wilson(w, len(g)) for w in won)
        lo, hi = DescrStatsW(g).tconfint_mean(alpha=0.05)
        rates.append({"setting": run.label, "games": len(g), "rate": won[0] / len(g), "rate_lo": s_lo,
                      "rate_hi": s_hi, "plain_rate": won[1] / len(g), "plain_lo": p_lo, "plain_hi": p_hi,
                      "gradient": float(g.mean()), "gradient_lo": float(lo), "gradient_hi": float(hi)})
    by_setting = {r["setting"]: r for r in rates}
    for row in answer["settings"]:
        row["verdict"] = WORDS.get(row["verdict"], row["verdict"])
        row.update({k: v for k, v in by_setting[row["setting"]].items() if k != "setting" and k != "games"})
    base = by_setting[skill.base.label]
    answer.update({"policy": "strong player", "measure": "skill", "opponents": 0,
                   "plain": plain.base.summary["specs"][0].get("label") or plain.base.summary["specs"][0]["policy"],
                   "baseline_rate": [base["rate"], base["rate_lo"], base["rate_hi"]],
                   "baseline_gradient": [base["gradient"], base["gradient_lo"], base["gradient_hi"]],
                   "rates": rates, "word": "skill vs baseline",
                   "column": f"skill: gradient − baseline's [{answer['column'].split('[', 1)[1]}"})
    answer["text"] = answer["summary"] = sentence(answer)
    return answer


def sentence(answer):
    """The gradient in words: the baseline's rate, then each verdict with its settings and differences
    (reports.question.paragraph), or where no setting is told apart and many are, their spread."""
    base, rows = answer["baseline_rate"], answer["settings"]
    games = fmt.span(min(r["games"] for r in rows), max(r["games"] for r in rows), fmt.count)
    if all(r["verdict"] == "not told apart" for r in rows) and len(rows) > MOST_NAMED:
        spread = fmt.span(min(r["diff"] for r in rows), max(r["diff"] for r in rows), fmt.pp)
        shows = fmt.span(min(r["shows_at"] for r in rows), max(r["shows_at"] for r in rows),
                         lambda x: fmt.pp(x, sign=False))
        said = [f"Not told apart from the baseline at any setting: differences {spread}, where about ±{shows} would "
                "show (80% power)."]
    else:
        said = paragraph(answer, [(w, f"{fmt.capital(w)} than at the baseline") for w in WORDS.values()],
                         f"As much as at the baseline within ±{answer['margin']:g} pp"
                         if answer["margin"] is not None else "", "Not told apart from the baseline at {games} games: ")
    if "plain" in answer:   # a one-player game
        rate = next(r for r in answer["rates"] if r["setting"] == answer["baseline"])
        grad = answer["baseline_gradient"]
        return (f"Skill gradient: the strong player wins {fmt.pct(base[0])} {fmt.interval(base[1], base[2])} and the "
                f"plain one ({answer['plain']}) {fmt.pct(rate['plain_rate'])} "
                f"{fmt.interval(rate['plain_lo'], rate['plain_hi'])} at the baseline ({answer['baseline']}): skill "
                f"adds {fmt.pp(grad[0])} {fmt.interval(grad[1], grad[2])}. " + " ".join(said) +
                f" The strong player's win rate minus the plain one's on the same seeds, each setting's minus the "
                f"baseline's; {games} games per setting, {answer['family']}.")
    return (f"Skill gradient: one strong player against {answer['opponents']} greedy bots (seats rotating) wins "
            f"{fmt.pct(base[0])} {fmt.interval(base[1], base[2])} at the baseline ({answer['baseline']}). "
            + " ".join(said) + f" Its win rate, each setting's minus the baseline's; {games} games per setting, "
            f"{answer['family']}.")


def chart(answer):
    """The strong seat's win rate per setting with its 95% interval (a one-player game: the strong player's minus
    the plain one's), the baseline's as a band, each setting's verdict beside it where it is not 'not told
    apart'; a Chart (reports.plotting)."""
    from reports import plotting as c
    solo = "plain" in answer
    rows = answer["rates"]
    key, band, even = ("gradient", answer["baseline_gradient"], 0) if solo else \
        ("rate", answer["baseline_rate"], 100 / (answer["opponents"] + 1))
    verdicts = {r["setting"]: r["verdict"] for r in answer["settings"]}
    fig, ax = c._figure(9, max(3.0, 0.45 * len(rows) + 2.2))
    y = np.arange(len(rows))[::-1]
    rate = np.array([100 * r[key] for r in rows])
    lo, hi = (np.array([100 * r[f"{key}_{end}"] for r in rows]) for end in ("lo", "hi"))
    ax.errorbar(rate, y, xerr=[rate - lo, hi - rate], fmt="o", capsize=3, color="#1f77b4")
    ax.axvspan(100 * band[1], 100 * band[2], color="#999999", alpha=0.2, lw=0)
    ax.axvline(even, color="#555555", ls=":", lw=1)
    for yi, r, top in zip(y, rows, hi):
        word = verdicts.get(r["setting"], "baseline")
        if word != "not told apart":
            ax.annotate(f"  {word}", (top, yi), va="center", fontsize=8.5)
    c._row_axis(ax, y, [r["setting"] for r in rows])
    if solo:
        ax.set_xlabel(f"the strong player's win rate minus the plain one's ({answer['plain']}), pp")
        title, dotted = "Skill gradient: the strong player against the plain one", "dotted: no gradient"
    else:
        ax.set_xlabel("the strong seat's win rate (%)")
        title = "Skill gradient: one strong player against greedy bots"
        dotted = f"dotted: an equal share (1 in {answer['opponents'] + 1})"
    c._title(ax, title, f"95% intervals; grey band: the baseline's; {dotted}; words: the verdict from the paired "
                        f"difference ({answer['family']})")
    return c.Chart("skill_gradient", "Skill gradient per setting", c._done(fig), answer["summary"])


def table(answer):
    """(headers, rows) of the skill gradient: per setting its rate (a one-player game: the plain one's and the
    gradient too), the difference and the verdict."""
    solo = "plain" in answer
    diff = {r["setting"]: r for r in answer["settings"]}
    rows = []
    for r in answer["rates"]:
        d = diff.get(r["setting"])
        rate = f"{fmt.pct(r['rate'])} {fmt.interval(r['rate_lo'], r['rate_hi'])}"
        own = [f"{fmt.pct(r['plain_rate'])} {fmt.interval(r['plain_lo'], r['plain_hi'])}",
               f"{fmt.pp(r['gradient'])} {fmt.interval(r['gradient_lo'], r['gradient_hi'])}"] if solo else []
        rows.append([r["setting"], fmt.count(r["games"]), rate, *own,
                     f"{fmt.pp(d['diff'])} {fmt.interval(d['lo'], d['hi'])}" if d else "",
                     d["verdict"] if d else "baseline"])
    own = [f"{answer['plain']} wins [95%]", "skill: strong − plain [95%]"] if solo else []
    return ["setting", "games", "strong wins [95%]", *own, answer["column"], "verdict"], rows


def caption(answer):
    """The skill table's caption: whose games, and how they are compared."""
    if "plain" in answer:
        return (f"The strong player and the plain one ({answer['plain']}) each alone on the same seeds, the games of "
                "DIR/skill and DIR/skill/plain; the gradient's difference from the baseline's game by game.")
    return "One strong seat against greedy bots, seats rotating, the games of DIR/skill; the difference from the " \
           "baseline game by game."
