"""Wilson intervals and the summary of a known set of games."""
import pandas as pd
import pytest

from reports.summary import Tally, format_table, summarize, wilson
from simcore.run.config import load_scenario
from tests.conftest import SMALL


@pytest.mark.parametrize("wins, n, lo, hi", [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 4, 0.0456, 0.6994),
])
def test_wilson_known_values(wins, n, lo, hi):
    got = wilson(wins, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_no_games_is_uninformative():
    assert wilson(0, 0) == (0.0, 1.0)


def _games(winners, turns, specs):
    """A games table: winner seat, turns, and the scenario seat at each table seat per game."""
    df = pd.DataFrame({"winner_seat": winners, "turns": turns})
    for k in range(len(specs[0])):
        df[f"seat{k}_spec"] = [row[k] for row in specs]
    return df


@pytest.fixture
def two_greedy(scenario_file):
    text = SMALL.replace('seats = ["greedy", "roads", "devcards", "random"]',
                         'seats = ["greedy", "roads", { policy = "greedy", weights = { devcard = 0.8 } }, "random"]')
    return load_scenario(scenario_file(text))


def test_summary_counts(two_greedy):
    rotate = [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]
    # winner seat -> scenario seat: 0 -> 0, 0 -> 1, 2 -> 0, none, 2 -> 2
    df = _games([0, 0, 2, -1, 2], [50, 60, 70, 1000, 61], [rotate[0], rotate[1], rotate[2], rotate[3], rotate[0]])
    s = summarize(df, two_greedy)
    assert s["games"] == 5
    assert s["no_winner"] == {"games": 1, "share": 0.2}
    assert s["turns"] == {"mean": 248.2, "median": 61.0}
    assert [e["wins"] for e in s["seats"]] == [2, 0, 2, 0]
    assert s["seats"][0]["win_rate"] == 0.4
    assert s["seats"][0]["ci95"] == [round(x, 6) for x in wilson(2, 5)]
    assert [e["wins"] for e in s["specs"]] == [2, 1, 1, 0]
    by_policy = {e["policy"]: (e["seats_played"], e["wins"]) for e in s["policies"]}
    assert by_policy == {"greedy": (10, 3), "roads": (5, 1), "random": (5, 0)}
    assert s["specs"][2]["label"] == "greedy {devcard=0.8}"


def test_median_of_even_count_and_streaming_equals_one_shot(two_greedy):
    specs = [[0, 1, 2, 3]] * 4
    df = _games([0, 1, -1, 3], [10, 20, 30, 40], specs)
    one_shot = summarize(df, two_greedy)
    assert one_shot["turns"]["median"] == 25.0
    streamed = Tally(two_greedy).add(df.iloc[:1]).add(df.iloc[1:3]).add(df.iloc[3:]).result()
    assert streamed == one_shot


def test_table_is_aligned_and_shows_weight_overrides(two_greedy):
    df = _games([0, 1], [10, 20], [[0, 1, 2, 3], [0, 1, 2, 3]])
    text = format_table(summarize(df, two_greedy))
    lines = text.splitlines()
    assert lines[0].startswith("small: 2 games, 4 players, seed 7")
    seat_rows = [line for line in lines if line.startswith("seat ")]       # header + 4 seats
    assert len(seat_rows) == 5 and len({len(line) for line in seat_rows}) == 1   # aligned
    assert seat_rows[1].split() == ["seat", "0", "2", "1", "50.0%", "9.5%-90.5%"]
    assert "greedy {devcard=0.8}" in text


def test_per_game_averages_by_scenario_seat_include_the_variant(scenario_file):
    # a Grundbesitz run adds GB income and markers to the per-game table, averaged
    # per scenario seat whatever table seat it sat in
    scenario = load_scenario(scenario_file(SMALL + "[variants.grundbesitz]\n"))
    specs = [[0, 1, 2, 3], [1, 2, 3, 0]]
    df = _games([0, 1], [10, 20], specs)
    for seat in range(4):
        df[f"seat{seat}_vp"] = [seat, 10 * seat]
        df[f"seat{seat}_gain_grundbesitz"] = [seat + 1, 0]
        for c in ("gain_dice", "gb_bought", "gb_markers_response", "gb_markers_knight", "gb_markers_robber",
                  "gb_markers_strike", "gb_markers_received", "gb_defences"):
            df[f"seat{seat}_{c}"] = 0
    s = summarize(df, scenario)
    per_game = [e["per_game"] for e in s["specs"]]
    # scenario seat 1: table seat 1 in game 0 (vp 1, GB 2), table seat 0 in game 1 (vp 0, GB 0)
    assert per_game[1]["VP"] == 0.5 and per_game[1]["cards from GB"] == 1.0
    # scenario seat 0: table seat 0 in game 0 (vp 0), table seat 3 in game 1 (vp 30)
    assert per_game[0]["VP"] == 15.0
    assert "cards from GB" in format_table(s)
    base = summarize(df, load_scenario(scenario_file(SMALL)))
    assert "cards from GB" not in base["specs"][0]["per_game"]
