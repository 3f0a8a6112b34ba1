"""The skill gradient of a sweep (issue 37; docs/verdicts.md, The skill gradient): where `sweep --skill`
played each setting again with one strong seat against greedy bots (DIR/skill, simcore.run.skill), the
strong seat's win rate per setting with its 95% Wilson interval, and per setting other than the baseline
one verdict from the paired difference with the baseline's (the same game seeds; reports.question's
simultaneous Student-t intervals, at the family's share of the report's 5%, reports.budget):

    skill counts more   the interval lies above 0: the strong player wins more often than at the baseline
    skill counts less   below 0
    level within ±PP    inside the margin (with one)
    not told apart      otherwise, with the difference that would show (80% power)

    answer = gradient(study, margin, alpha)   # None without skill runs; as reports.question's answers
"""
import numpy as np

from reports import fmt
from reports.question import paragraph, policy_against_baseline, won_per_seat
from reports.rates import wilson

FOLDER = "skill"   # (simcore.run.skill.FOLDER)
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
    from reports.study import open_results
    from simcore.run.outputs import read_json
    if getattr(study, "kind", None) != "sweep":
        return None
    where = study.path / FOLDER
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
    """The answer of the skill runs' study (runs, base, baseline, paired): gradient's, None under 2 settings."""
    if len(skill.runs) < 2:
        return None
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
    return (f"Skill gradient: one strong player against {answer['opponents']} greedy bots (seats rotating) wins "
            f"{fmt.pct(base[0])} {fmt.interval(base[1], base[2])} at the baseline ({answer['baseline']}). "
            + " ".join(said) + f" Its win rate, each setting's minus the baseline's; {games} games per setting, "
            f"{answer['family']}.")


def chart(answer):
    """The strong seat's win rate per setting with its 95% interval, the baseline's as a band, each
    setting's verdict above it where it is not 'not told apart'; a Chart (reports.plotting)."""
    from reports import plotting as c
    rows = answer["rates"]
    verdicts = {r["setting"]: r["verdict"] for r in answer["settings"]}
    fig, ax = c._figure(9, max(3.0, 0.45 * len(rows) + 2.2))
    y = np.arange(len(rows))[::-1]
    rate = np.array([100 * r["rate"] for r in rows])
    lo, hi = (np.array([100 * r[k] for r in rows]) for k in ("rate_lo", "rate_hi"))
    ax.errorbar(rate, y, xerr=[rate - lo, hi - rate], fmt="o", capsize=3, color="#1f77b4")
    base = answer["baseline_rate"]
    ax.axvspan(100 * base[1], 100 * base[2], color="#999999", alpha=0.2, lw=0)
    ax.axvline(100 / (answer["opponents"] + 1), color="#555555", ls=":", lw=1)
    for yi, r, top in zip(y, rows, hi):
        word = verdicts.get(r["setting"], "baseline")
        if word != "not told apart":
            ax.annotate(f"  {word}", (top, yi), va="center", fontsize=8.5)
    c._row_axis(ax, y, [r["setting"] for r in rows])
    ax.set_xlabel("the strong seat's win rate (%)")
    c._title(ax, "Skill gradient: one strong player against greedy bots",
             f"95% intervals; grey band: the baseline's; dotted: an equal share (1 in {answer['opponents'] + 1}); "
             f"words: the verdict from the paired difference ({answer['family']})")
    return c.Chart("skill_gradient", "Skill gradient per setting", c._done(fig), answer["summary"])


def table(answer):
    """(headers, rows) of the skill gradient: per setting its rate, the difference and the verdict."""
    diff = {r["setting"]: r for r in answer["settings"]}
    rows = []
    for r in answer["rates"]:
        d = diff.get(r["setting"])
        rate = f"{fmt.pct(r['rate'])} {fmt.interval(r['rate_lo'], r['rate_hi'])}"
        rows.append([r["setting"], fmt.count(r["games"]), rate,
                     f"{fmt.pp(d['diff'])} {fmt.interval(d['lo'], d['hi'])}" if d else "",
                     d["verdict"] if d else "baseline"])
    return ["setting", "games", "strong wins [95%]", answer["column"], "verdict"], rows
