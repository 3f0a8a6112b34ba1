"""Which settings are less fair than another, with the family-wise error stated: a closed test.

Each setting i has a loss L_i (an unbiased estimate of how far it is from fair, 0 = fair) and
the losses have a covariance (reports.ustat; the same games in every setting make them
correlated).  "Setting i is less fair" claims that some other setting j has a smaller true loss.
Every pair of settings is tested (two-sided, z = (L_i - L_j) / se(L_i - L_j), its normal p) and
the p-values of all m (m - 1) / 2 pairs are adjusted together by Holm's step-down method
(reports.stats.holm_adjusted), the closed test of the pairwise hypotheses: setting i is less fair
when a pair (i, j) with L_i > L_j is rejected.  So the chance of calling *any* setting less fair
when it is as fair as the fairest is at most alpha, whatever the number of settings.  (Holm is a
little conservative where the pairs are correlated: measured on null sweeps of real games and in
the suite, docs/verdicts.md.)

    result = less_fair(loss, cov)
    result.less_fair, result.p_adjusted

A report that also says "the settings' losses are not all equal" (the Wald test of `homogeneity`) puts that
test into the same Holm family (`less_fair(..., also=[p_wald])`): one more hypothesis among the pairs, so
the chance of any false sentence about differences between settings stays at most alpha.
"""
import math
from dataclasses import dataclass, field

import numpy as np
from scipy import stats as st

from reports.stats import holm_adjusted

ALPHA = 0.05
DRAWS = 20_000
POWER = 0.8
SEED = 20_270


@dataclass
class Closed:
    less_fair: np.ndarray      # bool per setting
    p_adjusted: np.ndarray     # Holm-adjusted p of its strongest pair (1 where it has the smaller loss in all)
    statistic: np.ndarray      # per setting its largest z against a setting with a smaller loss
    draws: np.ndarray = None   # (draws x settings) normal draws of the losses' noise
    also: tuple = ()           # per extra hypothesis of the family (`also`): (rejected, Holm-adjusted p)
    p_pairs: np.ndarray = field(default_factory=lambda: np.zeros(0))   # every pair's raw p
    worse_than: list = field(default_factory=list)   # per setting: the settings it is shown less fair than


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


def less_fair(loss, cov, alpha=ALPHA, draws=DRAWS, also=()):
    """Holm over every pair of settings: (less fair per setting, its adjusted p, its largest z).  also: the p
    of further hypotheses in the same family (NaN: not tested), e.g. the Wald test of equal losses."""
    loss = np.asarray(loss, dtype=float)
    m = len(loss)
    also = np.asarray(also, dtype=float)
    nothing = Closed(np.zeros(m, bool), np.ones(m), np.full(m, -np.inf), also=tuple((False, 1.0) for _ in also),
                     worse_than=[[] for _ in range(m)])
    if m < 2 or not np.isfinite(loss).all() or not np.isfinite(cov).all():
        return nothing
    pairs, z = pair_z(loss, cov)
    if not pairs:
        return nothing
    extra = np.isfinite(also)
    p_pairs = 2 * st.norm.sf(np.abs(z))
    family = holm_adjusted(np.concatenate([p_pairs, also[extra]]))
    adjusted = family[:len(pairs)]
    extra_adjusted = np.ones(len(also))
    extra_adjusted[extra] = family[len(pairs):]
    reject = adjusted <= alpha
    out, p_adj, stat = np.zeros(m, bool), np.ones(m), np.full(m, -np.inf)
    worse_than = [[] for _ in range(m)]
    for (i, j), zij, rej, p in zip(pairs, z, reject, adjusted):
        (worse, t), better = ((i, zij), j) if zij > 0 else ((j, -zij), i)     # the setting with the larger loss
        out[worse] |= bool(rej)
        if rej:
            worse_than[worse].append(better)
        p_adj[worse] = min(p_adj[worse], float(p))
        stat[worse] = max(stat[worse], t)
    return Closed(out, p_adj, stat, normal_draws(cov, draws),
                  tuple((bool(p <= alpha), float(p)) for p in extra_adjusted), p_pairs, worse_than)


def pair_z(loss, cov):
    """([(i, j) ...], z per pair): every pair of settings whose difference has a standard error, z = (L_i - L_j) / se."""
    se = pair_se(cov)
    m = len(loss)
    pairs = [(i, j) for i in range(m) for j in range(i + 1, m) if se[i, j] > 0]
    return pairs, np.array([(loss[i] - loss[j]) / se[i, j] for i, j in pairs])


def pair_p(loss, cov):
    """The two-sided normal p of every pair of `pair_z` (nothing where the losses or cov are not finite)."""
    loss = np.asarray(loss, dtype=float)
    if len(loss) < 2 or not np.isfinite(loss).all() or not np.isfinite(cov).all():
        return np.zeros(0)
    return 2 * st.norm.sf(np.abs(pair_z(loss, cov)[1]))


def critical_value(cov, alpha=ALPHA, family=None):
    """|z| of Holm's first step: two-sided at alpha over every pair (or over `family` hypotheses: the pairs and
    whatever shares their Holm family)."""
    m = len(cov)
    return float(st.norm.isf(alpha / max(family or m * (m - 1) / 2, 1) / 2))


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


def games_to_tell_apart(loss, cov, games, alpha=ALPHA, power=POWER, draws=4000, family=None):
    """Games per setting at which Holm's first step in `less_fair` would reject with `power`, if the
    settings differ as much as estimated without bias: the differences between the losses shrunk so
    that their Wald noncentrality is W - df (its unbiased estimate); None when W <= df (the losses
    differ no more than noise alone makes them).  family: the size of Holm's family (every pair by default)."""
    w, df, _ = homogeneity(loss, cov)
    if not np.isfinite(w) or w <= df or df == 0:
        return None
    loss = np.asarray(loss, dtype=float)
    centre = loss.mean()
    delta = centre + math.sqrt((w - df) / w) * (loss - centre)
    se = pair_se(cov)
    c = critical_value(cov, alpha, family)
    z = normal_draws(cov, draws, SEED + 1)
    m = len(loss)

    def reached(factor):   # `factor` times the games: differences grow by sqrt(factor) in se units
        y = delta * math.sqrt(factor) + z
        pair = [(i, j) for i in range(m) for j in range(i + 1, m) if se[i, j] > 0]
        top = np.max([np.abs(y[:, i] - y[:, j]) / se[i, j] for i, j in pair], axis=0)
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
