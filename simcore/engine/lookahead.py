"""A strong seat's one-ply look-ahead (docs/players.md, the strong player).

At a main-phase decision a strong seat's policy (policies.strong) lists its options in
st.cand_a/x/y and answers A_LOOKAHEAD; the engine then plays each option on the state,
asks the policy what the position is worth to the player (policies.decide.afterstate_value)
and restores the state byte for byte (st.undo holds everything before the log).  Each option is
valued where the seat's builder would end the turn after it (its own next actions played on, at
most FOLLOW_STEPS), so that a trade is worth what it buys.  The option valued most is played for
real; ties go to the option listed first (the base policy's own).
A rollout seat over a strong base searches these options, the look-ahead's choice first.

What the player cannot know stays unknown: a development card bought in the look-ahead is
taken out of its hand before the valuation and counted as one card of unknown kind
(st.unknown_dev); while it looks (st.looking), cards that would come out of the others' hidden
hands (a steal, a monopoly, a progress card taking cards) stay where they are and an offer finds
no taker (the others' answers are theirs to give); the others' hidden cards are read by no
valuation (tests/test_strong.py).  Dice and draws in a tried option use random numbers the game
itself does not use again, so the look-ahead does not see the game's future.
Nothing is logged while an option is tried.
"""
from simcore.accel.jit import jitted
from simcore.accel.record_bytes import record_bytes

from policies import decide
from simcore.engine.actions import A_BUY_DEV, A_END, A_OFFER
from simcore.engine.apply import apply_action
from simcore.engine.legal import is_legal
from simcore.engine.search_point import pick, searching
from simcore.engine.params import P_VICTORY_POINTS
from simcore.engine.state import copy_into, victory_points

NONE = -1e300
FOLLOW_STEPS = 6   # the builder's actions played on after an option


@jitted
def best_candidate(st, p, n):
    """(a, x, y): of the n options in st.cand_*, the one p values most once played."""
    size = st.undo.shape[0]
    now = record_bytes(st, size)
    copy_into(st.undo, now)   # st.looking is 0 in the saved state: restoring it ends the look
    best, k_best = NONE, 0
    for k in range(n):
        v = option_value(st, p, st.cand_a[k], st.cand_x[k], st.cand_y[k], k == 0)
        copy_into(now, st.undo)
        if v > best:
            best, k_best = v, k
    if searching(st, p):   # a rollout seat over a strong base: its search, the look-ahead's choice first
        swap(st, 0, k_best)
        k_best = pick(st, p, n)
    return st.cand_a[k_best], st.cand_x[k_best], st.cand_y[k_best]


@jitted
def swap(st, i, j):
    st.cand_a[i], st.cand_a[j] = st.cand_a[j], st.cand_a[i]
    st.cand_x[i], st.cand_x[j] = st.cand_x[j], st.cand_x[i]
    st.cand_y[i], st.cand_y[j] = st.cand_y[j], st.cand_y[i]


@jitted
def option_value(st, p, a, x, y, first):
    """p's value of the position after playing (a, x, y) on st (changed: the caller restores it);
    `first`: the option the seat's builder chose."""
    if a == A_END:
        return decide.afterstate_value(st, p, first)
    if not is_legal(st, p, a, x, y):
        return NONE
    begin_look(st)
    play_blind(st, p, a, x, y)
    follow(st, p)
    return decide.afterstate_value(st, p, first)


@jitted
def begin_look(st):
    """Nothing is logged, and nothing comes out of the others' hidden hands (st.looking)."""
    st.log_on = 0
    st.looking = 1


@jitted
def play_blind(st, p, a, x, y):
    """Play (a, x, y); a development card drawn is of a kind p does not know yet."""
    top = st.dev_top
    apply_action(st, p, a, x, y)
    if a == A_BUY_DEV and st.dev_top > top:
        st.dev_new[p, st.dev_deck[top]] -= 1
        st.unknown_dev += 1


@jitted
def follow(st, p):
    """The rest of p's turn as its builder would play it, until it ends the turn, makes an offer
    (which the look-ahead cannot resolve) or has won."""
    for _ in range(FOLLOW_STEPS):
        if victory_points(st, p) >= st.params[P_VICTORY_POINTS]:
            return
        a, x, y = decide.builder_choice(st, p)
        if a == A_END or a == A_OFFER or not is_legal(st, p, a, x, y):
            return
        play_blind(st, p, a, x, y)
