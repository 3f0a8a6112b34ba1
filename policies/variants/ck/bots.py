"""The bots of Cities & Knights (docs/rules.md, Cities & Knights; the rule set's `policy`): the main-phase
action of both policies (policies.variants.ck.randombot, policies.variants.ck.builder) and the choice
points its rules ask (simcore.variants.ck: rules, cities, barbarians, knights, progress)."""
from simcore.accel.jit import jitted

from policies.variants.ck import builder as builder_ck, progress as progress_ck, randombot as randombot_ck
from policies.dispatch import choice_point
from simcore.variants.ck import (KNIGHT_LEVELS, N_PROGRESS, N_TRACKS, V_CK_COMMODITY, V_CK_KNIGHTS, V_CK_LEVEL,
                                 V_CK_POWER, V_CK_PROGRESS, V_CK_WALL)
from simcore.variants.ck.board import commodity


@jitted
def random_action(st, p):
    """Policy hook: every legal base and C&K action equally likely."""
    return randombot_ck.action(st, p)


@jitted
def builder_action(st, p, w):
    """Policy hook: the C&K builder's action."""
    return builder_ck.action(st, p, w)


@jitted
def strong_value(st, p, w, v):
    """Policy hook: the strong kind's value of a position (policies.strong) with what C&K adds: city
    improvements, knights (active and on the board), walls, progress cards and commodities held (all p's own;
    the others' progress cards are not read)."""
    levels, knights, cards, goods = 0, 0, 0, 0
    for t in range(N_TRACKS):
        levels += st.ck_level[p, t]
        goods += st.hand[p, commodity(st, t)]
    for k in range(KNIGHT_LEVELS):
        knights += (k + 1) * st.ck_knights[p, k]
    for c in range(N_PROGRESS):
        cards += st.ck_progress[p, c]
    return (v + w[V_CK_LEVEL] * levels + w[V_CK_POWER] * st.ck_power[p] + w[V_CK_KNIGHTS] * knights
            + w[V_CK_WALL] * st.ck_walls[p] + w[V_CK_PROGRESS] * cards + w[V_CK_COMMODITY] * goods)


ck_metro_city = choice_point(
    "ck_metro_city", "st, p, t", randombot_ck.pick_city, builder_ck.metro_city,
    "The city (corner) without a metropolis that takes track t's metropolis.",
    random_args="st, p, True", weights=False)
ck_pillage_city = choice_point(
    "ck_pillage_city", "st, p", randombot_ck.pick_city, builder_ck.pillage_city,
    "The city (corner, no metropolis) p loses to the barbarians.", random_args="st, p, True", weights=False)
ck_tie_colour = choice_point(
    "ck_tie_colour", "st, p", randombot_ck.colour, builder_ck.tie_colour,
    "A tied defender's colour of progress card (track 0..2).")
ck_retreat = choice_point(
    "ck_retreat", "st, q, d", randombot_ck.retreat, builder_ck.retreat,
    "Where q's knight displaced from corner d retreats: a free corner marked in st.ck_reach "
    "(q's roads from d), -1 only if there is none.", weights=False)
ck_aqueduct = choice_point(
    "ck_aqueduct", "st, p", randombot_ck.resource, builder_ck.aqueduct, "The resource p takes with the aqueduct.")
ck_alchemist = choice_point(
    "ck_alchemist", "st, p", progress_ck.random_alchemist, progress_ck.alchemist,
    "Before p's roll, holding an Alchemist: play it (the dice: ck_card_pick)?")
ck_progress_discard = choice_point(
    "ck_progress_discard", "st, p", progress_ck.random_discard, progress_ck.discard,
    "p drew a 5th progress card (ck.fifth_progress_card = \"discard\"): the card it puts back.")
ck_card_pick = choice_point(
    "ck_card_pick", "st, q, card, k", progress_ck.random_pick, progress_ck.pick,
    "q's answer to choice k of progress card `card` (simcore.variants.ck.progress lists them).")
