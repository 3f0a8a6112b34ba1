"""What is compiled into a kernel: variant code only where the state carries the
variant's marker (simcore.engine.kernel_variants), helpers finalised for linking only
(simcore.accel.fastcompile)."""
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from numba.core.registry import cpu_target

from policies.weights import N_WEIGHTS
from simcore.accel import fastcompile
from simcore.run.batch import play_batch
from simcore.engine.kernel_variants import marker, variant_code
from simcore.variants.grundbesitz import GRUNDBESITZ, P_GB_ON
from simcore.variants.robin_hood import P_ROBIN, ROBIN_HOOD
from simcore.engine.state import game_bytes, has_variants, new_state_buffer, rules_variants, state_dtype
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


def _probe_process(cache, *args, **env):
    """Run `python -m tests.kernel_probe ARGS` (or `python -c CODE ARGS` for args ("-c", CODE, ...))."""
    command = [sys.executable, *args] if args[0] == "-c" else [sys.executable, "-m", "tests.kernel_probe", *args]
    done = subprocess.run(command, env={**os.environ, "NUMBA_CACHE_DIR": str(cache), **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.parametrize("fast", ["1", "0"])
def test_kernels_cached_by_other_processes_keep_their_own_helpers(tmp_path, fast):
    """numba names a helper compiled for a record type after its argument types: the
    Grundbesitz kernel cached by one process and the base kernel compiled by another
    must not name different helpers alike.  Loaded into one process, each kernel must
    still call its own (records named by their layouts, simcore.accel.record_names; with
    fastcompile on, its linked helpers are internal too)."""
    env = {fastcompile.SWITCH: fast}
    assert _probe_process(tmp_path, "grundbesitz", **env) == ["grundbesitz", "105"]      # compiled and cached
    assert _probe_process(tmp_path, "base", "grundbesitz", **env) == ["base", "-1", "grundbesitz", "105"]


SHOW_RECORD_NAMES = """
import sys, numba, numpy as np
from numba.core.itanium_mangler import mangle_type
from simcore.engine.state import new_state_buffer
from tests.positions import make_params
for k in range(int(sys.argv[1])):   # other record types first: numba's own count moves on
    numba.typeof(np.zeros(1, [("pad", np.int64, (k + 1,))])[0])
for name in sys.argv[2:]:
    print(mangle_type(numba.typeof(new_state_buffer(make_params(4, grundbesitz={} if name == "gb" else None))[0])))
"""


def test_record_types_are_named_by_their_layout_in_every_process(tmp_path):
    """numba's own name for a record type is a number counted up in each process: a helper
    compiled for the base record in one process was named as the one compiled for the
    Grundbesitz record in another (tests/kernel_probe.py, with the counts aligned)."""
    base, gb = _probe_process(tmp_path, "-c", SHOW_RECORD_NAMES, "0", "base", "gb")
    assert base != gb
    assert _probe_process(tmp_path, "-c", SHOW_RECORD_NAMES, "3", "gb", "base") == [gb, base]


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
