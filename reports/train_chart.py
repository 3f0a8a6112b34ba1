"""The learning curve of a `train` run: validation win rate of each checkpoint with its 95% interval."""
from reports import fmt
from reports.plotting import _done, _figure, _legend_below, _title, plt


def learning_curve(curve, summary, what, share):
    """curve: reports.train_report.curve_table; summary: its holdout summary; share: a fair share (or nan)."""
    fig, ax = _figure(9, 4.6)
    x = curve["training_games"].to_numpy(float)
    y, lo, hi = (100 * curve[c].to_numpy(float) for c in ("win_rate", "lo", "hi"))
    for r, part in curve.groupby("round", sort=True):
        i = part.index.to_numpy()
        ax.fill_between(x[i], lo[i], hi[i], color="#4c72b0", alpha=0.15, lw=0)
        ax.plot(x[i], y[i], "o-", color="#4c72b0", ms=5)
        if r > 1:   # self-play: a new field, new validation games
            ax.axvline(x[i[0]], color="#999999", lw=0.8, ls=":")
            ax.annotate(f"round {r}: against copies of round {r - 1}'s preset", (x[i[0]], hi[i].max()),
                        xytext=(4, 4), textcoords="offset points", fontsize=8, color="#555555")
    chosen = curve.index[curve["chosen"]].to_numpy()
    ax.scatter(x[chosen], y[chosen], marker="*", s=260, color="#2ca02c", edgecolor="#1b5e20", zorder=4)
    end = x.max() if len(x) else 0
    for key, colour, label in (("trained", "#2ca02c", "holdout: trained"), ("start", "#7f7f7f", "holdout: start")):
        row = summary[key]
        ax.errorbar([end * 1.04 + 1], [100 * row["win_rate"]], yerr=[[100 * (row["win_rate"] - row["lo"])],
                    [100 * (row["hi"] - row["win_rate"])]], fmt="s" if key == "trained" else "D", color=colour,
                    capsize=4, ms=7, label=label)
    if share == share:
        ax.axhline(100 * share, color="#333333", ls="--", lw=1)
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate of the trained seat (%)")
    handles = [plt.Line2D([], [], marker="o", color="#4c72b0", label="validation: the search's mean (95% band)"),
               plt.Line2D([], [], marker="*", ls="", ms=14, color="#2ca02c", label="checkpoint kept"),
               plt.Line2D([], [], marker="s", ls="", color="#2ca02c", label="holdout: trained"),
               plt.Line2D([], [], marker="D", ls="", color="#7f7f7f", label="holdout: start")]
    if share == share:
        handles.append(plt.Line2D([], [], ls="--", color="#333333", label=f"fair share ({fmt.pct(share)})"))
    _legend_below(ax, handles)
    n = int(curve["games"].iloc[0]) if len(curve) else 0
    _title(ax, f"Learning curve: {what}",
           f"each checkpoint plays the same {n:,} validation games; holdout: {summary['trained']['games']:,} fresh "
           f"games for the trained and the start preset; bars and bands: 95% intervals (Wilson)")
    ax.set_xlim(left=-0.02 * max(end, 1))
    return _done(fig)
