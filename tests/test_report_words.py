"""The report's sentences from small hand-made tables: ranges with one number when their ends agree,
the policy sentence of a sweep kept short, Robin Hood outcomes and endings named as the report names them."""
from types import SimpleNamespace

import pandas as pd
import pytest

from reports import fmt, narrative
from reports.variants.robin_hood import robin_endings

PER = {"per_player": "per player and game", "player_games": "player-games", "correction": "holm"}


def _study(labels, solo=False, games=200):
    runs = [SimpleNamespace(label=label, games=games, players=1 if solo else 4) for label in labels]
    return SimpleNamespace(runs=runs, solo=solo, base=runs[0], **PER)


def _rate_rows(rates, group="policy", trials=100):
    """win_rates rows from {setting: {outcome: rate}}."""
    return pd.DataFrame([{"setting": s, "group": group, "outcome": o, "games": 2 * trials, "trials": trials,
                          "count": round(r * trials), "rate": r, "ci_lo": r - 0.05, "ci_hi": r + 0.05}
                         for s, outcomes in rates.items() for o, r in outcomes.items()])


# --- ranges ---

def test_a_range_whose_ends_print_alike_is_one_number():
    assert fmt.span(0.062, 0.062) == "6.2%"
    assert fmt.span(0.0621, 0.0624) == "6.2%"                  # equal as printed
    assert fmt.span(0.051, 0.062) == "5.1% to 6.2%"
    assert fmt.span(6.24, 6.18, lambda x: fmt.number(x, 1)) == "6.2"


def _flows(settings, lost):
    rows = []
    for s, (discards, stolen) in zip(settings, lost):
        row = {"setting": s, "policy": "all", "seat_games": 800}
        rows += [{**row, "kind": "gain", "source": "dice", "mean": 70.0},
                 {**row, "kind": "spend", "source": "discards", "mean": discards},
                 {**row, "kind": "spend", "source": "stolen", "mean": stolen}]
    return pd.DataFrame(rows)


def test_cards_lost_in_one_run_are_one_number():
    text = narrative.flows(_study(["base"]), {"flows": _flows(["base"], [(4.0, 2.2)])})
    assert "Lost to discards and thieves: 6.2 cards per player and game." in text
    assert " to 6.2" not in text


def test_cards_lost_over_settings_are_a_range_unless_equal():
    text = narrative.flows(_study(["a", "b"]), {"flows": _flows(["a", "b"], [(4.0, 2.2), (5.0, 2.0)])})
    assert "Lost to discards and thieves: 6.2 to 7.0 cards per player and game." in text
    text = narrative.flows(_study(["a", "b"]), {"flows": _flows(["a", "b"], [(4.0, 2.2), (4.2, 2.0)])})
    assert "Lost to discards and thieves: 6.2 cards per player and game." in text
    assert "Resources gained per player and game: 70.0 in every setting." in text


# --- the policy sentence of a sweep ---

NINE = [f"n={n}, k={k}" for n in (3, 5, 7) for k in (1, 2, 3)]


def _nine_settings(flipped=()):
    """Two Sheriffs over nine settings; greedy ahead except in the `flipped` settings."""
    rates = {}
    for i, s in enumerate(NINE):
        greedy, warden = 0.30 + 0.05 * i, 0.25 + 0.04 * i
        rates[s] = {"sheriff-greedy": warden if s in flipped else greedy,
                    "sheriff-warden": greedy if s in flipped else warden}
    return {"win_rates": _rate_rows(rates)}


def test_the_policy_sentence_of_nine_settings_names_only_where_the_order_changes():
    text = narrative.policies(_study(NINE, solo=True), _nine_settings(flipped=["n=5, k=2"]))
    assert text.startswith("The Sheriff's win rate by policy over 9 settings: sheriff-greedy is ahead in 8 of them, "
                           "with 30.0% to 70.0% (100 games per setting); sheriff-warden 25.0% to 57.0%.")
    assert "They rank otherwise in 1 of 9: n=5, k=2: sheriff-warden 50.0% [45.0, 55.0], sheriff-greedy 41.0%" in text
    assert [s for s in NINE if s in text] == ["n=5, k=2"]      # no other setting named
    assert len(text) < 500


def test_the_policy_sentence_says_when_the_order_never_changes():
    text = narrative.policies(_study(NINE, solo=True), _nine_settings())
    assert "sheriff-greedy is ahead in 9 of them" in text
    assert text.endswith("The policies rank in this order in every setting.")
    assert not [s for s in NINE if s in text]


def test_the_policy_sentence_lists_at_most_three_changed_settings():
    flipped = NINE[1:6]
    text = narrative.policies(_study(NINE, solo=True), _nine_settings(flipped=flipped))
    assert "sheriff-warden is ahead in 5 of them" in text and "They rank otherwise in 4 of 9" in text
    assert "and 1 more (see the table)" in text
    assert len([s for s in NINE if s + ":" in text]) == 3


def test_the_policy_sentence_leaves_out_settings_with_one_policy():
    rates = {"seats=g/g/g/g": {"greedy": 0.25},
             "seats=g/g/g/r": {"greedy": 0.27, "roads": 0.18},
             "seats=g/g/g/d": {"greedy": 0.28, "devcards": 0.21},
             "seats=g/g/r/d": {"devcards": 0.32, "greedy": 0.26, "roads": 0.15}}
    text = narrative.policies(_study(list(rates)), {"win_rates": _rate_rows(rates)})
    assert text.startswith("Win rate per seat played over the 3 settings with two or more policies: greedy is ahead "
                           "in 2 of them, with 26.0% to 28.0% (100 seat-games per setting); devcards 21.0% to 32.0%, "
                           "roads 15.0% to 18.0%.")
    assert "seats=g/g/g/g" not in text and "They rank otherwise in 1 of 3: seats=g/g/r/d: devcards 32.0%" in text


def test_one_run_still_lists_every_policy():
    rates = {"base": {"greedy": 0.27, "roads": 0.18}}
    text = narrative.policies(_study(["base"]), {"win_rates": _rate_rows(rates)})
    assert text.startswith("Win rate per seat played: greedy 27.0% [22.0, 32.0] (100 seat-games); roads 18.0%")


# --- Robin Hood outcomes as the report names them ---

def _comparisons(rows):
    return pd.DataFrame([{"setting": "b", "group": g, "outcome": o, "diff": d, "diff_lo": d - 0.05,
                          "diff_hi": d + 0.05, "p": 0.0001, "p_adj": 0.001, "significant": True, "paired": True}
                         for g, o, d in rows])


def test_solo_differences_name_the_sides_and_endings_in_words():
    c = _comparisons([("robin_winner", "sheriff", -0.3), ("robin_winner", "robin", 0.3), ("robin_winner", "draw", 0.1),
                      ("robin_ending", "robin_target", 0.2), ("robin_ending", "max_turns", 0.1),
                      ("policy", "sheriff-greedy", -0.2)])
    text = narrative.differences(_study(["a", "b"], solo=True), {"comparisons": c})
    for words in ("the Sheriff's wins in b: -30.0 pp", "Robin's wins in b: +30.0 pp", "draws in b: +10.0 pp",
                  "games ending with Robin at his target in b: +20.0 pp", "games ending with the turn limit in b",
                  "sheriff-greedy in b: -20.0 pp"):
        assert words in text
    for raw in ("sheriff in", "robin in", "robin_target", "max_turns"):
        assert raw not in text


ENDINGS = {"robin_target": 0.5, "sheriff_target": 0.3, "enclosure": 0.2}


def _endings(settings):
    """Ending shares per setting; enclosure grows with the setting's index."""
    rates = {s: {**ENDINGS, "robin_target": 0.5 - 0.02 * i, "enclosure": 0.2 + 0.02 * i}
             for i, s in enumerate(settings)}
    return {"win_rates": _rate_rows(rates, group="robin_ending")}


@pytest.mark.parametrize("count", [1, 2, 3, 4, 9, 20])
def test_the_endings_caption_is_right_for_any_number_of_settings(count):
    settings = NINE[:count] if count <= 9 else [f"setting {i}" for i in range(count)]
    (chart,) = robin_endings(_study(settings, solo=True), _endings(settings))
    says = chart.says
    legend = [t.get_text() for t in chart.figure.legends[0].get_texts()] if chart.figure.legends else \
        [t.get_text() for t in chart.figure.axes[0].get_legend().get_texts()]
    assert legend == ["Robin at his target", "the Sheriff at his target", "enclosure (Robin fenced in)"]
    assert not {"robin_target", "sheriff_target"} & set(says.replace(",", " ").replace(";", " ").split())
    if count <= 3:                                               # few settings: each listed with every ending
        assert all(f"{s}: Robin at his target" in says for s in settings) or count == 1
        assert says.count("enclosure (Robin fenced in)") == count
    else:                                                        # many: each ending's range and where
        first, last = settings[0], settings[-1]
        assert f"over the {count} settings" in says
        assert (f"enclosure (Robin fenced in) from 20.0% ({first}) to {fmt.pct(0.2 + 0.02 * (count - 1))} ({last})"
                in says)
        assert "the Sheriff at his target 30.0% in every setting" in says


# --- the games a policy played ---

def test_the_policy_trend_quotes_the_games_each_policy_played():
    """Two Sheriffs alternate in 300-game settings: each played 150 games, not 300."""
    rates = {"n=3": {"sheriff-greedy": 0.6, "sheriff-warden": 0.5}, "n=7": {"sheriff-greedy": 0.3,
                                                                         "sheriff-warden": 0.45}}
    rows = _rate_rows(rates, trials=150)                        # games 300, trials 150
    text = narrative.trend(_study(list(rates), solo=True, games=300), {"win_rates": rows}, "policy")
    assert "sheriff-greedy won 30.0% [25.0, 35.0] with n=7" in text
    assert "(150 games each)" in text and "300" not in text


def test_the_policy_trend_of_several_players_quotes_seat_games():
    rates = {"a": {"greedy": 0.2, "roads": 0.3}, "b": {"greedy": 0.35, "roads": 0.25}}
    text = narrative.trend(_study(list(rates)), {"win_rates": _rate_rows(rates, trials=600)}, "policy")
    assert "(600 seat-games each)" in text


def test_the_seat_trend_quotes_games():
    rates = {"a": {"seat 0": 0.2, "seat 1": 0.3}, "b": {"seat 0": 0.35, "seat 1": 0.25}}
    text = narrative.trend(_study(list(rates), games=400), {"win_rates": _rate_rows(rates, "seat", trials=400)}, "seat")
    assert "(400 games each)" in text


# --- Autarkie on C&K: what happened to the figures, per 100 games ---

def _figure_counters(settings):
    """counters rows (policy 'all') from {setting: {counter: mean per player and game}}."""
    return pd.DataFrame([{"setting": s, "policy": "all", "counter": c, "mean": m}
                         for s, counts in settings.items() for c, m in counts.items()])


def test_figures_hit_per_100_games_for_a_run_and_for_each_setting_of_a_sweep():
    from reports.variants.autarkie import figures_hit_says
    hit = {"aut_geselle": 0.15, "aut_sabotaged": 0.03, "aut_geselle_moved": 0.01, "aut_geselle_removed": 0.02,
           "aut_knecht_moved": 0.0, "aut_knecht_removed": 0.005}
    run = figures_hit_says(_study(["autarkie"]), {"counters": _figure_counters({"autarkie": hit})})
    assert run == ("Per 100 games: 60.0 Gesellen were made, a Saboteur turned the Geselle into a Knecht 12.0 "
                   "times, a pillage moved the Geselle 4.0 times, removed it 8.0 times, a city lost entirely "
                   "moved a Knecht 0.0 times, removed one 2.0 times.")
    sweep = figures_hit_says(_study(["t=3", "t=9"]), {"counters": _figure_counters(
        {"t=3": hit, "t=9": {**hit, "aut_sabotaged": 0.05}})})
    assert sweep.startswith("Per 100 games, by setting: t=3: 60.0 Gesellen were made, a Saboteur turned the "
                            "Geselle into a Knecht 12.0 times")
    assert "; t=9: 60.0 Gesellen were made, a Saboteur turned the Geselle into a Knecht 20.0 times" in sweep
    nothing_hit = {"t=3": {"aut_geselle": 0.0}, "t=9": {"aut_geselle": 0.0}}     # the base substrate
    assert figures_hit_says(_study(["t=3", "t=9"]), {"counters": _figure_counters(nothing_hit)}) == ""
