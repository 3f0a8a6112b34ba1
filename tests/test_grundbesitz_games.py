"""Whole games with Grundbesitz (docs/rules.md, Grundbesitz): the invariants after every turn (the
checker of tests/invariants.py, with its Grundbesitz checks 16-22), the gb_* records
against the replay log, determinism, and the bots' answers.
"""
import dataclasses
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from policies import decide
from policies.variants.grundbesitz import bots as variant_grundbesitz
from policies.registry import resolve
from reports.summary import Tally
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.run.batch import play_batch
from simcore.run.config import load_scenario, pack_policies, pack_rules
from simcore.engine.game import apply_action
from simcore.variants.grundbesitz.board import FOLLOW_ROBBER, WHAT_KNIGHT_BLOCK
from simcore.engine.legal import is_legal
from simcore.run.replay import replay_events
from simcore.engine.rows import RowLayout
from simcore.run.runner import run
from simcore.run.seeds import game_seeds
from simcore.variants import grundbesitz as GBD
from tests.invariants import assert_invariants, check_state, checked_games, play_checked, run_checked
from tests.positions import GB_SLOTS, make_params, new_position, own_gb, roads, set_hand, settle

ROOT = Path(__file__).resolve().parent.parent
GB_MIXED = ("greedy", "landlord", "blocker", "random")
GB_ROW = RowLayout(("grundbesitz",))   # the columns of a Grundbesitz game's record row


def seat_total(rows, name, players):
    """A seat column summed over the seats of every row."""
    return int(sum(rows[:, GB_ROW.at(s, name)].sum() for s in range(players)))


def seat_value(row, seat, name):
    return int(row[GB_ROW.at(seat, name)])


# --- invariants after every turn ----------------------------------------------------------

FIGHT_COLUMNS = tuple(c for c in R.SEAT_COLUMNS if c.startswith(("gb_defended_", "gb_follow_")))
ALL_ON = ("gb_bought", "gain_grundbesitz", "gb_markers_robber", "gb_removed_free", "gb_defences")

GB_CASES = {
    # name: (seats, games, run seed, rules, columns that must be > 0, columns that must stay 0)
    "random-4p": (("random",) * 4, 1000, 31, {"grundbesitz": {}}, ALL_ON, ()),
    "random-3p-extremes-depth2": (("random",) * 3, 400, 32, {"grundbesitz": {
        "allowed_numbers": [2, 3, 11, 12], "max_counter_depth": 2, "response_block_needs_knight": True}},
        ALL_ON, ()),
    "random-4p-short-bank-no-defence": (("random",) * 4, 300, 33, {"supply": 7, "grundbesitz": {
        "defence": False, "majority_free_removal": False, "allowed_numbers": [4, 5, 6, 8, 9, 10],
        "markers_per_block": 1}},
        ("gb_bought", "gain_grundbesitz", "gb_markers_robber"),
        ("gb_defences", "gb_knights_defence", "gb_markers_strike", "gb_removed_free")),
    "random-4p-steal-with-two-knights": (("random",) * 4, 400, 37, {"grundbesitz": {
        "defence_steal_knights": 2, "max_counter_depth": 3}}, ALL_ON, ()),
    "mixed-4p": (GB_MIXED, 2000, 34, {"grundbesitz": {}},
                 ALL_ON + ("gb_markers_response", "gb_markers_knight", "gb_markers_strike") + FIGHT_COLUMNS, ()),
    "strong-4p": (("strong", "landlord", "strong", "random"), 150, 39, {"grundbesitz": {}}, ("gb_bought",), ()),
    "mixed-3p-odd-rules": (("landlord", "blocker", "random"), 1000, 35, {"grundbesitz": {
        "max_counter_depth": 3, "defence_steal_knights": 2, "knights_count_for_army": False,
        "removals_per_round": 2, "yield_delay_rounds": 2, "cost": [0, 1, 1, 1, 2], "max_per_player": 3}},
        ALL_ON, ()),
    "random-4p-other-readings": (("random",) * 4, 400, 38, {"grundbesitz": {
        "response_defence": False, "cancelled_robber_block": "nobody", "counter_moves_robber": True,
        "max_counter_depth": 2}}, ALL_ON + ("gb_defended_robber_block", "gb_defended_robber_move", "gb_follow_defend", "gb_follow_robber"),
        ("gb_defended_response",)),
    "mixed-4p-defender-moves-the-robber": (GB_MIXED, 600, 39, {"grundbesitz": {"cancelled_robber_block": "defender"}},
                                           ALL_ON, ()),
    "mixed-4p-beginner-5-9": (("blocker", "landlord", "greedy", "landlord"), 1000, 36, {
        "layout": P.LAYOUT_BEGINNER, "grundbesitz": {"allowed_numbers": [5, 6, 8, 9], "max_counter_depth": 2}},
        ("gb_bought", "gain_grundbesitz", "gb_markers_response", "gb_markers_knight"), ()),
}

_RUNS = {}


def _case(case):
    """(checked results, seeds, records) of a case, played once per session."""
    if case not in _RUNS:
        seats, games, seed, rules, _, _ = GB_CASES[case]
        _RUNS[case] = run_checked(seats, games, seed, **rules)
    return _RUNS[case]


@pytest.mark.parametrize("case", list(GB_CASES))
def test_invariants_hold_after_every_turn(case):
    assert_invariants(_case(case))
    out, _, rows = _case(case)
    seats, _, _, _, used, unused = GB_CASES[case]
    # the variant was really played: every rule the case switches on happened, the others never
    for name in used:
        assert seat_total(rows, name, len(seats)) > 0, name
    for name in unused:
        assert seat_total(rows, name, len(seats)) == 0, name
    assert (out[:, 2] >= 0).mean() > 0.5


@pytest.mark.parametrize("case", GB_CASES)
def test_policies_never_propose_illegal_moves(case):
    out, seeds, _ = _case(case)
    refused = np.flatnonzero(out[:, 4] >= 0)
    assert len(refused) == 0, (f"{len(refused)} games had a policy answer refused (st.illegal); "
                               f"first: game {refused[0]} (seed {seeds[refused[0]]}) in turn {out[refused[0], 4]}")


def test_builder_does_not_buy_the_same_grundbesitz_twice():
    st, _ = new_position(policy="landlord", grundbesitz={})
    settle(st, 0, 13)
    roads(st, 0, [13, 8])
    st.turn, st.current = 1, 0
    set_hand(st, 0, [2, 2, 2, 2, 2])                  # enough for two
    first = decide.action(st, 0)
    assert first[0] == GBD.A_BUY_GB and is_legal(st, 0, *first)
    apply_action(st, 0, *first)
    assert is_legal(st, 0, *decide.action(st, 0))


def test_random_bot_takes_the_robber_only_with_the_knights_it_needs():
    st, _ = new_position(grundbesitz={"defence_steal_knights": 2})
    settle(st, 0, 13)
    settle(st, 1, 12)
    own_gb(st, 0, 13, 4)
    own_gb(st, 1, 12, 4)                               # player 1 defended, its one knight spent
    choices = set()
    for seed in range(40):
        np.random.seed(seed)
        choices.add(int(variant_grundbesitz.gb_follow_up(st, 1, 0, 4, WHAT_KNIGHT_BLOCK)))
    assert FOLLOW_ROBBER not in choices


def test_the_checker_catches_broken_grundbesitz_invariants():
    check = check_state.py_func                         # as Python: no second compilation
    st, params = new_position(grundbesitz={"max_per_player": 1})
    settle(st, 0, 13)
    roads(st, 0, [13, 8])
    settle(st, 1, 23)
    roads(st, 1, [23, 17])
    fresh = st.road_length[:4].copy()
    g = own_gb(st, 0, 13, 4)
    st.stats[0, GBD.S_GB_BOUGHT] = 1
    st.stats[0, GBD.S_SPEND_GB] = 5
    assert check(st, params, fresh) == 0
    st.gb_markers[g] = -1
    assert check(st, params, fresh) == 18
    st.gb_markers[g] = 2                                # markers nobody placed
    assert check(st, params, fresh) == 19
    st.gb_markers[g] = 0
    st.gb_count[0, 4] = 0
    assert check(st, params, fresh) == 17
    st.gb_count[0, 4] = 1
    st.gb_owner[3 * 23] = 0                             # under player 1's settlement
    assert check(st, params, fresh) == 16
    st.gb_owner[3 * 23] = -1
    st.knights[0] = 1                                   # a knight nobody played
    assert check(st, params, fresh) == 20
    st.knights[0] = 0
    params[GBD.P_GB_ON] = 0
    assert check(st, params, fresh) == 22
    params[GBD.P_GB_ON] = 1
    own_gb(st, 0, 13, 1)                                # a second one, over max_per_player = 1
    st.stats[0, GBD.S_GB_BOUGHT] = 2
    st.stats[0, GBD.S_SPEND_GB] = 10
    assert check(st, params, fresh) == 17


# --- records against the replay log -----------------------------------------------------

def _scenario(name="grundbesitz", games=None, sets=()):
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.toml", list(sets))
    if games is not None:
        scenario = dataclasses.replace(scenario, games=games)
    return scenario


def _batch(scenario, first=0, count=None):
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    count = scenario.games if count is None else count
    indices = np.arange(first, first + count, dtype=np.int64)
    return params, kinds, weights, indices, game_seeds(scenario.seed, first, count)


def _event_totals(events, players):
    """Per player: what the gb_* columns should be, counted from the replay log."""
    t = {name: Counter() for name in R.SEAT_COLUMNS}
    for e in events:
        p, kind = e["player"], e["type"]
        if kind == "gb_yield":
            t["gain_grundbesitz"][p] += e["amount"]
        elif kind == "gb_buy":
            t["gb_bought"][p] += 1
        elif kind == "gb_block":
            t[f"gb_markers_{e['block'].replace('strike_back', 'strike')}"][p] += e["markers"]
            t["gb_markers_received"][e["owner"]] += e["markers"]
        elif kind == "gb_remove":
            if e["removal"] != "defence":                   # a defender's removal: its gb_follow_up event
                t[f"gb_removed_{e['removal']}"][p] += 1
        elif kind == "gb_defence":
            t["gb_defences"][p] += 1
            t[f"gb_defended_{e['what']}"][p] += 1
        elif kind == "gb_follow_up":
            t[f"gb_follow_{e['follow']}"][p] += 1
    return t


def test_gb_columns_match_the_replay_log():
    scenario = _scenario(sets=["variants.grundbesitz.max_counter_depth=2"])
    params, kinds, weights, indices, seeds = _batch(scenario, 0, 12)
    rows = play_batch(params, kinds, weights, indices, seeds)
    players = scenario.players
    seen = Counter()
    for k in range(len(indices)):
        events = replay_events(params, kinds, weights, int(indices[k]), int(seeds[k]))
        totals = _event_totals(events, players)
        for name in ("gain_grundbesitz", "gb_bought", "gb_markers_response", "gb_markers_knight",
                     "gb_markers_robber", "gb_markers_strike", "gb_markers_received", "gb_removed_free",
                     "gb_removed_knight", "gb_defences") + FIGHT_COLUMNS:
            for p in range(players):
                assert seat_value(rows[k], p, name) == totals[name][p], (k, p, name)
                seen[name] += totals[name][p]
        for p in range(players):
            assert seat_value(rows[k], p, "gb_owned") == seat_value(rows[k], p, "gb_bought")
            assert seat_value(rows[k], p, "spend_grundbesitz") == 5 * seat_value(rows[k], p, "gb_bought")
    assert seen["gain_grundbesitz"] > 0 and seen["gb_bought"] > 0 and seen["gb_markers_received"] > 0


def test_the_bots_use_every_grundbesitz_option_in_the_shipped_scenario():
    # issue 14: every defence and follow-up happens where it pays; strike backs at least 0.05 a game
    scenario = _scenario("grundbesitz", games=2000)
    rows = play_batch(*_batch(scenario))
    for name in FIGHT_COLUMNS + ("gb_markers_response", "gb_markers_knight", "gb_markers_robber",
                                 "gb_removed_free", "gb_removed_knight"):
        assert seat_total(rows, name, 4) > 0, name
    assert seat_total(rows, "gb_markers_strike", 4) >= 0.05 * len(rows)


def test_markers_placed_by_all_equal_markers_received_by_all():
    scenario = _scenario("grundbesitz-4-10", games=300)
    rows = play_batch(*_batch(scenario))
    placed = sum(seat_total(rows, f"gb_markers_{k}", 4) for k in ("response", "knight", "robber", "strike"))
    assert placed > 0 and placed == seat_total(rows, "gb_markers_received", 4)
    assert seat_total(rows, "gb_owned", 4) == seat_total(rows, "gb_bought", 4) > 0
    # knights spent on Grundbesitz are among the knights played
    gb_knights = sum(seat_total(rows, f"gb_knights_{k}", 4) for k in ("block", "remove", "defence"))
    assert 0 < gb_knights <= seat_total(rows, "knights_played", 4)


def test_variant_off_writes_no_gb_records():
    scenario = _scenario("base", games=100)
    rows = play_batch(*_batch(scenario))
    assert rows.shape[1] == RowLayout(()).width            # not even a column of them (simcore.engine.rows)
    assert not {f"seat0_{c}" for c, _ in GBD.GB.seat_columns} & set(RowLayout(()).names())


# --- determinism ---------------------------------------------------------------------------

def test_same_seed_same_records_split_or_not():
    scenario = _scenario("grundbesitz-2-3-11-12")
    params, kinds, weights, indices, seeds = _batch(scenario, 0, 40)
    whole = play_batch(params, kinds, weights, indices, seeds)
    assert (play_batch(params, kinds, weights, indices, seeds) == whole).all()
    parts = [play_batch(params, kinds, weights, indices[a:b], seeds[a:b]) for a, b in ((0, 7), (7, 8), (8, 40))]
    assert (np.concatenate(parts) == whole).all()
    again = play_batch(*_batch(scenario, 7, 10))        # games 7..16 on their own
    assert (again == whole[7:17]).all()
    other = play_batch(params, kinds, weights, indices, game_seeds(scenario.seed + 1, 0, 40))
    assert (other[:, R.G_WINNER:] != whole[:, R.G_WINNER:]).any(axis=1).mean() > 0.9


def test_runner_chunks_give_identical_files(tmp_path):
    scenario = _scenario(games=30)
    run(scenario, tmp_path / "one", Tally, progress=False)
    run(scenario, tmp_path / "chunks", Tally, progress=False, chunk_games=4)
    assert (tmp_path / "one" / "games.csv").read_bytes() == (tmp_path / "chunks" / "games.csv").read_bytes()


def test_the_grundbesitz_scenarios_load_with_their_numbers():
    for name, numbers in (("grundbesitz", {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}), ("grundbesitz-2-3-11-12", {2, 3, 11, 12}),
                          ("grundbesitz-4-10", {4, 5, 6, 8, 9, 10}), ("grundbesitz-5-9", {5, 6, 8, 9})):
        params = pack_rules(_scenario(name))
        assert params[GBD.P_GB_ON] == 1
        assert {n for n in range(13) if params[GBD.P_GB_ALLOWED] >> n & 1} == numbers
    # make_params packs the variant as the loader does
    assert (make_params(4, grundbesitz={"allowed_numbers": [5, 6, 8, 9]})[GB_SLOTS]
            == pack_rules(_scenario("grundbesitz-5-9"))[GB_SLOTS]).all()
    assert resolve("landlord")[0] == resolve("blocker")[0] == resolve("greedy")[0]


_NO_JIT_SCRIPT = """
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from simcore.run.batch import play_batch
from simcore.variants import grundbesitz as GBD
data = np.load(sys.argv[2])
np.save(sys.argv[3], play_batch(data["params"], data["kinds"], data["weights"], data["indices"], data["seeds"]))
"""


def test_compiled_gb_games_equal_the_games_run_as_python(tmp_path):
    # the rule tests run the engine as Python; the batch runs it compiled: same games
    scenario = _scenario(sets=["variants.grundbesitz.max_counter_depth=2", 'seats=["random", "landlord", "blocker", "random"]'])
    inputs = _batch(scenario, 0, 3)
    np.savez(tmp_path / "in.npz", **dict(zip(("params", "kinds", "weights", "indices", "seeds"), inputs)))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    subprocess.run([sys.executable, "-c", _NO_JIT_SCRIPT, str(ROOT), str(tmp_path / "in.npz"),
                    str(tmp_path / "out.npy")], env=env, cwd=ROOT, check=True, timeout=300)
    compiled = play_batch(*inputs)
    assert seat_total(compiled, "gb_bought", 4) > 0
    assert (np.load(tmp_path / "out.npy") == compiled).all()


# the test session's warm-up jobs in this file (tests/warm.py): (job, function, rough cold compile seconds)
WARM_UP = (("grundbesitz", "warm_up", 70),)


def warm_up():
    """The test session's warm-up job (WARM_UP, tests/warm.py): the Grundbesitz
    kernels of the invariant checks, the product's and the checker's, compiled once before the tests."""
    from tests.invariants import run_checked
    run_checked(("random",) * 4, 1, 1, grundbesitz={})


# the run tests/test_conformance.py plays: variant -> function
CONFORMANCE = {"grundbesitz": "conformance"}


def conformance(games):
    """Grundbesitz's conformance run (tests/test_conformance.py)."""
    seats, seed = ("random", "landlord", "greedy", "random"), 6
    params = make_params(4, layout=P.LAYOUT_RANDOM, rotate_seats=True, grundbesitz={})
    return (params, seats, seed, *checked_games(play_checked, params, seats, games, seed))
