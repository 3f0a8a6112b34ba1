"""Event log of a replayed game: codes, the compiled writer, and the JSON view.

The kernel appends rows [type, player, a, b, c, d, hands (4 x 5), bank (5)] to
`st.log` when st.log_on is set; `event_dicts` turns them into the
JSON Lines records of `catan-balance replay`.  The codes and the meaning of a..d per
type are in simcore.event_codes (variants add theirs there through simcore.variant).
"""
import numpy as np
from simcore.jit import jitted

from simcore.event_codes import *  # noqa: F401,F403 (the codes, re-exported for the kernels)
from simcore.event_codes import EVENT_FIELDS, show
from simcore.state import LOG_FIELDS, LOG_WIDTH, N_RES


@jitted
def log_event(st, etype, player, a, b, c, d):
    if st.log_on == 0:
        return
    n = st.log_n
    if n >= st.log.shape[0]:
        return
    row = st.log[n]
    row[0] = etype
    row[1] = player
    row[2] = a
    row[3] = b
    row[4] = c
    row[5] = d
    players = st.players
    for p in range(players):
        for r in range(N_RES):
            row[LOG_FIELDS + p * N_RES + r] = st.hand[p, r]
    for r in range(N_RES):
        row[LOG_WIDTH - N_RES + r] = st.bank[r]
    st.log_n = n + 1


def event_dicts(log_rows, players):
    """JSON-ready dicts for the recorded rows (without the board event)."""
    out = []
    for row in np.asarray(log_rows):
        name, fields = EVENT_FIELDS[int(row[0])]
        ev = {"type": name, "player": int(row[1])}
        for field, value in zip(fields, row[2:LOG_FIELDS]):
            if field != "-":
                ev[field] = show(field, value)
        ev["hands"] = [[int(x) for x in row[LOG_FIELDS + p * N_RES: LOG_FIELDS + (p + 1) * N_RES]]
                       for p in range(players)]
        ev["bank"] = [int(x) for x in row[LOG_WIDTH - N_RES:]]
        out.append(ev)
    return out
