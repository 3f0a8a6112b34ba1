"""Bradley-Terry ratings from the pairwise results of multi-player games, with intervals that
allow for the pairs of one game (and of one seed across tables) being dependent.

    fit = fit_ratings(cluster, winner, loser, n)    # one row per comparison: winner beat loser
    pairs = pairwise(fit, alpha=0.05, margin=None)  # every pair: difference, interval, Holm, words

The model: P(i beats j) = 1 / (1 + exp(-(theta_i - theta_j))), ratings centred at 0 (the field's
mean).  The fit maximises the likelihood of the comparisons (Newton's method on the counts, a
ridge of 1e-6 per comparison keeping a player who never won finite).  The comparisons of one
cluster (reports.ladder: a game index, shared by every table, which deals the same seed) are not
independent (a game's winner beats every other seat), so the covariance is the cluster-robust
sandwich A+ B A+: A the Fisher information (a graph Laplacian, + its pseudo-inverse on the centred
ratings), B the sum over clusters of the outer products of each cluster's score, times G / (G - 1)
for G clusters.  Intervals are normal, +-1.96 standard errors.

Words: every pair's difference is tested (z = d / se, two-sided), the p-values adjusted by Holm
over all N (N - 1) / 2 pairs: "stronger" where the adjusted p < alpha, so the chance of calling any
player stronger than an equally strong one is at most alpha (tests/ladder_checks.py measures it on
A/A ladders).  With a margin (head-to-head percentage points around 50%) a pair is "tied" where two
one-sided tests reject a difference beyond the margin, Holm-adjusted over the pairs as well.
"""
from dataclasses import dataclass

import numpy as np
from scipy import special
from scipy import stats as st

from reports.rates import Z95
from reports.stats import holm

ELO = 400 / np.log(10)   # rating points per unit of theta: 100 points = 64% head to head
RIDGE = 1e-6


@dataclass(frozen=True)
class Fit:
    theta: np.ndarray      # ratings, mean 0
    cov: np.ndarray        # their covariance (cluster-robust)
    wins: np.ndarray       # wins[i, j]: comparisons i won against j
    clusters: int          # clusters with a comparison

    @property
    def se(self):
        return np.sqrt(np.clip(np.diag(self.cov), 0, None))


def fit_ratings(cluster, winner, loser, n, iterations=100):
    """The Bradley-Terry fit of comparisons `winner[k]` beat `loser[k]` in cluster `cluster[k]`."""
    winner, loser = np.asarray(winner, np.int64), np.asarray(loser, np.int64)
    wins = np.zeros((n, n))
    np.add.at(wins, (winner, loser), 1.0)
    meetings = wins + wins.T
    ridge = RIDGE * max(1.0, meetings.sum() / 2)
    theta = np.zeros(n)
    for _ in range(iterations):
        p = special.expit(theta[:, None] - theta[None, :])
        grad = (wins - meetings * p).sum(axis=1) - ridge * theta
        step = np.linalg.solve(_information(meetings, p) + ridge * np.eye(n), grad)
        theta += step
        if np.abs(step).max() < 1e-12:
            break
    theta -= theta.mean()
    return Fit(theta, _sandwich(theta, meetings, cluster, winner, loser, n), wins,
               int(len(np.unique(cluster))) if len(cluster) else 0)


def _information(meetings, p):
    """The Fisher information of the ratings: a Laplacian with weights n_ij p_ij (1 - p_ij)."""
    w = meetings * p * (1 - p)
    return np.diag(w.sum(axis=1)) - w


def _sandwich(theta, meetings, cluster, winner, loser, n):
    p = special.expit(theta[:, None] - theta[None, :])
    bread = np.linalg.pinv(_information(meetings, p))
    if not len(winner):
        return bread
    residual = 1.0 - p[winner, loser]          # the winner's score from this comparison; the loser's is minus it
    ids, at = np.unique(np.asarray(cluster), return_inverse=True)
    score = np.zeros((len(ids), n))
    np.add.at(score, (at, winner), residual)
    np.add.at(score, (at, loser), -residual)
    g = len(ids)
    meat = score.T @ score * (g / (g - 1) if g > 1 else 1.0)
    return bread @ meat @ bread


def margin_theta(margin_pp):
    """A margin in head-to-head percentage points around 50% as a difference of ratings."""
    return float(special.logit(0.5 + margin_pp / 100))


def pairwise(fit, names, alpha=0.05, margin=None):
    """One dict per pair (a before b as in `names`): diff (theta_a - theta_b), se, the 95% interval,
    head-to-head probability with its interval, p, Holm-adjusted p, and the verdict: 'a stronger',
    'b stronger', 'tied' (within the margin) or 'not told apart'."""
    rows = []
    n = len(names)
    for a in range(n):
        for b in range(a + 1, n):
            d = fit.theta[a] - fit.theta[b]
            var = fit.cov[a, a] + fit.cov[b, b] - 2 * fit.cov[a, b]
            se = float(np.sqrt(max(var, 0.0)))
            z = d / se if se > 0 else (np.inf if d else 0.0)
            row = {"a": names[a], "b": names[b], "diff": float(d), "se": se,
                   "lo": float(d - Z95 * se), "hi": float(d + Z95 * se),
                   "elo": float(ELO * d), "elo_lo": float(ELO * (d - Z95 * se)), "elo_hi": float(ELO * (d + Z95 * se)),
                   "p_beats": float(special.expit(d)), "p_beats_lo": float(special.expit(d - Z95 * se)),
                   "p_beats_hi": float(special.expit(d + Z95 * se)),
                   "meetings": int(fit.wins[a, b] + fit.wins[b, a]), "a_won": int(fit.wins[a, b]),
                   "p": float(2 * st.norm.sf(abs(z)))}
            if margin is not None:
                delta = margin_theta(margin)
                row["p_tost"] = float(max(st.norm.sf((d + delta) / se), st.norm.cdf((d - delta) / se))) if se > 0 \
                    else float(abs(d) >= delta)
            rows.append(row)
    if not rows:
        return rows
    for row, adj in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = float(adj)
    if margin is not None:
        for row, adj in zip(rows, holm([r["p_tost"] for r in rows])):
            row["p_tost_holm"] = float(adj)
    for row in rows:
        if row["p_holm"] < alpha:
            row["verdict"] = "a stronger" if row["diff"] > 0 else "b stronger"
        elif margin is not None and row["p_tost_holm"] < alpha:
            row["verdict"] = "tied"
        else:
            row["verdict"] = "not told apart"
    return rows


def games_to_tell_apart(row, pairs, games, alpha=0.05, power=0.8):
    """Games per table at which Holm's first threshold (alpha / pairs) would reject this pair's
    difference with `power` if it is as large as estimated (None where the estimate is 0)."""
    z = abs(row["diff"]) / row["se"] if row["se"] > 0 else 0.0
    if z == 0:
        return None
    need = (st.norm.isf(alpha / (2 * pairs)) + st.norm.isf(1 - power)) / z
    return int(np.ceil(games * need ** 2))
