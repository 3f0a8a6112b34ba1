"""The report of the Robin Hood solo mode (docs/rules.md, Robin Hood; declared in
simcore/variants/robin_hood/__init__.py): its findings in words, charts, board layer, the
run summary's tally, tune's statistic, and its entry (reports.variants).

The summary: the Sheriff's win rate with its Wilson interval, Robin's wins and the draws,
and the share of each ending, over all games and for each Sheriff (the scenario's seats
take turns: game g is played by seat g % seats).  reports.summary.Tally feeds `RobinTally`
when the scenario has [variants.robin_hood]; its result is the summary's "robin_hood"
entry, and `format_robin` prints it.
"""
import matplotlib.patheffects as pe
import numpy as np

from reports import fmt
from reports import plotting as c
from reports.board import house
from reports.fmt import format_columns, pct, seat_label
from reports.rates import rate
from reports.variants import VariantReport
from simcore.variants.robin_hood import ENDING_NAMES, SIDE_DRAW, SIDE_NAMES, SIDE_ROBIN, SIDE_SHERIFF

NEUTRAL = "#9e9e9e"


# --- in words (the report's "What this says" and the terminal) ---

# The Robin Hood outcomes (reports.variants `categories`) as the report names them.
ENDING_WORDS = (("robin_target", "Robin at his target"), ("sheriff_target", "the Sheriff at his target"),
                ("enclosure", "enclosure (Robin fenced in)"), ("max_turns", "the turn limit"))
SIDE_WORDS = {"sheriff": "the Sheriff's wins", "robin": "Robin's wins", "draw": "draws"}
ROBIN_OUTCOME_WORDS = {"robin_winner": SIDE_WORDS,
                       "robin_ending": {code: f"games ending with {words}" for code, words in ENDING_WORDS}}


def _shares(rates, group, setting):
    """outcome -> table row of one setting's outcome group."""
    sub = rates[(rates["group"] == group) & (rates["setting"] == setting)]
    return {r.outcome: r for r in sub.itertuples()}


def _share(rows, outcome):
    """The share of games with this outcome (0 when it never happened: it has no row)."""
    return rows[outcome].rate if outcome in rows else 0.0


def _rated(rows, outcome):
    r = rows.get(outcome)
    return fmt.rate(r.rate, r.ci_lo, r.ci_hi) if r is not None else "0.0%"


def _span(values):
    return fmt.span(min(values), max(values))


def says(study, tables):
    """Who wins (the Sheriff, Robin, draws) and how games end: for one run, or its range over settings."""
    rates = tables["win_rates"]
    if not len(rates) or not (rates["group"] == "robin_winner").any():
        return ""
    labels = [r.label for r in study.runs]
    sides = {s: _shares(rates, "robin_winner", s) for s in labels}
    endings = {s: _shares(rates, "robin_ending", s) for s in labels}
    if len(labels) == 1:
        s, run = labels[0], study.runs[0]
        side, end = sides[s], endings[s]
        ended = [f"{words} in {fmt.pct(_share(end, code))}" for code, words in ENDING_WORDS]
        return (f"Over {fmt.count(run.games)} games the Sheriff won {_rated(side, 'sheriff')} and Robin "
                f"{_rated(side, 'robin')}; {fmt.pct(_share(side, 'draw'))} were draws. Games ended with "
                f"{', '.join(ended[:-1])} and {ended[-1]}.")
    sheriff = {s: _share(sides[s], "sheriff") for s in labels}
    best, worst = max(labels, key=sheriff.get), min(labels, key=sheriff.get)
    games = fmt.count(study.runs[0].games) if len({r.games for r in study.runs}) == 1 else "several"
    ended = "; ".join(f"{words} {_span([_share(endings[s], code) for s in labels])}" for code, words in ENDING_WORDS)
    return (f"The Sheriff won most often with {best}: {_rated(sides[best], 'sheriff')}, and least often with "
            f"{worst}: {_rated(sides[worst], 'sheriff')} ({games} games per setting). Robin won "
            f"{_span([_share(sides[s], 'robin') for s in labels])} of the games, draws were "
            f"{_span([_share(sides[s], 'draw') for s in labels])}. Endings over the settings: {ended}.")


# --- charts and the board layer ---

ENDING_COLOURS = {"robin_target": "#55a868", "sheriff_target": "#4c72b0", "enclosure": "#8172b2",
                  "max_turns": "#8c8c8c", "none": "#dddddd"}
ENDING_LABELS = dict(ENDING_WORDS)   # ending code name -> how the report names it
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
    c._row_axis(ax, y, order)
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of games (%)")
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


# --- the run summary ---

ENDINGS = ENDING_NAMES[1:]          # what a finished game can end with (codes 1..4)


def _games_share(k, n):
    return {"games": int(k), "share": round(k / n, 6) if n else 0.0}


class RobinTally:
    """Sides, endings and final VP per Sheriff (scenario seat), chunk by chunk."""

    columns = ["robin_winner", "robin_ending", "robin_vp", "robin_sheriff_vp"]

    def __init__(self, scenario):
        self.scenario = scenario
        specs = len(scenario.seats)
        self.sides = np.zeros((specs, len(SIDE_NAMES)), dtype=np.int64)
        self.endings = np.zeros((specs, len(ENDING_NAMES)), dtype=np.int64)
        self.vp = np.zeros((specs, 2), dtype=np.int64)      # sums: the Sheriff's, Robin's

    def add(self, df):
        spec = df["seat0_spec"].to_numpy(dtype=np.int64)
        np.add.at(self.sides, (spec, df["robin_winner"].to_numpy(dtype=np.int64)), 1)
        np.add.at(self.endings, (spec, df["robin_ending"].to_numpy(dtype=np.int64)), 1)
        np.add.at(self.vp, (spec, 0), df["robin_sheriff_vp"].to_numpy(dtype=np.int64))
        np.add.at(self.vp, (spec, 1), df["robin_vp"].to_numpy(dtype=np.int64))
        return self

    def merge(self, other):
        self.sides += other.sides
        self.endings += other.endings
        self.vp += other.vp
        return self

    @staticmethod
    def _block(sides, endings, vp):
        n = int(sides.sum())
        return {"games": n,
                "sheriff": rate(int(sides[SIDE_SHERIFF]), n),
                "robin": rate(int(sides[SIDE_ROBIN]), n),
                "draws": _games_share(sides[SIDE_DRAW], n),
                "endings": {name: _games_share(endings[i + 1], n) for i, name in enumerate(ENDINGS)},
                "mean_vp": {"sheriff": round(vp[0] / n, 3) if n else 0.0,
                            "robin": round(vp[1] / n, 3) if n else 0.0}}

    def result(self):
        out = self._block(self.sides.sum(axis=0), self.endings.sum(axis=0), self.vp.sum(axis=0))
        out["sheriffs"] = [{"spec": i, "label": seat_label(seat),
                            **self._block(self.sides[i], self.endings[i], self.vp[i])}
                           for i, seat in enumerate(self.scenario.seats)]
        return out


def _rows(robin):
    rows = [(e["label"], e) for e in robin["sheriffs"]]
    return rows + [("all", robin)] if len(rows) > 1 else rows


def format_robin(summary):
    """The summary of a Robin Hood run as plain text for the terminal."""
    robin = summary["robin_hood"]
    lo_hi = lambda rate: f"{pct(rate['ci95'][0])}-{pct(rate['ci95'][1])}"  # noqa: E731
    out = [f"{summary['scenario']}: {summary['games']} games, the Sheriff against Robin Hood, "
           f"seed {summary['seed']}",
           f"turns per game (the Sheriff's): mean {summary['turns']['mean']:.1f}, "
           f"median {summary['turns']['median']:g}",
           "",
           format_columns(["sheriff", "games", "sheriff wins", "win rate", "95% CI", "robin wins", "win rate",
                           "95% CI", "draws"],
                          [[label, e["games"], e["sheriff"]["wins"], pct(e["sheriff"]["win_rate"]),
                            lo_hi(e["sheriff"]), e["robin"]["wins"], pct(e["robin"]["win_rate"]), lo_hi(e["robin"]),
                            pct(e["draws"]["share"])] for label, e in _rows(robin)]),
           "",
           format_columns(["ending", *ENDINGS, "mean VP: sheriff", "robin"],
                          [[label, *(pct(e["endings"][name]["share"]) for name in ENDINGS),
                            f"{e['mean_vp']['sheriff']:.1f}", f"{e['mean_vp']['robin']:.1f}"]
                           for label, e in _rows(robin)])]
    return "\n".join(out)


# --- tune's statistic (`target:sheriff_wins=VALUE`) ---

def sheriff_wins(df, players):
    return (df["robin_winner"].to_numpy() == SIDE_SHERIFF).astype(float)


def board_outcome(events):
    """(who won, 'turns') of a replayed Robin Hood game for the board picture's title; None elsewhere."""
    end = next((e for e in reversed(events) if e["type"] == "robin_game_end"), None)
    if end is None:
        return None
    return {"sheriff": "the Sheriff won", "robin": "Robin won"}.get(end["side"], "a draw"), "turns"


# --- the replay page (reports.replay_state) ---

ROBIN_COLOUR = "#1b5e20"


def page_events(state, ev):
    """Robin Hood (docs/rules.md, Robin Hood) on the replay page: the neutral pieces (grey), Robin (RH) on his
    hex instead of the robber, Robin's VP and how the game ended."""
    kind = ev["type"]
    if kind == "neutral_settlement":
        state.put(f"bld:{ev['corner']}", "neutral settlement", -1, "settlement", ["corner", ev["corner"]],
                  colour=NEUTRAL)
        state.put(f"road:{ev['edge']}", "neutral road", -1, "road", ["edge", ev["edge"]], colour=NEUTRAL)
    elif kind in ("robin_move", "robin_score"):
        where = ev.get("to_hex", ev.get("hex"))
        state.drop("robber")
        if where is not None and where >= 0:
            state.put("robin", "robin", -1, "token", ["hex", where], text="RH", colour=ROBIN_COLOUR)
        if kind == "robin_score":
            state.notes["Robin's VP"] = ev["robin_vp"]
    elif kind == "robin_game_end":
        state.notes["Robin's VP"] = ev["robin_vp"]
        state.notes["end"] = f"{ev['side']} ({ev['ending']})"


EVENT_WORDS = {
    "neutral_settlement": "a neutral settlement at corner {corner} with its road on edge {edge}",
    "robin_draw": "Robin draws {card} ({cause})",
    "robin_move": "Robin moves from hex {from_hex} to hex {to_hex} ({how})",
    "robin_score": "Robin scores on hex {hex}: {robin_vp} VP (the Sheriff {vp_sheriff}, neutral {vp_neutral})",
    "robin_steal": "Robin steals a {res}",
    "robin_game_end": "the game ends: {side} ({ending}); Robin {robin_vp} VP, the Sheriff {sheriff_vp} VP",
}


ENTRY = VariantReport(
    name="robin_hood",
    title="Robin Hood (the Sheriff against the automaton)",
    setting_words={"neutral_settlements": lambda n: f"{n} neutral settlement{'s' * (n != 1)}",
                   "deck.knight": lambda n: f"{n} knight{'s' * (n != 1)} in Robin's deck"},
    # its columns are the declaration's game columns robin_<name>, -1 in games of other modes
    categories={"robin_winner": {str(k): n for k, n in enumerate(SIDE_NAMES)},
                "robin_ending": {str(k): n for k, n in enumerate(ENDING_NAMES)}},
    outcome_words=ROBIN_OUTCOME_WORDS,
    charts=(robin_endings, robin_vp),
    says=(says,),
    solo_win=("robin_winner", "sheriff"),
    solo_player="the Sheriff",   # the one player of the solo mode, as the reports name him
    ladder_stats=(   # a ladder's play statistics per Sheriff (reports.ladder), per game
        ("the Sheriff's VP", "game", ("robin_sheriff_vp",)),
        ("Robin's VP", "game", ("robin_vp",)),
        ("resources Robin stole", "game", ("robin_stolen",)),
    ),
    board_layers=(robin_layer,),
    page_events=page_events,
    event_words=EVENT_WORDS,
    page_legend={"neutral settlement": "grey: the neutral pieces", "robin": "RH: Robin Hood (the robber)"},
    board_outcome=board_outcome,
    stats={"sheriff_wins": (sheriff_wins, "%", "the Sheriff's win rate")},
    tally=RobinTally,
    format_summary=format_robin,
    about="Who wins (the Sheriff, Robin, or a draw), how games end (Robin at his target, the Sheriff at his, "
          "enclosure, turn limit), both sides' VP and what Robin did.",
)
