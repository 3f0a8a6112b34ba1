"""Which main-phase actions are legal now: one check used by the engine (to refuse an
illegal choice) and by policies (to list their options)."""
from simcore.accel.jit import jitted

from simcore.engine import hooks
from simcore.engine.params import P_DOMESTIC_TRADE, P_OFFERS_PER_TURN
from simcore.engine.actions import (A_OFFER, A_BUY_DEV, A_CITY, A_KNIGHT, A_MONOPOLY, A_PLENTY, A_ROAD, A_ROADS,
                                    A_SETTLEMENT, A_TRADE)
from simcore.engine.devcards import can_play, deck_left
from simcore.engine.economy import can_afford, can_bank_trade
from simcore.engine.pieces import can_build_city_at, can_build_road_at, can_build_settlement_at
from simcore.engine.state import (ITEM_CITY, ITEM_DEVCARD, ITEM_ROAD, ITEM_SETTLEMENT, DEV_KNIGHT, DEV_MONOPOLY,
                                  DEV_PLENTY, DEV_ROADS, PIECE_CITY, PIECE_ROAD, PIECE_SETTLEMENT)


@jitted
def is_kind(st, k):
    """k is a card kind of this game's hands (simcore.engine.cards)."""
    return 0 <= k < st.hand.shape[1]


@jitted
def can_road(st, p):
    return st.pieces[p, PIECE_ROAD] > 0 and can_afford(st, p, st.costs[ITEM_ROAD])


@jitted
def can_settlement(st, p):
    return st.pieces[p, PIECE_SETTLEMENT] > 0 and can_afford(st, p, st.costs[ITEM_SETTLEMENT])


@jitted
def can_city(st, p):
    return st.pieces[p, PIECE_CITY] > 0 and can_afford(st, p, st.costs[ITEM_CITY])


@jitted
def can_buy_dev(st, p):
    return deck_left(st) > 0 and can_afford(st, p, st.costs[ITEM_DEVCARD])


@jitted
def can_offer(st, p):
    """Domestic trade is on and p has offers left this turn."""
    return st.params[P_DOMESTIC_TRADE] != 0 and st.offers_made < st.params[P_OFFERS_PER_TURN]


@jitted
def is_legal(st, p, a, x, y):
    if hooks.forbids(st, p, a, x, y):   # a variant's rule against a base-game action
        return False
    if a == A_ROAD:
        return can_road(st, p) and 0 <= x < st.edge_owner.shape[0] and can_build_road_at(st, p, x)
    if a == A_SETTLEMENT:
        return can_settlement(st, p) and 0 <= x < st.corner_owner.shape[0] and can_build_settlement_at(st, p, x)
    if a == A_CITY:
        return can_city(st, p) and 0 <= x < st.corner_owner.shape[0] and can_build_city_at(st, p, x)
    if a == A_BUY_DEV:
        return can_buy_dev(st, p)
    if a == A_TRADE:
        return is_kind(st, x) and is_kind(st, y) and can_bank_trade(st, p, x, y)
    if a == A_KNIGHT:
        return can_play(st, p, DEV_KNIGHT)
    if a == A_ROADS:
        return can_play(st, p, DEV_ROADS) and st.pieces[p, PIECE_ROAD] > 0
    if a == A_PLENTY:
        return can_play(st, p, DEV_PLENTY) and st.bank.sum() > 0
    if a == A_MONOPOLY:
        return can_play(st, p, DEV_MONOPOLY)
    if a == A_OFFER:
        return can_offer(st, p) and is_kind(st, x) and is_kind(st, y) and x != y and st.hand[p, x] > 0
    return hooks.is_legal_action(st, p, a, x, y)   # a variant's own action
