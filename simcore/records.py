"""The per-game record: one fixed-width int64 row per game, written by the kernel.

Layout: GAME_COLUMNS first, then one block of SEAT_COLUMNS per seat (MAX_SEATS
blocks; seats beyond the player count hold -1).  The kernel writes through the
index constants below; `column_names()` gives the CSV header in the same order.
A variant adds its columns by appending to these lists (and to the README table).

Resource flows are card counts summed over the five resources.
"""

MAX_SEATS = 4

GAME_COLUMNS = [
    "game",         # game index within the run (0-based)
    "seed",         # the game's own seed (uint32); replays the game alone
    "winner_seat",  # seat that won, -1 = no winner (max_turns reached)
    "turns",        # player-turns played
    "rounds",       # full rounds started (turn of seat 0 starts a round)
]

SEAT_COLUMNS = [
    "spec",            # which scenario seat (0-based index into `seats`) sat here
    "vp",              # final VP
    "vp_settlements",  # 1 per settlement
    "vp_cities",       # 2 per city
    "vp_cards",        # VP development cards
    "vp_army",         # 2 if holding largest army at the end
    "vp_road",         # 2 if holding longest road at the end
    "gain_dice",       # resources from dice production
    "gain_setup",      # from the second setup settlement
    "gain_trade",      # received in maritime (and domestic) trades
    "gain_steal",      # stolen from others (robber, monopoly not included)
    "gain_devcards",   # year of plenty and monopoly
    "spend_roads",     # paid for roads
    "spend_settlements",
    "spend_cities",
    "spend_devcards",  # paid for development cards
    "spend_trade",     # given away in trades
    "spend_discards",  # discarded on a 7
    "spend_stolen",    # lost to robber steals and monopoly
    "settlements",     # settlements on the board at the end
    "cities",
    "roads",
    "road_length",     # longest road length at the end
    "knights_played",
    "devcards_bought",
    "domestic_trades",   # trades with other players (as offerer or acceptor); 0 unless trade.domestic
    # Grundbesitz (RULES.md §1; 0 unless [variants.grundbesitz] is on)
    "gb_bought",         # Grundbesitz bought
    "gb_owned",          # Grundbesitz owned at the end
    "gain_grundbesitz",  # resources from Grundbesitz yields
    "spend_grundbesitz", # resources paid for Grundbesitz
    "gb_markers_response",  # markers placed by acquisition responses
    "gb_markers_knight",    # markers placed by knight blocks
    "gb_markers_robber",    # markers placed by robber blocks
    "gb_markers_strike",    # markers placed striking back after a defence
    "gb_markers_received",  # markers placed on this seat's Grundbesitz
    "gb_removed_free",      # markers removed for free (majority before rolling)
    "gb_removed_knight",    # markers removed with a knight
    "gb_knights_block",     # knights spent on blocks (knight blocks, responses that need one)
    "gb_knights_remove",    # knights spent on removals
    "gb_knights_defence",   # knights spent on defences and counters
    "gb_defences",          # actions this seat cancelled with a knight
]

# Robin Hood solo mode (RULES.md §3): game columns `robin_<name>`, kept during the
# game in st.robin_stats[k] for ROBIN_COLUMNS[k]; -1 in games of other modes.
# Codes of winner/ending: simcore.robin_board (SIDE_*, ENDING_*).
ROBIN_COLUMNS = [
    "winner",          # side that won: 0 draw, 1 Sheriff, 2 Robin
    "ending",          # 1 Robin reached his target, 2 the Sheriff his, 3 enclosure, 4 max_turns
    "vp",              # Robin's VP at the end
    "sheriff_vp",      # the Sheriff's VP at the end (= seat0_vp)
    "vp_sheriff",      # Robin's VP scored for Sheriff buildings on his hex at a 7
    "vp_neutral",      # Robin's VP scored for neutral buildings on his hex at a 7
    "sevens_sheriff",  # 7s on which a Sheriff building touched Robin's hex (steal and score)
    "sevens_neutral",  # 7s on which only neutral buildings touched it (score only)
    "relocations",     # 7s with no building at his hex: Robin put on the best-scoring hex
    "stolen",          # resources Robin stole from the Sheriff
    "draws",           # movement cards drawn, all causes
    "extra_draws",     # of those, drawn because the Sheriff played a knight
    "moves",           # resource cards that moved Robin to another hex
    "stays",           # resource cards that could not move him (no such hex next to him, or a road)
    "road_blocks",     # of the stays, those where only a Sheriff road was in the way
    "camp_returns",    # knight cards that sent him back to the camp from elsewhere
    "evictions",       # times the Sheriff evicted him after building on his hex
]
ROBIN_BASE = len(GAME_COLUMNS)
GAME_COLUMNS += ["robin_" + c for c in ROBIN_COLUMNS]
(RB_WINNER, RB_ENDING, RB_VP, RB_SHERIFF_VP, RB_VP_SHERIFF, RB_VP_NEUTRAL, RB_SEVENS_SHERIFF,
 RB_SEVENS_NEUTRAL, RB_RELOCATIONS, RB_STOLEN, RB_DRAWS, RB_EXTRA_DRAWS, RB_MOVES, RB_STAYS,
 RB_ROAD_BLOCKS, RB_CAMP_RETURNS, RB_EVICTIONS) = range(17)
N_ROBIN = len(ROBIN_COLUMNS)

G_GAME, G_SEED, G_WINNER, G_TURNS, G_ROUNDS = range(5)
N_GAME_COLUMNS = len(GAME_COLUMNS)

(S_SPEC, S_VP, S_VP_SETTLEMENTS, S_VP_CITIES, S_VP_CARDS, S_VP_ARMY, S_VP_ROAD,
 S_GAIN_DICE, S_GAIN_SETUP, S_GAIN_TRADE, S_GAIN_STEAL, S_GAIN_DEVCARDS,
 S_SPEND_ROADS, S_SPEND_SETTLEMENTS, S_SPEND_CITIES, S_SPEND_DEVCARDS,
 S_SPEND_TRADE, S_SPEND_DISCARDS, S_SPEND_STOLEN,
 S_SETTLEMENTS, S_CITIES, S_ROADS, S_ROAD_LENGTH, S_KNIGHTS, S_DEVS_BOUGHT, S_DOMESTIC_TRADES,
 S_GB_BOUGHT, S_GB_OWNED, S_GAIN_GB, S_SPEND_GB, S_GB_MARKERS_RESPONSE, S_GB_MARKERS_KNIGHT,
 S_GB_MARKERS_ROBBER, S_GB_MARKERS_STRIKE, S_GB_MARKERS_RECEIVED, S_GB_REMOVED_FREE, S_GB_REMOVED_KNIGHT,
 S_GB_KNIGHTS_BLOCK, S_GB_KNIGHTS_REMOVE, S_GB_KNIGHTS_DEFENCE, S_GB_DEFENCES) = range(41)
SEAT_WIDTH = len(SEAT_COLUMNS)

N_COLUMNS = N_GAME_COLUMNS + MAX_SEATS * SEAT_WIDTH

# Seat-block column offsets: the kernel writes row[seat_col(seat, S_VP)].
# Kept as a plain arithmetic expression so numba folds it.
SEAT_BASE = N_GAME_COLUMNS


def column_names():
    """CSV header: game columns, then seat0_<name> ... seat3_<name>."""
    names = list(GAME_COLUMNS)
    for seat in range(MAX_SEATS):
        names += [f"seat{seat}_{c}" for c in SEAT_COLUMNS]
    return names
