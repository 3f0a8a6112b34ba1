"""Settings and swept keys named in words on the report pages, the raw labels kept in the CSV, in
verdicts.json and as report.html's tooltips (issue 39: 'allowed_numbers=2-6,8-12' for all numbers)."""
import html
import json
import re

from typer.testing import CliRunner

from cli import app
from reports.labels import key_words, setting_words, value_words


def test_a_variants_values_are_worded_by_its_report_entry_and_others_by_their_name():
    assert value_words("variants.grundbesitz.allowed_numbers", [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]) == "all numbers"
    assert value_words("variants.grundbesitz.allowed_numbers", [2, 3, 11, 12]) == "only 2, 3, 11 and 12"
    assert value_words("variants.grundbesitz.markers_per_block", 1) == "1 marker per block"
    assert value_words("variants.grundbesitz.markers_per_block", 3) == "3 markers per block"
    assert value_words("variants.robin_hood.deck.knight", 2) == "2 knights in Robin's deck"
    assert value_words("variants.grundbesitz.defence", False) == "defence off"          # no words declared
    assert value_words("board.no_adjacent_red", True) == "6 and 8 kept apart"
    assert value_words("seats", ["greedy", "greedy", "greedy", "roads"]) == "3 greedy + roads"
    assert key_words("variants.robin_hood.deck.knight") == "deck: knight (Robin Hood)"


def test_two_settings_worded_alike_keep_their_raw_labels():
    from types import SimpleNamespace
    runs = [SimpleNamespace(label=f"x={v}", values={"variants.grundbesitz.defence": v}) for v in (True, False)]
    assert setting_words(SimpleNamespace(kind="sweep", runs=runs)) == {"x=True": "defence on", "x=False": "defence off"}
    runs[1].values = runs[0].values
    assert setting_words(SimpleNamespace(kind="sweep", runs=runs)) == {}


def _text(page):
    """What report.html shows: no tooltips, links, images or style."""
    page = re.sub(r"<img[^>]*>|<style>.*?</style>|title='[^']*'|href='[^']*'", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_a_sweeps_pages_name_settings_in_words_and_keep_raw_labels_in_the_csv(tmp_path):
    out = tmp_path / "s"
    done = CliRunner().invoke(app, ["sweep", "base", "--vary", "board.no_adjacent_red=true,false", "--vary",
                                    "victory_points=8,10", "-n", "40", "-q", "--out", str(out)])
    assert done.exit_code == 0, done.output
    page = (out / "report.html").read_text()
    shown = _text(page.split("<h2>Reproduce</h2>")[0])
    assert "6 and 8 kept apart · 8 VP" in shown and "6 and 8 may touch · 10 VP" in shown
    assert "no_adjacent_red" not in shown and "victory_points" not in shown
    assert "title='no_adjacent_red=true · victory_points=8'>6 and 8 kept apart · 8 VP<" in page
    markdown = re.sub(r"\]\([^)]*\)", "]", (out / "report.md").read_text().split("## Reproduce")[0])   # no links
    assert "no_adjacent_red" not in markdown
    csv = (out / "tables" / "fairness.csv").read_text()
    assert "no_adjacent_red=true · victory_points=8" in csv and "kept apart" not in csv
    assert "no_adjacent_red=false · victory_points=10" in json.loads((out / "verdicts.json").read_text())["games"]
