"""Statistics of the reports: intervals, tests between settings, multiple-testing corrections.

Proportions get Wilson intervals; a difference of two proportions gets
Newcombe's hybrid score interval (method 10: built from the two Wilson
intervals), paired or unpaired.  Tests: exact McNemar for paired wins (the same
game seeds in both settings), Pearson chi-square or Fisher exact for unpaired
counts, chi-square goodness of fit for "every seat wins equally often".
Corrections: Holm (family-wise error) and Benjamini-Hochberg (false discovery rate).
Fairness: the spread of seat win rates with an interval from Scheffe's
simultaneous intervals, and the spread equal seats would show by chance.
"""
import math

import numpy as np
from scipy import stats as st

from reports.rates import Z95, wilson

CORRECTIONS = {"holm": "Holm", "bh": "Benjamini-Hochberg"}


def diff_ci_unpaired(wins_a, n_a, wins_b, n_b, z=Z95):
    """Newcombe's method-10 interval for p_a - p_b of two independent samples."""
    p_a, p_b = wins_a / n_a, wins_b / n_b
    l_a, u_a = wilson(wins_a, n_a, z)
    l_b, u_b = wilson(wins_b, n_b, z)
    d = p_a - p_b
    return d - math.hypot(p_a - l_a, u_b - p_b), d + math.hypot(u_a - p_a, p_b - l_b)


def paired_table(x, y):
    """(both, only_x, only_y, neither) of two 0/1 vectors over the same games."""
    x, y = np.asarray(x, bool), np.asarray(y, bool)
    return int((x & y).sum()), int((x & ~y).sum()), int((~x & y).sum()), int((~x & ~y).sum())


def diff_ci_paired(both, only_x, only_y, neither, z=Z95):
    """Newcombe's method-10 interval for p_x - p_y when x and y are measured on the same games.

    p_x = (both + only_x) / n, p_y = (both + only_y) / n; the two Wilson intervals
    are combined with the (continuity-corrected) correlation phi of the pairs.
    """
    n = both + only_x + only_y + neither
    p_x, p_y = (both + only_x) / n, (both + only_y) / n
    l_x, u_x = wilson(both + only_x, n, z)
    l_y, u_y = wilson(both + only_y, n, z)
    margins = (both + only_x) * (only_y + neither) * (both + only_y) * (only_x + neither)
    cross = both * neither - only_x * only_y
    corrected = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0.0)
    phi = corrected / math.sqrt(margins) if margins else 0.0
    d = p_x - p_y
    below = (p_x - l_x) ** 2 - 2 * phi * (p_x - l_x) * (u_y - p_y) + (u_y - p_y) ** 2
    above = (p_y - l_y) ** 2 - 2 * phi * (p_y - l_y) * (u_x - p_x) + (u_x - p_x) ** 2
    return d - math.sqrt(max(below, 0.0)), d + math.sqrt(max(above, 0.0))


def mcnemar_exact(only_x, only_y):
    """Two-sided exact McNemar p: the discordant pairs split as a fair coin would?"""
    discordant = only_x + only_y
    if discordant == 0:
        return 1.0
    return float(st.binomtest(only_x, discordant, 0.5).pvalue)


def two_by_two(wins_a, n_a, wins_b, n_b):
    """(test name, p) for two independent proportions: Pearson chi-square without
    continuity correction, or Fisher exact when an expected count is below 5."""
    table = np.array([[wins_a, n_a - wins_a], [wins_b, n_b - wins_b]])
    if table.sum(axis=0).min() == 0:  # nobody (or everybody) won anywhere: no evidence either way
        return "chi-square", 1.0
    expected = st.contingency.expected_freq(table)
    if expected.min() < 5:
        return "Fisher exact", float(st.fisher_exact(table).pvalue)
    return "chi-square", float(st.chi2_contingency(table, correction=False).pvalue)


def equal_rates(counts):
    """Chi-square goodness of fit of win counts to equal shares: (statistic, df, p)."""
    counts = np.asarray(counts, dtype=float)
    if counts.sum() == 0 or len(counts) < 2:
        return math.nan, len(counts) - 1, math.nan
    result = st.chisquare(counts)
    return float(result.statistic), len(counts) - 1, float(result.pvalue)


def holm(p):
    """Holm's step-down adjusted p-values, in the input order (NaN stays NaN)."""
    return _adjust(p, lambda ranked, m: np.maximum.accumulate(ranked * (m - np.arange(m))))


def bh(p):
    """Benjamini-Hochberg adjusted p-values (q-values), in the input order (NaN stays NaN)."""
    def step_up(ranked, m):
        scaled = ranked * m / np.arange(1, m + 1)
        return np.minimum.accumulate(scaled[::-1])[::-1]
    return _adjust(p, step_up)


def adjust(p, method):
    return {"holm": holm, "bh": bh}[method](p)


def _adjust(p, rule):
    p = np.asarray(p, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = ~np.isnan(p)
    m = int(ok.sum())
    if m:
        order = np.argsort(p[ok], kind="stable")
        adjusted = np.empty(m)
        adjusted[order] = np.minimum(rule(p[ok][order], m), 1.0)
        out[ok] = adjusted
    return out


# --- fairness: the spread of seat win rates ---

def spread(winners, players):
    """Largest minus smallest seat win rate; winners: winning seat per game, -1 = none."""
    rates = np.bincount(winners[winners >= 0], minlength=players)[:players] / max(len(winners), 1)
    return float(rates.max() - rates.min())


def spread_interval(counts, games, level=0.95):
    """Interval for the true spread (largest minus smallest seat win rate).

    Scheffe's simultaneous intervals for every difference between two seats
    (multinomial variances, critical value sqrt(chi-square quantile, seats - 1 df)):
    the spread is at least the largest lower end and at most the largest upper end.
    It holds with at least `level` probability, agrees with the chi-square test of
    equal seats, and stays honest near 0, where the observed spread is inflated by noise.
    """
    if games == 0 or len(counts) < 2:
        return math.nan, math.nan
    p = np.asarray(counts, dtype=float) / games
    c = math.sqrt(st.chi2.ppf(level, len(p) - 1))
    lo = hi = 0.0
    for i in range(len(p)):
        for j in range(len(p)):
            if i != j:
                d = p[i] - p[j]
                half = c * math.sqrt(max(p[i] + p[j] - d * d, 0.0) / games)
                lo, hi = max(lo, float(d - half)), max(hi, float(d + half))
    return lo, hi


def null_spread(games, won_share, players, samples=2000, seed=1):
    """Mean spread of `games` games if every seat were equally strong (the noise level)."""
    if games == 0 or players < 2:
        return math.nan
    rng = np.random.default_rng(seed)
    probs = [won_share / players] * players + [1 - won_share]
    counts = rng.multinomial(games, probs, size=samples)[:, :players] / games
    return float((counts.max(axis=1) - counts.min(axis=1)).mean())


def mean_ci(total, total_sq, n, z=Z95):
    """(mean, lo, hi) of a mean from its sum and sum of squares (normal approximation)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half
