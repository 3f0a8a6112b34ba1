"""One error budget for what a report says about differences (docs/verdicts.md, One 5% per report).

A report's words about differences come from families of tests: the settings' fairness verdicts (the
seats' and the styles' pairs and Wald tests, one Holm family: reports.verdicts), `--margin`'s *equivalent*
(simultaneous intervals), each question's words (reports.question: trap / must, stronger / weaker, level)
and, in a single run, the chi-square tests of equal seats and of equal styles.  ALPHA is split evenly over
the families a report has (Bonferroni over the families), so that the chance that anything it says is false
is at most ALPHA in all; each family's sentence names its share.

    shares = split(["settings", "margin", "question autarkie"])   # each 0.05 / 3
    share_words(shares["margin"])                                  # ', 1.7% of the report's 5%'
"""
ALPHA = 0.05


def split(families, alpha=ALPHA):
    """{family: its share of alpha}: alpha divided evenly over the (distinct) families."""
    families = list(dict.fromkeys(families))
    return {name: alpha / len(families) for name in families}


def percent(x):
    """0.05 -> '5%', 0.025 -> '2.5%', 0.05 / 3 -> '1.7%', 0.975 -> '97.5%', 1 - 0.05 / 12 -> '99.6%'."""
    text = f"{100 * x:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def share_words(alpha, total=ALPHA):
    """', 2.5% of the report's 5%' where a family has a share of the budget, '' where it has all of it."""
    return "" if alpha >= total - 1e-12 else f", {percent(alpha)} of the report's {percent(total)}"


def error_words(alpha, total=ALPHA):
    """'family-wise error 1.7%, 1.7% of the report's 5%' of a family tested at `alpha`."""
    return f"family-wise error {percent(alpha)}{share_words(alpha, total)}"


def interval_words(level, joint=ALPHA):
    """How an interval's level reads: '95%'; one at its share of the budget '97.5%, 2.5% of the report's 5%';
    one of several simultaneous ones '98.8% each, 95% jointly'.  joint: the error of all of them together."""
    if abs(level - (1 - joint)) < 1e-9:
        return percent(level) + share_words(joint)
    return f"{100 * level:.1f}% each, {percent(1 - joint)} jointly{share_words(joint)}"
