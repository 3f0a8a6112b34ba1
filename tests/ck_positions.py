"""Building Cities & Knights positions for the rule tests (tests/test_ck_*.py), as
tests/positions.py does for the base game.

    st, params = ck_position()                  # beginner board, 4 random bots, ruleset = "ck"
    city(st, 0, 4); deal(st, 0, kinds=KINDS, paper=3)

Beginner board: hex 0 ore 10 (corners 4 ...), hex 1 wool 2, hex 4 brick 6 (corners 13 8
12 17 23 18), hex 5 wool 4, hex 8 lumber 11, hex 9 the desert, hex 3 grain 12.
"""
import numpy as np

from policies import decide
from policies.registry import resolve
from simcore.engine import params as P
from simcore.run.config import Board, Rules, Scenario, pack_rules
from simcore.engine.game import init_game
from simcore.engine.state import new_state_buffer
from simcore.variants.ck import COMMODITY_NAMES, CitiesKnights
from simcore.engine.names import RESOURCE_NAMES

KINDS = RESOURCE_NAMES + COMMODITY_NAMES
PAPER, CLOTH, COIN = (KINDS.index(n) for n in COMMODITY_NAMES)   # their columns in the hands laid out for KINDS


def ck_params(players=4, **ck):
    """The packed rules of ruleset = "ck" with these [ck] values (a progress_deck table merged
    into the default deck, as the loader does)."""
    if "progress_deck" in ck:
        ck["progress_deck"] = {**CitiesKnights().progress_deck, **ck["progress_deck"]}
    rules = Rules(players=players, board=Board(layout="beginner"), ruleset="ck",
                  variants={"ck": CitiesKnights(**ck)})
    return pack_rules(Scenario(name="test", rules=rules))


def ck_position(players=4, policy="random", seed=0, **ck):
    """(st, params): a set-up C&K game with nothing placed (the state has the ck fields)."""
    params = ck_params(players, **ck)
    np.random.seed(seed)
    st = new_state_buffer(params)[0]
    for p in range(players):
        st.policy_kind[p], st.weights[p] = resolve(policy)
    init_game(st, params)
    for p in range(players):
        decide.new_game(st, p)
    assert params[P.P_PLAYERS] == players
    return st, params


def supply_of(st, params, k):
    from simcore.engine.economy import kind_supply
    return kind_supply(st, params, k)


def conserved(st, params):
    """bank + hands == supply for every card kind."""
    return all(st.bank[k] + st.hand[:st.players, k].sum() == supply_of(st, params, k)
               for k in range(st.hand.shape[1]))
