"""Fleisch / Autarkie (docs/rules.md, Fleisch / Autarkie, seed 001): the declaration.  `[variants.autarkie]`:

    substrate = "base"          # "base": meat is the only commodity; "ck" (with ruleset = "ck"): a 4th commodity
    points = [1, 2, 3]          # autarky points of a slave, a Knecht, the Geselle (increasing)
    max_points = 13             # the cap: points.geselle + small_chips * points.knecht
    small_chips = 5             # slave/Knecht chips per player (one Geselle besides)
    card_threshold = 5          # the Autarkie card goes to the first player with this many points
    card_vp = 2                 # the card's VP
    meat_supply = 12            # meat cards in the game
    slave_cost = { grain = 1, meat = 1 }     # buy a slave
    knecht_cost = { grain = 1, meat = 1 }    # turn a slave into a Knecht (placed)
    geselle_cost = { grain = 1, meat = 1 }   # turn a Knecht at a city into the Geselle
    relocation = "best"         # ck: a figure whose building the barbarians take moves to the best
                                # free place ("best") or is removed ("remove")
    meat_trades_as_commodity = true   # ck: meat is a commodity for trade (seed 001 "Fleisch ist die neue
                                # Handelsware"): the trading house's 2:1, the Trade Monopoly, the Commercial
                                # Harbor; false: meat trades as before (4:1, no commodity card names it)

A place is the pair (corner c, hex CORNER_HEXES[c, k]), numbered 3 * c + k (as a
Grundbesitz is): one Knecht per (building, hex), so at most 3 per hex.
The kernel is simcore/variants/autarkie/rules.py, its board queries simcore/variants/autarkie/board.py, the
bots' choices policies/variants/autarkie/builder.py, the report entry reports/variants/autarkie.py.
"""
from dataclasses import dataclass, field

from simcore.engine.cards import CardKind
from simcore.engine.errors import ScenarioError
from simcore.engine.fields import Param, choice, flag, int_table, integer
from simcore.engine.names import RESOURCE_NAMES
from simcore.engine.records import MAX_SEATS as MAX_PLAYERS
from simcore.engine.topology import N_CORNERS
from simcore.engine.variant import Variant, register

AUTARKIE = "autarkie"
SUBSTRATE_BASE, SUBSTRATE_CK = 0, 1
N_PLACES = 3 * N_CORNERS          # (corner, adjacent hex position)
MAX_KINDS = 13                    # widest hand: 5 resources + simcore.engine.cards.MAX_COMMODITIES
FIG_NONE, FIG_KNECHT, FIG_GESELLE = 0, 1, 2
STEP_SLAVE, STEP_KNECHT, STEP_GESELLE = 0, 1, 2
RELOCATE_BEST, RELOCATE_REMOVE = 0, 1
COST_NAMES = RESOURCE_NAMES + ("meat",)
COST_DEFAULT = {n: (1 if n in ("grain", "meat") else 0) for n in COST_NAMES}
POINT_NAMES = ("slave", "knecht", "geselle")


def _points_check(v):
    if len(v) != 3:
        return f"{len(v)} values, not 3"
    if any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 20 for x in v):
        return "not all integers from 0 to 20"
    if not v[0] < v[1] < v[2]:
        return f"{list(v)} is not increasing"
    return None


@dataclass(frozen=True)
class Autarkie:
    substrate: str = choice("base", {"base": SUBSTRATE_BASE, "ck": SUBSTRATE_CK})
    points: tuple = field(default=(1, 2, 3), metadata={"param": Param(
        list, "an array of 3 increasing integers from 0 to 20 (slave, Knecht, Geselle)", _points_check,
        encode=lambda v: [int(x) for x in v], width=3)})
    max_points: int = integer(13, 1, 200)
    small_chips: int = integer(5, 0, 20)
    card_threshold: int = integer(5, 1, 200)
    card_vp: int = integer(2, 0, 10)
    meat_supply: int = integer(12, 0, 100)
    slave_cost: dict = int_table(COST_DEFAULT, 0, 20)
    knecht_cost: dict = int_table(COST_DEFAULT, 0, 20)
    geselle_cost: dict = int_table(COST_DEFAULT, 0, 20)
    relocation: str = choice("best", {"best": RELOCATE_BEST, "remove": RELOCATE_REMOVE})
    meat_trades_as_commodity: bool = flag(True)


def chip_points(rules):
    """The most autarky points the chips allow: the Geselle and every chip a Knecht."""
    return rules.points[2] + rules.small_chips * rules.points[1]


def check_autarkie(scenario):
    """Cross-field rules (docs/rules.md, Fleisch / Autarkie): the cap is what the chips allow, the threshold is
    reachable, and the C&K substrate needs the C&K rule set."""
    rules = scenario.rules.variants[AUTARKIE]
    key = f"variants.{AUTARKIE}"
    ruleset = getattr(scenario.rules, "ruleset", "base")
    if rules.substrate == "ck" and ruleset != "ck":
        raise ScenarioError(f"{key}.substrate", 'needs ruleset = "ck"', '"base", or "ck" with ruleset = "ck"')
    if rules.substrate == "base" and ruleset == "ck":
        raise ScenarioError(f"{key}.substrate", '"base" while ruleset = "ck"', '"ck" with ruleset = "ck"')
    most = chip_points(rules)
    if rules.max_points != most:
        raise ScenarioError(f"{key}.max_points", f"{rules.max_points} is not what the chips allow",
                            f"{most} (points.geselle + small_chips * points.knecht)")
    if rules.card_threshold > rules.max_points:
        raise ScenarioError(f"{key}.card_threshold", f"{rules.card_threshold} is above max_points",
                            f"an integer from 1 to {rules.max_points} (max_points)")


AUT = register(Variant(
    name=AUTARKIE,
    title="Fleisch / Autarkie (meat, slaves, Knechte, the Geselle and the Autarkie card)",
    rules=Autarkie,
    needs=("ck",),                 # its board and builder read C&K's commodities
    check=check_autarkie,
    compile_seconds=20,
    card_kinds=(CardKind("meat", supply="meat_supply", rate=4),),   # trades 4:1, 3:1 at a generic harbour
    sweep={"variants.autarkie.card_threshold": [3, 5, 7, 9], "variants.autarkie.card_vp": [1, 2]},
    choices=1 + 2 * N_PLACES,     # the random bot's options: a slave, a Knecht or a Geselle at each place
    scalars=(
        ("aut_holder", "holder of the Autarkie card, -1 = none"),
        ("aut_meat", "card kind of meat in this game's hands"),
    ),
    arrays=(
        ("aut_fig", (N_PLACES,), "figure at place g: FIG_NONE, FIG_KNECHT, FIG_GESELLE (owner: the corner's)"),
        ("aut_slaves", (MAX_PLAYERS,), "slaves lying before each player"),
        ("aut_knechte", (MAX_PLAYERS,), "Knechte each player has placed"),
        ("aut_geselle", (MAX_PLAYERS,), "1 = the player has its Geselle"),
        ("aut_geselle_at", (MAX_PLAYERS,), "place of each player's Geselle, -1 = none"),
        ("aut_points", (MAX_PLAYERS,), "autarky points (capped at max_points)"),
        ("aut_costs", (3, MAX_KINDS), "cost of each step (STEP_*) per card kind of the hand"),
        ("aut_due", (MAX_PLAYERS, MAX_KINDS), "scratch: figure yields the roll owes each player (hook owe)"),
    ),
    seat_columns=(
        ("aut_points", "autarky points at the end"),
        ("aut_slaves", "slaves bought"),
        ("aut_knechte", "slaves turned into Knechte"),
        ("aut_geselle", "Knechte turned into the Geselle"),
        ("aut_meat_produced", "meat from the dice (cities on fields)"),
        ("aut_meat_spent", "meat paid for figures"),
        ("aut_meat_bought", "meat bought from the bank (maritime trades)"),
        ("gain_knecht", "resources from Knechte"),
        ("gain_geselle", "commodities from the Geselle"),
        ("spend_autarkie", "cards paid for figures"),
        ("aut_card_turns", "player-turns ended holding the Autarkie card"),
        ("aut_card_taken", "times this seat took the Autarkie card"),
        ("vp_autarkie", "VP from the Autarkie card at the end"),
        ("aut_card_end", "1 = this seat holds the Autarkie card at the end"),
        ("aut_geselle_moved", "ck: times a pillage or the city's loss moved the Geselle to another city"),
        ("aut_geselle_removed", "ck: times a pillage or the city's loss removed the Geselle"),
        ("aut_knecht_moved", "ck: Knechte moved to another building when their city was lost"),
        ("aut_knecht_removed", "ck: Knechte removed when their city was lost"),
        ("aut_sabotaged", "ck: times a Saboteur's damage turned the Geselle into a Knecht"),
    ),
    game_columns=(
        ("holder", "seat holding the Autarkie card at the end, -1 = none"),
        ("changes", "times the card changed hands after its first award"),
        ("first_turn", "turn of the first award, -1 = never"),
    ),
    game_prefix="aut_",
    game_field="aut_game",
    events=(
        ("aut_slave", ("slaves", "points", "-", "-")),
        ("aut_knecht", ("place", "corner", "hex", "points")),
        ("aut_geselle", ("place", "corner", "hex", "points")),
        ("aut_yield", ("res", "amount", "hex", "figure")),
        ("aut_card", ("from_player", "points", "-", "-")),
        ("aut_relocate", ("place", "to_place", "figure", "points")),   # ck pillage: to_place -1 = removed
        ("aut_sabotage", ("place", "damaged", "points", "-")),         # ck: the Geselle at a damaged/repaired city
    ),
    named_fields={"figure": ("none", "knecht", "geselle")},
    # every choice Autarkie gives a player (docs/rules.md, Fleisch / Autarkie), and what its rules do to the
    # figures, with the columns
    # counting them (reports.options)
    options=(
        ("buy a slave", ("aut_slaves",)), ("place a Knecht", ("aut_knechte",)),
        ("make the Geselle", ("aut_geselle",)), ("buy meat from the bank", ("aut_meat_bought",)),
        ("take the Autarkie card", ("aut_card_taken",)),
        ("Geselle moved after a pillage", ("aut_geselle_moved",), {"substrate": "ck", "relocation": "best"}),
        ("Geselle removed", ("aut_geselle_removed",), {"substrate": "ck"}),
        ("Knecht moved after a city's loss", ("aut_knecht_moved",), {"substrate": "ck", "relocation": "best"}),
        ("Knecht removed after a city's loss", ("aut_knecht_removed",), {"substrate": "ck", "relocation": "remove"}),
        ("Geselle at a sabotaged city", ("aut_sabotaged",), {"substrate": "ck"}),
    ),
    actions=("aut_slave", "aut_knecht", "aut_geselle"),
    weights=(
        ("aut_card", "value of the Autarkie card's VP in the race for it (0 = ignore the card)", 1.0),
        ("aut_income", "value of a figure's expected extra income", 1.0),
        ("aut_trade", "1 = trade with the bank towards a figure worth buying", 0.0),
        ("aut_trade_rate", "aut_trade trades only at a maritime rate up to this for the card given (4 = any; "
                           "2 = a 2:1 harbour, C&K's trading house or Merchant Fleet)", 4.0),
        ("aut_geselle", "value of the Geselle's card (meat; C&K paper, cloth, coin) beyond the card it replaces, "
                        "per pip; draws Knechte to cities where it could stand", 0.0),
        # the strong kind's value of a position (policies.variants.autarkie.bots.strong_value)
        ("v_aut_points", "value of an autarky point (towards the Autarkie card)", 0.3),
        ("v_aut_figures", "value of a figure: a slave, a Knecht, the Geselle (twice)", 0.3),
    ),
))

P_AUT_ON = AUT.on_slot
P_AUT_SUBSTRATE = AUT.slot("substrate")
P_AUT_POINTS = AUT.slot("points")
P_AUT_MAX = AUT.slot("max_points")
P_AUT_CHIPS = AUT.slot("small_chips")
P_AUT_THRESHOLD = AUT.slot("card_threshold")
P_AUT_CARD_VP = AUT.slot("card_vp")
P_AUT_COST = (AUT.slot("slave_cost"), AUT.slot("knecht_cost"), AUT.slot("geselle_cost"))
P_AUT_SLAVE_COST, P_AUT_KNECHT_COST, P_AUT_GESELLE_COST = P_AUT_COST
P_AUT_RELOCATION = AUT.slot("relocation")
P_AUT_MEAT_TRADES = AUT.slot("meat_trades_as_commodity")

(S_AUT_POINTS, S_AUT_SLAVES, S_AUT_KNECHTE, S_AUT_GESELLE, S_AUT_MEAT_PRODUCED, S_AUT_MEAT_SPENT,
 S_AUT_MEAT_BOUGHT, S_GAIN_KNECHT, S_GAIN_GESELLE, S_SPEND_AUTARKIE, S_AUT_CARD_TURNS, S_AUT_CARD_TAKEN, S_VP_AUTARKIE, S_AUT_CARD_END,
 S_AUT_GESELLE_MOVED, S_AUT_GESELLE_REMOVED, S_AUT_KNECHT_MOVED, S_AUT_KNECHT_REMOVED, S_AUT_SABOTAGED) = (
    AUT.seat(c) for c, _ in AUT.seat_columns)
G_AUT_HOLDER, G_AUT_CHANGES, G_AUT_FIRST_TURN = (AUT.game(c) for c, _ in AUT.game_columns)
E_AUT_SLAVE, E_AUT_KNECHT, E_AUT_GESELLE, E_AUT_YIELD, E_AUT_CARD, E_AUT_RELOCATE, E_AUT_SABOTAGE = (
    AUT.event(n) for n, _ in AUT.events)
A_AUT_SLAVE, A_AUT_KNECHT, A_AUT_GESELLE = (AUT.action(n) for n in AUT.actions)
(W_AUT_CARD, W_AUT_INCOME, W_AUT_TRADE, W_AUT_TRADE_RATE, W_AUT_GESELLE, V_AUT_POINTS,
 V_AUT_FIGURES) = (AUT.weight(n) for n, *_ in AUT.weights)
