"""The chart of a tune: the objective per candidate with its 95% interval, the aim, the recommendation."""
import numpy as np

from reports.charts import _done, _figure, _legend_below, _title, plt
from reports.labels import key_words
from reports.objectives import show


def tune_chart(result):
    """Value against the parameter (one numeric parameter: on a number axis, with the fitted curve),
    else one row per candidate; dropped candidates faded, the best estimate and those not told apart from it in green."""
    obj, table, race = result["objective"], result["table"], result["race"]
    keys = list(race.values[0])
    scale = 100.0 if obj.unit in ("pp", "%") else 1.0
    value, lo, hi = (scale * table[c].to_numpy(float) for c in ("value", "ci_lo", "ci_hi"))
    numeric = len(keys) == 1 and all(isinstance(v[keys[0]], (int, float)) and not isinstance(v[keys[0]], bool)
                                     for v in race.values)
    fig, ax = _figure(9, 4.6 if numeric else max(3.2, 0.42 * len(table) + 2.2))
    x = np.array([v[keys[0]] for v in race.values], dtype=float) if numeric else np.arange(len(table))
    for i, r in enumerate(table.itertuples()):
        colour = "#2ca02c" if r.not_worse else "#4c72b0"
        out = not (r.dropped_in_round is None or np.isnan(r.dropped_in_round)) or getattr(r, "excluded", False)
        alpha = 0.35 if out else 1.0
        err = [[max(value[i] - lo[i], 0)], [max(hi[i] - value[i], 0)]]
        if numeric:
            ax.errorbar(x[i], value[i], yerr=err, fmt="o", color=colour, alpha=alpha, capsize=4, ms=7)
        else:
            ax.errorbar(value[i], x[i], xerr=err, fmt="o", color=colour, alpha=alpha, capsize=4, ms=7)
        if i == result["best"]:
            spot = (x[i], value[i]) if numeric else (value[i], x[i])
            ax.scatter(*spot, marker="*", s=260, color="#2ca02c", edgecolor="#1b5e20", zorder=4)
    aim = scale * obj.target
    fit = result["fit"]
    if numeric:
        if obj.signed:
            ax.axhline(aim, color="#333333", ls="--", lw=1)
        if fit:
            ax.plot(fit["curve_x"], scale * np.array(fit["curve_y"]), color="#999999", lw=1.2, zorder=1)
        ax.set_xlabel(key_words(keys[0]))
        ax.set_xticks(x)
        ax.set_ylabel(_axis_label(obj))
    else:
        if obj.signed:
            ax.axvline(aim, color="#333333", ls="--", lw=1)
        ax.set_yticks(x)
        ax.set_yticklabels(table["candidate"], fontsize=8.5)
        ax.invert_yaxis()
        ax.set_xlabel(_axis_label(obj))
    star = "recommended" if not result["tied"] else "closest estimate (not told apart from the others in green)"
    handles = [plt.Line2D([], [], marker="*", ls="", ms=14, color="#2ca02c", label=star),
               plt.Line2D([], [], marker="o", ls="", color="#2ca02c", label="not told apart from it"),
               plt.Line2D([], [], marker="o", ls="", color="#4c72b0", label="worse, still in the last round"),
               plt.Line2D([], [], marker="o", ls="", color="#4c72b0", alpha=0.35, label="dropped earlier")]
    if obj.signed:
        handles.append(plt.Line2D([], [], ls="--", color="#333333", label=f"aim ({show(obj, obj.target)})"))
    if fit:
        handles.append(plt.Line2D([], [], color="#999999", label="fitted curve"))
    _legend_below(ax, handles)
    best = table.iloc[result["best"]]
    _title(ax, f"Tune: {obj.what}",
           f"{obj.words} · {star.split(' (')[0]} {best['candidate']} · bars: 95% intervals · games: "
           f"{int(table['games'].min()):,} to {int(table['games'].max()):,} per candidate, "
           f"{result['games_used']:,} in all (a full grid: {result['grid_games']:,})")
    return _done(fig)


def _axis_label(obj):
    if obj.unit == "pp":
        return f"{obj.what} (percentage points)"
    if obj.unit == "%":
        return f"{obj.what} (%)"
    return obj.what
