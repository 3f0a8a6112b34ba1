"""The `builder` kind (greedy, roads, ... and the presets knights, science, trade) under
Cities & Knights (docs/rules.md, Cities & Knights).  Before the base builder's goal (policies.builder) it
repairs a damaged city, chases the robber off its own hex, raises and activates knights
in proportion to the barbarian threat (trading for them; policies.variants.ck.defence), moves
or displaces knights while the ship is far, improves its cities toward the metropolises,
plays progress cards that pay and builds a wall when the hand is large; it keeps the
commodities an improvement can use."""
from policies import builder
from policies.common import tie_break
from policies.variants.ck import defence
from policies.variants.ck.progress import worth
from simcore.variants.ck.progress_board import can_play as can_play_progress
from simcore.engine.actions import A_END, A_TRADE
from simcore.variants.ck.board import (commodity, GRAIN, all_active, can_activate, can_chase, can_improve, can_promote,
                                       can_repair, cost_row_afford, hand_limit, has_damaged_city, is_city,
                                       knight_cost_ok, is_metropolis, may_promote, progress_in_hand, takes_metropolis)
from simcore.accel.jit import jitted
from simcore.engine.legal import is_legal
from simcore.engine.records import S_CITIES
from simcore.engine.state import N_RESOURCES, row_sum
from simcore.engine.topology import HEX_CORNERS, N_CORNERS
from simcore.variants.ck import (A_CK_IMPROVE, A_CK_KNIGHT_ACTIVATE, A_CK_KNIGHT_BUILD, A_CK_KNIGHT_CHASE,
                                 A_CK_KNIGHT_PROMOTE, A_CK_PLAY_PROGRESS, A_CK_REPAIR, A_CK_WALL, KNIGHTS_PER_LEVEL, MAX_LEVEL,
                                 N_PROGRESS, N_TRACKS, P_CK_MAX_WALLS, P_CK_REPAIR, P_CK_WALL_COST,
                                 W_CK_CHASE, W_CK_COMMODITY, W_CK_IMPROVE, W_CK_KNIGHTS, W_CK_PLAN, W_CK_PROGRESS,
                                 W_CK_TRACK0, W_CK_WALL)


@jitted
def knight_affordable(st, p):
    """knight_action can do something p pays for: activate (grain, an inactive knight) or
    build or promote (wool + ore)."""
    return knight_cost_ok(st, p) or (st.hand[p, GRAIN] >= 1 and not all_active(st, p))


@jitted
def knight_action(st, p, w):
    """Activate, build, then promote a knight (the first corner each): (action, corner) or
    (-1, -1).  Each loop only when p can pay and has knights to act on (the checks' own
    conditions, asked once)."""
    knights = row_sum(st.ck_knights, p)
    if st.hand[p, GRAIN] >= 1 and knights > 0 and not all_active(st, p):
        for c in range(N_CORNERS):
            if can_activate(st, p, c):
                return A_CK_KNIGHT_ACTIVATE, c
    if not knight_cost_ok(st, p):
        return -1, -1
    if st.ck_knights[p, 0] < KNIGHTS_PER_LEVEL:
        c = defence.knight_corner(st, p, w)
        if c >= 0:
            return A_CK_KNIGHT_BUILD, c
    if w[W_CK_KNIGHTS] >= 1.0 and may_promote(st, p):
        for c in range(N_CORNERS):
            if can_promote(st, p, c):
                return A_CK_KNIGHT_PROMOTE, c
    return -1, -1


@jitted
def sleeper(st, p):
    """p's inactive knight next to the robber, or -1 (activated, it chases next turn)."""
    for j in range(6):
        c = HEX_CORNERS[st.robber, j]
        if can_activate(st, p, c):
            return c
    return -1


@jitted
def chaser(st, p):
    """p's knight with the lowest corner that can chase the robber, or -1 (only the robber
    hex's corners can)."""
    h = st.robber
    best = -1
    for j in range(6):
        c = HEX_CORNERS[h, j]
        if (best < 0 or c < best) and can_chase(st, p, c):
            best = c
    return best


@jitted
def best_track(st, p, w):
    """The affordable improvement with the best preference (a metropolis doubles it), or -1."""
    if w[W_CK_IMPROVE] <= 0 or st.stats[p, S_CITIES] == 0:   # can_improve needs a city
        return -1
    best, ties, t_best = -1.0, 0, -1
    for t in range(N_TRACKS):
        if can_improve(st, p, t):
            v = w[W_CK_TRACK0 + t] + 0.01
            if takes_metropolis(st, p, t, st.ck_level[p, t] + 1):
                v *= 2.0
            take, best, ties = tie_break(v, best, ties)
            if take:
                t_best = t
    return t_best


@jitted
def keeps_commodity(st, p, k, w):
    """A commodity of a track p still improves in is worth keeping (ck_commodity > 0)."""
    t = k - commodity(st, 0)
    return w[W_CK_COMMODITY] > 0 and 0 <= t < N_TRACKS and st.ck_level[p, t] < MAX_LEVEL


@jitted
def action(st, p, w):
    if has_damaged_city(st, p) and cost_row_afford(st, p, P_CK_REPAIR):
        for c in range(N_CORNERS):
            if st.ck_damaged[c] and can_repair(st, p, c):
                return A_CK_REPAIR, c, 0
    if w[W_CK_CHASE] > 0 and st.ck_attacks > 0 and builder.robber_on_own_hex(st, p):
        c = chaser(st, p) if st.ck_power[p] > 0 else -1    # (only an active knight chases)
        if c >= 0:
            return A_CK_KNIGHT_CHASE, c, 0
        c = sleeper(st, p) if w[W_CK_PLAN] > 0 and st.hand[p, GRAIN] >= 1 else -1
        if c >= 0:
            return A_CK_KNIGHT_ACTIVATE, c, 0
    if defence.threatened(st, p, w):
        if knight_affordable(st, p):
            a, c = knight_action(st, p, w)
            if a >= 0:
                return a, c, 0
        give_r, get_r = defence.knight_trade(st, p, w)
        if give_r >= 0:
            return A_TRADE, give_r, get_r
    a, c, d = defence.knight_move(st, p, w)
    if a >= 0:
        return a, c, d
    t = best_track(st, p, w)
    if t >= 0:
        return A_CK_IMPROVE, t, 0
    if w[W_CK_PROGRESS] > 0 and progress_in_hand(st, p) > 0:
        for card in range(N_PROGRESS):
            if st.ck_progress[p, card] > 0 and progress_worth(st, p, card, w) and can_play_progress(st, p, card):
                return A_CK_PLAY_PROGRESS, card, 0
    if (w[W_CK_WALL] > 0 and st.ck_walls[p] < st.stats[p, S_CITIES] and st.ck_walls[p] < st.params[P_CK_MAX_WALLS]
            and row_sum(st.hand, p) >= hand_limit(st, p) - 1 and cost_row_afford(st, p, P_CK_WALL_COST)):
        for c in range(N_CORNERS):       # can_wall, its other conditions asked above (walls stand under cities)
            if is_city(st, p, c) and st.ck_wall[c] == 0:
                return A_CK_WALL, c, 0
    a, x, y = builder.action(st, p, w)
    if a == A_TRADE and keeps_commodity(st, p, x, w):
        return A_END, 0, 0
    if a != A_END and not is_legal(st, p, a, x, y):   # e.g. a city while one is damaged
        return A_END, 0, 0
    return a, x, y


@jitted
def progress_worth(st, p, card, w):
    """Whether to play `card` now (policies.variants.ck.progress)."""
    return w[W_CK_PROGRESS] > 0 and worth(st, p, card, w)


@jitted
def metro_city(st, p, t):
    """The most productive city without a metropolis."""
    best, where = -1, -1
    for c in range(N_CORNERS):
        if is_city(st, p, c) and not is_metropolis(st, c) and row_sum(st.corner_pips, c) > best:
            best, where = row_sum(st.corner_pips, c), c
    return where


@jitted
def pillage_city(st, p):
    """The least productive city without a metropolis (a wall-less one first)."""
    best, where = 1 << 30, -1
    for c in range(N_CORNERS):
        if is_city(st, p, c) and not is_metropolis(st, c):
            v = row_sum(st.corner_pips, c) + 100 * st.ck_wall[c]
            if v < best:
                best, where = v, c
    return where


@jitted
def tie_colour(st, p, w):
    """The colour of its most preferred track with cards left."""
    best, where = -1.0, 0
    for t in range(N_TRACKS):
        v = w[W_CK_TRACK0 + t] + 0.01 * (st.ck_level[p, t] + 1)
        if st.ck_deck_n[t] > 0 and v > best:
            best, where = v, t
    return where


@jitted
def retreat(st, q, d):
    """The first free corner q's roads lead to from d (st.ck_reach is marked)."""
    for e in range(N_CORNERS):
        if e != d and st.ck_reach[e] and st.corner_owner[e] < 0 and st.corner_guard[e] < 0:
            return e
    return -1


@jitted
def aqueduct(st, p, w):
    """The resource it holds least of (the bank has some)."""
    best, where = 1 << 30, 0
    for r in range(N_RESOURCES):
        if st.bank[r] > 0 and st.hand[p, r] < best:
            best, where = st.hand[p, r], r
    return where

