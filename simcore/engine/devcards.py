"""The development deck (docs/rules.md, Base game): buying, and the effects of each card.
Choices inside a card (robber target, free roads, resources) are made by the
caller's policy and passed in."""
from simcore.accel.jit import jitted

from simcore.engine import records as R
from simcore.engine.economy import give, pay
from simcore.engine.events import E_BUY_DEV, E_MONOPOLY_TAKE, E_PLAY_DEV, E_PLENTY_TAKE, log_event
from simcore.engine.pieces import update_largest_army
from simcore.engine.state import (ITEM_DEVCARD, DEV_DECK_COUNTS, DEV_KNIGHT, DEV_MONOPOLY, DEV_PLENTY, DEV_ROADS,
                                  N_DEV_CARDS, N_DEV_TYPES)
from simcore.engine.board import shuffle


@jitted
def fill_deck(st):
    k = 0
    for d in range(N_DEV_TYPES):
        for _ in range(DEV_DECK_COUNTS[d]):
            st.dev_deck[k] = d
            k += 1
    shuffle(st.dev_deck)
    st.dev_top = 0


@jitted
def deck_left(st):
    return N_DEV_CARDS - st.dev_top


@jitted
def buy_devcard(st, p):
    """Pay and draw; the card is playable from the next turn (VP cards count at once)."""
    pay(st, p, st.costs[ITEM_DEVCARD], R.S_SPEND_DEVCARDS)
    card = st.dev_deck[st.dev_top]
    st.dev_top += 1
    st.dev_new[p, card] += 1
    st.stats[p, R.S_DEVS_BOUGHT] += 1
    log_event(st, E_BUY_DEV, p, card, 0, 0, 0)
    return card


@jitted
def can_play(st, p, card):
    """One development card per turn, never one bought this turn."""
    return st.dev_played == 0 and st.dev_hand[p, card] > 0


@jitted
def start_play(st, p, card):
    st.dev_hand[p, card] -= 1
    st.dev_played = 1
    log_event(st, E_PLAY_DEV, p, card, 0, 0, 0)


@jitted
def play_knight(st, p):
    """Counts towards largest army; the caller then moves the robber."""
    start_play(st, p, DEV_KNIGHT)
    st.knights[p] += 1
    st.stats[p, R.S_KNIGHTS] += 1
    update_largest_army(st, p)


@jitted
def play_year_of_plenty(st, p, r1, r2):
    """Two resources of the player's choice from the bank (as far as it has them).  A pick
    the bank lacks is logged with amount 0: the replay tells it from a missing event."""
    start_play(st, p, DEV_PLENTY)
    for r in (r1, r2):
        n = 1 if st.bank[r] > 0 else 0
        if n > 0:
            give(st, p, r, 1, R.S_GAIN_DEVCARDS)
        log_event(st, E_PLENTY_TAKE, p, r, n, 0, 0)


@jitted
def play_monopoly(st, p, r):
    """Every other player hands over all their cards of resource r.  When nobody holds
    any, one event with victim -1 and amount 0 is logged (nothing happened, and logged)."""
    start_play(st, p, DEV_MONOPOLY)
    taken = 0
    for q in range(st.players):
        n = st.hand[q, r]
        if q != p and n > 0 and not st.looking:   # a look-ahead does not know what the others hold
            st.hand[q, r] = 0
            st.hand[p, r] += n
            st.stats[q, R.S_SPEND_STOLEN] += n
            st.stats[p, R.S_GAIN_DEVCARDS] += n
            taken += n
            log_event(st, E_MONOPOLY_TAKE, p, q, r, n, 0)
    if taken == 0:
        log_event(st, E_MONOPOLY_TAKE, p, -1, r, 0, 0)


@jitted
def play_road_building(st, p):
    """The caller then places up to two roads for free."""
    start_play(st, p, DEV_ROADS)
