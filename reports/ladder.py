"""A ladder's results (simcore.run.ladder) read into what its report says: who beat whom, the
Bradley-Terry ratings (reports.bradley_terry), each player's win rate and its rule set's play
statistics, and the verdicts in words.

    result = read_ladder("results/base-ladder", margin=None)
    result.ratings, result.matrix, result.pairs, result.stats, result.speed, result.words

Comparisons.  At a table, the seat that won beat every seat of another player: a game won by A at
a table A, B, C, A gives A > B and A > C; won by B, B > A twice (two seats of A lost) and B > C.  So
at every table each player's seats count as many comparisons as they lose, and an A/A ladder is
balanced.  Games without a winner give none.  A solo mode (one seat: each table one player, the
same seeds at every table) compares the players game by game: on game g, A beat B when A's game
was won and B's lost (the variant's solo win, e.g. the Sheriff's).  The comparisons of one game
index (every table deals the same seed) form one cluster of the ratings' covariance.
"""
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from reports import bradley_terry as bt, fmt
from reports.rates import wilson
from reports.variants import REGISTRY, category_labels
from simcore.engine.errors import InputError
from simcore.run.outputs import read_json

ALPHA = 0.05
QUESTION = "Which of these players is strongest, and by how much?"


@dataclass
class LadderResult:
    path: Path
    meta: dict
    players: list               # specs
    games: int                  # games per table
    ratings: pd.DataFrame       # one row per player, strongest first
    matrix: pd.DataFrame        # head-to-head share, row beats column (NaN: never met, or itself)
    meetings: pd.DataFrame      # comparisons between row and column
    pairs: list                 # reports.bradley_terry.pairwise rows
    stats: pd.DataFrame         # per player: the rule set's play statistics per seat-game
    speed: dict                 # speed.json, {} when not timed
    margin: float = None
    words: list = field(default_factory=list)
    solo: bool = False


def read_ladder(path, margin=None):
    path = Path(path)
    meta = read_json(path / "meta.json") or {}
    if meta.get("kind") != "ladder":
        raise InputError(f"{path}: holds no ladder (meta.json kind 'ladder'); allowed: a directory written by "
                         "`catan-balance ladder`")
    players, solo = meta["players"], bool(meta.get("solo"))
    frames = [_table_games(path / t["dir"], t["seats"], meta["seats"], solo) for t in meta["settings"]]
    comp = comparisons(frames, len(players), solo)
    fit = bt.fit_ratings(comp["cluster"], comp["winner"], comp["loser"], len(players))
    pairs = bt.pairwise(fit, players, ALPHA, margin)
    games = int(min(len(f["games"]) for f in frames))
    result = LadderResult(path, meta, players, games, _ratings(fit, players, frames, pairs, solo),
                          *_matrix(fit, players), pairs, _play_stats(frames, players), read_json(path / "speed.json") or {},
                          margin, solo=solo)
    result.words = sentences(result)
    return result


# --- reading the tables ---

def _header(folder):
    with open(folder / "games.csv", encoding="utf-8") as fh:
        return fh.readline().strip().split(",")


def _solo_win(header):
    """(column, code) of the solo mode's win: the variant entry's solo_win outcome."""
    for entry in REGISTRY.values():
        if entry.solo_win and entry.solo_win[0] in header:
            column, label = entry.solo_win
            codes = {v: k for k, v in category_labels(column).items()}
            return column, codes.get(label, label)
    return None


def _ladder_columns(header):
    """The active variants' ladder statistics found in the header: [(label, 'seat'|'game', [columns])]."""
    seat_suffixes = {c.split("_", 1)[1] for c in header if c.startswith("seat0_")}
    out = []
    for entry in REGISTRY.values():
        for label, per, columns in entry.ladder_stats:
            have = seat_suffixes if per == "seat" else set(header)
            if all(c in have for c in columns):
                out.append((label, per, list(columns)))
    return out


def _table_games(folder, order, seats, solo):
    """Per game of a table: the player in each table seat, the winning seat, the statistics."""
    if not (folder / "games.csv").exists():
        raise InputError(f"{folder}: no games.csv; allowed: a finished ladder (run it again with --resume)")
    header = _header(folder)
    wanted = _ladder_columns(header)
    stat_cols = sorted({f"seat{k}_{c}" if per == "seat" else c for _, per, cols in wanted for c in cols
                        for k in range(seats)})
    win = _solo_win(header) if solo else None
    usecols = ["game", "winner_seat", *(f"seat{k}_spec" for k in range(seats)), *stat_cols, *([win[0]] if win else [])]
    df = pd.read_csv(folder / "games.csv", usecols=usecols, dtype={win[0]: str} if win else None)
    return table_frame(df, order, seats, solo, wanted)


def table_frame(df, order, seats, solo, stats=()):
    """A table's games (a games.csv frame) as the ladder reads them: per game the player in each table seat
    (`order`: player per scenario seat), the winning table seat (-1 none; solo: 0 when the player won)."""
    player = np.asarray(order)[df[[f"seat{k}_spec" for k in range(seats)]].to_numpy(np.int64)]   # games x seats
    winner = df["winner_seat"].to_numpy(np.int64)
    win = _solo_win(list(df.columns)) if solo else None
    if win:
        winner = np.where(df[win[0]].astype(str).to_numpy() == str(win[1]), 0, -1)
    return {"games": df["game"].to_numpy(np.int64), "player": player, "winner": winner, "frame": df,
            "stats": list(stats), "seats": seats}


def comparisons(frames, players, solo):
    """The Bradley-Terry comparisons of the tables' frames (module docstring)."""
    return _solo_comparisons(frames, players) if solo else _comparisons(frames)


def _comparisons(frames):
    cluster, winner, loser = [], [], []
    for f in frames:
        games, player, won = f["games"], f["player"], f["winner"]
        has = won >= 0
        wp = np.where(has, player[np.arange(len(won)), np.maximum(won, 0)], -1)
        for s in range(f["seats"]):
            take = has & (won != s) & (player[:, s] != wp)
            cluster.append(games[take])
            winner.append(wp[take])
            loser.append(player[take, s])
    return {k: np.concatenate(v) if v else np.zeros(0, np.int64)
            for k, v in (("cluster", cluster), ("winner", winner), ("loser", loser))}


def _solo_comparisons(frames, n):
    """Game by game across the tables (each one player): the won game beats the lost one."""
    common = frames[0]["games"]
    for f in frames[1:]:
        common = np.intersect1d(common, f["games"])
    won = np.zeros((n, len(common)), bool)
    for f in frames:
        keep = np.isin(f["games"], common)
        won[f["player"][0, 0]] = f["winner"][keep] >= 0
    cluster, winner, loser = [], [], []
    for a in range(n):
        for b in range(n):
            take = won[a] & ~won[b]
            cluster.append(common[take])
            winner.append(np.full(take.sum(), a))
            loser.append(np.full(take.sum(), b))
    return {"cluster": np.concatenate(cluster), "winner": np.concatenate(winner), "loser": np.concatenate(loser)}


# --- the tables ---

def _ratings(fit, players, frames, pairs, solo):
    n = len(players)
    seats = np.zeros(n)
    wins = np.zeros(n)
    for f in frames:
        player, won = f["player"], f["winner"]
        seats += np.bincount(player.ravel(), minlength=n)
        ok = won >= 0
        wins += np.bincount(player[np.arange(len(won))[ok], won[ok]], minlength=n)
    stronger = {p: [] for p in players}
    weaker = {p: [] for p in players}
    tied = {p: [] for p in players}
    undecided = {p: [] for p in players}
    for r in pairs:
        if r["verdict"] == "a stronger":
            stronger[r["a"]].append(r["b"]), weaker[r["b"]].append(r["a"])
        elif r["verdict"] == "b stronger":
            stronger[r["b"]].append(r["a"]), weaker[r["a"]].append(r["b"])
        elif r["verdict"] == "tied":
            tied[r["a"]].append(r["b"]), tied[r["b"]].append(r["a"])
        if r["verdict"] in ("tied", "not told apart"):
            undecided[r["a"]].append(r["b"]), undecided[r["b"]].append(r["a"])
    rows = []
    se = fit.se
    for i, p in enumerate(players):
        lo, hi = wilson(wins[i], seats[i])
        rows.append({"player": p, "rating": round(float(bt.ELO * fit.theta[i]), 4),
                     "rating_lo": round(float(bt.ELO * (fit.theta[i] - 1.959963984540054 * se[i])), 4),
                     "rating_hi": round(float(bt.ELO * (fit.theta[i] + 1.959963984540054 * se[i])), 4),
                     "theta": round(float(fit.theta[i]), 6), "theta_se": round(float(se[i]), 6),
                     "seat_games": int(seats[i]), "wins": int(wins[i]),
                     "win_rate": round(float(wins[i] / seats[i]), 6) if seats[i] else np.nan,
                     "win_lo": round(lo, 6), "win_hi": round(hi, 6),
                     "stronger_than": "; ".join(stronger[p]), "weaker_than": "; ".join(weaker[p]),
                     "tied_with": "; ".join(tied[p]), "not_told_apart_from": "; ".join(undecided[p])})
    df = pd.DataFrame(rows).sort_values("theta", ascending=False, kind="stable").reset_index(drop=True)
    df.insert(1, "verdict", [_word(r, len(players)) for r in df.to_dict("records")])
    return df


def _word(row, n):
    if row["weaker_than"]:
        return "weaker than " + row["weaker_than"]
    if row["stronger_than"] and len(row["stronger_than"].split("; ")) == n - 1:
        return "strongest"
    if row["stronger_than"]:
        return "at the top, not told apart from " + row["not_told_apart_from"]
    return "not told apart"


def _matrix(fit, players):
    wins = fit.wins
    meetings = wins + wins.T
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(meetings > 0, wins / meetings, np.nan)
    np.fill_diagonal(share, np.nan)
    return (pd.DataFrame(share, index=players, columns=players),
            pd.DataFrame(meetings.astype(int), index=players, columns=players))


def _play_stats(frames, players):
    """Per player, per seat-game it played: its variants' ladder statistics ('seat': its own seat's
    columns summed; 'game': the game's columns, over the games it sat in, one per seat)."""
    n = len(players)
    labels = list(dict.fromkeys(label for f in frames for label, _, _ in f["stats"]))
    if not labels:
        return pd.DataFrame({"player": players})
    sums = {label: np.zeros(n) for label in labels}
    seats = np.zeros(n)
    for f in frames:
        player, df = f["player"], f["frame"]
        seats += np.bincount(player.ravel(), minlength=n)
        for label, per, columns in f["stats"]:
            for k in range(f["seats"]):
                cols = [f"seat{k}_{c}" for c in columns] if per == "seat" else columns
                values = df[cols].to_numpy(float).sum(axis=1)
                sums[label] += np.bincount(player[:, k], weights=values, minlength=n)
    out = pd.DataFrame({"player": players})
    for label in labels:
        out[label] = np.round(np.where(seats > 0, sums[label] / np.maximum(seats, 1), np.nan), 4)
    return out


# --- words ---

def _pair_of(result, a, b):
    for r in result.pairs:
        if (r["a"], r["b"]) == (a, b):
            return r, 1
        if (r["a"], r["b"]) == (b, a):
            return r, -1
    return None, 0


def by_how_much(result, a, b):
    """'+61 rating points [+40, +82]; wins 59% [56, 62] of 4,000 meetings with B'."""
    r, sign = _pair_of(result, a, b)
    if r is None:
        return ""
    lo, hi = (r["elo_lo"], r["elo_hi"]) if sign > 0 else (-r["elo_hi"], -r["elo_lo"])
    p, plo, phi = (r["p_beats"], r["p_beats_lo"], r["p_beats_hi"]) if sign > 0 else \
        (1 - r["p_beats"], 1 - r["p_beats_hi"], 1 - r["p_beats_lo"])
    return (f"{sign * r['elo']:+.0f} rating points [{lo:+.0f}, {hi:+.0f}], expected to win "
            f"{fmt.pct(p, 0)} {fmt.interval(plo, phi, digits=0)} of its meetings with {b}")


def _and(names):
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sentences(result):
    """The answer: who is strongest and by how much, from the Holm test over the pairs only."""
    r = result.ratings
    n, m = len(result.players), len(result.pairs)
    family = f"Holm over the {m} pair{'s' if m > 1 else ''}, family-wise error 5%"
    games = f"{fmt.count(result.games)} games per {'player' if result.solo else 'table'}"
    top = r.iloc[0]
    out = []
    if top["verdict"] == "strongest":
        out.append(f"{top['player']} is the strongest: stronger than each of the others ({games}; {family}).")
    else:
        best = [p for p, w in zip(r["player"], r["weaker_than"]) if not w]
        if len(best) == n:
            out.append(f"No player is told apart from another at {games} ({family}).")
        else:
            out.append(f"Not told apart at the top: {_and(best)}; each of the others is weaker than at least "
                       f"one of them ({games}; {family}).")
    second = r.iloc[1]
    out.append(f"{top['player']} against {second['player']}, the next best estimate: "
               f"{by_how_much(result, top['player'], second['player'])}.")
    if n > 2:
        last = r.iloc[-1]
        out.append(f"{top['player']} against {last['player']}, the weakest estimate: "
                   f"{by_how_much(result, top['player'], last['player'])}.")
    undecided = [p for p in result.pairs if p["verdict"] == "not told apart"]
    if undecided and top["verdict"] != "strongest":
        closest, _ = _pair_of(result, top["player"], second["player"])
        need = bt.games_to_tell_apart(closest, m, result.games) if closest else None
        if need:
            out.append(f"About {fmt.count(need)} games per {'player' if result.solo else 'table'} would tell "
                       f"{top['player']} and {second['player']} apart (80% power, if the difference is as estimated).")
    if result.margin is not None:
        tied = [f"{p['a']} and {p['b']}" for p in result.pairs if p["verdict"] == "tied"]
        out.append(f"Tied within ±{result.margin:g} pp head to head: {'; '.join(tied) if tied else 'no pair shown'} "
                   "(two one-sided tests, Holm over the pairs).")
    return out
