"""The official Cities & Knights readings as [ck] parameters (docs/ck-readings.md, issue 30
item 3): each value of each parameter on a built position.

Beginner board: hex 0 ore 10 (corners 4 0 3 7 12 8), hex 1 wool 2 (5 1 4 8 13 9), hex 4 brick 6
(13 8 12 17 23 18).  Paths: 13-8-12-17, 13-9, 8-4."""
import pytest

from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.variants import ck as CKD
from simcore.variants.ck import A_CK_IMPROVE, DRAW_GATE, E_CK_DISCARD_PROGRESS
from simcore.variants.ck.barbarians import attack
from simcore.variants.ck.board import barbarian_strength, can_improve, progress_in_hand
from simcore.variants.ck.cards import draw
from simcore.variants.ck.progress_board import can_play
from tests.ck_positions import CLOTH, COIN, KINDS, ck_position, conserved
from tests.positions import city, deal, roads, script
from tests.test_ck_knights import _knight
from tests.test_ck_progress import C, _decks_whole, _give, _play

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
SCIENCE, TRADE, POLITICS = range(3)


# --- defender_after_cards: the VP when the 6 Defender cards are gone --------------------------

@pytest.mark.parametrize("reading", ["none", "vp"])
def test_defender_after_the_cards_are_gone(reading):
    st, params = ck_position(defender_after_cards=reading)
    city(st, 0, 4)
    roads(st, 0, [4, 8, 12])
    _knight(st, 0, 8, 2, active=True)                    # 2 >= 1 city: Catan holds, 0 alone strongest
    st.ck_defenders_left = 0
    attack(st)
    assert st.ck_defender[0] == (1 if reading == "vp" else 0) and st.ck_defenders_left == 0
    assert st.stats[0, CKD.S_CK_VP_DEFENDER] == st.ck_defender[0]


# --- fifth_progress_card: drawn, then one discarded; or not drawn ----------------------------

def _four_cards_and_a_spy_on_top(st):
    for name in ("bishop", "bishop", "deserter", "diplomat"):
        _give(st, 0, name)
    t = CKD.PROGRESS_COLOUR[C["spy"]]
    top = st.ck_deck_top[t]
    for i in range(st.ck_deck_n[t]):                     # a Spy to the top of the politics deck
        j = (top + i) % CKD.DECK_ROOM
        if st.ck_deck[t, j] == C["spy"]:
            st.ck_deck[t, j], st.ck_deck[t, top] = st.ck_deck[t, top], C["spy"]
            return t
    raise AssertionError("no spy")


def test_fifth_progress_card_refused(monkeypatch):
    st, params = ck_position(fifth_progress_card="refuse")
    t = _four_cards_and_a_spy_on_top(st)
    assert draw(st, 0, t, DRAW_GATE) == -1 and progress_in_hand(st, 0) == 4


def test_fifth_progress_card_drawn_then_one_discarded(monkeypatch):
    st, params = ck_position(fifth_progress_card="discard")
    st.log_on = 1
    t = _four_cards_and_a_spy_on_top(st)
    n = st.ck_deck_n[t]
    asked = script(monkeypatch, "ck_progress_discard", C["bishop"])
    assert draw(st, 0, t, DRAW_GATE) == C["spy"]
    assert asked == [(0,)] and progress_in_hand(st, 0) == 4
    assert st.ck_progress[0, C["spy"]] == 1 and st.ck_progress[0, C["bishop"]] == 1
    assert st.ck_deck_n[t] == n and _decks_whole(st, params)   # the Bishop went under its deck
    events = [row for row in st.log[:st.log_n] if row[0] == E_CK_DISCARD_PROGRESS]
    assert len(events) == 1 and events[0][2] == C["bishop"] and st.illegal == 0


# --- level_5_after_holder: level 5 when the metropolis holder is at 5 --------------------------

def _metropolis_of_0(t, level, **ck):
    """Player 0's only city (corner 4) holds track t's metropolis at `level`; player 1 has a city at 13."""
    st, params = ck_position(**ck)
    city(st, 0, 4)
    city(st, 1, 13)
    st.ck_level[0, t] = level
    st.ck_metro[t], st.ck_metro_corner[t] = 0, 4
    return st, params


@pytest.mark.parametrize("reading", ["blocked", "allowed"])
def test_level_five_after_the_holder_is_at_five(reading):
    st, params = _metropolis_of_0(POLITICS, 5, level_5_after_holder=reading)
    st.ck_level[1, POLITICS] = 4
    deal(st, 1, kinds=KINDS, coin=5)
    assert can_improve(st, 1, POLITICS) == (reading == "allowed")
    if reading == "allowed":
        assert is_legal(st, 1, A_CK_IMPROVE, POLITICS, 0)
        apply_action(st, 1, A_CK_IMPROVE, POLITICS, 0)
        assert st.ck_level[1, POLITICS] == 5 and st.ck_metro[POLITICS] == 0   # no metropolis for it
        assert st.hand[1, COIN] == 0 and conserved(st, params)


# --- metropolis_city: level 4 when the only city is a metropolis --------------------------------

@pytest.mark.parametrize("reading", ["when_taking", "always"])
def test_level_four_when_the_only_city_is_a_metropolis(reading):
    st, params = _metropolis_of_0(SCIENCE, 4, metropolis_city=reading)   # 0's only city is a metropolis
    st.ck_level[1, POLITICS] = 4
    st.ck_metro[POLITICS], st.ck_metro_corner[POLITICS] = 1, 13
    st.ck_level[0, POLITICS] = 3
    st.ck_level[0, TRADE] = 3
    deal(st, 0, kinds=KINDS, coin=4, cloth=4)
    # politics 4 would take no metropolis (1 holds it): allowed only when the city is needed for taking one
    assert can_improve(st, 0, POLITICS) == (reading == "when_taking")
    assert not can_improve(st, 0, TRADE)          # trade 4 would take the metropolis: no city for it either way


# --- commercial_harbor: per opponent, optional -------------------------------------------------

def test_commercial_harbor_choose_per_opponent(monkeypatch):
    st, params = ck_position(commercial_harbor="choose")
    deal(st, 0, lumber=2, ore=1)
    deal(st, 1, kinds=KINDS, cloth=1)
    deal(st, 2, kinds=KINDS, coin=1)
    calls = _play(monkeypatch, st, 0, "commercial_harbor", 0, 1, ORE, COIN)   # not with 1, with 2
    assert [(c[0], c[-1]) for c in calls] == [(0, 2), (0, 2), (0, 0), (2, 1)]
    assert st.hand[1, CLOTH] == 1 and st.hand[1, ORE] == 0                     # player 1 left alone
    assert st.hand[0, COIN] == 1 and st.hand[2, ORE] == 1 and st.hand[2, COIN] == 0
    assert conserved(st, params)


def test_commercial_harbor_all_trades_with_every_opponent_holding_a_commodity(monkeypatch):
    st, params = ck_position(commercial_harbor="all")
    deal(st, 0, lumber=2)
    deal(st, 1, kinds=KINDS, cloth=1)
    deal(st, 2, kinds=KINDS, coin=1)
    calls = _play(monkeypatch, st, 0, "commercial_harbor", LUMBER, CLOTH, LUMBER, COIN)
    assert [c[-1] for c in calls] == [0, 1, 0, 1]                  # never asked whether to trade
    assert st.hand[0, CLOTH] == 1 and st.hand[0, COIN] == 1 and st.hand[0, LUMBER] == 0


# --- bishop_before_attack ----------------------------------------------------------------------

@pytest.mark.parametrize("early", [False, True])
def test_bishop_before_the_first_attack(monkeypatch, early):
    st, params = ck_position(bishop_before_attack=early)
    city(st, 0, 4)
    city(st, 1, 13)
    deal(st, 1, brick=1)
    assert st.ck_attacks == 0
    card = _give(st, 0, "bishop")
    assert can_play(st, 0, card) == early
    if early:
        st.ck_progress[0, card] -= 1                   # _play gives it again
        _play(monkeypatch, st, 0, "bishop", 4)         # brick 6: player 1's city
        assert st.robber == 4 and st.hand[0, BRICK] == 1 and st.hand[1].sum() == 0


# --- metropolis_strength: a metropolis counts once or twice for the barbarians ------------------

@pytest.mark.parametrize("counts", [1, 2])
def test_barbarian_strength_counts_a_metropolis(counts):
    st, params = ck_position(metropolis_strength=counts)
    city(st, 0, 4)
    city(st, 1, 13)
    city(st, 1, 23)
    st.ck_metro[SCIENCE], st.ck_metro_corner[SCIENCE] = 1, 13
    assert barbarian_strength(st) == 3 + (counts - 1)


def test_unknown_reading_is_one_error_line(scenario_file):
    import subprocess
    import sys
    path = scenario_file('name = "x"\nplayers = 4\nruleset = "ck"\nseats = ["random"] \n[ck]\nmetropolis_city = "never"\n')
    out = subprocess.run([sys.executable, "cli.py", "run", str(path), "--games", "1"], capture_output=True, text=True)
    assert out.returncode != 0
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "ck.metropolis_city" in lines[0]
    assert '"when_taking" or "always"' in lines[0]
