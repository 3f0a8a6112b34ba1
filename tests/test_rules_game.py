"""Victory points, winning and the end of a game (docs/rules.md, Base game: the player who reaches
`victory_points` on their own turn wins; `max_turns` ends a game without a winner)."""
import numpy as np
import pytest

from policies.registry import resolve
from simcore.engine import records as R
from simcore.engine.actions import A_BUY_DEV, A_END, A_SETTLEMENT
from simcore.run.batch import play_batch
from simcore.engine.game import play_turn
from simcore.engine.rows import RowLayout
from simcore.run.seeds import game_seeds
from simcore.engine.state import DEV_VP, victory_points
from tests.positions import city, deal, make_params, new_position, roads, script, seed_next_roll, settle


@pytest.mark.parametrize("supply", [19, 24])
def test_bank_starts_with_the_resource_supply(supply):
    # docs/rules.md, Base game: bank 19 of each resource (bank.resource_supply; 24 in the 1998 German sets)
    st, _ = new_position(supply=supply)
    assert list(st.bank) == [supply] * 5 and st.hand.sum() == 0


def _nine_points(st, p):
    """4 cities and a settlement at 27 with a road to the free corner 28."""
    for c in (0, 2, 11, 15):
        city(st, p, c)
    settle(st, p, 27)
    roads(st, p, [27, 33, 28])
    assert victory_points(st, p) == 9


def test_victory_points_count_buildings_cards_and_awards():
    # docs/rules.md, Base game: settlement 1, city 2, VP card 1, largest army 2, longest road 2
    st, _ = new_position()
    settle(st, 0, 13)
    city(st, 0, 45)
    st.dev_hand[0, DEV_VP] = 1
    st.dev_new[0, DEV_VP] = 1          # bought this turn: counts at once
    assert victory_points(st, 0) == 1 + 2 + 2
    st.army_holder = 0
    assert victory_points(st, 0) == 7
    st.road_holder = 0
    assert victory_points(st, 0) == 9
    assert victory_points(st, 1) == 0


def test_building_the_tenth_point_wins_at_once(monkeypatch):
    # docs/rules.md, Base game: reaching victory_points on one's own turn wins, at once
    st, params = new_position()
    _nine_points(st, 0)
    deal(st, 0, [1, 1, 1, 1, 0])
    calls = script(monkeypatch, "action", (A_SETTLEMENT, 28, 0), (A_END, 0, 0))
    seed_next_roll(5)
    play_turn(st, 0)
    assert st.winner == 0
    assert len(calls) == 1             # the turn ended with the win


def test_buying_the_tenth_point_as_a_vp_card_wins(monkeypatch):
    st, params = new_position()
    _nine_points(st, 0)
    deal(st, 0, [0, 0, 1, 1, 1])
    st.dev_deck[st.dev_top] = DEV_VP
    script(monkeypatch, "action", (A_BUY_DEV, 0, 0), (A_END, 0, 0))
    seed_next_roll(5)
    play_turn(st, 0)
    assert st.winner == 0


def test_points_reached_off_turn_win_only_on_the_own_turn(monkeypatch):
    # docs/rules.md, Base game: ... on their own turn: player 1 with 10 points does not win in player 0's turn
    st, params = new_position()
    _nine_points(st, 1)
    st.dev_hand[1, DEV_VP] = 1
    assert victory_points(st, 1) == 10
    calls = script(monkeypatch, "action", (A_END, 0, 0))
    seed_next_roll(5)
    play_turn(st, 0)
    assert st.winner == -1
    play_turn(st, 1)
    assert st.winner == 1
    assert len(calls) == 1             # player 1 won before acting


@pytest.mark.parametrize("target, wins", [(5, True), (6, False)])
def test_the_victory_points_parameter_sets_the_target(monkeypatch, target, wins):
    st, params = new_position(victory_points=target)
    city(st, 0, 13)
    city(st, 0, 45)
    settle(st, 0, 24)
    script(monkeypatch, "action", (A_END, 0, 0))
    seed_next_roll(5)
    play_turn(st, 0)
    assert (st.winner == 0) == wins


def _batch(policy, players=4, n=5, **rules):
    kind, weights = resolve(policy)
    params = make_params(players, **rules)
    return play_batch(params, np.full(players, kind), np.tile(weights, (players, 1)), np.arange(n),
                      game_seeds(3, 0, n))


def test_max_turns_ends_the_game_without_a_winner():
    # docs/rules.md, Base game: a game that reaches max_turns ends without a winner and is reported as such
    out = _batch("greedy", max_turns=12)
    assert (out[:, R.G_WINNER] == -1).all()
    assert (out[:, R.G_TURNS] == 12).all()
    assert (out[:, R.G_ROUNDS] == 3).all()


def test_games_end_when_someone_wins():
    out = _batch("greedy", n=20)
    winners = out[:, R.G_WINNER]
    assert (winners >= 0).all()
    vp = out[np.arange(20), RowLayout(()).at(winners, R.S_VP)]
    assert (vp >= 10).all()
    # the winner won on its own turn: turns are taken in seat order from seat 0
    assert ((out[:, R.G_TURNS] - 1) % 4 == winners).all()
    assert (out[:, R.G_TURNS] < 1000).all()


def test_record_vp_columns_add_up():
    out = _batch("greedy", n=20)
    for seat in range(4):
        base = RowLayout(()).block(seat)[0]
        parts = out[:, base + R.S_VP_SETTLEMENTS: base + R.S_VP_ROAD + 1].sum(axis=1)
        assert (out[:, base + R.S_VP] == parts).all()
        assert (out[:, base + R.S_VP_SETTLEMENTS] == out[:, base + R.S_SETTLEMENTS]).all()
        assert (out[:, base + R.S_VP_CITIES] == 2 * out[:, base + R.S_CITIES]).all()
