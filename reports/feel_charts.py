"""How the game plays, drawn (reports.feel): the length of the games as a histogram per setting, and the
lead changes and comebacks per setting with their 95% intervals."""
import math

import numpy as np

from reports.plotting import _done, _legend_below, _row_axis, _runs_text, _title, plt

MAX_PANELS = 12
COMEBACK_COLOURS = {"winner_behind_half": "#4c72b0", "winner_last_half": "#c44e52"}


def length_histograms(study):
    """One histogram of player-turns per setting (the first MAX_PANELS), on the same bins and x axis."""
    runs = study.runs[:MAX_PANELS]
    if len(runs) < 2:
        return None
    everything = np.concatenate([r.turns for r in runs])
    if not len(everything):
        return None
    bins = np.arange(everything.min() // 5 * 5, everything.max() + 10, 5)
    cols = min(3, len(runs))
    rows = math.ceil(len(runs) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols + 0.6, 2.3 * rows + 1.2), layout="constrained",
                             sharex=True, squeeze=False)
    for ax, run in zip(axes.ravel(), runs):
        t = run.turns
        ax.hist(t, bins=bins, color="#4c72b0", alpha=0.85, edgecolor="white")
        ax.axvline(np.median(t), color="#333333", lw=1.5, ls="--")
        low, high = (np.percentile(t, q, method="inverted_cdf") for q in (5, 95))   # turns some game had
        ax.set_title(f"{run.label}\nmedian {np.median(t):g}, 5-95%: {low:g}-{high:g}", fontsize=8.5, loc="left")
    for ax in axes.ravel()[len(runs):]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel(f"{study.turns_name} per game")
    cut = f" (the first {MAX_PANELS} settings)" if len(study.runs) > MAX_PANELS else ""
    fig.suptitle(f"Game length per setting{cut}: {_runs_text(study)}, bins of 5 {study.turns_name}, dashed: median",
                 fontsize=10, x=0.01, ha="left")
    return fig


def lead_and_comebacks(study, f):
    """Per setting: the mean lead changes per game (left) and the winner's comebacks from behind and from last
    place at half-time (right), each with its 95% interval (normal for the mean, Wilson for the shares)."""
    if f is None or not len(f) or "lead_changes" not in set(f["measure"]):
        return None
    order = list(dict.fromkeys(f["setting"]))
    y = np.arange(len(order))[::-1]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, max(3.0, 0.42 * len(order) + 2.2)), layout="constrained",
                                      sharey=True)
    lead = f[f["measure"] == "lead_changes"].set_index("setting").reindex(order)
    left.errorbar(lead["value"], y, xerr=[lead["value"] - lead["ci_lo"], lead["ci_hi"] - lead["value"]],
                  fmt="o", color="#333333", capsize=3)
    left.set_xlabel("lead changes per game (mean, 95% interval)")
    left.set_xlim(left=0)
    _row_axis(left, y, order)
    for k, (name, colour) in enumerate(COMEBACK_COLOURS.items()):
        sub = f[f["measure"] == name].set_index("setting").reindex(order)
        if not sub["value"].notna().any():
            continue
        shift = 0.12 * (1 - 2 * k)
        right.errorbar(100 * sub["value"], y + shift, xerr=[100 * (sub["value"] - sub["ci_lo"]),
                                                            100 * (sub["ci_hi"] - sub["value"])],
                       fmt="o", color=colour, capsize=3, label=sub["label"].dropna().iloc[0])
    right.set_xlabel("share of the games with a winner (%, 95% Wilson interval)")
    right.set_xlim(left=0)
    _legend_below(right, ncol=2)
    _title(left, "Lead changes and comebacks", f"{_runs_text(study)} · a lead change: another seat leads alone "
                                               "(docs/reports.md, How the game plays)")
    return _done(fig)

