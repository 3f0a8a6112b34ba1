"""Event codes of the replay log and the meaning of their fields (no numba: reports read it).

A row is [type, player, a, b, c, d, hands, bank]; EVENT_FIELDS[type] names the event and
its a..d ("-" = unused; "res"/"dev"/"award"/"source" and the NAMED_FIELDS are shown by
name).  The base game's codes are numbered here; a variant declares its events
(simcore.engine.variant) and gets the next codes, in registration order.
"""
from simcore.engine.names import DEV_NAMES, RESOURCE_NAMES

(E_SETUP_SETTLEMENT, E_SETUP_ROAD, E_ROLL, E_PAYOUT, E_DISCARD, E_ROBBER, E_STEAL,
 E_BUILD_ROAD, E_BUILD_SETTLEMENT, E_BUILD_CITY, E_BUY_DEV, E_PLAY_DEV, E_TRADE,
 E_AWARD, E_GAME_END, E_TURN, E_MONOPOLY_TAKE, E_PLENTY_TAKE, E_OFFER) = range(19)

# type -> (name, names of a, b, c, d)
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
}
N_BASE_EVENTS = len(EVENT_FIELDS)

PAYOUT_SOURCES = ("dice", "setup")
AWARD_NAMES = ("largest_army", "longest_road")
# event field -> names of its codes (variants add theirs)
NAMED_FIELDS = {"award": AWARD_NAMES, "source": PAYOUT_SOURCES}


RESERVED_FIELDS = ("type", "player", "hands", "bank")   # every event's own keys in the replay log


def add_event(name, field_names):
    """The code of a variant's new event (simcore.engine.variant.register)."""
    if len(field_names) != 4:
        raise ValueError(f"event {name}: 4 field names (a, b, c, d; '-' = unused), not {len(field_names)}")
    taken = set(field_names) & set(RESERVED_FIELDS)
    if taken:   # a field of that name would overwrite the event's own in the replay log (event_dicts)
        raise ValueError(f"event {name}: field name(s) {', '.join(sorted(taken))} are the log's own "
                         f"({', '.join(RESERVED_FIELDS)})")
    code = len(EVENT_FIELDS)
    EVENT_FIELDS[code] = (name, tuple(field_names))
    return code


def show(field, value, kinds=RESOURCE_NAMES):
    """A field's value as the replay log shows it; `kinds` names the card kinds
    ("res" fields: a card kind, a resource or a commodity)."""
    if field == "res" or field.endswith("_res"):
        return kinds[value]
    if field == "dev":
        return DEV_NAMES[value]
    if field in NAMED_FIELDS:
        return NAMED_FIELDS[field][value]
    return int(value)
