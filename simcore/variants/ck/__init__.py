"""Cities & Knights (docs/rules.md, Cities & Knights): the declaration of the rule set `ruleset = "ck"`.
Its parameters are the top-level `[ck]` table (`ck.victory_points`, ...), its state
fields, record columns, log events, actions and policy weights are below; the kernel
is simcore/variants/ck/rules.py (its hooks) with the other modules of this folder (cities,
knights, barbarians, progress cards), its bots policies/variants/ck/.

Encodings (every array is readable by other variants, e.g. Autarkie, §2):
  track t:     0 science (paper, green), 1 trade (cloth, yellow), 2 politics (coin, blue)
  commodity:   of track t: COMMODITY_NAMES[t], side by side in a hand (board.commodity(st, t))
  knight at corner c: ck_knight[c] = 0 none, 1 basic, 2 strong, 3 mighty; its owner is the
               base field corner_guard[c]; ck_knight_active[c] 0/1
  progress card: an index into PROGRESS_CARDS, colour PROGRESS_COLOUR[card]
  event die face: 0..2 ship, 3 + t the gate of track t
"""
from dataclasses import dataclass

from simcore.engine.cards import CardKind
from simcore.engine.fields import choice, flag, int_list, int_table, integer
from simcore.engine.records import MAX_SEATS as MAX_PLAYERS
from simcore.engine.topology import N_CORNERS
from simcore.engine.variant import Variant, register

CK = "ck"
TRACKS = ("science", "trade", "politics")
COLOURS = ("green", "yellow", "blue")
COMMODITY_NAMES = ("paper", "cloth", "coin")
N_TRACKS = 3
MAX_LEVEL = 5
METRO_LEVEL = 4
ABILITY_LEVEL = 3                 # aqueduct, trading house, fortress
MAX_WALLS = 3
WALL_HAND = 2                     # hand limit per city wall
HAND_LIMIT = 7
KNIGHTS_PER_LEVEL = 2
KNIGHT_LEVELS = 3

# progress cards: (name, colour, count in the default deck), docs/rules.md, Cities & Knights
PROGRESS = (
    ("alchemist", 0, 2), ("inventor", 0, 2), ("crane", 0, 2), ("engineer", 0, 1), ("irrigation", 0, 2),
    ("medicine", 0, 2), ("mining", 0, 2), ("printer", 0, 1), ("road_building", 0, 2), ("smith", 0, 2),
    ("commercial_harbor", 1, 2), ("master_merchant", 1, 2), ("merchant", 1, 6), ("merchant_fleet", 1, 2),
    ("resource_monopoly", 1, 4), ("trade_monopoly", 1, 2),
    ("bishop", 2, 2), ("constitution", 2, 1), ("deserter", 2, 2), ("diplomat", 2, 2), ("intrigue", 2, 2),
    ("saboteur", 2, 2), ("spy", 2, 3), ("warlord", 2, 2), ("wedding", 2, 2),
)
PROGRESS_CARDS = tuple(n for n, _, _ in PROGRESS)
PROGRESS_COLOUR = tuple(c for _, c, _ in PROGRESS)
assert list(PROGRESS_COLOUR) == sorted(PROGRESS_COLOUR), "PROGRESS: a colour's cards stand together"
# the cards of colour t: COLOUR_FIRST[t] .. COLOUR_FIRST[t + 1] - 1
COLOUR_FIRST = tuple(PROGRESS_COLOUR.index(t) for t in range(N_TRACKS)) + (len(PROGRESS),)
N_PROGRESS = len(PROGRESS)
VP_CARDS = ("printer", "constitution")            # shown at once, 1 VP each
PROGRESS_HAND = 4                                  # non-VP progress cards a player may hold
MAX_EACH = 20                                      # copies of one card in a deck
DECK_ROOM = 10 * MAX_EACH                          # a colour has at most 10 card names
(CARD_ALCHEMIST, CARD_INVENTOR, CARD_CRANE, CARD_ENGINEER, CARD_IRRIGATION, CARD_MEDICINE, CARD_MINING, CARD_PRINTER,
 CARD_ROAD_BUILDING, CARD_SMITH, CARD_COMMERCIAL_HARBOR, CARD_MASTER_MERCHANT, CARD_MERCHANT, CARD_MERCHANT_FLEET,
 CARD_RESOURCE_MONOPOLY, CARD_TRADE_MONOPOLY, CARD_BISHOP, CARD_CONSTITUTION, CARD_DESERTER, CARD_DIPLOMAT,
 CARD_INTRIGUE, CARD_SABOTEUR, CARD_SPY, CARD_WARLORD, CARD_WEDDING) = range(N_PROGRESS)

SABOTEUR_DAMAGE, SABOTEUR_DISCARD = 0, 1
# the official readings as parameters (docs/ck-readings.md): packed values of each choice
DEFENDER_NONE, DEFENDER_VP = 0, 1                 # defender_after_cards
FIFTH_REFUSE, FIFTH_DISCARD = 0, 1                # fifth_progress_card
LEVEL5_BLOCKED, LEVEL5_ALLOWED = 0, 1             # level_5_after_holder
METRO_CITY_WHEN_TAKING, METRO_CITY_ALWAYS = 0, 1  # metropolis_city
HARBOR_ALL, HARBOR_CHOOSE = 0, 1                  # commercial_harbor
# barbarian attack outcomes (ck_attack event, game columns)
OUTCOME_PILLAGE, OUTCOME_DEFENDER, OUTCOME_TIE, OUTCOME_NOBODY = range(4)
OUTCOME_NAMES = ("pillage", "defender", "tie", "no_defender")
# why a progress card was drawn
DRAW_GATE, DRAW_TIE = 0, 1
# the progress cards' seat columns (simcore.variants.ck.progress), after the rule set's others
PROGRESS_SEAT_COLUMNS = (
    ("gain_progress", "cards taken with progress cards (Irrigation, Mining, monopolies, Master Merchant, Wedding, "
                      "Commercial Harbor)"),
    ("spend_progress", "cards given to opponents' progress cards (monopolies, Master Merchant, Wedding, "
                       "Commercial Harbor)"),
) + tuple(("ck_played_" + n, "progress cards played: " + n) for n in PROGRESS_CARDS if n not in VP_CARDS)


@dataclass(frozen=True)
class CitiesKnights:
    victory_points: int = integer(13, 5, 30)
    barbarian_steps: int = integer(7, 1, 30)
    commodity_supply: int = integer(12, 0, 99)
    defender_cards: int = integer(6, 0, 30)
    progress_deck: dict = int_table({n: k for n, _, k in PROGRESS}, 0, MAX_EACH)
    repair_cost: tuple = int_list((1, 1, 0, 0, 0), ("lumber", "brick", "wool", "grain", "ore"), 0, 20)
    saboteur: str = choice("damage", {"damage": SABOTEUR_DAMAGE, "discard": SABOTEUR_DISCARD})
    wall_cost: tuple = int_list((0, 2, 0, 0, 0), ("lumber", "brick", "wool", "grain", "ore"), 0, 20)
    max_walls: int = integer(MAX_WALLS, 0, 4)
    # docs/ck-readings.md: each reading, the rule text, which is official, why this default
    defender_after_cards: str = choice("vp", {"none": DEFENDER_NONE, "vp": DEFENDER_VP})
    fifth_progress_card: str = choice("discard", {"refuse": FIFTH_REFUSE, "discard": FIFTH_DISCARD})
    level_5_after_holder: str = choice("allowed", {"blocked": LEVEL5_BLOCKED, "allowed": LEVEL5_ALLOWED})
    metropolis_city: str = choice("always", {"when_taking": METRO_CITY_WHEN_TAKING, "always": METRO_CITY_ALWAYS})
    commercial_harbor: str = choice("choose", {"all": HARBOR_ALL, "choose": HARBOR_CHOOSE})
    bishop_before_attack: bool = flag(False)
    metropolis_strength: int = integer(1, 1, 2)


CK_VARIANT = register(Variant(
    name=CK,
    title="Cities & Knights",
    rules=CitiesKnights,
    ruleset=True,
    players=(3, 4),
    compile_seconds=40,
    card_kinds=tuple(CardKind(n, supply="commodity_supply", rate=4) for n in COMMODITY_NAMES),
    choices=6 * N_CORNERS + 4 * N_CORNERS + N_PROGRESS + 16,   # knight moves, builds, walls, cards (randombot)
    guards=True,                      # knights: corner_guard[c] = owner (they break roads, docs/rules.md, Cities & Knights)
    sweep={"ck.barbarian_steps": [5, 7, 9], "ck.victory_points": [10, 13, 16]},
    scalars=(
        ("ck_barbarians", "steps the barbarian ship has come (0..barbarian_steps - 1)"),
        ("ck_attacks", "barbarian attacks so far (the robber sleeps until the first)"),
        ("ck_red", "red number die of the last roll"),
        ("ck_yellow", "yellow number die of the last roll"),
        ("ck_event", "event die face of the last roll: 0..2 ship, 3 + t gate of track t"),
        ("ck_fixed_red", "red die the next roll shows (Alchemist), 0 = rolled"),
        ("ck_fixed_yellow", "yellow die the next roll shows (Alchemist), 0 = rolled"),
        ("ck_defenders_left", "Defender of Catan cards left"),
        ("ck_merchant_hex", "hex of the merchant, -1 = not on the board"),
        ("ck_merchant_owner", "player holding the merchant, -1 = nobody"),
        ("ck_fleet_kind", "card kind the Merchant Fleet trades 2:1 this turn, -1 = none"),
        ("ck_fleet_owner", "player whose Merchant Fleet is out this turn, -1 = nobody"),
        ("ck_pick", "scratch of ck_progress: an earlier choice of the card being played"),
        ("ck_trade_extra", "a card kind besides paper, cloth and coin that trades as a commodity (trading house, "
                           "Trade Monopoly, Commercial Harbor), set by a variant on the C&K substrate "
                           "(Autarkie's meat, docs/rules.md, Fleisch / Autarkie); -1 = none"),
    ),
    arrays=(
        ("ck_level", (MAX_PLAYERS, N_TRACKS), "city improvement level per track (0..5)"),
        ("ck_metro", (N_TRACKS,), "holder of each track's metropolis, -1 = none"),
        ("ck_metro_corner", (N_TRACKS,), "corner of each track's metropolis, -1 = none"),
        ("ck_knight", (N_CORNERS,), "knight level at the corner: 0 none, 1 basic, 2 strong, 3 mighty"),
        ("ck_knight_active", (N_CORNERS,), "1 = the knight there is active"),
        ("ck_knight_since", (N_CORNERS,), "turn in which the knight was activated or promoted (it acts later)"),
        ("ck_knights", (MAX_PLAYERS, KNIGHT_LEVELS), "knights of each level (index level - 1) on the board"),
        ("ck_power", (MAX_PLAYERS,), "active knights' levels summed (the defence; kept by simcore.variants.ck.knights)"),
        ("ck_wall", (N_CORNERS,), "1 = a city wall under the city there"),
        ("ck_walls", (MAX_PLAYERS,), "city walls on the board"),
        ("ck_damaged", (N_CORNERS,), "1 = the city there is damaged (Saboteur, docs/rules.md, Fleisch / Autarkie)"),
        ("ck_damaged_n", (MAX_PLAYERS,), "damaged cities of each player (kept by simcore.variants.ck.cities)"),
        ("ck_defender", (MAX_PLAYERS,), "Defender of Catan cards held (1 VP each)"),
        ("ck_deck", (N_TRACKS, DECK_ROOM), "each colour's progress deck, a ring drawn from ck_deck_top"),
        ("ck_deck_top", (N_TRACKS,), "index of the top card of each deck"),
        ("ck_deck_n", (N_TRACKS,), "cards in each deck"),
        ("ck_progress", (MAX_PLAYERS, N_PROGRESS), "progress cards held, per card"),
        ("ck_progress_vp", (MAX_PLAYERS,), "Printer and Constitution cards shown (1 VP each)"),
        ("ck_promoted", (N_CORNERS,), "turn in which the knight there was last promoted (once per turn)"),
        ("ck_hand_before", (MAX_PLAYERS,), "scratch: hand size before the roll's production (aqueduct)"),
        ("ck_comm_before", (MAX_PLAYERS,), "scratch: commodities held before the roll's production"),
        ("ck_reach", (N_CORNERS,), "scratch of ck_board.reach: 1 = the corner is reached along the roads"),
        ("ck_queue", (N_CORNERS,), "scratch of ck_board.reach: corners to visit"),
    ),
    game_prefix="ck_",
    game_field="ck_game",
    game_columns=(
        ("attacks", "barbarian attacks"),
        ("attacks_won", "attacks Catan repelled"),
        ("attacks_lost", "attacks the barbarians won (cities pillaged)"),
        ("cities_pillaged", "cities turned back into settlements (or lost) by the barbarians"),
    ),
    seat_columns=(
        ("gain_commodities", "commodities from production"),
        ("spend_improvements", "commodities paid for city improvements"),
        ("spend_knights", "resources paid for knights: building, promoting, activating"),
        ("spend_walls", "resources paid for city walls"),
        ("spend_repairs", "resources paid for repairs of damaged cities"),
        ("gain_aqueduct", "resources taken with the aqueduct"),
        ("ck_level_science", "science improvement level at the end"),
        ("ck_level_trade", "trade improvement level at the end"),
        ("ck_level_politics", "politics improvement level at the end"),
        ("ck_metropolises", "metropolises held at the end"),
        ("ck_knights_built", "knights built"),
        ("ck_knights_promoted", "knight promotions"),
        ("ck_knights_activated", "knight activations"),
        ("ck_knight_actions", "knight moves, displacements and robber chases"),
        ("ck_knights_displaced", "own knights displaced by an opponent"),
        ("ck_knight_moves", "of ck_knight_actions: moves to a free corner"),
        ("ck_knight_displacing", "of ck_knight_actions: moves displacing an opponent's weaker knight"),
        ("ck_knight_chases", "of ck_knight_actions: robber chases"),
        ("ck_strength_at_attacks", "active knight strength summed over the barbarian attacks"),
        ("ck_attacks_defended", "attacks this seat was the single strongest defender in"),
        ("ck_cities_pillaged", "own cities pillaged by the barbarians"),
        ("ck_defender_cards", "Defender of Catan cards"),
        ("ck_progress_drawn", "progress cards drawn"),
        ("ck_progress_played", "progress cards played"),
        ("ck_walls", "city walls built"),
        ("ck_sabotaged", "own cities damaged by a saboteur"),
        ("ck_repairs", "damaged cities repaired"),
        ("ck_merchant_turns", "turns this seat started holding the merchant"),
        ("vp_metropolis", "VP from metropolises at the end"),
        ("vp_defender", "VP from Defender of Catan cards at the end"),
        ("vp_progress", "VP from Printer and Constitution at the end"),
        ("vp_merchant", "VP from the merchant at the end"),
    ) + PROGRESS_SEAT_COLUMNS,
    events=(
        ("ck_setup_city", ("corner", "-", "-", "-")),
        ("ck_roll", ("red", "yellow", "event", "total")),
        ("ck_barbarians", ("step", "of", "-", "-")),
        ("ck_attack", ("barbarians", "knights", "outcome", "attack")),
        ("ck_pillage", ("corner", "lost", "wall", "-")),
        ("ck_defender", ("left", "-", "-", "-")),
        ("ck_draw", ("progress", "colour", "why", "-")),
        ("ck_improve", ("track", "level", "-", "-")),
        ("ck_metropolis", ("track", "corner", "from_player", "-")),
        ("ck_wall", ("corner", "-", "-", "-")),
        ("ck_knight_build", ("corner", "-", "-", "-")),
        ("ck_knight_activate", ("corner", "-", "-", "-")),
        ("ck_knight_promote", ("corner", "level", "-", "-")),
        ("ck_knight_move", ("from_corner", "to_corner", "displaced_owner", "retreat_corner")),
        ("ck_knight_chase", ("corner", "from_hex", "to_hex", "-")),
        ("ck_aqueduct", ("res", "-", "-", "-")),
        ("ck_repair", ("corner", "-", "-", "-")),
        ("ck_play_progress", ("progress", "-", "-", "-")),
        ("ck_card_gain", ("progress", "res", "amount", "from_player")),
        ("ck_card_target", ("progress", "target", "second", "other_player")),   # the opponent concerned, -1 none
        ("ck_inventor", ("hex_a", "hex_b", "number_a", "number_b")),
        ("ck_merchant", ("hex", "from_player", "-", "-")),
        ("ck_sabotage", ("corner", "victim", "-", "-")),
        ("ck_discard_progress", ("progress", "-", "-", "-")),   # a 5th card drawn: one discarded
    ),
    # every choice Cities & Knights gives a player (docs/rules.md, Cities & Knights), with the columns counting
    # its use (reports.options)
    options=(
        ("improve science", ("ck_level_science",)), ("improve trade", ("ck_level_trade",)),
        ("improve politics", ("ck_level_politics",)), ("take a metropolis", ("ck_metropolises",)),
        ("aqueduct", ("gain_aqueduct",)), ("city wall", ("ck_walls",)),
        ("repair a city", ("ck_repairs",), {"saboteur": "damage"}),
        ("build a knight", ("ck_knights_built",)), ("activate a knight", ("ck_knights_activated",)),
        ("promote a knight", ("ck_knights_promoted",)), ("move a knight", ("ck_knight_moves",)),
        ("displace a knight", ("ck_knight_displacing",)), ("chase the robber", ("ck_knight_chases",)),
        ("defend Catan alone (Defender card)", ("ck_defender_cards",)),
        ("hold the merchant", ("ck_merchant_turns",)),
    ) + tuple((n.replace("_", " "), ("ck_played_" + n,)) for n in PROGRESS_CARDS if n not in VP_CARDS),
    named_fields={"track": TRACKS, "outcome": OUTCOME_NAMES, "progress": PROGRESS_CARDS, "colour": COLOURS,
                  "why": ("gate", "tie")},
    actions=("ck_improve", "ck_wall", "ck_repair", "ck_knight_build", "ck_knight_activate", "ck_knight_promote",
             "ck_knight_move", "ck_knight_chase", "ck_play_progress"),
    weights=(
        ("ck_knights", "knights: build and activate in proportion to the barbarian threat", 1.0),
        ("ck_improve", "priority of city improvements (commodities spent toward metropolises)", 1.0),
        ("ck_science", "preference for the science track", 1.0),
        ("ck_trade", "preference for the trade track", 1.0),
        ("ck_politics", "preference for the politics track", 1.0),
        ("ck_commodity", "value of a commodity pip when placing (forest, pasture, mountains under a city)", 1.0),
        ("ck_wall", "priority of city walls", 0.5),
        ("ck_progress", "1 = play progress cards when they pay", 1.0),
        ("ck_chase", "1 = chase the robber off own hexes with a knight", 1.0),
        ("ck_card_min", "cards a harvest, monopoly or fleet progress card must bring before it is played", 2.0),
        ("ck_plan", "barbarian planning: steps earlier than ck_knights' threshold to raise and activate knights, "
                    "trading for them, and knights placed next to own hexes (0 = neither)", 1.5),
        ("ck_displace", "1 = displace a weaker knight of an opponent with at least its VP while the ship is far", 1.0),
        # the strong kind's value of a position (policies.variants.ck.bots.strong_value)
        ("v_ck_level", "value of a city improvement level", 0.5),
        ("v_ck_power", "value of a level of active knights (the defence against the barbarians)", 0.3),
        ("v_ck_knights", "value of a level of knights on the board, active or not", 0.3),
        ("v_ck_wall", "value of a city wall", 0.3),
        ("v_ck_progress", "value of a progress card held", 0.3),
        ("v_ck_commodity", "value of a commodity card in hand", 0.15),
    ),
))

# the layouts allocated to it, under the names the kernel and the policies use
P_CK_ON = CK_VARIANT.on_slot
P_CK_VP = CK_VARIANT.slot("victory_points")
P_CK_STEPS = CK_VARIANT.slot("barbarian_steps")
P_CK_DEFENDERS = CK_VARIANT.slot("defender_cards")
P_CK_DECK = CK_VARIANT.slot("progress_deck")          # N_PROGRESS slots, in PROGRESS order
P_CK_REPAIR = CK_VARIANT.slot("repair_cost")          # 5 slots
P_CK_SABOTEUR = CK_VARIANT.slot("saboteur")
P_CK_WALL_COST = CK_VARIANT.slot("wall_cost")
P_CK_MAX_WALLS = CK_VARIANT.slot("max_walls")
P_CK_DEFENDER_AFTER = CK_VARIANT.slot("defender_after_cards")
P_CK_FIFTH_CARD = CK_VARIANT.slot("fifth_progress_card")
P_CK_LEVEL5 = CK_VARIANT.slot("level_5_after_holder")
P_CK_METRO_CITY = CK_VARIANT.slot("metropolis_city")
P_CK_HARBOR = CK_VARIANT.slot("commercial_harbor")
P_CK_BISHOP_EARLY = CK_VARIANT.slot("bishop_before_attack")
P_CK_METRO_STRENGTH = CK_VARIANT.slot("metropolis_strength")

(S_CK_GAIN_COMMODITIES, S_CK_SPEND_IMPROVEMENTS, S_CK_SPEND_KNIGHTS, S_CK_SPEND_WALLS, S_CK_SPEND_REPAIRS,
 S_CK_GAIN_AQUEDUCT, S_CK_LEVEL_SCIENCE, S_CK_LEVEL_TRADE, S_CK_LEVEL_POLITICS,
 S_CK_METROPOLISES, S_CK_KNIGHTS_BUILT, S_CK_KNIGHTS_PROMOTED, S_CK_KNIGHTS_ACTIVATED, S_CK_KNIGHT_ACTIONS,
 S_CK_KNIGHTS_DISPLACED, S_CK_KNIGHT_MOVES, S_CK_KNIGHT_DISPLACING, S_CK_KNIGHT_CHASES, S_CK_STRENGTH,
 S_CK_DEFENDED, S_CK_PILLAGED, S_CK_DEFENDER_CARDS, S_CK_PROGRESS_DRAWN,
 S_CK_PROGRESS_PLAYED, S_CK_WALLS, S_CK_SABOTAGED, S_CK_REPAIRS, S_CK_MERCHANT_TURNS,
 S_CK_VP_METROPOLIS, S_CK_VP_DEFENDER, S_CK_VP_PROGRESS, S_CK_VP_MERCHANT) = (
    CK_VARIANT.seat(c) for c, _ in CK_VARIANT.seat_columns if (c, _) not in PROGRESS_SEAT_COLUMNS)
S_CK_GAIN_PROGRESS, S_CK_SPEND_PROGRESS = CK_VARIANT.seat("gain_progress"), CK_VARIANT.seat("spend_progress")
# per card: S_CK_PLAYED[card] (-1 for the VP cards, never played)
S_CK_PLAYED = tuple(CK_VARIANT.seat("ck_played_" + n) if n not in VP_CARDS else -1 for n in PROGRESS_CARDS)
G_CK_ATTACKS, G_CK_WON, G_CK_LOST, G_CK_PILLAGED = range(4)

(E_CK_SETUP_CITY, E_CK_ROLL, E_CK_BARBARIANS, E_CK_ATTACK, E_CK_PILLAGE, E_CK_DEFENDER, E_CK_DRAW, E_CK_IMPROVE,
 E_CK_METROPOLIS, E_CK_WALL, E_CK_KNIGHT_BUILD, E_CK_KNIGHT_ACTIVATE, E_CK_KNIGHT_PROMOTE, E_CK_KNIGHT_MOVE,
 E_CK_KNIGHT_CHASE, E_CK_AQUEDUCT, E_CK_REPAIR, E_CK_PLAY_PROGRESS, E_CK_CARD_GAIN, E_CK_CARD_TARGET, E_CK_INVENTOR,
 E_CK_MERCHANT, E_CK_SABOTAGE, E_CK_DISCARD_PROGRESS) = (CK_VARIANT.event(n) for n, _ in CK_VARIANT.events)

(A_CK_IMPROVE, A_CK_WALL, A_CK_REPAIR, A_CK_KNIGHT_BUILD, A_CK_KNIGHT_ACTIVATE, A_CK_KNIGHT_PROMOTE, A_CK_KNIGHT_MOVE,
 A_CK_KNIGHT_CHASE, A_CK_PLAY_PROGRESS) = (CK_VARIANT.action(n) for n in CK_VARIANT.actions)

(W_CK_KNIGHTS, W_CK_IMPROVE, W_CK_SCIENCE, W_CK_TRADE, W_CK_POLITICS, W_CK_COMMODITY, W_CK_WALL, W_CK_PROGRESS,
 W_CK_CHASE, W_CK_CARD_MIN, W_CK_PLAN, W_CK_DISPLACE, V_CK_LEVEL, V_CK_POWER, V_CK_KNIGHTS, V_CK_WALL, V_CK_PROGRESS,
 V_CK_COMMODITY) = (CK_VARIANT.weight(n) for n, *_ in CK_VARIANT.weights)
W_CK_TRACK0 = W_CK_SCIENCE   # W_CK_TRACK0 + t: preference for track t
