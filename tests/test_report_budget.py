"""One 5% per report (reports.budget, docs/verdicts.md): the families of a report's words about differences
share it, and each sentence says its share."""
from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats as st

from reports import answer, budget, tables
from tests.verdict_checks import EQUAL, _synthetic_run


def _study(settings, margin=None, question=None, seed=1):
    rng = np.random.default_rng(seed)
    runs = [_synthetic_run(f"s{j}", EQUAL, 400, rng) for j in range(settings)]
    for run in runs:
        run.values, run.meta = {}, {}
    return SimpleNamespace(runs=runs, margin=margin, meta={"question": question} if question else {},
                           baseline=0, base=runs[0], paired=False)


def test_the_report_splits_its_five_percent_evenly_over_its_families():
    assert tables.report_budget(_study(1)) == {"seats": 0.025, "styles": 0.025}     # a run: its two tests
    # settings: the verdicts over the settings, each setting: its seats' and styles' own tests, baseline: the
    # differences against the baseline
    assert tables.report_budget(_study(4)) == pytest.approx({"settings": 0.05 / 3, "each setting": 0.05 / 3,
                                                             "baseline": 0.05 / 3})
    assert tables.report_budget(_study(4, margin=2.0)) == pytest.approx(
        {"settings": 0.0125, "margin": 0.0125, "each setting": 0.0125, "baseline": 0.0125})
    asked = tables.report_budget(_study(4, margin=2.0, question={"policy": "x", "compare": "baseline"}))
    assert asked == pytest.approx({"settings": 0.01, "margin": 0.01, "each setting": 0.01, "baseline": 0.01,
                                   "question scenario": 0.01})
    assert budget.percent(0.05 / 3) == "1.7%" and budget.percent(0.975) == "97.5%"


def test_each_settings_own_tests_decide_at_their_share():
    """The seats' tests per setting: p_adj is Bonferroni's scaled to the report's 5%, below 5% exactly where p is
    below the seats' share over the settings, and the bounds are simultaneous at that share (the differences
    against the baseline: tests/test_sweep.py)."""
    study = _study(4)
    study.vary = {}
    shares = tables.report_budget(study)
    f = tables.fairness(study, None, shares["each setting"] / 2)
    assert ((f["p_adj"] < 0.05) == (f["p"] < shares["each setting"] / 2 / 4)).all()
    assert f["bound_level"].tolist() == pytest.approx([1 - shares["each setting"] / 2 / 4] * 4)


def test_each_sentence_says_its_share():
    study = _study(4, question={"policy": "x", "compare": "others"})
    shares = tables.report_budget(study)
    said = tables.questions(study, shares).attrs["answers"]["scenario"]
    assert said["alpha"] == 0.0125 and "98.8% jointly, 1.2% of the report's 5%" in said["text"]
    assert all(r["level"] == pytest.approx(1 - 0.0125 / 4) for r in said["settings"])
    verdicts = tables.study_verdicts(study, None, shares["settings"])
    assert "family-wise error 1.2%, 1.2% of the report's 5%" in verdicts["seats"]["text"]


@pytest.mark.parametrize("p, word", [(0.03, "not told apart"), (0.02, "they differ")])
def test_a_single_runs_test_decides_at_its_share(p, word):
    row = {"p": p, "bound_alpha": 0.025, "games": 2000, "effect": 0.01, "effect_lo": 0.0, "effect_hi": 0.02}
    said = answer._one_test(row, "seat")
    assert said.startswith(word) and "tested at 2.5%, its share of the report's 5%" in said
    assert said.endswith("(97.5% interval).")


def test_a_single_run_of_equal_seats_and_styles_says_they_differ_at_most_five_percent():
    """4,000 runs of equal seats, x and y alternating: the seats' and the styles' chi-square tests each at 2.5%
    say something false in at most 5% of runs (at 5% each: 7.5-9%)."""
    rng = np.random.default_rng(41)
    counts = rng.multinomial(2000, [*EQUAL, 0.04], size=4000)[:, :4]
    p_seats = st.chisquare(counts, axis=1).pvalue
    p_styles = st.chisquare(np.stack([counts[:, 0] + counts[:, 2], counts[:, 1] + counts[:, 3]], axis=1),
                            axis=1).pvalue
    shares = budget.split(["seats", "styles"])
    now = np.mean((p_seats < shares["seats"]) | (p_styles < shares["styles"]))
    before = np.mean((p_seats < 0.05) | (p_styles < 0.05))
    assert now <= 0.05 + 2 * np.sqrt(0.05 * 0.95 / 4000) and before > 0.07
