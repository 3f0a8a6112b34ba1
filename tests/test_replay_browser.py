"""The replay page in a real browser (headless Chromium, tests/browser.py): stepped to chosen
events of a base, a Grundbesitz and a C&K game with its slider and keys, it draws the engine's
state there (pieces per seat and kind, C&K knights with level and state, the robber's hex, each
seat's VP shown and longest road: tests/replay_engine.py), makes no network request and fits
a 1,280 px and a 1,400 px window (issue 43)."""
import shutil
from pathlib import Path

import pytest

from simcore.run.config import load_scenario
from simcore.run.runner import replay
from tests import browser
from tests.replay_engine import engine_at
from tests.test_cli import invoke

pytestmark = pytest.mark.skipif(browser.missing() is not None, reason=browser.SKIP_REASON)

ROOT = Path(__file__).resolve().parent.parent
GAME = 3
CHECKS = ("base", "grundbesitz", "ck")
AT = (0.2, 0.8)      # the page is checked against the engine after these shares of the game's player-turns
PIECE_KINDS = ("settlement", "city", "road", "knight", "grundbesitz")

DRAWN = """return {
  event: Number(document.body.dataset.event),
  pieces: [...document.querySelectorAll('#pieces g.piece')].map(g =>
      [g.dataset.kind, Number(g.dataset.player), g.dataset.at, g.dataset.text || '', g.dataset.status || '']),
  counts: [...document.querySelectorAll('td[data-count]')].map(td =>
      [td.dataset.count, Number(td.dataset.player), td.textContent]),
  words: document.getElementById('words').textContent,
  tracks: [...document.querySelectorAll('#tracks g.track')].map(g => [g.dataset.track, Number(g.dataset.step)])};"""
SLIDE = ("const s = document.getElementById('slider'); s.value = arguments[0];"
         "s.dispatchEvent(new Event('input'));")


@pytest.fixture(scope="module")
def driver():
    d = browser.chromium()
    yield d
    d.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """scenario -> (page path, its events): written by `catan-balance replay --html`."""
    folder = tmp_path_factory.mktemp("pages")
    out = {}
    for name in CHECKS:
        path = folder / f"{name}.html"
        done = invoke("replay", ROOT / "scenarios" / f"{name}.toml", "--game", GAME, "--html", path)
        assert done.exit_code == 0, done.output
        out[name] = (path, replay(load_scenario(ROOT / "scenarios" / f"{name}.toml"), GAME)[1])
    return out


def drawn(driver):
    found = driver.execute_script(DRAWN)
    pieces = {}
    for kind, player, _, _, _ in found["pieces"]:
        pieces[(kind, player)] = pieces.get((kind, player), 0) + 1
    counts = {(name, p): text for name, p, text in found["counts"]}
    return found, pieces, counts


@pytest.mark.parametrize("name", CHECKS)
def test_the_page_draws_the_engines_state_at_chosen_events(driver, pages, name):
    path, events = pages[name]
    driver.get(path.as_uri())
    players = events[0]["players"]
    for turns in (max(1, int(share * events[-1]["turns"])) for share in AT):
        index, engine = engine_at(ROOT / "scenarios" / f"{name}.toml", [], GAME, events, turns)
        driver.execute_script(SLIDE, index)
        found, pieces, counts = drawn(driver)
        assert found["event"] == index
        for (kind, p), n in engine["pieces"].items():
            assert pieces.get((kind, p), 0) == n, (name, turns, kind, p)
        assert {k for k, _ in pieces} - {"number", "robber", "wall", "metropolis", "merchant", "marker"} \
            <= set(PIECE_KINDS), pieces
        robber = [at for kind, _, at, _, _ in found["pieces"] if kind == "robber"]
        assert robber == [f"hex:{engine['robber']}"]
        assert [int(counts[("VP shown", p)]) for p in range(players)] == engine["vp_shown"]
        assert [int(counts[("longest road", p)]) for p in range(players)] == engine["road"]
        assert [int(counts[("VP cards (hidden)", p)]) for p in range(players)] == engine["vp_cards"]
        knights = sorted((int(at.split(":")[1]), p, int(text), status == "active")
                         for kind, p, at, text, status in found["pieces"] if kind == "knight")
        assert knights == engine["knights"]
        if engine["barbarians"] is not None:                  # C&K: the ship's step on its track
            assert dict(found["tracks"]).get("barbarians", 0) == engine["barbarians"]
    assert name != "ck" or engine["knights"], "the C&K check saw no knight"


def test_keys_and_buttons_step_by_event_and_by_turn(driver, pages):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    path, events = pages["base"]
    driver.get(path.as_uri() + "#event=100")
    body = driver.find_element(By.TAG_NAME, "body")
    assert drawn(driver)[0]["event"] == 100
    body.send_keys(Keys.ARROW_RIGHT)
    assert drawn(driver)[0]["event"] == 101
    body.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert drawn(driver)[0]["event"] == 99
    body.send_keys(Keys.ARROW_DOWN)
    found = drawn(driver)[0]
    assert events[found["event"]]["type"] == "turn" and found["event"] > 99
    assert found["words"].startswith(f"Turn {events[found['event']]['turn']} ")
    driver.find_element(By.ID, "last").click()
    found = drawn(driver)[0]
    assert found["event"] == len(events) - 1 and "wins" in found["words"]


def test_the_page_makes_no_network_request_and_the_check_would_see_one(driver, pages, tmp_path):
    path, _ = pages["ck"]
    driver.get_log("performance")                              # forget earlier pages
    driver.get(path.as_uri() + "#event=300")
    driver.find_element("id", "nextturn").click()
    asked = browser.requests_made(driver)
    assert asked and all(url.startswith("file://") for url in asked), asked
    # the same check sees a request: a copy of the page without its policy, asking 127.0.0.1
    text = path.read_text(encoding="utf-8")
    start = text.index('<meta http-equiv="Content-Security-Policy"')
    leaky = text[:start] + text[text.index(">", start) + 1:]
    leaky = leaky.replace("</body>", '<img src="http://127.0.0.1:9/x.png"></body>')
    (tmp_path / "leaky.html").write_text(leaky, encoding="utf-8")
    driver.get((tmp_path / "leaky.html").as_uri())
    assert any(url.startswith("http://127.0.0.1:9/") for url in browser.requests_made(driver))


@pytest.mark.parametrize("width", [1280, 1400])
def test_the_page_fits_a_laptop_and_a_wide_window(driver, pages, width):
    path, _ = pages["ck"]
    driver.set_window_size(width, 900)
    driver.get(path.as_uri() + "#event=500")
    wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], wide
    board, side = (driver.find_element("id", i).rect for i in ("board", "seats"))
    assert side["x"] >= board["x"] + board["width"], "the counts sit beside the board"


def test_scenario_texts_are_shown_as_text(driver, tmp_path):
    """A name and a description holding <script> and <img onerror>: shown, never run."""
    text = (ROOT / "scenarios" / "base.toml").read_text(encoding="utf-8")
    hostile = '<script>window.HIT = 1</script><img src=x onerror="window.HIT = 2">'
    name = '<img src=x onerror="window.HIT = 3">'     # a name holds no slash (a folder's name)
    new = {"description": f"description = {hostile!r}", "name": f"name = {name!r}"}
    lines = [new.get(line.split(" ")[0], line) for line in text.splitlines()]
    source = tmp_path / "hostile.toml"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page = tmp_path / "hostile.html"
    done = invoke("replay", source, "--game", 1, "--html", page)
    assert done.exit_code == 0, done.output
    driver.get(page.as_uri())
    assert driver.execute_script("return window.HIT === undefined")
    assert driver.find_element("id", "description").text == hostile
    assert driver.find_element("id", "title").text.startswith(name + ", game 1")
    assert driver.title.startswith(name)
    assert not driver.find_elements("css selector", "#description *, #title *")
