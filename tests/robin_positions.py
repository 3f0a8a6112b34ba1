"""Building positions of the Robin Hood mode (docs/rules.md, Robin Hood) for the rule tests.

    st, params = new_robin_position()          # beginner board, Robin at his camp (the desert,
                                               # hex 9), deck and pieces ready, nothing placed
    stack_deck(st, [LUMBER, KNIGHT])           # the next movement cards, in this order
    neutral(st, 23)                            # a neutral settlement (and its road, if given)

Beginner board around the desert (hex 9, corners 24 18 23 29 35 30):
    hex 4 brick 6 (across edge 18-23)    hex 5 wool 4 (24-18)     hex 10 lumber 3 (30-24)
    hex 8 lumber 11 (23-29)              hex 13 ore 3 (29-35)     hex 14 grain 4 (35-30)
"""
import numpy as np

from policies import decide
from policies.registry import resolve
from simcore.engine import params as P
from simcore.variants.robin_hood import rules as robin
from simcore.engine.game import init_game
from simcore.engine.pieces import place_road, place_settlement
from simcore.engine.rows import RowLayout
from simcore.variants.robin_hood import NEUTRAL, SHERIFF
from simcore.variants.robin_hood import ROBIN_KNIGHT
from tests.positions import blank_state, edge, make_params
from simcore.variants import robin_hood as RH

KNIGHT = ROBIN_KNIGHT
ROBIN_ROW = RowLayout(("robin_hood",))             # the columns of a Robin Hood game's record row
ROBIN_AT = ROBIN_ROW.game_at(RH.ROBIN_BASE)        # its first Robin Hood column (RH.RB_* follow)
DESERT_HEX = 9
DESERT_RING = [24, 18, 23, 29, 35, 30, 24]       # the desert's corners, round the ring


def robin_params(neutral=5, deck=(1, 1, 1, 1, 1, 1), die=False, steals=1, discard=True, robin_target=15,
                 sheriff_target=15, enclosure=True, sets=2, eviction_draw="turn", **rules):
    """The packed rules of a Robin Hood game (rules as tests.positions.make_params);
    enclosure True = "hex", False = "off", or "all_edges"."""
    params = make_params(1, **rules)
    params[RH.P_ROBIN] = 1
    params[RH.P_ROBIN_NEUTRAL] = neutral
    params[RH.P_ROBIN_DECK:RH.P_ROBIN_DECK + 6] = deck
    params[RH.P_ROBIN_DECK_MODE] = RH.ROBIN_DIE if die else RH.ROBIN_DECK
    params[RH.P_ROBIN_STEALS] = steals
    params[RH.P_ROBIN_DISCARD] = int(discard)
    params[RH.P_ROBIN_TARGET] = robin_target
    params[RH.P_ROBIN_TARGET + 1] = sheriff_target
    params[RH.P_ROBIN_ENCLOSURE] = ({True: RH.ENCLOSURE_HEX, False: RH.ENCLOSURE_OFF}[enclosure]
                                    if isinstance(enclosure, bool) else RH.ENCLOSURE_ALL_EDGES)
    params[RH.P_ROBIN_PIECE_SETS] = sets
    params[RH.P_ROBIN_EVICTION_DRAW] = {"turn": RH.EVICTION_DRAW_TURN, "now": RH.EVICTION_DRAW_NOW}[eviction_draw]
    return params


def new_robin_position(policy="sheriff-greedy", seed=0, **rules):
    """(st, params): the Sheriff playing `policy`, the mode configured (robin.configure),
    nothing on the board.  The numpy RNG is seeded with `seed`."""
    params = robin_params(**rules)
    np.random.seed(seed)
    st = blank_state(params)
    st.policy_kind[SHERIFF], st.weights[SHERIFF] = resolve(policy)
    init_game(st, params)
    decide.new_game(st, SHERIFF)
    robin.configure(st, params)
    return st, params


def stack_deck(st, cards):
    """The next movement cards are `cards`, in order (then the deck reshuffles them)."""
    st.robin_deck[:len(cards)] = cards
    st.robin_deck_n = len(cards)
    st.robin_deck_top = 0


def neutral(st, c, towards=None):
    """A neutral settlement at c, with its road to neighbouring corner `towards`."""
    place_settlement(st, NEUTRAL, c)
    if towards is not None:
        place_road(st, NEUTRAL, edge(c, towards))


def fence(st, corners, owner=SHERIFF):
    """Roads of `owner` along a path of corners (no cards paid)."""
    for a, b in zip(corners, corners[1:]):
        place_road(st, owner, edge(a, b))


def logged(st, name):
    """The recorded events of type `name` (st.log_on must have been set), as dicts."""
    from simcore.engine.events import event_dicts
    return [e for e in event_dicts(st.log[:st.log_n], st.players) if e["type"] == name]
