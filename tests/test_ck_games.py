"""Cities & Knights through the command line: `run` writes its record columns (per seat
and per game), `replay` logs its events with every card kind in the hands and the bank,
and the report draws its charts."""
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parent.parent


def cli(*args):
    return subprocess.run([sys.executable, "cli.py", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                          timeout=1200)


@pytest.fixture(scope="module")
def ck_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("ck")
    run = cli("run", "ck", "--games", 60, "-q", "-o", d / "out")
    assert run.returncode == 0, run.stderr
    replay = cli("replay", "ck", "--game", 1, "--log", d / "game1.jsonl")
    assert replay.returncode == 0, replay.stderr
    events = [json.loads(line) for line in (d / "game1.jsonl").read_text().splitlines()]
    return d, pd.read_csv(d / "out" / "games.csv"), events


def test_records_per_seat_and_game(ck_run):
    _, games, _ = ck_run
    assert (games["ck_attacks"] > 0).mean() > 0.9
    assert (games["ck_attacks"] == games["ck_attacks_won"] + games["ck_attacks_lost"]).all()
    for s in range(4):
        vp = sum(games[f"seat{s}_vp_{k}"] for k in ("settlements", "cities", "road", "metropolis", "defender",
                                                       "progress", "merchant"))
        assert (games[f"seat{s}_vp"] == vp).all()
    levels = games[[f"seat{s}_ck_level_{t}" for s in range(4) for t in ("science", "trade", "politics")]]
    assert levels.to_numpy().max() <= 5 and levels.to_numpy().sum() > 0
    assert games[[f"seat{s}_gain_commodities" for s in range(4)]].to_numpy().sum() > 0


def test_replay_logs_ck_events_with_every_card_kind(ck_run):
    _, games, events = ck_run
    kinds = {e["type"] for e in events}
    assert {"ck_setup_city", "ck_roll", "ck_barbarians", "ck_attack", "ck_improve"} <= kinds
    assert "roll" not in kinds                                    # the base dice never rolled
    assert all(len(e["bank"]) == 8 and all(len(h) == 8 for h in e["hands"]) for e in events)
    assert sum(1 for e in events if e["type"] == "ck_attack") == games["ck_attacks"][1]


def test_report_has_the_ck_charts(ck_run):
    d, _, _ = ck_run
    charts = {p.stem for p in (d / "out" / "charts").glob("*.png")}
    assert {"ck_barbarians", "ck_levels", "ck_commodities"} <= charts
    summary = json.loads((d / "out" / "summary.json").read_text())
    assert "metropolises" in json.dumps(summary)
