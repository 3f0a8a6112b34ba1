"""Fleisch / Autarkie (docs/rules.md, Fleisch / Autarkie, seed 001) on the base game: meat, slaves, Knechte,
the Geselle and the Autarkie card.  Declared in simcore/variants/autarkie/__init__.py; what the
board and the chips allow is in simcore/variants/autarkie/board.py.

Its hooks (simcore.engine.hooks):
  init              the step costs per card kind, nobody holds the card
  owe               a city on fields owes 1 grain + 1 meat instead of 2 grain; each Knecht on
                    a rolled hex without the robber owes its owner 1 of the hex, the Geselle
                    1 commodity instead (fields: meat; nothing on other hexes on "base").
                    The bank-shortage rule sees a hex's whole yield: a kind the bank cannot
                    pay to everyone owed it (dice and figures together) goes to nobody
                    unless one player alone is owed it (README: Autarkie, shortage)
  after_production  pays the figures' yields owed (gain_knecht, gain_geselle), place by place
  is_legal_action / apply_action   A_AUT_SLAVE, A_AUT_KNECHT place, A_AUT_GESELLE place
  after_action      counts meat bought from the bank (a maritime trade for meat)
  end_turn          counts the turn for the card's holder
  victory_points    card_vp for the card's holder
  city_changed      C&K substrate: a Saboteur's damage or its repair (the Geselle counts as a
                    Knecht meanwhile), a barbarian pillage (the city's Geselle moves to another
                    city or is removed) or the loss of the city (its Knechte move or are removed);
                    the points, and with them the card, follow
"""
from simcore.variants.autarkie.board import (HEX_PLACES, can_geselle, can_knecht, can_slave, city_damaged, figure_at,
                                             geselle_kind, meat_kind, meat_trades_as_commodity, place_corner,
                                             place_hex, points_of, relocation_place)
from simcore.engine.actions import A_TRADE
from simcore.engine.economy import give, pay
from simcore.engine.events import log_event
from simcore.accel.jit import jitted
from simcore.engine.kernel_variants import variant_code
from simcore.engine.state import N_RESOURCES
from simcore.engine.topology import HEX_CORNERS
from simcore.variants.autarkie import (A_AUT_GESELLE, A_AUT_KNECHT, A_AUT_SLAVE, AUTARKIE, E_AUT_CARD,
                                       E_AUT_GESELLE, E_AUT_KNECHT, E_AUT_SLAVE, E_AUT_YIELD, FIG_GESELLE,
                                       FIG_KNECHT, G_AUT_CHANGES, G_AUT_FIRST_TURN, G_AUT_HOLDER, P_AUT_CARD_VP,
                                       P_AUT_COST, P_AUT_THRESHOLD, S_AUT_CARD_TAKEN, S_AUT_CARD_TURNS,
                                       S_AUT_GESELLE, S_AUT_KNECHTE, S_AUT_MEAT_PRODUCED, S_AUT_MEAT_SPENT,
                                       S_AUT_POINTS, S_AUT_SLAVES, S_GAIN_GESELLE, S_GAIN_KNECHT,
                                       S_SPEND_AUTARKIE, S_VP_AUTARKIE, S_AUT_CARD_END, STEP_GESELLE, STEP_KNECHT,
                                       STEP_SLAVE, E_AUT_RELOCATE, E_AUT_SABOTAGE, FIG_NONE, P_AUT_RELOCATION,
                                       RELOCATE_BEST, S_AUT_GESELLE_MOVED, S_AUT_GESELLE_REMOVED,
                                       S_AUT_KNECHT_MOVED, S_AUT_KNECHT_REMOVED, S_AUT_SABOTAGED,
                                       S_AUT_MEAT_BOUGHT)

GRAIN = 3
FIELDS = 3


@variant_code(AUTARKIE, None)
def init(st):
    """Hook: the step costs (resources, then meat) in the hand's card kinds; no holder; on
    C&K meat trades as a commodity (after C&K's init, which registers first)."""
    st.aut_meat = meat_kind(st)
    st.aut_holder = -1
    st.aut_geselle_at[:] = -1
    st.aut_game[G_AUT_HOLDER] = -1
    st.aut_game[G_AUT_FIRST_TURN] = -1
    for step in range(3):
        for r in range(N_RESOURCES):
            st.aut_costs[step, r] = st.params[P_AUT_COST[step] + r]
        st.aut_costs[step, st.aut_meat] = st.params[P_AUT_COST[step] + N_RESOURCES]
    meat_trades_as_commodity(st)


# --- production ------------------------------------------------------------------

@variant_code(AUTARKIE, None)
def owe(st, number):
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
            if fields and st.corner_level[c] == 2 and not city_damaged(st, c):   # docs/rules.md, Fleisch / Autarkie: grain + meat
                st.owed[o, GRAIN] -= 1
                st.owed[o, meat] += 1
            fig = figure_at(st, HEX_PLACES[h, k])
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
        if total > st.bank[r] and claimants > 1:     # docs/rules.md, Base game: shortage: nobody gets kind r
            for p in range(st.players):
                st.owed[p, r] = 0
                due[p, r] = 0
    for p in range(st.players):   # the meat economy.pay_dice will pay (all, or what is left to one)
        st.stats[p, S_AUT_MEAT_PRODUCED] += min(st.owed[p, meat], st.bank[meat])


@variant_code(AUTARKIE, None)
def after_production(st, p):
    """Hook: each figure on the rolled hexes yields what owe left it, bank permitting."""
    if st.last_roll == 7:
        return
    for i in range(2):
        h = st.number_hexes[st.last_roll, i]
        if h < 0 or h == st.robber:
            continue
        for k in range(6):
            g = HEX_PLACES[h, k]
            fig = figure_at(st, g)
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
    """Hook (simcore.engine.legal): a slave; a Knecht at place x; the Geselle at place x."""
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
    """Hook (simcore.engine.apply.apply_action): pay and take the step."""
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
        st.aut_geselle_at[p] = x
        st.aut_fig[x] = FIG_GESELLE
        st.stats[p, S_AUT_GESELLE] += 1
        st.board_version += 1
        log_event(st, E_AUT_GESELLE, p, x, place_corner(x), place_hex(x), points_of(st, params, p))
    update_points(st, params, p)


@jitted
def update_points(st, params, p):
    """p's points changed: the record, and the card."""
    n = points_of(st, params, p)
    st.aut_points[p] = n
    st.stats[p, S_AUT_POINTS] = n
    settle_card(st, params)


@jitted
def settle_card(st, params):
    """The Autarkie card as longest road (docs/rules.md, Fleisch / Autarkie): to the first with card_threshold
    points; it passes at once to a player with strictly more; a holder who falls behind
    (C&K sabotage, pillage) loses it to the single player with the most (threshold
    reached), or it is set aside on a tie for the most or when nobody has the threshold."""
    holder = st.aut_holder
    best, n_best, who = -1, 0, -1
    for q in range(st.players):
        if st.aut_points[q] > best:
            best, n_best, who = st.aut_points[q], 1, q
        elif st.aut_points[q] == best:
            n_best += 1
    if holder >= 0 and st.aut_points[holder] == best and best >= params[P_AUT_THRESHOLD]:
        return
    new = who if best >= params[P_AUT_THRESHOLD] and n_best == 1 else -1
    if new == holder:
        return
    st.aut_holder = new
    st.aut_game[G_AUT_HOLDER] = new
    if holder >= 0:
        st.stats[holder, S_VP_AUTARKIE] = 0
        st.stats[holder, S_AUT_CARD_END] = 0
    if new >= 0:
        st.stats[new, S_AUT_CARD_TAKEN] += 1
        st.stats[new, S_VP_AUTARKIE] = params[P_AUT_CARD_VP]
        st.stats[new, S_AUT_CARD_END] = 1
        if st.aut_game[G_AUT_FIRST_TURN] < 0:
            st.aut_game[G_AUT_FIRST_TURN] = st.turn
        else:
            st.aut_game[G_AUT_CHANGES] += 1
    log_event(st, E_AUT_CARD, new, holder, best, 0, 0)


# --- the C&K substrate: sabotage and the barbarians (simcore.variants.ck.cities calls the hook) ---

@variant_code(AUTARKIE, None)
def city_changed(st, p, c):
    """Hook: p's city at c was damaged or repaired (its Geselle counts as a Knecht while it
    is damaged), turned back into a settlement (its Geselle moves to a free place at another
    of p's cities, or is removed; Knechte stay) or lost (its Knechte move to free places at
    p's other buildings, or are removed) (docs/rules.md, Fleisch / Autarkie).  autarkie.relocation = "remove":
    every such figure is removed.  A removed figure's chip goes back to p's supply."""
    params = st.params
    gone = st.corner_owner[c] != p
    for k in range(3):                       # the Geselle first: it takes its place before the Knechte
        g = 3 * c + k
        if st.aut_fig[g] != FIG_GESELLE:
            continue
        if gone or st.corner_level[c] != 2:
            st.aut_fig[g] = FIG_NONE
            to = relocation_place(st, p, True) if params[P_AUT_RELOCATION] == RELOCATE_BEST else -1
            st.aut_geselle_at[p] = to
            if to >= 0:
                st.aut_fig[to] = FIG_GESELLE
                st.stats[p, S_AUT_GESELLE_MOVED] += 1
            else:
                st.aut_geselle[p] = 0
                st.stats[p, S_AUT_GESELLE_REMOVED] += 1
            update_points(st, params, p)
            log_event(st, E_AUT_RELOCATE, p, g, to, FIG_GESELLE, st.aut_points[p])
        else:
            if city_damaged(st, c):
                st.stats[p, S_AUT_SABOTAGED] += 1
            update_points(st, params, p)
            log_event(st, E_AUT_SABOTAGE, p, g, 1 if city_damaged(st, c) else 0, st.aut_points[p], 0)
    if not gone:
        return
    for k in range(3):
        g = 3 * c + k
        if st.aut_fig[g] != FIG_KNECHT:
            continue
        st.aut_fig[g] = FIG_NONE
        to = relocation_place(st, p, False) if params[P_AUT_RELOCATION] == RELOCATE_BEST else -1
        if to >= 0:
            st.aut_fig[to] = FIG_KNECHT
            st.stats[p, S_AUT_KNECHT_MOVED] += 1
        else:
            st.aut_knechte[p] -= 1
            st.stats[p, S_AUT_KNECHT_REMOVED] += 1
        update_points(st, params, p)
        log_event(st, E_AUT_RELOCATE, p, g, to, FIG_KNECHT, st.aut_points[p])
    st.board_version += 1


@variant_code(AUTARKIE, None)
def after_action(st, p, a, x, y):
    """Hook: a maritime trade for meat is meat bought from the bank (the options' count, reports.options)."""
    if a == A_TRADE and y == meat_kind(st):
        st.stats[p, S_AUT_MEAT_BOUGHT] += 1


@variant_code(AUTARKIE, None)
def end_turn(st, p):
    """Hook: a turn ended with the card in the holder's hand."""
    if st.aut_holder >= 0:
        st.stats[st.aut_holder, S_AUT_CARD_TURNS] += 1


@variant_code(AUTARKIE, 0)
def victory_points(st, p):
    """Hook: the Autarkie card's VP."""
    return st.params[P_AUT_CARD_VP] if st.aut_holder == p else 0

