"""The per-game record: one fixed-width int64 row per game, written by the kernel.

Layout: GAME_COLUMNS first, then one block of SEAT_COLUMNS per seat (MAX_SEATS
blocks; seats beyond the player count hold -1).  The kernel writes through the
index constants below; `column_names()` gives the CSV header in the same order.
A variant declares its columns (simcore.engine.variant): its seat columns follow SEAT_COLUMNS
(their counters sit in st.stats after the base game's), its game columns follow
GAME_COLUMNS, in registration order.

Resource flows are card counts summed over the five resources.
"""

MAX_SEATS = 4

GAME_COLUMNS = [
    "game",         # game index within the run (0-based)
    "seed",         # the game's own seed (uint32); replays the game alone
    "winner_seat",  # seat that won, -1 = no winner (max_turns reached)
    "turns",        # player-turns played
    "rounds",       # full rounds started (turn of seat 0 starts a round)
    # how the game played (simcore.engine.feel; docs/reports.md, How the game plays): -1 where undefined
    "lead_changes",        # times a seat took the lead alone from another
    "largest_lead",        # most VP the leader was ever ahead of the runner-up
    "winner_margin",       # the winner's VP minus the best other seat's at the end
    "decisive_turn",       # player-turns after which the winner led alone to the end
    "winner_behind_half",  # 1: the winner had fewer VP than the leader after half the player-turns
    "winner_last_half",    # 1: ... and fewest of all (not every seat level)
    "winner_behind_3q",    # the same after three quarters of the player-turns
    "winner_last_3q",
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
]


(G_GAME, G_SEED, G_WINNER, G_TURNS, G_ROUNDS, G_LEAD_CHANGES, G_LARGEST_LEAD, G_WINNER_MARGIN, G_DECISIVE_TURN,
 G_BEHIND_HALF, G_LAST_HALF, G_BEHIND_3Q, G_LAST_3Q) = range(13)
FEEL_COLUMNS = GAME_COLUMNS[G_LEAD_CHANGES:G_LAST_3Q + 1]
N_GAME_COLUMNS = len(GAME_COLUMNS)

(S_SPEC, S_VP, S_VP_SETTLEMENTS, S_VP_CITIES, S_VP_CARDS, S_VP_ARMY, S_VP_ROAD,
 S_GAIN_DICE, S_GAIN_SETUP, S_GAIN_TRADE, S_GAIN_STEAL, S_GAIN_DEVCARDS,
 S_SPEND_ROADS, S_SPEND_SETTLEMENTS, S_SPEND_CITIES, S_SPEND_DEVCARDS,
 S_SPEND_TRADE, S_SPEND_DISCARDS, S_SPEND_STOLEN,
 S_SETTLEMENTS, S_CITIES, S_ROADS, S_ROAD_LENGTH, S_KNIGHTS, S_DEVS_BOUGHT,
 S_DOMESTIC_TRADES) = range(len(SEAT_COLUMNS))
N_BASE_GAME_COLUMNS = len(GAME_COLUMNS)
N_BASE_SEAT_COLUMNS = len(SEAT_COLUMNS)

# The layout with every registered variant's columns (kept current by add_*_columns;
# read them as records.X when used, and in kernels from the shapes of st.stats and row)
SEAT_WIDTH = len(SEAT_COLUMNS)
SEAT_BASE = N_GAME_COLUMNS      # seat s's block starts at SEAT_BASE + s * SEAT_WIDTH
N_COLUMNS = N_GAME_COLUMNS + MAX_SEATS * SEAT_WIDTH


def _relayout():
    global SEAT_WIDTH, N_GAME_COLUMNS, SEAT_BASE, N_COLUMNS
    SEAT_WIDTH = len(SEAT_COLUMNS)
    N_GAME_COLUMNS = SEAT_BASE = len(GAME_COLUMNS)
    N_COLUMNS = N_GAME_COLUMNS + MAX_SEATS * SEAT_WIDTH


def add_seat_columns(names):
    """Append a variant's seat columns (simcore.engine.variant.register); returns the first's index."""
    first = len(SEAT_COLUMNS)
    SEAT_COLUMNS.extend(names)
    _relayout()
    return first


def add_game_columns(names):
    """Append a variant's game columns; returns the first's index in the row."""
    first = len(GAME_COLUMNS)
    GAME_COLUMNS.extend(names)
    _relayout()
    return first


def column_names():
    """CSV header: game columns, then seat0_<name> ... seat3_<name>."""
    names = list(GAME_COLUMNS)
    for seat in range(MAX_SEATS):
        names += [f"seat{seat}_{c}" for c in SEAT_COLUMNS]
    return names
