"""Game state: one numpy record of scalars and small arrays, every field documented once.

Encodings
  resource r: 0 lumber, 1 brick, 2 wool, 3 grain, 4 ore (RESOURCE_NAMES); 5 = desert (hexes only)
  card kind k: a resource, then the commodities of the variants in force (simcore.engine.cards);
              per-kind fields (KINDS in their shape) are card_kinds(variants) wide
  player p:   0..players-1 in turn order (seat); -1 = nobody
  dev card d: 0 knight, 1 VP, 2 road building, 3 year of plenty, 4 monopoly
The state is one numpy record (see state_dtype): scalars are plain fields
(`st.robber`), arrays are sub-array fields (`st.hand[p, r]`).
"""
import numpy as np
from simcore.accel import fastcompile, record_names
from simcore.accel.jit import jitted

from policies import weights as W
from simcore.engine import hooks
from simcore.engine import params as P
from simcore.engine import cards
from simcore.engine.cards import N_RESOURCES, card_kinds
from simcore.engine.names import DEV_NAMES, RESOURCE_NAMES  # noqa: F401 (re-exported)
from simcore.engine.records import S_CITIES, S_SETTLEMENTS
from simcore.engine.rows import stats_width
from simcore.engine.topology import N_CORNERS, N_EDGES, N_HEXES
from simcore.engine.variant import REGISTRY, VariantError, variants_on
import simcore.variants  # noqa: F401  the shipped variants register their layouts

DESERT = N_RESOURCES
GENERIC_HARBOUR = 5     # corner_harbour value of a 3:1 harbour

DEV_KNIGHT, DEV_VP, DEV_ROADS, DEV_PLENTY, DEV_MONOPOLY = 0, 1, 2, 3, 4
N_DEV_TYPES = 5
DEV_DECK_COUNTS = (14, 5, 2, 2, 2)          # docs/rules.md, Base game: 25 cards
N_DEV_CARDS = 25

# pieces[p, k]: pieces left in the supply
PIECE_SETTLEMENT, PIECE_CITY, PIECE_ROAD = 0, 1, 2
PIECE_LIMITS = (5, 4, 15)

# building costs [lumber, brick, wool, grain, ore] (st.costs rows: the other kinds cost 0)
COST_ROAD = np.array([1, 1, 0, 0, 0], np.int64)
COST_SETTLEMENT = np.array([1, 1, 1, 1, 0], np.int64)
COST_CITY = np.array([0, 0, 0, 2, 3], np.int64)
COST_DEVCARD = np.array([0, 0, 1, 1, 1], np.int64)
# st.costs[item]: the costs in force (a variant may change them); rows in this order, then
# the items the variants declare (cards.ITEM_NAMES; e.g. simcore.variants.grundbesitz.ITEM_GB)
ITEM_ROAD, ITEM_SETTLEMENT, ITEM_CITY, ITEM_DEVCARD = 0, 1, 2, 3

# number of set bits of a resource mask (bit r = resource r)
RES_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << N_RESOURCES)], np.int64)

# pips: ways to roll each number with 2d6 (index = number)
PIPS = np.array([0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1], np.int64)

# Scalar fields of the state (int64 each).
SCALARS = (
    ("players", "number of players"),
    ("robber", "hex the robber stands on"),
    ("dev_top", "next card of dev_deck to draw (N_DEV_CARDS: deck empty)"),
    ("army_holder", "largest-army holder, -1 = none"),
    ("road_holder", "longest-road holder, -1 = none"),
    ("turn", "player-turns started so far"),
    ("rounds", "rounds started so far (seat 0's turn starts a round)"),
    ("current", "player whose turn it is"),
    ("winner", "winning player, -1 = none yet"),
    ("dev_played", "1 if the current player already played a dev card this turn"),
    ("log_on", "k >= 1: record page k of the events in `log` (simcore.engine.events.log_event)"),
    ("log_n", "events so far while log_on (all pages)"),
    ("last_roll", "sum of the last roll"),
    ("illegal", "policy answers the engine refused (always 0 for the shipped policies)"),
    ("offers_made", "domestic trade offers the current player made this turn"),
    ("board_version", "pieces placed so far; changes whenever the board does"),
    # a rollout seat's search (simcore.engine.search; all 0 in games without rollout seats)
    ("search_on", "1: the game is played by the search driver (rollout seats search their decisions)"),
    ("search_over", "1: the opening played the whole game (a solo mode)"),
    ("playing_out", "1: a play-out past the searched decision (every seat plays as its base policy)"),
    ("candidate", "in a play-out before the searched decision: the candidate to play there; -1 = the real game"),
    ("request_n", "candidates of the first decision of this unit nobody answered yet; -1 = none"),
    ("request_player", "the player deciding it"),
    ("request_key", "its fingerprint (search_point.decision_key)"),
    ("ans_n", "answers of this unit known (st.answers)"),
    ("ans_used", "answers given so far in this pass of the unit"),
    ("switch_turn", "player-turn of the searched decision (a play-out's horizon counts from it)"),
    ("rollout_seed", "seed of this play-out's dice and re-dealt hidden cards (the same for every candidate)"),
    ("unknown_dev", "a strong seat's look-ahead: development cards it bought whose kind it does not know "
     "(simcore.engine.lookahead; 0 in the game itself)"),
    ("looking", "1 while a strong seat's look-ahead tries an option: cards that would come out of the others' "
     "hidden hands (steals, monopolies) stay where they are and offers ask nobody (simcore.engine.lookahead; "
     "0 in the game itself)"),
)

# Array fields: (name, shape, encoding).  Player arrays have MAX_PLAYERS rows;
# rows >= players stay unused.
MAX_PLAYERS = 4
MAX_CANDIDATES = 16     # candidates of one searched decision (policies.rollout_seat: at most 15 + end turn)
MAX_ANSWERS = 256       # searched decisions of one unit (a turn, the setup, a solo game); later ones: the base's
KINDS = "card kinds"    # in a shape: one entry per card kind (state_dtype)
CHOICES = "choices"     # in a shape: n_choices(card kinds)


def n_choices(width, room=0):
    """Options of one random choice at most: every road, settlement and city site,
    width x width bank trades and offers, 5 cards and END (policies.randombot.action_options;
    and some room), and the `room` the variants in the record declare for their own options
    (Variant.choices, e.g. Grundbesitz's 3 actions per GB)."""
    return N_EDGES + 2 * N_CORNERS + 2 * width * width + 14 + room


ARRAYS = (
    ("params", ("N_PARAMS",), "the packed rules of this game (simcore.engine.params P_*)"),
    ("hex_resource", (N_HEXES,), "resource of each land hex, DESERT for the desert"),
    ("hex_number", (N_HEXES,), "number token 2..12, 0 on the desert"),
    ("number_hexes", (13, 2), "the (at most two) hexes with each number, -1 padded"),
    ("corner_harbour", (N_CORNERS,), "-1 none, r = 2:1 harbour of resource r, GENERIC_HARBOUR = 3:1"),
    ("corner_owner", (N_CORNERS,), "player with a building here, -1 = empty"),
    ("corner_level", (N_CORNERS,), "0 empty, 1 settlement, 2 city"),
    ("corner_pips", (N_CORNERS, N_RESOURCES), "pips of each resource at a corner (from the board)"),
    ("corner_res_mask", (N_CORNERS,), "bit r set: resource r is produced at the corner"),
    ("edge_owner", (N_EDGES,), "player with a road here, -1 = empty"),
    ("corner_free", (N_CORNERS,), "1 = the distance rule allows a settlement here (and no other piece stands here)"),
    ("corner_guard", (N_CORNERS,), "player with a piece here that is no building but breaks roads like one "
     "(a C&K knight), -1 = none"),
    ("road_touch", (MAX_PLAYERS, N_CORNERS), "number of the player's roads at each corner"),
    ("hand", (MAX_PLAYERS, KINDS), "cards of each kind in hand"),
    ("bank", (KINDS,), "cards of each kind in the bank"),
    ("costs", ("N_ITEMS", KINDS), "cost of each item (ITEM_*) in this game"),
    ("dev_deck", (N_DEV_CARDS,), "shuffled dev cards, drawn from index dev_top"),
    ("dev_hand", (MAX_PLAYERS, N_DEV_TYPES), "dev cards held and playable (bought before this turn)"),
    ("dev_new", (MAX_PLAYERS, N_DEV_TYPES), "dev cards bought this turn (not yet playable)"),
    ("pieces", (MAX_PLAYERS, 3), "settlements, cities, roads left in the supply"),
    ("knights", (MAX_PLAYERS,), "knights played (largest army)"),
    ("road_length", (MAX_PLAYERS,), "longest connected road, recomputed on every change"),
    ("trade_rate", (MAX_PLAYERS, KINDS), "best maritime rate per kind: 4, 3 or 2; 0 = the bank does not trade it"),
    ("income", (MAX_PLAYERS, N_RESOURCES), "production pips per resource (a city counts twice)"),
    ("owed", (MAX_PLAYERS, KINDS), "scratch of economy.produce: cards owed this roll"),
    ("income_mask", (MAX_PLAYERS,), "bit r set: the player has income of resource r"),
    ("stats", (MAX_PLAYERS, "SEAT_WIDTH"), "each seat's record columns (records.S_*, rows.stats_width of them): "
     "counters, and at the end the final values (game.write_record)"),
    ("road_used", (N_EDGES,), "scratch of pieces.longest_road: edges on the current trail"),
    ("road_seen", (N_EDGES,), "scratch of pieces.longest_road: edges some search has used"),
    # a trail is at most as deep as there are edges (a player may hold up to 60 roads: robin.sheriff_piece_sets)
    ("road_stack", (3, N_EDGES + 1), "scratch of pieces.longest_road: corner, next slot, edge per depth"),
    ("policy_kind", (MAX_PLAYERS,), "policy kind of each seat (policies.weights.KIND_*); a rollout seat's base kind"),
    ("rollout", (MAX_PLAYERS, 4), "a rollout seat's search: on (0/1), candidates, rollouts, horizon "
     "(policies.rollout_seat)"),
    ("answers", (MAX_ANSWERS,), "the search's choices (candidate indices) of this unit's decisions, in order"),
    ("cand_a", (MAX_CANDIDATES,), "candidates of one searched decision: action code (or corner, hex)"),
    ("cand_x", (MAX_CANDIDATES,), "candidates: first argument (or victim)"),
    ("cand_y", (MAX_CANDIDATES,), "candidates: second argument"),
    ("spot_val_mask", (MAX_PLAYERS,), "policy scratch: income_mask spot_val was computed for, -1 = none"),
    # policy scratch: each player's plan, made this turn on this board (policies.builder)
    ("plan_turn", (MAX_PLAYERS,), "turn the plan was made in, -1 = none"),
    ("plan_version", (MAX_PLAYERS,), "board_version the plan was made on"),
    ("plan_goal", (MAX_PLAYERS,), "planned goal"),
    ("plan_where", (MAX_PLAYERS,), "corner or edge of the planned goal"),
    # policy scratch of one decision (kernels allocate no arrays): the options of a random
    # choice (policies.randombot; actions as (choice, choice_x, choice_y)), builder.plenty's needs
    ("choice", (CHOICES,), "policy scratch: options of one choice"),
    ("choice_x", (CHOICES,), "policy scratch: first argument of each action option"),
    ("choice_y", (CHOICES,), "policy scratch: second argument of each action option"),
)
# float64 array fields, same form
FLOAT_ARRAYS = (
    ("weights", (MAX_PLAYERS, "N_WEIGHTS"), "policy weights of each seat (policies.weights)"),
    ("corner_prod", (MAX_PLAYERS, N_CORNERS), "policy scratch: each seat's weighted production value per corner"),
    ("spot_val", (MAX_PLAYERS, N_CORNERS), "policy scratch: each seat's value of a settlement per corner"),
    ("player_val", (MAX_PLAYERS,), "policy scratch of one decision: a value per player (builder.robber)"),
    ("cand_score", (MAX_CANDIDATES,), "policy scratch: the candidates' ranking scores (policies.rollout)"),
    ("search_value", (MAX_CANDIDATES,), "the last searched decision: each candidate's mean play-out value"),
    ("search_gain", (MAX_CANDIDATES,), "the last searched decision: sum over play-outs of each candidate's value "
     "minus the base choice's (same seed)"),
    ("search_gain2", (MAX_CANDIDATES,), "the same, squared differences"),
    ("search_now", (MAX_CANDIDATES,), "scratch: each candidate's value in the current play-out seed"),
)

# event log row: [type, player, a, b, c, d, hands (MAX_PLAYERS x kinds), bank (kinds)]
LOG_FIELDS = 6
LOG_ROWS = 50_000      # events on a page of a replay's log; a longer game is replayed once per page


# The game state is one record of this dtype.  A record reaches compiled
# functions as a bare pointer, and its sub-arrays as views without a reference
# count, which keeps calls cheap (an allocated array passed from call to call
# costs two atomic operations per call).  Batch runs and replays of the same
# variants share one record type (one compiled kernel); only replays write to the log.
def log_width(width):
    """Columns of a log row for hands of `width` card kinds."""
    return LOG_FIELDS + (MAX_PLAYERS + 1) * width


def _shape(shape, width, room=0, seat_width=0):
    """A shape whose named sizes are the layouts' current ones: "N_PARAMS", "N_WEIGHTS",
    "N_ITEMS" (they grow as variants register: simcore.engine.variant), "SEAT_WIDTH" (`seat_width`:
    rows.stats_width of the variants in the record), KINDS (the card kinds of the hand) and
    CHOICES (with `room` for the variants' options)."""
    sizes = {"N_PARAMS": P.N_PARAMS, "SEAT_WIDTH": seat_width, "N_WEIGHTS": W.N_WEIGHTS,
             "N_ITEMS": len(cards.ITEM_NAMES),
             KINDS: width, CHOICES: n_choices(width, room)}
    return tuple(sizes.get(n, n) for n in shape)


def state_dtype(variants=None, kinds=None):
    """The state record with the fields and marker fields of `variants` (names of
    simcore.engine.variant.REGISTRY; None = every registered variant): a kernel is compiled
    with the code of exactly those variants, and only their state fields exist in it.
    Per-kind fields have one entry per card kind (`kinds`, by default card_kinds(variants));
    each commodity among them has its field `kind_<name>` (simcore.engine.kinds)."""
    chosen = [v for name, v in REGISTRY.items() if variants is None or name in variants]
    kinds = card_kinds([v.name for v in chosen]) if kinds is None else tuple(kinds)
    marks = [cards.KIND_FIELD + k for k in kinds[N_RESOURCES:]]
    if cards.hand_kinds(marks) != kinds:
        raise VariantError(f"card kinds {', '.join(kinds)}: not the resources, then registered commodities "
                           f"in registration order")
    width = len(kinds)
    own = [(name, np.dtype(kind), shape) for v in chosen for name, kind, shape in v.state_fields()]
    room = sum(v.choices for v in chosen)
    fields = [(name, np.int64) for name, _ in SCALARS]
    for name, shape, _ in ARRAYS:
        if name == "policy_kind":   # the variants' fields next to the rules' (before the policies' scratch)
            fields += own
        fields.append((name, np.int64, _shape(shape, width, room, stats_width([v.name for v in chosen]))))
    fields += [(name, np.float64, _shape(shape, width)) for name, shape, _ in FLOAT_ARRAYS]
    # the markers sit before the log and the undo copy, which end every record: no record type
    # is then a prefix of another, which numba would take for a subtype and let a function
    # compiled for one state record run on another (with its variants compiled out)
    fields += [(name, np.int64) for name in marks]
    fields += [(v.marker, np.int64) for v in chosen]
    fields.append(("log", np.int64, (LOG_ROWS, log_width(width))))  # see game_bytes
    names = [f[0] for f in fields]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise VariantError(f"state fields declared twice: {', '.join(dup)}")
    # a copy of everything before the log, while a strong seat looks ahead (simcore.engine.lookahead);
    # after the log, so that a new game does not zero it (game_bytes)
    fields.append(("undo", np.uint8, (np.dtype(fields).fields["log"][1],)))
    # each seat's VP after every player-turn (simcore.engine.feel): after the undo copy, so that
    # neither a new game's zeroing nor a look-ahead's copy touches it
    fields.append(("vp_trace", np.int16, (P.MAX_TURNS_LIMIT + 1, MAX_PLAYERS)))
    return np.dtype(fields)


def rules_variants(params):
    """The variants the packed rules switch on."""
    return variants_on(params)


def separate_records():
    """True when kernels compiled for different state records, cached by different
    processes, keep their helpers apart loaded into one process: the records are named
    after their layouts (simcore.accel.record_names), or each kernel's helpers are internal to
    it (simcore.accel.fastcompile).  Else every state record carries every variant."""
    return record_names.installed() or fastcompile.installed()


def buffer_variants(variants):
    """The variants a state record for rules with `variants` on is built with: those
    (every variant where separate_records() is False).  Its card kinds are
    card_kinds(buffer_variants(...))."""
    return tuple(v for v in REGISTRY if v in variants) if separate_records() else tuple(REGISTRY)


def has_variants(buf, variants):
    return all(REGISTRY[v].marker in buf.dtype.names for v in variants)


def new_state_buffer(params=None):
    """A one-record array holding a game state: `buf[0]` is the state `st`
    (a recarray, so that attribute access also works with NUMBA_DISABLE_JIT=1).
    Its kernel is compiled with the variants `params` switch on (every variant
    without params, or where separate_records() is False).  The log's pages are only touched by replays."""
    variants = buffer_variants(rules_variants(params)) if params is not None else tuple(REGISTRY)
    return np.zeros(1, state_dtype(variants)).view(np.recarray)


def game_bytes(buf):
    """The part of the buffer a new game zeroes (all before the log)."""
    return buf.view(np.uint8)[:buf.dtype.fields["log"][1]]



@jitted
def randint(n):
    """Uniform integer in [0, n).  Built on random() so that the game is the same with
    and without the JIT (numba's and numpy's random() agree for the same seed)."""
    return int(np.random.random() * n)


@jitted
def copy_into(dst, src):
    """dst[:n] = src[:n], n = the shorter length, for 1-D arrays, as a loop: numba's
    array-to-slice assignment costs ~2 s of every cold compile (its size-mismatch error
    text).  (A resource cost row fills the resource part of a card-kind row.)"""
    for i in range(min(dst.shape[0], src.shape[0])):
        dst[i] = src[i]


@jitted
def row_sum(a, i):
    """a[i].sum() of a 2-D array, as a loop: numba's slice of a record's array costs a
    reference-count call each way (about twice the loop's time)."""
    n = 0
    for k in range(a.shape[1]):
        n += a[i, k]
    return n


@jitted
def seat_from(st, p, i):
    """(p + i) % players for 0 <= i < players, without the division: the i-th seat from p on."""
    q = p + i
    return q if q < st.players else q - st.players


@jitted
def hand_size(st, p):
    return row_sum(st.hand, p)


@jitted
def victory_points(st, p):
    """VP = settlements + 2 * cities + VP cards + 2 per award (docs/rules.md, Base game), and the
    variants' own VP (hook victory_points).  Building counts come from the stats
    counters kept up to date on every build."""
    return base_vp(st.stats, st.dev_hand, st.dev_new, st.army_holder, st.road_holder, p) + hooks.victory_points(st, p)


@jitted
def all_victory_points(st, out):
    """out[p] = victory_points(st, p) for every seat, the state's reads that every seat shares done once
    (feel's trace, written every player-turn: per-seat calls cost Grundbesitz 8.5% of its games' time)."""
    stats, cards_held, cards_new, army, road = st.stats, st.dev_hand, st.dev_new, st.army_holder, st.road_holder
    for p in range(st.players):
        out[p] = base_vp(stats, cards_held, cards_new, army, road, p) + hooks.victory_points(st, p)


@jitted
def base_vp(stats, dev_hand, dev_new, army_holder, road_holder, p):
    """The base game's VP of seat p: settlements + 2 * cities + VP cards + 2 per award."""
    vp = stats[p, S_SETTLEMENTS] + 2 * stats[p, S_CITIES] + dev_hand[p, DEV_VP] + dev_new[p, DEV_VP]
    if army_holder == p:
        vp += 2
    if road_holder == p:
        vp += 2
    return vp
