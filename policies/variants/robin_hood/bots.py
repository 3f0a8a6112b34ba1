"""The Sheriff's bots in the Robin Hood mode (RULES.md §3; the declaration's `policy`):
the builder's main-phase action and road-building roads (policies.variants.robin_hood.sheriff), and the
choice points simcore.variants.robin_hood.rules asks.  The random policy's answers are policies.variants.robin_hood.randombot."""
from simcore.accel.jit import jitted

from policies.variants.robin_hood import randombot as randombot_robin, sheriff
from policies.dispatch import choice_point


@jitted
def builder_action(st, p, w):
    """Policy hook: the Sheriff's action (the builder's, with fences for the warden)."""
    return sheriff.action(st, p, w)


@jitted
def builder_free_road(st, p, w):
    """Policy hook: a road of the road-building card (a fence road for the warden)."""
    return sheriff.free_road(st, p, w)


robin_destination = choice_point(
    "robin_destination", "st, p, card", randombot_robin.robin_destination, sheriff.robin_destination,
    "Where Robin goes on a movement card of resource `card` when several hexes of it next to his "
    "are open to him (no Sheriff road between).")
evict = choice_point(
    "evict", "st, p", randombot_robin.evict, sheriff.evict,
    "After building on Robin's hex: a hex next to it, not across a Sheriff road, to push him to, "
    "or -1 to leave him.")
relocate = choice_point(
    "relocate", "st, p", randombot_robin.relocate, sheriff.relocate,
    "A 7 with no building at Robin's hex: one of the hexes that would score him most.")
