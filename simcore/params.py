"""Packed rule parameters: the kernels read every rule setting from one int64 array.

`simcore.config` validates a scenario into a frozen `Rules` tree and packs it here;
the kernels only ever see `params[P_...]`.  Booleans are 0/1, enums are small ints,
number sets are bitmasks (bit n set = number n allowed).

Slots 0..15 are the base game; each variant owns a block (see the comments below),
so adding a variant parameter never moves an existing one.
"""

# --- base game (RULES.md §0) ---
P_PLAYERS = 0            # 1 (Robin Hood), 3 or 4
P_VICTORY_POINTS = 1     # `victory_points`: win on own turn at this many VP
P_MAX_TURNS = 2          # `max_turns`: player-turns after which a game ends with no winner
P_LAYOUT = 3             # `board.layout`: LAYOUT_RANDOM / LAYOUT_BEGINNER
P_NO_ADJACENT_RED = 4    # `board.no_adjacent_red`: random boards never put 6/8 side by side
P_RESOURCE_SUPPLY = 5    # `bank.resource_supply`: cards of each resource in the game
P_DOMESTIC_TRADE = 6     # `trade.domestic`: trade between players (0 = off)
P_ROTATE_SEATS = 7       # `rotate_seats`: game g seats scenario seat (s + g) % players in seat s

LAYOUT_RANDOM = 0
LAYOUT_BEGINNER = 1

# --- Grundbesitz (RULES.md §1): slots 16..39 ---
# --- Robin Hood (RULES.md §3): slots 40..63 ---
# --- Fleisch / Autarkie and C&K (RULES.md §2, §4): slots 64..127 ---

N_PARAMS = 128
