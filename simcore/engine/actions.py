"""Main-phase actions a policy can choose: (action, x, y) with these codes.

  A_END                       end the turn
  A_ROAD e / A_SETTLEMENT c / A_CITY c   build at edge e / corner c (paying)
  A_BUY_DEV                   buy a development card
  A_TRADE give get            maritime trade of `give` at the player's rate for 1 `get`
  A_KNIGHT / A_ROADS / A_PLENTY / A_MONOPOLY   play that development card
  A_OFFER give get            offer the others 1 `give` for 1 `get` (trade.domestic)
  A_LOOKAHEAD n               no action: a strong seat listed n options in st.cand_a/x/y and asks the
                              engine to play the one it values most afterwards (simcore.engine.lookahead)
Variants declare theirs (simcore.engine.variant); their codes follow, in registration order
(e.g. simcore.variants.grundbesitz.A_BUY_GB).
"""
A_END, A_ROAD, A_SETTLEMENT, A_CITY, A_BUY_DEV, A_TRADE = 0, 1, 2, 3, 4, 5
A_KNIGHT, A_ROADS, A_PLENTY, A_MONOPOLY = 6, 7, 8, 9
A_OFFER = 10
ACTION_NAMES = ["end", "road", "settlement", "city", "buy_dev", "trade", "knight", "road_building",
                "year_of_plenty", "monopoly", "offer"]
N_BASE_ACTIONS = len(ACTION_NAMES)
A_LOOKAHEAD = -2   # never played: see above


def add_action(name):
    """The code of a variant's new action (simcore.engine.variant.register)."""
    ACTION_NAMES.append(name)
    return len(ACTION_NAMES) - 1
