"""Per-game seeds: the documented SeedSequence derivation, independent of chunking."""
import time

import numpy as np
import pytest

from simcore.run.seeds import game_seeds, reference_seed


@pytest.mark.parametrize("run_seed", [0, 1, 7, 2**32 - 1, 2**32, 123456789012345, 2**63 - 1])
def test_matches_seedsequence_definition(run_seed):
    for start in (0, 1, 999, 2**32 - 4):
        got = game_seeds(run_seed, start, 3)
        assert got.dtype == np.uint32
        assert got.tolist() == [reference_seed(run_seed, g) for g in range(start, start + 3)]


def test_chunking_never_changes_a_game():
    whole = game_seeds(42, 0, 1000)
    pieces = np.concatenate([game_seeds(42, s, n) for s, n in [(0, 1), (1, 299), (300, 700)]])
    assert np.array_equal(whole, pieces)
    assert np.array_equal(game_seeds(42, 0, 1000), whole)          # deterministic
    assert not np.array_equal(game_seeds(43, 0, 1000), whole)      # the run seed matters
    assert len(np.unique(whole)) > 990                              # and games differ


def test_fast_enough_and_empty():
    t0 = time.perf_counter()
    game_seeds(1, 0, 10_000)
    assert time.perf_counter() - t0 < 0.2
    assert game_seeds(1, 5, 0).shape == (0,)
