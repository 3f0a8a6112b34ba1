"""The report's charts (matplotlib, Agg backend): each function returns a Figure or None.

Every chart has a title that says what is shown and on how many games, axis
labels with units, a legend where there is more than one series, and 95%
intervals drawn (error bars or bands).  Colours are fixed per table seat (red,
blue, orange, grey: the piece colours of the board picture) and per resource
source, so charts read alike across reports.  The style and the helpers every
chart uses are in reports.plotting.
"""
import math
import textwrap

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.patches import Patch

from reports import budget, fmt
from reports.labels import key_words, tick_words, value_words
from reports.plotting import (SOURCE_COLOURS, Chart, _done, _figure, _legend_below, _runs_text,  # noqa: F401
                              _row_axis, _title, games_text, plt)
from reports.variants import REGISTRY, solo_player, source_colour
from simcore.run import grid

_MPL = tuple(int(x) for x in matplotlib.__version__.split(".")[:2])
SEAT_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#7f7f7f")
POLICY_COLOURS = ("#6a3d9a", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#2ca02c", "#393b79", "#843c39")
ORDINALS = ("1st", "2nd", "3rd", "4th")


def pct(x):
    return 100 * np.asarray(x, dtype=float)


def _header(fig, title, subtitle, legend_handles=None, legend_labels=None):
    """Title, subtitle and legend of a figure of several panels (laid out with tight_layout)."""
    height = fig.get_figheight()
    fig.text(0.01, 1 - 0.28 / height, title, fontsize=12, fontweight="bold", va="center")
    lines = textwrap.wrap(subtitle, int(fig.get_figwidth() * 14))
    fig.text(0.01, 1 - 0.5 / height, "\n".join(lines), fontsize=9, color="#555555", va="top")
    top = 1 - (0.75 + 0.16 * len(lines)) / height
    bottom = 0.0
    if legend_handles:
        fig.legend(legend_handles, legend_labels, loc="lower center", ncol=min(len(legend_handles), 6),
                   bbox_to_anchor=(0.5, 0.0))
        bottom = 0.45 / height
    fig.tight_layout(rect=(0, bottom, 1, top))


def _won_label(study, group):
    """The y axis of a win rate: per game, or per seat played (a policy in a game of several players)."""
    return "games won (%)" if group == "seat" or study.solo else "games won per seat played (%)"


def _seat_label(k):
    return f"seat {k}\n({ORDINALS[k]} to move)" if k < len(ORDINALS) else f"seat {k}"


def _colour(group, index):
    palette = SEAT_COLOURS if group == "seat" else POLICY_COLOURS
    return palette[index % len(palette)]


def _source_colour(name, i):
    return SOURCE_COLOURS.get(name) or source_colour(name) or plt.get_cmap("tab20")(i % 20)


def _errorbars(ax, x, rate, lo, hi, **kw):
    rate, lo, hi = pct(rate), pct(lo), pct(hi)
    ax.errorbar(x, rate, yerr=[np.maximum(rate - lo, 0), np.maximum(hi - rate, 0)], fmt="none", ecolor="#222222",
                elinewidth=1.2, capsize=4, **kw)


def _policy_games(study, df, group):
    """' · each policy: 150 games': what a policy's rate rests on, its games (solo: policies take
    turns, so each plays a share of the games) or seat-games; '' for seats."""
    if group != "policy" or not len(df):
        return ""
    unit = "games" if study.solo else "seat-games"
    low, high = int(df["trials"].min()), int(df["trials"].max())
    return f" · each policy: {low:,} {unit}" if low == high else f" · each policy: {low:,}-{high:,} {unit}"


# --- win rates of one or a few runs ---

def win_bars(study, rates, group):
    """Win rate per table seat (group='seat') or per policy, one bar group per run."""
    df = rates[rates["group"] == group]
    names = list(dict.fromkeys(df["outcome"]))
    if not len(df) or (group == "policy" and len(names) < 2):
        return None
    runs = list(dict.fromkeys(df["setting"]))
    fig, ax = _figure(max(6.5, 1.2 * len(names) * max(1, len(runs) * 0.6) + 2), 4.6)
    width = 0.8 / len(runs)
    for j, run in enumerate(runs):
        sub = df[df["setting"] == run].set_index("outcome").reindex(names)
        x = np.arange(len(names)) + (j - (len(runs) - 1) / 2) * width
        colours = [_colour(group, i) for i in range(len(names))] if len(runs) == 1 else _colour("policy", j)
        bars = ax.bar(x, pct(sub["rate"]), width * 0.9, color=colours, alpha=0.85 if len(runs) == 1 else 0.75,
                      label=run if len(runs) > 1 else None, edgecolor="white")
        _errorbars(ax, x, sub["rate"], sub["ci_lo"], sub["ci_hi"])
        if len(runs) == 1:
            for b, r, hi in zip(bars, sub["rate"], sub["ci_hi"]):
                ax.text(b.get_x() + b.get_width() / 2, 100 * hi + 0.6, f"{100 * r:.1f}%", ha="center", va="bottom",
                        fontweight="bold", fontsize=9)
    players = study.runs[0].players
    no_winner = np.mean([(r.winner_seat < 0).mean() for r in study.runs])
    equal = 100 * (1 - no_winner) / players
    if players > 1:  # a solo mode (Robin Hood) has no share to be equal to
        ax.axhline(equal, ls="--", color="#333333", lw=1, label=f"equal share ({equal:.1f}%)")
    ax.set_xticks(np.arange(len(names)))
    ax.set_xticklabels([_seat_label(int(n.split()[-1])) for n in names] if group == "seat" else names)
    ax.set_ylabel(_won_label(study, group))
    ax.set_ylim(0, max(equal * 1.6, pct(df["ci_hi"]).max() * 1.2))
    what = "table seat" if group == "seat" else "policy"
    _title(ax, f"Win rate by {what}", f"{_runs_text(study)}{_policy_games(study, df, group)} · bars: 95% Wilson "
                                      "intervals")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper right", ncol=min(3, len(runs) + 1))
    return _done(fig)


# --- sweeps: a swept parameter on the x axis ---

def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _axis(study):
    """(x key, facet keys, x positions by value, tick labels)."""
    keys = list(study.vary)
    key = keys[0]
    values = list(dict.fromkeys(grid.normal(v) for v in study.vary[key]))
    shown = [tick_words(key, v) for v in study.vary[key]]
    if all(_is_number(v) for v in values):
        return key, keys[1:], {v: float(v) for v in values}, (list(map(float, values)), shown)
    return key, keys[1:], {v: float(i) for i, v in enumerate(values)}, (list(range(len(values))), shown)


def _facets(study, facet_keys):
    """Groups of run indices sharing the facet keys' values, with a title each."""
    groups = {}
    for i, run in enumerate(study.runs):
        ident = tuple(grid.normal(run.values.get(k)) for k in facet_keys)
        title = ", ".join(value_words(k, run.values.get(k)) for k in facet_keys)
        groups.setdefault(ident, (title, []))[1].append(i)
    return list(groups.values())


def _grid_axes(count, width=4.6, height=3.6):
    cols = min(count, 3)
    rows = math.ceil(count / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(max(6.5, width * cols + 1.6), height * rows + 1.5),
                             sharey=True, squeeze=False)
    for ax in axes.flat[count:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:count])


def win_vs_param(study, rates, group):
    """Win rate against the first swept key, one line per seat (or policy), 95% bands;
    one panel per combination of the other swept keys."""
    if study.kind != "sweep" or not study.vary:
        return None
    df = rates[rates["group"] == group]
    names = list(dict.fromkeys(df["outcome"]))
    if group == "policy" and len(names) < 2:
        return None
    key, facet_keys, position, (ticks, tick_labels) = _axis(study)
    numeric = all(_is_number(v) for v in study.vary[key])
    facets = _facets(study, facet_keys)
    fig, axes = _grid_axes(len(facets))
    for ax, (title, members) in zip(axes, facets):
        for j, name in enumerate(names):
            pts = []
            for i in members:
                run = study.runs[i]
                row = df[(df["setting"] == run.label) & (df["outcome"] == name)]
                if len(row):
                    pts.append((position[grid.normal(run.values[key])], *row[["rate", "ci_lo", "ci_hi"]].iloc[0]))
            if not pts:
                continue
            x, r, lo, hi = map(np.array, zip(*sorted(pts)))
            colour = _colour(group, j)
            if numeric:  # a trend: line and band
                ax.fill_between(x, pct(lo), pct(hi), color=colour, alpha=0.15, lw=0)
                ax.plot(x, pct(r), marker="o", color=colour, lw=2, label=name)
            else:  # categories: points with error bars, side by side
                x = x + (j - (len(names) - 1) / 2) * min(0.12, 0.6 / len(names))
                ax.errorbar(x, pct(r), yerr=[np.maximum(pct(r - lo), 0), np.maximum(pct(hi - r), 0)], fmt="o",
                            color=colour, capsize=3, lw=1.5, label=name)
        players = study.runs[members[0]].players
        if players > 1:
            ax.axhline(100 / players, ls="--", color="#333333", lw=1)
        ax.set_xticks(ticks)
        ax.set_xticklabels([t.replace("/", "/\n") if len(t) > 14 else t for t in tick_labels])
        ax.set_xlabel(key_words(key))
        if title:
            ax.set_title(title, fontsize=10, fontweight="normal")
    axes[0].set_ylabel(_won_label(study, group))
    what = "table seat" if group == "seat" else "policy"
    handles, labels = axes[0].get_legend_handles_labels()
    if study.runs[0].players > 1:
        handles.append(plt.Line2D([], [], ls="--", color="#333333"))
        labels.append(f"equal share (1/{study.runs[0].players})")
    _header(fig, f"Win rate by {what} against {key}",
            f"{_runs_text(study)} (the same seeds in every setting){_policy_games(study, df, group)} · "
            f"{'bands' if numeric else 'bars'}: "
            "95% Wilson intervals", handles, labels)
    return _done(fig)


def heatmap(study, fairness):
    """Seat effect (percentage points) for two swept keys; other keys at the baseline's values.
    Cells without a significant seat effect are faded; where the verdict calls some setting less fair,
    the cells of the others (the fairest and those not told apart from it) are boxed in green and the
    less fair ones say so."""
    if study.kind != "sweep" or len(study.vary) < 2 or not len(fairness):
        return None
    k1, k2 = list(study.vary)[:2]
    rest = list(study.vary)[2:]
    base = study.base.values
    cols = list(dict.fromkeys(grid.normal(v) for v in study.vary[k1]))
    rows = list(dict.fromkeys(grid.normal(v) for v in study.vary[k2]))
    cell = np.full((len(rows), len(cols)), np.nan)
    notes = np.full((len(rows), len(cols)), "", dtype=object)
    faded = np.zeros(cell.shape, bool)
    boxed = []
    by_label = fairness.set_index("setting")
    verdict_splits = bool(fairness["less_fair"].any())
    for run in study.runs:
        off_baseline = any(grid.normal(run.values.get(k)) != grid.normal(base.get(k)) for k in rest)
        if off_baseline or run.label not in by_label.index:
            continue
        f = by_label.loc[run.label]
        r, c = rows.index(grid.normal(run.values[k2])), cols.index(grid.normal(run.values[k1]))
        cell[r, c] = 100 * f["effect"]
        star = "*" if f["p_adj"] < 0.05 else ""
        faded[r, c] = not star
        notes[r, c] = f"{100 * f['effect']:.1f}{star}\n[{100 * f['effect_lo']:.1f}, {100 * f['effect_hi']:.1f}]" + \
            ("\nless fair" if f["less_fair"] else "")
        if verdict_splits and not f["less_fair"]:
            boxed.append((r, c))
    fig, ax = _figure(max(7.0, 1.6 * len(cols) + 3.0), max(4.0, 1.0 * len(rows) + 2.4))
    ax.grid(False)
    top = max(float(np.nanmax(cell)) if np.isfinite(cell).any() else 1.0, 0.5)
    image = _faded_image(ax, cell, faded, "YlOrRd", 0, top)
    for r in range(len(rows)):
        for c in range(len(cols)):
            if notes[r, c]:
                dark = not faded[r, c] and cell[r, c] > top * 0.6
                ax.text(c, r, notes[r, c], ha="center", va="center", fontsize=9,
                        color="white" if dark else ("#666666" if faded[r, c] else "black"))
    for r, c in boxed:
        ax.add_patch(plt.Rectangle((c - 0.47, r - 0.47), 0.94, 0.94, fill=False, lw=2.5, ec="#2ca02c"))
    ax.set_xticks(range(len(cols)))
    ax.set_xticklabels([tick_words(k1, v) for v in cols])
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([tick_words(k2, v) for v in rows])
    ax.set_xlabel(key_words(k1))
    ax.set_ylabel(key_words(k2))
    fig.colorbar(image, ax=ax, label="seat effect, corrected for dice noise (percentage points)")
    fixed = f" · {', '.join(value_words(k, base.get(k)) for k in rest)}" if rest else ""
    _title(ax, "Seat fairness over two swept rules",
           f"cell: seat effect in pp [{_joint(fairness)} interval, simultaneous over the cells]; * = seats differ "
           f"within the cell (Bonferroni-corrected, {_joint(fairness, 'error')}), faded: they do not; " +
           ("green box: not shown less fair than another setting (the verdict) · " if verdict_splits else
            "no setting is shown less fair than another · ") + f"{_runs_text(study)}{fixed}")
    return _done(fig)


def _faded_image(ax, cell, faded, cmap, low, high, keep=0.3):
    """Cells coloured by value, the `faded` ones mixed with white (only `keep` of their colour);
    returns a mappable for the colour bar."""
    norm = matplotlib.colors.Normalize(low, high)
    colours = matplotlib.colormaps[cmap](norm(np.nan_to_num(cell, nan=low)))
    colours[faded, :3] = keep * colours[faded, :3] + (1 - keep)
    colours[np.isnan(cell)] = (1, 1, 1, 0)
    ax.imshow(colours, aspect="auto", interpolation="nearest")
    return matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap)


# --- comparisons between settings ---

def fairness_chart(study, fairness, what="seat", title="Seat fairness per setting", plural="seats"):
    """The seat (or policy) effect per setting with its simultaneous 95% interval; the settings the
    verdict calls less fair in grey, the others in green: a colour means the verdict only (issue 39:
    a fade for 'no significant effect' made dark green mean two things); whether a setting's seats
    differ is said in words beside its bar."""
    if len(study.runs) < 2 or not len(fairness):
        return None
    df = fairness.iloc[::-1]
    y = np.arange(len(df))
    fig, ax = _figure(9, max(3.2, 0.42 * len(df) + 2.2))
    colours = ["#7f7f7f" if less else "#2ca02c" for less in df["less_fair"]]
    for yi, value, colour in zip(y, pct(df["effect"]), colours):
        ax.barh(yi, value, color=colour, alpha=0.85, height=0.6)
    ax.errorbar(pct(df["effect"]), y, xerr=[np.maximum(pct(df["effect"] - df["effect_lo"]), 0),
                                          np.maximum(pct(df["effect_hi"] - df["effect"]), 0)],
                fmt="none", ecolor="#222222", capsize=3)
    right = float(np.nanmax(pct(df["effect_hi"]))) if np.isfinite(pct(df["effect_hi"])).any() else 1.0
    for yi, (_, f) in zip(y, df.iterrows()):
        p = f["p_adj"]
        text = f": {plural} differ" if p < 0.05 else f": {plural} not told apart"
        verdict = " · less fair" if f["less_fair"] else ""
        ax.text(right * 1.04, yi, f"p {_p(p)}{text}{verdict}", va="center", fontsize=8.5, color="#333333")
    ax.set_yticks(y)
    ax.set_yticklabels(df["setting"])
    ax.set_xlim(0, right * 1.6 if right > 0 else 1)
    ax.set_xlabel(f"{what} effect on the win rate, corrected for dice noise (percentage points)")
    ax.grid(axis="y", visible=False)
    handles = [Patch(color="#2ca02c", alpha=0.85, label="not shown less fair than another setting"),
               Patch(color="#7f7f7f", alpha=0.85, label="less fair than another (Holm over every pair, 5% family-wise)")]
    _legend_below(ax, handles)
    _title(ax, title,
           f"{_runs_text(study)} · bars: {_joint(fairness)} intervals simultaneous over the settings · p: chi-square "
           f"test of equal {what} win rates, Bonferroni-corrected and scaled to 5% ('{plural} differ': p < 0.05, "
           f"{_joint(fairness, 'error')}, exactly where a bar's lower end is above 0)")
    return _done(fig)


def _joint_of(comparisons):
    """'family-wise error 1.7%, 1.7% of the report's 5%' of the differences against the baseline."""
    alpha = float(comparisons["alpha"].iloc[0]) if "alpha" in comparisons and len(comparisons) else budget.ALPHA
    return budget.error_words(alpha)


def _joint(table, what="level"):
    """A per-setting table's joint level ('95%') or its error words ('error 1.7%, 1.7% of the report's 5%'),
    from its share of the report's budget (joint_alpha)."""
    alpha = float(table["joint_alpha"].iloc[0]) if "joint_alpha" in table and len(table) else budget.ALPHA
    return budget.percent(1 - alpha) if what == "level" else f"error {budget.percent(alpha)}{budget.share_words(alpha)}"


def _p(p):
    """'< 0.001' or '= 0.042' (after 'p')."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "n/a"
    return "< 0.001" if p < 0.001 else f"= {p:.3f}"


def _correction(study):
    return {"holm": "Holm", "bh": "BH"}[study.correction]


def differences(study, comparisons):
    """Forest plot: each setting minus the baseline, per seat and policy, with 95% intervals,
    grouped by setting."""
    if not len(comparisons):
        return None
    df = comparisons[comparisons["group"].isin(["seat", "policy"])]
    if study.solo:
        df = _with_solo_wins(comparisons, df)
    if not len(df):
        return None
    policies = list(dict.fromkeys(df[df["group"] == "policy"]["outcome"]))
    groups = list(dict.fromkeys(df["setting"]))
    if len(df) + len(groups) > MAX_FOREST_ROWS:
        return differences_grid(study, df)
    lines, y = [], 0  # (y, label, row or None), top to bottom
    for setting in groups:
        if len(groups) > 1:
            lines.append((y, setting, None))
            y += 1
        for _, row in df[df["setting"] == setting].iterrows():
            lines.append((y, "    " + row["outcome"] if len(groups) > 1 else row["outcome"], row))
            y += 1
    fig, ax = _figure(9, max(3.2, 0.27 * len(lines) + 2.0))
    for yi, _, row in lines:
        if row is None:
            continue
        colour = _outcome_colour(row["group"], row["outcome"], policies)
        ax.plot(pct([row["diff_lo"], row["diff_hi"]]), [yi, yi], color=colour, lw=2)
        ax.scatter(pct(row["diff"]), yi, color=colour if row["significant"] else "white", edgecolor=colour,
                   s=45, zorder=3, lw=1.5)
    ax.axvline(0, color="#333333", lw=1)
    ax.set_yticks([yi for yi, _, _ in lines])
    ax.set_yticklabels([label for _, label, _ in lines], fontsize=8.5)
    for tick, (_, _, row) in zip(ax.get_yticklabels(), lines):
        if row is None:
            tick.set_fontweight("bold")
    ax.set_ylim(y - 0.5, -0.7)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("difference in win rate from the baseline (percentage points)")
    ax.scatter([], [], color="#555555", label=f"significant ({_correction(study)}-corrected, {_joint_of(df)})")
    ax.scatter([], [], color="white", edgecolor="#555555", label="not significant")
    _legend_below(ax)
    paired = "paired by game seed (McNemar)" if df["paired"].all() else "unpaired (chi-square/Fisher)"
    _title(ax, "Differences against the baseline",
           f"baseline: {study.base.label} · {_runs_text(study)} · lines: 95% Newcombe intervals, uncorrected "
           f"(filled dots: significant after the {_correction(study)} correction) · tests {paired}")
    return _done(fig)


MAX_FOREST_ROWS = 48
SOLO_WIN_COLOUR = "#222222"


def _with_solo_wins(comparisons, df):
    """A solo run's rows of the policies with the one player's win over all games first in each setting
    (the variants' `solo_win` outcome, named after the player)."""
    wins = {e.solo_win for e in REGISTRY.values() if e.solo_win}
    hit = np.array([(g, o) in wins for g, o in zip(comparisons["group"], comparisons["outcome"])], dtype=bool)
    head = comparisons[hit].assign(group="solo", outcome=f"{fmt.capital(solo_player())}, all games")
    both = [head, df] if len(head) else [df]
    order = {s: i for i, s in enumerate(dict.fromkeys(comparisons["setting"]))}
    joined = pd.concat(both, ignore_index=True)
    return joined.sort_values("setting", key=lambda s: s.map(order), kind="stable")


def _outcome_colour(group, outcome, policies):
    if group == "policy":
        return _colour("policy", policies.index(outcome))
    if group == "solo":
        return SOLO_WIN_COLOUR
    return _colour("seat", int(outcome.split()[-1]))


def differences_grid(study, df):
    """Many settings: the differences as a grid (setting x outcome), colour = difference in pp,
    each cell with its value, * where significant."""
    settings = list(dict.fromkeys(df["setting"]))
    outcomes = list(dict.fromkeys(df["outcome"]))
    cell = np.full((len(settings), len(outcomes)), np.nan)
    marks = np.full(cell.shape, "", dtype=object)
    for r in df.itertuples():
        i, j = settings.index(r.setting), outcomes.index(r.outcome)
        cell[i, j] = 100 * r.diff
        marks[i, j] = f"{100 * r.diff:+.1f}" + ("*" if r.significant else "")
    fig, ax = _figure(max(7.5, 0.95 * len(outcomes) + 4.5), max(3.5, 0.36 * len(settings) + 2.4))
    ax.grid(False)
    limit = max(float(np.nanmax(np.abs(cell))), 0.5)
    significant = np.array([[m.endswith("*") for m in row] for row in marks])
    image = _faded_image(ax, cell, ~significant, "RdBu_r", -limit, limit)
    for i in range(len(settings)):
        for j in range(len(outcomes)):
            if marks[i, j]:
                strong = significant[i, j] and abs(cell[i, j]) > 0.6 * limit
                ax.text(j, i, marks[i, j], ha="center", va="center", fontsize=8,
                        fontweight="bold" if marks[i, j].endswith("*") else "normal",
                        color="white" if strong else "black")
    ax.set_xticks(range(len(outcomes)))
    ax.set_xticklabels(outcomes, rotation=30 if max(map(len, outcomes)) > 8 else 0, ha="right"
                       if max(map(len, outcomes)) > 8 else "center")
    ax.set_yticks(range(len(settings)))
    ax.set_yticklabels(settings, fontsize=8.5)
    fig.colorbar(image, ax=ax, label="win rate minus the baseline's (percentage points)")
    _title(ax, "Differences against the baseline",
           f"baseline: {study.base.label} · cell: difference in pp, * = significant ({_correction(study)}-corrected, "
           f"{_joint_of(df)}; faded: not significant; intervals in the table) · {_runs_text(study)} · tests "
           + ("paired by game seed (McNemar)" if df["paired"].all() else "partly unpaired"))
    return _done(fig)


# --- resources, VP, game length ---

def _flow_rows(study, df):
    """(rows by, row labels): per policy for one run, per setting (all seats) for several."""
    if len(study.runs) == 1:
        many = len(study.runs[0].labels) > 1
        df = df[df["policy"] != "all"] if many else df[df["policy"] == "all"]
        if not many:
            df = df.assign(policy=study.runs[0].labels[0] + ("" if study.solo else " (every seat)"))
        return df, "policy", list(dict.fromkeys(df["policy"]))
    return df[df["policy"] == "all"], "setting", [r.label for r in study.runs]


def _stack(ax, df, by, order, colour_offset=0):
    """Horizontal stacked bars of df's mean by source; returns the totals."""
    sources = [x for x in dict.fromkeys(df["source"]) if df[df["source"] == x]["mean"].abs().sum() > 0]
    table = df.pivot_table(index=by, columns="source", values="mean", aggfunc="first").reindex(order)
    y = np.arange(len(order))[::-1]
    left = np.zeros(len(order))
    for i, source in enumerate(sources):
        values = table[source].fillna(0).to_numpy() if source in table else np.zeros(len(order))
        ax.barh(y, values, 0.62, left=left, color=_source_colour(source, i + colour_offset), label=source,
                edgecolor="white", lw=0.5)
        left += values
    for yi, total in zip(y, left):
        ax.text(total, yi, f" {total:.1f}", va="center", fontsize=9)
    _row_axis(ax, y, order)
    ax.set_xlim(0, left.max() * 1.12 if left.max() > 0 else 1)
    return left


def flows_chart(study, flows):
    """Resources gained by source and spent by use, per player and game: two panels."""
    df = flows[flows["kind"].isin(["gain", "spend"])]
    if not len(df):
        return None
    df, by, order = _flow_rows(study, df)
    fig, axes = plt.subplots(1, 2, figsize=(11, max(3.4, 0.5 * len(order) + 2.6)), sharey=True, layout="constrained")
    _stack(axes[0], df[df["kind"] == "gain"], by, order)
    _stack(axes[1], df[df["kind"] == "spend"], by, order, colour_offset=8)
    axes[0].set_xlabel(f"resource cards gained {study.per_player}")
    axes[1].set_xlabel(f"resource cards spent or lost {study.per_player}")
    axes[0].set_title("gained, by source", fontsize=10, fontweight="normal", loc="left")
    axes[1].set_title("spent or lost, by use", fontsize=10, fontweight="normal", loc="left")
    handles = {}
    for ax in axes:
        for h, label in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(label, h)
    fig.legend(list(handles.values()), list(handles), loc="outside lower center", ncol=min(len(handles), 7))
    seat_games = int(df.groupby(by)["seat_games"].first().min())
    what = "per policy" if by == "policy" else "per setting" + ("" if study.solo else ", all seats together")
    fig.suptitle(f"Resource flows: mean {what} · {_runs_text(study)} (each bar: {seat_games:,}+ {study.player_games})",
                 x=0.01, ha="left", fontsize=11, fontweight="bold")
    return _done(fig)


def vp_chart(study, flows):
    """Where the final VP come from, per policy or per setting."""
    df = flows[flows["kind"] == "vp"]
    if not len(df):
        return None
    df, by, order = _flow_rows(study, df)
    fig, ax = _figure(8.5, max(3.0, 0.45 * len(order) + 2.2))
    _stack(ax, df, by, order)
    ax.set_xlabel(f"victory points at the end, {study.per_player}")
    _legend_below(ax, ncol=5)
    seat_games = int(df.groupby(by)["seat_games"].first().min())
    _title(ax, "Where victory points come from",
           f"mean {'per policy' if by == 'policy' else 'per setting' + ('' if study.solo else ', all seats')} · "
           f"{_runs_text(study)} "
           f"({seat_games:,}+ {study.player_games} per bar)")
    return _done(fig)


def game_length(study):
    """Histogram of player-turns per game (one run) or their spread per setting (box plot)."""
    if len(study.runs) == 1:
        run = study.runs[0]
        t = run.turns
        fig, ax = _figure(7.5, 4.4)
        bins = np.arange(t.min() // 5 * 5, t.max() + 10, 5) if len(t) else 10
        ax.hist(t, bins=bins, color="#4c72b0", alpha=0.85, edgecolor="white")
        ax.axvline(t.mean(), color="#c44e52", lw=2, label=f"mean {t.mean():.1f}")
        ax.axvline(np.median(t), color="#333333", lw=2, ls="--", label=f"median {np.median(t):g}")
        ax.set_xlabel(f"{study.turns_name} per game")
        ax.set_ylabel("games")
        ax.legend()
        _title(ax, "Game length", f"{run.games:,} games · bins of 5 {study.turns_name}")
        return _done(fig)
    fig, ax = _figure(9, max(3.2, 0.45 * len(study.runs) + 1.8))
    data = [r.turns for r in study.runs][::-1]
    horizontal = {"orientation": "horizontal"} if _MPL >= (3, 10) else {"vert": False}
    ax.boxplot(data, **horizontal, whis=(5, 95), showfliers=False, widths=0.55, patch_artist=True,
               boxprops={"facecolor": "#c6d4e8", "edgecolor": "#4c72b0"}, medianprops={"color": "#333333", "lw": 2})
    ax.scatter([d.mean() for d in data], range(1, len(data) + 1), color="#c44e52", zorder=3, label="mean")
    ax.set_yticks(range(1, len(data) + 1))
    ax.set_yticklabels([r.label for r in study.runs][::-1])
    ax.set_xlabel(f"{study.turns_name} per game")
    _legend_below(ax)
    _title(ax, "Game length per setting", f"{_runs_text(study)} · box: middle half of games, line: median, "
                                          "whiskers: 5th-95th percentile")
    return _done(fig)
