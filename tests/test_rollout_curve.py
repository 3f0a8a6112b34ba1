"""reports.rollout_curve: the horizon chart from finished runs' summary.json (no numba, no games)."""
import json

import pytest

from reports import rollout_curve


def _run(tmp_path, name, specs):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "summary.json").write_text(json.dumps({"scenario": "base", "specs": specs}))
    return folder


def _spec(label, rate, games=1000):
    return {"label": label, "win_rate": rate, "ci95": [rate - 0.03, rate + 0.03], "games": games}


def test_each_run_gives_its_rollout_seats_horizon_and_win_rate(tmp_path):
    run = _run(tmp_path, "h8", [_spec("rollout:base=greedy,candidates=5,rollouts=16,horizon=8", 0.33),
                               _spec("greedy", 0.22)])
    horizon, rate, lo, hi, games, scenario, others = rollout_curve.rollout_point(run)
    assert (horizon, rate, games, scenario, others) == (8, 0.33, 1000, "base", ["greedy"])
    assert lo == pytest.approx(0.30) and hi == pytest.approx(0.36)


def test_a_run_without_one_rollout_seat_is_an_error_line(tmp_path):
    run = _run(tmp_path, "plain", [_spec("greedy", 0.25)])
    with pytest.raises(SystemExit, match="expected one rollout seat in summary.json, found 0"):
        rollout_curve.rollout_point(run)


def test_the_chart_is_written_and_a_missing_speed_is_refused(tmp_path, capsys):
    runs = [_run(tmp_path, f"h{h}", [_spec(f"rollout:base=greedy,horizon={h}", r), _spec("greedy", 0.2)])
            for h, r in ((0, 0.42), (8, 0.33))]
    out = tmp_path / "curve.png"
    rollout_curve.main([str(r) for r in runs] + ["--speed", "0=15", "--speed", "8=40", "-o", str(out)])
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SystemExit):
        rollout_curve.main([str(r) for r in runs] + ["--speed", "0=15", "-o", str(out)])
    assert "no --speed for horizon 8" in capsys.readouterr().err
