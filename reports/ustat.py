"""Losses as U-statistics of degree 2, with a calibrated covariance between settings.

A fairness loss (reports.stats.parity_loss, the squared distance to a target) is the mean of a
kernel over all ordered pairs of distinct games:

    U = 1 / (n (n - 1)) * sum_{a != b} z_a' A z_b,       z_a = [1, x_a]  (the game's row, with a 1 in front)

with A symmetric (`parity_kernel`, `target_kernel`): the same value reports.stats computes from the
column sums.  Written so, its (co)variance over settings has the Hoeffding form of `covariance`,
which counts the pair part of the spread once: resampling the games (the bootstrap) or leaving one
out (the jackknife) counts it twice, and overstates the spread of a loss near 0, where that part
is all there is (a degenerate U-statistic).
"""
import numpy as np


def augmented(x):
    """[1, x] per game (the kernel's constant term acts through the first column)."""
    x = np.asarray(x, dtype=float)
    return np.hstack([np.ones((len(x), 1)), x])


def parity_kernel(per_game):
    """A of stats.parity_loss on one-hot win columns: groups holding per_game[j] seats of every game."""
    k = np.asarray(per_game, dtype=float)
    seats = k.sum()
    inner = np.diag(1.0 / k) / seats - np.ones((len(k), len(k))) / seats ** 2
    out = np.zeros((len(k) + 1, len(k) + 1))
    out[1:, 1:] = inner
    return out


def target_kernel(target, columns):
    """A of (mean - target)^2 estimated without bias, on the first data column: h = (x_a - t)(x_b - t)."""
    out = np.zeros((columns + 1, columns + 1))
    out[0, 0], out[0, 1], out[1, 0], out[1, 1] = target * target, -target, -target, 1.0
    return out


def mean_kernel(sign, columns):
    """A of sign * (the mean of the first data column): h = sign * (x_a + x_b) / 2."""
    out = np.zeros((columns + 1, columns + 1))
    out[0, 1] = out[1, 0] = sign / 2
    return out


def value(z, kernel):
    """U of one setting's augmented rows."""
    n = len(z)
    if n < 2:
        return np.nan
    s = z.sum(axis=0)
    q = np.einsum("ai,ij,aj->a", z, kernel, z)
    return float((s @ kernel @ s - q.sum()) / (n * (n - 1)))


def covariance(rows, kernels, paired):
    """The covariance matrix of the settings' U-statistics, estimated from the Hoeffding decomposition

        Var(U) = (4 (n - 2) zeta1 + 2 zeta2) / (n (n - 1)),
        zeta1 = Var(z' A mu) (the linear part), zeta2 = Var(z_a' A z_b) (the pair part),

    (and the same with one kernel per setting for Cov(U_i, U_j)) with zeta2 plugged in and zeta1
    corrected for the bias of plugging in, tr(A S A S) / n, which resampling leaves in (it counts the
    pair part twice where the loss is near 0); the zeta1 matrix is then cut to its positive part
    (zeta1 is a covariance: never negative).  rows: per setting its augmented per-game rows
    (n x c_i); kernels: per setting A_i; paired: the settings played the same games (row a is
    game a in every setting, equal n), else covariances between settings are 0.
    """
    m = len(rows)
    out = np.zeros((m, m))
    groups = [list(range(m))] if paired and len({len(z) for z in rows}) == 1 else [[i] for i in range(m)]
    for group in groups:
        out[np.ix_(group, group)] = _block([rows[i] for i in group], [kernels[i] for i in group])
    return out


def _block(rows, kernels):
    n = len(rows[0])
    if n < 4:
        return np.full((len(rows), len(rows)), np.nan)
    z = np.hstack(rows)
    cols = np.cumsum([0] + [r.shape[1] for r in rows])
    mu = z.mean(axis=0)
    second = z.T @ z / n
    cov = second - np.outer(mu, mu)
    k = len(rows)
    part = [slice(cols[i], cols[i + 1]) for i in range(k)]
    lin = np.zeros((z.shape[1], k))                       # column i: A_i mu_i in setting i's block
    theta = np.empty(k)
    for i, (s, a) in enumerate(zip(part, kernels)):
        lin[s, i] = a @ mu[s]
        theta[i] = mu[s] @ a @ mu[s]
    zeta1 = lin.T @ cov @ lin
    zeta2 = np.empty((k, k))
    for i in range(k):
        for j in range(i, k):
            ai, aj, mij, sij = kernels[i], kernels[j], second[part[i], part[j]], cov[part[i], part[j]]
            zeta2[i, j] = zeta2[j, i] = np.sum((ai @ mij @ aj) * mij) - theta[i] * theta[j]
            zeta1[i, j] -= np.sum((ai @ sij @ aj) * sij) / n
            zeta1[j, i] = zeta1[i, j]
    values, vectors = np.linalg.eigh(zeta1)
    zeta1 = (vectors * np.maximum(values, 0.0)) @ vectors.T
    return (4 * (n - 2) * zeta1 + 2 * zeta2) / (n * (n - 1))
