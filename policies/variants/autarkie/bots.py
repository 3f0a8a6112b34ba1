"""Autarkie's bots (docs/rules.md, Fleisch / Autarkie; the declaration's `policy`): the random policy's options
for its actions, and the builder's steps before the base builder's (policies.variants.autarkie.builder)."""
from simcore.accel.jit import jitted
from simcore.variants.autarkie import A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, N_PLACES, V_AUT_FIGURES, V_AUT_POINTS

from policies.common import add_if_legal
from policies.variants.autarkie import builder as builder_autarkie


@jitted
def random_options(st, p, n):
    """Policy hook: a slave, a Knecht or the Geselle at a place, when legal."""
    n = add_if_legal(st, p, n, A_AUT_SLAVE, 0, 0)
    for g in range(N_PLACES):
        for a in (A_AUT_KNECHT, A_AUT_GESELLE):
            n = add_if_legal(st, p, n, a, g, 0)
    return n


@jitted
def builder_action(st, p, w):
    """Policy hook: Autarkie's step or trade when one is worth it now, else (-1, -1, -1): the
    builder's action (of the rule set it plays on, if any)."""
    return builder_autarkie.action(st, p, w)


@jitted
def strong_value(st, p, w, v):
    """Policy hook: the strong kind's value of a position (policies.strong) with what Autarkie adds: p's
    autarky points and figures (public)."""
    figures = st.aut_slaves[p] + st.aut_knechte[p] + 2 * st.aut_geselle[p]
    return v + w[V_AUT_POINTS] * st.aut_points[p] + w[V_AUT_FIGURES] * figures
