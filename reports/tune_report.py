"""The result of a `tune` race (simcore.studies.tune) as a verdict, a chart and a report.

    judge = judge_for(objective)                 # what simcore.studies.tune.race calls after each round
    result = conclude(objective, race_result)    # the recommendation (or the candidates not told apart)
    write(result, out)                           # report.html, report.md, verdicts.json, charts/, tables/

The recommendation is the candidate of the last round with the smallest loss; the
others of the last round are "not told apart" from it, or "significantly worse": the
closed test of reports.multiple (Holm over every pair) over the last round's candidates, at the
error rate the earlier rounds left of the race's 4% (simcore.studies.tune: the rounds and this
conclusion together call a candidate tied for best worse with at most 4% chance).  When none is
worse the headline says the candidates are indistinguishable at the games played instead of
recommending one; when every candidate lies on one side of the aim it says that no candidate
reaches it (an intersection-union test at 1%: tune's claims err with at most 5% in all); with a
margin, candidates whose distance from the aim is within the margin of the best's are named
equivalent.
"""
from pathlib import Path

import numpy as np
import pandas as pd

from reports import fmt, multiple
from reports import labels as L
from reports import verdicts as V
from reports.objectives import show
from reports.tune_chart import tune_chart
from reports.files import save_figure, save_table, write_text
from reports.render import to_html, to_markdown
from simcore.run import grid

AIM_ALPHA = 0.01        # "no candidate reaches the aim"; the race spends the other 4% of tune's 5%


def judge_for(objective, replicates=V.BOOTSTRAP):
    """judge(labels, data, alpha) -> bool per candidate: not significantly worse than another (the
    closed test of reports.multiple at `alpha`)."""
    def judge(labels, data, alpha):
        measure = objective.measure(labels, data)
        closed = multiple.less_fair(measure.losses(), V.covariance(measure, replicates), alpha)
        return list(~closed.less_fair)
    return judge


def conclude(objective, race, scenario_name="", replicates=V.BOOTSTRAP, margin=None):
    """Everything the report says: candidates table, recommendation, the verdict of the last round, games used."""
    alive = race.finalists             # the last round judged again at the rest of the budget
    measure = objective.measure([race.labels[i] for i in alive], [race.data[i] for i in alive])
    loss = measure.losses()
    verdict = V.judge(measure, race.final_alpha, margin, replicates) if len(alive) > 1 else None
    in_set = [not s["less_fair"] for s in verdict["settings"]] if verdict else [True]
    posterior = [s["posterior_fairest"] for s in verdict["settings"]] if verdict else [1.0]
    equivalent = [s.get("equivalent") for s in verdict["settings"]] if verdict else [None]
    rows = []
    for i, label in enumerate(race.labels):
        value, lo, hi = objective.interval(race.data[i])
        k = alive.index(i) if i in alive else None
        single = objective.measure([label], [race.data[i]])
        rows.append({"candidate": label, **{key: grid.show(v) for key, v in race.values[i].items()},
                     "games": len(race.data[i]), "value": value, "ci_lo": lo, "ci_hi": hi,
                     "loss": float(single.losses()[0]),
                     "dropped_in_round": None if k is not None or race.dropped[i] is None else race.dropped[i] + 1,
                     "excluded": bool(k is None and race.dropped[i] is None),   # by a constraint, not judged
                     "not_worse": bool(k is not None and in_set[k]),
                     "p_worse": float(verdict["settings"][k]["p_less_fair"]) if verdict and k is not None else np.nan,
                     "equivalent": equivalent[k] if k is not None else None,
                     "posterior_best": float(posterior[k]) if k is not None else 0.0,
                     **({"constraints": _status_words(race, i)} if race.constraints else {})})
    table = pd.DataFrame(rows)
    best = alive[int(np.argmin(loss))]
    games = int(sum(race.games))
    grid_games = len(race.labels) * race.games[best]
    return {"objective": objective, "race": race, "table": table, "best": best, "scenario": scenario_name,
            "out_of_reach": out_of_reach(objective, race, best),
            "tied": [race.labels[alive[k]] for k in np.argsort(loss, kind="stable") if in_set[k] and alive[k] != best],
            "verdict": verdict, "margin": margin,
            "games_used": games, "grid_games": grid_games, "fit": curve_fit(objective, race, table)}


def _status_words(race, i):
    """'met', or what is not: 'breaks turns<=80 (round 2)', 'turns<=80 not settled'."""
    if race.broken[i] is not None:
        return "; ".join(f"breaks {c.text} (round {race.broken[i] + 1})"
                         for c, x in zip(race.constraints, race.status[i]) if x == "broken")
    open_ = [c.text for c, x in zip(race.constraints, race.status[i]) if x != "met"]
    return "met" if not open_ else "; ".join(f"{t} not settled" for t in open_)


def constraint_findings(result):
    """Per constraint: the candidates shown to meet it, to break it, not settled, and whether it binds (some
    candidate with a better estimate on the objective than the best one that meets every constraint broke it
    or is not shown to meet it)."""
    race, table = result["race"], result["table"]
    best_loss = table.iloc[result["best"]]["loss"] if race.meets(result["best"]) else -np.inf
    out = []
    for j, c in enumerate(race.constraints):
        said = {w: [race.labels[i] for i in range(len(race.labels)) if race.status[i][j] == w]
                for w in ("met", "broken", "open")}
        better = [race.labels[i] for i in range(len(race.labels))
                  if race.status[i][j] != "met" and table.iloc[i]["loss"] < best_loss]
        out.append({"constraint": c.text, **said, "binds": bool(better), "better_excluded": better})
    return out


def out_of_reach(objective, race, best, alpha=AIM_ALPHA):
    """{side, gap, lo, hi} when every candidate's value lies on one side of the aim (a signed aim: parity or
    a target), else None.  An intersection-union test: each candidate's one-sided 1 - alpha bound (its
    two-sided 1 - 2 alpha interval) is past the aim on the same side, so the claim "no candidate reaches
    the aim" is wrong with probability at most alpha.  gap: the closest candidate's value minus the aim,
    with its 95% interval."""
    if not objective.signed:
        return None
    bounds = [objective.interval(x, 1 - 2 * alpha)[1:] for x in race.data]
    aim = objective.target
    if all(hi < aim for _, hi in bounds):
        side = "below"
    elif all(lo > aim for lo, _ in bounds):
        side = "above"
    else:
        return None
    value, lo, hi = objective.interval(race.data[best])
    return {"side": side, "gap": value - aim, "lo": lo - aim, "hi": hi - aim, "alpha": alpha}


def curve_fit(objective, race, table):
    """One numeric parameter and a signed objective (parity, target): a smooth curve (quadratic, or a line
    through three or fewer points; scipy) of the value against the parameter, weighted by the intervals,
    and where it meets the target inside the range: {key, at, target} or None."""
    keys = list(race.values[0])
    if not objective.signed or len(keys) != 1:
        return None
    key = keys[0]
    x = np.array([v[key] for v in race.values], dtype=object)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in x) or len(x) < 3:
        return None
    from scipy.optimize import curve_fit as fit
    x = x.astype(float)
    y = table["value"].to_numpy(float)
    sigma = np.maximum((table["ci_hi"] - table["ci_lo"]).to_numpy(float) / (2 * 1.96), 1e-6)
    degree = 2 if len(x) > 3 else 1
    model = (lambda t, a, b, c: a + b * t + c * t * t) if degree == 2 else (lambda t, a, b: a + b * t)
    try:
        coef, _ = fit(model, x, y, sigma=sigma, absolute_sigma=True, p0=[0.0] * (degree + 1))
    except (RuntimeError, ValueError):
        return None
    grid_x = np.linspace(x.min(), x.max(), 401)
    curve = model(grid_x, *coef) - objective.target
    crossing = np.flatnonzero(np.sign(curve[:-1]) * np.sign(curve[1:]) <= 0)
    at = None
    if len(crossing):
        j = crossing[0]
        at = float(grid_x[j] - curve[j] * (grid_x[j + 1] - grid_x[j]) / (curve[j + 1] - curve[j])) \
            if curve[j + 1] != curve[j] else float(grid_x[j])
    return {"key": key, "at": at, "target": objective.target, "degree": degree,
            "curve_x": grid_x.tolist(), "curve_y": model(grid_x, *coef).tolist()}


def stands_out(result):
    """The best candidate is the only one left that is not significantly worse than another."""
    return not result["tied"]


def recommended(result):
    """The candidate to recommend: the one that stands out, when the aim is within reach and it is shown to meet
    every constraint."""
    return stands_out(result) and not result["out_of_reach"] and result["race"].meets(result["best"])


def sentences(result):
    """The recommendation in plain words (terminal and report): "Recommended" only for a candidate every
    other one is significantly worse than; otherwise the candidates not told apart."""
    obj, table, race = result["objective"], result["table"], result["race"]
    best = table.iloc[result["best"]]
    aim = f"; aim {_aim(obj)}" if obj.signed else ""
    figures = f"{obj.what} {show(obj, best['value'])} {_bounds(obj, best)}{aim} ({fmt.count(best['games'])} games)"
    dropped = table[table["dropped_in_round"].notna()]
    worse = table[table["dropped_in_round"].isna() & ~table["not_worse"] & ~table["excluded"]]
    family = _family(race)
    far = result["out_of_reach"]
    if far:
        gap = (f"gap {_gap(obj, far['gap'])} [95%: {_gap(obj, far['lo'], True)}, {_gap(obj, far['hi'], True)}]")
        head = (f"No candidate reaches the aim: every candidate's value is {far['side']} {_aim(obj)} (each one's "
                f"one-sided {1 - far['alpha']:.0%} bound; wrong at most {far['alpha']:.0%}); closest: "
                f"{best['candidate']}: {figures}, {gap}")
        if stands_out(result):
            out = [f"{head}; every other candidate is significantly further from the aim ({family})."]
        elif len(dropped) + len(worse) == 0:
            out = [f"{head}; all {len(race.finalists)} candidates are not told apart at "
                   f"{fmt.count(best['games'])} games "
                   f"each ({family})."]
        else:
            out = [f"{head}; not told apart from {', '.join(result['tied'])} ({family})."]
    elif stands_out(result):
        out = [f"Recommended: {best['candidate']}: {figures}; every other candidate is significantly worse "
               f"({family})."]
    elif len(dropped) + len(worse) == 0:
        out = [f"No candidate stands out: all {len(race.finalists)} are statistically indistinguishable at "
               f"{fmt.count(best['games'])} games each ({family}); the closest estimate is {best['candidate']}: "
               f"{figures}."]
    else:
        out = [f"No single candidate stands out: {best['candidate']} ({figures}) is not told apart from "
               f"{', '.join(result['tied'])} ({family})."]
    if race.constraints and not race.meets(result["best"]):
        out = [f"No candidate is shown to meet every constraint ({_constraint_family(race)}): nothing is "
               f"recommended. Closest on the aim: {best['candidate']}: {figures}."]
    out += _equivalence_sentence(result)
    out += _constraint_sentences(result)
    if len(worse):
        out.append(f"Significantly worse in the last round: {', '.join(worse['candidate'])}.")
    if len(dropped):
        out.append(f"Dropped as significantly worse: {len(dropped)} of {len(table)} candidates, "
                   + ", ".join(f"{r.candidate} (round {int(r.dropped_in_round)}, {fmt.count(r.games)} games)"
                               for r in dropped.itertuples()) + ".")
    out.append(f"Games played: {fmt.count(result['games_used'])}; a full grid giving every one of the "
               f"{len(table)} candidates the best candidate's {fmt.count(best['games'])} games would need "
               f"{fmt.count(result['grid_games'])} ({result['games_used'] / result['grid_games']:.0%} of it).")
    fit = result["fit"]
    if fit and fit["at"] is not None:
        out.append(f"A smooth curve through the candidates meets the aim at {L.key_words(fit['key'])} ≈ "
                   f"{fit['at']:.2f} "
                   "(between grid points: a value to try, confirmed only by playing it).")
    elif fit:
        out.append("A smooth curve through the candidates does not reach the aim inside the range of "
                   f"{L.key_words(fit['key'])}.")
    return out


def _constraint_family(race):
    return (f"one-sided bounds, Bonferroni over the candidates and constraints in each round, error "
            f"{race.constraint_alpha:.0%} over the race")


def _constraint_sentences(result):
    race = result["race"]
    out = []
    for f in constraint_findings(result) if race.constraints else []:
        parts = [f"met by {', '.join(f['met'])}" if f["met"] else "met by none",
                 *([f"broken by {', '.join(f['broken'])}"] if f["broken"] else []),
                 *([f"not settled for {', '.join(f['open'])}"] if f["open"] else [])]
        binds = ("; it excludes every candidate" if not f["met"] else
                 f"; it binds: {', '.join(f['better_excluded'])} had a better estimate on the aim" if f["binds"]
                 else "; it does not bind")
        out.append(f"Constraint {f['constraint']}: {'; '.join(parts)}{binds} ({_constraint_family(race)}).")
    return out


def _family(race):
    """How the last test's error rate sits in the race's one budget (simcore.studies.tune)."""
    if len(race.rounds) < 2:
        return f"Holm over every pair, family-wise error {race.alpha:.0%}"
    return (f"Holm over every pair at {fmt.pct(race.final_alpha, 2)}, what the earlier rounds left: family-wise "
            f"error {race.alpha:.0%} for the whole race")


def _equivalence_sentence(result):
    verdict, margin = result["verdict"], result["margin"]
    if verdict is None or margin is None or "equivalent" not in verdict:
        return []
    unit = "pp" if result["objective"].unit in ("pp", "%") else ""
    eq = verdict["equivalent"]
    return [f"Within ±{margin:g}{(' ' + unit) if unit else ''} of the best candidate's distance from the aim "
            f"(simultaneous intervals, {fmt.pct(1 - verdict['alpha'], 1)} jointly): "
            f"{', '.join(eq) if eq else 'none shown'}."]


def _gap(obj, x, bare=False):
    """A signed difference from the aim: '-32.5 pp', '+1.25'."""
    if fmt.missing(x):
        return "n/a"
    if obj.unit in ("pp", "%"):
        return f"{100 * x:+.1f}" + ("" if bare else " pp")
    return f"{x:+.2f}"


def _aim(obj):
    if obj.kind == "policy-parity":
        return "0 pp (parity)"
    return show(obj, obj.target)


def _bounds(obj, row, label="95%: "):
    return f"[{label}{show(obj, row['ci_lo'], bare=True)}, {show(obj, row['ci_hi'], bare=True)}]"


def verdicts_document(result):
    obj, table = result["objective"], result["table"]
    best = table.iloc[result["best"]]["candidate"]
    far = result["out_of_reach"]
    return {"objective": obj.text, "recommended": best if recommended(result) else None, "best_estimate": best,
            "aim_reached_by_none": bool(far), "gap_to_aim": None if not far else
            {k: far[k] for k in ("side", "gap", "lo", "hi", "alpha")},
            "fairest": [best, *result["tied"]], "margin": result["margin"],
            "equivalent": (result["verdict"] or {}).get("equivalent"),
            "posterior_best": dict(zip(table["candidate"], table["posterior_best"].round(4))),
            "games": dict(zip(table["candidate"], table["games"].astype(int))),
            "games_used": result["games_used"], "grid_games": result["grid_games"],
            "text": " ".join(sentences(result)), "final_alpha": result["race"].final_alpha,
            "candidates": table.to_dict("records"), "rounds": result["race"].rounds,
            "fit": {k: v for k, v in (result["fit"] or {}).items() if not k.startswith("curve")} or None,
            "constraints": constraint_findings(result) if result["race"].constraints else [],
            "constraint_alpha": result["race"].constraint_alpha}


def write(result, out, command=""):
    """report.html, report.md, verdicts.json, charts/tune.png and tables/candidates.csv under `out`."""
    out = Path(out)
    (out / "charts").mkdir(parents=True, exist_ok=True)
    (out / "tables").mkdir(exist_ok=True)
    obj, table = result["objective"], result["table"]
    save_table(table, out / "tables" / "candidates.csv")
    write_text(out / "verdicts.json", V.to_json(verdicts_document(result)))
    words = L.unique_words(result["race"].labels, result["race"].values)   # the page names candidates in words
    swap = L.replacer(words)
    figure = tune_chart({**result, "table": table.assign(candidate=table["candidate"].map(swap))})
    save_figure(figure, out / "charts" / "tune.png")
    images = {"tune": (out / "charts" / "tune.png").read_bytes()}
    constrained = bool(result["race"].constraints)
    headers = ["candidate", "games", f"{obj.what} [95%]", "dropped in round", "verdict"] + \
        (["constraints"] if constrained else [])
    rows = [[swap(r.candidate), fmt.count(r.games), f"{show(obj, r.value)} {_bounds(obj, r._asdict(), '')}",
             "" if pd.isna(r.dropped_in_round) else str(int(r.dropped_in_round)), _verdict_word(result, r)] +
            ([r.constraints] if constrained else []) for r in table.itertuples()]
    rounds = [[str(r["round"]), fmt.count(r["candidates"]), fmt.count(r["games_per_candidate"]),
               fmt.count(r["kept"]), f"{r['alpha']:.4f}", fmt.count(r["games_spent"])] for r in result["race"].rounds]
    rounds.append(["conclusion", fmt.count(len(result["race"].finalists)), rounds[-1][2],
                   fmt.count(int(table["not_worse"].sum())), f"{result['race'].final_alpha:.4f}", rounds[-1][5]])
    a = result["race"].alpha
    doc = [("h1", f"Tune: {result['scenario']}: {obj.words}"),
           ("p", "Candidates race on the same games (common random numbers); after each round the ones "
                 "significantly worse than the best are dropped and the others play twice as many games."),
           ("h2", "What this says"), ("ul", [swap(x) for x in sentences(result)]),
           ("figure", "tune", f"{obj.what} per candidate"),
           ("table", headers, rows, "Highlighted: the best estimate and the candidates not told apart from it.",
            [i for i, r in enumerate(table.itertuples()) if r.not_worse]),
           ("h2", "Rounds"),
           ("table", ["round", "candidates", "games each", "kept", "error rate", "games so far"], rounds,
            f"Round r drops a candidate at error rate {a:g} / 2^(r+1); the conclusion judges the last round's "
            f"candidates again at what the earlier rounds left of {a:.0%} (at least {a / 2:.0%}), so a candidate "
            f"as good as the best is called worse anywhere in the race with probability at most {a:.0%}.", []),
           ("h2", "How to read this report"),
           ("ul", [_objective_words(obj),
                   "Significantly worse: Holm's method over every pair of candidates on the same games "
                   "(docs/verdicts.md): the chance that any candidate as good as the best is called worse, in any "
                   f"round or in the conclusion, is at most {a:.0%} (one budget for the whole race). The others are "
                   "not told apart from the best at the games played; 'Recommended' names a candidate only when "
                   "every other one is significantly worse and the aim is within reach.",
                   f"No candidate reaches the aim: every candidate's one-sided {1 - AIM_ALPHA:.0%} bound lies on the "
                   f"same side of it (wrong at most {AIM_ALPHA:.0%}); with the race's {a:.0%}"
                   + (f" and the constraints' {result['race'].constraint_alpha:.0%}" if constrained else "")
                   + f", everything this report says errs with at most "
                     f"{a + AIM_ALPHA + result['race'].constraint_alpha:.0%}.",
                   *(["Constraints (--constraint STAT<=LIMIT or >=): each round first settles them for every "
                      "candidate still in the race with one-sided bounds (Wilson for a share, normal for a mean), "
                      "Bonferroni over the candidates and constraints, at the constraints' share / 2^(r+1): one "
                      "shown to break a constraint leaves the race, and only those shown to meet every constraint "
                      "are judged against each other; a constraint binds where a candidate with a better estimate "
                      "on the aim broke it or was not shown to meet it."] if constrained else []),
                   "A full grid at the same precision would give every candidate as many games as the recommended "
                   "one got; the race spends its games on the candidates that are still in question."]),
           ("h2", "Reproduce"), ("pre", command)]
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, f"catan-balance tune: {result['scenario']}", images, L.tooltips(words)))
    return {"html": out / "report.html", "verdicts": out / "verdicts.json", "chart": out / "charts" / "tune.png"}


def _verdict_word(result, r):
    race = result["race"]
    if race.constraints and race.broken[r.Index] is not None:
        return "dropped: breaks a constraint"
    if not pd.isna(r.dropped_in_round):
        return "dropped: significantly worse"
    if race.constraints and not race.meets(r.Index):
        return "not shown to meet the constraints"
    if not r.not_worse:
        return f"significantly worse (p {fmt.p_value(r.p_worse)})"
    if r.Index == result["best"]:
        return "recommended" if recommended(result) else "closest estimate"
    return "equivalent to the best" if r.equivalent else "not told apart"


def _objective_words(obj):
    if obj.kind == "seat-fairness":
        return ("Seat effect: how far a seat's win rate typically is from the average seat's, corrected for dice "
                "noise (its square is estimated without bias); 95% bounds from the chi-square test.")
    if obj.kind == "policy-parity":
        return (f"{obj.policy}'s win rate per seat played minus the other policies', in percentage points, with "
                "a 95% interval; 0 is parity: the rule is neither a trap nor a must for that style. The race "
                "ranks candidates by the noise-corrected square of that difference.")
    if obj.kind in ("min", "max"):
        return (f"{obj.what.capitalize()}: its mean per game with a 95% interval (Wilson for a rate); the race ranks "
                f"candidates by that mean ({'smallest' if obj.kind == 'min' else 'largest'} first).")
    return (f"{obj.what.capitalize()}: its mean per game with a 95% interval (Wilson for a rate); the race ranks "
            f"candidates by the noise-corrected squared distance to {obj.target:g}.")
