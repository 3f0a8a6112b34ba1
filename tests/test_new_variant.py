"""`catan-balance new-variant` and docs/write-a-variant.md, end to end, in a copy of the project
(a kernel cache of its own, kept across runs: `project`): the scaffold registers a variant that
plays; the guide's toy rule (forests pay extra lumber), written into the scaffold's files, plays,
sweeps and reports, and its tests pass, with no file changed outside the variant's folders but
the registration line."""
import fcntl
import filecmp
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from simcore.run.cap import PIXELS_ENV
from simcore.variants import scaffold
from tests.warm import cache_root

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("simcore", "policies", "reports", "scenarios", "tests", "docs", "cli.py", "pyproject.toml")
GUIDE = ROOT / "docs" / "write-a-variant.md"


def guide_files():
    """path -> text of every code block of the guide that starts with a `# file: PATH` line."""
    blocks = re.findall(r"```\w*\n# file: (\S+)\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    return {path: text for path, text in blocks}


@pytest.fixture(scope="module")
def project():
    """(folder, run): a fresh copy of the project and a function running the CLI in it.

    The copy is made at the same path every run (one per working copy of the project, beside the
    product's kernel caches) with a kernel cache beside it that is kept: numba finds a cached
    kernel by its source file's path and time stamp (copied as they are), and the folder inside
    is named after the copy's own engine sources (simcore.accel.jit), the new variant's included,
    so a warm run loads the two kernels the test plays (the scaffold's, the guide's) instead of
    compiling them, and any edit to them or the engine compiles afresh.  A lock keeps two
    sessions from sharing the copy."""
    home = cache_root() / f"test-new-variant-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]}"
    home.mkdir(parents=True, exist_ok=True)
    folder = home / "project"
    with open(home / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        shutil.rmtree(folder, ignore_errors=True)
        for name in COPIED:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, folder / name)
        env = {**os.environ, "NUMBA_CACHE_DIR": str(home / "cache"),
               PIXELS_ENV: "off"}   # the reports' charts built, not drawn (the report tests draw them)

        def run(*args, command=("-m", "cli"), check=True, extra=None):
            done = subprocess.run([sys.executable, *command, *args], cwd=folder, env={**env, **(extra or {})},
                                  capture_output=True,
                                  text=True, timeout=1800)
            assert done.returncode == 0 or not check, done.stderr
            return done
        yield folder, run
        shutil.rmtree(folder, ignore_errors=True)


def _tree(folder):
    files = (p.relative_to(folder) for p in folder.rglob("*") if p.is_file())
    return {p.as_posix() for p in files if not {"__pycache__", "cache", "results"} & set(p.parts)}


def test_the_scaffold_refuses_names_in_use_or_not_names(tmp_path):
    for name, why in (("grundbesitz", "is taken"), ("base", "is taken"), ("Forest", "is not a variant name"),
                      ("class", "is not a variant name"), ("2x", "is not a variant name")):
        with pytest.raises(Exception, match=why):
            scaffold.new_variant(name, root=tmp_path)
    assert not any(tmp_path.iterdir())


def test_a_new_variant_from_the_scaffold_and_the_guide_plays_sweeps_and_reports(project):
    folder, run = project
    before = _tree(folder)
    originals = {name: (folder / name).read_bytes() for name in before}   # bytes: docs/img holds PNGs
    engines = ("import simcore.engine.state\nfrom simcore.engine.kernels import engine_folder\n"
               "print(engine_folder(()), engine_folder(('grundbesitz',)), engine_folder(('ck', 'autarkie')))")
    cached = run("-c", engines, command=()).stdout
    done = run("new-variant", "toy")
    assert run("-c", engines, command=()).stdout == cached   # the other engines' kernels stay cached
    written = set(done.stdout.split())
    assert written == {"simcore/variants/toy/__init__.py", "simcore/variants/toy/rules.py",
                       "policies/variants/toy/__init__.py", "policies/variants/toy/bots.py",
                       "policies/variants/toy/presets.py", "reports/variants/toy.py", "scenarios/toy.toml",
                       "tests/test_toy.py", "simcore/variants/__init__.py"}
    assert _tree(folder) - before == written - {"simcore/variants/__init__.py"}
    changed = {name for name in before if (folder / name).read_bytes() != originals[name]}
    assert changed == {"simcore/variants/__init__.py"}
    assert (folder / "simcore/variants/__init__.py").read_text().splitlines()[-1].startswith(
        "from simcore.variants import toy  # noqa: F401")
    again = run("new-variant", "toy", check=False)
    assert again.returncode == 2 and again.stderr.startswith("error: new-variant: the name 'toy' is taken")

    # the scaffold plays (the base game until it has rules) and its own test passes
    run("run", "toy", "-n", "30", "-q", "--no-report", "-o", "results/noop")
    run("-q", "tests/test_toy.py", "-p", "no:cacheprovider", command=("-m", "pytest"))

    # the guide's toy, written into the scaffold's files: nothing outside them changes
    files = guide_files()
    assert set(files) == {"simcore/variants/toy/__init__.py", "simcore/variants/toy/rules.py",
                          "reports/variants/toy.py", "scenarios/toy.toml", "tests/test_toy.py"}
    for path, text in files.items():
        (folder / path).write_text(text, encoding="utf-8")
    run("-q", "tests/test_toy.py", "-p", "no:cacheprovider", command=("-m", "pytest"))
    done = run("-q", "tests/test_conformance.py", "-k", "toy", "-p", "no:cacheprovider", command=("-m", "pytest"))
    assert "1 passed" in done.stdout   # the toy plays under every registered variant's checks
    run("run", "toy", "-n", "200", "-q", "-o", "results/toy-200")
    games = pd.read_csv(folder / "results/toy-200/games.csv")
    assert games[[f"seat{k}_toy_lumber" for k in range(4)]].to_numpy().sum() > 0
    assert "extra lumber" in (folder / "results/toy-200/report.md").read_text()
    run("sweep", "toy", "-n", "100", "-q", "--no-report", "-o", "results/sweep")   # the declaration's grid
    run("report", "results/sweep")
    meta = json.loads((folder / "results/sweep/meta.json").read_text())
    assert meta["vary"] == {"variants.toy.extra": [0, 1, 2, 3]}
    paid = {}
    for setting in sorted((folder / "results/sweep").glob("*/games.csv")):
        df = pd.read_csv(setting)
        paid[setting.parent.name] = df[[f"seat{k}_toy_lumber" for k in range(4)]].to_numpy().sum()
    assert len(paid) == 4 and sorted(paid.values())[0] == 0 and sorted(paid.values())[-1] > 0
    assert (folder / "results/sweep/report.html").is_file()
    assert not filecmp.cmp(folder / "simcore/variants/__init__.py", ROOT / "simcore/variants/__init__.py")

    # the guide's commands as written, in order, its games capped (tests/docs_commands.py: the page runs here)
    from simcore.run.cap import ENV
    from tests.docs_commands import CAP, commands
    shown = [argv for _, argv in commands(GUIDE)]
    assert [argv[0] for argv in shown] == ["new-variant", "run", "sweep", "report", "replay"]
    for argv in shown[1:]:
        run(*argv, extra={ENV: str(CAP)})
    assert (folder / "results/toy/report.html").is_file() and (folder / "game3.jsonl").is_file()
