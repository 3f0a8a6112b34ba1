"""The bots' side of a variant: its policy hooks, and the shape of a choice point.

A variant's bots live in its policy module (simcore.engine.variant.Variant.policy, e.g.
policies/variants/grundbesitz/bots.py).  The module implements a policy hook by defining a
function of that name (imported names do not count), like the kernel's hooks
(simcore.engine.hooks); each runs for the variants the game's rules switch on, in
registration order, and only kernels whose state record has the variant compile it:

  random_options(st, p, n) -> n     the random bot's main-phase options: add the variant's
                                    legal actions at st.choice[n:] (choice_x, choice_y) and
                                    return the new count (room: Variant.choices)
  random_action(st, p) -> (a, x, y) the random bot's main-phase action, when a >= 0; else the
                                    next variant's, else policies.randombot.action
  builder_action(st, p, w) -> (a, x, y)  the builder's main-phase action, when a >= 0; else the
                                    next variant's, else policies.builder.action
  builder_free_road(st, p, w) -> e  the builder's road-building road, instead of builder.free_road
  builder_goal(st, p, w) -> (score, where, item)  a goal of the variant's own the builder weighs
                                    against its others (policies.builder.choose_goal): buying
                                    item (a row of st.costs) at where (-1: none); the best score wins
  builder_goal_action(st, p, item, where) -> (a, x, y)  the action reaching that goal once it is
                                    affordable (a >= 0 decides)
  strong_value(st, p, w, v) -> v    the strong kind's value of a position (policies.strong.value) with
                                    the variant's own features added, weighted by its v_* weights
  strong_candidates(st, p, n) -> n  options the strong kind's look-ahead also tries, added to the n in
                                    st.cand_* (at most MAX_CANDIDATES in all)
  strong_setup(st, p, c) -> c       the strong kind's setup settlement, given its builder's corner c

random_action, builder_action and builder_free_road ask the variants in force from the
last registered to the first: a variant that plays on another (Autarkie on C&K) is
asked before the one it builds on, and passes (a = -1) to let that one choose.

A variant's own choice points (the questions its rules ask, e.g. Grundbesitz's "defend
with a knight?") are functions of its policy module made by `choice_point`: the random
policy's answer or the builder's, by the seat's policy kind.  The rules ask them by name,
never importing policies (simcore.variants.grundbesitz.rules: gb_defend = ask(GRUNDBESITZ,
"gb_defend"), simcore.engine.bots.ask).
"""
import sys

from simcore.engine.hooks import Table
from simcore.accel.jit import jitted
from simcore.engine.kernel_variants import variant_code

from policies.weights import KIND_RANDOM

# hook -> (arguments, how the variants' results combine, the base function an override replaces)
POLICY_HOOKS = {
    "random_options": ("st, p, n", "chain"),
    "random_action": ("st, p", "decide", "policies.randombot.action"),
    "builder_action": ("st, p, w", "decide", "policies.builder.action"),
    "builder_free_road": ("st, p, w", "override", "policies.builder.free_road"),
    "builder_goal": ("st, p, w", "best", "policies.builder.no_variant_goal"),
    "builder_goal_action": ("st, p, item, where", "decide", "policies.builder.no_goal_action"),
    "strong_value": ("st, p, w, v", "chain"),
    "strong_candidates": ("st, p, n", "chain"),
    "strong_setup": ("st, p, c", "chain"),
}
POLICY = Table(POLICY_HOOKS, "policy")

random_options = POLICY.hook("random_options")
random_action = POLICY.hook("random_action")
builder_action = POLICY.hook("builder_action")
builder_free_road = POLICY.hook("builder_free_road")
builder_goal = POLICY.hook("builder_goal")
builder_goal_action = POLICY.hook("builder_goal_action")
strong_value = POLICY.hook("strong_value")
strong_candidates = POLICY.hook("strong_candidates")
strong_setup = POLICY.hook("strong_setup")


def choice_point(name, args, random, builder, doc="", random_args=None, weights=True, variant=None, default=None):
    """A choice point `name(args)` asked of the deciding player (the second argument):

        def name(st, p, ...):
            if st.policy_kind[p] == KIND_RANDOM:
                return random(st, p, ...)           # random(<random_args>) if given
            return builder(st, p, ..., st.weights[p])   # without the weights if weights=False

    `random` and `builder` are jitted functions; `variant`: compiled only into kernels
    playing it (simcore.engine.kernel_variants.variant_code, returning `default` elsewhere)."""
    names = [a.strip() for a in args.split(",")]
    who = names[1]
    rargs = args if random_args is None else random_args
    bargs = f"{args}, st.weights[{who}]" if weights else args
    source = (f"def {name}({args}):\n"
              f"    if st.policy_kind[{who}] == KIND_RANDOM:\n"
              f"        return random({rargs})\n"
              f"    return builder({bargs})\n")
    module = sys._getframe(1).f_globals["__name__"]   # the policy module declaring it
    scope = {"KIND_RANDOM": KIND_RANDOM, "random": random, "builder": builder, "__name__": module}
    exec(compile(source, f"<choice point {module}.{name}>", "exec"), scope)
    fn = scope[name]
    fn.__doc__ = doc
    if variant is not None:
        return variant_code(variant, default)(fn)
    return jitted(fn)

