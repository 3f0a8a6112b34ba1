"""The `strong` kind (issue 36): a one-ply look-ahead that restores the state byte for byte, reads
nothing its seat cannot know, plays legal and reproducible games, and carries a rollout on top."""
import re

import numpy as np
import pytest

from policies import decide, strong
from policies.common import public_vp
from policies.registry import resolve
from policies.weights import KIND_NAMES, V_STYLE, WEIGHTS
from simcore.engine import lookahead
from simcore.engine import apply
from simcore.engine.actions import A_BUY_DEV, A_KNIGHT, A_LOOKAHEAD, A_MONOPOLY
from simcore.engine.game import begin_game, play_turn, setup_phase
from simcore.engine.state import (DEV_KNIGHT, DEV_MONOPOLY, DEV_VP, N_DEV_CARDS, N_RESOURCES, game_bytes,
                                  new_state_buffer)
from simcore.run.batch import play_batch
from simcore.engine.errors import ScenarioError
from simcore.run.config import find_scenario, load_scenario, pack_policies, pack_rules
from simcore.run.seeds import game_seeds
from tests.positions import batch_inputs

SEATS = ("strong", "greedy", "greedy", "greedy")


def inputs(seats=SEATS, games=6, seed=7):
    return batch_inputs(seats, games, seed)


def test_strong_is_a_preset_of_the_strong_kind():
    kind, weights = resolve("strong")
    assert kind == KIND_NAMES["strong"] and weights.any()


def test_strong_games_are_legal_reproducible_and_not_the_greedy_games():
    params, kinds, weights, indices, seeds = inputs(games=20)
    buf = new_state_buffer(params)
    rows = play_batch(params, kinds, weights, indices, seeds, buf=buf)
    assert buf[0].illegal == 0
    assert (play_batch(params, kinds, weights, indices, seeds) == rows).all()
    alone = play_batch(params, kinds, weights, indices[5:6], seeds[5:6])
    assert (alone[0] == rows[5]).all()
    greedy = inputs(("greedy",) * 4, games=20)
    assert (play_batch(*greedy) != rows).any()


def decision(wanted, seats=SEATS, policies=None):
    """A game played in Python to the start of a turn of seat 0 (strong) at which it would list
    several options and which meets `wanted(st)`: (buf, the options' count).  `policies`: (kinds,
    weights) instead of the seats' presets."""
    params, kinds, weights, _, _ = inputs(seats)
    if policies is not None:
        kinds, weights = policies
    buf = new_state_buffer(params)
    for seed in range(1, 20):
        st = begin_game(buf, game_bytes(buf), params, kinds, weights, 0, seed, 0)
        setup_phase(st)
        while st.winner < 0 and st.turn < 400:
            p = st.turn % st.players
            if p == 0 and wanted(st):
                probe = buf.copy()
                a, n, _ = decide.action(probe[0], 0)
                if a == A_LOOKAHEAD and n > 2:
                    return buf, n
            play_turn(st, p)
    pytest.fail("no such decision in 19 games")


def values(buf, n, change=None):
    """Each listed option's value, played on a copy of the position in which `change` altered what
    seat 0 cannot see; and the state after the valuations, which must be the position again."""
    buf = buf.copy()
    st = buf[0]
    if change is not None:
        change(st)
    np.random.seed(5)   # the same ties and draws in every call
    a, listed, _ = decide.action(st, 0)
    n = listed if a == A_LOOKAHEAD else n
    before = game_bytes(buf).copy()
    out = []
    for k in range(n):
        out.append(lookahead.option_value(st, 0, st.cand_a[k], st.cand_x[k], st.cand_y[k], k == 0))
        game_bytes(buf)[:] = before
    lookahead.best_candidate(st, 0, n)
    assert (game_bytes(buf) == before).all()   # the look-ahead restored every byte
    return [round(v, 9) for v in out], [(int(st.cand_a[k]), int(st.cand_x[k])) for k in range(n)]


def hidden_card_of(q, card):
    """Seat q's first hidden development card becomes `card`, the deck's first `card` the one q held."""
    def change(st):
        held = int(np.flatnonzero(st.dev_hand[q] + st.dev_new[q])[0])
        if held == card:
            return
        at = st.dev_top + int(np.flatnonzero(st.dev_deck[st.dev_top:N_DEV_CARDS] == card)[0])
        row = st.dev_hand if st.dev_hand[q, held] > 0 else st.dev_new
        row[q, held] -= 1
        row[q, card] += 1
        st.dev_deck[at] = held
    return change


def next_card(card):
    """The deck's next card becomes `card` (swapped with a later one)."""
    def change(st):
        deck = st.dev_deck
        at = st.dev_top + int(np.flatnonzero(deck[st.dev_top:N_DEV_CARDS] == card)[0])
        deck[st.dev_top], deck[at] = deck[at], deck[st.dev_top]
    return change


def opponent_holds_a_card(st):
    """Seat 1 holds a development card, leads seat 0's opponents in shown VP, and the deck has both kinds."""
    deck = st.dev_deck[st.dev_top:N_DEV_CARDS]
    leads = public_vp(st, 1) >= max(public_vp(st, 2), public_vp(st, 3))
    return (st.dev_hand[1].sum() + st.dev_new[1].sum() > 0 and leads and (deck == DEV_KNIGHT).any()
            and (deck == DEV_VP).any())


def test_the_valuation_does_not_depend_on_an_opponents_hidden_card(monkeypatch):
    buf, n = decision(wanted=opponent_holds_a_card)
    assert values(buf, n, hidden_card_of(1, DEV_KNIGHT)) == values(buf, n, hidden_card_of(1, DEV_VP))
    # the check can fail: a valuation counting the opponent's VP cards sees the swap
    monkeypatch.setattr(strong, "public_vp", lambda st, q: strong.victory_points(st, q))
    assert values(buf, n, hidden_card_of(1, DEV_KNIGHT)) != values(buf, n, hidden_card_of(1, DEV_VP))


def can_buy_a_card(st):
    deck = st.dev_deck[st.dev_top:N_DEV_CARDS]
    return (st.hand[0, 2:5] > 0).all() and (deck == DEV_KNIGHT).any() and (deck == DEV_VP).any()


def test_a_card_bought_in_the_look_ahead_is_valued_without_its_kind(monkeypatch):
    buf, n = decision(wanted=can_buy_a_card)
    as_knight, options = values(buf, n, next_card(DEV_KNIGHT))
    assert (A_BUY_DEV, 0) in options
    assert (as_knight, options) == values(buf, n, next_card(DEV_VP))
    # the check can fail: without taking the card's kind away, a VP card counts at once
    monkeypatch.setattr(lookahead, "A_BUY_DEV", -99)
    assert values(buf, n, next_card(DEV_KNIGHT)) != values(buf, n, next_card(DEV_VP))


def monopoly_against(kind):
    """Seat 0 holds a Monopoly card (its own: it knows it); seat 1 holds as many cards as before (public),
    all of resource `kind` (4 ore, 2 wool: its secret)."""
    def change(st):
        st.dev_hand[0, DEV_MONOPOLY] += 1
        held = int(st.hand[1, :N_RESOURCES].sum())
        st.hand[1, :N_RESOURCES] = 0
        st.hand[1, kind] = held
    return change


def test_a_monopoly_or_a_steal_in_the_look_ahead_takes_nothing_from_the_others_hidden_hands(monkeypatch):
    buf, n = decision(wanted=lambda st: st.hand[1].sum() >= 3)
    ore, options = values(buf, n, monopoly_against(4))
    wool, same = values(buf, n, monopoly_against(2))
    played = [k for k, (a, _) in enumerate(options) if a in (A_MONOPOLY, A_KNIGHT)]
    assert played and same == options
    assert [ore[k] for k in played] == [wool[k] for k in played]
    # the check can fail: a look-ahead that lets the cards move sees what seat 1 holds
    monkeypatch.setattr(lookahead, "begin_look", lambda st: setattr(st, "log_on", 0))
    ore, _ = values(buf, n, monopoly_against(4))
    wool, _ = values(buf, n, monopoly_against(2))
    assert [ore[k] for k in played] != [wool[k] for k in played]


def test_an_offer_tried_in_the_look_ahead_asks_nobody(monkeypatch):
    params, kinds, weights, _, seeds = inputs()
    buf = new_state_buffer(params)
    st = begin_game(buf, game_bytes(buf), params, kinds, weights, 0, int(seeds[0]), 0)
    st.hand[0, 2], st.hand[1:4, 4] = 1, 3   # wool; ore
    asked = []
    monkeypatch.setattr(decide, "accept_offer", lambda st, q, p, give, get: asked.append(q) or False)
    for looking, who in ((1, []), (0, [1, 2, 3])):
        asked.clear()
        st.looking = looking
        apply.offer(st, 0, 2, 4)
        assert asked == who


def test_a_rollout_seat_over_a_strong_base_plays_legal_reproducible_games(scenario_file):
    path = scenario_file("name = 'r'\nplayers = 4\ngames = 2\nseed = 5\n"
                         "[[seats]]\npolicy = 'rollout'\nbase = 'strong'\ncandidates = 3\nrollouts = 2\nhorizon = 4\n"
                         + "[[seats]]\npolicy = 'greedy'\n" * 3)
    s = load_scenario(path)
    params = pack_rules(s)
    kinds, weights = pack_policies(s)
    seeds = game_seeds(s.seed, 0, 2)
    buf = new_state_buffer(params)
    rows = play_batch(params, kinds, weights, np.arange(2), seeds, buf=buf)
    assert buf[0].illegal == 0   # every play-out met the decision the real game reported
    assert (play_batch(params, kinds, weights, np.arange(2), seeds) == rows).all()


def styled(style="roads"):
    s = load_scenario(find_scenario("base"), [f'seats=[{{policy="strong", style="{style}"}}, "greedy", "greedy", "greedy"]'])
    return s, pack_policies(s)


def test_a_style_gives_the_strong_seat_the_styles_builder_and_the_strong_valuation():
    s, (kinds, weights) = styled("roads")
    assert s.seats[0].search == {"style": "roads"} and kinds[0] == KIND_NAMES["strong"]
    roads, strong_weights = resolve("roads")[1], resolve("strong")[1]
    value = [i for name, (i, _) in WEIGHTS.items() if name.startswith("v_") and i != V_STYLE]
    builder = [i for name, (i, _) in WEIGHTS.items() if not name.startswith("v_")]
    assert (weights[0][builder] == roads[builder]).all() and (weights[0][value] == strong_weights[value]).all()
    assert weights[0][V_STYLE] == 1.0


@pytest.mark.parametrize("seat, fragment", [
    ('{policy="strong", style="nosuch"}', 'seats[0].style: unknown policy "nosuch"'),
    ('{policy="strong", style="strong"}', "seats[0].style: strong is not a builder preset"),
    ('{policy="greedy", style="roads"}', "seats[0].style: only a strong seat has style"),
    ('{policy="strong", style=3}', "seats[0].style: expected a preset name"),
])
def test_a_bad_style_is_one_error_naming_the_key(seat, fragment):
    with pytest.raises(ScenarioError, match=re.escape(fragment)):
        load_scenario(find_scenario("base"), [f'seats=[{seat}, "greedy", "greedy", "greedy"]'])


def test_a_strong_seat_with_a_style_chooses_only_among_its_builders_action():
    _, (kinds, weights) = styled("roads")

    def options(w):
        buf, n = found
        probe = buf.copy()
        probe[0].weights[0] = w
        np.random.seed(5)
        a, n, _ = decide.action(probe[0], 0)
        return {int(c) for c in probe[0].cand_a[:n]} if a == A_LOOKAHEAD else {int(a)}

    found = decision(lambda st: True, policies=(kinds, weights))
    restricted = options(weights[0])
    assert len(restricted) == 1   # the builder's own action: which corner, which trade, ...
    free = weights[0].copy()
    free[V_STYLE] = 0.0
    assert len(options(free)) > 1   # unrestricted, the same seat weighs other actions (and ending the turn)
