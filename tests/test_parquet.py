"""Parquet output: with pyarrow (the `test` extra installs it) every games.csv and tables/*.csv has a
Parquet twin that reads back as the same DataFrame; the report regenerates from the saved results;
without pyarrow (the import check monkeypatched) everything works with CSV only and no stale Parquet
file of earlier results stays behind."""
import importlib
import shutil

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from reports import files
from simcore.run import outputs
from tests.test_cli import invoke, report_again


def _same_as_csv(csv_path):
    """The .parquet beside csv_path holds exactly the CSV's table."""
    assert_frame_equal(pd.read_parquet(csv_path.with_suffix(".parquet")), pd.read_csv(csv_path))


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A 4-player run of 30 games and a 2-setting Robin Hood sweep of 20 games, written with pyarrow."""
    importlib.import_module("pyarrow")  # the test extra installs it: without it these tests fail, not skip
    root = tmp_path_factory.mktemp("parquet")
    for args in (("run", "mixed", "--games", 30, "--out", root / "run"),
                 ("sweep", "robin-hood", "--vary", "variants.robin_hood.deck.knight=1,3", "--games", 20,
                  "--out", root / "sweep")):
        result = invoke(*args, "-q")
        assert result.exit_code == 0, result.output
    return root


def test_a_run_writes_parquet_equal_to_its_csv(saved):
    run = saved / "run"
    _same_as_csv(run / "games.csv")
    tables = sorted((run / "tables").glob("*.csv"))
    assert {p.stem for p in tables} >= {"win_rates", "fairness", "flows", "counters", "game_length"}
    for csv in tables:
        _same_as_csv(csv)
    assert len(pd.read_parquet(run / "games.parquet")) == 30


def test_a_sweep_writes_parquet_per_setting_and_for_its_tables(saved):
    sweep = saved / "sweep"
    settings = sorted(p for p in sweep.iterdir() if p.is_dir() and p.name[:2].isdigit())
    assert len(settings) == 2
    for setting in settings:
        _same_as_csv(setting / "games.csv")
    for csv in sorted((sweep / "tables").glob("*.csv")):
        _same_as_csv(csv)
    rates = pd.read_parquet(sweep / "tables" / "win_rates.parquet")
    assert rates["variants.robin_hood.deck.knight"].tolist()[0] == 1         # a swept number stays a number


def test_games_parquet_converts_chunk_by_chunk(saved, tmp_path, monkeypatch):
    """Chunks of 7 rows (the solo run's empty seat 1..3 columns included) give the same table."""
    monkeypatch.setattr(outputs, "CSV_CHUNK_ROWS", 7)
    setting = next(p for p in (saved / "sweep").iterdir() if p.name.startswith("00-"))
    shutil.copy(setting / "games.csv", tmp_path / "games.csv")
    assert outputs.games_parquet(tmp_path / "games.csv") == tmp_path / "games.parquet"
    _same_as_csv(tmp_path / "games.csv")


def test_the_report_regenerates_from_the_saved_results(saved, tmp_path):
    before = {p.name: p.read_bytes() for p in (saved / "run" / "tables").glob("*.csv")}
    copy = report_again(saved / "run", tmp_path / "run")
    assert (copy / "report.html").exists() and (copy / "charts" / "win_by_seat.png").exists()
    assert {p.name: p.read_bytes() for p in (copy / "tables").glob("*.csv")} == before
    for csv in (copy / "tables").glob("*.csv"):
        _same_as_csv(csv)


def test_without_pyarrow_only_csv_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "has_pyarrow", lambda: False)
    monkeypatch.setattr(outputs, "has_pyarrow", lambda: False)   # the chunks' Parquet files
    out = tmp_path / "run"
    result = invoke("run", "base", "--games", 8, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    assert (out / "games.csv").exists() and (out / "report.html").exists()
    assert (out / "tables" / "win_rates.csv").exists() and not list(out.rglob("*.parquet"))
    shutil.copytree(out, tmp_path / "again")
    result = invoke("compare", out, tmp_path / "again", "--out", tmp_path / "cmp", "--no-report")
    assert result.exit_code == 0, result.output
    assert not list((tmp_path / "cmp").rglob("*.parquet"))


def test_without_pyarrow_parquet_of_earlier_results_is_removed(saved, tmp_path, monkeypatch):
    """Results made with pyarrow, then played again (or re-reported) without it: no Parquet file
    describes other games than the CSV beside it."""
    out = tmp_path / "run"
    shutil.copytree(saved / "run", out)
    monkeypatch.setattr(files, "has_pyarrow", lambda: False)
    monkeypatch.setattr(outputs, "has_pyarrow", lambda: False)   # the chunks' Parquet files
    result = invoke("report", out)
    assert result.exit_code == 0, result.output
    assert not list((out / "tables").glob("*.parquet")) and (out / "tables" / "win_rates.csv").exists()
    result = invoke("run", "mixed", "--games", 12, "--out", out, "-q", "--force")
    assert result.exit_code == 0, result.output
    assert len(pd.read_csv(out / "games.csv")) == 12 and not (out / "games.parquet").exists()


def _loaded(path):
    """reports.load's reading of a results directory, as plain comparable values."""
    from reports.load import load_run
    run = load_run(path)
    arrays = {"seeds": run.seeds, "winner_seat": run.winner_seat, "winner_spec": run.winner_spec,
              "turns": run.turns, **run.categories, **run.measures}
    return {k: list(v) for k, v in arrays.items()}, run.seat_sums, run.seat_sq, run.seat_games


@pytest.mark.parametrize("which", ["run", "sweep"])
def test_reports_read_the_same_games_from_parquet_as_from_csv(saved, monkeypatch, which):
    """The report reads games.parquet when it is current; its numbers equal those read from games.csv
    (the sweep's Robin Hood setting has a category column, robin_winner)."""
    from reports import load
    path = saved / "run" if which == "run" else next(p for p in (saved / which).iterdir() if p.name.startswith("00-"))
    assert load._current_parquet(path, 30 if which == "run" else 20) is not None
    from_parquet = _loaded(path)
    monkeypatch.setattr(load, "has_pyarrow", lambda: False)
    from_csv = _loaded(path)
    assert from_parquet[0] == from_csv[0]
    if which == "sweep":
        assert set(from_csv[0]["robin_winner"]) <= {"sheriff", "robin", "none", "-1"} and len(from_csv[0]["robin_winner"]) == 20
    for a, b in zip(from_parquet[1:], from_csv[1:]):
        pd.testing.assert_frame_equal(pd.DataFrame(a), pd.DataFrame(b))


def test_reports_ignore_a_parquet_older_than_games_csv(saved, tmp_path):
    """A games.csv rewritten after games.parquet (e.g. by hand) is what the report reads."""
    import os
    from reports import load
    shutil.copytree(saved / "run", tmp_path / "r")
    parquet, csv = tmp_path / "r" / "games.parquet", tmp_path / "r" / "games.csv"
    assert load._current_parquet(tmp_path / "r", 30) is not None
    assert load._current_parquet(tmp_path / "r", 31) is None          # not the summary's number of games
    os.utime(parquet, ns=(csv.stat().st_mtime_ns - 10**9,) * 2)
    assert load._current_parquet(tmp_path / "r", 30) is None


def test_reports_read_parquet_a_few_row_groups_at_a_time(monkeypatch):
    from types import SimpleNamespace
    from reports import load
    monkeypatch.setattr(load, "CHUNK_ROWS", 20)
    meta = SimpleNamespace(num_row_groups=7, row_group=lambda i: SimpleNamespace(num_rows=7))
    assert list(load._row_group_runs(meta)) == [[0, 1, 2], [3, 4, 5], [6]]
