"""Read one results directory (a run, or one setting of a sweep) into what the reports need.

Memory stays small whatever the number of games: the games are read in chunks of
CHUNK_ROWS rows, from games.parquet when it is there and current (pyarrow parses it
several times faster than pandas parses games.csv), else from games.csv; per game
only the seed, the winning table seat and scenario seat, the length and the variants' outcome columns are kept (a column holding one value
in every game, e.g. another mode's filler, as a zero-memory broadcast view); every
other column is summed per policy.

Columns are discovered from the header: `seatK_<name>` columns are seat columns
(flows are the `gain_*` / `spend_*` ones, VP sources the `vp_*` ones), anything
else is a game column.  Variants' outcome columns come from reports.variants.
"""
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from reports.variants import REGISTRY, category_labels
from simcore.engine.errors import InputError
from simcore.engine.records import FEEL_COLUMNS
from simcore.run.damage import check_finished
from simcore.run.outputs import has_pyarrow, read_json

CHUNK_ROWS = 20_000
BASE_GAME_COLUMNS = ("game", "seed", "winner_seat", "winner_policy", "turns", "rounds", *FEEL_COLUMNS)
_SEAT = re.compile(r"^seat(\d+)_(.+)$")
_NOT_SUMMED = ("spec", "policy")


@dataclass
class RunData:
    path: Path
    label: str                  # how reports name this run (a sweep setting's label)
    values: dict                # the swept keys' values (a sweep setting), else {}
    summary: dict               # summary.json
    meta: dict                  # meta.json ({} when the run has none)
    header: list
    seeds: np.ndarray           # per game
    winner_seat: np.ndarray     # table seat that won, -1 none
    winner_spec: np.ndarray     # scenario seat that won, -1 none
    turns: np.ndarray
    categories: dict = field(default_factory=dict)   # game column -> per-game values (strings)
    measures: dict = field(default_factory=dict)     # numeric variant game column -> per-game values
    feel: dict = field(default_factory=dict)         # how the game played (reports.feel): FEEL_COLUMNS in the
                                                     # file -> per-game values, NaN where undefined (-1)
    seat_sums: pd.DataFrame = None   # index: policy label; columns: seat column suffixes; sums over seat-games
    seat_sq: pd.DataFrame = None     # the same, sums of squares
    seat_games: pd.Series = None     # policy label -> seat-games played

    @property
    def games(self):
        return len(self.seeds)

    @property
    def players(self):
        return int(self.summary["players"])

    @property
    def spec_labels(self):
        return [s["label"] for s in self.summary["specs"]]

    @property
    def labels(self):
        """Policy labels in scenario seat order, without repeats."""
        return list(dict.fromkeys(self.spec_labels))

    @property
    def variants(self):
        return list(self.summary.get("rules", {}).get("variants", {}) or {})



def seat_suffixes(header):
    """The seat column names without `seatK_`, in header order."""
    return [m.group(2) for c in header if (m := _SEAT.match(c)) and m.group(1) == "0"]


def extra_game_columns(header):
    return [c for c in header if not _SEAT.match(c) and c not in BASE_GAME_COLUMNS]


def is_results_dir(path):
    return (Path(path) / "games.csv").is_file() and (Path(path) / "summary.json").is_file()


def load_run(path, label=None, values=None):
    """RunData of a finished run directory; InputError when it is not one."""
    path = Path(path)
    if not path.is_dir():
        raise InputError(f"{path}: no such directory; allowed: a run or sweep directory (results/<name>)")
    if not (path / "games.csv").is_file() and not (path / "summary.json").is_file():
        what = "an unfinished run (use `run --resume`)" if (path / "games.csv.part").exists() else "no results"
        raise InputError(f"{path}: holds {what}; allowed: a directory with games.csv and summary.json")
    summary = check_finished(path)   # one line naming a damaged file and what to do (simcore.run.damage)
    meta = read_json(path / "meta.json") or {}
    with open(path / "games.csv", encoding="utf-8") as fh:
        header = fh.readline().rstrip("\n").split(",")
    return _read_games(path, header, summary, meta, label or path.name,
                       values if values is not None else meta.get("setting", {}).get("values", {}))


def _category_columns(header):
    wanted = {c for entry in REGISTRY.values() for c in entry.categories}
    return [c for c in extra_game_columns(header) if c in wanted]


def _read_games(path, header, summary, meta, label, values):
    players = int(summary["players"])
    labels = np.array([s["label"] for s in summary["specs"]], dtype=object)
    suffixes = [s for s in seat_suffixes(header) if s not in _NOT_SUMMED]
    cats = _category_columns(header)
    measures = [c for c in extra_game_columns(header) if c not in cats]
    feel = [c for c in FEEL_COLUMNS if c in header]   # a run written before they existed has none
    per_game = {k: [] for k in ("seed", "winner_seat", "winner_spec", "turns", *cats, *measures, *feel)}
    order = list(dict.fromkeys(labels))
    label_of_spec = np.array([order.index(x) for x in labels])   # scenario seat -> row of the sums
    sums, squares = np.zeros((len(order), len(suffixes))), np.zeros((len(order), len(suffixes)))
    counts = np.zeros(len(order), np.int64)
    for df in _game_chunks(path, int(summary["games"]), cats):
        winner = df["winner_seat"].to_numpy(np.int64)
        specs = df[[f"seat{k}_spec" for k in range(players)]].to_numpy(np.int64)
        won = winner >= 0
        winner_spec = np.full(len(df), -1, np.int64)
        winner_spec[won] = specs[won, winner[won]]
        # copies: a view would keep the chunk's whole column block alive (pyarrow's to_pandas joins them)
        per_game["seed"].append(df["seed"].to_numpy(np.int64, copy=True))
        per_game["winner_seat"].append(winner.astype(np.int8))
        per_game["winner_spec"].append(winner_spec.astype(np.int8))
        per_game["turns"].append(df["turns"].to_numpy(np.int32))
        for c in cats:
            names = category_labels(c)
            _keep(per_game[c], df[c].fillna("").map(lambda v: str(names.get(v, v))).to_numpy(object))
        for c in measures:
            _keep(per_game[c], pd.to_numeric(df[c], errors="coerce").to_numpy(np.float64, copy=True))
        for c in feel:
            recorded = df[c].to_numpy(np.float32)   # small counts: float32 holds them exactly
            _keep(per_game[c], np.where(recorded < 0, np.nan, recorded))
        for k in range(players):
            seat_values = df[[f"seat{k}_{s}" for s in suffixes]].to_numpy(np.float64)
            rows = label_of_spec[specs[:, k]]
            for row in np.unique(rows):   # empty fields (NaN) count as 0, as in a pandas sum
                mine = seat_values[rows == row]
                sums[row] += np.nansum(mine, axis=0)
                squares[row] += np.nansum(mine ** 2, axis=0)
                counts[row] += len(mine)
    joined = {k: _join(v) for k, v in per_game.items()}
    return RunData(
        path=path, label=label, values=values, summary=summary, meta=meta, header=header,
        seeds=joined["seed"], winner_seat=joined["winner_seat"], winner_spec=joined["winner_spec"],
        turns=joined["turns"], categories={c: joined[c] for c in cats},
        measures={c: joined[c] for c in measures}, feel={c: joined[c] for c in feel},
        seat_sums=pd.DataFrame(sums, index=pd.Index(order, name="label"), columns=suffixes),
        seat_sq=pd.DataFrame(squares, index=pd.Index(order, name="label"), columns=suffixes),
        seat_games=pd.Series(counts, index=pd.Index(order, name="label"), name="n"),
    )


def _game_chunks(path, games, cats):
    """games.csv's rows as DataFrames of CHUNK_ROWS rows, typed as pandas reads the CSV (the
    `cats` columns as strings, "" where empty).  From games.parquet, the same table typed the
    same way, when pyarrow is installed and the file is current: not older than games.csv and
    holding the summary's number of games."""
    parquet = _current_parquet(path, games)
    if parquet is None:
        yield from pd.read_csv(path / "games.csv", chunksize=CHUNK_ROWS, dtype={c: str for c in cats})
        return
    for groups in _row_group_runs(parquet.metadata):
        df = parquet.read_row_groups(groups, use_threads=False).to_pandas()
        for c in cats:   # as read_csv(dtype=str) gives them: "3", None where empty
            df[c] = df[c].astype(object).where(df[c].notna(), None).map(lambda v: v if v is None else str(v))
        yield df


def _row_group_runs(metadata):
    """Lists of consecutive row groups holding about CHUNK_ROWS rows together (a run's file has row
    groups of 20,000 rows; one written by an older version, a row group per chunk).  Read so, loading a 1,000,000-game base run peaks about 40 MB above a
    100,000-game one; pyarrow's iter_batches read ahead and took about 60 MB more."""
    run, rows = [], 0
    for i in range(metadata.num_row_groups):
        run.append(i)
        rows += metadata.row_group(i).num_rows
        if rows >= CHUNK_ROWS:
            yield run
            run, rows = [], 0
    if run:
        yield run


def _current_parquet(path, games):
    """pyarrow's ParquetFile of path/games.parquet when it holds the current games, else None."""
    csv, parquet = path / "games.csv", path / "games.parquet"
    if not has_pyarrow() or not parquet.is_file() or parquet.stat().st_mtime_ns < csv.stat().st_mtime_ns:
        return None
    import pyarrow.parquet as pq
    try:
        handle = pq.ParquetFile(parquet, pre_buffer=False)
    except Exception:   # unreadable (e.g. cut short by a full disk): the CSV is the record
        return None
    return handle if handle.metadata.num_rows == games else None


class _Same:
    """Chunks of a column that so far held one value only: the value and the row count."""

    def __init__(self, value, dtype, n):
        self.value, self.dtype, self.n = value, dtype, n


def _same_value(values):
    first = values[0]
    if values.dtype == object:
        return (values == first).all()
    return np.array_equal(values, np.full(len(values), first), equal_nan=True)


def _keep(parts, values):
    """Append a chunk's values of a column; a column of one value so far stays a _Same."""
    if not len(values):
        return
    if parts and isinstance(parts[-1], _Same):
        same = parts[-1]
        if _same_value(values) and (values[0] == same.value or (values[0] != values[0] and same.value != same.value)):
            same.n += len(values)
            return
        parts[-1] = np.full(same.n, same.value, dtype=same.dtype)
    elif not parts and _same_value(values):
        parts.append(_Same(values[0], values.dtype, len(values)))
        return
    parts.append(values)


def _join(parts):
    """One array of a column's chunks (a read-only broadcast view when every game held one value)."""
    if len(parts) == 1 and isinstance(parts[0], _Same):
        return np.broadcast_to(np.array(parts[0].value, dtype=parts[0].dtype), (parts[0].n,))
    return np.concatenate(parts) if parts else np.zeros(0)
