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
P_ROTATE_SEATS = 7       # `rotate_seats`: game g seats scenario seat (s + g) % specs in seat s
P_SEAT_SPECS = 15        # scenario seats the games rotate through; 0 = `players` (more only in one-player
                         # modes, where the scenario lists alternative policies for the one seat)

LAYOUT_RANDOM = 0
LAYOUT_BEGINNER = 1

# --- Grundbesitz (RULES.md §1): slots 16..39 ---
# --- Robin Hood (RULES.md §3): slots 40..63 (simcore.robin_config) ---
P_ROBIN = 40              # 1 = the Robin Hood solo mode is on ([variants.robin_hood])
P_ROBIN_NEUTRAL = 41      # `robin.neutral_settlements`: neutral settlements (each with a road) placed by dice
P_ROBIN_DECK = 42         # `robin.deck`: 42..47 = cards of lumber, brick, wool, grain, ore, knight
P_ROBIN_DECK_MODE = 48    # `robin.deck_mode`: ROBIN_DECK / ROBIN_DIE
P_ROBIN_STEALS = 49       # `robin.steals_per_seven`: resources Robin steals on a 7 at a Sheriff building
P_ROBIN_DISCARD = 50      # `robin.discard_on_seven`: the Sheriff discards half above 7 cards on a 7
P_ROBIN_TARGET = 51       # `robin.target_vp`: 51 = Robin's target, 52 = the Sheriff's
P_ROBIN_ENCLOSURE = 53    # `robin.enclosure`: ENCLOSURE_OFF / ENCLOSURE_HEX
P_ROBIN_PIECE_SETS = 54   # `robin.sheriff_piece_sets`: the Sheriff's pieces are this many players' supplies

ROBIN_DECK, ROBIN_DIE = 0, 1
ENCLOSURE_OFF, ENCLOSURE_HEX = 0, 1

# --- Fleisch / Autarkie and C&K (RULES.md §2, §4): slots 64..127 ---

N_PARAMS = 128
