"""The files a run writes: games.csv rows, atomic JSON, JSON Lines, resumable .part files,
games.parquet (with pyarrow).

games.csv holds the kernel's record row (simcore.engine.rows: the columns of the base game and
of the variants in force; a variant that is off has no column), with two kinds of
names added for reading: `winner_policy` after `winner_seat` and `seatK_policy`
after `seatK_spec`.  Seats beyond the player count are left empty.
"""
import errno
import json
import os
import shutil
from pathlib import Path

import numpy as np

from simcore.engine import records as R
from simcore.engine.rows import RowLayout


def csv_columns(variants):
    """The games.csv header for rules with `variants` on, in order."""
    layout = RowLayout(variants)
    cols = [R.GAME_COLUMNS[i] for i in layout.game]
    cols.insert(R.G_WINNER + 1, "winner_policy")
    for k in range(R.MAX_SEATS):
        block = [f"seat{k}_{R.SEAT_COLUMNS[i]}" for i in layout.seat]
        block.insert(R.S_SPEC + 1, f"seat{k}_policy")
        cols += block
    return cols


def header_line(variants):
    return ",".join(csv_columns(variants)) + "\n"


def _names(block, policy_names, players, layout):
    """(name of the winner's policy or 'none', names of each seat's policy) per game, as object arrays."""
    names = np.array(list(policy_names) + ["none"], dtype=object)
    winner = block[:, R.G_WINNER]
    specs = block[:, layout.at(np.arange(players), R.S_SPEC)]
    winner_spec = np.where(winner >= 0, specs[np.arange(len(block)), np.maximum(winner, 0)], len(policy_names))
    return names[winner_spec], [names[specs[:, s]] for s in range(players)]


def row_parts(block, policy_names, players, variants, cells, blank):
    """The games.csv columns of `block` in order, from `cells` (2-D) plus the policy names."""
    layout = RowLayout(variants)
    winner_names, seat_names = _names(block, policy_names, players, layout)
    parts = [cells[:, :R.G_WINNER + 1], winner_names[:, None], cells[:, R.G_WINNER + 1:layout.seat_base]]
    for k in range(players):
        at = layout.block(k)
        parts += [cells[:, at[:R.S_SPEC + 1]], seat_names[k][:, None], cells[:, at[R.S_SPEC + 1:]]]
    return parts + [blank] * (layout.seat_width + 1) * (R.MAX_SEATS - players)


def arrow_table(block, policy_names, players, variants):
    """The rows as a pyarrow Table typed as pandas reads games.csv: int64 numbers, string policy
    names, float64 (all null) for the seats beyond the player count."""
    import pyarrow as pa
    blank = pa.nulls(len(block), pa.float64())
    parts = row_parts(block, policy_names, players, variants, block, blank)
    arrays = []
    for part in parts:
        if isinstance(part, pa.Array):
            arrays.append(part)
        elif part.dtype == object:
            arrays.append(pa.array(part[:, 0], pa.string()))
        else:
            arrays += [pa.array(np.ascontiguousarray(part[:, j])) for j in range(part.shape[1])]
    return pa.Table.from_arrays(arrays, names=csv_columns(variants))


def write_json(path, obj):
    """Write JSON atomically: a reader sees the old file or the new one, never half."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=2, default=_plain)
        fh.write("\n")
    os.replace(tmp, path)


def read_json(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


# What a results directory holds besides run.json and games.csv.part, in the order a fresh run removes it:
# the report (report.html first: its presence says the whole report is there), then the results.
REPORT_FILES = ("report.html", "verdicts.json", "report.md")
REPORT_DIRS = ("charts", "tables", "games")   # games/: the replay pages a report links (reports.game_picks)
RESULT_FILES = ("summary.json", "games.csv", "games.parquet", "meta.json",
                "robustness.json")   # (robust's comparison of a sweep it played: reports.robustness)


def remove_report(out):
    """Delete the report in `out`: report.html, report.md, charts/, tables/ and games/."""
    out = Path(out)
    for name in REPORT_FILES:
        _unlink(out / name)
    for name in REPORT_DIRS:
        shutil.rmtree(out / name, ignore_errors=True)


def remove_results(out):
    """Delete everything an earlier run (or sweep) wrote into `out` but run.json and games.csv.part:
    the report, then summary.json, games.csv, games.parquet and meta.json.  A new run does this
    first, so stopped at any point it leaves nothing of the old one that looks finished."""
    remove_report(out)
    for name in RESULT_FILES:
        _unlink(Path(out) / name)


def _unlink(path):
    """The file and its half-written temporary (.tmp) twin."""
    path.unlink(missing_ok=True)
    path.with_name(path.name + ".tmp").unlink(missing_ok=True)


def disk_full(error):
    """The OSError of a full disk or quota (as a worker's, pyarrow's or this process's)."""
    return isinstance(error, OSError) and (error.errno in (errno.ENOSPC, errno.EDQUOT)
                                           or os.strerror(errno.ENOSPC) in str(error))


def free_space(path):
    """'3.2 MB': the space left on the file system of `path` (or of its nearest existing parent)."""
    path = Path(path).absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        free = shutil.disk_usage(path).free
    except OSError:
        return "unknown"
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if free >= size:
            return f"{free / size:.1f} {unit}"
    return f"{free} bytes"


def write_jsonl(path, items):
    """One JSON object per line (numpy scalars and arrays become plain JSON)."""
    with open(path, "w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item, default=_plain) + "\n")


def _plain(obj):
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


def recover_part(path, header):
    """Cut a .part file back to its last complete row; return the number of rows kept,
    or None when it is not a games file with this header (or its rows are out of order)."""
    header = header.encode()
    with open(path, "r+b") as fh:
        head = fh.read(len(header))
        if head != header:
            if not header.startswith(head):
                return None
            fh.seek(0)  # the file ends inside the header: write it again
            fh.truncate()
            fh.write(header)
            return 0
        end = _last_newline(fh) + 1
        fh.truncate(end)
        fh.seek(0)
        rows = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b"")) - 1
        if rows:
            fh.seek(max(0, end - 65536))
            last = fh.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
            if last.split(b",", 1)[0] != str(rows - 1).encode():  # column 0 is the game index
                return None
    return rows


def _last_newline(fh):
    """Offset of the last b'\\n' in a binary file (-1 if none), reading from the end."""
    pos = fh.seek(0, os.SEEK_END)
    while pos > 0:
        step = min(pos, 65536)
        pos -= step
        fh.seek(pos)
        found = fh.read(step).rfind(b"\n")
        if found >= 0:
            return pos + found
    return -1


# --- chunk files: written by workers, joined in game order by the parent ---

CSV_CHUNK_ROWS = 50_000   # rows games_parquet converts at a time


def has_pyarrow():
    """pyarrow is installed (optional: `pip install 'catan-balance[parquet]'`): Parquet files are written."""
    import importlib.util
    return importlib.util.find_spec("pyarrow") is not None


def write_atomic(path, write):
    tmp = path.with_name(path.name + ".tmp")
    write(tmp)
    os.replace(tmp, path)


def write_arrow(path, table):
    """`table` as an Arrow IPC file (uncompressed: about a millisecond for 2 MB), atomically."""
    import pyarrow as pa

    def write(tmp):
        with pa.OSFile(str(tmp), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
            writer.write_table(table)
    write_atomic(Path(path), write)


def read_arrow(path):
    """The table of an Arrow IPC file, mapped into memory (not copied); the file is removed (the
    mapping stays valid)."""
    import pyarrow as pa
    with pa.memory_map(str(path)) as source:
        table = pa.ipc.open_file(source).read_all()
    os.unlink(path)
    return table


ROW_GROUP_ROWS = 20_000   # games.parquet's row groups: a third of the writing time of a group per chunk


class ParquetJoin:
    """games.parquet written chunk by chunk as the chunks join games.csv.part (game order), so that
    the work is done while the workers play, not after them: each chunk's arrow table (arrow_table,
    made by the worker) is added, and written to `tmp` in row groups of ROW_GROUP_ROWS rows;
    finish() renames `tmp` to `out`.  Off (False from finish, `tmp` removed) as soon as a chunk
    has no table, or without pyarrow: games.parquet is then converted from games.csv (games_parquet)."""

    def __init__(self, out, tmp):
        self.out, self.tmp, self.writer, self.on = Path(out), Path(tmp), None, has_pyarrow()
        self.held, self.rows = [], 0

    def add(self, table):
        if not self.on or table is None:
            self.stop()
            return
        self.held.append(table)
        self.rows += len(table)
        if self.rows >= ROW_GROUP_ROWS:
            self._write()

    def _write(self):
        import pyarrow as pa
        import pyarrow.parquet as pq
        if self.held:
            if self.writer is None:
                self.writer = pq.ParquetWriter(self.tmp, self.held[0].schema)
            table = pa.concat_tables([t.cast(self.writer.schema) for t in self.held])
            self.writer.write_table(table, row_group_size=len(table))
        self.held, self.rows = [], 0

    def stop(self):
        self.held, self.rows = [], 0
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.tmp.unlink(missing_ok=True)
        self.on = False

    def finish(self):
        """Rename the joined file to `out`; False when off or nothing was joined."""
        if self.on:
            self._write()
        if not self.on or self.writer is None:
            self.stop()
            return False
        self.writer.close()
        self.writer = None
        os.replace(self.tmp, self.out)
        return True


def _write_parquet(out, tables):
    """The arrow tables one after another into the Parquet file `out` (typed as the first), under a
    temporary name, then renamed; nothing when there is no table."""
    import pyarrow.parquet as pq
    tmp, writer = out.with_name(out.name + ".tmp"), None
    try:
        for table in tables:
            if writer is None:
                writer = pq.ParquetWriter(tmp, table.schema)
            writer.write_table(table.cast(writer.schema))
    finally:
        if writer is not None:
            writer.close()
    if writer is not None:
        os.replace(tmp, out)


def games_parquet(csv_path):
    """games.parquet beside games.csv, converted chunk by chunk (memory stays flat); only with
    pyarrow, and only when missing or older than the CSV.  Without pyarrow an older games.parquet
    (of earlier games) is removed.  Returns the path or None."""
    csv_path = Path(csv_path)
    out = csv_path.with_suffix(".parquet")
    current = out.exists() and out.stat().st_mtime_ns >= csv_path.stat().st_mtime_ns
    if not has_pyarrow():
        if out.exists() and not current:
            out.unlink()
        return None
    if current:
        return out
    import pyarrow as pa
    import pandas as pd
    chunks = pd.read_csv(csv_path, chunksize=CSV_CHUNK_ROWS)
    _write_parquet(out, (pa.Table.from_pandas(chunk, preserve_index=False) for chunk in chunks))
    return out


def os_error_line(e):
    """An OSError as one line naming the path and the cause; a full disk said as the user needs it (which
    file, the space left)."""
    if not disk_full(e) or not e.filename:
        where = f"{e.filename}: " if e.filename else ""
        return f"{where}{e.strerror or e}" + (f" ({e.filename2})" if e.filename2 else "")
    return (f"{e.filename}: the disk is full ({free_space(Path(e.filename).parent)} free there); free some space "
            "and run the command again")
