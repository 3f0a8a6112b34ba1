"""Building game positions for the rule tests.

    st, params = new_position()                 # beginner board, 4 random bots, nothing placed
    settle(st, 0, 13)                           # a settlement (free: no cards paid)
    roads(st, 0, [13, 8, 12])                   # roads along a corner path
    deal(st, 0, lumber=1, brick=1)              # cards from the bank, so bank + hands stays 19
    st, params = new_position(grundbesitz={})   # with [variants.grundbesitz] (its defaults)
    g = own_gb(st, 0, 13, 4)                    # a Grundbesitz of player 0 at corner 13 on hex 4

The engine's functions are numba `register_jitable`s: called from Python they run as
plain Python on the state record, so a test can set up any position and call one
rule.  Pieces go through the engine's own placement functions (pieces.place_*),
which keep the derived fields (income, trade rates, stats, pieces left, road
lengths, awards) consistent with the board.
"""
import importlib
from dataclasses import fields

import numpy as np

from policies import decide
from policies.registry import resolve
from simcore.engine import params as P
from simcore.engine.actions import A_END
from simcore.engine import records as R
from simcore.run.config import Rules, Scenario, pack_rules
from simcore.run.seeds import game_seeds
from simcore.engine.variant import REGISTRY
from simcore.engine.game import init_game
from simcore.variants.grundbesitz.board import FOLLOW_NONE
from simcore.variants.grundbesitz import Grundbesitz
from simcore.engine.pieces import place_city, place_road, place_settlement
from simcore.engine.cards import card_kinds
from simcore.engine.state import (DEV_KNIGHT, N_RESOURCES, RESOURCE_NAMES, buffer_variants, randint, rules_variants,
                                  state_dtype)
from simcore.engine.topology import CORNER_EDGES, CORNER_HEXES, CORNER_NEIGHBOURS
from simcore.variants import grundbesitz as GBD

LUMBER, BRICK, WOOL, GRAIN, ORE = range(N_RESOURCES)
SUPPLY = 19


# the Grundbesitz block of the packed params (simcore.engine.params: slots 16..39)
GB_SLOTS = slice(GBD.P_GB_ON, GBD.P_GB_ON + 1 + sum(f.metadata["param"].width for f in fields(GBD.Grundbesitz)))


def make_params(players=4, layout=P.LAYOUT_BEGINNER, victory_points=10, max_turns=1000,
                supply=SUPPLY, no_adjacent_red=False, rotate_seats=False, grundbesitz=None):
    """The packed rule array (simcore.engine.params) for the base game; `grundbesitz` (a dict
    of [variants.grundbesitz] keys, {} for its defaults) turns that variant on, packed
    as the scenario loader packs it."""
    params = np.zeros(P.N_PARAMS, np.int64)
    params[P.P_PLAYERS] = players
    params[P.P_VICTORY_POINTS] = victory_points
    params[P.P_MAX_TURNS] = max_turns
    params[P.P_LAYOUT] = layout
    params[P.P_NO_ADJACENT_RED] = int(no_adjacent_red)
    params[P.P_RESOURCE_SUPPLY] = supply
    params[P.P_ROTATE_SEATS] = int(rotate_seats)
    if grundbesitz is not None:
        rules = Rules(players=players, variants={"grundbesitz": Grundbesitz(**grundbesitz)})
        params[GB_SLOTS] = pack_rules(Scenario(name="test", rules=rules))[GB_SLOTS]
    return params


def batch_inputs(seats, games, seed, layout=P.LAYOUT_BEGINNER):
    """play_batch's inputs for presets `seats` (rotating) on the base game: (params, kinds, weights,
    game indices, seeds)."""
    params = make_params(len(seats), layout=layout, rotate_seats=True)
    resolved = [resolve(name) for name in seats]
    kinds = np.array([k for k, _ in resolved], np.int64)
    weights = np.array([w for _, w in resolved])
    return params, kinds, weights, np.arange(games, dtype=np.int64), game_seeds(seed, 0, games)


def blank_state(params, kinds=None):
    """A zeroed state record with every variant's fields, its hands laid out for `kinds`
    (default: the card kinds of the variants `params` switch on, as a run lays them out)."""
    if kinds is None:
        kinds = card_kinds(buffer_variants(rules_variants(params)))
    return np.zeros(1, state_dtype(kinds=kinds)).view(np.recarray)[0]


def new_position(players=4, policy="random", seed=0, params=None, kinds=None, **rules):
    """(st, params): a set-up game with nothing placed, every seat playing `policy`
    (a preset name, or one name per seat).  The numpy RNG (the engine's dice and
    random choices when run as Python) is seeded with `seed`.  `params` replaces
    make_params(players, **rules); `kinds` lays the hands out for these card kinds
    (simcore.engine.cards)."""
    if params is None:
        params = make_params(players, **rules)
    np.random.seed(seed)
    st = blank_state(params, kinds)
    names = [policy] * players if isinstance(policy, str) else list(policy)
    for p, name in enumerate(names):
        st.policy_kind[p], st.weights[p] = resolve(name)
    init_game(st, params)
    for p in range(players):
        decide.new_game(st, p)
    return st, params


# --- the engine's choices and dice ------------------------------------------------

def choice_module(name):
    """The module of choice point `name`: policies.decide (the base game's), or the policy
    module of the variant that declares it (simcore.engine.variant.Variant.policy)."""
    if hasattr(decide, name):
        return decide
    for v in REGISTRY.values():
        if v.policy and hasattr(importlib.import_module(v.policy), name):
            return importlib.import_module(v.policy)
    raise AttributeError(f"no choice point {name!r} in policies.decide or a variant's policy module")


def script(monkeypatch, name, *answers):
    """Make the choice point `name` (policies.decide.<name>, or a variant's: choice_module)
    answer `answers` in turn (the last one repeats; a callable answer is called with the
    choice point's arguments); returns the list of calls, (player, *args) each.  Works
    because the engine, run as Python, looks the choice point up on the module at every call."""
    calls = []
    answers = list(answers)

    def answer(st, p, *args):
        calls.append((int(p),) + tuple(args))
        a = answers.pop(0) if len(answers) > 1 else answers[0]
        return a(st, p, *args) if callable(a) else a

    monkeypatch.setattr(choice_module(name), name, answer)
    return calls


def seed_next_roll(total):
    """Seed the numpy RNG so that the engine's next two dice sum to `total`."""
    for seed in range(10_000):
        np.random.seed(seed)
        if randint(6) + randint(6) + 2 == total:
            np.random.seed(seed)
            return seed
    raise AssertionError(f"no seed rolls {total}")


# --- board geometry -----------------------------------------------------------

def edge(a, b):
    """The edge joining neighbouring corners a and b."""
    for k in range(3):
        if CORNER_NEIGHBOURS[a, k] == b:
            return int(CORNER_EDGES[a, k])
    raise ValueError(f"corners {a} and {b} are not neighbours")


def path(corners):
    """The edges along a path of neighbouring corners."""
    return [edge(a, b) for a, b in zip(corners, corners[1:])]


# --- pieces -------------------------------------------------------------------

def settle(st, p, c):
    """A settlement of p at corner c, placed by the engine (no cards paid)."""
    place_settlement(st, p, c)


def city(st, p, c):
    """A city of p at corner c (a settlement first if the corner is empty)."""
    if st.corner_owner[c] < 0:
        place_settlement(st, p, c)
    place_city(st, p, c)


def roads(st, p, corners):
    """Roads of p along a path of corners (no cards paid)."""
    for e in path(corners):
        place_road(st, p, e)


# --- cards --------------------------------------------------------------------

def _counts(st, cards=None, kinds=RESOURCE_NAMES, **named):
    """Cards per kind of st's hands: a list (the first kinds, the rest 0) or by name."""
    counts = np.zeros(st.hand.shape[1], np.int64)
    if cards is not None:
        counts[:len(cards)] = cards
    for name, n in named.items():
        counts[kinds.index(name)] += n
    return counts


def deal(st, p, cards=None, kinds=RESOURCE_NAMES, **named):
    """Move cards from the bank to p's hand: deal(st, 0, lumber=2) or deal(st, 0, [1, 1, 0, 0, 0]);
    `kinds` names the kinds of a hand wider than the resources."""
    counts = _counts(st, cards, kinds, **named)
    assert (st.bank >= counts).all(), "the bank does not hold these cards"
    st.bank[:] -= counts
    st.hand[p] += counts


def set_hand(st, p, cards=None, kinds=RESOURCE_NAMES, **named):
    """p's hand becomes exactly these cards (the old hand goes back to the bank)."""
    st.bank[:] += st.hand[p]
    st.hand[p] = 0
    deal(st, p, cards, kinds, **named)


def supply_kept(st, supply=SUPPLY):
    """bank + all hands == supply for every resource."""
    return bool((st.bank + st.hand[:st.players].sum(axis=0) == supply).all())


# --- Grundbesitz (docs/rules.md, Grundbesitz) ------------------------------------------------------

def gb_at(c, h):
    """The Grundbesitz id of (corner c, hex h): 3 * c + k where CORNER_HEXES[c, k] == h."""
    for k in range(3):
        if CORNER_HEXES[c, k] == h:
            return 3 * c + k
    raise ValueError(f"hex {h} does not touch corner {c}")


def own_gb(st, p, c, h, markers=0):
    """A Grundbesitz of p at (corner c, hex h) as if bought long ago: it yields from now
    on, no cards paid, nobody asked.  The corner must hold p's building."""
    assert st.corner_owner[c] == p, "a Grundbesitz lies under its owner's building"
    g = gb_at(c, h)
    assert st.gb_owner[g] < 0
    st.gb_owner[g] = p
    st.gb_markers[g] = markers
    st.gb_ready_turn[g] = 0
    st.gb_count[p, h] += 1
    st.stats[p, GBD.S_GB_OWNED] += 1
    return g


def knights(st, p, n):
    """p holds n unused (playable) knight cards."""
    st.dev_hand[p, DEV_KNIGHT] = n


def quiet(monkeypatch):
    """Every choice point of a turn answers "nothing": no knight before the roll, the
    turn ends at once, nobody blocks, defends, counters or removes a marker for free.
    After a cancel the defender only defends.  A test then scripts the choices it is
    about (the robber's move it always scripts)."""
    script(monkeypatch, "knight_before_roll", False)
    script(monkeypatch, "action", (A_END, 0, 0))
    for name, answer in (("gb_response_block", False), ("gb_robber_block", -1), ("gb_defend", False),
                         ("gb_counter", False), ("gb_free_removal", -1), ("gb_follow_up", FOLLOW_NONE)):
        script(monkeypatch, name, answer)
