"""The `random` policy's answers at Grundbesitz's choice points (docs/rules.md, Grundbesitz): uniform
over the legal ones (asked through policies.variants.grundbesitz.bots)."""
from simcore.variants.grundbesitz import board as gb
from simcore.accel.jit import jitted
from simcore.engine.state import randint
from simcore.variants.grundbesitz import N_GB, P_GB_STEAL_KNIGHTS


@jitted
def robber_block(st, p):
    """No block, or any GB of another player on the robber's hex, equally likely."""
    where, n = -1, 1
    for g in range(N_GB):
        if gb.can_robber_block(st, p, g):
            n += 1
            if randint(n) == 0:
                where = g
    return where


@jitted
def follow_up(st, d, actor, h, what):
    """Only defend, place markers, remove a marker (each if it has a target) or take the
    robber (if it has the knights defence_steal_knights asks for), equally likely."""
    options = st.choice
    options[0] = gb.FOLLOW_NONE
    n = 1
    for f in (gb.FOLLOW_STRIKE, gb.FOLLOW_REMOVE):
        if follow_target(st, d, actor, h, what, f) >= 0:
            options[n] = f
            n += 1
    if st.params[P_GB_STEAL_KNIGHTS] == 1 or gb.has_knight(st, d):
        options[n] = gb.FOLLOW_ROBBER
        n += 1
    return options[randint(n)]


@jitted
def follow_target(st, d, actor, h, what, choice):
    """Any GB the follow-up `choice` may act on, equally likely; -1 if none."""
    where, n = -1, 0
    for g in range(N_GB):
        ok = (gb.can_strike(st, d, actor, h, what, g) if choice == gb.FOLLOW_STRIKE
              else gb.can_remove(st, st.params, d, g))
        if ok:
            n += 1
            if randint(n) == 0:
                where = g
    return where


@jitted
def free_removal(st, p):
    """No removal, or any marker p may remove for free, equally likely."""
    where, n = -1, 1
    for g in range(N_GB):
        if gb.can_free_remove(st, st.params, p, g):
            n += 1
            if randint(n) == 0:
                where = g
    return where
