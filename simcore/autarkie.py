"""Fleisch / Autarkie (RULES.md §2, seed 001) on the base game: meat, slaves, Knechte,
the Geselle and the Autarkie card.  Declared in simcore/variants/autarkie.py; what the
board and the chips allow is in simcore/autarkie_board.py.

Its hooks (simcore.hooks):
  init              the step costs per card kind, nobody holds the card
  owe               a city on fields owes 1 grain + 1 meat instead of 2 grain; each Knecht on
                    a rolled hex without the robber owes its owner 1 of the hex, the Geselle
                    1 commodity instead (fields: meat; nothing on other hexes on "base").
                    The bank-shortage rule sees a hex's whole yield: a kind the bank cannot
                    pay to everyone owed it (dice and figures together) goes to nobody
                    unless one player alone is owed it (README: Autarkie, shortage)
  after_production  pays the figures' yields owed (gain_knecht, gain_geselle), place by place
  is_legal_action / apply_action   A_AUT_SLAVE, A_AUT_KNECHT place, A_AUT_GESELLE place
  end_turn          counts the turn for the card's holder
  victory_points    card_vp for the card's holder
"""
from simcore.autarkie_board import (HEX_PLACES, can_geselle, can_knecht, can_slave, geselle_kind,
                                    meat_kind, place_corner, place_hex, points_of)
from simcore.economy import give, pay
from simcore.events import log_event
from simcore.jit import jitted
from simcore.kernel_variants import variant_code
from simcore.state import N_RESOURCES
from simcore.topology import HEX_CORNERS
from simcore.variants.autarkie import (A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, AUTARKIE, E_AUT_CARD,
                                       E_AUT_GESELLE, E_AUT_KNECHT, E_AUT_SLAVE, E_AUT_YIELD, FIG_GESELLE,
                                       FIG_KNECHT, G_AUT_CHANGES, G_AUT_FIRST_TURN, G_AUT_HOLDER, P_AUT_CARD_VP,
                                       P_AUT_COST, P_AUT_THRESHOLD, S_AUT_CARD_TAKEN, S_AUT_CARD_TURNS,
                                       S_AUT_GESELLE, S_AUT_KNECHTE, S_AUT_MEAT_PRODUCED, S_AUT_MEAT_SPENT,
                                       S_AUT_POINTS, S_AUT_SLAVES, S_GAIN_GESELLE, S_GAIN_KNECHT,
                                       S_SPEND_AUTARKIE, S_VP_AUTARKIE, S_AUT_CARD_END, STEP_GESELLE, STEP_KNECHT,
                                       STEP_SLAVE)

GRAIN = 3
FIELDS = 3


@variant_code(AUTARKIE, None)
def init(st, params):
    """Hook: the step costs (resources, then meat) in the hand's card kinds; no holder."""
    st.aut_meat = meat_kind(st)
    st.aut_holder = -1
    st.aut_game[G_AUT_HOLDER] = -1
    st.aut_game[G_AUT_FIRST_TURN] = -1
    for step in range(3):
        for r in range(N_RESOURCES):
            st.aut_costs[step, r] = params[P_AUT_COST[step] + r]
        st.aut_costs[step, st.aut_meat] = params[P_AUT_COST[step] + N_RESOURCES]


# --- production ------------------------------------------------------------------

@variant_code(AUTARKIE, None)
def owe(st, params, number):
    """Hook: meat from cities on fields, the figures' yields, and the shortage rule over both."""
    meat = st.aut_meat
    due = st.aut_due
    due[:] = 0
    for i in range(2):
        h = st.number_hexes[number, i]
        if h < 0 or h == st.robber:
            continue
        fields = st.hex_resource[h] == FIELDS
        for k in range(6):
            c = HEX_CORNERS[h, k]
            o = st.corner_owner[c]
            if o < 0:
                continue
            if fields and st.corner_level[c] == 2:     # RULES.md §2: grain + meat, not 2 grain
                st.owed[o, GRAIN] -= 1
                st.owed[o, meat] += 1
            fig = st.aut_fig[HEX_PLACES[h, k]]
            if fig == FIG_KNECHT:
                due[o, st.hex_resource[h]] += 1
            elif fig == FIG_GESELLE:
                kind = geselle_kind(st, h)
                if kind >= 0:
                    due[o, kind] += 1
    for r in range(st.owed.shape[1]):
        total = 0
        claimants = 0
        for p in range(st.players):
            n = st.owed[p, r] + due[p, r]
            total += n
            if n > 0:
                claimants += 1
        if total > st.bank[r] and claimants > 1:     # RULES.md §0 shortage: nobody gets kind r
            for p in range(st.players):
                st.owed[p, r] = 0
                due[p, r] = 0
    for p in range(st.players):   # the meat economy.pay_dice will pay (all, or what is left to one)
        st.stats[p, S_AUT_MEAT_PRODUCED] += min(st.owed[p, meat], st.bank[meat])


@variant_code(AUTARKIE, None)
def after_production(st, params, p):
    """Hook: each figure on the rolled hexes yields what owe left it, bank permitting."""
    if st.last_roll == 7:
        return
    for i in range(2):
        h = st.number_hexes[st.last_roll, i]
        if h < 0 or h == st.robber:
            continue
        for k in range(6):
            g = HEX_PLACES[h, k]
            fig = st.aut_fig[g]
            if fig == 0:
                continue
            o = st.corner_owner[HEX_CORNERS[h, k]]
            r = st.hex_resource[h] if fig == FIG_KNECHT else geselle_kind(st, h)
            if r >= 0 and st.aut_due[o, r] > 0 and st.bank[r] > 0:
                st.aut_due[o, r] -= 1
                give(st, o, r, 1, S_GAIN_KNECHT if fig == FIG_KNECHT else S_GAIN_GESELLE)
                log_event(st, E_AUT_YIELD, o, r, 1, h, fig)
    st.aut_due[:] = 0


# --- the steps ---------------------------------------------------------------------

@variant_code(AUTARKIE, False)
def is_legal_action(st, p, a, x, y):
    """Hook (simcore.legal): a slave; a Knecht at place x; the Geselle at place x."""
    if a == A_AUT_SLAVE:
        return can_slave(st, st.params, p)
    if a == A_AUT_KNECHT:
        return can_knecht(st, p, x)
    if a == A_AUT_GESELLE:
        return can_geselle(st, p, x)
    return False


@jitted
def pay_step(st, p, step):
    st.stats[p, S_AUT_MEAT_SPENT] += st.aut_costs[step, st.aut_meat]
    pay(st, p, st.aut_costs[step], S_SPEND_AUTARKIE)


@variant_code(AUTARKIE, None)
def apply_action(st, p, a, x, y):
    """Hook (simcore.game.apply_action): pay and take the step."""
    params = st.params
    if a == A_AUT_SLAVE:
        pay_step(st, p, STEP_SLAVE)
        st.aut_slaves[p] += 1
        st.stats[p, S_AUT_SLAVES] += 1
        log_event(st, E_AUT_SLAVE, p, st.aut_slaves[p], points_of(st, params, p), 0, 0)
    elif a == A_AUT_KNECHT:
        pay_step(st, p, STEP_KNECHT)
        st.aut_slaves[p] -= 1          # the chip turns over
        st.aut_knechte[p] += 1
        st.aut_fig[x] = FIG_KNECHT
        st.stats[p, S_AUT_KNECHTE] += 1
        st.board_version += 1          # plans made on the old board (policies) are stale
        log_event(st, E_AUT_KNECHT, p, x, place_corner(x), place_hex(x), points_of(st, params, p))
    else:
        pay_step(st, p, STEP_GESELLE)
        st.aut_knechte[p] -= 1         # the Knecht's chip goes back to the supply
        st.aut_geselle[p] = 1
        st.aut_fig[x] = FIG_GESELLE
        st.stats[p, S_AUT_GESELLE] += 1
        st.board_version += 1
        log_event(st, E_AUT_GESELLE, p, x, place_corner(x), place_hex(x), points_of(st, params, p))
    update_points(st, params, p)


@jitted
def update_points(st, params, p):
    """p's points changed: the record, and the card (RULES.md §2: to the first at
    card_threshold, then at once to a player with strictly more, as longest road)."""
    n = points_of(st, params, p)
    st.aut_points[p] = n
    st.stats[p, S_AUT_POINTS] = n
    holder = st.aut_holder
    if holder == p or n < params[P_AUT_THRESHOLD]:
        return
    if holder >= 0 and n <= st.aut_points[holder]:
        return
    st.aut_holder = p
    st.stats[p, S_AUT_CARD_TAKEN] += 1
    st.stats[p, S_VP_AUTARKIE] = params[P_AUT_CARD_VP]
    st.stats[p, S_AUT_CARD_END] = 1
    st.aut_game[G_AUT_HOLDER] = p
    if holder >= 0:
        st.stats[holder, S_VP_AUTARKIE] = 0
        st.stats[holder, S_AUT_CARD_END] = 0
        st.aut_game[G_AUT_CHANGES] += 1
    else:
        st.aut_game[G_AUT_FIRST_TURN] = st.turn
    log_event(st, E_AUT_CARD, p, holder, n, 0, 0)


@variant_code(AUTARKIE, None)
def end_turn(st, p):
    """Hook: a turn ended with the card in the holder's hand."""
    if st.aut_holder >= 0:
        st.stats[st.aut_holder, S_AUT_CARD_TURNS] += 1


@variant_code(AUTARKIE, 0)
def victory_points(st, p):
    """Hook: the Autarkie card's VP."""
    return st.params[P_AUT_CARD_VP] if st.aut_holder == p else 0

