"""Main-phase actions a policy can choose: (action, x, y) with these codes.

  A_END                       end the turn
  A_ROAD e / A_SETTLEMENT c / A_CITY c   build at edge e / corner c (paying)
  A_BUY_DEV                   buy a development card
  A_TRADE give get            maritime trade of `give` at the player's rate for 1 `get`
  A_KNIGHT / A_ROADS / A_PLENTY / A_MONOPOLY   play that development card
  A_OFFER give get            offer the others 1 `give` for 1 `get` (trade.domestic)
Variants add their actions from 16 on:
  A_BUY_GB g / A_KNIGHT_BLOCK g / A_KNIGHT_REMOVE g   Grundbesitz g (simcore.grundbesitz)
"""
A_END, A_ROAD, A_SETTLEMENT, A_CITY, A_BUY_DEV, A_TRADE = 0, 1, 2, 3, 4, 5
A_KNIGHT, A_ROADS, A_PLENTY, A_MONOPOLY = 6, 7, 8, 9
A_OFFER = 10
A_BUY_GB, A_KNIGHT_BLOCK, A_KNIGHT_REMOVE = 16, 17, 18
