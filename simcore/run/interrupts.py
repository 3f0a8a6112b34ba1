"""Ctrl-C, whatever a library makes of it (issue 39): numba, interrupted while it compiles or loads a
kernel from its cache, raises an error of its own ("RuntimeError: no compiled object yet for <Library
'_write'>") instead of the KeyboardInterrupt.  listen() makes SIGINT remembered (and still raise
KeyboardInterrupt, as Python's own handler does); was(error, since) says whether an error came with a
Ctrl-C after the count `since`, so that a run keeps its games and exits as interrupted."""
import signal
import threading

_count = [0]


def _on_sigint(signum, frame):
    _count[0] += 1
    raise KeyboardInterrupt


def listen():
    """Remember Ctrl-Cs from now on (the main thread only, where Python runs handlers); the count so far."""
    if threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
    return _count[0]


def was(error, since):
    """True if `error` is a Ctrl-C, or came after one (counted after `since`)."""
    return isinstance(error, KeyboardInterrupt) or _count[0] > since


class Interrupted(Exception):
    """A Ctrl-C a command has answered: its message says what is kept and how to go on; the command
    line prints it and exits 130."""
