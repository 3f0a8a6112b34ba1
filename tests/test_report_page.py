"""A sweep's report page reads as a designer reads (issue 39 item 8): the Answer first, then the charts
that answer it, every other section folded behind its title; at 1,400 px in headless Chromium the page
of a six-setting sweep is at most half as tall as it was (8,632 px for sweep-vp-red before)."""
import pytest
from typer.testing import CliRunner

from cli import app
from reports.render import to_html, to_markdown
from reports.report import arrange
from tests import browser

BEFORE = 8632   # px, the six-setting sweep-vp-red page at 1,400 px before the sections were folded


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "vp"
    done = CliRunner().invoke(app, ["sweep", "sweep-vp-red", "-n", "40", "-q", "--out", str(out)])
    assert done.exit_code == 0, done.output
    return out


def test_the_answer_and_its_charts_come_first_and_the_sections_are_folded(sweep):
    page = (sweep / "report.html").read_text()
    answer, charts, first_fold = (page.index("<div class='answer'>"), page.index("alt='Seat fairness per setting'"),
                                  page.index("<details class='section'>"))
    assert answer < charts < first_fold
    assert page.count("<details class='section'>") >= 6 and "<h2>Seat fairness</h2>" not in page
    assert "## Seat fairness" in (sweep / "report.md").read_text()    # Markdown shows every section


def test_arrange_moves_the_named_charts_and_folds_each_section():
    doc = [("h1", "t"), ("answer", "q", [], [], [], []), ("h2", "A"), ("says", "a"), ("figure", "x", "X"),
           ("h2", "B"), ("figure", "y", "Y"), ("p", "b")]
    assert arrange(doc, ["y", "x"]) == [("h1", "t"), ("answer", "q", [], [], [], []), ("figure", "y", "Y"),
                                        ("figure", "x", "X"), ("fold", "A", [("says", "a")]), ("fold", "B", [("p", "b")])]
    folded = [("fold", "A", [("p", "inside")])]
    assert "<details class='section'><summary>A</summary><p>inside</p></details>" in to_html(folded, "t", {})
    assert to_markdown(folded) == "## A\n\ninside\n"


@pytest.mark.skipif(browser.missing() is not None, reason=browser.SKIP_REASON)
def test_the_page_is_at_most_half_as_tall_with_the_answer_on_the_first_screen(sweep):
    driver = browser.chromium(1400, 900)
    try:
        driver.get((sweep / "report.html").as_uri())
        height, answer_top = driver.execute_script(
            "return [document.documentElement.scrollHeight, document.querySelector('.answer').offsetTop]")
    finally:
        driver.quit()
    assert height <= BEFORE / 2, height
    assert answer_top < 900
