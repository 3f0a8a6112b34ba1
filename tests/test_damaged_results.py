"""Damaged or partial results (issue 39): each damage planted in a finished run or sweep gets one line
naming the file and what to do, exit 2, from `report` and from `--resume`; where `--resume` can mend
it (summary.json, meta.json, a deleted setting), it does: the file is as the finished run wrote it."""
import json
import shutil

import pytest

from simcore.run.damage import json_problem
from tests.test_cli import assert_bad_input, invoke

SWEEP = ["sweep", "base", "--vary", "victory_points=6,7", "-n", 20, "-q", "--no-report"]
RUN = ["run", "base", "-n", 20, "-q", "--no-report"]
SETTING = "01-victory_points=7"


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """{"sweep": folder, "run": folder} of a finished sweep and run, to copy before damaging."""
    root = tmp_path_factory.mktemp("finished")
    assert invoke(*SWEEP, "--out", root / "sweep").exit_code == 0
    assert invoke(*RUN, "--out", root / "run").exit_code == 0
    return {"sweep": root / "sweep", "run": root / "run"}


def _without_times(path, root):
    """A JSON file's content without the times in it (started, finished, seconds), its results folder `root`
    named ROOT."""
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in ("started", "finished", "seconds", "games_per_s")}
        return [strip(v) for v in x] if isinstance(x, list) else x
    return strip(json.loads(path.read_text().replace(str(root), "ROOT")))


def _cut(path, size=3000):
    path.write_bytes(path.read_bytes()[:size])


# (which results, the damaged file relative to them, the damage, what --resume does: "mends" or the fragment
# of its error line)
DAMAGES = [
    ("sweep", f"{SETTING}/games.csv", lambda p: p.write_text(""), "delete"),
    ("sweep", f"{SETTING}/games.csv", _cut, "delete"),
    ("sweep", f"{SETTING}/summary.json", lambda p: p.write_text(""), "mends"),
    ("sweep", f"{SETTING}/summary.json", lambda p: _cut(p, 100), "mends"),
    ("sweep", f"{SETTING}/meta.json", lambda p: p.write_text("garbage"), "mends"),
    ("sweep", "meta.json", lambda p: p.write_text("{garbage"), "mends"),
    ("sweep", "meta.json", lambda p: p.write_text("[1, 2]"), "mends"),
    ("sweep", SETTING, shutil.rmtree, "mends"),
    ("run", "games.csv", lambda p: p.write_text(""), "--force"),
    ("run", "games.csv", _cut, "--force"),
    ("run", "summary.json", lambda p: _cut(p, 100), "mends"),
    ("run", "meta.json", lambda p: p.write_text('{"kind": 5, "setting": 3}'), "mends"),
]


@pytest.mark.parametrize("kind, name, damage, resumed", DAMAGES,
                         ids=[f"{k}-{n}-{i}" for i, (k, n, _, _) in enumerate(DAMAGES)])
def test_a_damaged_file_is_one_line_naming_it_and_what_to_do(finished, tmp_path, kind, name, damage, resumed):
    out = tmp_path / kind
    shutil.copytree(finished[kind], out)
    damage(out / name)
    named = str(out / name)
    assert_bad_input(invoke("report", out), named, "--resume" if resumed in ("mends", "delete") else "--force")
    again = invoke(*(SWEEP if kind == "sweep" else RUN), "--out", out, "--resume")
    if resumed == "mends":   # the file is as the finished run wrote it (a setting: its games again, the same)
        assert again.exit_code == 0, again.output
        if name.endswith(".json"):
            assert json_problem(out / name) is None and (_without_times(out / name, out)
                                                        == _without_times(finished[kind] / name, finished[kind]))
        else:
            assert (out / name / "games.csv").read_bytes() == (finished[kind] / name / "games.csv").read_bytes()
    else:
        assert_bad_input(again, named, resumed)
        if resumed == "delete":   # as the line says: delete the setting, --resume plays it again
            shutil.rmtree(out / SETTING)
            assert invoke(*SWEEP, "--out", out, "--resume").exit_code == 0
            assert (out / SETTING / "games.csv").read_bytes() == (finished[kind] / SETTING / "games.csv").read_bytes()
