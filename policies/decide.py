"""Every choice point of the game, dispatched on the policy kind (an int switch:
numba compiles one version, however many policies there are).

Each function gets the state and the deciding player (whose kind and weights
are in st.policy_kind[p] and st.weights[p]) and returns its choice; the engine
checks it (simcore.game)."""
from simcore.jit import jitted
from simcore.kernel_variants import variant_code
from simcore.variants.ck import CK, P_CK_ON
from simcore.variants.grundbesitz import GRUNDBESITZ
from simcore.variants.autarkie import P_AUT_ON
from simcore.variants.robin_hood import P_ROBIN

from policies import (builder, builder_autarkie, builder_ck, builder_gb, progress_ck, randombot, randombot_ck,
                      sheriff)
from simcore.actions import A_END
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
    if st.params[P_ROBIN]:
        return sheriff_action(st, p)
    if st.params[P_CK_ON]:
        return ck_action(st, p)
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.action(st, p)
    if st.params[P_AUT_ON]:   # Autarkie's steps first (policies.builder_autarkie)
        a, x, y = builder_autarkie.action(st, p, st.weights[p])
        if a >= 0:
            return a, x, y
    return builder.action(st, p, st.weights[p])


@jitted
def accept_offer(st, q, p, give_r, get_r):
    """Domestic trade: does q take p's 1 give_r for 1 of q's get_r?"""
    if st.policy_kind[q] == KIND_RANDOM:
        return randombot.coin()
    return builder.accept_offer(st, q, p, give_r, get_r, st.weights[q])


@jitted
def free_road(st, p):
    """Edge for a road-building road, or -1 to place no more."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.free_road(st, p)
    if st.params[P_ROBIN]:
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


# --- Grundbesitz (RULES.md §1; simcore.grundbesitz) -------------------------------

@jitted
def gb_response_block(st, q, g):
    """q owns a GB on the hex of the GB g just bought: block it at once?"""
    if st.policy_kind[q] == KIND_RANDOM:
        return randombot.coin()
    return builder_gb.response_block(st, q, g, st.weights[q])


@variant_code(GRUNDBESITZ, -1)
def gb_robber_block(st, p):
    """Before moving the robber: a GB on the hex it leaves to block, or -1."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.gb_robber_block(st, p)
    return builder_gb.robber_block(st, p, st.weights[p])


@jitted
def gb_defend(st, q, actor, h, what, target):
    """Cancel the actor's block/removal of GB target (or robber move, target -1) on h with a knight?"""
    if st.policy_kind[q] == KIND_RANDOM:
        return randombot.coin()
    return builder_gb.defend(st, q, actor, h, what, target, st.weights[q])


@jitted
def gb_counter(st, actor, defender, h, what, target):
    """The actor may cancel the defender's cancel with a knight (max_counter_depth > 1)."""
    if st.policy_kind[actor] == KIND_RANDOM:
        return randombot.coin()
    return builder_gb.counter(st, actor, defender, h, what, target, st.weights[actor])


@jitted
def gb_follow_up(st, d, actor, h, what):
    """After d cancelled `what` on h: grundbesitz_board.FOLLOW_NONE, _STRIKE, _ROBBER or _REMOVE."""
    if st.policy_kind[d] == KIND_RANDOM:
        return randombot.gb_follow_up(st, d, actor, h, what)
    return builder_gb.follow_up(st, d, actor, h, what, st.weights[d])


@jitted
def gb_follow_target(st, d, actor, h, what, choice):
    """The GB to place markers on (choice FOLLOW_STRIKE) or to remove one from (FOLLOW_REMOVE)."""
    if st.policy_kind[d] == KIND_RANDOM:
        return randombot.gb_follow_target(st, d, actor, h, what, choice)
    return builder_gb.follow_target(st, d, actor, h, what, choice)


@jitted
def gb_free_removal(st, p):
    """Before rolling: a marker to remove for free as the hex's majority holder, or -1."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.gb_free_removal(st, p)
    return builder_gb.free_removal(st, p, st.weights[p])


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


# --- Cities & Knights (RULES.md §4; simcore.ck) ------------------------------------

@variant_code(CK, (A_END, 0, 0))
def ck_action(st, p):
    """Next main-phase action under Cities & Knights (its own actions included)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot_ck.action(st, p)
    if st.params[P_AUT_ON]:   # Autarkie on its C&K substrate: its steps first (policies.builder_autarkie)
        a, x, y = builder_autarkie.action(st, p, st.weights[p])
        if a >= 0:
            return a, x, y
    return builder_ck.action(st, p, st.weights[p])


@jitted
def ck_metro_city(st, p, t):
    """The city (corner) without a metropolis that takes track t's metropolis."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot_ck.pick_city(st, p, True)
    return builder_ck.metro_city(st, p, t)


@jitted
def ck_pillage_city(st, p):
    """The city (corner, no metropolis) p loses to the barbarians."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot_ck.pick_city(st, p, True)
    return builder_ck.pillage_city(st, p)


@jitted
def ck_tie_colour(st, p):
    """A tied defender's colour of progress card (track 0..2)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot_ck.colour(st, p)
    return builder_ck.tie_colour(st, p, st.weights[p])


@jitted
def ck_retreat(st, q, d):
    """Where q's knight displaced from corner d retreats: a free corner marked in
    st.ck_reach (q's roads from d), -1 only if there is none."""
    if st.policy_kind[q] == KIND_RANDOM:
        return randombot_ck.retreat(st, q, d)
    return builder_ck.retreat(st, q, d)


@jitted
def ck_aqueduct(st, p):
    """The resource p takes with the aqueduct."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot_ck.resource(st, p)
    return builder_ck.aqueduct(st, p, st.weights[p])


@jitted
def ck_alchemist(st, p):
    """Before p's roll, holding an Alchemist: play it (the dice: ck_card_pick)?"""
    if st.policy_kind[p] == KIND_RANDOM:
        return progress_ck.random_alchemist(st, p)
    return progress_ck.alchemist(st, p, st.weights[p])


@jitted
def ck_card_pick(st, q, card, k):
    """q's answer to choice k of progress card `card` (simcore.ck_progress lists them)."""
    if st.policy_kind[q] == KIND_RANDOM:
        return progress_ck.random_pick(st, q, card, k)
    return progress_ck.pick(st, q, card, k, st.weights[q])
