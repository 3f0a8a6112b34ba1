"""Autarkie (docs/rules.md, Fleisch / Autarkie): what the board and the chips allow, shared by the rules
(simcore.variants.autarkie.rules) and the bots (policies.variants.autarkie.builder).

A place g = 3 * c + k is (corner c, hex CORNER_HEXES[c, k]); a figure there belongs to
the corner's building (Knechte stay when the settlement becomes a city).  On the C&K
substrate a Geselle at a damaged city counts as a Knecht (figure_at, points_of)."""
import numpy as np

from simcore.variants.ck.board import commodity_of
from simcore.engine.economy import can_afford
from simcore.accel.jit import jitted
from simcore.engine.kinds import kind_of
from simcore.engine.kernel_variants import variant_code
from simcore.engine.state import DESERT, PIPS
from simcore.engine.topology import CORNER_HEXES, HEX_CORNERS, N_HEXES
from simcore.variants.autarkie import (AUTARKIE, FIG_GESELLE, FIG_KNECHT, FIG_NONE, N_PLACES, P_AUT_CHIPS,
                                       P_AUT_MAX, P_AUT_MEAT_TRADES, P_AUT_ON, P_AUT_POINTS, P_AUT_SUBSTRATE,
                                       STEP_GESELLE, STEP_KNECHT, STEP_SLAVE, SUBSTRATE_CK)
from simcore.variants.ck import CK

FIELDS = 3      # grain: a fields hex (docs/rules.md, Fleisch / Autarkie: meat)


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

meat_kind = kind_of("meat")      # its hand column in a state's hands


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


@variant_code(CK, False)
def city_damaged(st, c):
    """The city at c is damaged by a Saboteur (C&K substrate; never on the base game)."""
    return st.ck_damaged[c] != 0


@variant_code(CK, None)
def meat_trades_as_commodity(st):
    """C&K substrate: meat is a commodity for trade (docs/rules.md, Fleisch / Autarkie, seed 001 "Fleisch ist die neue
    Handelsware"): the trading house, the Trade Monopoly and the Commercial Harbor take it
    (autarkie.meat_trades_as_commodity; simcore.variants.ck.board.trade_commodity)."""
    if st.params[P_AUT_SUBSTRATE] == SUBSTRATE_CK and st.params[P_AUT_MEAT_TRADES] != 0:
        st.ck_trade_extra = st.aut_meat


@jitted
def figure_at(st, g):
    """The figure place g counts as: the Geselle at a damaged city as a Knecht (docs/rules.md, Fleisch / Autarkie
    sabotage)."""
    fig = st.aut_fig[g]
    if fig == FIG_GESELLE and city_damaged(st, place_corner(g)):
        return FIG_KNECHT
    return fig


@jitted
def geselle_sabotaged(st, p):
    g = st.aut_geselle_at[p]
    return g >= 0 and city_damaged(st, place_corner(g))


@jitted
def points_of(st, params, p):
    """Autarky points of p's figures, capped at max_points (docs/rules.md, Fleisch / Autarkie; a sabotaged Geselle
    scores as a Knecht)."""
    geselle = params[P_AUT_POINTS + 1] if geselle_sabotaged(st, p) else params[P_AUT_POINTS + 2]
    n = (st.aut_slaves[p] * params[P_AUT_POINTS] + st.aut_knechte[p] * params[P_AUT_POINTS + 1]
         + st.aut_geselle[p] * geselle)
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
    """The commodity the Geselle adds on hex h: meat on fields; on the C&K substrate forest
    paper, pasture cloth, mountains coin; nothing (-1) elsewhere (docs/rules.md, Fleisch / Autarkie)."""
    r = st.hex_resource[h]
    if r == FIELDS:
        return st.aut_meat
    if st.params[P_AUT_SUBSTRATE] == SUBSTRATE_CK:
        return commodity_of(st, r)
    return -1


@jitted
def relocation_place(st, p, geselle):
    """Where p's figure goes when the barbarians take its building (docs/rules.md, Fleisch / Autarkie): the free
    place at one of p's buildings (the Geselle: cities only) on the hex with the most pips,
    the Geselle preferring a hex where it yields a commodity; ties the first; -1 = none."""
    best, where = -1, -1
    for g in range(N_PLACES):
        c = place_corner(g)
        if st.corner_owner[c] != p or st.aut_fig[g] != FIG_NONE or (geselle and st.corner_level[c] != 2):
            continue
        h = place_hex(g)
        if not producing(st, h):
            continue
        score = PIPS[st.hex_number[h]]
        if geselle and geselle_kind(st, h) >= 0:
            score += 100
        if score > best:
            best, where = score, g
    return where
