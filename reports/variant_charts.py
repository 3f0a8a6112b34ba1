"""Charts and board layers of the variants, referenced from their entries in reports.variants.

Each chart function takes (study, tables) and returns a list of charts.Chart,
empty when the results have nothing of the variant (columns missing or all zero).
Each board layer takes (ax, board, events, geometry) and draws on the replay picture.
"""
from functools import partial

import matplotlib.patheffects as pe
import numpy as np

from reports import fmt
from reports import plotting as c
from reports import variant_words as vw
from reports.board import house

NEUTRAL = "#9e9e9e"


def _by(study):
    """Rows of a chart: policies of a single run, else settings (all seats together)."""
    return "policy" if len(study.runs) == 1 else "setting"


def _rows(study, df):
    if _by(study) == "policy":
        labels = study.runs[0].labels
        return df[df["policy"].isin(labels)] if len(labels) > 1 else df[df["policy"] == "all"], \
            (labels if len(labels) > 1 else ["all"])
    return df[df["policy"] == "all"], [r.label for r in study.runs]


# --- Grundbesitz ---

def grundbesitz_income(study, tables):
    """Share of resources gained that came from Grundbesitz yields, with cards per game."""
    flows = tables["flows"]
    gains = flows[flows["kind"] == "gain"]
    gb = gains[gains["source"] == "grundbesitz"]
    if not len(gb) or gb["mean"].abs().sum() == 0:
        return []
    gains, order = _rows(study, gains)
    key = _by(study)
    total = gains.groupby(key, sort=False)["mean"].sum().reindex(order)
    own = gains[gains["source"] == "grundbesitz"].set_index(key).reindex(order)
    share = own["mean"] / total
    fig, ax = c._figure(9, max(3.0, 0.45 * len(order) + 2.2))
    y = np.arange(len(order))[::-1]
    ax.barh(y, 100 * share, 0.6, color=c.SOURCE_COLOURS["grundbesitz"], alpha=0.9)
    for yi, s, m, lo, hi in zip(y, share, own["mean"], own["ci_lo"], own["ci_hi"]):
        ax.text(100 * s, yi, f" {100 * s:.1f}%  ({m:.2f} cards/game [{lo:.2f}, {hi:.2f}])", va="center", fontsize=8.5)
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_ylim(-0.75, len(order) - 0.25)
    ax.set_xlim(0, max(100 * share.max() * 1.6, 1))
    ax.set_xlabel("share of all resource cards gained that came from Grundbesitz yields (%)")
    ax.grid(axis="y", visible=False)
    n = int(own["seat_games"].min())
    c._title(ax, "Grundbesitz income", f"per {key} · {n:,}+ player-games per bar · in brackets: mean cards per "
                                       "player and game with 95% interval")
    best = share.idxmax()
    cards = f"{own.loc[best, 'mean']:.2f} cards per player and game"
    where = f"; most in {best} ({cards})" if len(order) > 1 else f" ({cards})"
    says = f"Grundbesitz yields bring {fmt.span(share.min(), share.max())} of the resources a player gains{where}."
    return [c.Chart("grundbesitz_income", "Grundbesitz income", c._done(fig), says)]


MARKER_KINDS = ("gb_markers_response", "gb_markers_knight", "gb_markers_robber", "gb_markers_strike",
                "gb_removed_free", "gb_removed_knight")


def grundbesitz_markers(study, tables):
    """Blockade markers placed (by kind) and removed, per player and game: two bars per row."""
    counters = tables["counters"]
    df = counters[counters["counter"].isin(MARKER_KINDS)]
    if not len(df) or df["mean"].abs().sum() == 0:
        return []
    df, order = _rows(study, df)
    key = _by(study)
    kinds = [k for k in MARKER_KINDS if k in set(df["counter"])]
    table = df.pivot_table(index=key, columns="counter", values="mean", aggfunc="first").reindex(order)
    fig, ax = c._figure(9.5, max(3.2, 0.62 * len(order) + 2.4))
    y = np.arange(len(order))[::-1].astype(float)
    palette = {"gb_markers_response": "#dd8452", "gb_markers_knight": "#c44e52", "gb_markers_robber": "#2b2b2b",
               "gb_markers_strike": "#8172b2", "gb_removed_free": "#55a868", "gb_removed_knight": "#4c72b0"}
    for prefix, offset in (("gb_markers_", 0.19), ("gb_removed_", -0.19)):
        left = np.zeros(len(order))
        for k in (k for k in kinds if k.startswith(prefix)):
            values = table[k].fillna(0).to_numpy()
            ax.barh(y + offset, values, 0.36, left=left, color=palette[k], edgecolor="white",
                    label=k.replace("gb_markers_", "placed: ").replace("gb_removed_", "removed: "))
            left += values
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_ylim(-0.75, len(order) - 0.25)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("markers per player and game")
    c._legend_below(ax, ncol=3)
    n = int(df["seat_games"].min())
    c._title(ax, "Blockade markers", f"upper bar: markers placed, by kind of block; lower bar: markers removed · "
                                     f"per {key} · {n:,}+ player-games per bar")
    placed = [k for k in kinds if k.startswith("gb_markers_")]
    totals = table[placed].sum(axis=1)
    two_digits = partial(fmt.number, digits=2)
    same = two_digits(totals.min()) == two_digits(totals.max())
    where = "" if same else f" (most in {totals.idxmax()}, fewest in {totals.idxmin()})"
    says = f"Players place {fmt.span(totals.min(), totals.max(), two_digits)} blockade markers per game{where}."
    return [c.Chart("grundbesitz_markers", "Blockade markers", c._done(fig), says)]


def grundbesitz_layer(ax, board, events, geo):
    """Each GB as a triangle from its building into its hex in the owner's colour; blocked ones carry
    a black badge with their marker count (block events add markers, removals leave markers_left).
    Returns legend entries when there is a GB."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Polygon
    owned, markers = {}, {}
    for ev in events:
        if ev["type"] == "gb_buy":
            owned[ev["gb"]] = (ev["player"], ev["corner"], ev["hex"])
        elif ev["type"] == "gb_block":
            markers[ev["gb"]] = markers.get(ev["gb"], 0) + ev.get("markers", 0)
        elif ev["type"] == "gb_remove":
            markers[ev["gb"]] = ev.get("markers_left", 0)
    for gb, (player, corner, hexagon) in owned.items():
        (cx, cy), (hx, hy) = geo.corner(corner), geo.hex(hexagon)
        towards = np.array([hx - cx, hy - cy])
        side = np.array([-towards[1], towards[0]]) * 0.17
        base = np.array([cx, cy]) + towards * 0.3
        tip = tuple(np.array([cx, cy]) + towards * 0.64)
        ax.add_patch(Polygon([tuple(base + side), tuple(base - side), tip], closed=True, facecolor=geo.colour(player),
                             edgecolor="#111111", lw=1.2, zorder=5.5))
        if markers.get(gb, 0) > 0:
            ax.add_patch(Circle(tip, 0.12, facecolor="#111111", edgecolor="white", lw=0.8, zorder=6))
            ax.text(*tip, str(markers[gb]), color="white", fontsize=7, fontweight="bold", ha="center",
                    va="center", zorder=7)
    if not owned:
        return []
    return [Line2D([], [], marker="v", ls="", markersize=9, markerfacecolor="#bbbbbb", markeredgecolor="#111111",
                   label="Grundbesitz (into its hex)"),
            Line2D([], [], marker="o", ls="", markersize=9, markerfacecolor="#111111", markeredgecolor="white",
                   label="markers blocking it")]


# --- Robin Hood ---

ENDING_COLOURS = {"robin_target": "#55a868", "sheriff_target": "#4c72b0", "enclosure": "#8172b2",
                  "max_turns": "#8c8c8c", "none": "#dddddd"}
ENDING_LABELS = dict(vw.ENDING_WORDS)   # ending code name -> how the report names it
LISTED_SETTINGS = 3   # up to this many settings the caption lists each; more: each ending's range


def robin_endings(study, tables):
    """How games end, as shares per setting (stacked), with the number of games."""
    rates = tables["win_rates"]
    df = rates[(rates["group"] == "robin_ending") & (rates["outcome"] != "-1")]
    if not len(df) or df["count"].sum() == 0:
        return []
    order = [r.label for r in study.runs]
    found = list(dict.fromkeys(df["outcome"]))
    endings = [e for e in ENDING_LABELS if e in found] + [e for e in found if e not in ENDING_LABELS]
    table = df.pivot_table(index="setting", columns="outcome", values="rate", aggfunc="first").reindex(order)
    fig, ax = c._figure(9, max(3.0, 0.45 * len(order) + 2.4))
    y = np.arange(len(order))[::-1]
    left = np.zeros(len(order))
    for i, e in enumerate(endings):
        values = 100 * table[e].fillna(0).to_numpy()
        ax.barh(y, values, 0.6, left=left, label=ENDING_LABELS.get(e, e),
                color=ENDING_COLOURS.get(e, c.plt.get_cmap("Set2")(i % 8)), edgecolor="white")
        for yi, l, v in zip(y, left, values):
            if v >= 6:
                ax.text(l + v / 2, yi, f"{v:.0f}%", ha="center", va="center", fontsize=8.5)
        left += values
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_ylim(-0.75, len(order) - 0.25)
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of games (%)")
    ax.grid(axis="y", visible=False)
    c._legend_below(ax, ncol=4)
    c._title(ax, "How Robin Hood games end", f"{c._runs_text(study)} · intervals in the win-rate table")
    return [c.Chart("robin_endings", "Endings", c._done(fig), _endings_says(table.fillna(0), endings))]


def _endings_says(table, endings):
    """The endings chart in words: every setting's shares when there are few, else each ending's range
    over the settings with where it is lowest and highest."""
    words = [ENDING_LABELS.get(e, e) for e in endings]
    if len(table) <= LISTED_SETTINGS:
        def shares(setting):
            return ", ".join(f"{w} {fmt.pct(table.loc[setting, e])}" for e, w in zip(endings, words))
        if len(table) == 1:
            return f"Share of games by ending: {shares(table.index[0])}."
        return "Share of games by ending: " + "; ".join(f"{s}: {shares(s)}" for s in table.index) + "."
    parts = []
    for e, w in zip(endings, words):
        lo, hi = table[e].idxmin(), table[e].idxmax()
        same = fmt.pct(table.loc[lo, e]) == fmt.pct(table.loc[hi, e])
        parts.append(f"{w} {fmt.pct(table.loc[lo, e])} in every setting" if same else
                     f"{w} from {fmt.pct(table.loc[lo, e])} ({lo}) to {fmt.pct(table.loc[hi, e])} ({hi})")
    return f"Share of games by ending over the {len(table)} settings: " + "; ".join(parts) + "."


def robin_vp(study, tables):
    """Both sides' VP at the end, mean per setting with 95% intervals."""
    m = tables["measures"]
    df = m[m["column"].isin(["robin_sheriff_vp", "robin_vp"])] if len(m) else m
    if not len(df) or df["mean"].lt(0).all():
        return []
    order = [r.label for r in study.runs]
    fig, ax = c._figure(max(7.0, 1.1 * len(order) + 3.5), 4.6)
    x = np.arange(len(order))
    for j, (column, colour, name) in enumerate((("robin_sheriff_vp", "#1f77b4", "Sheriff"),
                                                ("robin_vp", "#2ca02c", "Robin"))):
        sub = df[df["column"] == column].set_index("setting").reindex(order)
        if sub["mean"].isna().all():
            continue
        xs = x + (j - 0.5) * 0.38
        ax.bar(xs, sub["mean"], 0.36, color=colour, alpha=0.85, label=name)
        ax.errorbar(xs, sub["mean"], yerr=[(sub["mean"] - sub["ci_lo"]).clip(lower=0),
                                           (sub["ci_hi"] - sub["mean"]).clip(lower=0)], fmt="none",
                    ecolor="#222222", capsize=3)
    ax.set_xticks(x)
    ax.set_xticklabels(order, rotation=25 if len(order) > 3 else 0, ha="right" if len(order) > 3 else "center")
    ax.set_ylabel("victory points at the end (mean)")
    c._legend_below(ax, ncol=2)
    c._title(ax, "Sheriff and Robin: VP at the end", f"{c._runs_text(study)} · bars: 95% intervals")
    return [c.Chart("robin_vp", "VP of both sides", c._done(fig),
                    "Mean VP of the Sheriff and of Robin at the end of the game.")]


def robin_layer(ax, board, events, geo):
    """The neutral pieces (grey), and Robin on the last hex a robin_move or robin_score event put
    him on; Robin is the robber of this mode, so the robber's marker goes."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Polygon
    neutral = [ev for ev in events if ev["type"] == "neutral_settlement"]
    outline = [pe.Stroke(linewidth=7, foreground="#111111"), pe.Normal()]
    for ev in neutral:
        (x1, y1), (x2, y2) = geo.edge(ev["edge"])
        ax.plot([x1, x2], [y1, y2], color=NEUTRAL, lw=5, solid_capstyle="round", zorder=4, path_effects=outline)
        ax.add_patch(Polygon(house(*geo.corner(ev["corner"]), 0.16, False), closed=True, facecolor=NEUTRAL,
                             edgecolor="#111111", lw=1.3, zorder=5))
    where = None
    for ev in events:
        if ev["type"] in ("robin_move", "robin_score"):
            where = ev.get("to_hex", ev.get("hex"))
    handles = [Line2D([], [], marker="s", ls="", markersize=10, markerfacecolor=NEUTRAL, markeredgecolor="#111111",
                      label="neutral pieces")] if neutral else []
    if where is None or where < 0:
        return handles
    geo.hide_robber()
    x, y = geo.hex(where)
    ax.add_patch(Circle((x + 0.5, y - 0.35), 0.2, facecolor="#1b5e20", edgecolor="white", lw=1.5, zorder=6))
    ax.text(x + 0.5, y - 0.35, "RH", color="white", fontsize=7.5, fontweight="bold", ha="center", va="center", zorder=7)
    return handles + [Line2D([], [], marker="o", ls="", markersize=10, markerfacecolor="#1b5e20",
                             markeredgecolor="white", label="Robin Hood (RH), the robber")]
