"""Cities & Knights (docs/rules.md, Cities & Knights): knights (build, activate, promote, their limits, move,
displace, chase the robber, breaking roads) and the barbarians (attack, pillage of the
weakest, immune metropolises, walls lost with the city, Defender cards, ties, the robber
waking).  Corner paths on the beginner board: 13-8-12-17, 13-9, 8-4."""
from simcore.engine import records as R
from simcore.variants.ck.barbarians import attack
from simcore.variants.ck.board import strength
from simcore.variants.ck.knights import set_active
from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.variants.ck import (S_CK_KNIGHTS_DISPLACED, A_CK_KNIGHT_ACTIVATE, A_CK_KNIGHT_BUILD, A_CK_KNIGHT_CHASE,
                                 A_CK_KNIGHT_MOVE,
                                 A_CK_KNIGHT_PROMOTE)
from tests.ck_positions import ck_position, conserved
from tests.positions import city, deal, roads, script, settle

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def _do(st, p, a, x, y=0):
    assert is_legal(st, p, a, x, y), (a, x, y)
    apply_action(st, p, a, x, y)


def _knight(st, p, c, level=1, active=False):
    """A knight of p at c, built and promoted with dealt cards."""
    deal(st, p, wool=level, ore=level)
    _do(st, p, A_CK_KNIGHT_BUILD, c)
    for _ in range(level - 1):
        st.ck_promoted[c] = -1
        _do(st, p, A_CK_KNIGHT_PROMOTE, c)
    if active:
        deal(st, p, grain=1)
        _do(st, p, A_CK_KNIGHT_ACTIVATE, c)
        st.ck_knight_since[c] = -1         # activated on an earlier turn


def test_build_needs_an_own_road_a_free_corner_and_wool_ore():
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12])
    deal(st, 0, wool=1, ore=1)
    assert not is_legal(st, 0, A_CK_KNIGHT_BUILD, 13, 0)     # own settlement
    assert not is_legal(st, 0, A_CK_KNIGHT_BUILD, 17, 0)     # no road there
    _do(st, 0, A_CK_KNIGHT_BUILD, 12)
    assert st.corner_guard[12] == 0 and st.ck_knight[12] == 1 and st.ck_knight_active[12] == 0
    assert st.hand[0].sum() == 0 and st.corner_free[12] == 0
    assert not is_legal(st, 0, A_CK_KNIGHT_BUILD, 8, 0)      # no cards
    assert conserved(st, params)


def test_two_knights_per_level_and_mighty_needs_the_fortress():
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12, 17])
    _knight(st, 0, 8, 2)
    _knight(st, 0, 12, 2)
    deal(st, 0, wool=2, ore=2)
    _do(st, 0, A_CK_KNIGHT_BUILD, 17)
    assert not is_legal(st, 0, A_CK_KNIGHT_PROMOTE, 17, 0)   # two strong already
    assert not is_legal(st, 0, A_CK_KNIGHT_PROMOTE, 8, 0)    # mighty: no fortress
    st.ck_level[0, 2] = 3
    assert not is_legal(st, 0, A_CK_KNIGHT_PROMOTE, 8, 0)    # promoted this turn already
    st.turn += 1
    _do(st, 0, A_CK_KNIGHT_PROMOTE, 8)
    assert st.ck_knight[8] == 3 and list(st.ck_knights[0]) == [1, 1, 1]


def test_an_activated_knight_acts_only_on_a_later_turn():
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12, 17])
    _knight(st, 0, 8)
    deal(st, 0, grain=1)
    _do(st, 0, A_CK_KNIGHT_ACTIVATE, 8)
    assert not is_legal(st, 0, A_CK_KNIGHT_MOVE, 8, 17)
    st.turn += 1
    _do(st, 0, A_CK_KNIGHT_MOVE, 8, 17)
    assert st.corner_guard[17] == 0 and st.corner_guard[8] == -1 and st.ck_knight_active[17] == 0
    assert st.corner_free[8] == 0                              # next to the settlement at 13
    assert st.stats[0, R.S_SETTLEMENTS] == 1


def test_displace_a_weaker_knight_which_retreats_or_is_removed(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12])
    settle(st, 1, 23)
    roads(st, 1, [23, 17, 12])
    _knight(st, 0, 8, 2, active=True)
    _knight(st, 1, 12, 1)
    _do(st, 0, A_CK_KNIGHT_MOVE, 8, 12)
    assert st.corner_guard[12] == 0 and st.ck_knight[12] == 2
    assert st.corner_guard[17] == 1 and st.ck_knight[17] == 1        # retreated along its roads
    assert st.stats[1, S_CK_KNIGHTS_DISPLACED] == 1
    # no free corner left for the retreat: removed
    _knight(st, 0, 8, 2, active=True)
    set_active(st, 12, 0)
    st.ck_level[0, 2] = 3
    st.ck_promoted[12] = -1
    deal(st, 0, wool=1, ore=1)
    _do(st, 0, A_CK_KNIGHT_PROMOTE, 12)
    set_active(st, 12, 1)
    st.ck_knight_since[12] = -1
    assert not is_legal(st, 0, A_CK_KNIGHT_MOVE, 12, 17)             # not along own roads
    roads(st, 0, [12, 17])
    _do(st, 0, A_CK_KNIGHT_MOVE, 12, 17)
    assert st.corner_guard[17] == 0 and st.ck_knights[1].sum() == 0


def test_no_displacing_an_equal_knight():
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12])
    settle(st, 1, 23)
    roads(st, 1, [23, 17, 12])
    _knight(st, 0, 8, 1, active=True)
    _knight(st, 1, 12, 1)
    assert not is_legal(st, 0, A_CK_KNIGHT_MOVE, 8, 12)


def test_chase_the_robber_only_once_it_is_awake(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8])
    settle(st, 1, 4)
    deal(st, 1, lumber=1)
    _knight(st, 0, 8, 1, active=True)
    st.robber = 4                                      # hex 4 touches corner 8
    assert not is_legal(st, 0, A_CK_KNIGHT_CHASE, 8, 0)
    st.ck_attacks = 1
    script(monkeypatch, "robber", (0, 1))
    _do(st, 0, A_CK_KNIGHT_CHASE, 8)
    assert st.robber == 0 and st.hand[0, LUMBER] == 1 and st.ck_knight_active[8] == 0


def test_a_knight_breaks_an_opposing_longest_road():
    st, params = ck_position()
    settle(st, 1, 4)
    roads(st, 1, [4, 8, 12, 17, 22])
    settle(st, 1, 13)
    roads(st, 1, [13, 9])
    roads(st, 1, [4, 0])
    assert st.road_length[1] >= 5 and st.road_holder == 1
    settle(st, 0, 23)
    roads(st, 0, [23, 17])
    _knight(st, 0, 17)
    assert st.road_length[1] < 5 and st.road_holder == -1


def _three_players_with_cities():
    st, params = ck_position()
    for p, c in ((0, 4), (1, 13), (2, 23), (3, 45)):
        city(st, p, c)
    return st, params


def test_barbarians_pillage_the_weakest_and_spare_metropolises():
    st, params = _three_players_with_cities()
    roads(st, 0, [4, 8])
    _knight(st, 0, 8, 1, active=True)                   # strength 1 < 4 cities
    st.ck_wall[13] = 1
    st.ck_walls[1] = 1
    st.ck_metro[0] = 2
    st.ck_metro_corner[0] = 23                          # player 2's only city: immune
    attack(st)
    assert st.corner_level[13] == 1 and st.ck_wall[13] == 0 and st.ck_walls[1] == 0   # wall lost
    assert st.corner_level[45] == 1                     # the other weakest (strength 0)
    assert st.corner_level[23] == 2 and st.corner_level[4] == 2
    assert st.ck_knight_active[8] == 0 and st.ck_attacks == 1
    assert st.stats[1, R.S_CITIES] == 0 and st.stats[1, R.S_SETTLEMENTS] == 1
    assert conserved(st, params)


def test_a_city_with_no_settlement_left_is_lost():
    st, params = _three_players_with_cities()
    st.pieces[1, 0] = 0
    for p in (0, 2, 3):
        st.ck_metro[p - 1 if p else 0] = p
    st.ck_metro[:] = [0, 2, 3]
    st.ck_metro_corner[:] = [4, 23, 45]
    attack(st)
    assert st.corner_owner[13] == -1 and st.corner_level[13] == 0 and st.pieces[1, 1] == 4


def test_defender_card_to_the_single_strongest_and_ties_draw(monkeypatch):
    st, params = _three_players_with_cities()
    roads(st, 0, [4, 8, 12])
    roads(st, 1, [13, 9])
    _knight(st, 0, 8, 2, active=True)
    _knight(st, 0, 12, 1, active=True)
    _knight(st, 1, 9, 1, active=True)                   # 3 + 1 = 4 = cities: Catan holds
    attack(st)
    assert st.ck_defender[0] == 1 and st.ck_defenders_left == params_defenders(params) - 1
    assert strength(st, 0) == 0                         # all inactive afterwards
    colours = script(monkeypatch, "ck_tie_colour", 2)
    st.ck_knight[9] = 2                                 # 2 and 2 (4 = cities): a tie
    for c in (8, 9):
        set_active(st, c, 1)
    st.ck_knights[1] = [0, 1, 0]
    attack(st)
    assert sorted(p for p, in colours) == [0, 1]
    assert st.ck_progress[1].sum() + st.ck_progress_vp[1] == 1 and st.ck_defender[0] == 1


def params_defenders(params):
    from simcore.variants.ck import P_CK_DEFENDERS
    return params[P_CK_DEFENDERS]
