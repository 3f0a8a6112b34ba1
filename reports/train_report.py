"""The result of `train` (simcore.studies.train): the race's judge, holdout win rates with intervals,
the trained preset file, the learning curve, a short report.

    judge(labels, data, alpha)       what simcore.studies.train's races call after each round
    summary(training)                holdout rates: trained and start, the paired difference
    write(training, out, command)    preset.toml, train.json, curve.csv, charts/learning_curve.png, report.md/html
"""
import datetime
import math
from pathlib import Path

import numpy as np
import pandas as pd

from policies import preset_file
from policies.weights import KIND_NAMES
from reports import fmt, stats
from reports.files import save_figure, save_table, write_text
from reports.rates import wilson
from reports.render import to_html, to_markdown
from reports.train_chart import learning_curve
from reports.verdicts import to_json


def judge(labels, data, alpha):
    """Keep a candidate unless it is significantly worse than the middle one (the (m+1)//2-th best
    of the m still racing), one-sided paired z test over the same games, Bonferroni over the m."""
    x = np.stack([d[:, 0] for d in data])            # candidates x games, 0/1
    m, n = x.shape
    means = x.mean(axis=1)
    ref = np.argsort(-means, kind="stable")[(m + 1) // 2 - 1]
    d = x - x[ref]
    sd = d.std(axis=1, ddof=1) if n > 1 else np.zeros(m)
    z = np.divide(d.mean(axis=1) * math.sqrt(n), sd, out=np.zeros(m), where=sd > 0)
    return list(z > -_z_one_sided(alpha / m))


def _z_one_sided(alpha):
    from scipy.stats import norm
    return float(norm.isf(alpha))


def rate_row(won):
    """{win_rate, lo, hi, games}: Wilson 95% interval."""
    n, k = len(won), int(np.sum(won))
    lo, hi = wilson(k, n)
    return {"win_rate": k / n if n else math.nan, "lo": lo, "hi": hi, "games": n}


def summary(training):
    """Holdout rates of the trained and the start preset on the same games, and their paired difference."""
    start, trained = training.holdout["start"], training.holdout["trained"]
    table = stats.paired_table(trained, start)
    lo, hi = stats.diff_ci_paired(*table)
    return {"trained": rate_row(trained), "start": rate_row(start),
            "difference": {"estimate": float(trained.mean() - start.mean()), "lo": lo, "hi": hi,
                           "p": stats.mcnemar_exact(table[1], table[2])}}


def curve_table(training):
    rows = []
    for i, c in enumerate(training.curve):
        rows.append({"round": c["round"], "generation": c["generation"], "training_games": c["games"],
                     **{k: v for k, v in rate_row(c["wins"]).items()}, "chosen": i == training.best})
    return pd.DataFrame(rows)


def show_rate(row):
    return fmt.rate(row["win_rate"], row["lo"], row["hi"])


def sentences(training, scenario_name, share):
    """The result in words: holdout rates side by side, whether the difference is supported."""
    s = summary(training)
    d = s["difference"]
    out = [f"Trained seat {training.seat} ({training.policy} as the start) of {scenario_name}: on "
           f"{fmt.count(s['trained']['games'])} fresh holdout games it wins {show_rate(s['trained'])}; the start "
           f"preset on the same games {show_rate(s['start'])}" + (f" (a fair share is {fmt.pct(share)})." if share == share
                                                              else ".")]
    if d["lo"] > 0:
        verdict = "better than the start, supported by the interval"
    elif d["hi"] < 0:
        verdict = "worse than the start (the budget was too small to find better weights)"
    else:
        verdict = "not distinguishable from the start at 95%"
    out.append(f"Difference {fmt.pp(d['estimate'])} [95%: {fmt.pp(d['lo'])}, {fmt.pp(d['hi'])}] (paired, McNemar p = "
               f"{d['p']:.3g}): {verdict}.")
    out.append(f"Training: {fmt.count(training.games)} games (validation checkpoints included) in "
               f"{training.seconds:.1f} s, {training.games_per_s:,.0f} games/s.")
    return out


def trained_weights(training):
    """{name: value} of the preset file's [weights]: every weight trained, and the start's other non-zero
    weights (not read in this game, kept so that the file holds the trained vector bit for bit)."""
    from policies.weights import WEIGHTS
    return {name: float(training.weights[i]) for name, (i, _) in WEIGHTS.items()
            if name in training.names or training.weights[i] != 0}


def kind_name(kind):
    return next(k for k, v in KIND_NAMES.items() if v == kind)


def write(training, out, scenario_name, command, share, name=None):
    """Everything under `out`; returns the paths."""
    out = Path(out)
    (out / "charts").mkdir(parents=True, exist_ok=True)
    s = summary(training)
    d = s["difference"]
    name = name or f"{scenario_name}-seat{training.seat}"
    provenance = {"scenario": scenario_name, "seat": training.seat, "start": training.policy,
                  "command": command, "date": datetime.date.today().isoformat(), "games": training.games,
                  "holdout_games": s["trained"]["games"],
                  "holdout_win_rate": round(s["trained"]["win_rate"], 4),
                  "holdout_ci95": [round(s["trained"]["lo"], 4), round(s["trained"]["hi"], 4)],
                  "start_win_rate": round(s["start"]["win_rate"], 4),
                  "start_ci95": [round(s["start"]["lo"], 4), round(s["start"]["hi"], 4)],
                  "difference": round(d["estimate"], 4),      # trained - start, paired on the same holdout games
                  "difference_ci95": [round(d["lo"], 4), round(d["hi"], 4)],
                  "difference_p": float(f"{d['p']:.3g}")}      # McNemar's exact test
    if training.commit:   # the code it was trained with: the command reproduces the preset there
        provenance["commit"] = training.commit
    description = (f"{name}: trained by catan-balance train (seat {training.seat} of {scenario_name}, from "
                   f"{training.policy}); holdout {show_rate(s['trained'])} vs {show_rate(s['start'])}")
    preset = out / "preset.toml"
    write_text(preset, preset_file.dumps(kind_name(training.kind), trained_weights(training), description,
                                         provenance))
    curve = curve_table(training)
    save_table(curve, out / "curve.csv")
    save_figure(learning_curve(curve, s, f"{scenario_name}, seat {training.seat}", share), out / "charts" /
                "learning_curve.png")
    words = sentences(training, scenario_name, share)
    write_text(out / "train.json", to_json({"scenario": scenario_name, "seat": training.seat,
                                            "start": training.policy, "holdout": s, "text": " ".join(words),
                                            "games": training.games, "seconds": training.seconds,
                                            "games_per_s": training.games_per_s, "command": command,
                                            "weights": trained_weights(training)}))
    start_w = {n: float(training.start[i]) for n, i in zip(training.names, _indices(training))}
    rows = [[n, f"{start_w[n]:.3g}", f"{v:.3g}"] for n, v in trained_weights(training).items() if n in start_w]
    doc = [("h1", f"Train: {scenario_name}, seat {training.seat}"), ("h2", "What this says"), ("ul", words),
           ("figure", "learning_curve", "Validation win rate of the search's mean"),
           ("table", ["weight", f"start ({training.policy})", "trained"], rows,
            "0 = off. The trained weights are in preset.toml; a scenario seat names it by its path.", []),
           ("h2", "Reproduce"), ("pre", command)]
    images = {"learning_curve": (out / "charts" / "learning_curve.png").read_bytes()}
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, f"catan-balance train: {scenario_name}", images))
    return {"preset": preset, "chart": out / "charts" / "learning_curve.png", "html": out / "report.html"}


def _indices(training):
    from policies.weights import WEIGHTS
    return [WEIGHTS[n][0] for n in training.names]


def fair_share(scenario):
    """The win rate of a seat if every seat were equally strong: 1/players (a solo mode: none, n/a)."""
    return 1.0 / scenario.players if scenario.players > 1 else math.nan


def exploit_gap(rule, baseline):
    """The trained seat's holdout rate under the rule minus under the baseline, Newcombe 95% interval."""
    a, b = rule.holdout["trained"], baseline.holdout["trained"]
    lo, hi = stats.diff_ci_unpaired(int(a.sum()), len(a), int(b.sum()), len(b))
    return {"estimate": float(a.mean() - b.mean()), "lo": lo, "hi": hi}


def exploit_sentences(rule, rule_scenario, baseline, base_scenario):
    r, b = summary(rule), summary(baseline)
    gap = exploit_gap(rule, baseline)
    out = [f"Under {rule_scenario.name} a tuned player in seat {rule.seat} wins {show_rate(r['trained'])} against the "
           f"field (untuned {show_rate(r['start'])}); under {base_scenario.name} {show_rate(b['trained'])} "
           f"(untuned {show_rate(b['start'])}), on fresh holdout games."]
    gains = [fmt.pp(x["difference"]["estimate"]) for x in (r, b)]
    out.append(f"Exploitability gap {fmt.pp(gap['estimate'])} [95%: {fmt.pp(gap['lo'])}, {fmt.pp(gap['hi'])}]; "
               f"training gained {gains[0]} under the rule and {gains[1]} under the baseline.")
    if gap["lo"] > 0:
        out.append("A tuned player does significantly better under the rule than under the baseline: the rule "
                   "rewards a strategy the hand-written bots do not play, a balance question worth a look.")
    elif gap["hi"] < 0:
        out.append("A tuned player does significantly worse under the rule than under the baseline: the rule "
                   "levels the field rather than opening an exploit.")
    else:
        out.append("No significant gap: at this budget the rule opens no exploit a tuned player finds beyond "
                   "what the baseline allows (a larger --budget searches harder).")
    mine, theirs = ([x.policy for i, x in enumerate(sc.seats) if i != rule.seat] for sc in (rule_scenario, base_scenario))
    if sorted(mine) != sorted(theirs):
        out.append(f"The other seats differ ({rule_scenario.name}: {', '.join(mine)}; {base_scenario.name}: "
                   f"{', '.join(theirs)}), so part of the gap may be weaker or stronger opponents rather than the "
                   "rule; a baseline scenario with the same seats separates the two.")
    if rule.games < 200_000:
        out.append(f"Budget: {fmt.count(rule.games)} training games each; a best response is only as good as its "
                   "search, so a gap is a lower bound on what a stronger player could find.")
    return out


def write_exploit(words, results, rule_scenario, base_scenario, out, command):
    out = Path(out)
    gap = exploit_gap(results["rule"], results["baseline"])
    doc_json = {"rule": rule_scenario.name, "baseline": base_scenario.name, "seat": results["rule"].seat,
                "holdout": {k: summary(v) for k, v in results.items()}, "gap": gap, "text": " ".join(words),
                "command": command}
    write_text(out / "exploit.json", to_json(doc_json))
    rows = [[rule_scenario.name if k == "rule" else base_scenario.name, show_rate(s["start"]),
             show_rate(s["trained"]), fmt.pp(s["difference"]["estimate"])]
            for k, s in doc_json["holdout"].items()]
    doc = [("h1", f"Exploit: {rule_scenario.name} against {base_scenario.name}"), ("h2", "What this says"),
           ("ul", words),
           ("table", ["rules", "start preset [95%]", "tuned [95%]", "gain"], rows,
            "Win rates of the trained seat on fresh holdout games; each side's learning curve and preset are in "
            "rule/ and baseline/.", []),
           ("h2", "Reproduce"), ("pre", command)]
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, f"catan-balance exploit: {rule_scenario.name}", {}))
    return {"html": out / "report.html", "json": out / "exploit.json"}
