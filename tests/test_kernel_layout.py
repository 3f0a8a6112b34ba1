"""What a kernel holds of the variants it does not play: its record row has only the
columns of the variants compiled in (simcore.engine.rows), st.stats only the seat columns up to
theirs, and the base game's code that only a variant needs compiles out (an `owe` hook's
leftover payment, simcore.engine.economy.pay_rest; reads of corner_guard, simcore.engine.pieces)."""
import numpy as np
from numba import njit

from policies.registry import resolve
from simcore.engine import records as R
from simcore.run.batch import play_batch, row_layout
from simcore.engine.economy import pay_rest
from simcore.engine.hooks import _record_source
from simcore.run.outputs import csv_columns
from simcore.engine.pieces import corner_guard
from simcore.engine.rows import RowLayout, stats_width
from simcore.run.seeds import game_seeds
from simcore.engine.state import state_dtype
from simcore.engine.variant import REGISTRY
from simcore.variants.grundbesitz import GB
from simcore.variants.robin_hood import ROBIN
from tests.positions import make_params
from tests.robin_positions import robin_params


def _games(params, players, n=3):
    kind, weights = resolve("greedy")
    return play_batch(params, np.full(players, kind), np.tile(weights, (players, 1)), np.arange(n),
                      game_seeds(5, 0, n))


def test_a_base_kernel_writes_only_the_base_columns():
    rows = _games(make_params(4), 4)
    assert rows.shape[1] == R.N_BASE_GAME_COLUMNS + R.MAX_SEATS * R.N_BASE_SEAT_COLUMNS == row_layout(make_params(4)).width
    assert rows.shape[1] < R.N_COLUMNS                     # the variants' columns are not in it
    layout = RowLayout(())
    assert (rows[:, layout.at(np.arange(4), R.S_VP)].max(axis=1) >= 10).all()   # someone won
    assert (rows[:, R.G_GAME] == np.arange(3)).all()


def test_a_variant_kernel_adds_only_its_own_columns():
    rows = _games(robin_params(), 1, n=2)
    n_robin = len(ROBIN.game_columns)
    assert rows.shape[1] == R.N_BASE_GAME_COLUMNS + n_robin + R.MAX_SEATS * R.N_BASE_SEAT_COLUMNS
    gb = RowLayout(("grundbesitz",))
    assert gb.width == R.N_BASE_GAME_COLUMNS + R.MAX_SEATS * (R.N_BASE_SEAT_COLUMNS + len(GB.seat_columns))
    assert (rows[:, RowLayout(("robin_hood",)).block(1)] == -1).all()   # seat 1: a one-player game


def test_the_row_names_are_the_csv_columns_without_the_policy_names():
    for variants in ((), ("grundbesitz",), ("robin_hood",), ("ck",), ("ck", "autarkie")):
        layout = RowLayout(variants)
        assert [c for c in csv_columns(variants) if not c.endswith("policy")] == layout.names()
        assert len(layout.names()) == layout.width
        for name in variants:   # a variant's columns are where the full layout's names say
            v = REGISTRY[name]
            for k, (c, _) in enumerate(v.game_columns):
                assert layout.names()[layout.game_at(v.game_base + k)] == v.game_prefix + c
            for c, _ in v.seat_columns:
                assert layout.names()[int(layout.at(3, c))] == f"seat3_{c}"


def test_a_wider_row_is_taken_down_to_the_variants_in_force():
    wide, narrow = RowLayout(("grundbesitz", "robin_hood")), RowLayout(("robin_hood",))
    rows = np.arange(2 * wide.width).reshape(2, wide.width)
    names = wide.names()
    taken = wide.take(rows, narrow)
    assert [names[i] for i in taken[0]] == narrow.names()


def test_the_kernel_copies_st_stats_in_runs_and_only_the_seat_columns_in_force():
    assert RowLayout(()).seat_runs() == [(0, 0, R.N_BASE_SEAT_COLUMNS)]
    ck = REGISTRY["ck"]
    assert RowLayout(("ck",)).seat_runs() == [(0, 0, R.N_BASE_SEAT_COLUMNS),
                                             (R.N_BASE_SEAT_COLUMNS, ck.seat_base, len(ck.seat_columns))]
    assert stats_width(()) == R.N_BASE_SEAT_COLUMNS
    assert stats_width(("ck",)) == ck.seat_base + len(ck.seat_columns)
    assert state_dtype(()).fields["stats"][0].shape == (R.MAX_SEATS, R.N_BASE_SEAT_COLUMNS)
    assert "ck_game" not in _record_source(()) and "ck_game" in _record_source(("ck",))


@njit
def _pay_rest(buf):
    pay_rest(buf[0], 0)
    return buf[0].hand[0, 0]


@njit
def _guard(buf, c):
    return corner_guard(buf[0], c)


def _state(variants):
    buf = np.zeros(1, state_dtype(variants)).view(np.recarray)
    st = buf[0]
    st.players = 2
    st.owed[0, 0] = 2          # owed beyond what the hexes paid (only an `owe` hook does that)
    st.bank[0] = 5
    st.corner_guard[:] = -1
    st.corner_guard[7] = 1     # only a variant with Variant.guards puts a piece here
    return buf


def test_a_kernel_without_an_owe_hook_has_no_leftover_payment():
    assert not any(hasattr(__import__(v.kernel, fromlist=["owe"]), "owe") for v in (GB, ROBIN))
    assert _pay_rest(_state(())) == 0                   # compiled out
    assert _pay_rest(_state(("grundbesitz",))) == 0
    assert _pay_rest(_state(("ck",))) == 2              # C&K owes commodities: compiled in
    buf = _state(())
    pay_rest(buf[0], 0)                                 # Python runs it as written
    assert buf[0].hand[0, 0] == 2


def test_corner_guard_is_read_only_where_a_variant_places_guards():
    assert REGISTRY["ck"].guards and not GB.guards and not ROBIN.guards
    assert _guard(_state(()), 7) == -1                  # compiled out
    assert _guard(_state(("robin_hood",)), 7) == -1
    assert _guard(_state(("ck",)), 7) == 1              # C&K's knights
    assert corner_guard(_state(())[0], 7) == 1          # Python reads the field
