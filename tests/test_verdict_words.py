"""One answer per question: the words of report.md, report.html and the terminal come from verdicts.json.

Real (small) sweeps and a comparison are written through the command line; each report's Answer
table must give every setting the verdict verdicts.json gives it (seats, styles, a variant's own
question), its sentences must be the terminal's and the HTML's, and no word of the old rules
("tied", "equally fair", overlapping intervals) may appear."""
import html
import json

import pytest
from typer.testing import CliRunner

from cli import app
from reports.labels import replacer, setting_words
from reports.study import open_results

FORBIDDEN = ("tied", "equally fair", "detectably", "intervals overlap", "do not overlap", "not sure")


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    root = tmp_path_factory.mktemp("words")
    made = {}
    for name, args in (("autarkie", ["sweep", "sweep-autarkie-base", "--vary", "variants.autarkie.card_threshold=3,9",
                                     "-n", 300]),
                       ("vp", ["sweep", "mixed", "--vary", "victory_points=6,10,12", "-n", 300, "--margin", 3])):
        result = invoke(*args, "-q", "--out", root / name)
        assert result.exit_code == 0, result.output
        made[name] = (root / name, result.stdout)
    result = invoke("compare", root / "vp" / "00-victory_points=6", root / "vp" / "02-victory_points=12",
                    "--out", root / "cmp")
    assert result.exit_code == 0, result.output
    made["compare"] = (root / "cmp", result.stdout)
    return made


def _answer(md):
    """(sentences, headers, rows) of report.md's Answer."""
    part = md.split("## Answer")[1].split("\n## ")[0]
    sentences = [line[2:] for line in part.splitlines() if line.startswith("- ")]
    table = [line for line in part.splitlines() if line.startswith("|")]
    cells = [[c.strip() for c in line.strip("|").split(" | ")] for line in table]
    return sentences, (cells[0] if cells else []), cells[2:]


@pytest.mark.parametrize("name", ["autarkie", "vp", "compare"])
def test_every_report_says_what_verdicts_json_says(reports, name):
    out, terminal = reports[name]
    verdicts = json.loads((out / "verdicts.json").read_text())
    md = (out / "report.md").read_text()
    page = html.unescape((out / "report.html").read_text())
    sentences, headers, rows = _answer(md)
    assert sentences
    for sentence in sentences:                                   # one answer, in every place it is said
        assert sentence in terminal and sentence in page
    words = setting_words(open_results(out)) if name != "compare" else {}   # the pages name settings in words
    assert bool(words) == (name != "compare")
    said = replacer(words)
    by_setting = {row[0]: dict(zip(headers, row)) for row in rows}
    for key, column in (("seats", "seats"), ("styles", "styles")):
        measure = verdicts["measures"].get(key)
        if measure is None:
            continue
        assert {said(x) for x in measure["less_fair"]} == {s for s, row in by_setting.items()
                                                           if row[column] == "less fair"}
        for s in measure["settings"]:
            assert by_setting[said(s["setting"])][column] == s["verdict"]
        assert said(measure["text"]) in md and said(measure["text"]) in terminal
    for answer in verdicts["questions"].values():
        for s in answer["settings"]:
            assert by_setting[said(s["setting"])][answer["policy"]] == s["verdict"]
        assert said(answer["text"]) in md
    for text in (md.lower(), terminal.lower()):
        assert not [w for w in FORBIDDEN if w in text]


def test_a_margin_reaches_the_verdicts_and_the_words(reports):
    out, terminal = reports["vp"]
    verdicts = json.loads((out / "verdicts.json").read_text())
    assert all(m["margin"] == 3 for m in verdicts["measures"].values())
    assert "Equivalent to the fairest within ±3 pp" in terminal
    comparisons = (out / "tables" / "comparisons.csv").read_text().splitlines()[0]
    assert "p_equivalent_adj" in comparisons and "equivalent" in comparisons
    out, terminal = reports["autarkie"]
    assert json.loads((out / "verdicts.json").read_text())["measures"]["seats"]["margin"] is None
    assert "Equivalent" not in terminal and "equivalent" not in (out / "report.md").read_text().split("## How to")[0]


def test_settings_showing_the_same_smallest_estimate_all_have_it():
    """Two 2.9 pp results were 'smallest estimate' and 'not told apart' (issue 39): every setting whose
    printed estimate (0.1 pp) equals the smallest one's is the smallest estimate; the others are not."""
    from types import SimpleNamespace

    import numpy as np

    from reports.verdicts import _word
    closed = SimpleNamespace(less_fair=np.array([False, False, False, True]))
    values = np.array([2.94, 2.91, 3.04, 4.0])      # percentage points, as the table prints them: 2.9 2.9 3.0 4.0
    order = np.argsort(values)
    assert [_word(i, order, closed, None, values) for i in range(4)] == [
        "smallest estimate", "smallest estimate", "not told apart", "less fair"]


def test_a_long_list_of_less_fair_settings_is_said_by_the_shorter_list():
    """Nine of twelve settings less fair were nine setting names in one sentence (issue 39): the sentence
    counts them and names the three not shown less fair; six and six: a list under the sentence; up to
    three less fair are named as before."""
    import pandas as pd

    from reports.answer import _measure_words
    from reports.render import to_html, to_markdown
    names = [f"s{i}" for i in range(12)]
    rows = pd.DataFrame({"setting": names, "games": 4000, "less_fair": [i >= 3 for i in range(12)],
                         "loss": [i / 100 for i in range(12)], "games_to_tell_apart": float("nan")})
    text = _measure_words("Playing styles", rows, None)
    assert text.startswith("Playing styles: 9 of the 12 settings are less fair than s0 (")
    assert text.endswith("; not shown less fair: s0; s1; s2.") and "s3" not in text
    rows["less_fair"] = [i >= 6 for i in range(12)]
    text, items = _measure_words("Playing styles", rows, None)
    assert text.endswith("; less fair:") and items == names[6:]
    block = ("answer", "Which?", [(text, items)], [], [], [])
    assert "<li>s6</li><li>s7</li>" in to_html([block], "t", {}) and "\n  - s6\n  - s7\n" in to_markdown([block])
    rows["less_fair"] = [i >= 10 for i in range(12)]
    assert _measure_words("Seats", rows, None).startswith("Seats: s10; s11 are less fair than s0")


def test_a_run_of_one_preset_says_it_has_no_styles_to_compare(tmp_path):
    """The Answer of a run with greedy in every seat said nothing about styles (issue 39)."""
    result = invoke("run", "base", "-n", 12, "-q", "--out", tmp_path / "r")
    assert result.exit_code == 0, result.output
    assert "- Playing styles: none to compare (every seat plays greedy)." in result.stdout
    assert "none to compare (every seat plays greedy)" in (tmp_path / "r" / "report.md").read_text()


def test_compare_answers_which_outcomes_differ_not_only_the_seats(tmp_path):
    """compare's Answer to 'do these runs differ?' covered the seats only (issue 39): it names every outcome
    whose corrected test says it differs (a random bot in seat 3 lifts greedy's win rate), or says none does."""
    args = ["-n", 300, "-q", "--no-report"]
    assert invoke("run", "base", *args, "--out", tmp_path / "a").exit_code == 0
    assert invoke("run", "base", *args, "--set", 'seats=["greedy","greedy","greedy","random"]',
                  "--out", tmp_path / "b").exit_code == 0
    import shutil
    shutil.copytree(tmp_path / "a", tmp_path / "a2")
    result = invoke("compare", tmp_path / "a", tmp_path / "a2", "--out", tmp_path / "same")
    assert "- Outcomes: none differs from " in result.stdout, result.output
    result = invoke("compare", tmp_path / "a", tmp_path / "b", "--out", tmp_path / "c")
    said = next(line for line in result.stdout.splitlines() if line.startswith("- Outcomes that differ from a: "))
    assert "greedy's win rate per seat played +" in said, result.output   # (and how the game plays: a random
    assert "of how the game plays, Holm-corrected)" in said                # seat makes fewer lead changes)
    assert "Outcomes that differ from a" in (tmp_path / "c" / "report.md").read_text()
    assert_same = invoke("compare", tmp_path / "a", tmp_path / "a", "--out", tmp_path / "twice")
    assert assert_same.exit_code == 2 and "is given twice" in assert_same.stderr   # was a TypeError traceback


def test_a_swept_key_is_named_in_words_on_the_charts_axes():
    """The trend and heat-map charts labelled their axes variants.grundbesitz.allowed_numbers (issue 39)."""
    from reports.labels import key_words
    assert key_words("variants.grundbesitz.allowed_numbers") == "allowed numbers (Grundbesitz)"
    assert key_words("ck.barbarian_steps") == "barbarian steps (Cities & Knights)"
    assert key_words("victory_points") == "victory points"
