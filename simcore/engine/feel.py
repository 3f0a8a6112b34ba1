"""How the game played (docs/reports.md, How the game plays): the lead, comebacks, the decisive turn.

Each seat's VP after every player-turn is kept in st.vp_trace (row k: after k player-turns, row 0
after the setup), written as a turn starts (note_standings) and, for the end, by the record; the
record's game columns records.FEEL_COLUMNS are read from it once the game is over (measure).  The
trace sits after the log, so that a new game does not zero it and a strong seat's look-ahead does
not copy it (simcore.engine.state); every row a game reads it wrote itself.  Games of one seat
(a solo mode) have no lead: their columns stay -1.
"""
from simcore.accel.jit import jitted

from simcore.engine import records as R
from simcore.engine.state import all_victory_points


@jitted
def note_standings(st):
    """Row st.turn of the trace: each seat's VP after st.turn player-turns (state.all_victory_points)."""
    k = st.turn
    if st.players < 2 or k >= st.vp_trace.shape[0]:
        return
    all_victory_points(st, st.vp_trace[k])


@jitted
def standings(vp, players):
    """(most VP, second most, the seat with the most alone or -1 on a tie, fewest VP) of one row."""
    top = vp[0]
    second = -(1 << 30)
    leader = 0
    low = vp[0]
    for p in range(1, players):
        v = vp[p]
        if v > top:
            second = top
            top = v
            leader = p
        elif v > second:
            second = v
        if v < low:
            low = v
    return top, second, leader if top > second else -1, low


@jitted
def behind(vp, players, seat):
    """(1 if `seat` has fewer VP than the leader, 1 if it has the fewest and not every seat is level)."""
    top, _, _, low = standings(vp, players)
    return (1 if vp[seat] < top else 0), (1 if vp[seat] == low and low < top else 0)


@jitted
def measure(trace, turns, players, winner, row):
    """The FEEL_COLUMNS of a game of `turns` player-turns (trace rows 0..turns) into the record row;
    those that need a winner stay as they are (-1) without one."""
    changes = 0
    largest = 0
    last_leader = -1
    decisive = 0
    for k in range(turns + 1):
        top, second, leader, _ = standings(trace[k], players)
        if top - second > largest:
            largest = top - second
        if leader >= 0:
            if last_leader >= 0 and leader != last_leader:
                changes += 1
            last_leader = leader
        if leader != winner:
            decisive = k + 1
    row[R.G_LEAD_CHANGES] = changes
    row[R.G_LARGEST_LEAD] = largest
    if winner < 0:
        return
    end = trace[turns]
    best_other = -(1 << 30)
    for p in range(players):
        if p != winner and end[p] > best_other:
            best_other = end[p]
    row[R.G_WINNER_MARGIN] = end[winner] - best_other
    row[R.G_DECISIVE_TURN] = min(decisive, turns)
    row[R.G_BEHIND_HALF], row[R.G_LAST_HALF] = behind(trace[turns // 2], players, winner)
    row[R.G_BEHIND_3Q], row[R.G_LAST_3Q] = behind(trace[3 * turns // 4], players, winner)


@jitted
def record(st, row):
    """The game's FEEL_COLUMNS (after its last standings are noted)."""
    if st.players < 2 or st.turn >= st.vp_trace.shape[0]:
        return
    note_standings(st)
    measure(st.vp_trace, st.turn, st.players, st.winner, row)
