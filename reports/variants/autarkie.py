"""The report entry of Fleisch / Autarkie (docs/rules.md, Fleisch / Autarkie; declared in simcore/variants/autarkie/__init__.py):
who holds the Autarkie card at the end, autarky points, the figures' share of income, and in a
sweep over the card's threshold the autarkist's win rate against the other styles'."""
import numpy as np

from reports import fmt
from reports import plotting as c
from reports.question import policy_against_others
from reports.rates import wilson
from reports.variants import VariantReport
from simcore.run.styles import seats_playing

THRESHOLD = "variants.autarkie.card_threshold"
CARD_VP = "variants.autarkie.card_vp"
AUTARKIST = "autarkist"
FIGURE_SOURCES = ("knecht", "geselle")


def _rows(study, df):
    """(rows, key, order): per policy in a single run, per setting (all seats) in a sweep."""
    if len(study.runs) == 1:
        labels = study.runs[0].labels
        return df[df["policy"].isin(labels)], "policy", labels
    return df[df["policy"] == "all"], "setting", [r.label for r in study.runs]


def _counter_bars(study, tables, counter, name, title, xlabel, scale, says):
    df = tables["counters"]
    df = df[df["counter"] == counter]
    if not len(df) or df["mean"].abs().sum() == 0:
        return []
    df, key, order = _rows(study, df)
    table = df.set_index(key).reindex(order)
    fig, ax = c._figure(9, max(3.0, 0.45 * len(order) + 2.2))
    y = np.arange(len(order))[::-1]
    mean, lo, hi = (scale * table[k].to_numpy() for k in ("mean", "ci_lo", "ci_hi"))
    ax.barh(y, mean, 0.6, xerr=[mean - lo, hi - mean], color="#8c564b", alpha=0.85, capsize=3)
    for yi, m, a, b in zip(y, mean, lo, hi):
        unit = "%" if scale == 100.0 else ""
        ax.text(b, yi, f"  {m:.{1 if unit else 2}f}{unit} [{max(a, 0):.1f}, {b:.1f}]", va="center", fontsize=8.5)
    c._row_axis(ax, y, order)
    ax.set_xlim(0, max(float(np.nanmax(hi)) * 1.35, 0.1))
    ax.set_xlabel(xlabel)
    n = int(table["seat_games"].min())
    c._title(ax, title, f"per {key} · {n:,}+ player-games per bar · 95% intervals")
    return [c.Chart(name, title, c._done(fig), says(table, key))]


def card_holders(study, tables):
    """Share of player-games that end holding the Autarkie card, by policy (or setting)."""
    def says(table, key):
        best = table["mean"].idxmax()
        return (f"The Autarkie card ends the game in the hands of {fmt.pct(table.loc[best, 'mean'])} of the "
                f"{best} players" + ("" if key == "policy" else " (settings)") +
                f"; the fewest: {table['mean'].idxmin()} ({fmt.pct(table['mean'].min())}).")
    return _counter_bars(study, tables, "aut_card_end", "autarkie_card", "Who holds the Autarkie card",
                         "share of player-games ending with the card (%)", 100.0, says)


def points(study, tables):
    """Autarky points at the end, mean per player and game with its interval."""
    def says(table, key):
        return (f"Players end with {fmt.span(table['mean'].min(), table['mean'].max(), fmt.number)} autarky points "
                f"on average (most: {table['mean'].idxmax()}).")
    return _counter_bars(study, tables, "aut_points", "autarkie_points", "Autarky points at the end",
                         "autarky points per player and game", 1.0, says)


def income(study, tables):
    """Share of all cards gained that came from Knechte and the Geselle."""
    flows = tables["flows"]
    gains = flows[flows["kind"] == "gain"]
    own = gains[gains["source"].isin(FIGURE_SOURCES)]
    if not len(own) or own["mean"].abs().sum() == 0:
        return []
    gains, key, order = _rows(study, gains)
    total = gains.groupby(key, sort=False)["mean"].sum().reindex(order)
    figures = gains[gains["source"].isin(FIGURE_SOURCES)].groupby(key, sort=False)["mean"].sum().reindex(order)
    share = (figures / total).fillna(0)
    fig, ax = c._share_bars(order, share, [f"{m:.2f} cards/game" for m in figures], "#8c564b", 0.85,
                            "share of all cards gained that came from Knechte and the Geselle (%)")
    c._title(ax, "Extra income from figures", f"per {key} · in brackets: mean cards per player and game")
    says = (f"Knechte and the Geselle bring {fmt.span(share.min(), share.max())} of the cards a player gains"
            + (f"; most for {share.idxmax()}." if len(order) > 1 else "."))
    return [c.Chart("autarkie_income", "Extra income from figures", c._done(fig), says)]


def _autarkist_against_others(run):
    """(autarkist wins, its seat-games, other styles' wins, their seat-games) of a run, or None."""
    specs = run.spec_labels
    mine = seats_playing(specs, AUTARKIST)   # (strong:autarkist under --players strong)
    if not mine:
        return None
    wins = int(np.isin(run.winner_spec, mine).sum())
    others = int(((run.winner_spec >= 0) & ~np.isin(run.winner_spec, mine)).sum())
    n = int(run.seat_games.get(specs[mine[0]], 0))
    rest = int(run.seat_games.sum()) - n
    return wins, n, others, rest


ENTRY_NAME = "autarkie"


def level_rows(study, margin=None, answer=None):
    """Per setting: threshold, card VP, the autarkist's win rate with its 95% interval, the other styles'
    pooled win rate per seat-game with its interval, and the verdict of the question (reports.question:
    trap, must, level within the margin or not told apart, from one simultaneous interval; `answer`, the
    report's, at its share of the budget: reports/tables.answers)."""
    answer = answer if answer is not None else autarkist_question(study, margin)
    verdicts = {r["setting"]: r for r in (answer or {}).get("settings", [])}
    rows = []
    for run in study.runs:
        got = _autarkist_against_others(run)
        if got is None or THRESHOLD not in run.values or run.label not in verdicts:
            continue
        wins, n, others, rest = got
        lo, hi = wilson(wins, n)
        olo, ohi = wilson(others, rest)
        rows.append({"setting": run.label, "threshold": run.values[THRESHOLD],
                     "card_vp": run.values.get(CARD_VP, 2), "rate": wins / n if n else np.nan, "lo": lo, "hi": hi,
                     "others": others / rest if rest else np.nan, "olo": olo, "ohi": ohi,
                     "verdict": verdicts[run.label]["verdict"]})
    return rows


def autarkist_question(study, margin=None, alpha=0.05):
    """Is going for the Autarkie card level with the other styles (trap or must)?  (reports.question; alpha:
    its share of the report's budget, reports.budget)"""
    if not any(THRESHOLD in run.values for run in study.runs):
        return None
    return policy_against_others(study, AUTARKIST, margin,
                                 "is going for the Autarkie card (the autarkist) level with the other styles, "
                                 "a trap or a must?", alpha)


def sweep_threshold(study, tables):
    """The autarkist's win rate against the threshold, one line per card VP, with the other styles' and
    the question's verdict (trap, must, level) where it is not 'not told apart'."""
    rows = level_rows(study, study.margin, _answer(study, tables))
    if len(rows) < 2:
        return []
    fig, ax = c._figure(9, 4.6)
    vps = sorted({r["card_vp"] for r in rows})
    palette = c.plt.get_cmap("tab10")
    for i, vp in enumerate(vps):
        mine = sorted((r for r in rows if r["card_vp"] == vp), key=lambda r: r["threshold"])
        x = np.array([r["threshold"] for r in mine], float) + 0.08 * (i - (len(vps) - 1) / 2)
        rate = np.array([100 * r["rate"] for r in mine])
        ax.errorbar(x, rate, yerr=[rate - [100 * r["lo"] for r in mine], [100 * r["hi"] for r in mine] - rate],
                    marker="o", capsize=3, color=palette(i), label=f"autarkist, card {vp} VP")
        others = np.array([100 * r["others"] for r in mine])
        ax.plot(x, others, ls="--", marker=".", color=palette(i), alpha=0.6, label=f"other styles, card {vp} VP")
        for xi, r, top in zip(x, mine, [100 * r["hi"] for r in mine]):
            if r["verdict"] != "not told apart":     # the question's word (reports.question)
                ax.annotate(r["verdict"].replace(" within", "\nwithin"), (xi, top), textcoords="offset points",
                            xytext=(0, 4), ha="center", fontsize=8, color=palette(i))
    ax.set_xlabel("card_threshold (autarky points for the Autarkie card)")
    ax.set_ylabel("win rate per seat-game (%)")
    c._legend_below(ax, ncol=2)
    c._title(ax, "Trap or must: the autarkist against the threshold",
             "solid: the autarkist with 95% interval; dashed: the other styles pooled; words: the verdict from "
             f"the difference's simultaneous interval · {c._runs_text(study)}")
    return [c.Chart("autarkie_threshold", "Autarkist against the threshold", c._done(fig),
                    level_says(study, tables))]


def _answer(study, tables):
    """The question's answer as the report has it (at its share of the report's budget), else at 5%."""
    questions = tables.get("questions") if tables else None
    got = questions.attrs.get("answers", {}).get(ENTRY_NAME) if questions is not None else None
    return got if got is not None else autarkist_question(study, study.margin)


def level_says(study, tables):
    """For which settings the autarkist is a trap, a must, level or not told apart: the question's words."""
    answer = _answer(study, tables)
    return answer["text"] if answer else ""


# C&K: what the Saboteur and the barbarians did to the figures (seat counters, per player and game)
FIGURES_HIT = (("aut_geselle", "Gesellen were made"), ("aut_sabotaged", "a Saboteur turned the Geselle into a Knecht"),
               ("aut_geselle_moved", "a pillage moved the Geselle"), ("aut_geselle_removed", "removed it"),
               ("aut_knecht_moved", "a city lost entirely moved a Knecht"), ("aut_knecht_removed", "removed one"))


def _figures_hit_per_100(df, players):
    """{counter: times per 100 games (all seats)} from one run's 'all' counter rows."""
    per = {}
    for counter, _ in FIGURES_HIT:
        got = df.loc[df["counter"] == counter, "mean"]
        per[counter] = 100 * players * float(got.iloc[0]) if len(got) else 0.0
    return per


def _figures_hit_words(per):
    return ", ".join(f"{words} {per[c]:.1f} times" if c != "aut_geselle" else f"{per[c]:.1f} {words}"
                     for c, words in FIGURES_HIT)


def figures_hit_says(study, tables):
    """Per 100 games (all seats): Gesellen made, sabotaged, moved and removed, Knechte moved and removed,
    for the run or for each setting of a sweep; empty where nothing was hit (the base substrate, or
    results without these columns)."""
    df = tables["counters"]
    df = df[df["policy"] == "all"]
    if not len(df):
        return ""
    per = {run.label: _figures_hit_per_100(df[df["setting"] == run.label], run.players) for run in study.runs}
    if not any(v for p in per.values() for k, v in p.items() if k != "aut_geselle"):
        return ""
    if len(study.runs) == 1:
        return "Per 100 games: " + _figures_hit_words(next(iter(per.values()))) + "."
    return "Per 100 games, by setting: " + "; ".join(f"{label}: {_figures_hit_words(p)}"
                                                      for label, p in per.items()) + "."


def autarkie_says(study, tables):
    return level_says(study, tables)


# --- the replay page (reports.replay_state) ---

FIGURE_LETTERS = {"knecht": "K", "geselle": "G"}


def _figure(state, place, player, figure, **extra):
    """A Knecht or the Geselle at place g: corner g // 3, towards its (g % 3)-th hex."""
    corner = place // 3
    state.put(f"aut:{place}", figure, player, "place", ["place", corner, state.corner_hexes[corner][place % 3]],
              text=FIGURE_LETTERS[figure], **extra)


def page_events(state, ev):
    """Autarkie (docs/rules.md, Fleisch / Autarkie) on the replay page: Knechte (K) and the Geselle (G) at their
    places, autarky points, slaves and meat per seat, the Autarkie card and its VP."""
    kind, p = ev["type"], ev["player"]
    if not kind.startswith("aut_") and "meat" not in state.board["card_kinds"]:
        return
    meat = state.board["card_kinds"].index("meat") if "meat" in state.board["card_kinds"] else None
    if kind == "aut_slave":
        state.counts[p]["slaves"] = ev["slaves"]
        state.counts[p]["autarky points"] = ev["points"]
    elif kind in ("aut_knecht", "aut_geselle"):
        _figure(state, ev["place"], p, kind[4:])
        state.counts[p]["autarky points"] = ev["points"]
    elif kind == "aut_relocate":
        state.drop(f"aut:{ev['place']}")
        if ev["to_place"] >= 0:
            _figure(state, ev["to_place"], p, ev["figure"])
        state.counts[p]["autarky points"] = ev["points"]
    elif kind == "aut_sabotage":
        was = state.pieces.get(f"aut:{ev['place']}")
        if was is not None:
            _figure(state, ev["place"], p, was["kind"], **({"status": "damaged"} if ev["damaged"] else {}))
        state.counts[p]["autarky points"] = ev["points"]
    elif kind == "aut_card":
        vp = state.rules.get("variants", {}).get("autarkie", {}).get("card_vp", 0)
        for q in range(state.players):
            state.extra_vp[q].pop("autarkie", None)
        if p >= 0:
            state.extra_vp[p]["autarkie"] = vp
        state.notes["Autarkie card"] = f"seat {p} ({vp} VP)" if p >= 0 else "nobody"
    if meat is not None:
        for q in range(state.players):
            state.counts[q]["meat"] = state.hands[q][meat]


EVENT_WORDS = {
    "aut_slave": "{who} takes a slave ({slaves} now; {points} autarky points)",
    "aut_knecht": "{who} places a Knecht at corner {corner} on hex {hex} ({points} autarky points)",
    "aut_geselle": "{who} places the Geselle at corner {corner} on hex {hex} ({points} autarky points)",
    "aut_yield": "{who} gets {amount} {res} from a {figure} on hex {hex}",
    "aut_card": "the Autarkie card goes to {who} (from {from_player_who}; {points} points)",
    "aut_relocate": "{who}'s {figure} leaves place {place} (to place {to_place}; -1: removed)",
    "aut_sabotage": "{who}'s Geselle at place {place}: its city is damaged ({damaged})",
}


ENTRY = VariantReport(
    page_events=page_events,
    event_words=EVENT_WORDS,
    page_legend={"knecht": "K: a Knecht", "geselle": "G: the Geselle"},
    name=ENTRY_NAME,
    setting_words={"card_threshold": lambda n: f"card at {n} points", "card_vp": lambda n: f"card worth {n} VP"},
    title="Fleisch / Autarkie (meat, slaves, Knechte, the Geselle and the Autarkie card)",
    charts=(card_holders, points, income, sweep_threshold),
    says=(autarkie_says, figures_hit_says),
    question=autarkist_question,
    ladder_stats=(   # a ladder's play statistics per player (reports.ladder), per seat-game
        ("Knechte made", "seat", ("aut_knechte",)),
        ("Gesellen made", "seat", ("aut_geselle",)),
        ("holds the Autarkie card at the end", "seat", ("aut_card_end",)),
        ("turns with the card", "seat", ("aut_card_turns",)),
    ),
    averages=(
        ("autarky points", ("aut_points",)),
        ("holds the card", ("aut_card_end",)),
        ("turns with the card", ("aut_card_turns",)),
        ("card changes taken", ("aut_card_taken",)),
        ("meat produced", ("aut_meat_produced",)),
        ("cards from figures", ("gain_knecht", "gain_geselle")),
        ("Gesellen made", ("aut_geselle",)),
        ("Geselle moved or removed", ("aut_geselle_moved", "aut_geselle_removed")),
        ("Geselle sabotaged", ("aut_sabotaged",)),
    ),
    about="Who ends with the Autarkie card, autarky points at the end, the share of income from Knechte and the "
          "Geselle, on C&K how often the Saboteur and the barbarians reached the Geselle, and in a sweep over the threshold whether the autarkist wins as often as the other styles.",
)
