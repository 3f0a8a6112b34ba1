"""The command line's edges a new user meets: a clear line for each (issue 28), the first run's
compile notice and progress, and text that fits the terminal."""
import io
import json

from reports.fmt import fit_terminal, format_columns
from simcore.run import runner
from simcore.run.progress import CompileNotice, Progress
from tests.test_cli import assert_bad_input, invoke


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_replay_refuses_a_game_index_beyond_the_seeds_range(tmp_path):
    assert_bad_input(invoke("replay", "base", "--game", 2**32, "--log", tmp_path / "g.jsonl"), "--game", "4294967295")
    assert not (tmp_path / "g.jsonl").exists()


def test_robust_names_its_own_flag_for_an_unknown_preset(tmp_path):
    assert_bad_input(invoke("robust", "sweep-vp-red", "--tuned", "tunedd-base", "-o", tmp_path / "r"),
                     "--tuned: unknown policy", "did you mean tuned-base?")
    assert not (tmp_path / "r").exists()


def test_resume_in_an_empty_directory_says_it_starts_anew(scenario_file, tmp_path):
    result = invoke("run", scenario_file(), "--resume", "-n", "4", "-o", tmp_path / "r", "-q", "--no-report")
    assert result.exit_code == 0, result.output
    assert "nothing to resume there; starting a new run" in result.stderr
    assert json.loads((tmp_path / "r" / "summary.json").read_text())["games"] == 4


def test_a_finished_run_points_to_the_report_command(scenario_file, tmp_path):
    out = tmp_path / "r"
    assert invoke("run", scenario_file(), "-n", "4", "-o", out, "-q", "--no-report").exit_code == 0
    assert_bad_input(invoke("run", scenario_file(), "-n", "4", "-o", out), f"catan-balance report {out}", "--force")


def test_varying_a_variant_the_scenario_does_not_play_is_said(tmp_path):
    from simcore.run import sweep
    import contextlib
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        plan = sweep.plan("base", ["games=2"], ["variants.grundbesitz.markers_per_block=1,2"])
    assert all("grundbesitz" in x.scenario.rules.variants for x in plan.settings)
    assert "base does not play Grundbesitz" in err.getvalue() and "switches it on" in err.getvalue()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        sweep.plan("grundbesitz", ["games=2"], ["variants.grundbesitz.markers_per_block=1,2"])
    assert err.getvalue() == ""


def test_the_compile_notice_counts_seconds_on_a_terminal_and_says_how_long_it_took():
    stream = Terminal()
    notice = CompileNotice(stream, "compiling", after=0.0)
    import time
    time.sleep(1.3)
    seconds = notice.stop()
    text = stream.getvalue()
    assert "\rcompiling: 0 s" in text and "\rcompiling: 1 s" in text
    assert text.endswith(f"\rcompiling: done in {seconds:.1f} s \033[K\n") and notice.shown
    plain = io.StringIO()
    CompileNotice(plain, "compiling", after=0.0).stop()
    quiet = CompileNotice(plain, "never", after=None)
    assert quiet.stop() >= 0 and not quiet.shown
    assert plain.getvalue() in ("", "compiling\n")   # a file: the line once, no counting


def test_a_compile_notice_wider_than_the_terminal_is_wrapped_once_and_the_seconds_counted_below(monkeypatch):
    import re
    import time
    monkeypatch.setenv("COLUMNS", "40")
    stream = Terminal()
    text = "compiling the engine for the base game (first run only; about 10 s on an idle machine)"
    notice = CompileNotice(stream, text, after=0.0)
    time.sleep(1.3)
    seconds = notice.stop()
    out = stream.getvalue()
    printed, counted = out.split("\n", out.count("\n") - 1)[:-1], out.split("\n")[-2]
    assert " ".join(printed) == text and all(len(line) < 40 for line in printed)
    assert re.fullmatch(r"(\rcompiling: \d s \033\[K)+\rcompiling: done in [\d.]+ s \033\[K", counted), counted
    assert counted.endswith(f"done in {seconds:.1f} s \033[K")
    monkeypatch.setenv("COLUMNS", "200")       # it fits: one line, redrawn
    stream = Terminal()
    notice = CompileNotice(stream, text, after=0.0)
    time.sleep(0.3)
    notice.stop()
    assert stream.getvalue().startswith("\r" + text + ": ") and stream.getvalue().count("\n") == 1


def test_games_per_second_leave_the_compile_out():
    stream = io.StringIO()
    bar = Progress(100, stream=stream)
    bar.t0 -= 20.0                      # 20 s of compiling
    bar.compiled = 20.0
    bar.restart()
    bar.update(100)
    bar.finish("")
    line = stream.getvalue()
    assert "compiling the engine took 20.0 s more" in line
    rate = float(line.split("(")[1].split(" games/s")[0].replace(",", ""))
    assert rate > 100                   # 100 games in well under a second, not in 20 s


def test_a_single_process_run_starts_with_small_chunks():
    spans = runner._ramp(runner._spans(0, 2000, 2000))
    assert spans == [(0, 100), (100, 200), (300, 400), (700, 800), (1500, 500)]
    assert runner._ramp([(0, 50), (50, 10)]) == [(0, 50), (50, 10)]
    assert runner._ramp([]) == []


def test_wide_tables_are_cut_into_blocks_that_fit_and_prose_is_wrapped(monkeypatch):
    headers = ["setting"] + [f"column {i}" for i in range(12)]
    rows = [["a long setting name", *range(12)], ["b", *range(12)]]
    text = format_columns(headers, rows, width=60)
    assert max(map(len, text.splitlines())) <= 60
    blocks = text.split("\n\n")
    assert len(blocks) > 1 and all(b.startswith("setting") for b in blocks)
    cells = " ".join(blocks)
    assert all(f"column {i}" in cells for i in range(12))
    assert format_columns(headers, rows, width=None).count("\n") == 2   # a file or a pipe: whole lines
    from reports import fmt
    monkeypatch.setattr(fmt, "terminal_width", lambda: 40)
    prose = "word " * 30
    wrapped = fit_terminal(prose + "\n" + "a  b")
    assert all(len(line) <= 40 for line in wrapped.splitlines()) and wrapped.endswith("\na  b")


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


def test_ctrl_c_after_the_games_says_what_is_kept_and_how_to_finish(scenario_file, tmp_path, monkeypatch):
    import reports.summary
    import reports.tables
    out = tmp_path / "r"
    finish = f"the games in {out} are complete and kept: `catan-balance report {out}` writes the report"
    with monkeypatch.context() as m:          # while the summary tables print
        m.setattr(reports.summary, "format_table", _interrupt)
        result = invoke("run", scenario_file(), "-n", "4", "-o", out, "-q")
    assert result.exit_code == 130 and result.stderr.splitlines()[-1].endswith(finish), result.output
    assert_bad_input(invoke("run", scenario_file(), "-n", "4", "-o", out), f"catan-balance report {out}")
    with monkeypatch.context() as m:          # while the report is written, by `report` as well
        m.setattr(reports.tables, "all_tables", _interrupt)
        result = invoke("report", out)
    assert result.exit_code == 130 and result.stderr.splitlines()[-1].endswith(finish), result.output
    assert invoke("report", out).exit_code == 0 and (out / "report.html").exists()


def test_ctrl_c_anywhere_else_says_interrupted(monkeypatch):
    from simcore.run import config
    monkeypatch.setattr(config, "shipped_scenarios", _interrupt)
    result = invoke("scenarios")
    assert result.exit_code == 130 and result.stderr == "interrupted\n", result.output


def test_an_interrupted_report_file_leaves_no_temporary_file(tmp_path):
    import pytest
    from reports.files import save_figure, write_text

    class HalfWritten:
        def savefig(self, path, **kwargs):
            path.write_text("half a picture")
            raise KeyboardInterrupt
    write_text(tmp_path / "chart.png", "old")
    with pytest.raises(KeyboardInterrupt):
        save_figure(HalfWritten(), tmp_path / "chart.png")
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"] and (tmp_path / "chart.png").read_text() == "old"


def test_a_prose_last_column_is_wrapped_within_its_column():
    rows = [["greedy", "builder", "VP-seeking builder: cities and settlements first, placement by pips and "
                                  "diversity, robs the leader"], ["random", "random", "uniform"]]
    text = format_columns(["name", "kind", "description"], rows, align="lll", indent=2, width=50, wrap_last=True)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 50 and "\n\n" not in text              # one block, no line too wide
    assert lines[0].split() == ["name", "kind", "description"] and lines[1].startswith("  greedy  builder  VP-")
    start = lines[1].index("VP-")
    more = lines[2:-1]
    assert more and all(line[:start].isspace() and line[start] != " " for line in more)
    assert " ".join(line.strip() for line in [lines[1][start:], *more]) == rows[0][2]
    assert lines[-1].split() == ["random", "random", "uniform"]
    assert format_columns(["name", "kind", "description"], rows, width=None, wrap_last=True).count("\n") == 2


def test_the_lists_of_scenarios_and_policies_fit_the_terminal(monkeypatch):
    from reports import fmt
    monkeypatch.setattr(fmt, "terminal_width", lambda: 80)
    for command in ("scenarios", "policies"):
        result = invoke(command)
        assert result.exit_code == 0 and max(map(len, result.stdout.splitlines())) <= 80, result.stdout
    assert "base " in invoke("scenarios").stdout


def test_a_run_starts_without_waiting_for_the_statistics_libraries():
    """scipy.stats and statsmodels (1-2 s to import on a busy machine) are imported once a run has
    games to summarise, not before its first line (the compile notice or the progress)."""
    import subprocess
    import sys
    code = ("import sys, cli; from reports.summary import Tally, format_table; from simcore.run.sweep import run_one; "
            "from reports.rates import wilson; print(sorted(m for m in ('scipy.stats', 'statsmodels') if m in sys.modules)); "
            "wilson(3, 10); print(sorted(m for m in ('scipy.stats', 'statsmodels') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "['scipy.stats', 'statsmodels']"]


def test_ctrl_c_in_robust_says_it_has_no_resume(tmp_path, monkeypatch):
    from simcore.run import sweep
    monkeypatch.setattr(sweep, "run", _interrupt)
    result = invoke("robust", "sweep-vp-red", "--tuned", "tuned-base", "-n", "4", "-o", tmp_path / "r")
    assert result.exit_code == 130, result.output
    assert result.stderr.splitlines()[-1] == "interrupted: robust has no --resume; the same command plays every sweep again"


def test_ctrl_c_that_numba_turns_into_an_error_is_an_interruption(scenario_file, tmp_path, monkeypatch):
    """Ctrl-C while numba loads a kernel right after the compile (csv_text's writer) made numba raise
    "RuntimeError: no compiled object yet" and exit 1 (issue 39): now the games so far are kept, the
    "kept" line and exit 130, and --resume finishes the run as an uninterrupted one would."""
    import os
    import signal
    import time

    from simcore.run import csv_text
    whole = tmp_path / "whole"
    args = ["run", scenario_file(), "-n", "30", "--chunk-games", "10", "-q", "--no-report"]
    assert invoke(*args, "-o", whole).exit_code == 0
    write, calls = csv_text.write_chunk, []

    def numba_interrupted(*a, **k):
        calls.append(1)
        if len(calls) == 2:   # the second chunk: Ctrl-C, which numba answers with an error of its own
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(10)    # the handler raises first
            except KeyboardInterrupt:
                raise RuntimeError("no compiled object yet for <Library '_write'>") from None
        return write(*a, **k)
    out = tmp_path / "cut"
    monkeypatch.setattr(csv_text, "write_chunk", numba_interrupted)
    result = invoke(*args, "-o", out)
    monkeypatch.undo()
    assert result.exit_code == 130, result.output
    assert "games kept" in result.stderr and "--resume" in result.stderr.splitlines()[-1], result.stderr
    assert "Traceback" not in result.output
    assert invoke(*args, "-o", out, "--resume").exit_code == 0
    assert (out / "games.csv").read_bytes() == (whole / "games.csv").read_bytes()


def test_an_output_path_that_cannot_be_written_is_one_line_naming_it_and_the_cause(tmp_path):
    """Before anything is played (issue 39): --out under a file or where no folder can be made, and replay's
    --png/--log in a folder that does not exist (it named its temporary file after replaying the game)."""
    (tmp_path / "file").write_text("x")
    assert_bad_input(invoke("run", "base", "-n", 4, "--out", tmp_path / "file" / "x"), "--out", "is a file, not a directory")
    assert_bad_input(invoke("sweep", "base", "--vary", "victory_points=6,7", "--out", "/proc/x"),
                     "--out /proc/x: cannot make a folder in /proc")
    assert_bad_input(invoke("replay", "base", "--game", 1, "--png", tmp_path / "nodir" / "x.png"),
                     "--png", f"no folder {tmp_path / 'nodir'}")
    assert_bad_input(invoke("replay", "base", "--game", 1, "--log", tmp_path), "--log", "is a folder")
    assert not (tmp_path / "nodir").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_the_same_key_varied_twice_is_refused(tmp_path):
    assert_bad_input(invoke("sweep", "base", "--vary", "victory_points=6,7", "--vary", "victory_points=8",
                            "--out", tmp_path / "s"), "--vary victory_points: given twice")
    assert not (tmp_path / "s").exists()


def test_a_seats_array_the_shell_took_apart_gets_a_quoting_hint(tmp_path):
    split = invoke("run", "base", "--set", "seats=[greedy,", "greedy,", "greedy]", "--out", tmp_path / "r")
    assert_bad_input(split, "the shell split `--set seats=[greedy,` at its spaces", "single quotes")
    unquoted = invoke("run", "base", "--set", "seats=[greedy,greedy,greedy,greedy]", "--out", tmp_path / "r")
    assert_bad_input(unquoted, "is not a TOML array", "did the shell take its quotes", "--set 'seats=[")
    vary = invoke("sweep", "base", "--vary", "seats=[greedy,roads,greedy,greedy],[roads,greedy,greedy,greedy]")
    assert_bad_input(vary, "are not TOML values", "--vary 'seats=[")


def test_a_run_with_other_values_writes_a_folder_of_its_own(scenario_file, tmp_path, monkeypatch):
    """The tour's second command after its first (issue 39): the default folder is named by the values that
    change the games (--set, --games, --seed, --until-ci), so the second run is not refused."""
    monkeypatch.chdir(tmp_path)
    path = scenario_file()
    assert invoke("run", path, "-q", "--no-report").exit_code == 0
    result = invoke("run", path, "--set", "board.layout=beginner", "--set", "victory_points=12", "-n", 8, "-q",
                    "--no-report")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == [
        "small", "small-layout=beginner_victory_points=12_games=8"]
    assert_bad_input(invoke("run", path, "-q"), "results/small: already holds finished results")


def test_jobs_work_after_the_working_folder_changes(tmp_path, monkeypatch):
    """The worker processes outlive a command and keep the folder they started in: a second --jobs 2 run
    from another folder wrote its chunks relative to the first (issue 39, found running the docs' commands)."""
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        monkeypatch.chdir(tmp_path / name)
        result = invoke("run", "base", "-n", 24, "--chunk-games", 6, "--jobs", 2, "-q", "--no-report", "-o", "r")
        assert result.exit_code == 0, result.output
        assert len((tmp_path / name / "r" / "games.csv").read_text().splitlines()) == 25
