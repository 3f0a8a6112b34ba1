"""Report files written so that none is ever seen half-written: a temporary name, then a rename.

Tables are saved as CSV always, and as Parquet too when pyarrow is installed
(optional: `pip install 'catan-balance[parquet]'`).  A Parquet file holds what its CSV
holds, typed as pandas reads the CSV back (a swept value "8" is the number 8 in both),
so either format gives the same DataFrame.
"""
import os
from pathlib import Path

import pandas as pd

from simcore.run.outputs import has_pyarrow  # noqa: F401  (tests replace it here and there)


def _tmp(path):
    return path.with_name(path.name + ".tmp")


def write_text(path, text):
    path = Path(path)
    tmp = _tmp(path)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def save_figure(fig, path):
    """The figure as PNG (100 dpi), atomically; the figure is closed afterwards."""
    import matplotlib.pyplot as plt
    path = Path(path)
    tmp = _tmp(path)
    fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    os.replace(tmp, path)


def save_table(df, path_csv):
    """df as CSV (and .parquet beside it when pyarrow is installed, with the CSV's content);
    returns the paths written."""
    path_csv = Path(path_csv)
    tmp = _tmp(path_csv)
    df.to_csv(tmp, index=False)
    os.replace(tmp, path_csv)
    written = [path_csv]
    if has_pyarrow():
        parquet = path_csv.with_suffix(".parquet")
        tmp = _tmp(parquet)
        pd.read_csv(path_csv).to_parquet(tmp, index=False)
        os.replace(tmp, parquet)
        written.append(parquet)
    return written
