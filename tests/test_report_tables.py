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


# --- variant measures ---

NINE = [f"n={n}, k={k}" for n in (3, 5, 7) for k in (1, 2, 3)]
MEASURES = [f"robin_m{j}" for j in range(13)]


def _measures(settings, games=300):
    import pandas as pd
    return pd.DataFrame([{"setting": s, "column": c, "games": games, "mean": 10 * i + j, "ci_lo": 10 * i + j - 0.5,
                          "ci_hi": 10 * i + j + 0.5} for i, s in enumerate(settings) for j, c in enumerate(MEASURES)])


def test_measures_of_nine_settings_are_one_row_per_measure_with_a_column_per_setting():
    study = SimpleNamespace(runs=[SimpleNamespace(label=s) for s in NINE])
    headers, rows = display.measures(study, _measures(NINE))
    assert headers == ["measure", *NINE]
    assert rows[0] == ["games"] + ["300"] * 9                  # the game counts stay
    assert [r[0] for r in rows[1:]] == MEASURES and len(rows) == 14
    assert rows[1 + 4][1 + 2] == "24.00 [23.50, 24.50]"         # measure 4 in setting 2


def test_measures_of_one_run_are_one_row_per_measure_with_its_games():
    study = SimpleNamespace(runs=[SimpleNamespace(label="robin-hood")])
    headers, rows = display.measures(study, _measures(["robin-hood"]))
    assert headers == ["measure", "games", "mean [95%]"]
    assert rows[2] == ["robin_m2", "300", "2.00 [1.50, 2.50]"] and len(rows) == 13


def test_a_measure_with_fewer_games_says_so():
    m = _measures(NINE[:2])
    m.loc[(m["setting"] == NINE[1]) & (m["column"] == "robin_m3"), "games"] = 250
    headers, rows = display.measures(SimpleNamespace(runs=[SimpleNamespace(label=s) for s in NINE[:2]]), m)
    assert rows[1 + 3][2] == "13.00 [12.50, 13.50] (250 games)" and rows[1 + 3][1] == "3.00 [2.50, 3.50]"


# --- outcome names in the tables ---

def _comparison_rows(outcomes):
    import pandas as pd
    return pd.DataFrame([{"setting": "b", "group": g, "outcome": o, "games": 300, "baseline_rate": 0.4, "rate": 0.5,
                          "diff": 0.1, "diff_lo": 0.05, "diff_hi": 0.15, "test": "McNemar exact (paired games)",
                          "p": 0.001, "p_adj": 0.01, "significant": True} for g, o in outcomes])


def test_the_differences_table_names_outcomes_as_the_sentences_do():
    c = _comparison_rows([("policy", "sheriff-greedy"), ("robin_winner", "sheriff"), ("robin_winner", "draw"),
                          ("robin_ending", "robin_target"), ("robin_ending", "max_turns"), ("seat", "seat 0")])
    headers, rows = display.comparisons(SimpleNamespace(correction="holm"), c)
    shown = [r[headers.index("outcome")] for r in rows]
    assert shown == ["sheriff-greedy", "the Sheriff's wins", "draws", "games ending with Robin at his target",
                     "games ending with the turn limit", "seat 0"]


def test_the_variant_outcome_table_names_outcomes_in_words():
    import pandas as pd
    rates = pd.DataFrame([{"setting": "rh", "group": g, "outcome": o, "games": 300, "trials": 300, "count": 150,
                           "rate": 0.5, "ci_lo": 0.45, "ci_hi": 0.55}
                          for g, o in (("robin_winner", "robin"), ("robin_ending", "enclosure"))])
    study = SimpleNamespace(runs=[SimpleNamespace(label="rh")])
    headers, rows = display.group_rates(study, rates, ["robin_winner", "robin_ending"], "outcome")
    assert [r[0] for r in rows] == ["Robin's wins", "games ending with enclosure (Robin fenced in)"]


def test_column_headers_come_from_the_variants_report_entries():
    from reports.display import column_name
    assert column_name("gb_markers_response") == "markers: response"       # reports/variants/grundbesitz.py
    assert column_name("gb_follow_strike") == "follow-up: strike back"
    assert column_name("gain: grundbesitz") == "gain: Grundbesitz"
    assert column_name("vp") == "VP"                                        # the base game's
    assert column_name("some_new_count") == "some new count"               # no name given: the code with spaces
