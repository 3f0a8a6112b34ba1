"""A ladder's report (reports.ladder): the Answer box, the ratings, the head-to-head matrix, the
rule set's play statistics and speed per player; ladder.csv, verdicts.json, report.html/.md,
charts/, and the terminal's text.

ladder.csv holds one row per player, strongest first: its rating (rating points, 400 / ln 10 per
unit of the Bradley-Terry theta, centred on the field), the 95% interval, its win rate per seat
played, the verdict, then `vs <player>`: the share of its comparisons with that player it won
(row beats column), and `meetings vs <player>`: how many there were.
"""
from pathlib import Path

import numpy as np

from reports import fmt
from reports.files import save_figure, save_table, write_text
from reports.ladder import QUESTION
from reports.render import to_html, to_markdown
from reports.verdicts import to_json


def ladder_table(result):
    r = result.ratings.copy()
    order = list(r["player"])
    for p in order:
        r[f"vs {p}"] = [round(float(x), 6) if not np.isnan(x) else np.nan
                        for x in result.matrix.loc[order, p].to_numpy()]
    for p in order:
        r[f"meetings vs {p}"] = result.meetings.loc[order, p].to_numpy()
    return r


def verdicts(result, command):
    r = result.ratings
    return {"kind": "ladder", "question": QUESTION, "scenario": result.meta.get("scenario"),
            "games_per_table": result.games, "solo": result.solo,
            "test": "Bradley-Terry ratings, cluster-robust (game) sandwich covariance; every pair's difference "
                    "z-tested, Holm over the pairs, family-wise error 5%" +
                    (f"; tied: two one-sided tests within ±{result.margin:g} pp head to head, Holm" if result.margin
                     is not None else ""),
            "strongest": [p for p, w in zip(r["player"], r["weaker_than"]) if not w] if len(r) else [],
            "margin": result.margin,
            "players": r.to_dict("records"), "pairs": result.pairs, "speed": result.speed.get("players", []),
            "play_statistics": result.stats.to_dict("records"),
            "text": " ".join(result.words), "command": command}


# --- charts ---

def rating_chart(result):
    from reports import plotting as c
    r = result.ratings.iloc[::-1]
    fig, ax = c._figure(8.5, max(2.6, 0.5 * len(r) + 1.8))
    y = np.arange(len(r))
    ax.errorbar(r["rating"], y, xerr=[r["rating"] - r["rating_lo"], r["rating_hi"] - r["rating"]], fmt="o",
                color="#4c72b0", ecolor="#4c72b0", capsize=4)
    ax.axvline(0, color="#888888", lw=1, ls="--")
    ax.set_yticks(y)
    ax.set_yticklabels(r["player"])
    ax.set_xlabel("rating points (0 = the field's mean; +100 = wins 64% head to head against a 0)")
    ax.grid(axis="y", visible=False)
    c._title(ax, "Ratings", f"Bradley-Terry, 95% intervals · {result.games:,} games per "
                            f"{'player' if result.solo else 'table'}")
    return c.Chart("ladder_ratings", "Ratings", c._done(fig))


def matrix_chart(result):
    from reports import plotting as c
    order = list(result.ratings["player"])
    m = result.matrix.loc[order, order].to_numpy(float)
    size = max(4.0, 0.9 * len(order) + 2.5)
    fig, ax = c._figure(size + 1.5, size)
    image = ax.imshow(np.ma.masked_invalid(m), cmap="RdBu", vmin=0.2, vmax=0.8)
    for i in range(len(order)):
        for j in range(len(order)):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{100 * m[i, j]:.0f}%", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(len(order)))
    ax.set_xticklabels(order, rotation=30, ha="right")
    ax.set_yticks(range(len(order)))
    ax.set_yticklabels(order)
    ax.grid(False)
    fig.colorbar(image, ax=ax, label="row beats column (share of their meetings)")
    c._title(ax, "Head to head", "row beats column, where they met")
    return c.Chart("ladder_matrix", "Head to head", c._done(fig))


# --- the document ---

def _answer(result):
    r = result.ratings
    headers = ["player", "rating [95%]", "win rate per seat [95%]" if not result.solo else "win rate [95%]", "verdict"]
    rows = [[x["player"], f"{x['rating']:+.0f} [{x['rating_lo']:+.0f}, {x['rating_hi']:+.0f}]",
             fmt.rate(x["win_rate"], x["win_lo"], x["win_hi"]), x["verdict"]] for x in r.to_dict("records")]
    highlight = [i for i, x in enumerate(r.to_dict("records")) if x["verdict"] == "strongest"]
    return ("answer", QUESTION, result.words, headers, rows, highlight)


def _matrix_rows(result):
    order = list(result.ratings["player"])
    rows = []
    for a in order:
        row = [a]
        for b in order:
            share, meetings = result.matrix.loc[a, b], result.meetings.loc[a, b]
            row.append("" if a == b else "n/a" if np.isnan(share) else f"{100 * share:.1f}% of {meetings:,}")
        rows.append(row)
    return ["row beats column", *order], rows


def _pair_rows(result):
    rows = []
    for p in result.pairs:
        rows.append([p["a"], p["b"], f"{p['elo']:+.0f} [{p['elo_lo']:+.0f}, {p['elo_hi']:+.0f}]",
                     fmt.rate(p["p_beats"], p["p_beats_lo"], p["p_beats_hi"]), fmt.count(p["meetings"]),
                     fmt.p_value(p["p"]), fmt.p_value(p["p_holm"]), p["verdict"].replace("a stronger", f"{p['a']} stronger")
                     .replace("b stronger", f"{p['b']} stronger")])
    return ["a", "b", "rating a − b [95%]", "a beats b (model) [95%]", "meetings", "p", "p (Holm)", "verdict"], rows


def _stats_rows(result):
    s = result.stats
    columns = [c for c in s.columns if c != "player"]
    if not columns:
        return None
    order = list(result.ratings["player"])
    s = s.set_index("player").loc[order]
    return ["player", *columns], [[p, *(f"{v:.2f}" for v in s.loc[p, columns])] for p in order]


def _speed_rows(result):
    rows = result.speed.get("players", [])
    if not rows:
        return None
    return ["player", "games/s", "games timed"], [[x["player"], f"{x['games_per_s']:,.1f}", fmt.count(x["games"])]
                                                    for x in rows]


def _tables_text(result):
    return [t for t in (_stats_rows(result), _speed_rows(result)) if t]


def document(result, images, out, command):
    doc = [("h1", f"Ladder: {result.meta.get('scenario')}"),
           ("p", f"{len(result.players)} players, {len(result.meta['settings'])} table"
                 f"{'s' if len(result.meta['settings']) > 1 else ''}, {result.games:,} games per "
                 f"{'player' if result.solo else 'table'} (seed {result.meta.get('seed')}). " + _how_seated(result)),
           _answer(result)]
    for chart in (rating_chart(result), matrix_chart(result)):
        path = out / "charts" / f"{chart.name}.png"
        save_figure(chart.figure, path)
        images[chart.name] = path.read_bytes()
        doc += [("h2", chart.title), ("figure", chart.name, chart.title)]
        if chart.name == "ladder_matrix":
            headers, rows = _matrix_rows(result)
            doc.append(("table", headers, rows, "Row beats column: the share of their comparisons (a winner beats "
                                                "every seat of another player at its table) the row won."))
    headers, rows = _pair_rows(result)
    doc += [("h2", "Every pair"), ("table", headers, rows, "Rating points: 400 / ln 10 per unit of the Bradley-Terry "
                                                            "difference; 'stronger' only where Holm's adjusted p < 0.05.")]
    stats = _stats_rows(result)
    if stats:
        doc += [("h2", "How they play"), ("table", *stats, "Per seat-game played: the rule set's own statistics "
                                                            "(its report entry's ladder_stats).")]
    speed = _speed_rows(result)
    if speed:
        doc += [("h2", "Speed"), ("table", *speed, "Games per second with the player in every seat, one core, "
                                                   "timed after the ladder (speed.json; not part of the verdicts).")]
    doc += [("h2", "How the ratings are computed"), ("p", _method(result)),
            ("links", [(t["label"], f"{t['dir']}/games.csv") for t in result.meta["settings"]]),
            ("h2", "Reproduce"), ("pre", command)]
    return doc


def _how_seated(result):
    if result.solo:
        return ("A solo mode: each player plays every game seed alone; on a seed, the player whose game was won "
                "beat each player whose game was lost.")
    return ("Every table mixes the players evenly and rotates the seats; the seat that won beat every seat of "
            "another player at its table.")


def _method(result):
    return ("Bradley-Terry: P(A beats B) = 1 / (1 + exp(-(a - b))), fitted by maximum likelihood over every "
            "comparison; the covariance is cluster-robust (sandwich, the comparisons of one game index in one "
            "cluster: a game's winner beats several seats, and every table deals the same seed). Intervals: ±1.96 "
            "standard errors. Each pair's difference is z-tested and the p-values Holm-adjusted over all pairs, "
            "so the chance of calling any player stronger than one as strong is at most 5% "
            "(measured on ladders of identical players: docs/ladder.md).")


def write(result, command):
    out = Path(result.path)
    (out / "charts").mkdir(parents=True, exist_ok=True)
    save_table(ladder_table(result), out / "ladder.csv")
    write_text(out / "verdicts.json", to_json(verdicts(result, command)))
    images = {}
    doc = document(result, images, out, command)
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, f"catan-balance ladder: {result.meta.get('scenario')}", images))
    return {"html": out / "report.html", "csv": out / "ladder.csv", "verdicts": out / "verdicts.json"}


def terminal_text(result):
    r = result.ratings
    lines = [fmt.format_columns(["player", "rating", "95% interval", "win rate", "verdict"],
                                [[x["player"], f"{x['rating']:+.0f}", f"[{x['rating_lo']:+.0f}, {x['rating_hi']:+.0f}]",
                                  fmt.rate(x["win_rate"], x["win_lo"], x["win_hi"]), x["verdict"]]
                                 for x in r.to_dict("records")], align="lrrrl"), ""]
    headers, rows = _matrix_rows(result)
    lines += [fmt.format_columns(headers, rows, align="l" + "r" * len(rows)), ""]
    for headers, rows in _tables_text(result):
        lines += [fmt.format_columns(headers, rows, align="l" + "r" * (len(headers) - 1)), ""]
    lines += [f"Answer: {QUESTION}", *(f"- {x}" for x in result.words)]
    return "\n".join(lines)
