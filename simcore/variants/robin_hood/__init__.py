"""Robin Hood solo mode (docs/rules.md, Robin Hood): the declaration.  `[variants.robin_hood]`:

    players = 1
    seats = ["sheriff-greedy", "sheriff-warden"]   # alternative Sheriffs, game g played by seats[g % 2]

    [variants.robin_hood]
    neutral_settlements = 5          # robin.neutral_settlements
    deck = { lumber = 1, brick = 1, wool = 1, grain = 1, ore = 1, knight = 1 }   # robin.deck
    deck_mode = "deck"               # robin.deck_mode: "deck" or "die"
    steals_per_seven = 1             # robin.steals_per_seven
    discard_on_seven = true          # robin.discard_on_seven
    target_vp = { robin = 15, sheriff = 15 }   # robin.target_vp, settable apart
    enclosure = "hex"                # robin.enclosure: "hex" (land edges), "all_edges" or "off"
    eviction_draw = "turn"           # robin.eviction_draw: "turn" (his usual draw) or "now" (an extra one)
    sheriff_piece_sets = 2           # robin.sheriff_piece_sets: 10 settlements, 8 cities, 30 roads

The kernel is simcore/variants/robin_hood/rules.py (its `play_game` hook plays the whole solo game) with
simcore/variants/robin_hood/board.py; the Sheriff's policies policies/variants/robin_hood/sheriff.py; the report entry
reports/variants/robin_hood.py.
"""
from dataclasses import dataclass, field, fields

from simcore.engine.errors import ScenarioError
from simcore.engine.fields import Param, choice, flag, int_table, integer
from simcore.engine.names import RESOURCE_NAMES
from simcore.engine.records import MAX_SEATS as MAX_PLAYERS
from simcore.engine.topology import N_CORNERS
from simcore.engine.variant import Variant, register

ROBIN_HOOD = "robin_hood"
# Robin's movement cards: c = 0..4 a resource, ROBIN_KNIGHT back to camp
ROBIN_KNIGHT = len(RESOURCE_NAMES)
ROBIN_CARD_KINDS = ROBIN_KNIGHT + 1
ROBIN_MAX_EACH = 10                                 # cards of one kind in a deck
ROBIN_DECK_MAX = ROBIN_CARD_KINDS * ROBIN_MAX_EACH
CARD_NAMES = RESOURCE_NAMES + ("knight",)

SHERIFF = 0                 # the one seat
NEUTRAL = MAX_PLAYERS - 1   # the neutral colour: a row of the player arrays no seat uses
# why Robin draws a movement card
CAUSE_TURN, CAUSE_KNIGHT, CAUSE_EVICTION = 0, 1, 2
CAUSE_NAMES = ("turn", "knight", "eviction")
# how Robin's hex changed (or why it did not, on a resource card)
MOVE_CARD, MOVE_CAMP, MOVE_EVICTION, MOVE_RELOCATION, STAY_NO_HEX, STAY_ROAD = range(6)
MOVE_NAMES = ("card", "camp", "eviction", "relocation", "no_hex", "road")
# robin_winner and robin_ending
SIDE_DRAW, SIDE_SHERIFF, SIDE_ROBIN = 0, 1, 2
SIDE_NAMES = ("draw", "sheriff", "robin")
ENDING_NONE, ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET, ENDING_ENCLOSURE, ENDING_MAX_TURNS = range(5)
ENDING_NAMES = ("none", "robin_target", "sheriff_target", "enclosure", "max_turns")

ROBIN_DECK, ROBIN_DIE = 0, 1
# robin.enclosure: no enclosure ending; every edge of Robin's hex towards another land hex
# carries a Sheriff road ("hex"); all six edges, those to the sea too ("all_edges")
ENCLOSURE_OFF, ENCLOSURE_HEX, ENCLOSURE_ALL_EDGES = 0, 1, 2
# robin.eviction_draw: after an eviction Robin draws at his usual turn, or at once
EVICTION_DRAW_TURN, EVICTION_DRAW_NOW = 0, 1

# Each neutral settlement takes its corner and at most 3 neighbours out of the 54;
# with 12 placed at least 6 corners stay free: room for the Sheriff's two setup
# settlements whatever the dice did, and a legal corner on some numbered hex for
# every neutral one (at most 3 corners touch the desert and the sea only).
MAX_NEUTRAL = 12

DECK_DEFAULT = {name: 1 for name in CARD_NAMES}


def _neutral_check(v):
    return None if 0 <= v <= MAX_NEUTRAL else f"{v} is out of range"


@dataclass(frozen=True)
class RobinHood:
    neutral_settlements: int = field(default=5, metadata={"param": Param(
        int, f"an integer from 0 to {MAX_NEUTRAL} (more would not surely leave room for the Sheriff's two)",
        _neutral_check)})
    deck: dict = int_table(DECK_DEFAULT, 0, ROBIN_MAX_EACH, min_total=1)
    deck_mode: str = choice("deck", {"deck": ROBIN_DECK, "die": ROBIN_DIE})
    steals_per_seven: int = integer(1, 0, 10)
    discard_on_seven: bool = flag(True)
    target_vp: dict = int_table({"robin": 15, "sheriff": 15}, 1, 50)
    enclosure: str = choice("hex", {"hex": ENCLOSURE_HEX, "all_edges": ENCLOSURE_ALL_EDGES, "off": ENCLOSURE_OFF})
    eviction_draw: str = choice("turn", {"turn": EVICTION_DRAW_TURN, "now": EVICTION_DRAW_NOW})
    sheriff_piece_sets: int = integer(2, 1, 4)


def check_robin_hood(scenario):
    """`victory_points` plays no part here (the targets are target_vp): a value other than
    its default is a mistake worth a clear error, not silence.  Nor is there anybody to
    trade with."""
    default = {f.name: f.default for f in fields(type(scenario.rules))}["victory_points"]
    if scenario.rules.victory_points != default:
        raise ScenarioError("victory_points", f"{scenario.rules.victory_points} is not used with [variants.robin_hood]",
                            f"{default} (the default); set variants.robin_hood.target_vp.sheriff instead")
    if scenario.rules.trade.domestic:
        raise ScenarioError("trade.domestic", "true: the Sheriff has nobody to trade with in [variants.robin_hood]",
                            "false")


ROBIN = register(Variant(
    name=ROBIN_HOOD,
    title="Robin Hood (the Sheriff against the automaton)",
    rules=RobinHood,
    players=(1,),
    check=check_robin_hood,
    compile_seconds=23,
    sweep={"variants.robin_hood.neutral_settlements": [3, 5, 7], "variants.robin_hood.deck.knight": [1, 2, 3]},
    # its settings are copied from params at setup so that the turn needs only `st`
    scalars=(
        ("robin", "1 = Robin Hood solo mode"),
        ("robin_camp", "Robin's camp: the desert hex"),
        ("robin_deck_n", "movement cards in robin_deck (the deck, or the die's faces)"),
        ("robin_deck_top", "next card of robin_deck to draw; robin_deck_n = all drawn, reshuffle first"),
        ("robin_die", "1 = a card is a die roll (drawn with replacement), 0 = drawn from the deck"),
        ("robin_target", "Robin wins on reaching this many VP"),
        ("sheriff_target", "the Sheriff wins on reaching this many VP"),
        ("robin_steals", "resources Robin steals on a 7 when a Sheriff building touches his hex"),
        ("robin_discard", "1 = the Sheriff discards half above 7 cards on a 7"),
        ("robin_enclosure", "ENCLOSURE_*: whether (and by which edges) enclosing Robin's hex ends the game"),
        ("robin_eviction_draw", "EVICTION_DRAW_*: 1 = Robin draws a movement card at once after an eviction"),
        ("robin_open_hex", "Robin's hex when the enclosure check last found it open (-1: not yet)"),
        ("robin_open_roads", "the Sheriff's roads left then (he has built none since while it is the same)"),
    ),
    arrays=(
        ("robin_deck", (ROBIN_DECK_MAX,), "Robin's movement cards (ROBIN_KNIGHT or a resource), first robin_deck_n used"),
        ("fence_dist", (N_CORNERS,), "policy scratch of policies.variants.robin_hood.sheriff: roads from each corner to a hex to fence"),
        ("fence_queue", (N_CORNERS,), "policy scratch of policies.variants.robin_hood.sheriff: search queue of fence_dist"),
    ),
    # game columns robin_<name>, kept during the game in st.robin_stats; -1 in games of other modes
    game_prefix="robin_",
    game_field="robin_stats",
    game_columns=(
        ("winner", "side that won: 0 draw, 1 Sheriff, 2 Robin"),
        ("ending", "1 Robin reached his target, 2 the Sheriff his, 3 enclosure, 4 max_turns"),
        ("vp", "Robin's VP at the end"),
        ("sheriff_vp", "the Sheriff's VP at the end (= seat0_vp)"),
        ("vp_sheriff", "Robin's VP scored for Sheriff buildings on his hex at a 7"),
        ("vp_neutral", "Robin's VP scored for neutral buildings on his hex at a 7"),
        ("sevens_sheriff", "7s on which a Sheriff building touched Robin's hex (steal and score)"),
        ("sevens_neutral", "7s on which only neutral buildings touched it (score only)"),
        ("relocations", "7s with no building at his hex: Robin put on the best-scoring hex"),
        ("stolen", "resources Robin stole from the Sheriff"),
        ("draws", "movement cards drawn, all causes"),
        ("extra_draws", "of those, drawn because the Sheriff played a knight"),
        ("moves", "resource cards that moved Robin to another hex"),
        ("stays", "resource cards that could not move him (no such hex next to him, or a road)"),
        ("road_blocks", "of the stays, those where only a Sheriff road was in the way"),
        ("camp_returns", "knight cards that sent him back to the camp from elsewhere"),
        ("evictions", "times the Sheriff evicted him after building on his hex"),
    ),
    # Robin and the neutral colour are no seats: these events' player is -1
    events=(
        ("neutral_settlement", ("corner", "edge", "number", "rerolls")),
        ("robin_draw", ("card", "cause", "-", "-")),
        ("robin_move", ("from_hex", "to_hex", "how", "-")),
        ("robin_score", ("hex", "vp_sheriff", "vp_neutral", "robin_vp")),
        ("robin_steal", ("res", "-", "-", "-")),
        ("robin_game_end", ("side", "ending", "robin_vp", "sheriff_vp")),
    ),
    # the Sheriff's choices (docs/rules.md, Robin Hood) beyond the base game's, with the columns counting them
    # (reports.options)
    options=(
        ("play a knight (Robin draws again)", ("robin_extra_draws",)),
        ("evict Robin", ("robin_evictions",)),
        ("block Robin's way with a road", ("robin_road_blocks",)),
        ("enclose Robin", (f"robin_ending={ENDING_ENCLOSURE}",), {"enclosure": ("hex", "all_edges")}),
    ),
    named_fields={"card": CARD_NAMES, "cause": CAUSE_NAMES, "how": MOVE_NAMES, "side": SIDE_NAMES,
                  "ending": ENDING_NAMES},
    weights=(
        ("robin_vp", "Sheriff: harm of each VP Robin would score at a hex on a 7"),
        ("robin_block", "Sheriff: harm of each own pip of production Robin would block at a hex"),
        ("robin_steal", "Sheriff: harm of Robin standing at a hex with own buildings (a steal on a 7)"),
        ("fence", "Sheriff: bonus per own road already around a hex when choosing where Robin goes"),
        ("enclose", "Sheriff: > 0 = build roads that fence in Robin's hex or camp (the enclosure ending)"),
        ("evict", "Sheriff: 1 = evict Robin after building on his hex when he harms less next door"),
        ("fence_lead", "Sheriff: with enclose > 0, build fence roads only with at least this VP lead over Robin"),
        # the strong kind's value of a position (policies.variants.robin_hood.bots.strong_value)
        ("v_robin_vp", "cost of each VP Robin has", 0.5),
        ("v_robin_harm", "cost of each VP Robin would score where he stands on a 7", 0.3),
        ("v_robin_fence", "1 / (1 + fence roads missing) around Robin's hex while the Sheriff leads him "
                          "(the enclosure ending)", 0.5),
    ),
))

P_ROBIN = ROBIN.on_slot
P_ROBIN_NEUTRAL = ROBIN.slot("neutral_settlements")
P_ROBIN_DECK = ROBIN.slot("deck")                  # one slot per card kind, CARD_NAMES order
P_ROBIN_DECK_MODE = ROBIN.slot("deck_mode")
P_ROBIN_STEALS = ROBIN.slot("steals_per_seven")
P_ROBIN_DISCARD = ROBIN.slot("discard_on_seven")
P_ROBIN_TARGET = ROBIN.slot("target_vp")           # Robin's target, then the Sheriff's
P_ROBIN_ENCLOSURE = ROBIN.slot("enclosure")
P_ROBIN_PIECE_SETS = ROBIN.slot("sheriff_piece_sets")
P_ROBIN_EVICTION_DRAW = ROBIN.slot("eviction_draw")

ROBIN_COLUMNS = [c for c, _ in ROBIN.game_columns]
N_ROBIN = len(ROBIN_COLUMNS)
ROBIN_BASE = ROBIN.game_base
(RB_WINNER, RB_ENDING, RB_VP, RB_SHERIFF_VP, RB_VP_SHERIFF, RB_VP_NEUTRAL, RB_SEVENS_SHERIFF,
 RB_SEVENS_NEUTRAL, RB_RELOCATIONS, RB_STOLEN, RB_DRAWS, RB_EXTRA_DRAWS, RB_MOVES, RB_STAYS,
 RB_ROAD_BLOCKS, RB_CAMP_RETURNS, RB_EVICTIONS) = (ROBIN.game(c) for c in ROBIN_COLUMNS)

(E_NEUTRAL_SETTLEMENT, E_ROBIN_DRAW, E_ROBIN_MOVE, E_ROBIN_SCORE, E_ROBIN_STEAL,
 E_ROBIN_END) = (ROBIN.event(n) for n, _ in ROBIN.events)
(W_ROBIN_VP, W_ROBIN_BLOCK, W_ROBIN_STEAL, W_FENCE, W_ENCLOSE, W_EVICT,
 W_FENCE_LEAD, V_ROBIN_VP, V_ROBIN_HARM, V_ROBIN_FENCE) = (ROBIN.weight(n) for n, *_ in ROBIN.weights)
