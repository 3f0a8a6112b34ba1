"""The compile glue: the jit decorators and the kernel cache (jit), and two numba shortcuts
that prove themselves and fall back (fastcompile: cold compiles without numba's throw-away
work; record_names: state record types named by their layouts).  Nothing in the rules
knows of the shortcuts: with them off, numba compiles the same code as it always does.

The shortcuts replace numba internals; they were written and tested against the numba
releases TESTED_NUMBA.  With any other numba both stay off (fastcompile says so in one line)
and plain numba runs: slower compiles, the same games.  Nothing here imports numba.
"""
import re

TESTED_NUMBA = ("0.61", "0.68")   # the first and last numba release (major.minor) they were tested with


def _release(version):
    m = re.match(r"(\d+)\.(\d+)", version)
    return (int(m.group(1)), int(m.group(2))) if m else None


def numba_tested(version):
    """True for a numba version string ("0.61.2") within TESTED_NUMBA."""
    release = _release(version)
    return release is not None and _release(TESTED_NUMBA[0]) <= release <= _release(TESTED_NUMBA[1])
