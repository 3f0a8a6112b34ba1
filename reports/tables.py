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
    fairness     per setting: seat win rates, their spread with 95% interval, the spread
                 noise alone would give, chi-square test of equal seat win rates
    flows        resources gained by source and spent by use, VP by source, per policy
    counters     pieces, cards and variant counters per player and game, per policy
    game_length  player-turns per game: mean, sd, quantiles (whole turns: the length some game had),
                 games without a winner (runs of two or more players)
    measures     variant game-level numbers (e.g. both sides' VP in Robin Hood)
"""
import numpy as np
import pandas as pd

from reports import stats
from reports.variants import flows_off, outcome_words
from simcore import grid

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


def comparisons(study):
    """Every setting but the baseline against the baseline, outcome by outcome."""
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
            if _constant(hit, base_hit) or not trials or not base_trials:
                continue
            rows.append({**_front(study, i), "baseline": base.label, "group": key[0], "outcome": key[1],
                         "label": outcome_words(*key),
                         **_compare(hit, trials, base_hit, base_trials, paired)})
    df = pd.DataFrame(rows)
    if len(df):
        df["p_adj"] = stats.adjust(df["p"].to_numpy(), study.correction)
        df["significant"] = df["p_adj"] < ALPHA
    return df


def _constant(hit, base_hit):
    """Never (or always) happens in both settings: nothing to test (e.g. the policy of every seat)."""
    return (not hit.any() and not base_hit.any()) or (hit.all() and base_hit.all())


def _compare(hit, trials, base_hit, base_trials, paired):
    """Rates per trial; paired (game by game) when both played the same games with the same trials."""
    n, n_base = len(hit), len(base_hit)
    rate, base_rate = hit.sum() / trials, base_hit.sum() / base_trials
    same = paired and trials == base_trials
    if same:
        both, only_x, only_y, neither = stats.paired_table(hit, base_hit)
        lo, hi = stats.diff_ci_paired(both, only_x, only_y, neither)
        test, p = "McNemar exact (paired games)", stats.mcnemar_exact(only_x, only_y)
        lo, hi = lo * n / trials, hi * n / trials  # per game -> per trial
    else:
        wins, base_wins = int(hit.sum()), int(base_hit.sum())
        lo, hi = stats.diff_ci_unpaired(wins, trials, base_wins, base_trials)
        test, p = stats.two_by_two(wins, trials, base_wins, base_trials)
        test += " (unpaired)"
    return {"games": n, "baseline_games": n_base, "paired": bool(same),
            "rate": rate, "baseline_rate": base_rate, "diff": rate - base_rate, "diff_lo": lo, "diff_hi": hi,
            "test": test, "p": p}


def fairness(study):
    """Per setting: how unequal the table seats' win rates are (runs of two or more players)."""
    rows = []
    for i, run in enumerate(study.runs):
        if run.players < 2:
            continue
        counts = np.bincount(run.winner_seat[run.winner_seat >= 0], minlength=run.players)[:run.players]
        chi2, df, p = stats.equal_rates(counts)
        lo, hi = stats.spread_interval(counts, run.games)
        won = int(counts.sum())
        rows.append({**_front(study, i), "games": run.games, "won_games": won, "players": run.players,
                     **{f"seat {k}": counts[k] / run.games for k in range(run.players)},
                     "spread": stats.spread(run.winner_seat, run.players), "spread_lo": lo, "spread_hi": hi,
                     "noise_spread": stats.null_spread(run.games, won / run.games if run.games else 0, run.players),
                     "chi2": chi2, "df": df, "p": p})
    df = pd.DataFrame(rows)
    if len(df):
        df["p_adj"] = stats.adjust(df["p"].to_numpy(), study.correction)
        df["fairest"] = df["spread"] == df["spread"].min()
    return df


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


def all_tables(study):
    return {"win_rates": win_rates(study), "comparisons": comparisons(study), "fairness": fairness(study),
            "flows": flows(study), "counters": counters(study), "game_length": game_length(study),
            "measures": measures(study)}
