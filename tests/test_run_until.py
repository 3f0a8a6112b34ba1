"""Adaptive stopping (--until-ci): chunks are added until every reported win-rate 95% interval is narrow
enough at a checkpoint, at most --max-games; the same games for any jobs; resumable; one-line errors."""
import json
import signal

import pandas as pd
import pytest

from reports import stats
from reports.summary import Tally
from simcore.run import adaptive, runner, sweep
from simcore.run.config import load_scenario
from tests.test_cli import assert_bad_input, invoke
from tests.test_scale import _files, kill_mid_run, stop_at_merge

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py

TARGET, EVERY = 0.1, 8    # a seat wins ~25%: +-10 points need ~70 games, about nine checkpoints


@pytest.fixture
def small(scenario_file):
    return load_scenario(scenario_file(), ["games=400"])   # with until: the most games


def _widest_by_hand(games, scenario):
    """The widest half-width of the win-rate intervals of the games, from reports.stats.wilson."""
    n, players = len(games), scenario.players
    widths = []
    for k in range(players):
        lo, hi = stats.wilson(int((games["winner_seat"] == k).sum()), n)
        widths.append((hi - lo) / 2)
    specs = games[[f"seat{k}_spec" for k in range(players)]].to_numpy()
    for spec in range(len(scenario.seats)):
        played = int((specs == spec).sum())
        won = int(sum(((games["winner_seat"] == k) & (specs[:, k] == spec)).sum() for k in range(players)))
        lo, hi = stats.wilson(won, played)
        widths.append((hi - lo) / 2)
    return max(widths)


def test_the_widest_half_width_is_the_reports_wilson_interval(small, tmp_path):
    runner.run(load_scenario(small.source, ["games=30"]), tmp_path / "r", Tally, progress=False)
    games = pd.read_csv(tmp_path / "r" / "games.csv")
    tally = Tally(small).add(games)
    assert tally.widest_half_width() == pytest.approx(_widest_by_hand(games, small), abs=1e-6)


def test_it_stops_at_the_first_checkpoint_where_every_interval_is_narrow_enough(small, tmp_path):
    summary = runner.run(small, tmp_path / "r", Tally, progress=False, chunk_games=EVERY, until=TARGET)
    games = pd.read_csv(tmp_path / "r" / "games.csv")
    n = len(games)
    assert summary["games"] == n and n % EVERY == 0 and EVERY < n < small.games
    assert _widest_by_hand(games, small) <= TARGET                       # narrow enough here ...
    for checkpoint in range(EVERY, n, EVERY):                            # ... and at no earlier checkpoint
        assert _widest_by_hand(games.iloc[:checkpoint], small) > TARGET, checkpoint
    entry = summary["until_ci"]
    assert entry == json.loads((tmp_path / "r" / "summary.json").read_text())["until_ci"]
    assert entry["games"] == n and entry["met"] and entry["max_games"] == small.games
    assert entry["half_width"] == TARGET and entry["checked_every"] == EVERY
    meta = json.loads((tmp_path / "r" / "meta.json").read_text())   # the finished run's (simcore.run.meta.run)
    assert meta["complete"] and meta["games"] == n and meta["until_ci"] == entry
    assert not (tmp_path / "r" / "chunks").exists()


@pytest.mark.parametrize("jobs", [2, 3])
def test_any_jobs_give_the_same_games(small, tmp_path, jobs):
    """Chunks played ahead of the stopping checkpoint (to keep the workers busy) are dropped."""
    runner.run(small, tmp_path / "one", Tally, progress=False, chunk_games=EVERY, until=TARGET)
    runner.run(small, tmp_path / "many", Tally, jobs=jobs, progress=False, chunk_games=EVERY, until=TARGET)
    assert _files(tmp_path / "many") == _files(tmp_path / "one")
    if (tmp_path / "one" / "games.parquet").exists():
        one, many = (pd.read_parquet(tmp_path / d / "games.parquet") for d in ("one", "many"))
        assert many.equals(one)


def test_max_games_bounds_a_target_out_of_reach(small, tmp_path):
    capped = load_scenario(small.source, ["games=20"])
    summary = runner.run(capped, tmp_path / "r", Tally, progress=False, chunk_games=EVERY, until=0.001)
    assert summary["games"] == 20 and not summary["until_ci"]["met"]
    assert summary["until_ci"]["widest_half_width"] > 0.001
    plain = tmp_path / "plain"
    runner.run(capped, plain, Tally, progress=False)    # the same games as a fixed run of 20
    assert (tmp_path / "r" / "games.csv").read_bytes() == (plain / "games.csv").read_bytes()


def test_an_interrupted_run_resumes_to_the_same_files(small, tmp_path):
    runner.run(small, tmp_path / "ref", Tally, progress=False, chunk_games=EVERY, until=TARGET)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        runner.run(small, out, stop_at_merge(3), jobs=2, progress=False, chunk_games=EVERY, until=TARGET)
    assert not (out / "games.csv").exists() and (out / "games.csv.part").exists()
    with pytest.raises(Exception, match="other settings"):     # a resume must ask for the same
        runner.run(small, out, Tally, resume=True, progress=False, chunk_games=EVERY, until=0.2)
    runner.run(small, out, Tally, resume=True, progress=False, chunk_games=EVERY, until=TARGET)
    assert _files(out) == _files(tmp_path / "ref")


def test_a_resume_at_the_stopping_checkpoint_drops_the_chunks_played_ahead(small, tmp_path):
    ref = tmp_path / "ref"
    runner.run(small, ref, Tally, progress=False, chunk_games=EVERY, until=TARGET)
    n = len(pd.read_csv(ref / "games.csv"))
    longer = tmp_path / "longer"       # the games after the stop, as a killed run may have left them
    runner.run(load_scenario(small.source, [f"games={n + 2 * EVERY}"]), longer, Tally, progress=False)
    lines = (longer / "games.csv").read_bytes().splitlines(keepends=True)
    out = tmp_path / "out"
    runner.run(small, out, Tally, progress=False, chunk_games=EVERY, until=TARGET)
    for name in ("games.csv", "summary.json", "games.parquet", "meta.json"):
        (out / name).unlink(missing_ok=True)
    (out / "games.csv.part").write_bytes(b"".join(lines[:1 + n]))
    (out / "chunks").mkdir()
    ahead = out / "chunks" / (runner.chunk_name(n, EVERY) + ".csv")
    ahead.write_bytes(b"".join(lines[1 + n:1 + n + EVERY]))
    played = []
    real = runner.play_chunk
    try:
        runner.play_chunk = lambda *task: played.append(task[1:]) or real(*task)
        runner.run(small, out, Tally, resume=True, progress=False, chunk_games=EVERY, until=TARGET)
    finally:
        runner.play_chunk = real
    assert played == [] and _files(out) == _files(ref) and not (out / "chunks").exists()


_KILL_SCRIPT = """
import sys
from simcore.run.config import load_scenario
from reports.summary import Tally
from simcore.run import runner

runner._META_EVERY_S = 0.0   # meta.json after every chunk: the test kills the run mid-way by it
s = load_scenario(sys.argv[1], ["games=100000"])
runner.run(s, sys.argv[2], Tally, jobs=2, chunk_games=600, progress=False, resume=True, until=0.008)
"""


def test_a_killed_run_resumes_to_the_same_bytes(scenario_file, tmp_path):
    path = scenario_file()
    s = load_scenario(path, ["games=100000"])
    runner.run(s, tmp_path / "ref", Tally, chunk_games=600, progress=False, until=0.008)   # ~11,000 games
    out = tmp_path / "out"
    kill_mid_run(_KILL_SCRIPT, [path, out], out, 900, signal.SIGKILL)
    runner.run(s, out, Tally, resume=True, chunk_games=600, progress=False, until=0.008)
    assert _files(out) == _files(tmp_path / "ref")


def test_a_sweep_stops_each_setting_on_its_own_and_says_how_many_games(tmp_path):
    args = ["sweep", "base", "--vary", "victory_points=4,6", "--until-ci", 0.12, "--chunk-games", 10,
            "--max-games", 400, "--seed", 3, "-q"]
    first = invoke(*args, "--out", tmp_path / "one")
    assert first.exit_code == 0, first.output
    assert invoke(*args, "--no-report", "--jobs", 2, "--out", tmp_path / "two").exit_code == 0
    meta = json.loads((tmp_path / "one" / "meta.json").read_text())
    assert meta["until_ci"] == {"half_width": 0.12, "every": 10} and meta["games"] == 400 and meta["complete"]
    needed = meta["games_needed"]
    assert list(needed) == [e["dir"] for e in meta["settings"]]
    for entry in meta["settings"]:
        one, two = tmp_path / "one" / entry["dir"], tmp_path / "two" / entry["dir"]
        assert _files(one) == _files(two)
        run_meta = json.loads((one / "meta.json").read_text())
        games = needed[entry["dir"]]
        assert run_meta["games"] == games == run_meta["until_ci"]["games"] == len(pd.read_csv(one / "games.csv"))
        assert games % 10 == 0 and run_meta["until_ci"]["met"]
        assert f"{games:,} games: every win-rate 95% interval within +-12.00%" in first.stderr
    assert "until every win-rate 95% interval is within +-12%" in first.stderr
    rates = pd.read_csv(tmp_path / "one" / "tables" / "fairness.csv")
    assert rates["games"].tolist() == list(needed.values())            # the report says so too
    resumed = invoke(*args, "--out", tmp_path / "one", "--resume", "--no-report")   # finished: nothing played
    assert resumed.exit_code == 0 and "already played" in resumed.stderr
    assert_bad_input(invoke(*args[:5], 0.2, *args[6:], "--out", tmp_path / "one", "--resume"), "other settings")


def test_the_run_command_prints_where_it_stopped(tmp_path):
    result = invoke("run", "base", "--until-ci", 0.12, "--chunk-games", 10, "--max-games", 400, "--no-report",
                    "-o", tmp_path / "r")
    assert result.exit_code == 0, result.output
    games = json.loads((tmp_path / "r" / "summary.json").read_text())["games"]
    assert f"--until-ci: {games:,} games: every win-rate 95% interval within +-12.00%" in result.stderr
    assert f"base: {games} games" in result.stdout


@pytest.mark.parametrize("extra, fragments", [
    (["--until-ci", 0], ["--until-ci: 0 is not allowed", "above 0 and at most 0.5"]),
    (["--until-ci", -0.01], ["--until-ci: -0.01 is not allowed"]),
    (["--until-ci", 0.6], ["--until-ci: 0.6 is not allowed"]),
    (["--until-ci", "nan"], ["--until-ci: nan is not allowed"]),
    (["--until-ci", "wide"], ["--until-ci"]),
    (["--until-ci", 0.01, "--max-games", 1999],
     ["--max-games: 1,999 is below one chunk (2,000 games", "at least 2,000"]),
    (["--until-ci", 0.01, "--max-games", 50, "--chunk-games", 100], ["--max-games: 50 is below one chunk (100 games"]),
    (["--until-ci", 0.01, "--max-games", -5], ["--max-games: -5 is below one chunk"]),
    (["--max-games", 5000], ["--max-games: only with --until-ci"]),
    (["--until-ci", 0.01, "--games", 5000], ["--games: not with --until-ci", "--max-games"]),
])
@pytest.mark.parametrize("command", [["run", "base"], ["sweep", "base", "--vary", "victory_points=8,10"]])
def test_bad_values_are_one_line_exit_2(tmp_path, command, extra, fragments):
    assert_bad_input(invoke(*command, *extra, "-o", tmp_path / "o"), *fragments)
    assert not (tmp_path / "o").exists()


def test_the_library_checks_too(small, tmp_path):
    from simcore.engine.errors import InputError
    with pytest.raises(InputError, match="--max-games: 400 is below one chunk"):
        runner.run(small, tmp_path / "r", Tally, chunk_games=1000, until=0.01)
    plan = sweep.plan("base", ["games=50"], ["victory_points=8,10"])
    with pytest.raises(InputError, match="--until-ci: 0.7 is not allowed"):
        sweep.run(plan, tmp_path / "s", Tally, chunk_games=10, until=0.7)
    assert not (tmp_path / "r").exists() and not (tmp_path / "s").exists()


def test_next_end_projects_the_games_needed():
    until = adaptive.Until(0.01, 1000)
    assert adaptive.next_end(0, 0.0, until, 50_000) == 1000
    assert adaptive.next_end(2000, 0.02, until, 50_000) == 8000          # half-width ~ 1/sqrt(games)
    assert adaptive.next_end(2000, 0.0101, until, 50_000) == 3000        # at least the next checkpoint
    assert adaptive.next_end(2500, 0.0, until, 50_000) == 3000           # resumed between checkpoints
    assert adaptive.next_end(2000, 0.5, until, 50_000) == 50_000
