"""What a player cannot know, re-dealt from what it can (a rollout's play-outs: no peeking).

In the base game a player sees the board, every player's hand size and the cards played;
resource hands are taken as known (each gain is public: production, trades, bank; only a
robbery's card is seen by two players).  Hidden: the order of the development deck and the
development cards the others hold (how many each holds is public).  `redeal` shuffles those
cards together, in an order that depends only on what p knows (their counts by kind), and
deals each opponent as many as it held; a variant re-deals its own hidden cards in its hook
`hidden` (simcore.engine.hooks).  Future dice come from the play-out's seed.
"""
from simcore.accel.jit import jitted

from simcore.engine import hooks
from simcore.engine.state import N_DEV_CARDS, N_DEV_TYPES, randint


@jitted
def redeal(st, p):
    """Re-deal the hidden cards from p's point of view (the random stream is the play-out's)."""
    redeal_devcards(st, p)
    hooks.hidden(st, p)


@jitted
def redeal_devcards(st, p):
    """The others' development cards (playable and new) and the deck's rest, shuffled together."""
    redeal_cards(st, p, (st.dev_hand, st.dev_new), 0, N_DEV_TYPES,
                 st.dev_deck, st.dev_top, N_DEV_CARDS - st.dev_top, N_DEV_CARDS)


@jitted
def redeal_cards(st, p, hands, first, end, deck, top, n_deck, room):
    """The hidden cards of kinds first..end-1, pooled, shuffled and dealt back: each opponent q
    gets as many as it held in each of `hands` (arrays [player, kind], dealt in this order), the
    deck the rest.  The deck's undrawn cards are deck[(top + i) % room] for i < n_deck (a ring:
    room = the deck's length; a plain deck: top + n_deck <= room)."""
    pool = st.choice   # scratch: the pooled cards, by kind, then shuffled
    n = 0
    for kind in range(first, end):
        count = 0
        for i in range(n_deck):
            if deck[(top + i) % room] == kind:
                count += 1
        for q in range(st.players):
            if q != p:
                for hand in hands:
                    count += hand[q, kind]
        for _ in range(count):
            pool[n] = kind
            n += 1
    shuffle_pool(pool, n)
    at = 0
    for q in range(st.players):
        if q == p:
            continue
        for hand in hands:
            held = 0
            for kind in range(first, end):
                held += hand[q, kind]
                hand[q, kind] = 0
            for _ in range(held):
                hand[q, pool[at]] += 1
                at += 1
    for i in range(n_deck):
        deck[(top + i) % room] = pool[at]
        at += 1


@jitted
def shuffle_pool(pool, n):
    """Fisher-Yates on pool[:n] (a re-deal fills it in an order p could know: by kind)."""
    for i in range(n - 1, 0, -1):
        j = randint(i + 1)
        pool[i], pool[j] = pool[j], pool[i]


@jitted
def reshuffle(a):
    """A deck's undrawn part `a`, shuffled from what a player knows of it: sorted, then shuffled."""
    for i in range(1, a.shape[0]):   # insertion sort (a short deck)
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    shuffle_pool(a, a.shape[0])
