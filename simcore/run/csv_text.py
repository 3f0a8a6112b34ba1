"""CSV text of a table of integer and text columns, written by a small compiled loop.

csv_text(parts) joins the columns of `parts` (2-D int64 arrays of numbers, or 2-D object
arrays of str, one part after another) into CSV lines: numbers in decimal as str() writes
them, strings as they are (games.csv's policy names and empty cells need no quoting), one
line per row, each ending in "\\n".  The bytes equal ",".join(map(str, row)) per row; about
ten times faster than formatting str objects in Python, which took a sixth of a chunk's time.
format_rows and write_chunk make a chunk's games.csv rows with it; they live here, not in
simcore.run.outputs, so that reading results and writing reports never load numba.
"""
from pathlib import Path

import numpy as np
from numba import njit

from simcore.run import outputs

_MIN = -(2 ** 63)
_MIN_TEXT = np.frombuffer(str(_MIN).encode(), dtype=np.uint8)


def csv_text(parts):
    """The rows of `parts` (see module doc) as CSV bytes."""
    n = len(parts[0]) if parts else 0
    if not n:
        return b""
    columns, is_text, strings, coded = [], [], {}, {}
    for part in parts:
        if part.dtype == object:   # text: each cell's index into `strings` (a repeated part once)
            if id(part) not in coded:
                codes = [strings.setdefault(s, len(strings)) for s in part.ravel().tolist()]
                coded[id(part)] = np.array(codes, dtype=np.int64).reshape(part.shape)
            columns.append(coded[id(part)])
            is_text += [True] * part.shape[1]
        else:
            columns.append(np.asarray(part, dtype=np.int64))
            is_text += [False] * part.shape[1]
    table = np.ascontiguousarray(np.concatenate(columns, axis=1))
    encoded = [s.encode() for s in strings]
    text = np.frombuffer(b"".join(encoded) or b" ", dtype=np.uint8)
    starts = np.cumsum([0] + [len(b) for b in encoded], dtype=np.int64)
    is_text = np.array(is_text, dtype=np.bool_)
    widest = max([len(b) for b in encoded] + [len(_MIN_TEXT)])
    out = np.empty(n * table.shape[1] * (widest + 1), dtype=np.uint8)
    return out[:_write(table, is_text, text, starts, _MIN_TEXT, out)].tobytes()


def format_rows(block, policy_names, players, variants):
    """CSV bytes of kernel records (play_batch's rows: simcore.engine.rows.RowLayout(variants)) of rules
    with `variants` on; policy_names[spec] names each scenario seat."""
    blank = np.full((len(block), 1), "", dtype=object)
    return csv_text(outputs.row_parts(block, policy_names, players, variants, block, blank))


def write_chunk(base, block, policy_names, players, variants):
    """base.csv: the rows without header, written under a temporary name, then renamed (a chunk
    whose .csv exists is complete)."""
    text = format_rows(block, policy_names, players, variants)
    outputs.write_atomic(Path(base).with_suffix(".csv"), lambda tmp: tmp.write_bytes(text))


@njit(cache=True)
def _write(table, is_text, text, starts, min_text, out):
    """Write the CSV lines of `table` into `out`; return the bytes written."""
    digits = np.empty(20, dtype=np.uint8)
    pos = 0
    for i in range(table.shape[0]):
        for j in range(table.shape[1]):
            if j:
                out[pos] = 44   # ","
                pos += 1
            v = table[i, j]
            if is_text[j]:
                for b in range(starts[v], starts[v + 1]):
                    out[pos] = text[b]
                    pos += 1
                continue
            if v == _MIN:   # its negation overflows
                for b in range(len(min_text)):
                    out[pos] = min_text[b]
                    pos += 1
                continue
            if v < 0:
                out[pos] = 45   # "-"
                pos += 1
                v = -v
            k = 0
            while True:
                digits[k] = 48 + v % 10
                v //= 10
                k += 1
                if v == 0:
                    break
            for b in range(k - 1, -1, -1):
                out[pos] = digits[b]
                pos += 1
        out[pos] = 10   # "\n"
        pos += 1
    return pos

