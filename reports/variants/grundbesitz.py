"""The report of Grundbesitz (docs/rules.md, Grundbesitz; declared in simcore/variants/grundbesitz/__init__.py):
its charts, board layer and tune statistic, and its entry (reports.variants).

Each chart function takes (study, tables) and returns a list of plotting.Chart, empty when
the results have nothing of the variant (columns missing or all zero); the board layer takes
(ax, board, events, geometry) and draws on the replay picture.
"""
from functools import partial

import numpy as np

from reports import fmt
from reports import plotting as c
from reports.variants import VariantReport
from simcore.run import grid
from simcore.variants.grundbesitz import PRODUCING_NUMBERS

GB_COLOUR = "#dd8452"   # its flow source (gain: grundbesitz) in every chart


def _by(study):
    """Rows of a chart: policies of a single run, else settings (all seats together)."""
    return "policy" if len(study.runs) == 1 else "setting"


def _rows(study, df):
    if _by(study) == "policy":
        labels = study.runs[0].labels
        return df[df["policy"].isin(labels)] if len(labels) > 1 else df[df["policy"] == "all"], \
            (labels if len(labels) > 1 else ["all"])
    return df[df["policy"] == "all"], [r.label for r in study.runs]


# --- charts ---

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
    texts = [f"{m:.2f} cards/game [{lo:.2f}, {hi:.2f}]" for m, lo, hi in zip(own["mean"], own["ci_lo"], own["ci_hi"])]
    fig, ax = c._share_bars(order, share, texts, GB_COLOUR, 0.9,
                            "share of all resource cards gained that came from Grundbesitz yields (%)")
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
    c._row_axis(ax, y, order)
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


# --- tune's statistic (`target:gb_income_share=VALUE`) ---

def gb_income_share(df, players):
    """Per game: resource cards from Grundbesitz over all resource cards gained, all seats together."""
    gains = [c for c in df.columns if c.startswith("seat0_gain_")]
    total = sum(df[f"seat{k}_{c[6:]}"].to_numpy(float) for k in range(players) for c in gains)
    gb = sum(df[f"seat{k}_gain_grundbesitz"].to_numpy(float) for k in range(players))
    return np.divide(gb, total, out=np.zeros(len(df)), where=total > 0)


# --- the replay page (reports.replay_state) ---

def page_events(state, ev):
    """Grundbesitz (docs/rules.md, Grundbesitz) on the replay page: each GB as a wedge from its building into
    its hex in the owner's colour, the blockade markers on it as a badge, GBs owned per seat."""
    kind = ev["type"]
    if kind == "gb_buy":
        state.put(f"gb:{ev['gb']}", "grundbesitz", ev["player"], "wedge", ["place", ev["corner"], ev["hex"]])
        for p in range(state.players):
            state.counts[p]["GB owned"] = sum(1 for x in state.pieces.values()
                                              if x["kind"] == "grundbesitz" and x["player"] == p)
    elif kind in ("gb_block", "gb_remove"):
        gb = state.pieces.get(f"gb:{ev['gb']}")
        key = f"gbm:{ev['gb']}"
        was = int(state.pieces[key]["text"]) if key in state.pieces else 0
        left = was + ev.get("markers", 0) if kind == "gb_block" else ev["markers_left"]
        if left > 0 and gb is not None:
            state.put(key, "marker", gb["player"], "badge", gb["at"], text=str(left))
        else:
            state.drop(key)


EVENT_WORDS = {
    "gb_buy": "{who} buys the Grundbesitz of corner {corner} into hex {hex} (GB {gb})",
    "gb_yield": "{who} gets {amount} {res} from the Grundbesitz on hex {hex}",
    "gb_block": "{who} blocks {owner_who}'s GB {gb} with {markers} marker(s) ({block})",
    "gb_remove": "{who} removes a marker from GB {gb} ({removal}; {markers_left} left)",
    "gb_defence": "{who} defends the GB on hex {hex} against {actor_who} ({what})",
    "gb_counter": "{who} counters {defender_who} on hex {hex} ({what})",
    "gb_follow_up": "{who} follows up against {actor_who} on hex {hex} ({what}: {follow})",
}


def numbers_words(numbers):
    """A value of allowed_numbers on the report pages: 'all numbers', 'only 2, 3, 11 and 12', 'only 4-6 and 8-10'."""
    if sorted(numbers) == list(PRODUCING_NUMBERS):
        return "all numbers"
    parts = grid.show(sorted(numbers)).split(",")
    return "only " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])


def _count(one, many):
    return lambda n: f"{n} {one if n == 1 else many}"


ENTRY = VariantReport(
    name="grundbesitz",
    title="Grundbesitz (land ownership and blockade markers)",
    word="Grundbesitz",
    setting_words={"allowed_numbers": numbers_words, "markers_per_block": _count("marker per block", "markers per block"),
                   "markers_per_knight_block": _count("marker per knight block", "markers per knight block"),
                   "yield_delay_rounds": _count("round before a yield", "rounds before a yield"),
                   "removals_per_round": _count("removal per round", "removals per round")},
    source_colours={"grundbesitz": GB_COLOUR},
    # its columns are the declaration's: GBs bought/owned, markers placed by kind and received,
    # removals, knights spent, defences; gain_/spend_grundbesitz are flows
    charts=(grundbesitz_income, grundbesitz_markers),
    board_layers=(grundbesitz_layer,),
    page_events=page_events,
    event_words=EVENT_WORDS,
    page_legend={"grundbesitz": "wedge: a Grundbesitz (from its building into its hex)",
                 "marker": "black badge: blockade markers on it"},
    ladder_stats=(   # a ladder's play statistics per player (reports.ladder), per seat-game
        ("GB bought", "seat", ("gb_bought",)),
        ("blocks placed", "seat", ("gb_markers_knight", "gb_markers_robber", "gb_markers_response",
                                   "gb_markers_strike")),
        ("defences", "seat", ("gb_defences",)),
        ("markers received", "seat", ("gb_markers_received",)),
    ),
    stats={"gb_income_share": (gb_income_share, "%", "the Grundbesitz share of resource income")},
    column_names={
        "gb_bought": "GB bought", "gb_owned": "GB owned", "gb_markers_response": "markers: response",
        "gb_markers_knight": "markers: knight", "gb_markers_robber": "markers: robber",
        "gb_markers_strike": "markers: strike", "gb_markers_received": "markers received",
        "gb_removed_free": "markers removed free", "gb_removed_knight": "markers removed by knight",
        "gb_knights_block": "knights to block", "gb_knights_remove": "knights to remove",
        "gb_knights_defence": "knights in defence", "gb_defences": "defences",
        "gb_defended_knight_block": "defended: knight blocks", "gb_defended_robber_block": "defended: robber blocks",
        "gb_defended_removal": "defended: removals", "gb_defended_robber_move": "defended: robber moves",
        "gb_defended_response": "defended: responses", "gb_follow_defend": "follow-up: only defend",
        "gb_follow_strike": "follow-up: strike back", "gb_follow_robber": "follow-up: robber",
        "gb_follow_remove": "follow-up: remove a marker",
    },
    averages=(
        ("GB bought", ("gb_bought",)),
        ("cards from GB", ("gain_grundbesitz",)),
        ("markers placed", ("gb_markers_response", "gb_markers_knight", "gb_markers_robber", "gb_markers_strike")),
        ("markers received", ("gb_markers_received",)),
        ("defences", ("gb_defences",)),
    ),
    about="Income from Grundbesitz yields as a share of all resources gained, and blockade markers per player "
          "and game.",
)
