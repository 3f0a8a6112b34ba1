"""Replay one game with the event log on.

replay_events(params, kinds, weights, game_index, seed) -> list[dict]
  The first dict is the `board` event, then one dict per thing that happens, in
  order (simcore.engine.events.EVENT_FIELDS).  Every event has "type", "player" (-1 when
  none), "hands" (one list per player) and "bank" (a list), one count per card
  kind in the order the board event's "card_kinds" names (the five resources, then
  any commodities of the variants in force), plus its own fields.  The CLI writes
  them as JSON Lines.  A game of more events than the state's log holds is
  played once per page of the log: every event is there.
"""
import numpy as np

from simcore.run.batch import play_batch
from simcore.engine.events import event_dicts
from simcore.engine.params import P_PLAYERS
from simcore.engine.cards import hand_kinds
from simcore.engine.state import DESERT, GENERIC_HARBOUR, RESOURCE_NAMES, new_state_buffer
from simcore.engine.topology import (CORNER_POSITIONS, EDGE_CORNERS, EDGE_POSITIONS, HARBOUR_CORNERS, HARBOUR_SEA,
                                     HEX_POSITIONS, N_HARBOURS)


SWAP_FIELDS = ("hex_a", "hex_b", "number_a", "number_b")   # an event swapping two hexes' number tokens
                                                             # (the numbers before the swap, e.g. C&K's Inventor)


def start_numbers(numbers, events):
    """The number tokens at the start of the game: the final `numbers` with every swap
    event (SWAP_FIELDS) undone, the last first."""
    numbers = [int(n) for n in numbers]
    for ev in reversed(events):
        if all(f in ev for f in SWAP_FIELDS):
            numbers[ev["hex_a"]], numbers[ev["hex_b"]] = ev["number_a"], ev["number_b"]
    return numbers


def board_event(st, players, start_robber, hands_bank, kinds=RESOURCE_NAMES, numbers=None):
    """The board as laid at the start: hexes (axial q, r, resource, number at the start:
    `numbers`, else st's), corners (the three hex positions meeting there, sea included),
    edges (their two corners and two hex positions), harbours (corners, rate, resource)."""
    numbers = st.hex_number if numbers is None else numbers
    hexes = [{"hex": h, "q": int(q), "r": int(r),
              "resource": "desert" if st.hex_resource[h] == DESERT else RESOURCE_NAMES[st.hex_resource[h]],
              "number": int(numbers[h])}
             for h, (q, r) in enumerate(HEX_POSITIONS)]
    corners = [{"corner": c, "positions": CORNER_POSITIONS[c].tolist()} for c in range(len(CORNER_POSITIONS))]
    edges = [{"edge": e, "corners": EDGE_CORNERS[e].tolist(), "positions": EDGE_POSITIONS[e].tolist()}
             for e in range(len(EDGE_CORNERS))]
    harbours = []
    for i in range(N_HARBOURS):
        kind = int(st.corner_harbour[HARBOUR_CORNERS[i, 0]])
        harbours.append({"harbour": i, "corners": HARBOUR_CORNERS[i].tolist(), "sea": HARBOUR_SEA[i].tolist(),
                         "rate": 3 if kind == GENERIC_HARBOUR else 2,
                         "resource": "any" if kind == GENERIC_HARBOUR else RESOURCE_NAMES[kind]})
    hands, bank = hands_bank
    return {"type": "board", "player": -1, "players": players, "robber": start_robber,
            "card_kinds": list(kinds), "hexes": hexes, "corners": corners, "edges": edges, "harbours": harbours,
            "hands": hands, "bank": bank}


def replay_events(params, kinds, weights, game_index, seed):
    buf = new_state_buffer(params)
    st = buf[0]
    log = _game_log(params, kinds, weights, game_index, seed, buf)
    players = int(params[P_PLAYERS])
    names = hand_kinds(buf.dtype.names)     # as new_state_buffer laid them out
    events = event_dicts(log, players, names)
    start_robber = int(np.flatnonzero(st.hex_resource[:19] == DESERT)[0])
    supply = st.bank + st.hand[:players].sum(axis=0)    # every kind is conserved: the bank at the start
    start = ([[0] * len(names) for _ in range(players)], [int(x) for x in supply])
    numbers = start_numbers(st.hex_number, events)    # the board was laid before any swap
    return [board_event(st, players, start_robber, start, names, numbers)] + events


def _game_log(params, kinds, weights, game_index, seed, buf):
    """Every log row of the game.  The state's log holds one page of events; a game
    with more is played again for each further page (simcore.engine.events.log_event; the
    game is the same each time), so no event is ever cut."""
    st = buf[0]
    rows = st.log.shape[0]
    pages = []
    page = 1
    while True:
        play_batch(params, kinds, weights, np.array([game_index]), np.array([seed], np.uint32), buf=buf,
                   log_on=page)
        n = int(st.log_n)
        pages.append(st.log[:min(n - (page - 1) * rows, rows)].copy())
        if n <= page * rows:
            return np.concatenate(pages)
        page += 1
