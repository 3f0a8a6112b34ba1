"""One seed per game, derived from the run seed and the game index only.

Game g's seed is `SeedSequence(entropy=run_seed, spawn_key=(g,)).generate_state(1)[0]`,
so how games are split into chunks, jobs or machines never changes a game.
`game_seeds` computes exactly that, vectorised over g: it replays numpy's
SeedSequence mixing (a documented, stable algorithm) on uint32 arrays.
`reference_seed` is the plain one-by-one definition; the tests compare both.
"""
import numpy as np

# Constants of numpy's SeedSequence (numpy/random/bit_generator.pyx).
_POOL_SIZE = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_MASK = 0xFFFFFFFF


def reference_seed(run_seed, game):
    """Game `game`'s seed, by definition (slow: one SeedSequence per game)."""
    return np.random.SeedSequence(entropy=run_seed, spawn_key=(game,)).generate_state(1)[0]


def _words(value):
    """A non-negative int as little-endian uint32 words, as SeedSequence splits it."""
    words = []
    while True:
        words.append(value & _MASK)
        value >>= 32
        if not value:
            return words


class _HashMix:
    """SeedSequence's hashmix with its running hash constant (the same for every game)."""

    def __init__(self):
        self.const = _INIT_A

    def __call__(self, value):
        value = value ^ np.uint32(self.const)
        self.const = (self.const * _MULT_A) & _MASK
        value = value * np.uint32(self.const)
        return value ^ (value >> np.uint32(16))


def _mix(x, y):
    r = np.uint32(_MIX_MULT_L) * x - np.uint32(_MIX_MULT_R) * y
    return r ^ (r >> np.uint32(16))


def game_seeds(run_seed, start, count):
    """uint32[count]: the seeds of games start .. start+count-1 of a run."""
    games = np.arange(start, start + count, dtype=np.uint64)
    if count and games[-1] > _MASK:
        raise ValueError("game index must be below 2**32")
    run_words = _words(int(run_seed))
    if len(run_words) > _POOL_SIZE:
        raise ValueError("run seed must be below 2**128")
    entropy = run_words + [0] * (_POOL_SIZE - len(run_words))  # padded: a spawn key follows
    entropy = [np.full(count, w, dtype=np.uint32) for w in entropy] + [games.astype(np.uint32)]

    hashmix = _HashMix()
    pool = [hashmix(entropy[i]) for i in range(_POOL_SIZE)]
    for src in range(_POOL_SIZE):
        for dst in range(_POOL_SIZE):
            if src != dst:
                pool[dst] = _mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL_SIZE, len(entropy)):
        for dst in range(_POOL_SIZE):
            pool[dst] = _mix(pool[dst], hashmix(entropy[src]))

    # generate_state(1): the first word of the pool, hashed once more.
    out = pool[0] ^ np.uint32(_INIT_B)
    out = out * np.uint32((_INIT_B * _MULT_B) & _MASK)
    return out ^ (out >> np.uint32(16))
