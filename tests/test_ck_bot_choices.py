"""The C&K builder's card choices (policies.variants.ck.progress): the loops of its own that the cards
played most use (best_answer's Merchant, Bishop, Inventor, Diplomat, Deserter, corner cards,
constant scores) answer as the one generic loop over pick_ok and score does, and the
Inventor's one-pass gain as its two best_answer passes; the rules' first allowed answer
(ck_progress_board.first_ok, loops of its own) as the loop over pick_ok, and can_play's counts
as the corner scans they replace; on positions of real games."""
import numpy as np
import pytest

from policies.variants.ck import progress as pc
from simcore.run.batch import play_batch
from simcore.variants.ck.progress_board import (GRAIN, MEDICINE_GRAIN, MEDICINE_ORE, ORE, answers, any_corner, can_play,
                                                first_ok, pick_ok)
from simcore.run.config import find_scenario, load_scenario, pack_policies, pack_rules
from simcore.engine.params import P_MAX_TURNS
from simcore.run.seeds import game_seeds
from simcore.engine.state import PIECE_CITY, PIPS, new_state_buffer
from simcore.engine.topology import N_HEXES
from simcore.variants.ck import (CARD_ALCHEMIST, CARD_ENGINEER, CARD_INTRIGUE, CARD_INVENTOR, CARD_MEDICINE, CARD_SMITH,
                                 N_PROGRESS)


def generic_best(st, q, card, k, w):
    """best_answer as one loop over every answer (the reference)."""
    best, where = -1e18, -1
    s = pc.alchemist_sum(st, q) if card == CARD_ALCHEMIST else 0
    for x in range(answers(st, card, k)):
        if pick_ok(st, q, card, k, x):
            v = pc.score(st, q, card, k, x, w, s)
            if v > best:
                best, where = v, x
    return where


def generic_inventor_gain(st, p):
    w = st.weights[p]
    a = generic_best(st, p, CARD_INVENTOR, 0, w)
    if a < 0:
        return 0
    b, best = -1, -1e9
    for x in range(N_HEXES):
        if x != a and pick_ok(st, p, CARD_INVENTOR, 0, x):
            v = pc.score(st, p, CARD_INVENTOR, 1, x, w, 0)
            if v > best:
                best, b = v, x
    if b < 0:
        return 0
    d = PIPS[st.hex_number[b]] - PIPS[st.hex_number[a]]
    return d * (pc.levels_at(st, p, a) - pc.levels_at(st, p, b))


STOPS = (20, 40, 60, 80, 100, 140)


@pytest.fixture(scope="module")
def positions():
    """End states of greedy-family C&K games stopped after 20 to 140 turns (played when the first
    test asks, not while pytest collects)."""
    sc = load_scenario(find_scenario("ck"), [])
    params = pack_rules(sc)
    kinds, weights = pack_policies(sc)
    buf = new_state_buffer(params)
    out = []
    for i, turns in enumerate(STOPS):
        params[P_MAX_TURNS] = turns
        play_batch(params, kinds, weights, np.array([i]), game_seeds(7, i, 1), buf=buf)
        out.append(buf.copy()[0])
    return out


@pytest.fixture(params=range(len(STOPS)), ids=[f"{t}-turns" for t in STOPS])
def st(positions, request):
    return positions[request.param]


def test_the_own_loops_choose_as_the_generic_one(st):
    for q in range(st.players):
        w = st.weights[q]
        assert pc.inventor_gain(st, q) == generic_inventor_gain(st, q)
        for card in range(N_PROGRESS):
            for k in range(3):
                for pick in range(st.players):           # the earlier answer later choices depend on
                    st.ck_pick = pick
                    assert pc.best_answer(st, q, card, k, w) == generic_best(st, q, card, k, w), (q, card, k)


def generic_first(st, q, card, k):
    """first_ok as one loop over every answer through pick_ok (the reference)."""
    for x in range(answers(st, card, k)):
        if pick_ok(st, q, card, k, x):
            return x
    return -1


def generic_can_play(st, p, card):
    """can_play's card conditions with every corner card scanned (the reference of its counts:
    Medicine a settlement, Engineer a city without a wall, Smith a knight to promote,
    Intrigue an opposing knight by p's road)."""
    if card == CARD_MEDICINE:
        return (st.hand[p, ORE] >= MEDICINE_ORE and st.hand[p, GRAIN] >= MEDICINE_GRAIN and st.pieces[p, PIECE_CITY] > 0
                and st.ck_damaged_n[p] == 0 and any_corner(st, p, card))
    if card in (CARD_INTRIGUE, CARD_SMITH, CARD_ENGINEER):
        return any_corner(st, p, card)
    return can_play(st, p, card)


def test_the_own_first_answer_loops_and_counts_agree_with_the_scans(st):
    for q in range(st.players):
        held = st.ck_progress[q].copy()
        for card in range(N_PROGRESS):
            for k in range(3):
                for pick in range(st.players):
                    st.ck_pick = pick
                    assert first_ok(st, q, card, k) == generic_first(st, q, card, k), (q, card, k, pick)
            st.ck_progress[q, card] = 1
            assert can_play(st, q, card) == generic_can_play(st, q, card), (q, card)
        st.ck_progress[q] = held
