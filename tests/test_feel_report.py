"""How the game plays in the reports (reports.feel): the per-setting table, summary.json's figures, and the
differences against the baseline tested in one family with the other outcomes' (docs/verdicts.md)."""
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from scipy import stats as st
from statsmodels.stats.multitest import multipletests

from reports import feel, tables
from reports.summary import Tally
from simcore.engine.records import FEEL_COLUMNS
from simcore.run.config import Scenario, SeatSpec, Rules

GAMES = 400


def _games(seed, last_half=0.15):
    """GAMES hand-made games.csv rows (4 players, one policy): turns, a winner, the FEEL_COLUMNS."""
    rng = np.random.default_rng(seed)
    turns = np.round(rng.normal(75, 14, GAMES)).astype(int)
    last = (rng.random(GAMES) < last_half).astype(int)
    behind = np.maximum(last, (rng.random(GAMES) < 0.2).astype(int))
    df = pd.DataFrame({"winner_seat": rng.integers(0, 4, GAMES), "turns": turns,
                       "lead_changes": rng.poisson(2, GAMES), "largest_lead": rng.integers(1, 6, GAMES),
                       "winner_margin": rng.integers(1, 4, GAMES), "decisive_turn": turns // 2,
                       "winner_behind_half": behind, "winner_last_half": last,
                       "winner_behind_3q": behind, "winner_last_3q": last})
    df.loc[:9, "winner_seat"] = -1                       # ten games cut off: no winner
    df.loc[:9, FEEL_COLUMNS[2:]] = -1
    for k in range(4):
        df[f"seat{k}_spec"] = k
    return df


def _run(label, df):
    n = len(df)
    return SimpleNamespace(label=label, games=n, players=4, turns=df["turns"].to_numpy(), values={},
                           seeds=np.arange(n), winner_seat=df["winner_seat"].to_numpy(),
                           winner_spec=df["winner_seat"].to_numpy(), labels=["greedy"], spec_labels=["greedy"] * 4,
                           seat_games=pd.Series({"greedy": 4 * n}), categories={},
                           feel={c: np.where(df[c] < 0, np.nan, df[c]).astype(np.float64) for c in FEEL_COLUMNS})


def _study(frames):
    runs = [_run(f"s{i}", df) for i, df in enumerate(frames)]
    return SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=True, correction="holm", margin=None,
                           vary={}, solo=False, turns_name="player-turns")


def test_the_table_gives_means_and_shares_of_the_games_with_a_winner():
    df = _games(1)
    f = feel.table(_study([df])).set_index("measure")
    won = df[df["winner_seat"] >= 0]
    assert f.loc["winner_last_half", "games"] == len(won) == GAMES - 10
    assert f.loc["winner_last_half", "value"] == pytest.approx(won["winner_last_half"].mean())
    assert f.loc["lead_changes", "games"] == GAMES
    assert f.loc["lead_changes", "value"] == pytest.approx(df["lead_changes"].mean())
    share = (won["decisive_turn"] / won["turns"]).mean()
    assert f.loc["decisive_share", "value"] == pytest.approx(share)
    half = st.sem(df["lead_changes"]) * 1.959964
    assert f.loc["lead_changes", "ci_hi"] - f.loc["lead_changes", "value"] == pytest.approx(half, rel=1e-3)


def test_summary_json_holds_the_same_figures():
    df = _games(2)
    scenario = Scenario(name="t", rules=Rules(players=4), seats=tuple(SeatSpec("greedy") for _ in range(4)))
    tally = Tally(scenario).add(df.iloc[:150]).merge(Tally(scenario).add(df.iloc[150:]))
    plays = tally.result()["how_the_game_plays"]
    f = feel.table(_study([df])).set_index("measure")
    for name, got in plays.items():
        if name == "turns":
            continue
        want = f.loc[name]
        assert got["games"] == want["games"]
        assert got.get("share", got.get("mean")) == pytest.approx(want["value"], abs=1e-4)
        assert got["interval95"] == pytest.approx([want["ci_lo"], want["ci_hi"]], abs=1e-4)
    g = tables.game_length(_study([df])).iloc[0]
    assert [plays["turns"][k] for k in ("p5", "q25", "median", "q75", "p95", "max")] == \
        [g["p5"], g["q25"], g["median"], g["q75"], g["p95"], g["max"]]


def test_differences_are_corrected_with_the_outcomes_in_one_family():
    base, longer = _games(3), _games(3)   # the same games, 0 to 12 turns longer
    longer["turns"] += np.random.default_rng(7).integers(0, 13, GAMES)
    c, d = tables.differences(_study([base, longer]))
    rows = d.set_index("measure")
    assert set(rows.index) == set(feel.TESTED)
    assert rows.loc["lead_changes", "p"] == 1.0 and rows.loc["winner_last_half", "p"] == 1.0   # the same games
    turns = rows.loc["turns"]
    assert turns["diff"] == pytest.approx(6.0, abs=0.5) and turns["significant"]
    assert turns["test"].startswith("paired t")
    p = st.ttest_rel(longer["turns"], base["turns"]).pvalue
    assert turns["p"] == pytest.approx(p)
    family = np.concatenate([c["p"].to_numpy(), d["p"].to_numpy()])
    holm = multipletests(family, method="holm")[1]
    assert np.allclose(np.concatenate([c["p_adj"], d["p_adj"]]), holm)
    assert d.attrs["family"] == len(c) + len(d)


def test_comebacks_are_compared_as_the_outcomes_are():
    base, more = _games(4), _games(5, last_half=0.30)
    d = tables.differences(_study([base, more]))[1].set_index("measure")
    last = d.loc["winner_last_half"]
    assert last["test"].startswith("McNemar") and last["significant"]
    assert last["rate"] == pytest.approx((more["winner_last_half"] == 1).sum() / (GAMES - 10))


def test_a_single_run_claims_no_test():
    study = _study([_games(6)])
    t = {"feel": feel.table(study), "feel_differences": tables.differences(study)[1]}
    said = feel.says(study, t, "Holm")
    assert len(said) == 1 and "no difference is tested" in said[0]
    assert "lead changed hands" in said[0]


def test_compare_answers_with_the_measures_that_differ():
    # reports.answer: a comparison's "Outcomes" sentence counts and names the measures of how the game plays
    from reports.answer import _outcomes_words
    base, longer = _games(8), _games(8)
    longer["turns"] += 10
    longer.loc[::2, "turns"] += 1
    study = _study([base, longer])
    c, d = tables.differences(study)
    said = _outcomes_words(study, c, d)
    assert said.startswith("Outcomes that differ from s0: player-turns +10.50 [")
    assert f"({len(c) + len(d)} outcomes tested, {len(d)} of them of how the game plays, Holm-corrected)" in said
    same = _outcomes_words(_study([base, base.copy()]), *tables.differences(_study([base, base.copy()])))
    assert same.startswith("Outcomes: none differs from s0")
