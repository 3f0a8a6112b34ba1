"""Damaged results (issue 39): a finished run's files that are missing, empty, cut short or not what
they should be become one InputError naming the file and what to do, never a traceback or a report of
part of the games as if they were all.

What to do follows from what the files allow: summary.json and meta.json are written again from
games.csv by `--resume`; games.csv itself can only be played again: a run with `--force`, a setting of a
sweep (a table of a ladder) by deleting its folder and `--resume`, which plays what is missing."""
import json
from pathlib import Path

from simcore.engine.errors import InputError


def json_problem(path):
    """What is wrong with the JSON object file `path` ('missing', 'empty', ...), or None."""
    path = Path(path)
    if not path.is_file():
        return "missing"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return f"unreadable ({getattr(e, 'strerror', None) or e})"
    if not text.strip():
        return "empty"
    try:
        value = json.loads(text)
    except ValueError:
        return "not valid JSON (cut short or overwritten)"
    return None if isinstance(value, dict) else "not a JSON object"


def games_problem(path, games=None):
    """What is wrong with a finished games.csv (None: nothing): missing, empty, no line after the header,
    a last line cut short, or, with `games`, another number of rows."""
    path = Path(path)
    if not path.is_file():
        return "missing"
    lines, last = 0, b"\n"
    with open(path, "rb") as fh:
        while block := fh.read(1 << 22):
            lines, last = lines + block.count(b"\n"), block[-1:]
    if lines == 0 and last == b"\n":
        return "empty"
    if last != b"\n":
        return f"cut short (its last line is incomplete, after {max(lines - 1, 0):,} games)"
    if games is not None and lines - 1 != games:
        return f"{lines - 1:,} games where {games:,} were played (cut short?)"
    return None


def _in_a_grid(folder):
    """'sweep' or 'ladder' when `folder` is a setting of a sweep (a table of a ladder), else None."""
    try:
        kind = json.loads((Path(folder).parent / "meta.json").read_text(encoding="utf-8")).get("kind")
    except (OSError, ValueError, AttributeError):
        return None
    return kind if kind in ("sweep", "ladder") else None


def damaged(path, what):
    """The InputError for the damaged file `path` of a run folder: the file, what is wrong, what to do."""
    path = Path(path)
    folder, grid = path.parent, _in_a_grid(path.parent)
    if path.name == "games.csv":
        todo = (f"delete {folder} and run the {grid} again with --resume: it plays that part again" if grid else
                "play them again: the same command with --force")
        return InputError(f"{path}: {what}; the games there are damaged; {todo}")
    command = f"the {grid}" if grid else "the same command"
    source = " from games.csv" if path.name == "summary.json" else ""
    return InputError(f"{path}: {what}; run {command} again with --resume: it writes the file again{source}")


def check_finished(folder, games=None):
    """A finished run folder's summary.json, games.csv (`games` rows, default: the summary's) and meta.json
    (where there is one); InputError (damaged) for the first that is wrong.  Returns the summary."""
    folder = Path(folder)
    problem = games_problem(folder / "games.csv")
    if problem:
        raise damaged(folder / "games.csv", problem)
    problem = json_problem(folder / "summary.json")
    if problem:
        raise damaged(folder / "summary.json", problem)
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    expected = games if games is not None else summary.get("games")
    problem = games_problem(folder / "games.csv", expected if isinstance(expected, int) else None)
    if problem:
        raise damaged(folder / "games.csv", problem)
    problem = json_problem(folder / "meta.json")
    if problem and problem != "missing":
        raise damaged(folder / "meta.json", problem)
    return summary
