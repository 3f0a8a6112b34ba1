"""Autarkie (RULES.md §2): what the board and the chips allow, shared by the rules
(simcore.autarkie) and the bots (policies.builder_autarkie).

A place g = 3 * c + k is (corner c, hex CORNER_HEXES[c, k]); a figure there belongs to
the corner's building (Knechte stay when the settlement becomes a city)."""
import numpy as np

from simcore.cards import COMMODITIES, N_RESOURCES
from simcore.economy import can_afford
from simcore.jit import jitted
from simcore.kernel_variants import variant_code
from simcore.state import DESERT
from simcore.topology import CORNER_HEXES, HEX_CORNERS, N_HEXES
from simcore.variant import REGISTRY
from simcore.variants.autarkie import (AUTARKIE, FIG_KNECHT, FIG_NONE, N_PLACES, P_AUT_CHIPS, P_AUT_MAX,
                                       P_AUT_ON, P_AUT_POINTS, STEP_GESELLE, STEP_KNECHT, STEP_SLAVE)

FIELDS = 3      # grain: a fields hex (RULES.md §2 meat)


def _hex_places():
    """HEX_PLACES[h, i]: the place of the i-th corner of hex h (HEX_CORNERS[h, i])."""
    out = np.full((N_HEXES, 6), -1, np.int64)
    for h in range(N_HEXES):
        for i in range(6):
            c = HEX_CORNERS[h, i]
            for k in range(3):
                if CORNER_HEXES[c, k] == h:
                    out[h, i] = 3 * c + k
    return out


HEX_PLACES = _hex_places()

# meat follows the commodities of the variants registered before this one (simcore.cards:
# a hand holds the kinds of its state's variants in registration order); each of those
# variants adds its kinds only where its marker compiles it in
_EARLIER = [n for n in list(REGISTRY)[:list(REGISTRY).index(AUTARKIE)] if COMMODITIES.get(n)]
if len(_EARLIER) > 1:
    raise NotImplementedError("meat_kind: more than one earlier variant with commodities")
if _EARLIER:
    _n_earlier = len(COMMODITIES[_EARLIER[0]])

    @variant_code(_EARLIER[0], 0)
    def _earlier_kinds(st):
        return _n_earlier
else:
    @jitted
    def _earlier_kinds(st):
        return 0


@jitted
def meat_kind(st):
    """The card kind of meat in st's hands."""
    return N_RESOURCES + _earlier_kinds(st)


@jitted
def enabled(params):
    return params[P_AUT_ON] != 0


@jitted
def place_corner(g):
    return g // 3


@jitted
def place_hex(g):
    return CORNER_HEXES[g // 3, g % 3]


@jitted
def producing(st, h):
    return h >= 0 and st.hex_resource[h] != DESERT


@jitted
def points_of(st, params, p):
    """Autarky points of p's figures, capped at max_points (RULES.md §2)."""
    n = (st.aut_slaves[p] * params[P_AUT_POINTS] + st.aut_knechte[p] * params[P_AUT_POINTS + 1]
         + st.aut_geselle[p] * params[P_AUT_POINTS + 2])
    return min(n, params[P_AUT_MAX])


@jitted
def chips_left(st, params, p):
    """Slave/Knecht chips still in p's supply (the Geselle's returns there)."""
    return params[P_AUT_CHIPS] - st.aut_slaves[p] - st.aut_knechte[p]


@jitted
def can_pay_step(st, p, step):
    return can_afford(st, p, st.aut_costs[step])


@variant_code(AUTARKIE, False)
def can_slave(st, params, p):
    return chips_left(st, params, p) > 0 and can_pay_step(st, p, STEP_SLAVE)


@variant_code(AUTARKIE, False)
def knecht_place_ok(st, p, g):
    """A free place at one of p's buildings on a producing hex."""
    return (0 <= g < N_PLACES and st.corner_owner[place_corner(g)] == p and producing(st, place_hex(g))
            and st.aut_fig[g] == FIG_NONE)


@variant_code(AUTARKIE, False)
def geselle_place_ok(st, p, g):
    """One of p's Knechte at a city, and p has no Geselle yet."""
    return (0 <= g < N_PLACES and st.aut_fig[g] == FIG_KNECHT and st.corner_owner[place_corner(g)] == p
            and st.corner_level[place_corner(g)] == 2 and st.aut_geselle[p] == 0)


@variant_code(AUTARKIE, False)
def can_knecht(st, p, g):
    return st.aut_slaves[p] > 0 and knecht_place_ok(st, p, g) and can_pay_step(st, p, STEP_KNECHT)


@variant_code(AUTARKIE, False)
def can_geselle(st, p, g):
    return geselle_place_ok(st, p, g) and can_pay_step(st, p, STEP_GESELLE)


@jitted
def geselle_kind(st, h):
    """The commodity the Geselle adds on hex h: meat on fields; nothing (-1) elsewhere on
    the base substrate (RULES.md §2: on ck forest paper, pasture cloth, mountains coin)."""
    if st.hex_resource[h] == FIELDS:
        return st.aut_meat
    return -1
