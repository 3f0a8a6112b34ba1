"""Carrying out a player's choices: the main-phase actions (apply_action) and the robber's moves.

simcore.engine.game plays the turn and asks the policies (policies.decide) what to do; this
module does it.  A strong seat's look-ahead (simcore.engine.lookahead) also plays an option
here, on the state it restores afterwards.
"""
from simcore.accel.jit import jitted

from policies import decide
from simcore.engine import hooks
from simcore.engine import records as R
from simcore.engine.actions import (A_BUY_DEV, A_CITY, A_KNIGHT, A_MONOPOLY, A_OFFER, A_PLENTY, A_ROAD, A_ROADS,
                                    A_SETTLEMENT, A_TRADE)
from simcore.engine.devcards import (buy_devcard, play_knight, play_monopoly, play_road_building,
                                     play_year_of_plenty)
from simcore.engine.economy import bank_trade, domestic_trade, pay, steal
from simcore.engine.events import E_BUILD_CITY, E_BUILD_ROAD, E_BUILD_SETTLEMENT, E_OFFER, E_ROBBER, log_event
from simcore.engine.pieces import can_build_road_at, has_building_on, place_city, place_road, place_settlement
from simcore.engine.state import ITEM_CITY, ITEM_ROAD, ITEM_SETTLEMENT


# --- robber -----------------------------------------------------------------

@jitted
def relocate_robber(st, p, steals):
    """p moves the robber to another hex of its choice and, if `steals`, robs a
    player of its choice with a building there (docs/rules.md, Base game)."""
    h, victim = decide.robber(st, p)
    place_robber(st, p, h, victim, steals)


@jitted
def place_robber(st, p, h, victim, steals):
    """Put the robber on h (checked) and rob `victim` there (-1: nobody)."""
    old = st.robber
    if h < 0 or h >= st.hex_resource.shape[0] or h == old:
        st.illegal += 1
        h = (old + 1) % st.hex_resource.shape[0]
        victim = -1
    st.robber = h
    log_event(st, E_ROBBER, p, old, h, 0, 0)
    if steals and victim >= 0:
        if victim == p or not has_building_on(st, victim, h):
            st.illegal += 1
        else:
            steal(st, p, victim)


@jitted
def move_robber(st, p):
    """The robber on a 7 or a knight: to a hex of p's choice, robbing a player there
    (docs/rules.md, Base game), unless a variant moves it its own way."""
    if hooks.move_robber(st, p):
        return
    relocate_robber(st, p, True)


# --- actions ----------------------------------------------------------------

@jitted
def apply_action(st, p, a, x, y):
    if a == A_ROAD:
        pay(st, p, st.costs[ITEM_ROAD], R.S_SPEND_ROADS)
        log_event(st, E_BUILD_ROAD, p, x, 0, 0, 0)   # before the award it may move (pieces.py)
        place_road(st, p, x)
    elif a == A_SETTLEMENT:
        pay(st, p, st.costs[ITEM_SETTLEMENT], R.S_SPEND_SETTLEMENTS)
        log_event(st, E_BUILD_SETTLEMENT, p, x, 0, 0, 0)
        place_settlement(st, p, x)
    elif a == A_CITY:
        pay(st, p, st.costs[ITEM_CITY], R.S_SPEND_CITIES)
        place_city(st, p, x)
        log_event(st, E_BUILD_CITY, p, x, 0, 0, 0)
    elif a == A_BUY_DEV:
        buy_devcard(st, p)
    elif a == A_TRADE:
        bank_trade(st, p, x, y)
    elif a == A_KNIGHT:
        play_knight(st, p)
        move_robber(st, p)
    elif a == A_ROADS:
        play_road_building(st, p)
        for i in range(2):
            if st.pieces[p, 2] == 0 or (i > 0 and hooks.game_over(st, p) > 0):
                break   # a variant's ending after the first road stops the second (docs/rules.md, Robin Hood)
            e = decide.free_road(st, p)
            if e < 0:
                break
            if not can_build_road_at(st, p, e):
                st.illegal += 1
                break
            log_event(st, E_BUILD_ROAD, p, e, 1, 0, 0)
            place_road(st, p, e)
    elif a == A_PLENTY:
        r1, r2 = decide.plenty(st, p)
        play_year_of_plenty(st, p, r1, r2)
    elif a == A_MONOPOLY:
        play_monopoly(st, p, decide.monopoly(st, p))
    elif a == A_OFFER:
        offer(st, p, x, y)
    else:
        hooks.apply_action(st, p, a, x, y)   # a variant's own action
    hooks.after_action(st, p, a, x, y)


@jitted
def offer(st, p, give_r, get_r):
    """Domestic trade: the others, in turn order from p's left, may accept 1 give_r
    for 1 get_r; the first who accepts (and holds a get_r) trades.  In a look-ahead
    (st.looking) nobody is asked: the answers are the others' to give."""
    st.offers_made += 1
    taker = -1
    for i in range(1, st.players if not st.looking else 1):
        q = (p + i) % st.players
        if st.hand[q, get_r] > 0 and decide.accept_offer(st, q, p, give_r, get_r):
            domestic_trade(st, p, q, give_r, get_r)
            taker = q
            break
    log_event(st, E_OFFER, p, give_r, get_r, taker, 0)
