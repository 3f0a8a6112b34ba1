"""Grundbesitz's bots (docs/rules.md, Grundbesitz; the declaration's `policy`): the random policy's
options for its actions and its choice points, asked by simcore.variants.grundbesitz.rules.  The
builder's choices are policies.variants.grundbesitz.builder, the random policy's policies.variants.grundbesitz.randombot."""
from simcore.accel.jit import jitted
from simcore.engine.devcards import can_play
from simcore.engine.state import DEV_KNIGHT
from simcore.variants.grundbesitz import (A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE, GRUNDBESITZ, ITEM_GB, N_GB,
                                         V_GB_BLOCKED, V_GB_OWNED, W_GB)

from policies.common import add_if_legal
from policies.builder import VALUE_SCALE, missing, robber_on_own_hex

from policies.variants.grundbesitz import builder as builder_gb, randombot as randombot_gb
from policies import randombot
from policies.dispatch import choice_point


@jitted
def strong_value(st, p, w, v):
    """Policy hook: the strong kind's value of a position (policies.strong) with what Grundbesitz adds: p's
    unblocked GBs, and the blockade markers on the others' GBs (all public)."""
    owned, blocking = 0, 0
    for g in range(N_GB):
        if st.gb_owner[g] == p and st.gb_markers[g] == 0:
            owned += 1
        elif st.gb_owner[g] >= 0 and st.gb_owner[g] != p:
            blocking += st.gb_markers[g]
    return v + w[V_GB_OWNED] * owned + w[V_GB_BLOCKED] * blocking


@jitted
def random_options(st, p, n):
    """Policy hook: every legal purchase, knight block and knight removal of a GB."""
    for g in range(N_GB):
        for a in (A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE):
            n = add_if_legal(st, p, n, a, g, 0)
    return n


@jitted
def builder_action(st, p, w):
    """Policy hook: a knight on a Grundbesitz (policies.variants.grundbesitz.builder.knight_use)
    unless the robber sits on p's own hex (then the builder's knight chases it)."""
    if can_play(st, p, DEV_KNIGHT) and not robber_on_own_hex(st, p):
        a, g = builder_gb.knight_use(st, p, w)
        if a >= 0:
            return a, g, 0
    return -1, 0, 0


@jitted
def builder_goal(st, p, w):
    """Policy hook: buying the best GB as one of the builder's goals (docs/rules.md, Grundbesitz: buy),
    scored as the builder scores its own: weight * (1 + value) / (1 + cards missing)."""
    if w[W_GB] <= 0:
        return 0.0, -1, -1
    v, g = builder_gb.best_purchase(st, p, w)
    if g < 0:
        return 0.0, -1, -1
    return w[W_GB] * (1.0 + VALUE_SCALE * v) / (1 + missing(st, p, st.costs[ITEM_GB])), g, ITEM_GB


@jitted
def builder_goal_action(st, p, item, where):
    """Policy hook: buy the GB the goal chose."""
    if item == ITEM_GB:
        return A_BUY_GB, where, 0
    return -1, 0, 0


gb_response_block = choice_point(
    "gb_response_block", "st, q, g", randombot.coin, builder_gb.response_block,
    "q owns a GB on the hex of the GB g just bought: block it at once?", random_args="")
gb_robber_block = choice_point(
    "gb_robber_block", "st, p", randombot_gb.robber_block, builder_gb.robber_block,
    "Before moving the robber: a GB on the hex it leaves to block, or -1.", variant=GRUNDBESITZ, default=-1)
gb_defend = choice_point(
    "gb_defend", "st, q, actor, h, what, target", randombot.coin, builder_gb.defend,
    "Cancel the actor's block/removal of GB target (or robber move, target -1) on h with a knight?",
    random_args="")
gb_counter = choice_point(
    "gb_counter", "st, actor, defender, h, what, target", randombot.coin, builder_gb.counter,
    "The actor may cancel the defender's cancel with a knight (max_counter_depth > 1).", random_args="")
gb_follow_up = choice_point(
    "gb_follow_up", "st, d, actor, h, what", randombot_gb.follow_up, builder_gb.follow_up,
    "After d cancelled `what` on h: simcore.variants.grundbesitz.board.FOLLOW_NONE, _STRIKE, _ROBBER or _REMOVE.")
gb_follow_target = choice_point(
    "gb_follow_target", "st, d, actor, h, what, choice", randombot_gb.follow_target, builder_gb.follow_target,
    "The GB to place markers on (choice FOLLOW_STRIKE) or to remove one from (FOLLOW_REMOVE).", weights=False)
gb_free_removal = choice_point(
    "gb_free_removal", "st, p", randombot_gb.free_removal, builder_gb.free_removal,
    "Before rolling: a marker to remove for free as the hex's majority holder, or -1.")
