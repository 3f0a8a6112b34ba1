"""The Answer box that opens every report: the designer's question, the answer in a sentence or
two with the setting to pick, and the numbers behind it, all read from the verdicts (the seats',
the styles' and a variant's own question) so that it never says more than they do.  A sentence
is a string, or (text, [items]) where it names more settings than read well in one line.

    block = box(study, tables)     # ("answer", question, sentences, headers, rows, highlight)
"""
import pandas as pd

from reports import budget, fmt
from reports.robustness import robustness, words as robust_words
from reports.variants import solo_player

def question(study):
    """The scenario's own question: its description (the part after a colon, where it has one)."""
    text = (study.description or "").strip()
    if study.kind == "compare":
        return "Do these runs differ, and is one of them less fair?"
    if ": " in text:
        text = text.split(": ", 1)[1]
    if text.endswith("?"):
        return fmt.capital(text)
    if study.solo:
        return f"How often does {solo_player()} win, and does the policy matter?"
    if study.kind == "sweep":
        return "Which setting keeps the seats and the playing styles fair?"
    return "Is this game fair between the seats and between the playing styles?"


def _verdicts(tables):
    df = tables.get("verdicts")
    if df is None or not len(df):
        return {}
    return {key: sub for key, sub in df.groupby("measure", sort=False)}


def sentences(study, tables):
    """The answer in words: the variant's question first, then seats and styles, then what to pick."""
    out = []
    answers = tables["questions"].attrs.get("answers", {}) if "questions" in tables else {}
    for answer in answers.values():
        if answer.get("measure") != "skill":   # (the skill gradient after the fairness verdicts)
            out.append(_question_words(answer))
    verdicts = _verdicts(tables)
    if len(study.runs) == 1:
        return out + _one_run(study, tables)
    for key, title in (("seats", "Seats"), ("styles", "Policies" if study.solo else "Playing styles")):
        if key in verdicts:
            out.append(_measure_words(title, verdicts[key], study))
    if "styles" not in verdicts:
        out.append(_no_styles(study))
    out += [_question_words(a) for a in answers.values() if a.get("measure") == "skill"]
    if study.kind == "compare":
        out.append(_outcomes_words(study, tables.get("comparisons"), tables.get("feel_differences")))
    out += _pick(study, verdicts, answers)
    return [s for s in out if s]


def _question_words(answer):
    """'The autarkist is a trap at A; B, a must at C and not told apart at D (...)'; against the baseline:
    'The devcards is stronger than in the baseline (B) at A, with the difference, ...'."""
    rows = answer["settings"]
    if not rows:
        return answer.get("short") or answer["text"]
    if answer.get("summary"):   # an answer in its own words (reports.skill)
        return answer["summary"]
    if answer.get("against") == "baseline":
        return _baseline_words(answer)
    groups = {}
    for r in rows:
        groups.setdefault(r["verdict"], []).append(r["setting"])
    words = {"trap": "a trap", "must": "a must"}
    said = [f"{words.get(word, word)} at {'; '.join(names)}" for word, names in groups.items()]
    said = ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]
    games = fmt.span(min(r["games"] for r in rows), max(r["games"] for r in rows), fmt.count)
    return f"The {answer['policy']} is {said} ({games} games per setting; {answer['family']})."


def _baseline_words(answer):
    """The scenario's question against the baseline, each setting with its difference (the answer
    wanted first, with its number: 'does it get stronger?')."""
    groups = {}
    for r in answer["settings"]:
        groups.setdefault(r["verdict"], []).append(f"{r['setting']}: {fmt.pp(r['diff'])} "
                                                   f"{fmt.interval(r['lo'], r['hi'])}")
    said = "; ".join(f"{word} at {'; '.join(names)}" for word, names in groups.items())
    games = fmt.span(min(r["games"] for r in answer["settings"]), max(r["games"] for r in answer["settings"]),
                     fmt.count)
    return (f"{fmt.capital(answer['policy'])} against the baseline ({answer['baseline']}): {said} (win rate "
            f"per seat played; {games} games per setting, {answer['family']}).")


MOST_NAMED = 3   # settings named in one sentence; with more less fair, the sentence names the others (issue 39)


def _measure_words(title, rows, study):
    first = rows.iloc[0]
    games = fmt.span(rows["games"].min(), rows["games"].max(), fmt.count)
    less = list(rows.loc[rows["less_fair"], "setting"])
    best = rows.loc[rows["loss"].idxmin(), "setting"]
    alpha = float(first.get("alpha", budget.ALPHA))
    family = f"family-wise error {budget.percent(alpha)} over the {len(rows)} settings" + (
        f", {first['family']} in one family" if isinstance(first.get("family"), str) else "") + \
        budget.share_words(alpha)
    fair = list(rows.loc[~rows["less_fair"], "setting"])
    if len(less) > MOST_NAMED:   # the shorter list, as a list under the sentence where it is long too
        listed, which = (fair, "not shown less fair") if len(fair) < len(less) else (less, "less fair")
        text = f"{title}: {len(less)} of the {len(rows)} settings are less fair than {best} ({family}); {which}:"
        return (text, listed) if len(listed) > MOST_NAMED else f"{text} {'; '.join(listed)}."
    if less:
        text = f"{title}: {'; '.join(less)} {'is' if len(less) == 1 else 'are'} less fair than {best} ({family})."
    else:
        text = f"{title}: no setting stands out at {games} games per setting ({family})"
        needed = first["games_to_tell_apart"]
        text += (f"; their losses are not all equal (Wald test, in the same family) but no pair is told apart: "
                 f"about {fmt.count(needed)} per setting would tell them apart (80% power)." if not
                 fmt.missing(needed) else ".")
    if "equivalent" in rows and rows["equivalent"].notna().any():   # with --margin
        eq = list(rows.loc[rows["equivalent"].fillna(False).astype(bool), "setting"])
        text += f" Equivalent to the fairest within ±{first['margin']:g} pp: {'; '.join(eq) if eq else 'none shown'}."
    return text


def _pick(study, verdicts, answers):
    """Which settings survive every verdict; 'no setting stands out' when that is all of them."""
    labels = [r.label for r in study.runs]
    ok = set(labels)
    for rows in verdicts.values():
        ok -= set(rows.loc[rows["less_fair"], "setting"])
    for answer in answers.values():
        ok -= {r["setting"] for r in answer["settings"] if r["verdict"] in ("trap", "must")}
    if ok == set(labels):
        return []
    if not ok:
        return ["Pick: every setting is ruled out by one verdict or another; see the table."]
    kept = [x for x in labels if x in ok]
    checked = robustness(study)   # does it hold for strong players?  (reports.robustness)
    return [f"Pick from: {'; '.join(kept)} (not shown less fair, nor a trap or a must)."] + \
        ([robust_words(checked, kept)] if checked else [])


def _one_run(study, tables):
    """'Seats: they differ at N games (chi-square p ...)' and the same for the styles: each test at its share
    of the report's 5% (reports.budget), 'they differ' exactly where the effect's interval excludes 0."""
    out = []
    f = tables["fairness"]
    if len(f):
        out.append(f"Seats: {_one_test(f.iloc[0], 'seat')}")
    s = tables.get("style_fairness")
    if s is None or not len(s):
        out.append(_no_styles(study))
    if s is not None and len(s):
        out.append(f"{'Policies' if study.solo else 'Playing styles'}: {_one_test(s.iloc[0], 'policy')}")
    return [x for x in out if x]


def _one_test(row, what):
    alpha = float(row.get("bound_alpha", budget.ALPHA))
    tested = f", tested at {budget.percent(alpha)}, its share of the report's {budget.percent(budget.ALPHA)}" \
        if alpha < budget.ALPHA - 1e-12 else ""
    return (f"{'they differ' if row['p'] < alpha else 'not told apart'} at {fmt.count(row['games'])} games "
            f"(chi-square {fmt.p_phrase(row['p'])}{tested}); {what} effect {fmt.pp(row['effect'], sign=False)} "
            f"{fmt.interval(row['effect_lo'], row['effect_hi'])}" +
            (f" ({budget.percent(1 - alpha)} interval)." if tested else "."))


def _outcomes_words(study, df, feel=None, most=4):
    """Compare's answer to 'do these runs differ?' beyond the seats (issue 39): every outcome of the
    comparisons table (seats, styles, a variant's own rates) and every tested measure of how the game plays
    (`feel`: reports.tables.differences, the same family) whose corrected test says it differs."""
    feel = feel if feel is not None and len(feel) else None
    if (df is None or not len(df)) and feel is None:
        return ""
    df = df if df is not None and len(df) else None
    tested = (len(df) if df is not None else 0) + (len(feel) if feel is not None else 0)
    family = f"{tested} outcomes tested" + (f", {len(feel)} of them of how the game plays" if feel is not None
                                            else "") + f", {'Holm' if study.correction == 'holm' else 'BH'}-corrected"
    hits = pd.concat([x.assign(group=x["group"] if "group" in x else "feel")[x["significant"]] for x in (df, feel)
                      if x is not None]).sort_values("p_adj")
    if not len(hits):
        return f"Outcomes: none differs from {study.base.label} ({family})."
    named = {"seat": "{} win rate", "spec": "scenario {} win rate",
             "policy": "{}'s win rate" + ("" if study.solo else " per seat played")}

    def difference(r):
        if r["group"] == "feel" and r["kind"] == "mean":
            return f"{r['diff']:+.2f} {fmt.interval(r['diff_lo'], r['diff_hi'], scale=1, digits=2)}"
        return f"{fmt.pp(r['diff'])} {fmt.interval(r['diff_lo'], r['diff_hi'])}"
    said = [f"{named.get(r['group'], '{}').format(r['label'])} {difference(r)}"
            + (f" ({r['setting']})" if len(study.runs) > 2 else "") for _, r in hits.head(most).iterrows()]
    more = f"; {len(hits) - most} more in the comparison table" if len(hits) > most else ""
    return f"Outcomes that differ from {study.base.label}: {'; '.join(said)}{more} ({family})."


def _no_styles(study):
    """Said, not left out, where every seat plays one preset (issue 39): '' otherwise (a solo mode, or
    styles the report does not compare for another reason)."""
    labels = {label for run in study.runs for label in run.labels}
    if study.solo or len(labels) != 1:
        return ""
    return f"Playing styles: none to compare (every seat plays {labels.pop()})."


def numbers(study, tables):
    """(headers, rows, highlight): per setting the effects with their intervals and every verdict's word."""
    if len(study.runs) < 2:
        return None
    verdicts = _verdicts(tables)
    answers = tables["questions"].attrs.get("answers", {}) if "questions" in tables else {}
    fair = {"seats": tables["fairness"], "styles": tables.get("style_fairness")}
    headers = ["setting"]
    for key, what in (("seats", "seat effect"), ("styles", "style effect")):
        if key in verdicts and fair[key] is not None and len(fair[key]):
            headers += [f"{what} [95% jointly]", f"{'seats' if key == 'seats' else 'styles'}"]
    for answer in answers.values():
        if answer["settings"]:
            headers += [answer.get("column", f"{answer['policy']} − others, per seat [95% jointly]"),
                        answer.get("word", answer["policy"])]
    rows, highlight = [], []
    for i, run in enumerate(study.runs):
        row = [run.label]
        for key in ("seats", "styles"):
            if key in verdicts and fair[key] is not None and len(fair[key]):
                f = fair[key].set_index("setting")
                v = verdicts[key].set_index("setting")
                if run.label in f.index:
                    e = f.loc[run.label]
                    row += [f"{fmt.pp(e['effect'], sign=False)} {fmt.interval(e['effect_lo'], e['effect_hi'])}",
                            v.loc[run.label, "verdict"]]
                else:
                    row += ["", ""]
        for answer in answers.values():
            if not answer["settings"]:
                continue
            got = {r["setting"]: r for r in answer["settings"]}.get(run.label)
            row += [f"{fmt.pp(got['diff'])} {fmt.interval(got['lo'], got['hi'])}", got["verdict"]] if got else \
                ["", "baseline" if run.label == answer.get("baseline") else ""]
        rows.append(row)
        if any(w in ("less fair", "trap", "must") for w in row):
            continue
        highlight.append(i)
    if len(highlight) == len(rows):
        highlight = []
    return headers, rows, highlight


def box(study, tables):
    """The ("answer", question, sentences, headers, rows, highlight) block."""
    made = numbers(study, tables) or ([], [], [])
    return ("answer", question(study), sentences(study, tables), *made)
