"""The search driver: games with rollout seats, played in the kernel (policies.rollout_seat).

numba compiles no recursion (a play-out inside a decision inside a game), so a driver plays
the game in units, each replayable from its start: the opening (the setup placements, or a
solo mode's whole game) and then one player-turn per unit.  Every unit begins from the same
seed (unit_seed).  A rollout seat's decision the search has not answered yet is played as the
base policy plays it and reported (simcore.engine.search_point); when the unit is over the
driver restores the unit's start, searches that decision (choose) and replays the unit with
the answer, until the unit meets no new decision.  The unit's decisions before the searched one
are replayed exactly (same seed, same answers), so the search starts from the true position.

choose: for each candidate (the base policy's own choice first) and each of the seat's
`rollouts`, a copy of the unit's start is replayed to the decision, plays the candidate,
re-deals what the deciding player cannot see and rolls the dice from the play-out's seed (the
same seed for every candidate: common random numbers), and plays on with every seat as its base
policy: to the end of the game (horizon 0: a win counts 1) or for `horizon` more player-turns,
then the fitted value (simcore.engine.value).  The best mean wins (a plain maximum; ties go to
the candidate ranked first, the base policy's own choice before the others).

A game's row depends only on its seed, rules and seats, as every game's does.
"""
import numpy as np
from simcore.accel.jit import jitted
from simcore.engine.kernels import entry

from simcore.engine import hooks
from simcore.engine.game import begin_game, play_turn, setup_phase, write_record
from simcore.engine.events import E_GAME_END, log_event
from simcore.engine.params import P_MAX_TURNS
from simcore.engine.search_point import mix
from simcore.engine.value import estimate

# the two-SE rule: a candidate replaces the base policy's choice only when its mean gain over it
# (paired by play-out seed) is more than this many standard errors
SE_RULE = 2.0


@jitted
def unit_seed(seed, u):
    return mix(mix(seed, 0x5EA), u)


@jitted
def game_ended(st):
    return st.search_over != 0 or st.winner >= 0 or st.turn >= st.params[P_MAX_TURNS]


@jitted
def play_unit(st, u):
    """Unit u of the game: 0 the opening (a solo mode's whole game, else the setup), then a turn each."""
    if u == 0:
        if hooks.play_game(st):
            st.search_over = 1
        else:
            setup_phase(st)
    else:
        play_turn(st, st.turn % st.players)


@jitted
def copy_bytes(src, dst):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@jitted
def start_pass(st, seed, u, candidate):
    """Before a pass over unit u from its start: no answer used yet, nothing asked, the unit's seed."""
    st.ans_used = 0
    st.request_n = -1
    st.candidate = candidate
    st.playing_out = 0
    np.random.seed(unit_seed(seed, u))


@jitted
def play_searching(buf, buf_bytes, work, work_bytes, params, kinds, weights, coef, game_index, seed, log_on):
    """One game with rollout seats in buf[0]; work[0] holds the current unit's start, work[1] the play-outs."""
    st = begin_game(buf, buf_bytes, params, kinds, weights, game_index, seed, log_on)
    st.search_on = 1
    snap = work[0]
    u = 0
    while True:
        st.ans_n = 0   # no answers yet for this unit (the last unit's are done with)
        copy_bytes(buf_bytes, work_bytes[0])   # the unit's start
        while True:
            start_pass(st, seed, u, -1)
            play_unit(st, u)
            if st.request_n < 0:
                break
            k = choose(st, work, work_bytes, coef, seed, u)
            snap.answers[snap.ans_n] = k
            snap.ans_n += 1
            copy_bytes(work_bytes[0], buf_bytes)   # back to the unit's start, with the answer
        if game_ended(st):
            break
        u += 1
    log_event(st, E_GAME_END, st.winner, st.winner, st.turn, st.rounds, 0)


@jitted
def choose(st, work, work_bytes, coef, seed, u):
    """The candidate to play at the decision st reported (st.request_*): the base policy's choice
    (candidate 0) unless another's mean gain over it, play-out by play-out with the same seed, is
    more than SE_RULE standard errors, then the one with the best mean.  Each candidate's mean
    value is left in work[0].search_value."""
    p = st.request_player
    n = st.request_n
    rollouts = st.rollout[p, 2]
    horizon = st.rollout[p, 3]
    snap = work[0]
    trial = work[1]
    for k in range(n):
        st.search_value[k] = 0.0
        st.search_gain[k] = 0.0
        st.search_gain2[k] = 0.0
    for r in range(rollouts):
        for k in range(n):
            copy_bytes(work_bytes[0], work_bytes[1])
            trial.log_on = 0
            start_pass(trial, seed, u, k)
            trial.request_n = n   # the decision it must meet again (search_point.pick checks)
            trial.request_key = st.request_key
            trial.rollout_seed = mix(mix(unit_seed(seed, u), snap.ans_n), r)
            st.search_now[k] = play_out(trial, u, p, horizon, coef)
            if trial.illegal != snap.illegal:
                snap.illegal += 1   # kept by the real game (restored from snap): tests check illegal == 0
        for k in range(n):
            d = st.search_now[k] - st.search_now[0]
            st.search_value[k] += st.search_now[k]
            st.search_gain[k] += d
            st.search_gain2[k] += d * d
    pick, best = 0, 0.0
    for k in range(n):
        snap.search_value[k] = st.search_value[k] / rollouts
        mean = st.search_gain[k] / rollouts
        var = max(st.search_gain2[k] / rollouts - mean * mean, 0.0)
        se = np.sqrt(var / max(rollouts - 1, 1))
        if k > 0 and mean > SE_RULE * se and mean > best:
            pick, best = k, mean
    return pick


@jitted
def play_out(st, u, p, horizon, coef):
    """Replay unit u to the decision (st.candidate), play on; p's value of the end."""
    play_unit(st, u)
    while not game_ended(st) and (horizon == 0 or st.turn < st.switch_turn + horizon):
        play_unit(st, 1)
    if st.winner >= 0:
        return 1.0 if st.winner == p else 0.0
    if game_ended(st):
        return 0.0
    return estimate(st, p, coef)


@entry
def play_search_kernel(params, kinds, weights, coef, game_indices, seeds, out, buf, buf_bytes, work, work_bytes,
                       log_on):
    """play_batch_kernel for scenarios with rollout seats (simcore.run.batch picks it): `work` is a
    second buffer of two state records (work_bytes: their memory before the log), `coef` the value
    model of the rules in force (simcore.engine.value)."""
    for i in range(game_indices.shape[0]):
        play_searching(buf, buf_bytes, work, work_bytes, params, kinds, weights, coef, game_indices[i], seeds[i],
                       log_on)
        write_record(buf[0], out[i], game_indices[i], seeds[i])
