"""The strong Sheriff's look-ahead over Robin's walk (docs/rules.md, Robin Hood; docs/players.md, the
strong player).  Where Robin goes (a movement card with several open hexes, an eviction, a relocation),
the builder's Sheriff sends him where he harms least now (policies.variants.robin_hood.sheriff.harm); the
strong one where he harms least over the next rounds, and it places its setup settlements weighing the
harm Robin will do there over the game.

Robin's walk is a Markov chain the Sheriff can compute from public facts (the buildings, his roads,
Robin's hex and camp, the deck's make-up; never the order of its undrawn cards): each round the Sheriff
rolls at Robin's hex (harm(h), the builder's measure, as the round's cost; a 7 with nothing at h sends
Robin to a best-scoring hex, the one the Sheriff picks), then Robin draws a movement card in the deck's
proportions (a knight: his camp; a resource: the open neighbour of it the Sheriff picks, else he stays).
`harm_to_go` solves it by value iteration over `rounds` rounds with discount `gamma`: v[h], the
discounted harm from Robin standing at h as the Sheriff rolls, and u[h], the same just before Robin
draws at h.  Measured on 4,000 games (seed 1): GAMMA 0.5, 0.7, 0.85, 0.95 within 0.7 pp of each other;
SETUP_HARM 0 / 0.1 / 0.25 / 0.5 / 1 / 2: 54.5 / 57.0 / 58.2 / 57.4 / 56.0 / 54.5% (docs/players.md).
"""
import numpy as np

from simcore.accel.jit import jitted

from policies import builder
from policies.variants.robin_hood.sheriff import harm
from simcore.engine.pieces import spot_is_free
from simcore.engine.state import DESERT
from simcore.engine.topology import N_CORNERS, N_HEXES
from simcore.variants.robin_hood import ROBIN_CARD_KINDS, ROBIN_KNIGHT, W_EVICT
from simcore.variants.robin_hood.board import best_score, hex_score, open_side

ROUNDS = 8
GAMMA = 0.7
SETUP_ROUNDS = 40          # a setup settlement stands all game
SETUP_GAMMA = 0.95
SETUP_CANDIDATES = 8       # the builder's best free corners, weighed against the harm Robin will do there
SETUP_HARM = 0.25          # the builder's spot value given up per unit of harm to go
P_SEVEN = 1.0 / 6.0


@jitted
def harm_to_go(st, p, w, gamma, rounds):
    """(v, u): arrays over the land hexes (see the module's docstring)."""
    odds = np.zeros(ROBIN_CARD_KINDS)
    for i in range(st.robin_deck_n):
        odds[st.robin_deck[i]] += 1.0
    odds /= max(st.robin_deck_n, 1)
    cost = np.empty(N_HEXES)
    score = hex_scores(st)   # (the board stands still while the rounds are reckoned: read once)
    sides = np.empty((N_HEXES, 6), np.int64)
    for h in range(N_HEXES):
        cost[h] = harm(st, p, h, w)
        for k in range(6):
            sides[h, k] = open_side(st, h, k)
    top = best_score(st)
    v = cost.copy()
    u = np.zeros(N_HEXES)
    for _ in range(rounds):
        draw_values(st, sides, v, odds, u)
        reloc = least_best_scoring(score, u, top)[1]   # a 7 with nothing at his hex: the Sheriff picks
        for h in range(N_HEXES):
            after_seven = u[h] if score[h] > 0 or top == 0 else reloc
            v[h] = cost[h] + gamma * (P_SEVEN * after_seven + (1.0 - P_SEVEN) * u[h])
    draw_values(st, sides, v, odds, u)
    return v, u


@jitted
def hex_scores(st):
    """Per land hex, what Robin would score there on a 7 (board.hex_score)."""
    score = np.empty(N_HEXES, np.int64)
    for h in range(N_HEXES):
        score[h] = hex_score(st, h)
    return score


@jitted
def draw_values(st, sides, v, odds, u):
    """u[h]: the expected v after Robin at h draws a card (the Sheriff picking the least v among
    several open hexes of its resource; sides[h, k]: board.open_side's)."""
    best = np.empty(ROBIN_CARD_KINDS)
    for h in range(N_HEXES):
        best[:] = 1e300
        for k in range(6):
            t = sides[h, k]
            if t >= 0:
                r = st.hex_resource[t]
                if r != DESERT and v[t] < best[r]:
                    best[r] = v[t]
        x = odds[ROBIN_KNIGHT] * v[st.robin_camp]
        for r in range(ROBIN_KNIGHT):
            x += odds[r] * (best[r] if best[r] < 1e299 else v[h])
        u[h] = x


@jitted
def least_best_scoring(score, values, top):
    """(hex, its value): among the hexes whose score (hex_scores) is `top` (the most), the one of least value;
    (-1, 1e300) where none does."""
    pick, best = -1, 1e300
    for h in range(N_HEXES):
        if score[h] == top and values[h] < best:
            best, pick = values[h], h
    return pick, best


@jitted
def least_open_side(st, values, card, below):
    """The open neighbour of Robin's hex of resource `card` (any, card < 0) whose value is least and below
    `below`; else -1."""
    pick, best = -1, below
    for k in range(6):
        t = open_side(st, st.robber, k)
        if t >= 0 and (card < 0 or st.hex_resource[t] == card) and values[t] < best:
            best, pick = values[t], t
    return pick


@jitted
def destination(st, p, card, w):
    """Among the hexes of resource `card` open to Robin, the one least harmful over the next rounds."""
    return least_open_side(st, harm_to_go(st, p, w, GAMMA, ROUNDS)[0], card, 1e300)


@jitted
def evict(st, p, w):
    """The open neighbour from which Robin's next draw harms least, if less than from his hex; else -1."""
    if w[W_EVICT] <= 0:
        return -1
    u = harm_to_go(st, p, w, GAMMA, ROUNDS)[1]
    return least_open_side(st, u, -1, u[st.robber])


@jitted
def relocate(st, p, w):
    """Among the hexes that would score Robin most, the one least harmful over the next rounds."""
    return least_best_scoring(hex_scores(st), harm_to_go(st, p, w, GAMMA, ROUNDS)[1], best_score(st))[0]


@jitted
def setup_settlement(st, p, w, c0):
    """Of the builder's SETUP_CANDIDATES best free corners (c0 its choice), the best by spot value less
    SETUP_HARM x the harm a settlement there adds over the game, Robin starting at his camp."""
    builder.update_spot_values(st, p, w)
    before = harm_to_go(st, p, w, SETUP_GAMMA, SETUP_ROUNDS)[0][st.robin_camp]
    taken = np.zeros(N_CORNERS, np.bool_)
    pick, best = c0, -1e300
    for _ in range(SETUP_CANDIDATES):
        c, top = -1, -1e300
        for x in range(N_CORNERS):
            if not taken[x] and spot_is_free(st, x) and st.spot_val[p, x] > top:
                c, top = x, st.spot_val[p, x]
        if c < 0:
            break
        taken[c] = True
        st.corner_owner[c], st.corner_level[c] = p, 1        # tried, then taken back
        after = harm_to_go(st, p, w, SETUP_GAMMA, SETUP_ROUNDS)[0][st.robin_camp]
        st.corner_owner[c], st.corner_level[c] = -1, 0
        score = top - SETUP_HARM * (after - before)
        if score > best:
            best, pick = score, c
    return pick
