"""Thin Python shell around the game kernel: checks inputs, calls the compiled batch.

play_batch(params, kinds, weights, game_indices, seeds) -> int64[n, row_layout(params).width]
  params:       int64[params.N_PARAMS]      packed rules (simcore.run.config.pack_rules)
  kinds:        int64[specs]                policy kind per *scenario* seat spec (specs = players,
  weights:      float64[specs, N_WEIGHTS]   weights per scenario seat spec   or params[P_SEAT_SPECS])
  game_indices: int64[n]                    game index within the run (drives seat rotation)
  seeds:        uint32[n]                   one seed per game (simcore.run.seeds.game_seeds)
A game's row depends only on (params, kinds, weights, game index, seed); its columns are
those of the base game and the variants the rules switch on (simcore.engine.rows, `row_layout`).
"""
import json
from pathlib import Path

import numpy as np

from policies import weights as W
from simcore.engine import params as P
from policies.rollout_seat import is_rollout
from simcore.engine.game import play_batch_kernel
from simcore.engine.search import play_search_kernel
from simcore.engine.value import DEFAULT_VALUE
from simcore.engine.hooks import compiled_variants
from simcore.engine.kernels import record_variants
from simcore.engine.rows import RowLayout
from simcore.engine.params import P_PLAYERS, P_SEAT_SPECS
from simcore.engine.state import game_bytes, has_variants, new_state_buffer, rules_variants
from simcore.engine.variant import REGISTRY


def play_batch(params, kinds, weights, game_indices, seeds, buf=None, log_on=False):
    """Rows of the games (see module doc); `buf`/`log_on` are for replays."""
    params = np.ascontiguousarray(params, dtype=np.int64)
    specs = int(params[P_SEAT_SPECS]) or int(params[P_PLAYERS])
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    game_indices = np.ascontiguousarray(game_indices, dtype=np.int64)
    seeds = np.ascontiguousarray(seeds, dtype=np.uint32)
    if params.shape != (P.N_PARAMS,):   # the layouts grow with the variants: read them now
        raise ValueError(f"params must have shape ({P.N_PARAMS},), not {params.shape}")
    if kinds.shape != (specs,) or weights.shape != (specs, W.N_WEIGHTS):
        raise ValueError(f"kinds/weights must have {specs} rows (one per scenario seat) and {W.N_WEIGHTS} weights")
    if game_indices.shape != seeds.shape or game_indices.ndim != 1:
        raise ValueError("game_indices and seeds must be 1-D and of equal length")
    if buf is None:
        buf = new_state_buffer(params)
    elif not has_variants(buf, rules_variants(params)):
        raise ValueError(f"the state buffer lacks the markers of {rules_variants(params)}: "
                         "make it with new_state_buffer(params)")
    compiled = RowLayout(compiled_variants(buf))
    out = np.empty((len(game_indices), compiled.width), dtype=np.int64)
    if any(is_rollout(k) for k in kinds):   # rollout seats: the search driver (simcore.engine.search)
        work, work_bytes = work_buffer(buf)
        play_search_kernel(params, kinds, weights, value_model(params), game_indices, seeds, out, buf,
                           game_bytes(buf), work, work_bytes, int(log_on))
    else:
        play_batch_kernel(params, kinds, weights, game_indices, seeds, out, buf, game_bytes(buf), int(log_on))
    layout = row_layout(params)
    return out if layout.variants == compiled.variants else compiled.take(out, layout)


VALUE_MODELS = Path(__file__).resolve().parents[2] / "policies" / "rollout_value.json"


def value_model(params):
    """The coefficients of the value at a rollout's horizon for these rules (simcore.engine.value),
    fitted by simcore.studies.value_fit into policies/rollout_value.json; a rule set not fitted yet
    gets the base game's."""
    models = json.loads(VALUE_MODELS.read_text())["models"] if VALUE_MODELS.is_file() else {}
    key = "+".join(rules_variants(params)) or "base"
    coef = models.get(key, models.get("base", {})).get("coef", DEFAULT_VALUE)
    return np.asarray(coef, dtype=np.float64)


def row_layout(params):
    """The columns of play_batch's rows for the packed rules `params` (simcore.engine.rows.RowLayout)."""
    return RowLayout(rules_variants(params))


# --- start-up: the kernel compiled (or loaded from the cache) before the games ---

# The base game's cold compile, in CPU seconds of its one process (= the wall time on an idle core),
# measured by `NUMBA_CACHE_DIR=$(mktemp -d) catan-balance bench -n 2000` (its compile line): 21.3 s of CPU,
# 2026-12-06; the README and docs/performance.md quote the same figure.  A kernel with variants holds the
# base game's code too; its estimate is the variant's own (Variant.compile_seconds, not re-measured with
# this command yet), and MORE_VARIANT_SECONDS for each further variant.
BASE_COMPILE_SECONDS = 21
MORE_VARIANT_SECONDS = 5


def compile_seconds(variants):
    """The cold compile of the kernel for these variants (names), roughly, in seconds of one idle core."""
    own = [REGISTRY[name].compile_seconds for name in variants]
    return max(own, default=BASE_COMPILE_SECONDS) + MORE_VARIANT_SECONDS * max(len(own) - 1, 0)


def kernel_cached(params, kinds=None):
    """True when the kernel for these rules (and seats: the search kernel for rollout seats) is in
    numba's disk cache (or loaded), False when it must be compiled, None when numba's cache cannot be
    asked (then nothing is promised)."""
    buf = new_state_buffer(params)
    search = kinds is not None and any(is_rollout(k) for k in kinds)
    kernel = play_search_kernel if search else play_batch_kernel
    try:
        dispatcher = kernel.of(record_variants(buf.dtype))
        args = _kernel_args(params, buf, search)
        sig = tuple(dispatcher.typeof_pyval(a) for a in args)
        if sig in dispatcher.overloads:
            return True
        cache = dispatcher._cache
        key = cache._index_key(sig, dispatcher.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # numba internals moved: the timer in warm_up speaks instead
        return None


def _kernel_args(params, buf, search=False):
    one = np.zeros(1, dtype=np.int64)
    specs = int(params[P_SEAT_SPECS]) or int(params[P_PLAYERS])
    kinds, weights = np.zeros(specs, np.int64), np.zeros((specs, W.N_WEIGHTS))
    out = np.empty((1, row_layout(params).width), np.int64)
    if search:
        work, work_bytes = work_buffer(buf)
        return (np.ascontiguousarray(params, dtype=np.int64), kinds, weights, value_model(params), one,
                np.zeros(1, np.uint32), out, buf, game_bytes(buf), work, work_bytes, 0)
    return (np.ascontiguousarray(params, dtype=np.int64), kinds, weights, one, np.zeros(1, np.uint32),
            out, buf, game_bytes(buf), 0)


def work_buffer(buf):
    """The search kernel's two state records of buf's type, and their memory before the log."""
    work = np.zeros(2, buf.dtype).view(np.recarray)
    return work, work.view(np.uint8).reshape(2, -1)[:, :game_bytes(buf).shape[0]]


def engine_name(params):
    """'the base game', 'grundbesitz', ...: which kernel these rules need."""
    return "+".join(rules_variants(params)) or "the base game"


def compile_line(params):
    seconds = compile_seconds(rules_variants(params))
    return (f"compiling the engine for {engine_name(params)} (first run only; "
            f"about {seconds} s on an idle core, longer on a busy machine)")


def warm_up(params, kinds, weights, stream, load=True):
    """Play one game so that the kernel is compiled and cached; say so on `stream` when it compiles.
    load=False: only when it is not cached yet (workers load it themselves).  Returns (seconds it
    took, whether it compiled), or None when nothing was done."""
    from simcore.run.progress import CompileNotice
    cached = kernel_cached(params, kinds)
    if cached and not load:
        return None
    # not cached: say so at once; unknown (numba's cache cannot be asked): after 2 s
    notice = CompileNotice(stream, compile_line(params), None if cached else 0.0 if cached is False else 2.0)
    try:
        play_batch(params, kinds, weights, np.zeros(1, np.int64), np.ones(1, np.uint32))
    finally:
        seconds = notice.stop()
    return seconds, notice.shown
