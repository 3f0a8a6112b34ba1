"""The report's numbers as tables (pandas DataFrames), one row per setting and thing measured.

Every table starts with the setting (`setting`, and the value of each swept key)
and says how many games each number rests on (`games`; `seat_games` where a
number is per player and game).

    win_rates    wins and win rate with 95% Wilson interval: per table seat, per policy
                 (per seat it occupied), no-winner games, and variant outcomes (e.g. endings);
                 a one-player run (Robin Hood) has no seat or no-winner rows: its variant
                 outcomes say who won (the Sheriff, Robin, a draw)
    comparisons  each setting against the baseline, per outcome: difference with 95%
                 interval (Newcombe), test, p and the corrected p (Holm or BH)
    (win_rates and comparisons keep outcome codes in `outcome` and name them in words in `label`,
    as the report's sentences and tables do: "the Sheriff's wins" for robin_winner "sheriff")
    fairness     per setting: seat win rates, the seat effect corrected for dice noise with
                 bounds simultaneous over the settings, the chi-square test of equal seats
                 (Bonferroni-corrected), the raw spread and the spread noise alone would give,
                 and whether the setting is tied for fairest (reports.verdicts)
    style_fairness  the same for the policies (win rate per seat played)
    verdicts     the fairest sets of the seats and the styles, one row per measure and setting
    questions    a variant's own question about one policy (trap, must, level), one row per setting
    flows        resources gained by source and spent by use, VP by source, per policy
    counters     pieces, cards and variant counters per player and game, per policy
    game_length  player-turns per game: mean, sd, quantiles (whole turns: the length some game had),
                 games without a winner (runs of two or more players)
    measures     variant game-level numbers (e.g. both sides' VP in Robin Hood)
    feel         how the game plays (reports.feel): per setting, the lead, comebacks, decisive share, length
    feel_differences  its tested measures against the baseline, corrected together with `comparisons`
"""
import numpy as np
import pandas as pd

from reports import budget, feel, stats
from reports.question import scenario_question, table as question_table
from reports.skill import gradient
from reports.variants import REGISTRY, flows_off, outcome_words
from reports.verdicts import study_measures, study_verdicts
from simcore.run import grid

ALPHA = 0.05
FLOW_KINDS = (("gain", "gain_"), ("spend", "spend_"), ("vp", "vp_"))
QUANTILES = (0.05, 0.25, 0.75, 0.95)   # game length: p5, q25, q75, p95


def _front(study, i):
    run = study.runs[i]
    row = {"setting": run.label}
    for key in study.vary:
        row[key] = grid.show(run.values.get(key))
    return row


def outcomes(run):
    """(group, outcome) -> (0/1 per game, trials): trials are games, or for a policy the
    seat-games it played (a policy in two seats of every game: 2 x games; one that
    alternates with another: the games it sat in).  A one-player run has no table seats
    to tell apart and no 'no winner' (its variant's outcomes say who won instead)."""
    n = run.games
    several = run.players > 1
    out = {("seat", f"seat {k}"): (run.winner_seat == k, n) for k in range(run.players)} if several else {}
    for label in run.labels:
        specs = [i for i, x in enumerate(run.spec_labels) if x == label]
        out[("policy", label)] = (np.isin(run.winner_spec, specs), int(run.seat_games.get(label, 0)))
    if several:
        out[("game", "no winner")] = (run.winner_seat < 0, n)
    for column, values in run.categories.items():
        for value in sorted(set(values)):
            out[(column, value)] = (values == value, n)
    return out


def win_rates(study):
    rows = []
    for i, run in enumerate(study.runs):
        for (group, name), (hit, trials) in outcomes(run).items():
            count = int(hit.sum())
            lo, hi = stats.wilson(count, trials)
            rows.append({**_front(study, i), "group": group, "outcome": name,
                         "label": outcome_words(group, name), "games": run.games,
                         "trials": trials, "count": count, "rate": count / trials if trials else np.nan,
                         "ci_lo": lo, "ci_hi": hi})
    return pd.DataFrame(rows)


def comparisons(study, alpha=ALPHA):
    """Every setting but the baseline against the baseline, outcome by outcome (differences)."""
    return differences(study, alpha)[0]


def differences(study, alpha=ALPHA):
    """(comparisons, feel_differences): every setting but the baseline against the baseline, outcome by
    outcome, and measure by measure of how the game plays (reports.feel.TESTED); the study's correction over
    the rows of both together, one family (docs/verdicts.md).  alpha: the family's share of the report's
    budget (reports.budget, `baseline`), split in half between differences and, with a margin, equivalence;
    p_adj and p_equivalent_adj are the corrected p-values scaled to ALPHA (p_adj < ALPHA exactly where the
    corrected p is below the share), as fairness's."""
    c, f = _outcome_rows(study), _feel_rows(study)
    share = alpha / 2 if study.margin is not None else alpha
    if len(c) or len(f):
        adjusted = stats.adjust(np.concatenate([c["p"].to_numpy(float) if len(c) else [],
                                                f["p"].to_numpy(float) if len(f) else []]), study.correction)
        adjusted = np.minimum(adjusted * ALPHA / share, 1.0)
        for df, part in ((c, adjusted[:len(c)]), (f, adjusted[len(c):])):
            if len(df):
                df["alpha"] = share
                df["p_adj"] = part
                df["significant"] = df["p_adj"] < ALPHA
    if len(c) and study.margin is not None:   # equivalence within the margin: TOST p, Holm over the table
        c["p_equivalent_adj"] = np.minimum(stats.adjust(c["p_equivalent"].to_numpy(), "holm") * ALPHA / share, 1.0)
        c["equivalent"] = c["p_equivalent_adj"] < ALPHA
    f.attrs["family"] = len(c) + len(f)
    return c, f


def _feel_rows(study):
    """The tested measures of how the game plays, each setting against the baseline: comebacks as the
    other outcomes' rates are compared (_compare), means by t tests (_mean_row)."""
    base = feel.per_game(study.base)
    rows = []
    for i, run in enumerate(study.runs):
        if i == study.baseline:
            continue
        mine = feel.per_game(run)
        for name in feel.TESTED:
            if name not in mine or name not in base:
                continue
            if feel.MEASURES[name][0] == "mean":
                row = _mean_row(mine[name], base[name], study.paired)
            else:
                (hit, trials), (base_hit, base_trials) = feel.rate_outcome(mine[name]), feel.rate_outcome(base[name])
                if not trials or not base_trials or _constant(hit, trials, base_hit, base_trials):
                    continue
                row = _compare(hit, trials, base_hit, base_trials, study.paired)
            rows.append({**_front(study, i), "baseline": study.base.label, "measure": name,
                         "label": study.turns_name if name == "turns" else feel.words(name),
                         "kind": feel.MEASURES[name][0], **row})
    return pd.DataFrame(rows)


def _mean_row(values, base_values, paired):
    """A mean of how the game plays against the baseline's: the columns of a comparisons row (`rate`: the mean);
    game by game where both played the same games and every game has a value."""
    ok, base_ok = values[~np.isnan(values)], base_values[~np.isnan(base_values)]
    paired = paired and len(ok) == len(values) == len(base_values) == len(base_ok)
    diff, lo, hi, test, p = stats.mean_difference(ok, base_ok, paired)
    return {"games": len(ok), "baseline_games": len(base_ok), "paired": bool(paired), "rate": float(ok.mean()),
            "baseline_rate": float(base_ok.mean()), "diff": diff, "diff_lo": lo, "diff_hi": hi, "test": test, "p": p}


def _outcome_rows(study):
    base = study.base
    base_out = outcomes(base)
    paired = study.paired
    rows = []
    for i, run in enumerate(study.runs):
        if i == study.baseline:
            continue
        for key, (hit, trials) in outcomes(run).items():
            if key not in base_out:
                continue
            base_hit, base_trials = base_out[key]
            if not trials or not base_trials or _constant(hit, trials, base_hit, base_trials):
                continue
            rows.append({**_front(study, i), "baseline": base.label, "group": key[0], "outcome": key[1],
                         "label": outcome_words(*key),
                         **_compare(hit, trials, base_hit, base_trials, paired, study.margin)})
    return pd.DataFrame(rows)


def _constant(hit, trials, base_hit, base_trials):
    """Never (or on every trial) happens in both settings: nothing to test.  Per trial, not per game: a
    policy in every seat wins every game, but its win rate per seat played still moves with its seats."""
    return (not hit.any() and not base_hit.any()) or (hit.sum() == trials and base_hit.sum() == base_trials)


def _compare(hit, trials, base_hit, base_trials, paired, margin=None):
    """Rates per trial; paired (game by game) when both played the same games with the same trials.
    With a margin (percentage points) also the TOST p of "the rates differ by less than the margin"."""
    n, n_base = len(hit), len(base_hit)
    rate, base_rate = hit.sum() / trials, base_hit.sum() / base_trials
    same = paired and trials == base_trials
    if same:
        both, only_x, only_y, neither = stats.paired_table(hit, base_hit)
        lo, hi = stats.diff_ci_paired(both, only_x, only_y, neither)
        test, p = "McNemar exact (paired games)", stats.mcnemar_exact(only_x, only_y)
        lo, hi = lo * n / trials, hi * n / trials  # per game -> per trial
        if margin is not None:
            equivalent = stats.tost_paired(hit * n / trials, base_hit * n / trials, margin / 100)
    else:
        wins, base_wins = int(hit.sum()), int(base_hit.sum())
        lo, hi = stats.diff_ci_unpaired(wins, trials, base_wins, base_trials)
        test, p = stats.two_by_two(wins, trials, base_wins, base_trials)
        test += " (unpaired)"
        if margin is not None:
            equivalent = stats.tost_unpaired(wins, trials, base_wins, base_trials, margin / 100)
    out = {"games": n, "baseline_games": n_base, "paired": bool(same),
           "rate": rate, "baseline_rate": base_rate, "diff": rate - base_rate, "diff_lo": lo, "diff_hi": hi,
           "test": test, "p": p}
    if margin is not None:
        out["p_equivalent"] = equivalent
    return out


def fairness(study, verdict=None, alpha=ALPHA):
    """Per setting: the table seats' effect on the win rate (runs of two or more players).

    effect: root of the noise-corrected variance of the seat win rates (stats.effect), with a
    two-sided interval that is simultaneous over the settings (each at 1 - 0.05 / settings: 95%
    jointly) and agrees with the Bonferroni-corrected chi-square p beside it (its lower end is above 0
    exactly where that p is below 0.05); spread and noise_spread: the raw largest minus smallest seat
    win rate and what equal seats would show (kept for reference).
    verdict: the seats' verdict (reports.verdicts): `verdict`, `less_fair` and `p_less_fair` per setting.
    alpha: the tests' share of the report's budget (reports.budget: a single run's seats and styles share
    it); p_adj is below ALPHA exactly where p is below alpha / settings.
    """
    rows = []
    runs = [(i, run) for i, run in enumerate(study.runs) if run.players > 1]
    level = 1 - alpha / max(len(runs), 1)
    for i, run in runs:
        counts = np.bincount(run.winner_seat[run.winner_seat >= 0], minlength=run.players)[:run.players]
        e = stats.effect(counts, np.ones(run.players), run.games, level)
        won = int(counts.sum())
        rows.append({**_front(study, i), "games": run.games, "won_games": won, "players": run.players,
                     **{f"seat {k}": counts[k] / run.games for k in range(run.players)},
                     **_effect_columns(e, level), "joint_alpha": alpha,
                     "spread": stats.spread(run.winner_seat, run.players),
                     "noise_spread": stats.null_spread(run.games, won / run.games if run.games else 0, run.players)})
    return _with_verdict(pd.DataFrame(rows), verdict, len(runs) * ALPHA / alpha)


def _effect_columns(e, level):
    return {"effect": e["estimate"], "effect_sq": e["estimate_sq"], "effect_lo": e["lo"], "effect_hi": e["hi"],
            "bound_level": level, "bound_alpha": 1 - level, "chi2": e["chi2"], "df": e["df"], "p": e["p"]}


def _with_verdict(df, verdict, family):
    """Bonferroni p over the settings (the bounds' correction: p times `family`, the settings over the tests'
    share of ALPHA) and the verdict's fairest set."""
    if not len(df):
        return df
    df["p_adj"] = np.minimum(df["p"].to_numpy() * family, 1.0)
    chosen = {s["setting"]: s for s in (verdict or {}).get("settings", [])}
    df["verdict"] = [chosen.get(x, {}).get("verdict", "") for x in df["setting"]]
    df["less_fair"] = [bool(chosen.get(x, {}).get("less_fair", False)) for x in df["setting"]]
    df["p_less_fair"] = [chosen.get(x, {}).get("p_less_fair", np.nan) for x in df["setting"]]
    return df


def style_fairness(study, verdict=None, alpha=ALPHA):
    """Per setting: the policies' effect on the win rate per seat played (policy parity).

    Policies sharing every game (a policy in k of the table seats): stats.effect on the wins per
    policy, as for the seats.  A solo run's policies take turns: the noise-corrected variance of
    independent rates (stats.binomial_effect) with bounds from the chi-square test of a 2 x policies table.
    alpha: as fairness's.
    """
    rows = []
    runs = [(i, run) for i, run in enumerate(study.runs) if len(run.labels) > 1]
    level = 1 - alpha / max(len(runs), 1)
    for i, run in runs:
        labels = run.labels
        wins = np.array([np.isin(run.winner_spec, [j for j, x in enumerate(run.spec_labels) if x == label]).sum()
                         for label in labels], dtype=float)
        played = np.array([float(run.seat_games.get(label, 0)) for label in labels])
        if run.players > 1 and len(run.spec_labels) == run.players:
            seats = np.array([run.spec_labels.count(x) for x in labels], dtype=float)
            e = stats.effect(wins, seats, run.games, level)
        else:
            e = stats.binomial_effect(wins, played, level)
        rows.append({**_front(study, i), "games": run.games, "policies": len(labels),
                     **{f"{x} rate": wins[j] / played[j] if played[j] else np.nan for j, x in enumerate(labels)},
                     **_effect_columns(e, level), "joint_alpha": alpha})
    return _with_verdict(pd.DataFrame(rows), verdict, len(runs) * ALPHA / alpha)


def verdict_rows(verdicts):
    """The verdicts (reports.verdicts.study_verdicts) as a table: one row per measure and setting."""
    rows = [{"measure": key, "objective": v["objective"], **s, "games": v["games"][s["setting"]],
             "paired": v["paired"], "margin": v["margin"], "alpha": v["alpha"], "text": v["text"],
             "test": v["test"],
             "family": v["family"], "p_settings_differ": v["p_settings_differ"], "games_to_tell_apart": v["games_to_tell_apart"]}
            for key, v in verdicts.items() for s in v["settings"]]
    return pd.DataFrame(rows)


def _per_policy(study, pick):
    """Rows of per-player means: pick(suffix) -> (kind, name) or None for the seat columns to use."""
    rows = []
    for i, run in enumerate(study.runs):
        sums, squares, n = run.seat_sums, run.seat_sq, run.seat_games
        for label in [*run.labels, "all"]:
            if label == "all":
                total, total_sq, count = sums.sum(), squares.sum(), n.sum()
            else:
                total, total_sq, count = sums.loc[label], squares.loc[label], n.loc[label]
            for suffix in sums.columns:
                kind = pick(suffix)
                if kind is None:
                    continue
                mean, lo, hi = stats.mean_ci(float(total[suffix]), float(total_sq[suffix]), int(count))
                rows.append({**_front(study, i), "policy": label, **kind, "seat_games": int(count),
                             "mean": mean, "ci_lo": lo, "ci_hi": hi})
    return pd.DataFrame(rows)


def _flow_kind(suffix):
    for kind, prefix in FLOW_KINDS:
        if suffix.startswith(prefix):
            return {"kind": kind, "source": suffix[len(prefix):]}
    return None


def flows(study):
    """Flows per policy; a variant's own sources and uses are left out where they are 0 because
    the variant is off in every run (reports.variants `flow_columns`)."""
    df = _per_policy(study, _flow_kind)
    if not len(df):
        return df
    off = flows_off({name for run in study.runs for name in run.variants})
    suffix = df["kind"] + "_" + df["source"]
    zero = suffix.isin(off) & ~suffix.isin(set(suffix[df["mean"] != 0]))
    return df[~zero].reset_index(drop=True)


def counters(study):
    return _per_policy(study, lambda s: None if _flow_kind(s) else {"counter": s})


def game_length(study):
    rows = []
    for i, run in enumerate(study.runs):
        t = run.turns.astype(float)
        # Quantiles of whole turns: the q quantile is the fewest turns that at least q of the games
        # do not exceed (numpy's 'inverted_cdf'), always a length some game had; the median is the usual one.
        q = np.quantile(t, QUANTILES, method="inverted_cdf") if len(t) else [np.nan] * 4
        row = {**_front(study, i), "games": run.games, "mean": t.mean() if len(t) else np.nan,
               "sd": t.std(ddof=1) if len(t) > 1 else np.nan, "p5": q[0], "q25": q[1],
               "median": np.median(t) if len(t) else np.nan, "q75": q[2], "p95": q[3],
               "max": t.max() if len(t) else np.nan}
        if run.players > 1:  # solo: winner_seat -1 is Robin's win or a draw, not a game cut off
            row["no_winner"] = int((run.winner_seat < 0).sum())
        rows.append(row)
    return pd.DataFrame(rows)


def measures(study):
    rows = []
    for i, run in enumerate(study.runs):
        for column, values in run.measures.items():
            ok = values[~np.isnan(values)]
            mean, lo, hi = stats.mean_ci(float(ok.sum()), float((ok ** 2).sum()), len(ok))
            rows.append({**_front(study, i), "column": column, "games": len(ok), "mean": mean,
                         "ci_lo": lo, "ci_hi": hi})
    return pd.DataFrame(rows)


def answers(study, shares=None):
    """{name: verdict} of the active variants' own questions, the scenario's (reports.question) and the skill
    gradient (reports.skill), each
    at its share of the report's budget (`shares`, report_budget's; ALPHA without)."""
    shares = shares or {}

    def alpha(name):
        return shares.get(f"question {name}", ALPHA)
    out = {name: answer for name, entry in REGISTRY.items() if entry.question is not None
           and (answer := entry.question(study, study.margin, alpha(name)))}
    own = scenario_question(study, study.margin, alpha("scenario"))  # unless a variant asks the same
    if own and not any(a["policy"] == own["policy"] and a.get("against") == own.get("against")
                       for a in out.values()):
        out["scenario"] = own
    skill = gradient(study, study.margin, alpha("skill"))   # sweep --skill's runs (reports.skill)
    if skill:
        out["skill"] = skill
    return out


def questions(study, shares=None):
    """The answers (answers) as rows; the verdicts in `.attrs['answers']`."""
    asked = answers(study, shares)
    df = question_table(asked)
    df.attrs["answers"] = asked
    return df


def report_budget(study):
    """{family: its share of the report's 5%} (reports.budget): the settings' verdicts and the margin's
    'equivalent' (two or more settings), each setting's own tests of equal seats and styles, the differences
    against the baseline; a single run's tests of equal seats and of equal styles; and every question the report
    answers with words about settings."""
    runs = study.runs
    if len(runs) > 1:
        names = ["settings"] if study_measures(study) else []
        names += ["margin"] if names and study.margin is not None else []
        names += ["each setting"] if any(run.players > 1 or len(run.labels) > 1 for run in runs) else []
        names += ["baseline"]
    else:
        names = (["seats"] if runs and runs[0].players > 1 else []) + \
            (["styles"] if runs and len(runs[0].labels) > 1 else [])
    names += [f"question {name}" for name, a in answers(study).items() if a.get("settings")]
    return budget.split(names) if names else {}


def all_tables(study):
    shares = report_budget(study)
    verdicts = study_verdicts(study, study.margin, shares.get("settings", ALPHA), shares.get("margin"))
    rows = verdict_rows(verdicts)
    rows.attrs["budget"] = shares
    seats, styles = shares.get("seats", ALPHA), shares.get("styles", ALPHA)
    if "each setting" in shares:   # the seats' and the styles' tests per setting share the family
        both = any(run.players > 1 for run in study.runs) and any(len(run.labels) > 1 for run in study.runs)
        seats = styles = shares["each setting"] / (2 if both else 1)
    compared, feel_compared = differences(study, shares.get("baseline", ALPHA))
    return {"win_rates": win_rates(study), "comparisons": compared, "feel": feel.table(study),
            "feel_differences": feel_compared,
            "fairness": fairness(study, verdicts.get("seats"), seats),
            "style_fairness": style_fairness(study, verdicts.get("styles"), styles),
            "verdicts": rows,
            "flows": flows(study), "counters": counters(study), "game_length": game_length(study),
            "measures": measures(study), "questions": questions(study, shares)}
