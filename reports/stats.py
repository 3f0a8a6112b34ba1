"""Statistics of the reports: intervals, tests between settings, multiple-testing corrections.

Proportions get Wilson intervals; a difference of two proportions gets
Newcombe's hybrid score interval (method 10: built from the two Wilson
intervals), paired or unpaired.  Tests: exact McNemar for paired wins (the same
game seeds in both settings), Pearson chi-square or Fisher exact for unpaired
counts, chi-square goodness of fit for "every seat wins equally often".
Corrections: Holm (family-wise error) and Benjamini-Hochberg (false discovery rate).
Fairness: the effect of seats (or policies) on the win rate, corrected for binomial
noise (`parity_loss`, `effect`), with bounds that agree with the chi-square test
beside them; the raw spread of seat win rates and the spread equal seats would
show by chance are kept for the tables.
"""
import math

import numpy as np
from scipy import optimize
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


# --- the raw spread of seat win rates (kept in tables/fairness.csv for reference) ---

def spread(winners, players):
    """Largest minus smallest seat win rate; winners: winning seat per game, -1 = none."""
    rates = np.bincount(winners[winners >= 0], minlength=players)[:players] / max(len(winners), 1)
    return float(rates.max() - rates.min())


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


# --- fairness: the seat (or policy) effect, corrected for binomial noise ---

def parity_loss(counts, per_game, n):
    """Unbiased estimate of sum_j share_j (r_j - r_mean)^2: how unequal the groups' win rates are.

    Groups (table seats, or policies sitting in `per_game[j]` seats of every game) compete in
    the same games; counts[..., j]: games group j won, out of n games (a multinomial count).
    r_j = p_j / per_game[j] is a seat's win rate, share_j = per_game[j] / seats, r_mean their
    weighted mean.  Squares p_j^2 and products p_i p_j are estimated without bias by
    c_j (c_j - 1) / (n (n - 1)) and c_i c_j / (n (n - 1)), so equal groups give 0 on average
    at any number of games (the raw spread grows as games get fewer).  Broadcasts over
    leading axes (bootstrap replicates); NaN below 2 games.
    """
    c = np.asarray(counts, dtype=float)
    k = np.asarray(per_game, dtype=float)
    seats = k.sum()
    n = np.asarray(n, dtype=float)
    total = c.sum(axis=-1)
    denominator = n * (n - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = ((c * (c - 1) / k).sum(axis=-1) / seats - (total * total - total) / seats ** 2) / denominator
    return np.where(n > 1, out, np.nan)


def effect(counts, per_game, n, level=0.95):
    """The groups' effect on the win rate: root of the noise-corrected weighted variance of their
    win rates (parity_loss), in win-rate units, with bounds that agree with the chi-square test.

    Returns {estimate_sq (unbiased, may be < 0), estimate (its root, 0 when negative), lo, hi,
    chi2, df, p}.  lo and hi invert the chi-square test of equal groups (noncentral chi-square
    with noncentrality W * sum (q - share)^2 / share over the W won games): lo > 0 exactly
    when p < 1 - level; each end is a one-sided `level` bound, and both stay within what W
    games can show (one group winning every game).
    """
    c = np.asarray(counts, dtype=float)
    k = np.asarray(per_game, dtype=float)
    share = k / k.sum()
    won = c.sum()
    out = {"estimate_sq": float(parity_loss(c, k, n)) if n > 1 else math.nan,
           "lo": math.nan, "hi": math.nan, "chi2": math.nan, "df": len(c) - 1, "p": math.nan}
    out["estimate"] = math.sqrt(max(out["estimate_sq"], 0.0)) if not math.isnan(out["estimate_sq"]) else math.nan
    if won == 0 or len(c) < 2 or n == 0:
        return out
    expected = won * share
    chi2 = float(((c - expected) ** 2 / expected).sum())
    df = len(c) - 1
    p = float(st.chi2.sf(chi2, df)) if expected.min() >= 5 else _exact_p(chi2, int(won), share)
    lam_max = won * (1 / share.min() - 1)           # every won game to the smallest group
    lo, hi = _noncentrality_bounds(chi2, df, p, lam_max, level)
    scale = won / (n * k.sum())                    # the mean win rate of a seat
    out.update(chi2=chi2, p=p, lo=float(scale * math.sqrt(lo / won)), hi=float(scale * math.sqrt(hi / won)))
    return out


def _noncentrality_bounds(chi2, df, p, lam_max, level):
    """(lo, hi) of the noncentrality of a chi-square test's statistic, each a one-sided `level`
    bound within [0, lam_max]: lo > 0 exactly when p < 1 - level."""
    alpha = 1 - level
    lo = 0.0 if p >= alpha else _noncentrality(lambda lam: st.ncx2.sf(chi2, df, lam) - alpha, lam_max)
    # the upper bound reads a chi-square below its median for equal groups as that median: an even split
    # by luck would otherwise give an interval of width 0 (conservative, the coverage only grows)
    x = max(chi2, float(st.chi2.ppf(0.5, df)))
    hi = lam_max if st.ncx2.cdf(x, df, lam_max) > alpha else \
        _noncentrality(lambda lam: alpha - st.ncx2.cdf(x, df, lam), lam_max)
    return lo, hi


def _exact_p(chi2, won, share, draws=20_000):
    """P(chi-square >= the observed one) for equal groups, by simulating the multinomial (few won games,
    where the chi-square distribution is a poor approximation); a fixed seed keeps reports reproducible."""
    sims = np.random.default_rng(0).multinomial(won, share, size=draws)
    expected = won * share
    stat = ((sims - expected) ** 2 / expected).sum(axis=1)
    return float((stat >= chi2 - 1e-9).mean())


def _noncentrality(rising, top):
    """The noncentrality in [0, top] where the increasing function `rising` crosses 0."""
    if rising(top) <= 0:
        return top
    if rising(1e-12) >= 0:
        return 0.0
    return float(optimize.brentq(rising, 1e-12, top, xtol=1e-10))


def binomial_parity_loss(wins, played):
    """Unbiased estimate of sum_j share_j (r_j - r_mean)^2 for groups that play separate games
    (a solo run's policies take turns): r_j = wins_j / played_j, share_j = played_j / total,
    r_j^2 estimated by c (c - 1) / (t (t - 1)) and r_i r_j (i != j) by the plain product."""
    c, t = np.asarray(wins, dtype=float), np.asarray(played, dtype=float)
    share = t / t.sum(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = c / t
        square = c * (c - 1) / (t * (t - 1))
    mean = (share * rate).sum(axis=-1)
    return ((share - share ** 2) * square).sum(axis=-1) - (mean ** 2 - (share ** 2 * rate ** 2).sum(axis=-1))


def binomial_effect(wins, played, level=0.95):
    """The effect of groups that play separate games (a solo run's policies): the root of
    binomial_parity_loss, with bounds that agree with the chi-square test of the 2 x groups table
    (homogeneity).  That statistic is noncentral chi-square with noncentrality
    T * effect^2 / (r (1 - r)) over T games played at the pooled win rate r, so its bounds give
    the effect's; the largest possible effect is sqrt(r (1 - r)) (every group winning all or
    none of its games).  Returns the dict of `effect`."""
    c, t = np.asarray(wins, dtype=float), np.asarray(played, dtype=float)
    loss = float(binomial_parity_loss(c, t))
    chi2, df, p = homogeneity(c, t)
    out = {"estimate_sq": loss, "estimate": math.sqrt(max(loss, 0.0)) if not math.isnan(loss) else math.nan,
           "lo": math.nan, "hi": math.nan, "chi2": chi2, "df": df, "p": p}
    if math.isnan(p):
        return out
    total = t.sum()
    rate = c.sum() / total
    lo, hi = _noncentrality_bounds(chi2, df, p, total, level)
    scale = math.sqrt(rate * (1 - rate) / total)
    out.update(lo=scale * math.sqrt(lo), hi=scale * math.sqrt(hi))
    return out


def homogeneity(wins, played):
    """(chi-square, df, p) of 'every group wins equally often per game played' (2 x J table)."""
    wins, played = np.asarray(wins, dtype=float), np.asarray(played, dtype=float)
    table = np.array([wins, played - wins])
    if len(wins) < 2 or table.sum(axis=1).min() == 0:
        return math.nan, len(wins) - 1, math.nan
    chi2, p, df, _ = st.chi2_contingency(table, correction=False)
    return float(chi2), int(df), float(p)
