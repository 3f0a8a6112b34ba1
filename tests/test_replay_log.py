"""A replay's log holds every event of the game, however long (simcore.run.replay plays a
game of more events than the state's log holds once per page), an award comes
right after the event that moved it (docs/rules.md, Base game: longest road, largest army), the board
event shows the number tokens at the start (C&K's Inventor swaps them later, each swap its
own event) and no event field overwrites an event's own keys (issue 30 items 5, 6)."""
import os
import subprocess
import sys
from pathlib import Path

from simcore.run.config import load_scenario
from simcore.run.runner import replay
from simcore.engine.state import LOG_ROWS

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "scenarios" / "base.toml"
CK = ROOT / "scenarios" / "ck.toml"


def test_a_game_of_more_events_than_the_log_holds_is_logged_whole():
    """The issue's game (nobody reaches 30 VP): it runs to the turn limit."""
    scenario = load_scenario(BASE, ["victory_points=30", "max_turns=9000"])
    _, events = replay(scenario, 0)
    assert len(events) - 1 > LOG_ROWS                       # more than one page (the board event aside)
    assert events[-1]["type"] == "game_end" and events[-1]["turns"] == 9000
    turns = [e["turn"] for e in events if e["type"] == "turn"]
    assert len(turns) == 9000 and turns == list(range(turns[0], turns[0] + 9000))   # none lost or doubled


def test_pages_join_into_the_log_one_page_holds():
    """With pages of 97 events (NUMBA_DISABLE_JIT: no kernel to compile for the small log)."""
    code = ("import simcore.engine.state as S\n"
            "from simcore.run.config import load_scenario\n"
            "from simcore.run.runner import replay\n"
            f"scenario = load_scenario({str(BASE)!r}, [])\n"
            "whole = replay(scenario, 3)[1]\n"
            "S.LOG_ROWS = 97\n"
            "paged = replay(scenario, 3)[1]\n"
            "print(len(whole), paged == whole)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    n, same = done.stdout.split()
    assert int(n) > 3 * 97 and same == "True"


CAUSES = {"largest_army": {("play_dev", "knight")},
          "longest_road": {("build_road", None), ("build_settlement", None), ("setup_road", None)}}


def _cause(event):
    return event["type"], event.get("dev") if event["type"] == "play_dev" else None


def test_an_award_follows_the_build_cut_or_knight_that_moved_it():
    scenario = load_scenario(BASE, [])
    seen = set()
    for game in range(40):
        events = replay(scenario, game)[1]
        for before, award in zip(events, events[1:]):
            if award["type"] == "award":
                assert _cause(before) in CAUSES[award["award"]], (game, before, award)
                # a cut: another player's settlement takes the road from its holder
                seen.add((award["award"], before["type"], before["player"] == award["to_player"]))
    assert {("largest_army", "play_dev", True), ("longest_road", "build_road", True)} <= seen


def test_the_board_shows_the_start_numbers_and_each_inventor_swap_follows_from_them():
    scenario = load_scenario(CK, ["ck.progress_deck.inventor=12"])
    swaps = targets = 0
    for game in range(40):
        events = replay(scenario, game)[1]
        numbers = {h["hex"]: h["number"] for h in events[0]["hexes"]}
        for e in events:
            if e["type"] == "ck_inventor":         # the numbers before the swap, as the board shows them
                assert (numbers[e["hex_a"]], numbers[e["hex_b"]]) == (e["number_a"], e["number_b"]), (game, e)
                numbers[e["hex_a"]], numbers[e["hex_b"]] = e["number_b"], e["number_a"]
                swaps += e["number_a"] != e["number_b"]
            elif e["type"] == "ck_card_target":    # the card's player, the opponent concerned apart
                assert e["player"] >= 0 and "other_player" in e
                targets += 1
        if swaps >= 3 and targets:
            break
    assert swaps >= 3 and targets


def test_an_event_field_may_not_take_an_events_own_key():
    import pytest
    from simcore.engine.event_codes import add_event
    with pytest.raises(ValueError, match="player"):
        add_event("x_target", ("progress", "target", "second", "player"))
