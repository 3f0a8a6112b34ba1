"""Event log of a replayed game: codes, the compiled writer, and the JSON view.

The kernel appends rows [type, player, a, b, c, d, hands (MAX_PLAYERS x kinds),
bank (kinds)] to `st.log` when st.log_on is set (kinds: the card kinds of the
hands, simcore.cards; a page of st.log_n events: log_event); `event_dicts` turns them into the
JSON Lines records of `catan-balance replay`.  The meaning of a..d per type is
given by EVENT_FIELDS (fields named "-" are unused).
"""
import numpy as np
from simcore.jit import jitted

from simcore.robin_board import CARD_NAMES, CAUSE_NAMES, ENDING_NAMES, MOVE_NAMES, SIDE_NAMES
from simcore.state import LOG_FIELDS, MAX_PLAYERS, RESOURCE_NAMES, DEV_NAMES

(E_SETUP_SETTLEMENT, E_SETUP_ROAD, E_ROLL, E_PAYOUT, E_DISCARD, E_ROBBER, E_STEAL,
 E_BUILD_ROAD, E_BUILD_SETTLEMENT, E_BUILD_CITY, E_BUY_DEV, E_PLAY_DEV, E_TRADE,
 E_AWARD, E_GAME_END, E_TURN, E_MONOPOLY_TAKE, E_PLENTY_TAKE) = range(18)
# Grundbesitz (simcore/grundbesitz.py)
E_GB_BUY, E_GB_YIELD, E_GB_BLOCK, E_GB_REMOVE, E_GB_DEFENCE, E_GB_COUNTER = range(18, 24)
E_OFFER = 24
# Robin Hood solo mode (RULES.md §3, simcore.robin): codes 40..49; their player is -1
# (Robin and the neutral colour are no seats)
(E_NEUTRAL_SETTLEMENT, E_ROBIN_DRAW, E_ROBIN_MOVE, E_ROBIN_SCORE, E_ROBIN_STEAL, E_ROBIN_END) = range(40, 46)

# type -> (name, names of a, b, c, d); "res"/"dev"/"award" fields are shown by name
# ("res" fields: a card kind, a resource or a commodity)
EVENT_FIELDS = {
    E_TURN: ("turn", ("turn", "round", "-", "-")),
    E_SETUP_SETTLEMENT: ("setup_settlement", ("corner", "-", "-", "-")),
    E_SETUP_ROAD: ("setup_road", ("edge", "-", "-", "-")),
    E_ROLL: ("roll", ("die1", "die2", "total", "-")),
    E_PAYOUT: ("payout", ("res", "amount", "hex", "source")),
    E_DISCARD: ("discard", ("res", "amount", "-", "-")),
    E_ROBBER: ("robber", ("from_hex", "to_hex", "-", "-")),
    E_STEAL: ("steal", ("victim", "res", "-", "-")),
    E_BUILD_ROAD: ("build_road", ("edge", "free", "-", "-")),
    E_BUILD_SETTLEMENT: ("build_settlement", ("corner", "-", "-", "-")),
    E_BUILD_CITY: ("build_city", ("corner", "-", "-", "-")),
    E_BUY_DEV: ("buy_dev", ("dev", "-", "-", "-")),
    E_PLAY_DEV: ("play_dev", ("dev", "-", "-", "-")),
    E_TRADE: ("bank_trade", ("give_res", "give", "get_res", "get")),
    E_AWARD: ("award", ("award", "from_player", "to_player", "length")),
    E_GAME_END: ("game_end", ("winner", "turns", "rounds", "-")),
    E_MONOPOLY_TAKE: ("monopoly_take", ("victim", "res", "amount", "-")),
    E_PLENTY_TAKE: ("year_of_plenty_take", ("res", "amount", "-", "-")),
    E_OFFER: ("domestic_offer", ("give_res", "get_res", "accepted_by", "-")),
    E_GB_BUY: ("gb_buy", ("gb", "corner", "hex", "-")),
    E_GB_YIELD: ("gb_yield", ("res", "amount", "hex", "gb")),
    E_GB_BLOCK: ("gb_block", ("owner", "gb", "markers", "block")),
    E_GB_REMOVE: ("gb_remove", ("gb", "removal", "markers_left", "-")),
    E_GB_DEFENCE: ("gb_defence", ("actor", "hex", "what", "-")),
    E_GB_COUNTER: ("gb_counter", ("defender", "hex", "what", "-")),
    E_NEUTRAL_SETTLEMENT: ("neutral_settlement", ("corner", "edge", "number", "rerolls")),
    E_ROBIN_DRAW: ("robin_draw", ("card", "cause", "-", "-")),
    E_ROBIN_MOVE: ("robin_move", ("from_hex", "to_hex", "how", "-")),
    E_ROBIN_SCORE: ("robin_score", ("hex", "vp_sheriff", "vp_neutral", "robin_vp")),
    E_ROBIN_STEAL: ("robin_steal", ("res", "-", "-", "-")),
    E_ROBIN_END: ("robin_game_end", ("side", "ending", "robin_vp", "sheriff_vp")),
}

PAYOUT_SOURCES = ("dice", "setup")
AWARD_NAMES = ("largest_army", "longest_road")
GB_BLOCK_KINDS = ("response", "knight", "robber", "strike_back")
GB_REMOVAL_KINDS = ("free", "knight")
GB_WHAT = ("knight_block", "robber_block", "removal", "robber_move")
NAMED_FIELDS = {"card": CARD_NAMES, "cause": CAUSE_NAMES, "how": MOVE_NAMES, "side": SIDE_NAMES,
                "ending": ENDING_NAMES,
                "block": GB_BLOCK_KINDS, "removal": GB_REMOVAL_KINDS, "what": GB_WHAT}


@jitted
def log_event(st, etype, player, a, b, c, d):
    """Count the event in st.log_n and record it if it falls on the page st.log_on
    selects: page k >= 1 holds events (k - 1) * rows .. k * rows - 1 of the game,
    rows = len(st.log).  A replay plays a longer game once per page (simcore.replay)."""
    if st.log_on == 0:
        return
    n = st.log_n
    st.log_n = n + 1
    rows = st.log.shape[0]
    i = n - (st.log_on - 1) * rows
    if i < 0 or i >= rows:
        return
    row = st.log[i]
    row[0] = etype
    row[1] = player
    row[2] = a
    row[3] = b
    row[4] = c
    row[5] = d
    width = st.hand.shape[1]
    bank = LOG_FIELDS + st.hand.shape[0] * width
    players = st.players
    for p in range(players):
        for r in range(width):
            row[LOG_FIELDS + p * width + r] = st.hand[p, r]
    for r in range(width):
        row[bank + r] = st.bank[r]


def _show(field, value, kinds):
    if field == "res" or field.endswith("_res"):
        return kinds[value]
    if field == "dev":
        return DEV_NAMES[value]
    if field == "award":
        return AWARD_NAMES[value]
    if field == "source":
        return PAYOUT_SOURCES[value]
    if field in NAMED_FIELDS:
        return NAMED_FIELDS[field][value]
    return int(value)


def event_dicts(log_rows, players, kinds=RESOURCE_NAMES):
    """JSON-ready dicts for the recorded rows (without the board event); `kinds` names
    the card kinds of the hands (state.card_kinds), in the order of "hands" and "bank"."""
    width = len(kinds)
    bank = LOG_FIELDS + MAX_PLAYERS * width
    out = []
    for row in np.asarray(log_rows):
        name, fields = EVENT_FIELDS[int(row[0])]
        ev = {"type": name, "player": int(row[1])}
        for field, value in zip(fields, row[2:LOG_FIELDS]):
            if field != "-":
                ev[field] = _show(field, value, kinds)
        ev["hands"] = [[int(x) for x in row[LOG_FIELDS + p * width: LOG_FIELDS + (p + 1) * width]]
                       for p in range(players)]
        ev["bank"] = [int(x) for x in row[bank:bank + width]]
        out.append(ev)
    return out
