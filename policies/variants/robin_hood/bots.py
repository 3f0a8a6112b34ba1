"""The Sheriff's bots in the Robin Hood mode (docs/rules.md, Robin Hood; the declaration's `policy`):
the builder's main-phase action and road-building roads (policies.variants.robin_hood.sheriff), the
strong Sheriff's hooks, and the choice points simcore.variants.robin_hood.rules asks (the strong Sheriff
answers Robin's by policies.variants.robin_hood.outlook).  The random policy's answers are policies.variants.robin_hood.randombot."""
from simcore.accel.jit import jitted

from policies import rollout
from policies.strong import WIN
from policies.variants.robin_hood import outlook, randombot as randombot_robin, sheriff
from policies.weights import KIND_STRONG, V_STYLE
from policies.dispatch import choice_point
from simcore.engine.actions import A_ROAD
from simcore.engine.legal import is_legal
from simcore.engine.state import MAX_CANDIDATES, victory_points
from simcore.engine.topology import HEX_EDGES
from simcore.variants.robin_hood import ENDING_NONE, RB_ENDING, RB_VP, V_ROBIN_FENCE, V_ROBIN_HARM, V_ROBIN_VP
from simcore.variants.robin_hood.board import fence_edge, fence_missing, hex_score


@jitted
def builder_action(st, p, w):
    """Policy hook: the Sheriff's action (the builder's, with fences for the warden)."""
    return sheriff.action(st, p, w)


@jitted
def builder_free_road(st, p, w):
    """Policy hook: a road of the road-building card (a fence road for the warden)."""
    return sheriff.free_road(st, p, w)


@jitted
def strong_value(st, p, w, v):
    """Policy hook: the strong Sheriff's value of a position (policies.strong) with what Robin Hood adds
    (docs/rules.md, Robin Hood): Robin's VP, what he would score where he stands on a 7, and how near his hex is to
    being fenced in while the Sheriff leads (the enclosure then wins); an ending he does not win is a loss.  All
    public."""
    if st.robin_stats[RB_ENDING] != ENDING_NONE and st.winner != p:
        return -WIN   # a look-ahead that ends the game without winning it (an enclosure while not ahead)
    robin = st.robin_stats[RB_VP]
    v -= w[V_ROBIN_VP] * robin + w[V_ROBIN_HARM] * hex_score(st, st.robber)
    missing = fence_missing(st, st.robber)
    if missing >= 0 and victory_points(st, p) > robin:
        v += w[V_ROBIN_FENCE] / (1.0 + missing)
    return v


@jitted
def strong_candidates(st, p, n):
    """Policy hook: the strong Sheriff's look-ahead also tries the roads that fence in Robin's hex
    (policies.strong: an enclosure while he leads wins at once, docs/rules.md, Robin Hood), not those
    that would complete it while he does not lead."""
    h = st.robber
    for k in range(6):
        if n >= MAX_CANDIDATES:
            break
        if fence_edge(st, h, k):
            e = HEX_EDGES[h, k]
            if is_legal(st, p, A_ROAD, e, 0) and not sheriff.loses_by_enclosing(st, p, e) \
                    and not rollout.listed(st, n, A_ROAD, e, 0):
                st.cand_a[n], st.cand_x[n], st.cand_y[n] = A_ROAD, e, 0
                n += 1
    return n


@jitted
def looks_ahead(st, p, w):
    """The strong Sheriff not restricted to a style: his setup and where Robin goes come from
    policies.variants.robin_hood.outlook (a style's Sheriff keeps the builder's rules)."""
    return st.policy_kind[p] == KIND_STRONG and w[V_STYLE] <= 0


@jitted
def sheriff_destination(st, p, card, w):
    if looks_ahead(st, p, w):
        return outlook.destination(st, p, card, w)
    return sheriff.robin_destination(st, p, card, w)


@jitted
def sheriff_evict(st, p, w):
    if looks_ahead(st, p, w):
        return outlook.evict(st, p, w)
    return sheriff.evict(st, p, w)


@jitted
def sheriff_relocate(st, p, w):
    if looks_ahead(st, p, w):
        return outlook.relocate(st, p, w)
    return sheriff.relocate(st, p, w)


@jitted
def strong_setup(st, p, c):
    """Policy hook: the strong Sheriff's setup settlement, given his builder's corner c, weighs the harm
    Robin will do there over the game (policies.variants.robin_hood.outlook)."""
    w = st.weights[p]
    if looks_ahead(st, p, w):
        return outlook.setup_settlement(st, p, w, c)
    return c


robin_destination = choice_point(
    "robin_destination", "st, p, card", randombot_robin.robin_destination, sheriff_destination,
    "Where Robin goes on a movement card of resource `card` when several hexes of it next to his "
    "are open to him (no Sheriff road between).")
evict = choice_point(
    "evict", "st, p", randombot_robin.evict, sheriff_evict,
    "After building on Robin's hex: a hex next to it, not across a Sheriff road, to push him to, "
    "or -1 to leave him.")
relocate = choice_point(
    "relocate", "st, p", randombot_robin.relocate, sheriff_relocate,
    "A 7 with no building at Robin's hex: one of the hexes that would score him most.")
