"""What every chart of the reports shares (matplotlib, Agg backend): the style, the
resource-source colours, titles with wrapped subtitles, legends below the plot, and
`Chart`.  reports.charts (the base game's charts), the variants' entries (reports.variants) and
reports.board draw with it; it imports no other report module.
"""
import textwrap

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({
    "font.size": 10, "axes.titlesize": 12, "axes.titleweight": "bold", "axes.labelsize": 10,
    "axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3,
    "legend.fontsize": 9, "legend.frameon": False, "figure.dpi": 100,
})

SOURCE_COLOURS = {
    "dice": "#4c72b0", "setup": "#8172b2", "trade": "#55a868", "steal": "#c44e52", "devcards": "#ccb974",
    "roads": "#937860", "settlements": "#da8bc3", "cities": "#8c8c8c",
    "stolen": "#c44e52", "discards": "#64b5cd", "army": "#c44e52", "road": "#937860", "cards": "#ccb974",
}


def games_text(counts):
    """'2,000 games', '2,000 games per setting' or '1,000-2,000 games per setting'."""
    counts = sorted(set(int(c) for c in counts))
    if len(counts) == 1:
        return f"{counts[0]:,} games"
    return f"{counts[0]:,}-{counts[-1]:,} games per setting"


def _runs_text(study):
    n = [r.games for r in study.runs]
    return games_text(n) + (" per setting" if len(n) > 1 and len(set(n)) == 1 else "")


def _title(ax, title, subtitle):
    """Bold title with a grey subtitle under it; the subtitle is wrapped to the axes' width by _done."""
    artist = ax.annotate(subtitle, xy=(0, 1), xycoords="axes fraction", xytext=(0, 5), textcoords="offset points",
                         fontsize=9, color="#555555", va="bottom")
    artist.set_in_layout(False)  # wrapped to the axes later; the title's pad makes room for it
    ax.set_title(title, loc="left", pad=20)
    ax.figure.__dict__.setdefault("_subtitles", []).append((ax, artist, subtitle, title))


def _done(fig):
    """Wrap subtitles to the width their axes got from the layout (call last, before saving)."""
    pending = fig.__dict__.pop("_subtitles", [])
    if pending:
        fig.draw_without_rendering()   # the layout and the text extents, no pixels (the PNG is drawn when saved)
        for ax, artist, text, title in pending:
            chars = max(30, int(ax.get_window_extent().width / 7.0))
            lines = textwrap.wrap(text, chars)
            artist.set_text("\n".join(lines))
            ax.set_title(title, loc="left", pad=10 + 11.5 * len(lines))
    return fig


def _figure(width, height):
    return plt.subplots(figsize=(width, height), layout="constrained")


def _row_axis(ax, y, order):
    """A horizontal bar chart's rows: entry i of `order` named at height y[i]; no grid lines
    along them."""
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_ylim(-0.75, len(order) - 0.25)
    ax.grid(axis="y", visible=False)


def _share_bars(order, share, texts, colour, alpha, xlabel):
    """A row per entry of `order` (the first on top), its bar `share` in %, `texts` beside
    the bars: (fig, ax)."""
    fig, ax = _figure(9, max(3.0, 0.45 * len(order) + 2.2))
    y = np.arange(len(order))[::-1]
    ax.barh(y, 100 * share, 0.6, color=colour, alpha=alpha)
    for yi, s, text in zip(y, share, texts):
        ax.text(100 * s, yi, f" {100 * s:.1f}%  ({text})", va="center", fontsize=8.5)
    _row_axis(ax, y, order)
    ax.set_xlim(0, max(100 * share.max() * 1.6, 1))
    ax.set_xlabel(xlabel)
    return fig, ax


def _legend_below(ax, handles=None, ncol=3):
    """The figure's legend under the plot (figures use the constrained layout)."""
    handles = handles or ax.get_legend_handles_labels()[0]
    ax.figure.legend(handles=handles, loc="outside lower center", ncol=min(ncol, len(handles)))


class Chart:
    """A chart of the report: file name (without .png), title, figure and what it says in words."""

    def __init__(self, name, title, figure, says=""):
        self.name, self.title, self.figure, self.says = name, title, figure, says
