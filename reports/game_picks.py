"""The games a report links as replay pages (issue 43): a few per setting, chosen from games.csv.

    picks = chosen_games(run)       # [(why, game index)]: shortest, median, longest, a win of each style
    path = page_path(study, k, run, game)

Each chosen game is written as a replay page (reports.replay_page) under games/ beside the
report by the command that writes the report (cli.py), which plays it again from the run's
meta.json (simcore.run.replay_runs); the report's "Watch a game" section links those pages.
"""
import re
from pathlib import Path

import numpy as np

GAMES_DIR = "games"
MOST_STYLES = 4          # wins of at most this many styles are linked (a run of more links none)


def chosen_games(run, median=True):
    """[(why, game)] of `run` (reports.load.RunData): the shortest, a median (`median`) and the
    longest game, and in a run of 2..MOST_STYLES styles the first game each style won; a game
    chosen twice is linked once with both reasons."""
    turns = np.asarray(run.turns)
    if not len(turns):
        return []
    order = np.argsort(turns, kind="stable")
    middle = order[len(order) // 2]
    picks = [(f"the shortest game ({turns[order[0]]} turns)", int(order[0])),
             *([(f"a game of median length ({turns[middle]} turns)", int(middle))] if median else []),
             (f"the longest game ({turns[order[-1]]} turns)", int(order[-1]))]
    labels = run.spec_labels
    styles = list(dict.fromkeys(labels))
    if run.players > 1 and 1 < len(styles) <= MOST_STYLES:
        specs = np.asarray(run.winner_spec)
        for style in styles:
            won = np.flatnonzero(np.isin(specs, [k for k, label in enumerate(labels) if label == style]))
            if len(won):
                picks.append((f"a game {style} won ({turns[won[0]]} turns)", int(won[0])))
    merged = {}
    for why, game in picks:
        merged[game] = f"{merged[game]}; {why}" if game in merged else why
    return [(why, game) for game, why in merged.items()]


def page_path(study, index, run, game):
    """Where the page of game `game` of the study's run `index` goes (under games/)."""
    stem = f"game-{game}" if len(study.runs) == 1 else \
        f"{index}-{re.sub(r'[^A-Za-z0-9._=-]+', '-', run.label).strip('-')[:60]}-game-{game}"
    return Path(study.path) / GAMES_DIR / f"{stem}.html"


def remove_stale(study, kept):
    """Delete the pages under games/ that are not in `kept` (those of earlier results)."""
    for page in (Path(study.path) / GAMES_DIR).glob("*.html"):
        if page not in kept:
            page.unlink()


def link_blocks(study, pages):
    """The report's blocks linking the pages: {run index: ([(why, path)], note or None)}."""
    blocks = []
    many = len(study.runs) > 1
    for k, run in enumerate(study.runs):
        links, note = pages.get(k, ([], None))
        if many:
            blocks.append(("p", f"{run.label}:"))
        if links:
            blocks.append(("links", [(f"game {game}: {why}", path.relative_to(study.path).as_posix())
                                     for why, game, path in links]))
        if note:
            blocks.append(("p", note))
    return blocks
