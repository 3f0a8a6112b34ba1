"""The record row a kernel writes: the record columns (simcore.engine.records) of the base game and
of the variants compiled in, and no others.

For variants V (in registration order) a row holds the game columns (the base game's, then
each variant's of V), then records.MAX_SEATS blocks of seat columns (the base game's, then
each variant's of V; seats beyond the player count hold -1).  The base game's columns come
first in both parts, so records.G_* index the row and records.S_* a seat block as in the full
layout (records.column_names); a variant's columns are found with `game_at` and `at`.
games.csv is this row of the variants in force, the policy names added (simcore.run.outputs).
Nothing here imports numba: the run layer and the reports read it.
"""
import numpy as np

from simcore.engine import records as R
from simcore.engine.variant import REGISTRY


class RowLayout:
    """The row of the kernels for rules with `variants` on (names; others are ignored)."""

    def __init__(self, variants):
        self.variants = tuple(name for name in REGISTRY if name in variants)
        game, seat = list(range(R.N_BASE_GAME_COLUMNS)), list(range(R.N_BASE_SEAT_COLUMNS))
        for name in self.variants:
            v = REGISTRY[name]
            game += range(v.game_base, v.game_base + len(v.game_columns))
            seat += range(v.seat_base, v.seat_base + len(v.seat_columns))
        self.game = np.array(game, dtype=np.int64)   # indices into records.GAME_COLUMNS, in row order
        self.seat = np.array(seat, dtype=np.int64)   # indices into records.SEAT_COLUMNS (st.stats), per block
        self.seat_base = len(game)                   # seat s's block starts at seat_base + s * seat_width
        self.seat_width = len(seat)
        self.width = self.seat_base + R.MAX_SEATS * self.seat_width

    def game_at(self, column):
        """Row index of a game column (an index into records.GAME_COLUMNS, or its name)."""
        column = R.GAME_COLUMNS.index(column) if isinstance(column, str) else column
        return int(np.flatnonzero(self.game == column)[0])

    def at(self, seat, column):
        """Row index of seat `seat`'s column (an index into records.SEAT_COLUMNS, or its name);
        `seat` may be an array of seats."""
        column = R.SEAT_COLUMNS.index(column) if isinstance(column, str) else column
        return self.seat_base + np.asarray(seat) * self.seat_width + int(np.flatnonzero(self.seat == column)[0])

    def block(self, seat):
        """Row indices of seat `seat`'s block, in order."""
        return self.seat_base + seat * self.seat_width + np.arange(self.seat_width)

    def names(self):
        """Column names of the row: game columns, then seat0_<name> ... seat3_<name>."""
        names = [R.GAME_COLUMNS[i] for i in self.game]
        for seat in range(R.MAX_SEATS):
            names += [f"seat{seat}_{R.SEAT_COLUMNS[i]}" for i in self.seat]
        return names

    def seat_runs(self):
        """(position in a seat block, first stats column, count) of each run of consecutive
        st.stats columns a seat block holds: what the kernel copies (simcore.engine.hooks.record)."""
        runs = []
        for at, column in enumerate(self.seat.tolist()):
            if runs and runs[-1][1] + runs[-1][2] == column:
                runs[-1][2] += 1
            else:
                runs.append([at, column, 1])
        return [tuple(r) for r in runs]

    def take(self, rows, other):
        """`rows` of this layout in the layout `other` (whose variants are among these)."""
        cols = [self.game_at(int(i)) for i in other.game]
        for seat in range(R.MAX_SEATS):
            cols += [self.at(seat, int(i)) for i in other.seat]
        return rows[:, cols]


def stats_width(variants):
    """Columns of st.stats in a kernel compiled with `variants`: the base game's seat columns
    and every seat column up to the last of those variants' (their records.S_* indices are
    the full layout's)."""
    return max([R.N_BASE_SEAT_COLUMNS] + [REGISTRY[name].seat_base + len(REGISTRY[name].seat_columns)
                                          for name in variants if name in REGISTRY])
