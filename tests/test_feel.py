"""How the game played (docs/reports.md, How the game plays): the measures of simcore.engine.feel on
built VP traces whose values are known, and on real games against the definitions written again here."""
import numpy as np
import pytest

from policies.registry import resolve
from simcore.engine import records as R
from simcore.engine.feel import measure
from simcore.engine.rows import RowLayout
from simcore.engine.state import new_state_buffer
from simcore.run.batch import play_batch
from simcore.run.seeds import game_seeds
from tests.positions import make_params

def _measured(trace, winner):
    """The FEEL_COLUMNS (by name) the kernel's code gives for `trace` (rows: after k player-turns)."""
    trace = np.asarray(trace, np.int16)
    row = np.full(R.N_BASE_GAME_COLUMNS, -1, np.int64)
    measure(trace, len(trace) - 1, trace.shape[1], winner, row)
    return {name: int(row[R.GAME_COLUMNS.index(name)]) for name in R.FEEL_COLUMNS}


def test_a_built_game_has_the_known_values():
    trace = [[2, 2, 2],    # 0 all level: nobody leads
             [3, 2, 2],    # 1 seat 0 leads: the first leader, no change
             [3, 3, 2],    # 2 a tie for the lead: seat 0 stays the last leader
             [3, 4, 2],    # 3 seat 1 alone: change 1          <- half-time (7 // 2)
             [5, 4, 2],    # 4 seat 0 again: change 2
             [5, 4, 6],    # 5 seat 2: change 3                <- three quarters (21 // 4)
             [5, 4, 8],    # 6
             [6, 4, 10]]   # 7 seat 2 wins by 4
    assert _measured(trace, winner=2) == {
        "lead_changes": 3, "largest_lead": 4, "winner_margin": 4, "decisive_turn": 5,
        "winner_behind_half": 1, "winner_last_half": 1, "winner_behind_3q": 0, "winner_last_3q": 0}


def test_a_winner_level_with_another_at_the_end_was_decided_at_the_last_turn():
    trace = [[2, 2], [4, 2], [4, 3], [10, 10]]
    got = _measured(trace, winner=1)
    assert got["decisive_turn"] == 3 and got["winner_margin"] == 0
    assert got["lead_changes"] == 0 and got["largest_lead"] == 2
    assert (got["winner_behind_half"], got["winner_last_half"]) == (1, 1)   # after 1 turn: 2 vs 4


def test_a_winner_behind_but_not_last_and_a_runaway_leader():
    # behind at half-time (5 < 6) but not last (3 has fewer); led alone from the first row
    trace = [[2, 3, 2], [6, 5, 3], [7, 9, 3], [8, 10, 4]]
    got = _measured(trace, winner=1)
    assert (got["winner_behind_half"], got["winner_last_half"]) == (1, 0)
    assert got["lead_changes"] == 2 and got["decisive_turn"] == 2
    runaway = _measured([[3, 2, 2], [5, 2, 2], [10, 4, 3]], winner=0)
    assert runaway["decisive_turn"] == 0 and runaway["lead_changes"] == 0 and runaway["largest_lead"] == 6


def test_without_a_winner_only_the_lead_is_measured():
    got = _measured([[2, 2, 2, 2], [2, 3, 2, 2], [4, 3, 2, 2]], winner=-1)
    assert got["lead_changes"] == 1 and got["largest_lead"] == 1
    assert all(got[c] == -1 for c in R.FEEL_COLUMNS[2:])


def _reference(trace, winner):
    """The definitions of docs/reports.md (How the game plays), written again plainly."""
    turns = len(trace) - 1
    leaders = [int(np.argmax(r)) if (r == r.max()).sum() == 1 else -1 for r in trace]
    alone = [x for x in leaders if x >= 0]
    out = {"lead_changes": sum(a != b for a, b in zip(alone, alone[1:])),
           "largest_lead": max(int(np.sort(r)[-1] - np.sort(r)[-2]) for r in trace)}
    if winner < 0:
        return out
    out["winner_margin"] = int(trace[-1][winner] - np.delete(trace[-1], winner).max())
    led_from = [k for k in range(turns + 1) if all(x == winner for x in leaders[k:])]
    out["decisive_turn"] = led_from[0] if led_from else turns
    for name, k in (("half", turns // 2), ("3q", 3 * turns // 4)):
        r = trace[k]
        out[f"winner_behind_{name}"] = int(r[winner] < r.max())
        out[f"winner_last_{name}"] = int(r[winner] == r.min() < r.max())
    return out


@pytest.mark.parametrize("players,rules", [(4, {}), (3, {}), (4, {"max_turns": 40}), (4, {"grundbesitz": {}})])
def test_real_games_match_the_definitions(players, rules):
    # every game's trace (left in the state record) gives the record's values by the plain definitions;
    # its last row is the record's final VP
    kind, weights = resolve("greedy")
    params = make_params(players, **rules)
    buf = new_state_buffer(params)
    layout = RowLayout(("grundbesitz",) if "grundbesitz" in rules else ())
    for i, seed in enumerate(game_seeds(5, 0, 60)):
        row = play_batch(params, np.full(players, kind), np.tile(weights, (players, 1)), np.array([i]),
                         np.array([seed]), buf=buf)[0]
        turns, winner = int(row[R.G_TURNS]), int(row[R.G_WINNER])
        trace = buf[0].vp_trace[:turns + 1, :players].astype(np.int64)
        assert list(trace[-1]) == [row[layout.at(p, R.S_VP)] for p in range(players)]
        got = {name: int(row[R.GAME_COLUMNS.index(name)]) for name in R.FEEL_COLUMNS}
        want = _reference(trace, winner)
        assert {k: got[k] for k in want} == want, (i, seed)
        assert all(got[k] == -1 for k in R.FEEL_COLUMNS if k not in want)
        assert 0 <= got["lead_changes"] <= turns
        if winner >= 0:
            assert 0 <= got["decisive_turn"] <= turns and got["largest_lead"] >= got["winner_margin"]
