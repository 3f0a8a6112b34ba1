"""Win rates with their 95% Wilson score intervals, as summary.json holds them."""
import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(wins, n, z=Z95):
    """Wilson score interval (lo, hi) for wins/n; (0, 1) when n == 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins, n):
    """{"wins", "win_rate", "ci95": [lo, hi]} of wins out of n."""
    lo, hi = wilson(wins, n)
    return {"wins": int(wins), "win_rate": round(wins / n, 6) if n else 0.0, "ci95": [round(lo, 6), round(hi, 6)]}
