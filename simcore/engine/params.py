"""Packed rule parameters: the kernels read every rule setting from one int64 array.

`simcore.run.config` validates a scenario into a frozen `Rules` tree and packs it here;
the kernels only ever see `params[P_...]`.  Booleans are 0/1, enums are small ints,
number sets are bitmasks (bit n set = number n allowed).

Slots 0..31 are the base game, numbered here; variants get theirs from `allocate`,
after the base game's, in registration order (simcore.engine.variant).
"""

# --- base game (docs/rules.md, Base game) ---
P_PLAYERS = 0            # 1 (Robin Hood), 3 or 4
P_VICTORY_POINTS = 1     # `victory_points`: win on own turn at this many VP
P_MAX_TURNS = 2          # `max_turns`: player-turns after which a game ends with no winner
MAX_TURNS_LIMIT = 100_000   # the largest `max_turns` (the state's VP trace has a row per player-turn)
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

# --- commodity card kinds (simcore.engine.cards; packed by cards.pack_card_kinds) ---
P_KIND_SUPPLY = 16       # 16..23: bank supply of the i-th registered commodity (cards.commodity_slots)
P_KIND_RATE = 24         # 24..31: its maritime rate (0 = the bank does not trade it)

# --- variants: slots from N_BASE_PARAMS on, allocated by simcore.engine.variant.register in the
# order the variants register (each: its on-flag, then its rules' fields); read a variant's
# slot from its declaration (e.g. simcore.variants.grundbesitz.P_GB_COST).
N_BASE_PARAMS = 32
_next = N_BASE_PARAMS
N_PARAMS = 128          # the packed array's length: room for every allocated slot, grown in steps of 64


def allocate(width):
    """The first of `width` consecutive free slots (simcore.engine.variant.register)."""
    global _next, N_PARAMS
    first = _next
    _next += width
    while N_PARAMS < _next:
        N_PARAMS += 64
    return first
