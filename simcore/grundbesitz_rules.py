"""The Grundbesitz parameters (RULES.md §1): `[variants.grundbesitz]` in a scenario.

Every parameter of RULES.md §1 under its name, with its default; the kernel side
is simcore/grundbesitz.py.
"""
from dataclasses import dataclass

from simcore import params as P
from simcore.config import register_variant
from simcore.fields import flag, int_list, integer, number_set

PRODUCING_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


@dataclass(frozen=True)
class Grundbesitz:
    cost: tuple = int_list((1, 1, 1, 1, 1), ("lumber", "brick", "wool", "grain", "ore"), 0, 20, P.P_GB_COST)
    allowed_numbers: tuple = number_set(PRODUCING_NUMBERS, PRODUCING_NUMBERS, P.P_GB_ALLOWED)
    yield_delay_rounds: int = integer(1, 0, 20, P.P_GB_DELAY)
    markers_per_block: int = integer(2, 0, 20, P.P_GB_MARKERS_BLOCK)
    markers_per_knight_block: int = integer(3, 0, 20, P.P_GB_MARKERS_KNIGHT)
    response_block_needs_knight: bool = flag(False, P.P_GB_RESPONSE_KNIGHT)
    removals_per_round: int = integer(1, 0, 20, P.P_GB_REMOVALS)
    majority_free_removal: bool = flag(True, P.P_GB_MAJORITY_FREE)
    knights_count_for_army: bool = flag(True, P.P_GB_KNIGHTS_ARMY)
    defence: bool = flag(True, P.P_GB_DEFENCE)
    max_counter_depth: int = integer(1, 1, 5, P.P_GB_COUNTER_DEPTH)
    max_per_player: int = integer(0, 0, 162, P.P_GB_MAX_PER_PLAYER)
    defence_steal_knights: int = integer(1, 1, 2, P.P_GB_STEAL_KNIGHTS)


register_variant("grundbesitz", Grundbesitz, on_slot=P.P_GB_ON)
