"""The report's tables from small hand-made runs: what they hold and how they print."""
from types import SimpleNamespace

import numpy as np

from reports import display, narrative, tables


def _run(label, turns, players=4, winner=None):
    turns = np.asarray(turns)
    return SimpleNamespace(label=label, games=len(turns), players=players, turns=turns, values={},
                           winner_seat=np.zeros(len(turns), dtype=int) if winner is None else winner)


def _study(runs, solo=False):
    return SimpleNamespace(runs=runs, vary={}, solo=solo, turns_name="player-turns")


# --- game length ---

def test_game_length_quantiles_are_turn_counts_of_games():
    """20 games of 1..20 turns: the 5% quantile is 1 turn (not 1.95), the 95% one 19 (not 19.05)."""
    study = _study([_run("base", np.arange(1, 21))])
    g = tables.game_length(study)
    row = g.iloc[0]
    assert [row["p5"], row["q25"], row["q75"], row["p95"]] == [1, 5, 15, 19]
    assert row["median"] == 10.5                                # the usual median, as in summary.json
    turns = np.arange(1, 21)
    for q, column in ((0.05, "p5"), (0.25, "q25"), (0.75, "q75"), (0.95, "p95")):
        assert (turns <= row[column]).mean() >= q and (turns < row[column]).mean() < q   # the definition
    headers, rows = display.game_length(g)
    assert rows[0][headers.index("5%")] == "1" and rows[0][headers.index("95%")] == "19"
    text = narrative.game_length(study, {"game_length": g})
    assert "between 1 and 19 player-turns" in text
    assert "." not in text.split("between")[1].rstrip(".")      # no decimals in the range
