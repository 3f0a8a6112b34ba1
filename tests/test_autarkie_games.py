"""Whole Autarkie games (docs/rules.md, Fleisch / Autarkie), compiled: the variant's invariants after every turn
(`check_autarkie`), over random and scripted bots, and the records they write.

The loop (tests/invariants.py's play_games_checked, with this check) plays each game as
simcore.engine.game.play_game does (init_game, decide.new_game, setup_phase, play_turn), checking
after setup and after every turn; the games are the product's (same winners and lengths as
simcore.run.batch.play_batch).
"""
import numpy as np
import pytest
from numba import njit

from simcore.engine import params as P
from simcore.engine import records as R
from simcore.variants.autarkie.board import points_of
from simcore.engine.rows import RowLayout
from simcore.accel.jit import jitted  # noqa: F401  (numba's cache folder for the engine's sources)
from simcore.engine.state import DESERT
from simcore.engine.topology import CORNER_HEXES
from simcore.variants import autarkie as AD
from simcore.variants.autarkie import FIG_GESELLE, FIG_KNECHT, N_PLACES
from simcore.variants.ck import CitiesKnights
from tests.invariants import cards_kept, checked_games, checker_kernel, play_games_checked
from tests.test_autarkie_rules import aut_params

INVARIANTS = {
    1: "card kinds: bank + hands == supply for every kind (meat too), none negative",
    2: "chips: slaves + Knechte <= small_chips, none negative, at most one Geselle",
    3: "figures on the board: Knechte and the Geselle counted from the places match the players' counts "
       "(and the Geselle's recorded place)",
    4: "a figure stands at its owner's building on a producing hex; the Geselle at a city",
    5: "points == the figures' points capped at max_points, never above it, recorded in aut_points",
    6: "the card: nobody holds it only while nobody reached the threshold; its holder has the threshold "
       "and no fewer points than anybody; it passed only to a player with strictly more than the last holder "
       "(unless the last holder lost a figure in the turn, a pillage or a Saboteur, and bought back since) "
       "(ck: set aside only on a tie for the most)",
    7: "records: slaves bought - Knechte made == slaves; Knechte made - Geselle made - Knechte removed == "
       "Knechte; Geselle made - Geselle removed == Geselle; vp_autarkie == card_vp for the holder only; "
       "meat spent <= meat paid for figures; on the base substrate nothing moved, removed or sabotaged",
    8: "a policy answer was refused (st.illegal)",
}


@njit(cache=True)
def figure_losses(st, p):
    """Times p's figures were moved, removed or sabotaged (C&K): its points may have dropped."""
    if p < 0:
        return -1
    return (st.stats[p, AD.S_AUT_GESELLE_MOVED] + st.stats[p, AD.S_AUT_GESELLE_REMOVED]
            + st.stats[p, AD.S_AUT_KNECHT_MOVED] + st.stats[p, AD.S_AUT_KNECHT_REMOVED] + st.stats[p, AD.S_AUT_SABOTAGED])


@njit(cache=True)
def check_autarkie(st, params, before, losses):
    """The first broken invariant, or 0; `before`: the holder after the previous turn, `losses`: its
    figure_losses then (the card may pass while its points are down and they come back in the turn)."""
    players = st.players
    if cards_kept(st, params):
        return 1
    ck = params[AD.P_AUT_SUBSTRATE] == AD.SUBSTRATE_CK
    knechte = np.zeros(players, np.int64)
    geselle = np.zeros(players, np.int64)
    for g in range(N_PLACES):
        fig = st.aut_fig[g]
        if fig == 0:
            continue
        c = g // 3
        h = CORNER_HEXES[c, g % 3]
        o = st.corner_owner[c]
        if o < 0 or h < 0 or st.hex_resource[h] == DESERT:
            return 4
        if fig == FIG_KNECHT:
            knechte[o] += 1
        elif fig == FIG_GESELLE:
            if st.corner_level[c] != 2:
                return 4
            if st.aut_geselle_at[o] != g:
                return 3
            geselle[o] += 1
        else:
            return 3
    most, n_most = 0, 0
    for p in range(players):
        if st.aut_slaves[p] < 0 or st.aut_knechte[p] < 0 or st.aut_geselle[p] < 0 or st.aut_geselle[p] > 1:
            return 2
        if st.aut_slaves[p] + st.aut_knechte[p] > params[AD.P_AUT_CHIPS]:
            return 2
        if knechte[p] != st.aut_knechte[p] or geselle[p] != st.aut_geselle[p]:
            return 3
        if geselle[p] == 0 and st.aut_geselle_at[p] != -1:
            return 3
        n = points_of(st, params, p)
        if st.aut_points[p] != n or n > params[AD.P_AUT_MAX] or st.stats[p, AD.S_AUT_POINTS] != n:
            return 5
        if n > most:
            most, n_most = n, 1
        elif n == most:
            n_most += 1
        if st.stats[p, AD.S_AUT_SLAVES] - st.stats[p, AD.S_AUT_KNECHTE] != st.aut_slaves[p]:
            return 7
        made = st.stats[p, AD.S_AUT_KNECHTE] - st.stats[p, AD.S_AUT_GESELLE] - st.stats[p, AD.S_AUT_KNECHT_REMOVED]
        if made != st.aut_knechte[p]:
            return 7
        if st.stats[p, AD.S_AUT_GESELLE] - st.stats[p, AD.S_AUT_GESELLE_REMOVED] != st.aut_geselle[p]:
            return 7
        if not ck and (st.stats[p, AD.S_AUT_GESELLE_MOVED] + st.stats[p, AD.S_AUT_KNECHT_MOVED]
                       + st.stats[p, AD.S_AUT_KNECHT_REMOVED] + st.stats[p, AD.S_AUT_SABOTAGED]) > 0:
            return 7
        if st.stats[p, AD.S_VP_AUTARKIE] != (params[AD.P_AUT_CARD_VP] if st.aut_holder == p else 0):
            return 7
        if st.stats[p, AD.S_AUT_MEAT_SPENT] > st.stats[p, AD.S_SPEND_AUTARKIE]:
            return 7
    holder = st.aut_holder
    if holder < 0:
        if most >= params[AD.P_AUT_THRESHOLD] and not (ck and n_most > 1):
            return 6
    elif st.aut_points[holder] < params[AD.P_AUT_THRESHOLD] or st.aut_points[holder] < most:
        return 6
    elif (before >= 0 and holder != before and st.aut_points[holder] <= st.aut_points[before]
          and figure_losses(st, before) == losses):
        return 6
    if st.illegal > 0:
        return 8
    return 0


@njit(cache=True)
def check_turn(st, params, memo, row):
    """check_autarkie, memo[0] keeping the holder after the previous turn, memo[1] its figure losses;
    row[3] = turns, row[4] = the card's changes of hands."""
    code = check_autarkie(st, params, memo[0], memo[1])
    memo[0] = st.aut_holder
    memo[1] = figure_losses(st, st.aut_holder)
    row[3] = st.turn
    row[4] = st.aut_game[AD.G_AUT_CHANGES]
    return code


@checker_kernel
def play_checked(params, kinds, weights, game_indices, seeds, buf, buf_bytes, out):
    """out[i] = (first broken invariant or 0, turn, winner, turns, card changes)."""
    play_games_checked(check_turn, params, kinds, weights, game_indices, seeds, buf, buf_bytes, out)


CASES = {
    # name: (seats, games, seed, rules)
    "random": (("random",) * 4, 300, 41, {}),
    "mixed-low-threshold": (("autarkist", "random", "greedy", "autarkist"), 300, 42,
                            {"card_threshold": 2, "card_vp": 1}),
    "bots-3p-few-chips": (("autarkist", "greedy", "devcards"), 300, 43,
                          {"small_chips": 2, "max_points": 7, "points": [1, 2, 3]}),
    "random-scarce-meat": (("random", "autarkist", "random", "autarkist"), 300, 44,
                           {"meat_supply": 2, "card_threshold": 4}),
    # the C&K substrate (tests/test_autarkie_ck.py builds its params): frequent barbarians and Saboteurs
    "ck-bots": (("autarkist", "greedy", "knights", "random"), 200, 45,
                {"substrate": "ck", "card_threshold": 4, "ck": {"barbarian_steps": 4,
                                                                "progress_deck": {"saboteur": 8}}}),
    "ck-random-remove": (("random", "autarkist", "random", "science"), 200, 46,
                         {"substrate": "ck", "relocation": "remove", "ck": {"barbarian_steps": 3}}),
    # strong seats: the look-ahead leaves no trace
    "strong": (("strong", "autarkist", "greedy", "strong"), 150, 47, {}),
    "ck-strong": (("strong", "autarkist", "knights", "strong"), 100, 48, {"substrate": "ck", "ck": {}}),
}


def play_case(seats, games, seed, rules):
    """(out, seeds, the product's records) of a checked run."""
    return checked_games(play_checked, case_params(seats, rules), seats, games, seed)


def case_params(seats, rules):
    """The packed rules of a case."""
    if rules.get("substrate") == "ck":
        from tests.test_autarkie_ck import ck_aut_params
        rules = dict(rules)
        ck = rules.pop("ck")
        ck["progress_deck"] = {**CitiesKnights().progress_deck, **ck.get("progress_deck", {})}
        params = ck_aut_params(players=len(seats), ck=ck, **{k: v for k, v in rules.items() if k != "substrate"})
    else:
        params = aut_params(players=len(seats), **rules)
    params[P.P_LAYOUT] = P.LAYOUT_RANDOM
    params[P.P_ROTATE_SEATS] = 1
    params[P.P_DOMESTIC_TRADE] = 1
    return params


@pytest.fixture(scope="module", params=list(CASES))
def checked(request):
    seats, games, seed, rules = CASES[request.param]
    return (request.param, *play_case(seats, games, seed, rules), len(seats))


def row_layout(case):
    """The columns of a case's record rows: Autarkie's, and C&K's on the C&K substrate."""
    return RowLayout(("ck", "autarkie") if CASES[case][3].get("substrate") == "ck" else ("autarkie",))


def column(rows, layout, name, players):
    return np.array([rows[:, layout.at(s, name)] for s in range(players)]).T


def test_invariants_hold_after_every_turn(checked):
    name, out, seeds, rows, players = checked
    failed = np.flatnonzero(out[:, 0])
    if len(failed):
        g = failed[0]
        pytest.fail(f"{name}: {len(failed)} of {len(out)} games broke an invariant; first: game {g} "
                    f"(seed {seeds[g]}) after turn {out[g, 1]}: {INVARIANTS[out[g, 0]]}")
    assert (rows[:, R.G_WINNER] == out[:, 2]).all() and (rows[:, R.G_TURNS] == out[:, 3]).all()


def test_the_rules_are_exercised(checked):
    """Every step, both yields, the card's award and its passing happen in these games."""
    name, out, seeds, rows, players = checked
    layout = row_layout(name)
    for c in ("aut_slaves", "aut_knechte", "aut_geselle", "gain_knecht", "aut_meat_produced",
              "aut_card_taken", "aut_card_turns"):
        assert column(rows, layout, c, players).sum() > 0, (name, c)
    if name != "random-scarce-meat":
        assert column(rows, layout, "gain_geselle", players).sum() > 0, name
    assert out[:, 4].sum() > 0, (name, "the card never changed hands")
    if name == "ck-bots":   # the autarkist's Gesellen meet the Saboteur and the barbarians (aut_geselle)
        assert column(rows, layout, "aut_sabotaged", players).sum() > 0, name
        moved = column(rows, layout, "aut_geselle_moved", players) + column(rows, layout, "aut_geselle_removed", players)
        assert moved.sum() > 0
    holder = rows[:, layout.game_at("aut_holder")]
    vp = column(rows, layout, "vp_autarkie", players)
    for g in range(len(rows)):
        assert (vp[g] > 0).sum() == (1 if holder[g] >= 0 else 0)
        if holder[g] >= 0:
            assert vp[g, holder[g]] > 0


# the test session's warm-up jobs in this file (tests/warm.py): (job, function, rough cold compile seconds)
WARM_UP = (("autarkie", "warm_up", 60), ("autarkie-ck", "warm_up_ck", 120))


def warm_up():
    """A warm-up job of the test session (WARM_UP, tests/warm.py): the kernels of
    Autarkie on the base game, the product's and the checker's, compiled once before the tests."""
    play_case(*CASES["random"][:1], 1, *CASES["random"][2:])


def warm_up_ck():
    """The same for Autarkie on Cities & Knights."""
    seats, _, seed, rules = CASES["ck-bots"]
    play_case(seats, 1, seed, {**rules, "ck": dict(rules["ck"])})


# the run tests/test_conformance.py plays: variant -> function
CONFORMANCE = {"autarkie": "conformance"}


def conformance(games):
    """Autarkie's conformance run (tests/test_conformance.py): on the base game."""
    seats, _, seed, rules = CASES["mixed-low-threshold"]
    return (case_params(seats, rules), seats, seed, *play_case(seats, games, seed, rules))
