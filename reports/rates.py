"""Win rates with their 95% Wilson score intervals, as summary.json holds them (statsmodels'
proportion_confint), and the normal interval of a mean from its sums."""

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(wins, n, z=Z95):
    """Wilson score interval (lo, hi) for wins/n at the two-sided level of z; (0, 1) when n == 0."""
    if n == 0:
        return 0.0, 1.0
    from scipy import stats as st   # here, not at the top: a run's first line (the compile notice or
    from statsmodels.stats.proportion import proportion_confint   # its progress) comes 1-2 s sooner
    lo, hi = proportion_confint(wins, n, alpha=2 * st.norm.sf(z), method="wilson")
    return max(0.0, float(lo)), min(1.0, float(hi))


def rate(wins, n):
    """{"wins", "win_rate", "ci95": [lo, hi]} of wins out of n."""
    lo, hi = wilson(wins, n)
    return {"wins": int(wins), "win_rate": round(wins / n, 6) if n else 0.0, "ci95": [round(lo, 6), round(hi, 6)]}


def mean_ci(total, total_sq, n, z=Z95):
    """(mean, lo, hi) of a mean from its sum and sum of squares (normal approximation)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half
