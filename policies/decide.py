"""Every choice point of the game, dispatched on the policy kind (an int switch:
numba compiles one version, however many policies there are).

Each function gets the state and the deciding player (whose kind and weights
are in st.policy_kind[p] and st.weights[p]) and returns its choice; the engine
checks it (simcore.game)."""
from simcore.jit import jitted

from policies import builder, randombot, sheriff
from policies.weights import KIND_RANDOM


@jitted
def new_game(st, p):
    """Called once per seat after the board is laid: per-game tables."""
    if st.policy_kind[p] != KIND_RANDOM:
        builder.new_game(st, p, st.weights[p])


@jitted
def setup_settlement(st, p):
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.setup_settlement(st, p)
    return builder.setup_settlement(st, p, st.weights[p])


@jitted
def setup_road(st, p, c):
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.setup_road(st, p, c)
    return builder.setup_road(st, p, c, st.weights[p])


@jitted
def discard(st, p):
    """One card to discard on a 7 (asked once per card)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.discard(st, p)
    return builder.discard(st, p, st.weights[p])


@jitted
def robber(st, p):
    """(hex to move the robber to, victim or -1)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.robber(st, p)
    return builder.robber(st, p, st.weights[p])


@jitted
def knight_before_roll(st, p):
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.knight_before_roll(st, p)
    return builder.knight_before_roll(st, p, st.weights[p])


@jitted
def action(st, p):
    """Next main-phase action (simcore.actions codes)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.action(st, p)
    return builder.action(st, p, st.weights[p])


@jitted
def free_road(st, p):
    """Edge for a road-building road, or -1 to place no more."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.free_road(st, p)
    if st.robin:
        return sheriff.free_road(st, p, st.weights[p])
    return builder.free_road(st, p, st.weights[p])


@jitted
def plenty(st, p):
    """Two resources for year of plenty."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.plenty(st, p)
    return builder.plenty(st, p, st.weights[p])


@jitted
def monopoly(st, p):
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.monopoly(st, p)
    return builder.monopoly(st, p)


# --- the Sheriff in the Robin Hood mode (simcore.robin) ----------------------------

@jitted
def sheriff_action(st, p):
    """The Sheriff's next main-phase action (simcore.actions codes)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.action(st, p)
    return sheriff.action(st, p, st.weights[p])


@jitted
def robin_destination(st, p, card):
    """Where Robin goes on a movement card of resource `card` when several hexes of it
    next to his are open to him (no Sheriff road between)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.robin_destination(st, p, card)
    return sheriff.robin_destination(st, p, card, st.weights[p])


@jitted
def evict(st, p):
    """After building on Robin's hex: a hex next to it, not across a Sheriff road, to
    push him to, or -1 to leave him."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.evict(st, p)
    return sheriff.evict(st, p, st.weights[p])


@jitted
def relocate(st, p):
    """A 7 with no building at Robin's hex: one of the hexes that would score him most."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.relocate(st, p)
    return sheriff.relocate(st, p, st.weights[p])
