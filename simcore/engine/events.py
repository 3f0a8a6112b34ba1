"""Event log of a replayed game: codes, the compiled writer, and the JSON view.

The kernel appends rows [type, player, a, b, c, d, hands (MAX_PLAYERS x kinds),
bank (kinds)] to `st.log` when st.log_on is set (kinds: the card kinds of the
hands, simcore.engine.cards; a page of st.log_n events: log_event); `event_dicts` turns them
into the JSON Lines records of `catan-balance replay`.  The codes and the meaning of
a..d per type are in simcore.engine.event_codes (variants add theirs there through simcore.engine.variant).
"""
import numpy as np
from simcore.accel.jit import jitted

from simcore.engine.event_codes import *  # noqa: F401,F403 (the codes, re-exported for the kernels)
from simcore.engine.event_codes import EVENT_FIELDS, show
from simcore.engine.state import LOG_FIELDS, MAX_PLAYERS, RESOURCE_NAMES


@jitted
def log_event(st, etype, player, a, b, c, d):
    """Count the event in st.log_n and record it if it falls on the page st.log_on
    selects: page k >= 1 holds events (k - 1) * rows .. k * rows - 1 of the game,
    rows = len(st.log).  A replay plays a longer game once per page (simcore.run.replay)."""
    if st.log_on == 0:
        return
    n = st.log_n
    st.log_n = n + 1
    rows = st.log.shape[0]
    i = n - (st.log_on - 1) * rows
    if i < 0 or i >= rows:
        return
    row = st.log[i]
    row[0] = etype
    row[1] = player
    row[2] = a
    row[3] = b
    row[4] = c
    row[5] = d
    width = st.hand.shape[1]
    bank = LOG_FIELDS + st.hand.shape[0] * width
    players = st.players
    for p in range(players):
        for r in range(width):
            row[LOG_FIELDS + p * width + r] = st.hand[p, r]
    for r in range(width):
        row[bank + r] = st.bank[r]


def event_dicts(log_rows, players, kinds=RESOURCE_NAMES):
    """JSON-ready dicts for the recorded rows (without the board event); `kinds` names
    the card kinds of the hands (state.card_kinds), in the order of "hands" and "bank"."""
    width = len(kinds)
    bank = LOG_FIELDS + MAX_PLAYERS * width
    out = []
    for row in np.asarray(log_rows).tolist():   # (Python ints at once: a game has thousands of rows)
        name, fields = EVENT_FIELDS[row[0]]
        ev = {"type": name, "player": row[1]}
        for field, value in zip(fields, row[2:LOG_FIELDS]):
            if field != "-":
                ev[field] = show(field, value, kinds)
        ev["hands"] = [row[LOG_FIELDS + p * width: LOG_FIELDS + (p + 1) * width] for p in range(players)]
        ev["bank"] = row[bank:bank + width]
        out.append(ev)
    return out
