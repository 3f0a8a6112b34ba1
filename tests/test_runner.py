"""The runner: same seed => same bytes whatever the job count; resume continues exactly."""
import csv
import json

import numpy as np
import pandas as pd
import pytest

from reports.summary import Tally, summarize
from simcore.engine import records as R
from simcore.run import runner
from simcore.run.batch import row_layout
from simcore.run.config import load_scenario
from simcore.engine.errors import InputError
from simcore.run.outputs import csv_columns
from tests.conftest import SMALL

pytestmark = pytest.mark.usefixtures("charts_not_drawn")   # words, files and flows: tests/conftest.py


@pytest.fixture
def small(scenario_file):
    return load_scenario(scenario_file())


def _run(scenario, out, **kw):
    kw.setdefault("chunk_games", 5)  # several chunks even for a few games
    return runner.run(scenario, out, Tally, progress=False, **kw)


def test_writes_games_and_summary(small, tmp_path):
    summary = _run(small, tmp_path / "out")
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == ["games.csv", "games.parquet", "meta.json", "run.json", "summary.json"]
    df = pd.read_csv(tmp_path / "out" / "games.csv")
    assert list(df.columns) == csv_columns(())
    assert df["game"].tolist() == list(range(small.games))
    assert json.loads((tmp_path / "out" / "summary.json").read_text()) == summary
    assert summary == summarize(df, small)          # streamed tally == one pass over the file
    assert summary["games"] == small.games


def _fake_batch(params, kinds, weights, game_indices, seeds):
    """Valid records for any player count (the shell's view only: rotation, a winner or none)."""
    players, seeds = len(kinds), seeds.astype(np.int64)
    layout = row_layout(params)
    out = np.full((len(game_indices), layout.width), -1, dtype=np.int64)
    out[:, R.G_GAME], out[:, R.G_SEED] = game_indices, seeds
    out[:, R.G_WINNER] = np.where(seeds % 5 == 0, -1, seeds % players)
    out[:, R.G_TURNS] = 40 + seeds % 30
    for s in range(players):
        out[:, layout.block(s)] = 0
        out[:, layout.at(s, R.S_SPEC)] = (s + game_indices) % players
    return out


def test_policy_names_and_unused_seats(scenario_file, tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "play_batch", _fake_batch)
    s = load_scenario(scenario_file(), ["players=3", 'seats=["roads","greedy","random"]'])
    _run(s, tmp_path / "out")
    with open(tmp_path / "out" / "games.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == s.games
    names = [seat.policy for seat in s.seats]
    for row in rows:
        for k in range(3):
            assert row[f"seat{k}_policy"] == names[int(row[f"seat{k}_spec"])]
        assert all(row[c] == "" for c in row if c.startswith("seat3_"))
        winner = int(row["winner_seat"])
        assert row["winner_policy"] == (row[f"seat{winner}_policy"] if winner >= 0 else "none")
    assert {row["winner_policy"] for row in rows} == {"roads", "greedy", "random", "none"}


def test_invalid_records_are_refused(small, tmp_path, monkeypatch):
    def bad_batch(*args):
        block = _fake_batch(*args)
        block[3, R.G_WINNER] = 4
        return block
    monkeypatch.setattr(runner, "play_batch", bad_batch)
    with pytest.raises(RuntimeError, match="invalid winner_seat"):
        _run(small, tmp_path / "out")


def test_jobs_1_and_2_give_identical_bytes(small, tmp_path):
    _run(small, tmp_path / "one", jobs=1)
    _run(small, tmp_path / "two", jobs=2)
    for name in ("games.csv", "summary.json", "run.json"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


@pytest.mark.parametrize("cut", ["mid_row", "row_end", "header_only", "mid_header"])
def test_resume_after_interruption_is_byte_identical(small, tmp_path, cut):
    _run(small, tmp_path / "full")
    full = (tmp_path / "full" / "games.csv").read_bytes()
    out = tmp_path / "resumed"
    _run(small, out)
    # Make it look interrupted: rows so far in games.csv.part, cut where the crash was.
    data = (out / "games.csv").read_bytes()
    lines = data.splitlines(keepends=True)
    cut_at = {"mid_row": len(b"".join(lines[:12])) + 9, "row_end": len(b"".join(lines[:12])),
              "header_only": len(lines[0]), "mid_header": 20}[cut]
    (out / "games.csv").unlink()
    (out / "summary.json").unlink()
    (out / "games.csv.part").write_bytes(data[:cut_at])

    with pytest.raises(InputError, match="unfinished run.*--resume"):
        _run(small, out)                                    # never silently thrown away
    summary = _run(small, out, resume=True, chunk_games=4)  # other chunking, same bytes
    assert (out / "games.csv").read_bytes() == full
    assert not (out / "games.csv.part").exists()
    assert (out / "summary.json").read_bytes() == (tmp_path / "full" / "summary.json").read_bytes()
    assert summary["games"] == small.games


def test_resume_refuses_other_settings(scenario_file, small, tmp_path):
    out = tmp_path / "out"
    _run(small, out)
    (out / "games.csv").rename(out / "games.csv.part")
    before = (out / "games.csv.part").read_bytes()
    other = load_scenario(scenario_file(), ["seed=8"])
    with pytest.raises(InputError, match="other settings"):
        _run(other, out, resume=True)
    assert (out / "games.csv.part").read_bytes() == before


def test_finished_results_are_kept_unless_forced(scenario_file, small, tmp_path):
    out = tmp_path / "out"
    first = _run(small, out)
    before = (out / "games.csv").read_bytes()
    with pytest.raises(InputError, match="already holds finished results.*--force"):
        _run(small, out)
    assert _run(small, out, resume=True) == first           # resume of a finished run: re-summarise
    assert (out / "games.csv").read_bytes() == before
    more = load_scenario(scenario_file(), ["games=30"])
    assert _run(more, out, force=True)["games"] == 30


def test_replay_uses_the_runs_seed(small, tmp_path):
    _run(small, tmp_path / "out")
    df = pd.read_csv(tmp_path / "out" / "games.csv")
    seed, events = runner.replay(small, 5)
    assert seed == df.loc[5, "seed"]
    assert events[0]["type"] == "board"


def _interrupted_after_first_chunk(monkeypatch):
    """Make runs stop (KeyboardInterrupt, as Ctrl-C) after their first chunk of games."""
    real = runner._results

    def first_chunk_then_stop(*args):
        yield next(iter(real(*args)))
        raise KeyboardInterrupt
    monkeypatch.setattr(runner, "_results", first_chunk_then_stop)


def test_a_fresh_run_first_removes_every_file_of_the_old_one(scenario_file, small, tmp_path, monkeypatch):
    """Stopped after one chunk, a run started over (--force) leaves only its own run.json, rows so far,
    chunk files and a meta.json saying it is not complete: no games.parquet, report, tables, charts,
    summary or finished meta.json of the old run."""
    from reports.report import write_report
    from reports.study import open_results
    from simcore.run.sweep import run_one
    out = tmp_path / "out"
    run_one(small, out, tally=Tally, progress=False)
    write_report(open_results(out))
    old = {p.name for p in out.iterdir()}
    assert {"games.csv", "games.parquet", "summary.json", "meta.json", "report.html", "report.md", "charts",
            "tables"} <= old
    _interrupted_after_first_chunk(monkeypatch)
    more = load_scenario(scenario_file(), ["games=30"])
    with pytest.raises(KeyboardInterrupt):
        run_one(more, out, tally=Tally, force=True, progress=False, chunk_games=5)
    assert sorted(p.name for p in out.iterdir()) == ["chunks", "games.csv.part", "meta.json", "run.json"]
    assert not list((out / "chunks").glob("*.csv"))      # chunk 0 is in games.csv.part
    progress = json.loads((out / "meta.json").read_text())
    assert (progress["complete"], progress["games_done"], progress["chunks_done"]) == (False, 5, [[0, 5]])
    assert json.loads((out / "run.json").read_text())["games"] == 30
    assert len((out / "games.csv.part").read_text().splitlines()) == 1 + 5
