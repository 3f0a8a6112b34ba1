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
P_OFFERS_PER_TURN = 8    # `trade.offers_per_turn`: domestic offers a player may make per turn
P_SEAT_SPECS = 15        # scenario seats the games rotate through; 0 = `players` (more only in one-player
                         # modes, where the scenario lists alternative policies for the one seat)

LAYOUT_RANDOM = 0
LAYOUT_BEGINNER = 1

# --- Grundbesitz (RULES.md §1): slots 16..39 ---
P_GB_ON = 16               # 1 = [variants.grundbesitz] is in the scenario
P_GB_COST = 17             # `cost`: 5 slots 17..21, [lumber, brick, wool, grain, ore]
P_GB_ALLOWED = 22          # `allowed_numbers`: bitmask, bit n = a GB may point at a hex numbered n
P_GB_DELAY = 23            # `yield_delay_rounds`: a new GB first yields this many rounds later
P_GB_MARKERS_BLOCK = 24    # `markers_per_block`: markers of a response or robber block (and a strike back)
P_GB_MARKERS_KNIGHT = 25   # `markers_per_knight_block`
P_GB_RESPONSE_KNIGHT = 26  # `response_block_needs_knight`
P_GB_REMOVALS = 27         # `removals_per_round`: markers a player may remove per round
P_GB_MAJORITY_FREE = 28    # `majority_free_removal`
P_GB_KNIGHTS_ARMY = 29     # `knights_count_for_army`
P_GB_DEFENCE = 30          # `defence`: knights may cancel blocks, removals and robber moves
P_GB_COUNTER_DEPTH = 31    # `max_counter_depth`: cancels in a row (1 = the actor cannot answer)
P_GB_MAX_PER_PLAYER = 32   # `max_per_player`: GBs a player may own, 0 = no limit
P_GB_STEAL_KNIGHTS = 33    # `defence_steal_knights`: knights a defence needs to also move the robber and steal
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

# --- Fleisch / Autarkie and C&K (RULES.md §2, §4): slots 64..111 ---
# --- commodity card kinds (simcore.cards; packed by cards.pack_card_kinds): slots 112..127 ---
P_KIND_SUPPLY = 112       # 112..119: bank supply of hand kind N_RESOURCES + i
P_KIND_RATE = 120         # 120..127: its maritime rate (0 = the bank does not trade it)

N_PARAMS = 128
