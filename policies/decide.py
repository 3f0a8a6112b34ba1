"""Every choice point of the base game, dispatched on the policy kind (an int switch:
numba compiles one version, however many policies there are).

Each function gets the state and the deciding player (whose kind and weights
are in st.policy_kind[p] and st.weights[p]) and returns its choice; the engine
checks it (simcore.engine.game).  A variant's bots plug in through its policy module
(policies.dispatch: its main-phase options and actions, its own choice points);
nothing here names a variant."""
from simcore.accel.jit import jitted

from policies import builder, dispatch, randombot, rollout, strong
from policies.dispatch import choice_point
from policies.weights import KIND_RANDOM, KIND_STRONG
from simcore.engine.actions import A_LOOKAHEAD
from simcore.engine.search_point import searching


@jitted
def new_game(st, p):
    """Called once per seat after the board is laid: per-game tables."""
    if st.policy_kind[p] != KIND_RANDOM:
        builder.new_game(st, p, st.weights[p])


base_setup_settlement = choice_point("base_setup_settlement", "st, p", randombot.setup_settlement,
                                     builder.setup_settlement)
setup_road = choice_point("setup_road", "st, p, c", randombot.setup_road, builder.setup_road)
discard = choice_point("discard", "st, p", randombot.discard, builder.discard,
                       "One card to discard on a 7 (asked once per card).")
base_robber = choice_point("base_robber", "st, p", randombot.robber, builder.robber,
                           "(hex to move the robber to, victim or -1).")
knight_before_roll = choice_point("knight_before_roll", "st, p", randombot.knight_before_roll,
                                  builder.knight_before_roll)
accept_offer = choice_point("accept_offer", "st, q, p, give_r, get_r", randombot.coin, builder.accept_offer,
                            "Domestic trade: does q take p's 1 give_r for 1 of q's get_r?", random_args="")
plenty = choice_point("plenty", "st, p", randombot.plenty, builder.plenty, "Two resources for year of plenty.")
monopoly = choice_point("monopoly", "st, p", randombot.monopoly, builder.monopoly, weights=False)


@jitted
def setup_settlement(st, p):
    """Corner of a setup settlement (a strong seat's by its variants' hook; a rollout seat searches among the
    base policy's best: policies.rollout)."""
    c = base_setup_settlement(st, p)
    if st.policy_kind[p] == KIND_STRONG:
        c = dispatch.strong_setup(st, p, c)
    if searching(st, p):
        return rollout.setup_settlement(st, p, c)
    return c


@jitted
def robber(st, p):
    """(hex to move the robber to, victim or -1); a rollout seat searches (policies.rollout)."""
    h, victim = base_robber(st, p)
    if searching(st, p):
        return rollout.robber(st, p, h, victim)
    return h, victim


@jitted
def action(st, p):
    """Next main-phase action (simcore.engine.actions codes); a variant's policy module may choose it
    its own way (policies.dispatch: random_action, builder_action); a rollout seat searches among
    the base policy's best options (policies.rollout)."""
    a, x, y = base_action(st, p)
    if searching(st, p) and a != A_LOOKAHEAD:   # over a strong base, the look-ahead's options are searched
        return rollout.action(st, p, a, x, y)     # (simcore.engine.lookahead)
    return a, x, y


@jitted
def base_action(st, p):
    """The seat's base policy's main-phase action (a strong seat's: A_LOOKAHEAD and its options, policies.strong)."""
    if st.policy_kind[p] == KIND_RANDOM:
        return dispatch.random_action(st, p)
    a, x, y = builder_choice(st, p)
    if st.policy_kind[p] == KIND_STRONG:
        return strong.action(st, p, a, x, y, st.weights[p])
    return a, x, y


@jitted
def builder_choice(st, p):
    """Seat p's builder's main-phase action (a strong seat's look-ahead plays on its turn with it)."""
    return dispatch.builder_action(st, p, st.weights[p])


@jitted
def afterstate_value(st, p, first):
    """What the position is worth to strong seat p (policies.strong.value), for its look-ahead; `first`:
    after its builder's own choice."""
    return strong.value(st, p, st.weights[p], first)


@jitted
def free_road(st, p):
    """Edge for a road-building road, or -1 to place no more."""
    if st.policy_kind[p] == KIND_RANDOM:
        return randombot.free_road(st, p)
    return dispatch.builder_free_road(st, p, st.weights[p])
