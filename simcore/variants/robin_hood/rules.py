"""The Robin Hood solo mode (docs/rules.md, Robin Hood, seed 002): the Sheriff (seat 0) against
Robin Hood, an automaton that is the robber.  simcore.engine.game.play_game hands a game to
the `play_game` hook when [variants.robin_hood] is on (declared in
simcore/variants/robin_hood/__init__.py), once the board, the development deck and the
policies' tables are ready; the record is written as for any game.

    setup    Robin on the desert, his camp; neutral settlements with a road each, placed
             by dice; then the Sheriff's two settlements and roads as in the base setup.
    a round  The Sheriff's turn, the base game's (simcore.engine.game.play_turn) with this
             mode's hooks: roll; on a 7 discards and Robin's robbery and scoring (seven),
             else production (Robin blocks his hex); then building, bank trades and
             development cards.  His knight makes Robin draw a movement card at once
             (move_robber); building on Robin's hex lets him evict Robin (after_action);
             the mode's endings decide when the game is over (game_over).
             Then Robin's turn: one movement card.
    endings  Robin reaches his target (on a 7), the Sheriff his (on his turn), Robin's
             hex fenced in by Sheriff roads (more VP wins, equal VP is a draw), or
             max_turns (a draw).

Every choice is the Sheriff's (policies.variants.robin_hood.bots: its action, robin_destination,
evict, relocate; policies.decide: the base choice points), checked here; a refused answer counts in
st.illegal.  The mode's counters are st.robin_stats (RB_*), its settings are
copied from params into the state at setup so that the turn needs only `st`.
"""
from simcore.engine.bots import ask
from simcore.accel.jit import jitted
from simcore.engine.kernel_variants import variant_code

from simcore.engine.actions import A_CITY, A_KNIGHT, A_SETTLEMENT
from simcore.engine.board import shuffle
from simcore.engine.economy import random_card
from simcore.engine.events import log_event
from simcore.engine.game import discards, play_turn, setup_placement
from simcore.engine.hidden import reshuffle
from simcore.engine.params import P_MAX_TURNS
from simcore.engine.pieces import place_road, place_settlement, spot_is_free
from simcore.engine.records import S_SPEND_STOLEN
from simcore.variants.robin_hood.board import (best_score, corner_on_hex, destinations, edge_on_hex, enclosed,
                                               hex_score, hex_vp, is_open_neighbour, n_open_neighbours, open_side)
from simcore.engine.state import PIECE_LIMITS, PIECE_ROAD, PIECE_SETTLEMENT, randint, victory_points
from simcore.variants.robin_hood import (CAUSE_EVICTION, CAUSE_KNIGHT, CAUSE_TURN, E_NEUTRAL_SETTLEMENT, E_ROBIN_DRAW,
                                         E_ROBIN_END, E_ROBIN_MOVE, E_ROBIN_SCORE, E_ROBIN_STEAL, ENDING_ENCLOSURE,
                                         ENDING_MAX_TURNS, ENDING_NONE, ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET,
                                         EVICTION_DRAW_NOW, MOVE_CAMP, MOVE_CARD, MOVE_EVICTION, MOVE_RELOCATION,
                                         NEUTRAL, P_ROBIN_DECK, P_ROBIN_DECK_MODE, P_ROBIN_DISCARD, P_ROBIN_ENCLOSURE,
                                         P_ROBIN_EVICTION_DRAW, P_ROBIN_NEUTRAL, P_ROBIN_PIECE_SETS, P_ROBIN_STEALS,
                                         P_ROBIN_TARGET, RB_CAMP_RETURNS, RB_DRAWS, RB_ENDING, RB_EVICTIONS,
                                         RB_EXTRA_DRAWS, RB_MOVES, RB_RELOCATIONS, RB_ROAD_BLOCKS, RB_SEVENS_NEUTRAL,
                                         RB_SEVENS_SHERIFF, RB_SHERIFF_VP, RB_STAYS, RB_STOLEN, RB_VP, RB_VP_NEUTRAL,
                                         RB_VP_SHERIFF, RB_WINNER, ROBIN_CARD_KINDS, ROBIN_DIE, ROBIN_HOOD,
                                         ROBIN_KNIGHT, SHERIFF, SIDE_DRAW, SIDE_ROBIN, SIDE_SHERIFF, STAY_NO_HEX,
                                         STAY_ROAD)
from simcore.engine.topology import CORNER_EDGES, HEX_CORNERS, N_HEXES

# its bots' choice points (policies/variants/robin_hood/bots.py), asked by name (simcore.engine.bots)
robin_destination = ask(ROBIN_HOOD, "robin_destination")
sheriff_relocate = ask(ROBIN_HOOD, "relocate")
sheriff_evict = ask(ROBIN_HOOD, "evict")


# --- setup ------------------------------------------------------------------

@jitted
def configure(st, params):
    """The mode's settings into the state, Robin at his camp, the movement deck, the pieces."""
    st.robin = 1
    st.robin_camp = st.robber                  # setup_board put the robber on the desert
    st.robin_die = 1 if params[P_ROBIN_DECK_MODE] == ROBIN_DIE else 0
    st.robin_target = params[P_ROBIN_TARGET]
    st.sheriff_target = params[P_ROBIN_TARGET + 1]
    st.robin_steals = params[P_ROBIN_STEALS]
    st.robin_discard = params[P_ROBIN_DISCARD]
    st.robin_enclosure = params[P_ROBIN_ENCLOSURE]        # ENCLOSURE_*: 0 = off
    st.robin_eviction_draw = params[P_ROBIN_EVICTION_DRAW]
    st.robin_open_hex = -1
    n = 0
    for card in range(ROBIN_CARD_KINDS):
        for _ in range(params[P_ROBIN_DECK + card]):
            st.robin_deck[n] = card
            n += 1
    st.robin_deck_n = n
    st.robin_deck_top = n                      # all drawn: the first draw shuffles
    for k in range(3):
        st.pieces[SHERIFF, k] = PIECE_LIMITS[k] * params[P_ROBIN_PIECE_SETS]
    st.pieces[NEUTRAL, PIECE_SETTLEMENT] = params[P_ROBIN_NEUTRAL]
    st.pieces[NEUTRAL, PIECE_ROAD] = params[P_ROBIN_NEUTRAL]


@jitted
def setup(st):
    """configure, then the neutral settlements by dice, then the Sheriff's two settlements
    (the second yields its resources)."""
    configure(st, st.params)
    for _ in range(st.params[P_ROBIN_NEUTRAL]):
        place_neutral(st)
    setup_placement(st, SHERIFF, False)
    setup_placement(st, SHERIFF, True)


@jitted
def free_corner_on_number(st, number, pick):
    """The pick-th corner free by the distance rule on the hexes showing `number`, each
    corner once (two hexes with one number may share corners); with pick = -1, how
    many there are."""
    n = 0
    first = st.number_hexes[number, 0]
    for i in range(2):
        h = st.number_hexes[number, i]
        if h < 0:
            continue
        for k in range(6):
            c = HEX_CORNERS[h, k]
            if spot_is_free(st, c) and not (i == 1 and corner_on_hex(c, first)):
                if n == pick:
                    return c
                n += 1
    return n


@jitted
def neutral_road_edge(st, c, e, number):
    """e is a free edge at corner c on a hex showing `number`."""
    if e < 0 or st.edge_owner[e] >= 0:
        return False
    for i in range(2):
        h = st.number_hexes[number, i]
        if h >= 0 and corner_on_hex(c, h) and edge_on_hex(e, h):
            return True
    return False


@jitted
def place_neutral(st):
    """docs/rules.md, Robin Hood: roll 2d6 (again on a 7 or on a number with no legal corner left);
    a neutral settlement on a random legal corner of a hex with that number, and a
    neutral road on a random free edge at it of that hex (of either, if two such hexes
    share the corner)."""
    rerolls = 0
    while True:
        number = randint(6) + randint(6) + 2
        if number != 7:
            count = free_corner_on_number(st, number, -1)
            if count > 0:
                break
        rerolls += 1
    c = free_corner_on_number(st, number, randint(count))
    # the road goes into the rolled hex (seed 002 "Gebiete ..., in die jeweils 1 Siedlung
    # und 1 Straße gesetzt werden"): a free edge at c on a hex showing that number
    free = 0
    for k in range(3):
        if neutral_road_edge(st, c, CORNER_EDGES[c, k], number):
            free += 1
    pick = randint(free) if free > 0 else -1
    road = -1
    for k in range(3):
        e = CORNER_EDGES[c, k]
        if neutral_road_edge(st, c, e, number):
            if pick == 0:
                road = e
                break
            pick -= 1
    if road >= 0:  # logged before the award the pieces may move (pieces.py)
        log_event(st, E_NEUTRAL_SETTLEMENT, -1, c, road, number, rerolls)
    place_settlement(st, NEUTRAL, c)
    if road >= 0:
        place_road(st, NEUTRAL, road)


# --- endings ----------------------------------------------------------------

@jitted
def over(st):
    return st.robin_stats[RB_ENDING] != ENDING_NONE


@jitted
def end_game(st, ending):
    """Record the ending and the side that won (the first ending stands)."""
    if over(st):
        return
    robin_vp = st.robin_stats[RB_VP]
    sheriff_vp = victory_points(st, SHERIFF)
    side = SIDE_DRAW
    if ending == ENDING_SHERIFF_TARGET:
        side = SIDE_SHERIFF
    elif ending == ENDING_ROBIN_TARGET:
        side = SIDE_ROBIN
    elif ending == ENDING_ENCLOSURE:   # the side with more VP wins, equal VP is a draw
        if sheriff_vp > robin_vp:
            side = SIDE_SHERIFF
        elif robin_vp > sheriff_vp:
            side = SIDE_ROBIN
    st.robin_stats[RB_ENDING] = ending
    st.robin_stats[RB_WINNER] = side
    st.robin_stats[RB_SHERIFF_VP] = sheriff_vp
    st.winner = SHERIFF if side == SIDE_SHERIFF else -1
    log_event(st, E_ROBIN_END, -1, side, ending, robin_vp, sheriff_vp)


@jitted
def check_enclosure(st):
    """Checked whenever the Sheriff's roads or Robin's hex may have changed.  A hex found open
    stays open until Robin moves or the Sheriff builds a road (roads are never removed; a
    neutral road only keeps it open), so that check is not repeated (it is asked after every
    action and twice a turn: simcore.engine.game's game_over)."""
    if not st.robin_enclosure:
        return
    h = st.robber
    roads = st.pieces[SHERIFF, PIECE_ROAD]
    if h == st.robin_open_hex and roads == st.robin_open_roads:
        return
    if enclosed(st, h):
        end_game(st, ENDING_ENCLOSURE)
    else:
        st.robin_open_hex = h
        st.robin_open_roads = roads


@jitted
def check_sheriff(st):
    """After each of the Sheriff's actions: his target, then the enclosure."""
    if victory_points(st, SHERIFF) >= st.sheriff_target:
        end_game(st, ENDING_SHERIFF_TARGET)
    check_enclosure(st)


# --- Robin ------------------------------------------------------------------

@jitted
def place_robin(st, h, how):
    log_event(st, E_ROBIN_MOVE, -1, st.robber, h, how, 0)
    st.robber = h


@jitted
def draw_card(st):
    """A movement card: the next of the deck (shuffled anew once all are drawn), or a
    roll of the die whose faces are the deck's cards."""
    if st.robin_die:
        return st.robin_deck[randint(st.robin_deck_n)]
    if st.robin_deck_top >= st.robin_deck_n:
        shuffle(st.robin_deck[:st.robin_deck_n])
        st.robin_deck_top = 0
    card = st.robin_deck[st.robin_deck_top]
    st.robin_deck_top += 1
    return card


@jitted
def first_destination(st, h, card):
    for k in range(6):
        t = open_side(st, h, k)
        if t >= 0 and st.hex_resource[t] == card:
            return t
    return -1


@jitted
def is_destination(st, h, t, card):
    return 0 <= t < N_HEXES and st.hex_resource[t] == card and is_open_neighbour(st, h, t)


@jitted
def robin_draw(st, cause):
    """docs/rules.md, Robin Hood: a knight sends Robin back to his camp (whatever roads lie between);
    a resource moves him to a hex of it next to his, not across a Sheriff road (the
    Sheriff picks among several); with none he stays."""
    card = draw_card(st)
    st.robin_stats[RB_DRAWS] += 1
    log_event(st, E_ROBIN_DRAW, -1, card, cause, 0, 0)
    h = st.robber
    if card == ROBIN_KNIGHT:
        if h != st.robin_camp:
            st.robin_stats[RB_CAMP_RETURNS] += 1
        place_robin(st, st.robin_camp, MOVE_CAMP)
        check_enclosure(st)
        return
    near, reachable = destinations(st, h, card)
    if reachable == 0:
        st.robin_stats[RB_STAYS] += 1
        if near > 0:
            st.robin_stats[RB_ROAD_BLOCKS] += 1
        log_event(st, E_ROBIN_MOVE, -1, h, h, STAY_ROAD if near > 0 else STAY_NO_HEX, 0)
        return
    t = first_destination(st, h, card)
    if reachable > 1:
        choice = robin_destination(st, SHERIFF, card)
        if is_destination(st, h, choice, card):
            t = choice
        else:
            st.illegal += 1
    st.robin_stats[RB_MOVES] += 1
    place_robin(st, t, MOVE_CARD)


@jitted
def robin_steal(st):
    """One random resource from the Sheriff's hand back to the bank (Robin holds none)."""
    if st.hand[SHERIFF].sum() == 0:
        return
    r = random_card(st, SHERIFF)
    st.hand[SHERIFF, r] -= 1
    st.bank[r] += 1
    st.stats[SHERIFF, S_SPEND_STOLEN] += 1
    st.robin_stats[RB_STOLEN] += 1
    log_event(st, E_ROBIN_STEAL, -1, r, 0, 0, 0)


@jitted
def relocate(st):
    """Nothing touches Robin's hex on a 7: he goes to the hex that would score him most
    (the Sheriff picks among equals)."""
    best = best_score(st)
    h = sheriff_relocate(st, SHERIFF)
    if h < 0 or h >= N_HEXES or hex_score(st, h) != best:
        st.illegal += 1
        h = 0
        while hex_score(st, h) != best:
            h += 1
    st.robin_stats[RB_RELOCATIONS] += 1
    place_robin(st, h, MOVE_RELOCATION)
    check_enclosure(st)


@jitted
def robin_seven(st):
    """docs/rules.md, Robin Hood on a 7: the Sheriff discards (robin.discard_on_seven); at Robin's hex a
    Sheriff building costs the Sheriff robin.steals_per_seven random resources, and Robin
    scores the VP of every building there, Sheriff's or neutral; with none, he is relocated."""
    if st.robin_discard:
        discards(st)
    h = st.robber
    vp_sheriff = hex_vp(st, h, SHERIFF)
    vp_neutral = hex_vp(st, h, NEUTRAL)
    if vp_sheriff + vp_neutral == 0:
        relocate(st)
        return
    if vp_sheriff > 0:
        st.robin_stats[RB_SEVENS_SHERIFF] += 1
        for _ in range(st.robin_steals):
            robin_steal(st)
    else:
        st.robin_stats[RB_SEVENS_NEUTRAL] += 1
    st.robin_stats[RB_VP_SHERIFF] += vp_sheriff
    st.robin_stats[RB_VP_NEUTRAL] += vp_neutral
    st.robin_stats[RB_VP] += vp_sheriff + vp_neutral
    log_event(st, E_ROBIN_SCORE, -1, h, vp_sheriff, vp_neutral, st.robin_stats[RB_VP])
    if st.robin_stats[RB_VP] >= st.robin_target:
        end_game(st, ENDING_ROBIN_TARGET)


@jitted
def evict(st):
    """The Sheriff built on Robin's hex: he may push Robin to a hex next to it, not across
    a Sheriff road.  "Nach dieser Vertreibung zieht Robin Hood wieder wie gewohnt eine
    Bewegungskarte": at his usual turn (robin.eviction_draw = "turn"), or at once ("now")."""
    h = st.robber
    if n_open_neighbours(st, h) == 0:
        return
    t = sheriff_evict(st, SHERIFF)
    if t < 0:
        return
    if not is_open_neighbour(st, h, t):
        st.illegal += 1
        return
    st.robin_stats[RB_EVICTIONS] += 1
    place_robin(st, t, MOVE_EVICTION)
    if st.robin_eviction_draw == EVICTION_DRAW_NOW:
        robin_draw(st, CAUSE_EVICTION)


# --- the Sheriff's turn: simcore.engine.game.play_turn with these hooks ----------------

@variant_code(ROBIN_HOOD, False)
def seven(st, p):
    """Hook: the 7 is Robin's (robin_seven), not the robber's."""
    robin_seven(st)
    return True


@variant_code(ROBIN_HOOD, False)
def move_robber(st, p):
    """Hook: the Sheriff's knight moves no robber; the game may end by it (largest army),
    else Robin draws a movement card at once."""
    check_sheriff(st)
    if not over(st):
        st.robin_stats[RB_EXTRA_DRAWS] += 1
        robin_draw(st, CAUSE_KNIGHT)
    return True


@variant_code(ROBIN_HOOD, None)
def after_action(st, p, a, x, y):
    """Hook: the endings an action of the Sheriff may bring (a knight's were checked before
    Robin's draw), then building on Robin's hex lets him evict Robin."""
    if a == A_KNIGHT:
        return
    check_sheriff(st)
    if not over(st) and (a == A_SETTLEMENT or a == A_CITY) and corner_on_hex(x, st.robber):
        evict(st)


@variant_code(ROBIN_HOOD, -1)
def game_over(st, p):
    """Hook: the mode's endings decide (no `victory_points` win).  The Sheriff's are checked
    here too, so that an ending between the two roads of road building stops the second
    (simcore.engine.game asks after the first)."""
    if not over(st):
        check_sheriff(st)
    return 1 if over(st) else 0


# --- a whole game -----------------------------------------------------------

@jitted
def play_round(st):
    """The Sheriff's turn (simcore.engine.game.play_turn), then (unless the game ended) Robin's:
    one movement card."""
    play_turn(st, SHERIFF)
    if not over(st):
        robin_draw(st, CAUSE_TURN)


@variant_code(ROBIN_HOOD, False)
def play_game(st):
    """Hook: setup and rounds until an ending; max_turns counts the Sheriff's turns."""
    setup(st)
    while not over(st) and st.turn < st.params[P_MAX_TURNS]:
        play_round(st)
    end_game(st, ENDING_MAX_TURNS)
    return True


@jitted
def hidden(st, p):
    """Hook (simcore.engine.hidden): a rollout's play-out re-shuffles Robin's undrawn movement cards,
    whose order the Sheriff cannot know."""
    if not st.robin_die and st.robin_deck_top < st.robin_deck_n:
        reshuffle(st.robin_deck[st.robin_deck_top:st.robin_deck_n])
