"""The `random` policy under Cities & Knights (docs/rules.md, Cities & Knights): uniform over every legal
action, the rule set's own included, and over the legal answers at its choice points."""
from policies.common import add_option
from policies.randombot import action_options
from simcore.variants.ck.board import (can_act, can_activate, can_build_knight, can_chase, can_improve, can_promote,
                                       can_repair, can_wall, free_city, is_city, is_metropolis, move_target_ok, reach)
from simcore.variants.ck.progress_board import can_play as can_play_progress
from simcore.accel.jit import jitted
from simcore.engine.state import N_RESOURCES, randint
from simcore.engine.topology import N_CORNERS
from simcore.variants.ck import (A_CK_IMPROVE, A_CK_KNIGHT_ACTIVATE, A_CK_KNIGHT_BUILD, A_CK_KNIGHT_CHASE,
                                 A_CK_KNIGHT_MOVE, A_CK_KNIGHT_PROMOTE, A_CK_PLAY_PROGRESS, A_CK_REPAIR, A_CK_WALL,
                                 N_PROGRESS, N_TRACKS)


@jitted
def action(st, p):
    """Every legal base and C&K action equally likely."""
    n = action_options(st, p)
    for t in range(N_TRACKS):
        if can_improve(st, p, t):
            n = add_option(st, n, A_CK_IMPROVE, t, 0)
    for card in range(N_PROGRESS):
        if can_play_progress(st, p, card):
            n = add_option(st, n, A_CK_PLAY_PROGRESS, card, 0)
    for c in range(N_CORNERS):
        if can_wall(st, p, c):
            n = add_option(st, n, A_CK_WALL, c, 0)
        if can_repair(st, p, c):
            n = add_option(st, n, A_CK_REPAIR, c, 0)
        if can_build_knight(st, p, c):
            n = add_option(st, n, A_CK_KNIGHT_BUILD, c, 0)
        if can_activate(st, p, c):
            n = add_option(st, n, A_CK_KNIGHT_ACTIVATE, c, 0)
        if can_promote(st, p, c):
            n = add_option(st, n, A_CK_KNIGHT_PROMOTE, c, 0)
        if can_chase(st, p, c):
            n = add_option(st, n, A_CK_KNIGHT_CHASE, c, 0)
        if can_act(st, p, c):
            reach(st, p, c)
            for d in range(N_CORNERS):
                if move_target_ok(st, p, c, d):
                    n = add_option(st, n, A_CK_KNIGHT_MOVE, c, d)
    i = randint(n)
    return st.choice[i], st.choice_x[i], st.choice_y[i]


@jitted
def pick_city(st, p, open_only):
    """Any city of p (without a metropolis if open_only), uniformly; -1 = none."""
    n = 0
    for c in range(N_CORNERS):
        if is_city(st, p, c) and not (open_only and is_metropolis(st, c)):
            st.choice[n] = c
            n += 1
    return st.choice[randint(n)] if n > 0 else free_city(st, p)


@jitted
def retreat(st, q, d):
    """Any free corner q's roads lead to from d (st.ck_reach is marked)."""
    n = 0
    for e in range(N_CORNERS):
        if e != d and st.ck_reach[e] and st.corner_owner[e] < 0 and st.corner_guard[e] < 0:
            st.choice[n] = e
            n += 1
    return st.choice[randint(n)] if n > 0 else -1


@jitted
def colour(st, q):
    return randint(N_TRACKS)


@jitted
def resource(st, q):
    return randint(N_RESOURCES)
