"""Report files written so that none is ever seen half-written: a temporary name, then a rename.

Tables are saved as CSV always, and as Parquet too when pyarrow is installed
(optional: `pip install 'catan-balance[parquet]'`).  A Parquet file holds what its CSV
holds, typed as pandas reads the CSV back (a swept value "8" is the number 8 in both),
so either format gives the same DataFrame.
"""
import contextlib
import os
from pathlib import Path

import pandas as pd

from simcore.run.cap import chart_pixels
from simcore.run.outputs import has_pyarrow  # noqa: F401  (tests replace it here and there)

# a 1x1 white PNG: a chart's file where its pixels are not drawn (simcore.run.cap.chart_pixels)
PLACEHOLDER_PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
                                "53de0000000c4944415408d763f8ffff3f0005fe02fedccc59e70000000049454e44ae426082")


@contextlib.contextmanager
def _atomic(path):
    """A temporary name to write `path` under, renamed to `path` at the end; removed when the
    writing fails or is interrupted (Ctrl-C), so no half-written .tmp file stays behind."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        yield tmp
        os.replace(tmp, path)
    except OSError as e:   # named by the file the reader asked for, not by its temporary name
        if e.filename not in (str(tmp), tmp):
            raise
        raise OSError(e.errno, e.strerror, str(path)) from None
    finally:
        tmp.unlink(missing_ok=True)


def write_text(path, text):
    with _atomic(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def save_figure(fig, path):
    """The figure as PNG (100 dpi), atomically; the figure is closed afterwards."""
    import matplotlib.pyplot as plt
    with _atomic(path) as tmp:
        if chart_pixels():
            fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
        else:
            tmp.write_bytes(PLACEHOLDER_PNG)
    plt.close(fig)


def save_table(df, path_csv):
    """df as CSV (and .parquet beside it when pyarrow is installed, with the CSV's content);
    returns the paths written."""
    path_csv = Path(path_csv)
    with _atomic(path_csv) as tmp:
        df.to_csv(tmp, index=False)
    written = [path_csv]
    if has_pyarrow():
        parquet = path_csv.with_suffix(".parquet")
        with _atomic(parquet) as tmp:
            pd.read_csv(path_csv).to_parquet(tmp, index=False)
        written.append(parquet)
    return written
