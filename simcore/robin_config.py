"""`[variants.robin_hood]`: the parameters of the Robin Hood solo mode (RULES.md §3).

    players = 1
    seats = ["sheriff-greedy", "sheriff-warden"]   # alternative Sheriffs, game g played by seats[g % 2]

    [variants.robin_hood]
    neutral_settlements = 5          # robin.neutral_settlements
    deck = { lumber = 1, brick = 1, wool = 1, grain = 1, ore = 1, knight = 1 }   # robin.deck
    deck_mode = "deck"               # robin.deck_mode: "deck" or "die"
    steals_per_seven = 1             # robin.steals_per_seven
    discard_on_seven = true          # robin.discard_on_seven
    target_vp = { robin = 15, sheriff = 15 }   # robin.target_vp, settable apart
    enclosure = "hex"                # robin.enclosure: "hex" or "off"
    sheriff_piece_sets = 2           # robin.sheriff_piece_sets: 10 settlements, 8 cities, 30 roads

Registered with simcore.config on import (one player only); simcore.robin plays the mode.
"""
from dataclasses import dataclass, field, fields

from simcore import params as P
from simcore.config import register_variant
from simcore.errors import ScenarioError
from simcore.fields import Param, choice, flag, int_table, integer
from simcore.state import RESOURCE_NAMES, ROBIN_MAX_EACH

# Each neutral settlement takes its corner and at most 3 neighbours out of the 54;
# with 12 placed at least 6 corners stay free: room for the Sheriff's two setup
# settlements whatever the dice did, and a legal corner on some numbered hex for
# every neutral one (at most 3 corners touch the desert and the sea only).
MAX_NEUTRAL = 12

DECK_DEFAULT = {name: 1 for name in RESOURCE_NAMES + ("knight",)}


def _neutral_check(v):
    return None if 0 <= v <= MAX_NEUTRAL else f"{v} is out of range"


@dataclass(frozen=True)
class RobinHood:
    neutral_settlements: int = field(default=5, metadata={"param": Param(
        int, f"an integer from 0 to {MAX_NEUTRAL} (more would not surely leave room for the Sheriff's two)",
        _neutral_check, P.P_ROBIN_NEUTRAL)})
    deck: dict = int_table(DECK_DEFAULT, 0, ROBIN_MAX_EACH, P.P_ROBIN_DECK, min_total=1)
    deck_mode: str = choice("deck", {"deck": P.ROBIN_DECK, "die": P.ROBIN_DIE}, P.P_ROBIN_DECK_MODE)
    steals_per_seven: int = integer(1, 0, 10, P.P_ROBIN_STEALS)
    discard_on_seven: bool = flag(True, P.P_ROBIN_DISCARD)
    target_vp: dict = int_table({"robin": 15, "sheriff": 15}, 1, 50, P.P_ROBIN_TARGET)
    enclosure: str = choice("hex", {"hex": P.ENCLOSURE_HEX, "off": P.ENCLOSURE_OFF}, P.P_ROBIN_ENCLOSURE)
    sheriff_piece_sets: int = integer(2, 1, 4, P.P_ROBIN_PIECE_SETS)


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


register_variant("robin_hood", RobinHood, on_slot=P.P_ROBIN, players=(1,), check=check_robin_hood)
