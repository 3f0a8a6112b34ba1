"""Cities & Knights (docs/rules.md, Cities & Knights): the three progress decks (one per colour) and the
players' progress hands.  A deck is a ring in st.ck_deck[colour]: drawn from the top
(ck_deck_top), played and discarded cards go back under it.  The cards' effects are
in simcore/variants/ck/progress.py."""
from simcore.engine.bots import ask
from simcore.engine.events import log_event
from simcore.engine.hidden import redeal_cards, shuffle_pool
from simcore.accel.jit import jitted
from simcore.variants.ck.board import can_draw, card_colour, progress_in_hand
from simcore.variants.ck import (CK, DECK_ROOM, E_CK_DISCARD_PROGRESS, E_CK_DRAW, N_PROGRESS, N_TRACKS, P_CK_DECK,
                                 COLOUR_FIRST, PROGRESS_COLOUR, PROGRESS_HAND, S_CK_PROGRESS_DRAWN, S_CK_VP_PROGRESS,
                                 CARD_CONSTITUTION, CARD_PRINTER)

# its bots' choice point (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_progress_discard = ask(CK, "ck_progress_discard")


@jitted
def fill_decks(st, params):
    """Each colour's deck from ck.progress_deck, shuffled."""
    for t in range(N_TRACKS):
        st.ck_deck_top[t] = 0
        st.ck_deck_n[t] = 0
    for card in range(N_PROGRESS):
        t = PROGRESS_COLOUR[card]
        for _ in range(params[P_CK_DECK + card]):
            st.ck_deck[t, st.ck_deck_n[t]] = card
            st.ck_deck_n[t] += 1
    for t in range(N_TRACKS):
        shuffle_pool(st.ck_deck[t], st.ck_deck_n[t])


@jitted
def is_vp_card(card):
    return card == CARD_PRINTER or card == CARD_CONSTITUTION


@jitted
def draw(st, p, colour, why):
    """p draws the top card of `colour` if the deck has one and p's hand has room
    (4 non-VP cards; a 5th drawn makes p discard one of its five, ck.fifth_progress_card =
    "discard"); a VP card (Printer, Constitution) is shown at once.  The card, or -1."""
    if not can_draw(st, p, colour):
        return -1
    card = st.ck_deck[colour, st.ck_deck_top[colour]]
    st.ck_deck_top[colour] = (st.ck_deck_top[colour] + 1) % DECK_ROOM
    st.ck_deck_n[colour] -= 1
    if is_vp_card(card):
        st.ck_progress_vp[p] += 1
        st.stats[p, S_CK_VP_PROGRESS] = st.ck_progress_vp[p]
    else:
        st.ck_progress[p, card] += 1
    st.stats[p, S_CK_PROGRESS_DRAWN] += 1
    log_event(st, E_CK_DRAW, p, card, colour, why, 0)
    if progress_in_hand(st, p) > PROGRESS_HAND:
        discard_progress(st, p)
    return card


@jitted
def discard_progress(st, p):
    """p, holding a 5th non-VP progress card, puts one of its choice under its deck
    (docs/ck-readings.md: the official "discard or play" read as discard)."""
    card = ck_progress_discard(st, p)
    if card < 0 or card >= N_PROGRESS or st.ck_progress[p, card] <= 0:
        st.illegal += 1
        card = 0
        while st.ck_progress[p, card] <= 0:
            card += 1
    put_back(st, p, card)
    log_event(st, E_CK_DISCARD_PROGRESS, p, card, 0, 0, 0)


@jitted
def put_back(st, p, card):
    """A card leaves p's hand (played or discarded) and goes under its deck."""
    st.ck_progress[p, card] -= 1
    t = card_colour(card)
    st.ck_deck[t, (st.ck_deck_top[t] + st.ck_deck_n[t]) % DECK_ROOM] = card
    st.ck_deck_n[t] += 1


@jitted
def redeal_progress(st, p):
    """A rollout's play-out (simcore.engine.hidden): the others' progress cards and each deck, re-dealt
    colour by colour from what p knows (which colours the others hold how many of, the cards out of
    play); the Printer and Constitution are shown when drawn and stay."""
    for t in range(N_TRACKS):
        redeal_cards(st, p, (st.ck_progress,), COLOUR_FIRST[t], COLOUR_FIRST[t + 1],
                     st.ck_deck[t], st.ck_deck_top[t], st.ck_deck_n[t], DECK_ROOM)
