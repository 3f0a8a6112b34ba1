"""Cities & Knights (docs/rules.md, Cities & Knights) progress cards on built positions: each card's effect, when
it may be played, and the counts and log it leaves.  The choices are scripted
(policies.variants.ck.bots.ck_card_pick answers in turn, simcore.variants.ck.progress lists them).

Beginner board: hex 0 ore 10 (corners 4 0 3 7 12 8), hex 1 wool 2 (5 1 4 8 13 9), hex 2
lumber 9, hex 3 grain 12 (12 7 11 16 22 17), hex 4 brick 6 (13 8 12 17 23 18), hex 7 grain 9
(22 16 21 27 33 28), hex 8 lumber 11, hex 9 the desert.  Paths: 13-8-12-17, 13-9, 8-4."""
import pytest

from simcore.variants.ck import progress as ck_progress
from simcore.variants.ck.barbarians import roll_dice
from simcore.variants.ck.cities import damage
from simcore.variants.ck.progress_board import can_play, pick_ok
from simcore.engine.economy import produce
from simcore.engine.game import apply_action
from simcore.engine.legal import is_legal
from simcore.engine.actions import A_CITY
from simcore.engine.state import victory_points
from simcore.variants import ck as CKD
from simcore.variants.ck import A_CK_PLAY_PROGRESS
from tests.ck_positions import CLOTH, COIN, KINDS, PAPER, ck_position, conserved
from tests.positions import city, deal, edge, roads, script, settle
from tests.test_ck_knights import _knight

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
C = {n: i for i, n in enumerate(CKD.PROGRESS_CARDS)}


def _give(st, p, name):
    """p holds one more `name` (taken from its deck)."""
    card = C[name]
    t = CKD.PROGRESS_COLOUR[card]
    for i in range(st.ck_deck_n[t]):
        j = (st.ck_deck_top[t] + i) % CKD.DECK_ROOM
        if st.ck_deck[t, j] == card:       # swap it to the top and draw it
            top = st.ck_deck_top[t]
            st.ck_deck[t, j], st.ck_deck[t, top] = st.ck_deck[t, top], card
            st.ck_deck_top[t] = (top + 1) % CKD.DECK_ROOM
            st.ck_deck_n[t] -= 1
            st.ck_progress[p, card] += 1
            return card
    raise AssertionError(f"no {name} left in its deck")


def _play(monkeypatch, st, p, name, *answers):
    card = _give(st, p, name)
    calls = script(monkeypatch, "ck_card_pick", *answers) if answers else []
    assert is_legal(st, p, A_CK_PLAY_PROGRESS, card, 0), name
    played = st.stats[p, CKD.S_CK_PLAYED[card]]
    apply_action(st, p, A_CK_PLAY_PROGRESS, card, 0)
    assert st.ck_progress[p, card] == 0 and st.stats[p, CKD.S_CK_PLAYED[card]] == played + 1
    assert st.illegal == 0
    return calls


def _decks_whole(st, params):
    held = st.ck_progress[:st.players].sum() + st.ck_progress_vp[:st.players].sum() + st.ck_deck_n.sum()
    return held == sum(params[CKD.P_CK_DECK + c] for c in range(CKD.N_PROGRESS))


# --- when a card may be played -----------------------------------------------------------

def test_a_card_must_be_held_and_vp_cards_and_the_alchemist_are_no_actions():
    st, params = ck_position()
    settle(st, 0, 4)
    assert not can_play(st, 0, C["mining"])
    for name in ("printer", "constitution", "alchemist"):
        st.ck_progress[0, C[name]] = 1
        assert not can_play(st, 0, C[name])
    st.ck_progress[0, C["mining"]] = 1
    assert can_play(st, 0, C["mining"]) and not can_play(st, 0, -1) and not can_play(st, 0, CKD.N_PROGRESS)


def test_a_card_without_a_target_may_not_be_played():
    st, params = ck_position()
    settle(st, 0, 4)
    for name in ("engineer", "smith", "intrigue", "saboteur", "spy", "deserter", "warlord", "wedding",
                 "master_merchant", "commercial_harbor", "bishop", "diplomat", "crane", "medicine"):
        st.ck_progress[0, C[name]] = 1
        assert not can_play(st, 0, C[name]), name


# --- science --------------------------------------------------------------------------------

def test_alchemist_fixes_the_number_dice_before_the_roll(monkeypatch):
    st, params = ck_position()
    card = _give(st, 0, "alchemist")
    script(monkeypatch, "ck_alchemist", True)
    script(monkeypatch, "ck_card_pick", 2, 3)
    ck_progress.before_dice(st, 0)
    assert roll_dice(st, params, 0) == 5 and (st.ck_red, st.ck_yellow) == (2, 3)
    assert st.ck_progress[0, card] == 0 and st.stats[0, CKD.S_CK_PLAYED[card]] == 1
    assert st.ck_fixed_red == 0 and st.ck_fixed_yellow == 0     # the next roll is random again
    assert _decks_whole(st, params)


def test_alchemist_not_played_keeps_the_card(monkeypatch):
    st, params = ck_position()
    card = _give(st, 0, "alchemist")
    script(monkeypatch, "ck_alchemist", False)
    ck_progress.before_dice(st, 0)
    assert st.ck_progress[0, card] == 1 and st.ck_fixed_red == 0


def test_inventor_swaps_two_tokens_but_not_6_8_2_12(monkeypatch):
    st, params = ck_position()
    city(st, 0, 4)                                   # ore 10, wool 2
    card = C["inventor"]
    assert not pick_ok(st, 0, card, 0, 4) and not pick_ok(st, 0, card, 0, 1) and not pick_ok(st, 0, card, 0, 9)
    income = st.income[0, ORE]
    _play(monkeypatch, st, 0, "inventor", 0, 2)      # hex 0 (10) <-> hex 2 (lumber 9)
    assert st.hex_number[0] == 9 and st.hex_number[2] == 10
    assert 0 in st.number_hexes[9] and 2 in st.number_hexes[10] and 0 not in st.number_hexes[10]
    assert st.income[0, ORE] == income + 2 * (4 - 3)
    produce(st, 9)
    assert st.hand[0, ORE] == 1 and st.hand[0, COIN] == 1
    assert conserved(st, params)


def test_crane_improves_one_commodity_cheaper(monkeypatch):
    st, params = ck_position()
    city(st, 0, 4)
    st.ck_level[0, 0] = 1
    deal(st, 0, kinds=KINDS, paper=1)
    _play(monkeypatch, st, 0, "crane", 0)
    assert st.ck_level[0, 0] == 2 and st.hand[0, PAPER] == 0
    assert st.stats[0, CKD.S_CK_SPEND_IMPROVEMENTS] == 1 and conserved(st, params)


def test_engineer_builds_a_free_wall(monkeypatch):
    st, params = ck_position()
    city(st, 0, 4)
    _play(monkeypatch, st, 0, "engineer", 4)
    assert st.ck_wall[4] == 1 and st.ck_walls[0] == 1 and st.hand[0].sum() == 0
    st.ck_progress[0, C["engineer"]] = 1
    assert not can_play(st, 0, C["engineer"])        # no city without a wall


def test_irrigation_and_mining_pay_two_per_hex(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 12)                                # ore 10, grain 12, brick 6
    settle(st, 0, 22)                                # grain 12, grain 9, lumber 11
    _play(monkeypatch, st, 0, "irrigation")
    assert st.hand[0, GRAIN] == 4                    # hexes 3 and 7, the shared one once
    _play(monkeypatch, st, 0, "mining")
    assert st.hand[0, ORE] == 2 and st.stats[0, CKD.S_CK_GAIN_PROGRESS] == 6
    assert conserved(st, params)


def test_medicine_a_city_for_two_ore_one_grain(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 4)
    st.ck_progress[0, C["medicine"]] = 1
    deal(st, 0, ore=2)
    assert not can_play(st, 0, C["medicine"])
    st.ck_progress[0, C["medicine"]] = 0
    deal(st, 0, grain=1)
    _play(monkeypatch, st, 0, "medicine", 4)
    assert st.corner_level[4] == 2 and st.hand[0].sum() == 0 and conserved(st, params)


def test_medicine_not_while_a_city_is_damaged():
    st, params = ck_position()
    settle(st, 0, 4)
    city(st, 0, 13)
    damage(st, 0, 13)
    deal(st, 0, ore=2, grain=1)
    st.ck_progress[0, C["medicine"]] = 1
    assert not can_play(st, 0, C["medicine"])


def test_road_building_two_free_roads(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    _play(monkeypatch, st, 0, "road_building", edge(13, 8), edge(8, 12))
    assert st.edge_owner[edge(13, 8)] == 0 and st.edge_owner[edge(8, 12)] == 0 and st.hand[0].sum() == 0


def test_smith_promotes_two_knights_free(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12])
    _knight(st, 0, 8)
    _knight(st, 0, 12, 2)
    st.ck_promoted[:] = -1
    _play(monkeypatch, st, 0, "smith", 8)   # 12: strong -> mighty needs the fortress, so no second choice
    assert st.ck_knight[8] == 2


def test_smith_refused_answer_takes_an_allowed_one(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8])
    _knight(st, 0, 8)
    st.ck_promoted[:] = -1
    card = _give(st, 0, "smith")
    script(monkeypatch, "ck_card_pick", 30)
    apply_action(st, 0, A_CK_PLAY_PROGRESS, card, 0)
    assert st.ck_knight[8] == 2 and st.illegal == 1


# --- trade ------------------------------------------------------------------------------------

def test_commercial_harbor_resource_for_commodity(monkeypatch):
    st, params = ck_position(commercial_harbor="all")        # every opponent with a commodity trades
    deal(st, 0, lumber=2)
    deal(st, 1, kinds=KINDS, cloth=1)
    deal(st, 2, ore=1)
    calls = _play(monkeypatch, st, 0, "commercial_harbor", LUMBER, CLOTH)
    assert [c[0] for c in calls] == [0, 1]           # p gives, the opponent chooses its commodity
    assert st.hand[0, CLOTH] == 1 and st.hand[0, LUMBER] == 1 and st.hand[1, LUMBER] == 1
    assert st.hand[2, ORE] == 1 and conserved(st, params)


def test_master_merchant_takes_two_from_a_richer_player(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 4)
    city(st, 1, 13)
    deal(st, 1, ore=1, grain=3)
    assert not pick_ok(st, 0, C["master_merchant"], 0, 2)   # not richer
    _play(monkeypatch, st, 0, "master_merchant", 1, ORE, GRAIN)
    assert st.hand[0, ORE] == 1 and st.hand[0, GRAIN] == 1 and st.hand[1].sum() == 2
    assert st.stats[1, CKD.S_CK_SPEND_PROGRESS] == 2


def test_merchant_gives_two_to_one_and_a_vp_while_held(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 4)
    settle(st, 1, 13)
    vp = victory_points(st, 0)
    assert not pick_ok(st, 0, C["merchant"], 0, 4)          # no own building there
    _play(monkeypatch, st, 0, "merchant", 0)
    assert st.trade_rate[0, ORE] == 2 and victory_points(st, 0) == vp + 1
    _play(monkeypatch, st, 1, "merchant", 1)                 # taken over: wool
    assert st.trade_rate[0, ORE] == 4 and victory_points(st, 0) == vp and st.trade_rate[1, WOOL] == 2
    assert st.ck_merchant_owner == 1 and st.ck_merchant_hex == 1
    assert st.stats[0, CKD.S_CK_VP_MERCHANT] == 0 and st.stats[1, CKD.S_CK_VP_MERCHANT] == 1   # the record's


def test_merchant_fleet_two_to_one_this_turn(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 4)
    _play(monkeypatch, st, 0, "merchant_fleet", COIN)
    assert st.trade_rate[0, COIN] == 2 and not can_play(st, 0, _give(st, 0, "merchant_fleet"))
    ck_progress.before_dice(st, 1)                           # the next turn
    assert st.trade_rate[0, COIN] == 4 and st.ck_fleet_owner == -1


def test_resource_and_trade_monopoly(monkeypatch):
    st, params = ck_position()
    deal(st, 1, wool=3)
    deal(st, 2, wool=1)
    deal(st, 3, kinds=KINDS, coin=2)
    _play(monkeypatch, st, 0, "resource_monopoly", WOOL)
    assert st.hand[0, WOOL] == 3 and st.hand[1, WOOL] == 1 and st.hand[2, WOOL] == 0
    _play(monkeypatch, st, 0, "trade_monopoly", COIN)
    assert st.hand[0, COIN] == 1 and st.hand[3, COIN] == 1 and conserved(st, params)


# --- politics ---------------------------------------------------------------------------------

def test_bishop_moves_the_robber_and_robs_everyone_there(monkeypatch):
    st, params = ck_position()
    settle(st, 1, 4)
    settle(st, 2, 12)
    settle(st, 0, 8)
    deal(st, 1, ore=1)
    deal(st, 2, grain=1)
    st.ck_progress[0, C["bishop"]] = 1
    assert not can_play(st, 0, C["bishop"])                  # the robber sleeps
    st.ck_progress[0, C["bishop"]] = 0
    st.ck_attacks = 1
    _play(monkeypatch, st, 0, "bishop", 0)
    assert st.robber == 0 and st.hand[0, ORE] == 1 and st.hand[0, GRAIN] == 1


def test_deserter_swaps_a_knight_of_equal_strength(monkeypatch):
    st, params = ck_position()
    settle(st, 1, 13)
    roads(st, 1, [13, 8, 12])
    _knight(st, 1, 8, 2, active=True)
    _knight(st, 1, 12, 1)
    settle(st, 0, 4)
    roads(st, 0, [4, 0])
    calls = _play(monkeypatch, st, 0, "deserter", 1, 8, 0)
    assert [c[0] for c in calls] == [0, 1, 0]
    assert st.corner_guard[8] == -1 and st.ck_knights[1, 1] == 0 and st.ck_knights[1, 0] == 1
    assert st.corner_guard[0] == 0 and st.ck_knight[0] == 2 and st.ck_knight_active[0] == 1
    assert st.ck_knights[0, 1] == 1


def test_diplomat_removes_an_open_road_and_replaces_an_own_one(monkeypatch):
    st, params = ck_position()
    settle(st, 1, 13)
    roads(st, 1, [13, 8, 12])
    assert not pick_ok(st, 0, C["diplomat"], 0, edge(13, 8))   # both ends joined
    _play(monkeypatch, st, 0, "diplomat", edge(8, 12))
    assert st.edge_owner[edge(8, 12)] == -1 and st.pieces[1, 2] == 14
    settle(st, 0, 4)
    roads(st, 0, [4, 0])
    _play(monkeypatch, st, 0, "diplomat", edge(4, 0), edge(4, 1))
    assert st.edge_owner[edge(4, 0)] == -1 and st.edge_owner[edge(4, 1)] == 0


def test_intrigue_displaces_a_knight_at_an_own_road(monkeypatch):
    st, params = ck_position()
    settle(st, 1, 13)
    roads(st, 1, [13, 8, 12])
    _knight(st, 1, 8)
    settle(st, 0, 4)
    roads(st, 0, [4, 8])
    script(monkeypatch, "ck_retreat", 12)
    _play(monkeypatch, st, 0, "intrigue", 8)
    assert st.corner_guard[8] == -1 and st.corner_guard[12] == 1 and st.ck_knights[1, 0] == 1
    assert st.stats[1, CKD.S_CK_KNIGHTS_DISPLACED] == 1


def test_saboteur_damages_a_city_until_repaired(monkeypatch):
    st, params = ck_position()
    city(st, 1, 4)
    settle(st, 1, 13)
    city(st, 0, 22)
    _play(monkeypatch, st, 0, "saboteur", 4)
    assert st.ck_damaged[4] == 1 and st.stats[1, CKD.S_CK_SABOTAGED] == 1
    produce(st, 10)
    assert st.hand[1, ORE] == 1 and st.hand[1, COIN] == 0   # as a settlement
    deal(st, 1, grain=2, ore=3)
    assert not is_legal(st, 1, A_CITY, 13, 0)                 # repair first
    assert not pick_ok(st, 0, C["saboteur"], 0, 4)            # already damaged


def test_saboteur_discard_reading(monkeypatch):
    st, params = ck_position(saboteur="discard")
    settle(st, 0, 4)
    city(st, 1, 13)
    settle(st, 2, 22)
    deal(st, 1, lumber=5)
    deal(st, 2, brick=4)
    deal(st, 3, wool=4)
    _play(monkeypatch, st, 0, "saboteur")
    assert st.hand[1].sum() == 3 and st.hand[2].sum() == 2 and st.hand[3].sum() == 4   # 3 has fewer VP


def test_spy_takes_a_progress_card(monkeypatch):
    st, params = ck_position()
    card = _give(st, 1, "warlord")
    _play(monkeypatch, st, 0, "spy", 1, card)
    assert st.ck_progress[0, card] == 1 and st.ck_progress[1, card] == 0 and _decks_whole(st, params)


def test_warlord_activates_every_knight(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 13)
    roads(st, 0, [13, 8, 12])
    _knight(st, 0, 8)
    _knight(st, 0, 12)
    _play(monkeypatch, st, 0, "warlord")
    assert st.ck_knight_active[8] == 1 and st.ck_knight_active[12] == 1 and st.hand[0].sum() == 0


def test_wedding_richer_players_give_two(monkeypatch):
    st, params = ck_position()
    settle(st, 0, 4)
    city(st, 1, 13)
    settle(st, 2, 22)
    deal(st, 1, lumber=1, ore=3)
    deal(st, 2, grain=2)
    calls = _play(monkeypatch, st, 0, "wedding", ORE)
    assert [c[0] for c in calls] == [1, 1] and st.hand[0, ORE] == 2 and st.hand[2, GRAIN] == 2


@pytest.mark.parametrize("name", [n for n in CKD.PROGRESS_CARDS if n not in CKD.VP_CARDS and n != "alchemist"])
def test_every_card_logs_its_play_and_counts(name):
    assert CKD.S_CK_PLAYED[C[name]] >= 0


def test_deserter_places_a_basic_knight_when_none_as_strong_is_left(monkeypatch):
    st, params = ck_position()
    settle(st, 1, 13)
    roads(st, 1, [13, 8])
    _knight(st, 1, 8, 2)
    st.ck_knights[0, 1] = 2                          # both strong knights of p0 (nominally) in use
    settle(st, 0, 4)
    roads(st, 0, [4, 0])
    _play(monkeypatch, st, 0, "deserter", 1, 8, 0)
    assert st.ck_knight[0] == 1 and st.ck_knights[0, 0] == 1


def test_no_answer_beyond_its_bound_and_the_corner_cards_loops_agree():
    """ck_progress_board.answers bounds every choice's scan (the loops test only below it):
    pick_ok allows nothing at or above it, for every card, choice and chooser, on a busy
    position; can_play's own loops for the corner cards agree with the scan through pick_ok."""
    from simcore.variants.ck.progress_board import PICK_RANGE, answers, any_corner, any_ok
    st, params = ck_position()
    city(st, 0, 13)
    roads(st, 0, [13, 8, 12, 17])
    roads(st, 0, [13, 9])
    city(st, 1, 22)
    roads(st, 1, [21, 16, 22, 17])
    settle(st, 2, 4)
    _knight(st, 1, 17, level=2, active=True)
    _knight(st, 0, 8, level=1)
    for p in range(4):
        deal(st, p, kinds=KINDS, **{k: 3 for k in KINDS})
        st.ck_progress[p, :] = 1
    st.ck_attacks = 1
    for q in range(4):
        st.ck_pick = (q + 1) % 4
        for card in range(CKD.N_PROGRESS):
            for k in range(3):
                bound = answers(st, card, k)
                assert not any(pick_ok(st, q, card, k, x) for x in range(bound, PICK_RANGE)), (card, k, q)
        for name in ("intrigue", "smith", "engineer"):
            assert any_corner(st, q, C[name]) == any_ok(st, q, C[name], 0), (name, q)
