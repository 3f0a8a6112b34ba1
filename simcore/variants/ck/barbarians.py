"""Cities & Knights (docs/rules.md, Cities & Knights): the dice (red, yellow, event die), the gates' progress
card draws, and the barbarians: their ship, the attack, pillage and Defender cards."""
from simcore.engine.bots import ask
from simcore.variants.ck import CK
from simcore.variants.ck.board import barbarian_strength, free_city, has_free_city, is_city, is_metropolis, strength
from simcore.variants.ck.cards import draw
from simcore.variants.ck.cities import lose_city
from simcore.variants.ck.knights import deactivate_all
from simcore.engine.events import log_event
from simcore.accel.jit import jitted
from simcore.engine.state import randint, seat_from
from simcore.engine.topology import N_CORNERS
from simcore.variants.ck import (DRAW_GATE, DRAW_TIE, E_CK_ATTACK, E_CK_BARBARIANS, E_CK_DEFENDER, E_CK_ROLL,
                                 G_CK_ATTACKS, G_CK_LOST, G_CK_PILLAGED, G_CK_WON, N_TRACKS, OUTCOME_DEFENDER,
                                 OUTCOME_NOBODY, OUTCOME_PILLAGE, OUTCOME_TIE, P_CK_DEFENDER_AFTER, P_CK_STEPS,
                                 S_CK_DEFENDED, DEFENDER_NONE,
                                 S_CK_DEFENDER_CARDS, S_CK_PILLAGED, S_CK_STRENGTH, S_CK_VP_DEFENDER)

# its bots' choice points (policies/variants/ck/bots.py), asked by name (simcore.engine.bots)
ck_tie_colour = ask(CK, "ck_tie_colour")
ck_pillage_city = ask(CK, "ck_pillage_city")

SHIP_FACES = 3          # event die: faces 0..2 the ship, 3 + t the gate of track t


@jitted
def roll_dice(st, params, p):
    """Red, yellow and event die; the event first (ship or gate), then the number dice's
    sum is returned for production.  The Alchemist fixes the number dice (ck_fixed_*)."""
    red = st.ck_fixed_red if st.ck_fixed_red > 0 else randint(6) + 1
    yellow = st.ck_fixed_yellow if st.ck_fixed_yellow > 0 else randint(6) + 1
    st.ck_fixed_red = 0
    st.ck_fixed_yellow = 0
    event = randint(6)
    st.ck_red = red
    st.ck_yellow = yellow
    st.ck_event = event
    log_event(st, E_CK_ROLL, p, red, yellow, event, red + yellow)
    if event < SHIP_FACES:
        advance(st, params)
    else:
        gate(st, p, event - SHIP_FACES, red)
    return red + yellow


@jitted
def gate(st, p, t, red):
    """Every player (from the roller on) whose level in track t reaches the gate's
    requirement draws a card of that colour: level n draws on red 1..n + 1."""
    for i in range(st.players):
        q = seat_from(st, p, i)
        level = st.ck_level[q, t]
        if level > 0 and red <= level + 1:
            draw(st, q, t, DRAW_GATE)


@jitted
def advance(st, params):
    st.ck_barbarians += 1
    log_event(st, E_CK_BARBARIANS, -1, st.ck_barbarians, params[P_CK_STEPS], 0, 0)
    if st.ck_barbarians >= params[P_CK_STEPS]:
        attack(st)
        st.ck_barbarians = 0


@jitted
def has_open_city(st, q):
    """q has a city without a metropolis (one the barbarians can take)."""
    return has_free_city(st, q)


@jitted
def attack(st):
    """The barbarians arrive (docs/rules.md, Cities & Knights)."""
    barbarians = barbarian_strength(st)
    knights = 0
    for q in range(st.players):
        s = strength(st, q)
        st.stats[q, S_CK_STRENGTH] += s
        knights += s
    st.ck_attacks += 1
    st.ck_game[G_CK_ATTACKS] += 1
    if barbarians > knights:
        outcome = OUTCOME_PILLAGE
        st.ck_game[G_CK_LOST] += 1
        weakest = -1
        for q in range(st.players):
            if has_open_city(st, q):
                s = strength(st, q)
                if weakest < 0 or s < weakest:
                    weakest = s
        for q in range(st.players):
            if has_open_city(st, q) and strength(st, q) == weakest:
                pillage(st, q)
    else:
        st.ck_game[G_CK_WON] += 1
        best, n_best, who = 0, 0, -1
        for q in range(st.players):
            s = strength(st, q)
            if s > best:
                best, n_best, who = s, 1, q
            elif s == best and s > 0:
                n_best += 1
        if best == 0:
            outcome = OUTCOME_NOBODY
        elif n_best == 1:
            outcome = OUTCOME_DEFENDER
            st.stats[who, S_CK_DEFENDED] += 1
            if st.ck_defenders_left > 0 or st.params[P_CK_DEFENDER_AFTER] != DEFENDER_NONE:
                if st.ck_defenders_left > 0:   # none left: the VP all the same (ck.defender_after_cards = "vp")
                    st.ck_defenders_left -= 1
                st.ck_defender[who] += 1
                st.stats[who, S_CK_DEFENDER_CARDS] += 1
                st.stats[who, S_CK_VP_DEFENDER] = st.ck_defender[who]
                log_event(st, E_CK_DEFENDER, who, st.ck_defenders_left, 0, 0, 0)
        else:
            outcome = OUTCOME_TIE
            for q in range(st.players):
                if strength(st, q) == best:
                    colour = ck_tie_colour(st, q)
                    if colour < 0 or colour >= N_TRACKS:
                        st.illegal += 1
                        colour = 0
                    draw(st, q, colour, DRAW_TIE)
    log_event(st, E_CK_ATTACK, -1, barbarians, knights, outcome, st.ck_attacks)
    deactivate_all(st)


@jitted
def pillage(st, q):
    """q loses one of its cities without a metropolis (q chooses which)."""
    c = ck_pillage_city(st, q)
    if c < 0 or c >= N_CORNERS or not is_city(st, q, c) or is_metropolis(st, c):
        st.illegal += 1
        c = free_city(st, q)
    lose_city(st, q, c)
    st.stats[q, S_CK_PILLAGED] += 1
    st.ck_game[G_CK_PILLAGED] += 1
