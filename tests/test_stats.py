"""Report statistics against known values: Wilson, Newcombe, McNemar, chi-square, Holm, BH, the seat spread."""
import math

import numpy as np
import pytest
from scipy import stats as st

from reports import stats
from reports.summary import wilson


@pytest.mark.parametrize("wins, n, lo, hi", [   # Newcombe (1998), Stat Med 17:857, Table I (score method)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_textbook_values(wins, n, lo, hi):
    assert wilson(wins, n) == pytest.approx((lo, hi), abs=5e-5)


def test_newcombe_unpaired_textbook_value():
    # Newcombe (1998), Stat Med 17:873, example (a): 56/70 - 48/80, method 10
    assert stats.diff_ci_unpaired(56, 70, 48, 80) == pytest.approx((0.0524, 0.3339), abs=5e-5)


def test_paired_table_and_newcombe_paired():
    x = [1] * 14 + [1] * 5 + [0] * 22
    y = [1] * 14 + [0] * 5 + [0] * 22
    assert stats.paired_table(x, y) == (14, 5, 0, 22)
    # the table of Altman et al. (2000), Statistics with Confidence, 6.2: difference 5/41
    lo, hi = stats.diff_ci_paired(14, 5, 0, 22)
    assert (lo, hi) == pytest.approx((0.0115, 0.2265), abs=5e-5)
    assert lo < 5 / 41 < hi


def test_paired_interval_is_narrower_than_unpaired_when_pairs_agree():
    # 1,000 games, 300 won in both settings, 20 only in the setting, 10 only in the baseline
    paired = stats.diff_ci_paired(300, 20, 10, 670)
    unpaired = stats.diff_ci_unpaired(320, 1000, 310, 1000)
    assert paired[1] - paired[0] < (unpaired[1] - unpaired[0]) / 2
    assert paired[0] < 0.01 < paired[1]


def test_mcnemar_exact_on_a_constructed_case():
    # 10 games won only in the setting, 2 only in the baseline: 2 * P(X <= 2), X ~ Bin(12, 1/2)
    assert stats.mcnemar_exact(10, 2) == pytest.approx(2 * (1 + 12 + 66) / 4096)
    assert stats.mcnemar_exact(2, 10) == stats.mcnemar_exact(10, 2)
    assert stats.mcnemar_exact(0, 0) == 1.0


def test_two_by_two_chi_square_and_fisher():
    # [[20, 80], [35, 65]]: expected 27.5 / 72.5, X^2 = 2 * (7.5^2/27.5 + 7.5^2/72.5)
    x2 = 2 * (7.5 ** 2 / 27.5 + 7.5 ** 2 / 72.5)
    name, p = stats.two_by_two(20, 100, 35, 100)
    assert name == "chi-square" and p == pytest.approx(st.chi2.sf(x2, 1))
    name, p = stats.two_by_two(1, 10, 5, 10)     # an expected count of 3: Fisher exact
    assert name == "Fisher exact" and p == pytest.approx(0.1409, abs=1e-4)
    assert stats.two_by_two(0, 10, 0, 10) == ("chi-square", 1.0)


def test_equal_rates_chi_square_on_a_constructed_table():
    chi2, df, p = stats.equal_rates([30, 20, 25, 25])   # expected 25 each: (25 + 25) / 25 = 2
    assert (chi2, df) == (2.0, 3)
    assert p == pytest.approx(0.5724, abs=1e-4)
    assert math.isnan(stats.equal_rates([0, 0, 0])[2])


def test_holm_and_bh_textbook_example():
    p = [0.01, 0.04, 0.03, 0.005]   # Holm: sorted p x (4, 3, 2, 1), running maximum
    assert stats.holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.bh(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert stats.adjust(p, "holm") == pytest.approx(stats.holm(p))
    out = stats.holm([0.5, float("nan"), 0.01])
    assert math.isnan(out[1]) and out[0] == pytest.approx(0.5) and out[2] == pytest.approx(0.02)
    assert stats.holm([0.9, 0.8]) == pytest.approx([1.0, 1.0])     # 0.8 x 2 capped at 1; never below an earlier one


def test_holm_is_statsmodels_holm(monkeypatch):
    """Ours (statsmodels' collects garbage on every call, here switched off): the same adjusted p and
    rejections on random families, ties included."""
    import gc

    from statsmodels.stats.multitest import multipletests
    monkeypatch.setattr(gc, "collect", lambda *generation: 0)
    rng = np.random.default_rng(28)
    for m in (1, 2, 3, 6, 15, 66):
        for _ in range(20):
            p = rng.choice([rng.random(m), np.round(rng.random(m) ** 3, 2)])   # small p, and ties
            reject, adjusted = multipletests(p, alpha=0.05, method="holm")[:2]
            assert np.array_equal(stats.holm_adjusted(p), adjusted)
            assert np.array_equal(stats.holm_adjusted(p) <= 0.05, reject)


def test_spread_and_the_seat_effect_agree_with_the_chi_square_test():
    equal = stats.effect([250, 250, 250, 250], [1] * 4, 1000)
    assert equal["lo"] == 0.0 and 0 < equal["hi"] < 0.05 and equal["estimate"] == 0.0
    e = stats.effect([300, 250, 230, 220], [1] * 4, 1000)
    assert 0 < e["lo"] < e["estimate"] < e["hi"] and e["p"] == pytest.approx(stats.equal_rates([300, 250, 230, 220])[2])
    assert stats.equal_rates([300, 250, 230, 220])[2] < 0.05
    winners = np.array([0] * 300 + [1] * 250 + [2] * 230 + [3] * 220)
    assert stats.spread(winners, 4) == pytest.approx(0.08)


def test_noise_spread_is_what_equal_seats_show():
    noise = stats.null_spread(1000, 1.0, 4)
    assert 0.025 < noise < 0.04 and noise == stats.null_spread(1000, 1.0, 4)   # seeded: reproducible
    assert stats.null_spread(100_000, 1.0, 4) < noise / 5


def test_mean_ci():
    values = np.array([1.0, 2.0, 3.0, 4.0])
    mean, lo, hi = stats.mean_ci(values.sum(), (values ** 2).sum(), 4)
    half = 1.959963984540054 * values.std(ddof=1) / 2
    assert (mean, lo, hi) == pytest.approx((2.5, 2.5 - half, 2.5 + half))


def test_paired_newcombe_interval_covers_95_percent():
    """The paired interval (ours: statsmodels has only the unpaired one) on 2,000 simulated paired tables."""
    rng = np.random.default_rng(4)
    cells = [0.20, 0.06, 0.04, 0.70]                 # both, only x, only y, neither: p_x - p_y = 0.02
    tables = rng.multinomial(800, cells, size=2000)
    hits = [(lo <= 0.02 <= hi) for lo, hi in (stats.diff_ci_paired(*t) for t in tables)]
    assert 0.94 <= np.mean(hits) <= 0.965


def test_tost_is_statsmodels_and_agrees_with_the_interval():
    """Equivalent within the margin exactly when the 90% interval of the difference lies inside it."""
    rng = np.random.default_rng(1)
    x, y = rng.random(3000) < 0.30, rng.random(3000) < 0.31
    p = stats.tost_paired(x, y, 0.03)
    d = x.astype(float) - y
    half = st.t.ppf(0.95, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
    assert (p < 0.05) == (abs(d.mean()) + half < 0.03)
    assert stats.tost_unpaired(300, 1000, 310, 1000, 0.05) < 0.05 < stats.tost_unpaired(300, 1000, 310, 1000, 0.02)
