"""An event of a replayed game in words, for the replay page (reports.replay_page).

The base game's events are worded here; a variant's entry words its own (reports.variants
`event_words`: {event type: format text}, the event's fields by name and {who}: the seat
that acts).  An event nobody words is shown as its type and fields.
"""
from reports.variants import REGISTRY, solo_player

BASE_WORDS = {
    "turn": "Turn {turn} (round {round}): {who} to move",
    "setup_settlement": "{who} places a settlement at corner {corner} (setup)",
    "setup_road": "{who} places a road on edge {edge} (setup)",
    "roll": "{who} rolls {die1} + {die2} = {total}",
    "discard": "{who} discards {amount} {res} (a 7 with too many cards)",
    "robber": "{who} moves the robber from hex {from_hex} to hex {to_hex}",
    "steal": "{who} steals a {res} from {victim_who}",
    "build_settlement": "{who} builds a settlement at corner {corner}",
    "build_city": "{who} builds a city at corner {corner}",
    "buy_dev": "{who} buys a development card ({dev}, hidden from the table)",
    "play_dev": "{who} plays {dev}",
    "bank_trade": "{who} trades {give} {give_res} to the bank for {get} {get_res}",
    "monopoly_take": "{who} takes {amount} {res} from {victim_who} (monopoly)",
    "year_of_plenty_take": "{who} takes {amount} {res} from the bank (year of plenty)",
}


def seat_words(p, players):
    if p < 0:
        return "nobody"
    return solo_player() if players == 1 else f"seat {p}"


def _payout(ev, who):
    where = "in the setup" if ev.get("source") == "setup" else f"from hex {ev['hex']}"
    return f"{who} gets {ev['amount']} {ev['res']} {where}"


def _road(ev, who):
    return f"{who} builds a road on edge {ev['edge']}" + (" (free)" if ev.get("free") else "")


def _award(ev, who, players):
    name = ev["award"].replace("_", " ")
    if ev["to_player"] < 0:
        return f"nobody holds the {name} any more (set aside)"
    was = f", from {seat_words(ev['from_player'], players)}" if ev["from_player"] >= 0 else ""
    length = f" (length {ev['length']})" if ev["award"] == "longest_road" else ""
    return f"the {name} goes to {seat_words(ev['to_player'], players)}{was}{length}"


def _offer(ev, who, players):
    taker = ev["accepted_by"]
    answer = f"{seat_words(taker, players)} accepts" if taker >= 0 else "nobody accepts"
    return f"{who} offers {ev['give_res']} for {ev['get_res']}: {answer}"


def _end(ev, who, players):
    winner = seat_words(ev["winner"], players)
    return (f"the game ends after {ev['turns']} player-turns: {winner} wins" if ev["winner"] >= 0
            else f"the game ends after {ev['turns']} player-turns without a winner")


SPECIAL = {"payout": lambda ev, who, n: _payout(ev, who), "build_road": lambda ev, who, n: _road(ev, who),
           "award": _award, "domestic_offer": _offer, "game_end": _end}


def words(ev, players):
    """The event in a sentence."""
    text = _words(ev, players)
    return text[:1].upper() + text[1:]


def _words(ev, players):
    kind = ev["type"]
    if kind == "board":
        return "The board before the setup"
    who = seat_words(ev["player"], players)
    if kind in SPECIAL:
        return SPECIAL[kind](ev, who, players)
    fields = {k: v for k, v in ev.items() if k not in ("hands", "bank")}
    text = BASE_WORDS.get(kind) or next((e.event_words[kind] for e in REGISTRY.values() if kind in e.event_words), None)
    if text is None:
        shown = ", ".join(f"{k} {v}" for k, v in fields.items() if k not in ("type", "player"))
        return f"{who}: {kind.replace('_', ' ')}" + (f" ({shown})" if shown else "")
    named = {k + "_who": seat_words(v, players) for k, v in fields.items() if isinstance(v, int)}
    return text.format(who=who, **named, **fields)
