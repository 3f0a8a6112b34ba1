"""Cities & Knights (RULES.md §4): the progress cards' effects (A_CK_PLAY_PROGRESS).

A STUB for now: playing a card only puts it back under its deck.  The effects of the
25 cards are written here (one function per card, dispatched by `play`); when a card
may be played is simcore.ck_board.can_play_progress (the policies ask it too: the
policies never import this module, which may use simcore.game), whether a greedy bot
plays it now policies.builder_ck.progress_worth."""
from simcore.ck_cards import put_back
from simcore.events import log_event
from simcore.jit import jitted
from simcore.variants.ck import E_CK_PLAY_PROGRESS, S_CK_PROGRESS_PLAYED


@jitted
def play(st, p, card):
    """Play `card` (legal: can_play).  Stub: no effect yet."""
    put_back(st, p, card)
    st.stats[p, S_CK_PROGRESS_PLAYED] += 1
    log_event(st, E_CK_PLAY_PROGRESS, p, card, 0, 0, 0)
