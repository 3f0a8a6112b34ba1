"""A rollout seat's decision inside the game: answered, asked for, or the one being searched.

The search driver (simcore.engine.search) plays a game in units (the opening, then one
player-turn each) and replays a unit from its start whenever a rollout seat meets a decision
the search has not answered yet.  Its policy (policies.rollout) lists the decision's
candidates, the base policy's own choice first, and asks `pick` which to play:

- an answer the search already gave for this unit (st.answers, in order): that one;
- in the real game, a new decision: the base policy's choice, and the driver is asked to
  search it (st.request_n) once the unit is over; the unit is then replayed with the answer;
- in a play-out (st.candidate >= 0) at the decision being searched: the candidate under
  test.  From here on the dice and everything the deciding player cannot see are re-drawn
  from the play-out's seed (hidden.redeal: the same seed for every candidate of the decision,
  common random numbers) and every seat plays as its base policy (st.playing_out).
"""
import numpy as np
from simcore.accel.jit import jitted

from simcore.engine.hidden import redeal
from simcore.engine.state import MAX_ANSWERS


MODULUS = 2147483647   # 2**31 - 1: seeds of np.random.seed


@jitted
def mix(a, b):
    """A seed from two numbers (a few rounds of a multiplicative hash, exact in int64)."""
    h = (np.int64(a) % MODULUS + 1) * 48271 % MODULUS
    h = (h + np.int64(b) % MODULUS + 1) * 69621 % MODULUS
    h = (h ^ (h >> 13)) * 48271 % MODULUS
    return h


@jitted
def playout_dice(st):
    """A play-out's two dice of this turn, from its seed and the turn alone: every candidate's
    play-outs of one seed see the same rolls, whatever else drew random numbers in between."""
    h = mix(mix(st.rollout_seed, st.turn), 0xD1CE)
    return h % 6 + 1, (h // 6) % 6 + 1


@jitted
def searching(st, p):
    """Does p search this decision (a rollout seat, in a game the search driver plays, not in a play-out)?"""
    return st.search_on != 0 and st.playing_out == 0 and st.rollout[p, 0] != 0


@jitted
def pick(st, p, n):
    """Which of the n candidates p plays (0 = the base policy's own choice)."""
    if n <= 1:
        return 0
    if st.ans_used < st.ans_n:
        k = st.answers[st.ans_used]
        st.ans_used += 1
        return k if k < n else 0
    if st.candidate >= 0:   # a play-out reaching the decision it tests
        if n != st.request_n or decision_key(st, p, n) != st.request_key:
            st.illegal += 1   # not the decision the real game reported: a bug (tests check illegal == 0)
        k = st.candidate
        st.candidate = -1
        st.playing_out = 1
        st.switch_turn = st.turn
        np.random.seed(st.rollout_seed)
        redeal(st, p)
        return k if k < n else 0
    if st.request_n < 0 and st.ans_n < MAX_ANSWERS:
        st.request_n = n
        st.request_player = p
        st.request_key = decision_key(st, p, n)
    return 0


@jitted
def decision_key(st, p, n):
    """A fingerprint of a decision (turn, player, the candidates), to check a play-out meets the
    decision the real game reported."""
    key = st.turn * 1000003 + p * 7919
    for i in range(n):
        key = (key * 31 + st.cand_a[i] * 1009 + st.cand_x[i] * 101 + st.cand_y[i]) % MODULUS
    return key
