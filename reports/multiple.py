"""Which settings are less fair than another, with the family-wise error stated: a closed test.

Each setting i has a loss L_i (an unbiased estimate of how far it is from fair, 0 = fair) and
the losses have a covariance (reports.ustat; the same games in every setting make them
correlated).  "Setting i is less fair" claims that some other setting j has a smaller true loss.
The claims are tested together, step-down (Romano and Wolf's max-t, a shortcut of the closed test
of every intersection of "i is tied for fairest"):

    T_i = max over j != i of (L_i - L_j) / se(L_i - L_j)
    reject the settings in order of T_i, largest first, while T_i exceeds c_S, the 1 - alpha
    quantile of max over i in S, j != i of the same statistic for equal losses, S the settings
    not yet rejected

so the chance of calling *any* setting less fair when it is tied for fairest is at most alpha,
for every number of settings (Holm's logic, with the correlation of the comparisons used
instead of Bonferroni's bound).  The quantiles come from the normal approximation of the losses,
drawn with a fixed seed so a report is reproducible.

    result = less_fair(loss, cov)
    result.less_fair, result.p_adjusted
"""
import math
from dataclasses import dataclass

import numpy as np
from scipy import stats as st

ALPHA = 0.05
DRAWS = 20_000
POWER = 0.8
SEED = 20_270


@dataclass
class Closed:
    less_fair: np.ndarray      # bool per setting
    p_adjusted: np.ndarray     # step-down adjusted p per setting (1 where nothing was compared)
    statistic: np.ndarray      # T_i per setting
    draws: np.ndarray = None   # (draws x settings) normal draws of the losses' noise


def pair_se(cov):
    """(m x m) standard errors of L_i - L_j (0 on the diagonal)."""
    d = np.diag(cov)
    var = d[:, None] + d[None, :] - 2 * cov
    return np.sqrt(np.maximum(var, 0.0))


def normal_draws(cov, draws=DRAWS, seed=SEED):
    """(draws x m) draws of N(0, cov), cov cut to its positive part."""
    values, vectors = np.linalg.eigh((cov + cov.T) / 2)
    root = vectors * np.sqrt(np.maximum(values, 0.0))
    return np.random.default_rng(seed).standard_normal((draws, len(cov))) @ root.T


def _row_max(y, se, i):
    """Per draw: max over j != i of (y_i - y_j) / se_ij (pairs with se 0 left out)."""
    ok = se[i] > 0
    if not ok.any():
        return np.full(len(y), -np.inf)
    return ((y[:, [i]] - y[:, ok]) / se[i, ok]).max(axis=1)


def less_fair(loss, cov, alpha=ALPHA, draws=DRAWS):
    """The step-down closed test of "setting i is less fair than another" over all settings."""
    loss = np.asarray(loss, dtype=float)
    m = len(loss)
    nothing = Closed(np.zeros(m, bool), np.ones(m), np.full(m, -np.inf))
    if m < 2 or not np.isfinite(loss).all() or not np.isfinite(cov).all():
        return nothing
    se = pair_se(cov)
    stat = np.array([max(((loss[i] - loss[j]) / se[i, j] for j in range(m) if j != i and se[i, j] > 0),
                         default=-np.inf) for i in range(m)])
    if not np.isfinite(stat).any():
        return nothing
    y = normal_draws(cov, draws)
    rows = np.column_stack([_row_max(y, se, i) for i in range(m)])
    alive = np.ones(m, bool)
    p_adj, running = np.ones(m), 0.0
    for i in np.argsort(-stat, kind="stable"):
        if not np.isfinite(stat[i]):
            break
        p = float((rows[:, alive].max(axis=1) >= stat[i]).mean())
        running = max(running, p)
        p_adj[i] = running
        alive[i] = False
    return Closed(p_adj < alpha, p_adj, stat, y)


def critical_value(cov, alpha=ALPHA, draws=DRAWS):
    """c of the first step: the 1 - alpha quantile of the max-t over every ordered pair."""
    se = pair_se(cov)
    y = normal_draws(cov, draws)
    top = np.column_stack([_row_max(y, se, i) for i in range(len(cov))]).max(axis=1)
    return float(np.quantile(top, 1 - alpha))


def homogeneity(loss, cov):
    """(Wald chi-square, df, p) of "every setting has the same loss" (contrasts with the first)."""
    loss = np.asarray(loss, dtype=float)
    m = len(loss)
    if m < 2 or not np.isfinite(cov).all():
        return math.nan, m - 1, math.nan
    contrast = np.hstack([-np.ones((m - 1, 1)), np.eye(m - 1)])
    d = contrast @ loss
    v = contrast @ cov @ contrast.T
    w = float(d @ np.linalg.pinv(v) @ d)
    df = int(np.linalg.matrix_rank(v))
    if df == 0:
        return 0.0, 0, 1.0
    return w, df, float(st.chi2.sf(w, df))


def games_to_tell_apart(loss, cov, games, alpha=ALPHA, power=POWER, draws=4000):
    """Games per setting at which the first step of `less_fair` would reject with `power`, if the
    settings differ as much as estimated without bias: the differences between the losses shrunk so
    that their Wald noncentrality is W - df (its unbiased estimate); None when W <= df (the losses
    differ no more than noise alone makes them)."""
    w, df, _ = homogeneity(loss, cov)
    if not np.isfinite(w) or w <= df or df == 0:
        return None
    loss = np.asarray(loss, dtype=float)
    centre = loss.mean()
    delta = centre + math.sqrt((w - df) / w) * (loss - centre)
    se = pair_se(cov)
    c = critical_value(cov, alpha)
    z = normal_draws(cov, draws, SEED + 1)
    m = len(loss)

    def reached(factor):   # `factor` times the games: differences grow by sqrt(factor) in se units
        y = delta * math.sqrt(factor) + z
        pair = [(i, j) for i in range(m) for j in range(m) if i != j and se[i, j] > 0]
        top = np.max([(y[:, i] - y[:, j]) / se[i, j] for i, j in pair], axis=0)
        return (top > c).mean() >= power
    lo, hi = 1.0, 2.0
    while not reached(hi):
        lo, hi = hi, hi * 2
        if hi > 1e6:
            return None
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if reached(mid) else (mid, hi)
    return int(math.ceil(games * hi / 100.0) * 100)
