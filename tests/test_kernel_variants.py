"""What is compiled into a kernel: variant code only where the state carries the
variant's marker (simcore.kernel_variants), helpers finalised for linking only
(simcore.fastcompile)."""
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from numba.core.registry import cpu_target

from policies.weights import N_WEIGHTS
from simcore import fastcompile
from simcore.batch import play_batch
from simcore.kernel_variants import marker, variant_code
from simcore.variants.grundbesitz import GRUNDBESITZ, P_GB_ON
from simcore.variants.robin_hood import P_ROBIN, ROBIN_HOOD
from simcore.state import game_bytes, has_variants, new_state_buffer, rules_variants, state_dtype
from tests.kernel_probe import call_probe, probe
from tests.positions import make_params

ROOT = Path(__file__).resolve().parent.parent


def test_variant_code_is_compiled_only_into_kernels_whose_state_has_the_marker():
    base = new_state_buffer(make_params(4))
    gb = new_state_buffer(make_params(4, grundbesitz={}))
    assert rules_variants(make_params(4)) == ()
    assert call_probe(base, 5) == -1          # compiled out: the default
    assert call_probe(gb, 5) == 105           # compiled as written
    assert probe(base[0], 5) == 105           # Python always runs it as written


def test_a_state_carries_the_markers_of_the_variants_its_rules_switch_on():
    params = make_params(4)
    assert not has_variants(new_state_buffer(params), (GRUNDBESITZ,))
    params[P_GB_ON] = 1
    assert has_variants(new_state_buffer(params), (GRUNDBESITZ,))
    assert not has_variants(new_state_buffer(params), (ROBIN_HOOD,))
    params[P_ROBIN] = 1
    assert rules_variants(params) == (GRUNDBESITZ, ROBIN_HOOD)
    full = new_state_buffer()
    assert {marker(GRUNDBESITZ), marker(ROBIN_HOOD)} <= set(full.dtype.names)
    buf = new_state_buffer(params)
    assert len(game_bytes(buf)) == buf.dtype.fields["log"][1]


def test_play_batch_refuses_a_state_without_the_rules_variants():
    params = make_params(4)
    params[P_GB_ON] = 1
    kinds = np.zeros(4, np.int64)
    weights = np.zeros((4, N_WEIGHTS))
    with pytest.raises(ValueError, match="markers"):
        play_batch(params, kinds, weights, np.arange(1), np.zeros(1, np.uint32),
                   buf=new_state_buffer(make_params(4)))


def test_unknown_variant_is_refused():
    with pytest.raises(ValueError, match="unknown variant"):
        variant_code("fleisch", 0)


def test_helpers_are_linked_only_on_this_numba():
    """The compile shortcut is active (a numba without the internals it replaces
    would compile the same kernels, only about twice as slowly)."""
    assert fastcompile.installed()
    assert fastcompile.helper_key(probe) in fastcompile.HELPERS


def _probe_process(cache, *rule_sets):
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-m", "tests.kernel_probe", *rule_sets], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_kernels_cached_by_other_processes_keep_their_own_helpers(tmp_path):
    """numba names a helper compiled for a record type after a per-process counter: the
    Grundbesitz kernel cached by one process and the base kernel compiled by another
    can name different helpers alike.  Loaded into one process, each kernel must
    still call its own (fastcompile makes linked helpers internal)."""
    assert _probe_process(tmp_path, "grundbesitz") == ["grundbesitz", "105"]      # compiled and cached
    assert _probe_process(tmp_path, "base", "grundbesitz") == ["base", "-1", "grundbesitz", "105"]


def test_no_state_record_passes_for_another():
    """numba lets a record whose fields extend another's run functions compiled for
    the shorter one (a subtype): a kernel's helpers would then run with another
    kernel's variants compiled out.  Each state record ends with the log instead."""
    sets = ((), (GRUNDBESITZ,), (ROBIN_HOOD,), (GRUNDBESITZ, ROBIN_HOOD))
    records = [numba.typeof(np.zeros(1, state_dtype(v))[0]) for v in sets]
    for a in records:
        for b in records:
            if a != b:
                assert a.can_convert_to(cpu_target.typing_context, b) is None
