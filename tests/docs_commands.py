"""Executing the documentation's commands (issue 39): every `catan-balance ...` command of the code
blocks of README.md and docs/*.md (tests/test_docs.command_lines), in the order of its page, as
written, in a temporary folder of its own per page, in this process (click's CliRunner).  The games
and the replay pages a report writes are kept few only through CATAN_BALANCE_GAMES_CAP and
CATAN_BALANCE_PAGES_CAP, and the charts' figures are built but not drawn (CATAN_BALANCE_CHART_PIXELS=off;
simcore.run.cap), which no page shows.  A TOML block whose first line names a
file (`# my_rule.toml: ...`) is saved there first, as a reader would.

What never runs is listed in SKIPPED with the reason, what runs only with CATAN_BALANCE_DOCS_LONG=1
(compiles an engine no other test needs) in LONG, each entry matching exactly one command
(test_docs_run_readme.py checks this); a page run elsewhere is in ELSEWHERE; a page that uses the
results of another page's command (a trained preset) gets that command first (PREREQUISITES)."""
import os
import re
import time
from pathlib import Path

from typer.testing import CliRunner

from simcore.run.cap import ENV, PAGES_ENV, PIXELS_ENV
from tests.test_docs import ROOT, command_lines, split_page

CAP = 12          # games per run, per sweep setting, per ladder table; the least a study allows above it
HARD_CAP = 2      # commands with a rollout player: a game of play-outs takes a second or more
PAGES_CAP = 2     # replay pages per report (the pages themselves: tests/test_replay_page.py and the browser tests)

SKIPPED = {   # (page, a part of the command's text): why it never runs
    ("docs/guide.md", "--backend dask --scheduler tcp://10.0.0.5:8786"):
        "a Dask cluster at a private address (illustrative)",
    ("docs/guide.md", "new-variant forest_bonus"):
        "writes a variant into the checkout (tests/test_new_variant.py runs the scaffold in a copy)",
    ("docs/players.md", "-o results/base-h$h"):
        "a shell loop over $h (its command with h = 0 is players.md's 4,000-game run above it)",
}
LONG = {   # (page, a part of the command's text): commands that compile an engine no other test plays (a rollout
    # seat under a variant's rules: minutes each on a cold cache); they run with CATAN_BALANCE_DOCS_LONG=1
    ("docs/players.md", "run ck --games 4000 --seed 1 --jobs 2 --set seats=[{"): "a rollout seat in Cities & Knights",
    ("docs/players.md", "run autarkie --games 4000 --seed 1 --jobs 2 --set seats=[{"): "a rollout seat in Autarkie on C&K",
    ("docs/players.md", "run robin-hood --games 4000 --seed 1 --jobs 2 --set seats=[{"): "a rollout Sheriff",
    ("docs/players.md", "--players rollout:base=landlord"): "a rollout landlord in Grundbesitz",
    ("docs/players.md", "ladder ck --players strong,rollout:base=greedy"): "a rollout seat in Cities & Knights",
    ("docs/players.md", "robust sweep-autarkie-base --players rollout:base=autarkist"): "a rollout autarkist",
    ("docs/players.md", "robust sweep-autarkie --players rollout:base=autarkist"): "a rollout autarkist on C&K",
}
LONG_SWITCH = "CATAN_BALANCE_DOCS_LONG"
ELSEWHERE = {   # page: the test that runs its commands
    "docs/write-a-variant.md": "tests/test_new_variant.py (in a copy of the project, where `toy` exists)",
}
GROUPS = {   # test file (tests/test_docs_run_<group>.py; pytest-xdist gives each file a worker): its pages.
    # The longest pages each in a file of their own, so that the two workers share them evenly
    # (tests/conftest.py SLOW_FILES starts them first)
    "readme": ["README.md", "docs/CHANGELOG.md", "docs/performance.md", "docs/reports.md", "docs/verdicts.md"],
    "guide": ["docs/guide.md"],
    "players": ["docs/players.md"],
    "ladder": ["docs/ladder.md"],
}
PREREQUISITES = {   # page: commands of other pages whose results it uses, run first
    "docs/ladder.md": [("docs/guide.md", "train base --seat 0 --jobs 2")],
}
TOML_FILE = re.compile(r"^#\s*([\w.-]+\.toml)\b")


def name(page):
    return Path(page).relative_to(ROOT).as_posix()


def skipped(page, text):
    """Why the command `text` of `page` does not run here, or None."""
    listed = {**SKIPPED, **({} if os.environ.get(LONG_SWITCH) else LONG)}
    return next((why for (where, part), why in listed.items() if where == name(page) and part in text), None)


def commands(page):
    """[(line number, argv)] of a page's commands in order (as tests/test_docs reads them)."""
    return list(command_lines(page))


def toml_files(page):
    """{file name: text} of the page's TOML blocks that name their file on their first line."""
    found, block, fenced = {}, None, False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            if fenced and block:
                match = TOML_FILE.match(block[0])
                if match:
                    found.setdefault(match.group(1), "\n".join(block) + "\n")
            fenced, block = not fenced, ([] if not fenced and line.strip() == "```toml" else None)
            continue
        if fenced and block is not None:
            block.append(line)
    return found


def invoke(argv, folder, monkeypatch):
    """(exit code, output, (wall seconds, CPU seconds of this process)) of `catan-balance ARGV` run
    in `folder` under the cap."""
    import cli
    monkeypatch.chdir(folder)
    monkeypatch.setenv(ENV, str(HARD_CAP if any("rollout" in a for a in argv) else CAP))
    monkeypatch.setenv(PAGES_ENV, str(PAGES_CAP))
    monkeypatch.setenv(PIXELS_ENV, "off")   # the charts' figures built, not drawn
    t0, cpu0 = time.perf_counter(), time.process_time()
    result = CliRunner().invoke(cli.app, argv, catch_exceptions=True)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback
        output += "".join(traceback.format_exception(result.exception))
    return result.exit_code, output, (time.perf_counter() - t0, time.process_time() - cpu0)


def run_page(page, folder, monkeypatch):
    """Run every command of `page` in order in `folder`; return the failures as lines (empty: none)."""
    folder.mkdir(parents=True, exist_ok=True)
    for file, text in toml_files(page).items():
        (folder / file).write_text(text, encoding="utf-8")
    for where, text in PREREQUISITES.get(name(page), []):
        code, output, _ = invoke(text.split(), folder, monkeypatch)
        assert code == 0, f"prerequisite {where}: catan-balance {text}: exit {code}\n{output}"
    failures, timing = [], []
    for number, argv in commands(page):
        text = " ".join(argv)
        if skipped(page, text):
            continue
        code, output, (wall, cpu) = invoke(argv, folder, monkeypatch)
        timing.append(f"{wall:6.1f} s {cpu:6.1f} s CPU  {name(page)}:{number}: {text[:90]}")
        if code != 0 or "Traceback" in output:
            tail = "\n".join(output.strip().splitlines()[-12:])
            failures.append(f"{name(page)}:{number}: catan-balance {text}: exit {code}\n{tail}")
    if os.environ.get("CATAN_BALANCE_DOCS_TIMES"):   # (CPU: this process's; the machine is shared, walls vary)
        print("\n".join(timing))
    return failures
