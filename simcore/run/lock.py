"""One writer per results folder (issue 42; docs/guide.md, "One command writes a folder at a time").

Every command that writes a results folder holds an exclusive OS lock (fcntl.flock) on
FOLDER/.writer.lock for as long as it writes.  The OS lets the lock go when the process ends,
however it ends (Ctrl-C, SIGKILL, the OOM killer): a killed run leaves no stale lock and the next
command takes it at once.  The file names its owner (pid, host, command, start), so that a second
writer is refused with one line naming them (Busy, an InputError: exit 2, nothing changed); the
owner removes the file when it is done (a killed owner's file stays, unlocked: it says nothing).

Readers take no lock: `writer(folder)` tells who writes a folder (a shared lock tried and let go
at once).  One process may take a folder it holds again (a run, then its report).  Worker
processes forked while a lock is held close their copy of it (`forget_inherited`, in their
initializer): only the process that took a lock holds it, so its death frees the folder.

The lock holds between machines only where the file system passes flock on to its server (NFS
does, unless mounted with `nolock` or `local_lock=flock|all`; SMB/CIFS mounted with `nobrl`,
sshfs and other FUSE file systems do not); where it does not, it holds between the processes of
one machine.  A file system that refuses locks altogether gets a note and no lock.
"""
import json
import os
import socket
import sys
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from simcore.engine.errors import InputError

try:
    import fcntl
except ImportError:     # Windows: no flock; one writer per folder is then up to the user (docs/guide.md)
    fcntl = None

LOCK = ".writer.lock"
WAIT = "wait until it ends, or use --out for another directory"
_RETRY_S = 0.5     # a reader's look holds a shared lock for microseconds: try again before refusing
_HELD = {}         # real path of a folder -> [fd, depth] of the locks this process holds


class Busy(InputError):
    """Another process writes the folder (owner: what its lock file says; {} when unknown)."""

    def __init__(self, folder, owner, advice=WAIT):
        self.folder, self.owner = Path(folder), owner
        super().__init__(f"{folder}: {_state(folder, who(owner))}; {advice}")


def who(owner):
    """'pid 4242 since 2026-12-06 05:58:01 (catan-balance run base --out x)'; the host when not this one."""
    if not owner or "pid" not in owner:
        return "another process"
    host = owner.get("host")
    text = f"pid {owner['pid']}" + (f" on {host}" if host and host != socket.gethostname() else "")
    text += f" since {owner['since']}" if owner.get("since") else ""
    return text + (f" ({owner['command']})" if owner.get("command") else "")


def _state(folder, owner_text):
    """What the folder holds, as meta.json says (written by runs, sweeps and ladders)."""
    try:
        meta = json.loads((Path(folder) / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = {}
    kind = meta.get("kind") if isinstance(meta, dict) else None
    if kind and not meta.get("complete"):
        return f"holds an unfinished {kind} still being written by {owner_text}"
    return f"is being written by {owner_text}"


@contextmanager
def writing(folder, advice=WAIT):
    """Hold the writer's lock of `folder` (created if missing; removed again if it is left empty)
    for the block; Busy when another process holds it."""
    folder = Path(folder)
    made = _make(folder)
    key = os.path.realpath(folder)
    if key in _HELD:
        _HELD[key][1] += 1
        try:
            yield
        finally:
            _HELD[key][1] -= 1
        return
    try:
        fd = _take(folder, advice)
    except BaseException:
        _remove_empty(made)
        raise
    _HELD[key] = [fd, 1]
    try:
        yield
    finally:
        del _HELD[key]
        _let_go(folder, fd)
        _remove_empty(made)


@contextmanager
def writing_all(folders, advice=WAIT):
    """writing() of every folder (a sweep's settings), in order; all or none."""
    with ExitStack() as stack:
        for folder in folders:
            stack.enter_context(writing(folder, advice))
        yield


def writer(folder):
    """Who writes `folder` (what its lock file says: pid, host, command, since; {} when it says
    nothing), or None when no other process does.  Takes no lock of its own."""
    path = Path(folder) / LOCK
    if fcntl is None or os.path.realpath(folder) in _HELD:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return owner(folder) or {}
    except OSError:      # no locks on this file system
        return None
    finally:
        os.close(fd)     # (lets the shared lock go)
    return None


def check_idle(folders, advice=WAIT):
    """Busy for the first of `folders` another process writes (a reader's check)."""
    for folder in folders:
        found = writer(folder)
        if found is not None:
            raise Busy(folder, found, advice)


def owner(folder):
    """The owner a lock file names ({} when it names none: being written, or left by a killed owner)."""
    deadline = time.monotonic() + _RETRY_S
    while True:
        try:
            found = json.loads((Path(folder) / LOCK).read_text(encoding="utf-8"))
            if isinstance(found, dict):
                return found
        except (OSError, ValueError):
            pass
        if time.monotonic() >= deadline:
            return {}
        time.sleep(0.02)


def forget_inherited():
    """In a forked worker: close the copies of this process's locks (the lock stays its parent's)."""
    for fd, _ in _HELD.values():
        if fd is not None:
            os.close(fd)
    _HELD.clear()


# --- taking and letting go ---

def _make(folder):
    """Create `folder` and its missing parents; return those created, outermost first."""
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: is a file, not a directory; use --out for another directory")
    made, at = [], folder
    while not at.exists() and at != at.parent:
        made.insert(0, at)
        at = at.parent
    folder.mkdir(parents=True, exist_ok=True)
    return made


def _remove_empty(made):
    for path in reversed(made):
        try:
            path.rmdir()
        except OSError:
            return


def _take(folder, advice):
    """The fd of FOLDER/.writer.lock, locked and naming this process; Busy when another holds it."""
    if fcntl is None:
        return None
    path = folder / LOCK
    deadline = time.monotonic() + _RETRY_S
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() < deadline:
                time.sleep(0.02)
                continue
            raise Busy(folder, owner(folder), advice) from None
        except OSError as e:     # ENOLCK, EOPNOTSUPP: a file system without locks
            os.close(fd)
            print(f"note: {folder}: this file system does not lock files ({e.strerror}); make sure no other "
                  "command writes this folder meanwhile", file=sys.stderr)
            return None
        if _same_file(path, fd):
            _name_owner(fd)
            return fd
        os.close(fd)     # the owner letting go removed the file meanwhile: take the next one


def _same_file(path, fd):
    try:
        return os.stat(path).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _name_owner(fd):
    data = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "command": _command(),
                       "since": time.strftime("%Y-%m-%d %H:%M:%S")}).encode()
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)
    except OSError:      # a full disk: the lock holds all the same, a refusal names no owner
        pass


def _command(most=160):
    """The command line, as the user typed it where it can be told (catan-balance ...)."""
    args = list(sys.argv)
    if args and (Path(args[0]).name in ("catan-balance", "cli.py", "__main__.py") or args[0] == "-m"):
        args[0] = "catan-balance"
    text = " ".join(args)
    return text if len(text) <= most else text[:most - 3] + "..."


def _let_go(folder, fd):
    if fd is None:
        return
    path = folder / LOCK
    try:
        if _same_file(path, fd):     # (gone when the folder itself was removed: a sweep's stale setting)
            path.unlink()
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
