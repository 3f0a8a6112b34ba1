"""Grundbesitz (docs/rules.md, Grundbesitz): the declaration.  `[variants.grundbesitz]` parameters with
their defaults, state fields, record columns, log events, actions and policy weights;
the kernel is simcore/variants/grundbesitz/rules.py (its hooks), the policies policies/variants/grundbesitz/builder.py,
the report entry reports/variants/grundbesitz.py.

A Grundbesitz (GB) is the pair (corner c, hex CORNER_HEXES[c, k]), numbered g = 3 * c + k.
"""
from dataclasses import dataclass

from simcore.engine.fields import choice, flag, int_list, integer, number_set
from simcore.engine.records import MAX_SEATS as MAX_PLAYERS
from simcore.engine.topology import N_CORNERS, N_HEXES
from simcore.engine.variant import Variant, register

GRUNDBESITZ = "grundbesitz"
PRODUCING_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
N_GB = 3 * N_CORNERS   # one per (corner, adjacent hex position)
# cancelled_robber_block: who moves the robber when a robber block is cancelled and the
# defender does not take the robber itself
ROBBER_BY_ACTOR, ROBBER_BY_DEFENDER, ROBBER_BY_NOBODY = 0, 1, 2


@dataclass(frozen=True)
class Grundbesitz:
    cost: tuple = int_list((1, 1, 1, 1, 1), ("lumber", "brick", "wool", "grain", "ore"), 0, 20)
    allowed_numbers: tuple = number_set(PRODUCING_NUMBERS, PRODUCING_NUMBERS)
    yield_delay_rounds: int = integer(1, 0, 20)
    markers_per_block: int = integer(2, 0, 20)
    markers_per_knight_block: int = integer(3, 0, 20)
    response_block_needs_knight: bool = flag(False)
    removals_per_round: int = integer(1, 0, 20)
    majority_free_removal: bool = flag(True)
    knights_count_for_army: bool = flag(True)
    defence: bool = flag(True)
    max_counter_depth: int = integer(1, 1, 5)
    max_per_player: int = integer(0, 0, 162)
    defence_steal_knights: int = integer(1, 1, 2)
    response_defence: bool = flag(True)
    cancelled_robber_block: str = choice("actor", {"actor": ROBBER_BY_ACTOR, "defender": ROBBER_BY_DEFENDER,
                                                   "nobody": ROBBER_BY_NOBODY})
    counter_moves_robber: bool = flag(False)


GB = register(Variant(
    name=GRUNDBESITZ,
    title="Grundbesitz (land ownership and blockade markers)",
    rules=Grundbesitz,
    compile_seconds=24,
    sweep={"variants.grundbesitz.allowed_numbers": [list(PRODUCING_NUMBERS), [2, 3, 11, 12], [4, 5, 6, 8, 9, 10],
                                                    [5, 6, 8, 9]],
           "variants.grundbesitz.markers_per_block": [1, 2, 3]},
    arrays=(
        ("gb_owner", (N_GB,), "owner of GB g, -1 = none"),
        ("gb_markers", (N_GB,), "blockade markers on GB g (any > 0 = blocked)"),
        ("gb_ready_turn", (N_GB,), "first turn number in which GB g yields"),
        ("gb_removed_turn", (N_GB,), "turn number in which a marker was last removed from GB g, -1 = never"),
        ("gb_count", (MAX_PLAYERS, N_HEXES), "GBs each player owns pointing at each hex"),
        ("gb_removal_round", (MAX_PLAYERS,), "round of the player's last removal"),
        ("gb_removals", (MAX_PLAYERS,), "removals the player made in that round"),
        ("gb_free_turn", (N_HEXES,), "turn in which the hex's free removal (majority holder) was last used, -1 = never"),
    ),
    seat_columns=(
        ("gb_bought", "Grundbesitz bought"),
        ("gb_owned", "Grundbesitz owned at the end"),
        ("gain_grundbesitz", "resources from Grundbesitz yields"),
        ("spend_grundbesitz", "resources paid for Grundbesitz"),
        ("gb_markers_response", "markers placed by acquisition responses"),
        ("gb_markers_knight", "markers placed by knight blocks"),
        ("gb_markers_robber", "markers placed by robber blocks"),
        ("gb_markers_strike", "markers placed striking back after a defence"),
        ("gb_markers_received", "markers placed on this seat's Grundbesitz"),
        ("gb_removed_free", "markers removed for free (majority before rolling)"),
        ("gb_removed_knight", "markers removed with a knight"),
        ("gb_knights_block", "knights spent on blocks (knight blocks, responses that need one)"),
        ("gb_knights_remove", "knights spent on removals"),
        ("gb_knights_defence", "knights spent on defences and counters"),
        ("gb_defences", "actions this seat cancelled with a knight"),
        # by what was cancelled, in the order of the `what` codes (simcore.variants.grundbesitz.board WHAT_*)
        ("gb_defended_knight_block", "of gb_defences: knight blocks"),
        ("gb_defended_robber_block", "of gb_defences: robber blocks"),
        ("gb_defended_removal", "of gb_defences: removals (free or with a knight)"),
        ("gb_defended_robber_move", "of gb_defences: robber moves onto a hex with this seat's building"),
        ("gb_defended_response", "of gb_defences: acquisition responses"),
        # the follow-up chosen after each cancel, in the order of the FOLLOW_* codes
        ("gb_follow_defend", "follow-ups after its cancels: only defend"),
        ("gb_follow_strike", "follow-ups after its cancels: place markers (strike back)"),
        ("gb_follow_robber", "follow-ups after its cancels: move the robber and steal"),
        ("gb_follow_remove", "follow-ups after its cancels: remove a marker"),
    ),
    events=(
        ("gb_buy", ("gb", "corner", "hex", "-")),
        ("gb_yield", ("res", "amount", "hex", "gb")),
        ("gb_block", ("owner", "gb", "markers", "block")),
        ("gb_remove", ("gb", "removal", "markers_left", "-")),
        ("gb_defence", ("actor", "hex", "what", "-")),
        ("gb_counter", ("defender", "hex", "what", "-")),
        ("gb_follow_up", ("actor", "hex", "what", "follow")),
    ),
    named_fields={"block": ("response", "knight", "robber", "strike_back"),
                  "removal": ("free", "knight", "defence"),
                  "what": ("knight_block", "robber_block", "removal", "robber_move", "response"),
                  "follow": ("defend", "strike", "robber", "remove")},
    actions=("buy_gb", "knight_block", "knight_remove"),
    # every choice Grundbesitz gives a player (docs/rules.md, Grundbesitz), with the columns counting its use
    # (reports.options)
    options=(
        ("buy a Grundbesitz", ("gb_bought",)), ("response block", ("gb_markers_response",)),
        ("knight block", ("gb_markers_knight",)), ("robber block", ("gb_markers_robber",)),
        ("free removal", ("gb_removed_free",), {"majority_free_removal": True}),
        ("knight removal", ("gb_removed_knight",)),
        ("defend a knight block", ("gb_defended_knight_block",), {"defence": True}),
        ("defend a robber block", ("gb_defended_robber_block",), {"defence": True}),
        ("defend a removal", ("gb_defended_removal",), {"defence": True}),
        ("defend a robber move", ("gb_defended_robber_move",), {"defence": True}),
        ("defend a response", ("gb_defended_response",), {"defence": True, "response_defence": True}),
        ("after a defence: only defend", ("gb_follow_defend",), {"defence": True}),
        ("after a defence: strike back", ("gb_follow_strike",), {"defence": True}),
        ("after a defence: move the robber and steal", ("gb_follow_robber",), {"defence": True}),
        ("after a defence: remove a marker", ("gb_follow_remove",), {"defence": True}),
    ),
    choices=3 * N_GB,           # the random bot's options: each action at each GB (policies.variants.grundbesitz.bots)
    items=("gb",),              # its price: st.costs[ITEM_GB] (docs/rules.md, Grundbesitz, parameter cost)
    weights=(
        ("gb", "priority of buying a Grundbesitz", 0.6),
        ("gb_block", "1 = block others' Grundbesitz when it costs no knight (responses, robber blocks)", 1.0),
        ("gb_knight_block", "1 = spend knights on blockades of others' Grundbesitz", 0.0),
        ("gb_defend", "1 = cancel blocks of its own Grundbesitz and robber moves onto it with a knight", 1.0),
        ("gb_remove", "1 = spend knights to remove markers from its own Grundbesitz", 1.0),
        ("gb_defend_removal", "1 = cancel a removal with a knight when it would free another player's Grundbesitz",
         1.0),
        ("gb_strike", "1 = after a cancel, place markers on an unblocked Grundbesitz of the actor (strike back)", 1.0),
        ("gb_follow_remove", "1 = after a cancel, remove a marker from its own blocked Grundbesitz", 1.0),
        # the strong kind's value of a position (policies.variants.grundbesitz.bots.strong_value)
        ("v_gb_owned", "value of an unblocked Grundbesitz owned", 0.8),
        ("v_gb_blocked", "value of a blockade marker on another's Grundbesitz", 0.2),
    ),
))

# the layouts allocated to it, under the names the kernel and the policies use
P_GB_ON = GB.on_slot
P_GB_COST = GB.slot("cost")
P_GB_ALLOWED = GB.slot("allowed_numbers")
P_GB_DELAY = GB.slot("yield_delay_rounds")
P_GB_MARKERS_BLOCK = GB.slot("markers_per_block")
P_GB_MARKERS_KNIGHT = GB.slot("markers_per_knight_block")
P_GB_RESPONSE_KNIGHT = GB.slot("response_block_needs_knight")
P_GB_REMOVALS = GB.slot("removals_per_round")
P_GB_MAJORITY_FREE = GB.slot("majority_free_removal")
P_GB_KNIGHTS_ARMY = GB.slot("knights_count_for_army")
P_GB_DEFENCE = GB.slot("defence")
P_GB_COUNTER_DEPTH = GB.slot("max_counter_depth")
P_GB_MAX_PER_PLAYER = GB.slot("max_per_player")
P_GB_STEAL_KNIGHTS = GB.slot("defence_steal_knights")
P_GB_RESPONSE_DEFENCE = GB.slot("response_defence")
P_GB_CANCELLED_ROBBER = GB.slot("cancelled_robber_block")
P_GB_COUNTER_ROBBER = GB.slot("counter_moves_robber")

(S_GB_BOUGHT, S_GB_OWNED, S_GAIN_GB, S_SPEND_GB, S_GB_MARKERS_RESPONSE, S_GB_MARKERS_KNIGHT,
 S_GB_MARKERS_ROBBER, S_GB_MARKERS_STRIKE, S_GB_MARKERS_RECEIVED, S_GB_REMOVED_FREE, S_GB_REMOVED_KNIGHT,
 S_GB_KNIGHTS_BLOCK, S_GB_KNIGHTS_REMOVE, S_GB_KNIGHTS_DEFENCE, S_GB_DEFENCES, S_GB_DEFENDED_KNIGHT_BLOCK,
 S_GB_DEFENDED_ROBBER_BLOCK, S_GB_DEFENDED_REMOVAL, S_GB_DEFENDED_ROBBER_MOVE, S_GB_DEFENDED_RESPONSE,
 S_GB_FOLLOW_DEFEND, S_GB_FOLLOW_STRIKE, S_GB_FOLLOW_ROBBER, S_GB_FOLLOW_REMOVE) = (
    GB.seat(c) for c, _ in GB.seat_columns)
S_GB_DEFENDED0, S_GB_FOLLOW0 = S_GB_DEFENDED_KNIGHT_BLOCK, S_GB_FOLLOW_DEFEND   # + a WHAT_* / FOLLOW_* code

(E_GB_BUY, E_GB_YIELD, E_GB_BLOCK, E_GB_REMOVE, E_GB_DEFENCE, E_GB_COUNTER,
 E_GB_FOLLOW_UP) = (GB.event(n) for n, _ in GB.events)
A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE = (GB.action(n) for n in GB.actions)
ITEM_GB = GB.item("gb")
(W_GB, W_GB_BLOCK, W_GB_KNIGHT_BLOCK, W_GB_DEFEND, W_GB_REMOVE, W_GB_DEFEND_REMOVAL, W_GB_STRIKE,
 W_GB_FOLLOW_REMOVE, V_GB_OWNED, V_GB_BLOCKED) = (GB.weight(n) for n, *_ in GB.weights)
