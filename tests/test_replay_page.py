"""The replay page without a browser (issue 43; tests/test_replay_browser.py opens it in one):
one file that asks for nothing outside it, the game of the JSONL log event for event, a game
longer than a page refused in one line with nothing written, scenario texts kept from ending
the page's data block, and the page's state equal to the engine's in an Autarkie game (the
browser tests check base, Grundbesitz and C&K games as drawn)."""
import dataclasses
import json
import os
import re
from pathlib import Path

from reports import replay_page
from reports.replay_page import frames, replay_html
from simcore.run.config import load_scenario
from simcore.run.runner import replay
from tests.replay_engine import engine_at
from tests.test_cli import assert_bad_input, invoke

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "scenarios" / "base.toml"


def _data(page):
    block = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1)
    return json.loads(block)


def test_the_page_is_one_file_asking_for_nothing_and_holds_the_logs_events(tmp_path):
    done = invoke("replay", BASE, "--game", 2, "--log", tmp_path / "g.jsonl", "--html", tmp_path / "g.html")
    assert done.exit_code == 0, done.output
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    log = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert "default-src 'none'" in page                                 # the browser may fetch nothing
    assert not re.search(r"\b(src|href)\s*=", page) and "url(" not in page and "@import" not in page
    data = _data(page)
    assert len(data["frames"]) == len(log)                             # one step per event of the log
    assert data["frames"][-1]["w"].endswith(f"seat {log[-1]['winner']} wins")
    assert [f["t"] for f in data["frames"]][-1] == log[-1]["turns"]


def test_a_game_longer_than_a_page_is_refused_in_one_line_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(replay_page, "MAX_EVENTS", 100)
    done = invoke("replay", BASE, "--game", 2, "--log", tmp_path / "g.jsonl", "--html", tmp_path / "g.html")
    assert_bad_input(done, "replay --html: the game has", "more than a page holds (100)", "--log")
    assert list(tmp_path.iterdir()) == []


def test_scenario_texts_cannot_end_the_pages_data_or_markup():
    _, events = replay(load_scenario(BASE), 1)
    hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"'
    page = replay_html(events, hostile, hostile, [hostile] * 4)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert page.count("</script>") == 2                                # the data block's and the script's
    assert _data(page)["seats"][0]["label"] == hostile                 # the label itself, as text


def test_the_page_is_the_same_bytes_in_every_process(tmp_path):
    """Python hashes strings differently in every process: nothing on the page may follow a set's order."""
    import subprocess
    import sys
    _, events = replay(load_scenario(ROOT / "scenarios" / "grundbesitz.toml"), 3)
    (tmp_path / "events.json").write_text(json.dumps(events))
    code = ("import json, sys; from reports.replay_page import replay_html; "
            "sys.stdout.write(replay_html(json.load(open(sys.argv[1])), 't', 'd', ['a', 'b', 'c', 'd']))")
    pages = [subprocess.run([sys.executable, "-c", code, str(tmp_path / "events.json")], cwd=ROOT, check=True,
                            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
             for seed in (1, 2)]
    assert pages[0] == pages[1] and len(pages[0]) > 10_000


def test_an_autarkie_game_on_the_page_is_the_engines():
    """Figures, cities and knights per seat, the robber, VP shown (the card's included) and the
    longest road after chosen player-turns, as the page's data hold them."""
    path = ROOT / "scenarios" / "autarkie.toml"
    scenario = load_scenario(path)
    _, events = replay(scenario, 3)
    data, names, _ = frames(events, dataclasses.asdict(scenario.rules))
    card_held = False
    for turns in (int(share * events[-1]["turns"]) for share in (0.4, 0.8)):
        index, engine = engine_at(path, [], 3, events, turns)
        pieces = {}
        for f in data[:index + 1]:
            for key, piece in f["d"].items():
                pieces.pop(key, None) if piece is None else pieces.__setitem__(key, piece)
        counted = {}
        for piece in pieces.values():
            counted[(piece["kind"], piece["player"])] = counted.get((piece["kind"], piece["player"]), 0) + 1
        assert {k: counted.get(k, 0) for k in engine["pieces"]} == engine["pieces"]
        assert [p["at"][1] for p in pieces.values() if p["kind"] == "robber"] == [engine["robber"]]
        seats = data[index]["s"]
        assert [row[names.index("VP shown")] for row in seats] == engine["vp_shown"]
        assert [row[names.index("longest road")] for row in seats] == engine["road"]
        assert any(p["kind"] in ("knecht", "geselle") for p in pieces.values())
        card_held |= any("Autarkie card: seat" in n for n in data[index]["n"])
    assert card_held, "no check with the Autarkie card held"


def test_a_report_links_pages_of_its_chosen_games_and_none_once_the_scenario_changed(tmp_path, monkeypatch):
    """The shortest, a median and the longest game, and a win of each style, each a page under
    games/ that is the game of games.csv; re-reported after the scenario file changed (it plays
    other games now) the report links none and says why, and the old pages go."""
    import pandas as pd
    source = tmp_path / "mixed.toml"
    source.write_text((ROOT / "scenarios" / "mixed.toml").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "r"
    assert invoke("run", source, "-n", 12, "-q", "-o", out).exit_code == 0
    games = pd.read_csv(out / "games.csv")
    report = (out / "report.md").read_text(encoding="utf-8")
    links = re.findall(r"- \[game (\d+): ([^\]]*)\]\((games/[^)]+\.html)\)", report)
    shortest = int(games["turns"].idxmin())
    assert any(int(g) == shortest and why.startswith("the shortest game") for g, why, _ in links), links
    assert any("won" in why for _, why, _ in links)
    for game, _, page in links:
        row = games.iloc[int(game)]
        frames_ = _data((out / page).read_text(encoding="utf-8"))["frames"]
        assert frames_[-1]["t"] == row["turns"] and frames_[-1]["w"].endswith(f"seat {row['winner_seat']} wins")
    assert sorted(p.name for p in (out / "games").iterdir()) == sorted(Path(p).name for _, _, p in links)
    monkeypatch.setenv("CATAN_BALANCE_PAGES_CAP", "1")   # (the documentation's tests: one page a report)
    assert invoke("report", out).exit_code == 0
    assert len(list((out / "games").iterdir())) == 1 < len(links)
    monkeypatch.delenv("CATAN_BALANCE_PAGES_CAP")
    source.write_text("victory_points = 9\n" + source.read_text(encoding="utf-8"), encoding="utf-8")   # edited
    assert invoke("report", out).exit_code == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "No game linked: game" in report and "plays differently now" in report
    assert list((out / "games").iterdir()) == []
