"""Where chunks are played: `local` (this process and worker processes on this machine) or `dask`
(a Dask cluster, through joblib's backend).

Locally, `jobs` processes play: this one and jobs - 1 workers.  This process takes
the next chunk whenever the answer it needs next is not ready, so it plays between joining
the answers.  A worker's answer is small (a chunk's table goes as a file, runner.Done) and
the kernel releases the GIL, so the pool's threads here read answers and send tasks while
this process plays: no worker waits for it.  On Linux the workers are a standard-library
ProcessPoolExecutor forked from this process once its kernel is loaded, so a worker starts in
about 0.05 s of CPU; elsewhere (fork is unsafe on macOS, absent on Windows) they are loky's
reusable executor (joblib's), each importing the engine and loading the kernel anew (about 2 s
of CPU).  Either way they stay alive between calls, playing chunk after chunk, setting after
setting.  (The local backend was called `loky`; that name is still accepted.)

No worker outlives this process (issue 42): a forked worker asks Linux for SIGKILL when the
thread that forked it dies (prctl PR_SET_PDEATHSIG), and checks every half second that its
parent is still the one that forked it (the fallback where prctl is missing, or the pool was
forked by a thread that ends before the process); loky's workers (loky_pool) do the check.
Without this, a worker whose parent was SIGKILLed (the OOM killer, a batch scheduler, kill -9)
waited forever for its next task: the fork left it holding the write end of its own task pipe.

Dask (`pip install 'catan-balance[dask]'`): with a scheduler address the
cluster's workers play; without one a local cluster of `jobs` worker processes
on 127.0.0.1 is started for the run (its worker processes end with this one: distributed's
AsyncProcess exits when its pipe from here closes).
Results come back in task order either way.
"""
import atexit
from contextlib import contextmanager

from simcore.engine.errors import InputError, WorkerLost

LOCAL = "local"
BACKENDS = (LOCAL, "dask")
_OLD_NAMES = {"loky": LOCAL}


def is_local(backend):
    return backend in (LOCAL, *_OLD_NAMES)


def check(backend, scheduler):
    """The backend's name (the old name `loky` is `local`); InputError for an unknown one."""
    backend = _OLD_NAMES.get(backend, backend)
    if backend not in BACKENDS:
        raise InputError(f"--backend: unknown value '{backend}'; allowed: {' or '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise InputError("--scheduler: only with --backend dask")
    if backend == "dask":
        _import_distributed()
    return backend


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise InputError("--backend dask: the package `distributed` is not installed; "
                         "allowed: pip install 'catan-balance[dask]', or --backend local") from None
    return distributed


def ordered(fn, tasks, jobs, backend, scheduler=None):
    """fn(*task) for every task, the answers in task order (a generator); WorkerLost when a worker
    process dies on the way."""
    try:
        yield from _ordered(fn, tasks, jobs, backend, scheduler)
    except Exception as e:
        if type(e).__name__ in _LOST:
            raise WorkerLost(f"a worker process died while playing ({type(e).__name__}: killed, or out of "
                             "memory?)") from None
        raise


# The exceptions of a worker process that died: concurrent.futures (forked workers), loky, Dask.
_LOST = {"BrokenProcessPool", "TerminatedWorkerError", "KilledWorker"}


def _ordered(fn, tasks, jobs, backend, scheduler):
    if is_local(backend):
        yield from _shared(fn, tasks, jobs - 1)
        return
    from joblib import Parallel, delayed
    calls = (delayed(fn)(*task) for task in tasks)
    with dask_client(jobs, scheduler):
        from joblib import parallel_config
        with parallel_config(backend="dask"):
            yield from Parallel(n_jobs=-1, return_as="generator", pre_dispatch="2*n_jobs")(calls)


def _shared(fn, tasks, workers):
    """fn(*task) for every task, the answers in task order: `workers` worker processes (at most two
    tasks each in hand) and this process, which plays the next task itself whenever the answer
    due next is not ready (so at most a few answers wait here)."""
    from collections import deque
    cloudpickle = _pickler()
    queued, running, ready = deque(enumerate(tasks)), {}, {}
    executor = _pool(workers) if workers else None
    for due in range(len(queued)):
        while due not in ready:
            while executor and queued and len(running) < 2 * workers:
                i, task = queued.popleft()
                running[i] = executor.submit(_call, cloudpickle.dumps((fn, task)))
            if due in running and running[due].done() or not queued:
                ready[due] = cloudpickle.loads(running.pop(due).result())
            else:
                i, task = queued.popleft()
                ready[i] = fn(*task)
        yield ready.pop(due)


def _call(blob):
    """A task in a worker, both ways pickled with cloudpickle as loky does (so that e.g. a tally
    class defined in a function travels too)."""
    fn, task = _pickler().loads(blob)
    return _pickler().dumps(fn(*task))


def _pickler():
    """cloudpickle (which joblib's loky uses, installed with it), else pickle."""
    try:
        import cloudpickle
    except ImportError:
        import pickle as cloudpickle
    return cloudpickle


_FORKED = {}   # workers -> the pool of forked workers, kept for the next call


def _pool(workers):
    """An executor of `workers` processes, kept between calls (see module doc)."""
    import multiprocessing
    import os
    import sys
    import threading
    if not sys.platform.startswith("linux"):   # fork is unsafe on macOS, absent on Windows
        return loky_pool(workers, timeout=300)
    pool = _FORKED.get(workers)
    if pool is None or pool._broken:   # a worker died (killed): fork new ones
        from concurrent.futures import ProcessPoolExecutor
        for old in _FORKED.values():
            old.shutdown(wait=False, cancel_futures=True)
        _FORKED.clear()
        pool = _FORKED[workers] = ProcessPoolExecutor(workers, multiprocessing.get_context("fork"),
                                                      initializer=_worker_start,
                                                      initargs=(os.getpid(), threading.main_thread().ident))
        atexit.register(_close_pools)
    return pool


def _close_pools():
    """At exit, before Python tears its modules down (else the pool's clean-up complains)."""
    for pool in _FORKED.values():
        pool.shutdown(wait=True, cancel_futures=True)
    _FORKED.clear()


def _worker_start(parent, main_thread):
    """A forked worker: leaves Ctrl-C to its parent, which stops the run (the chunk a worker is
    playing is finished and written, or never appears); ends with its parent (module doc); holds
    none of its parent's folder locks (simcore.run.lock)."""
    import signal
    import threading
    from simcore.run import lock
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lock.forget_inherited()
    if threading.current_thread().ident == main_thread:   # the signal comes when the forking thread ends
        _die_with_parent()
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()
    _watch_parent(parent, once=True)   # the parent may have died before the above


def loky_pool(workers, timeout=300):
    """loky's reusable executor (started anew, not forked) whose workers end with this process:
    by themselves they wait for their next task until `timeout` seconds idle, parent or not."""
    import os
    from joblib.externals.loky import get_reusable_executor
    return get_reusable_executor(max_workers=workers, timeout=timeout, initializer=_watch_start,
                                 initargs=(os.getpid(),))


def _watch_start(parent):
    import threading
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """prctl(PR_SET_PDEATHSIG, SIGKILL): Linux kills this process when its parent thread ends."""
    import ctypes
    import signal
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):   # no prctl: _watch_parent alone
        pass


def _watch_parent(parent, once=False, every=0.5):
    """End this worker (at once: it holds nothing half-written, chunk files are renamed into place)
    when its parent is gone: it was then adopted by another process."""
    import os
    import time
    while True:
        if os.getppid() != parent:
            os._exit(1)
        if once:
            return
        time.sleep(every)


@contextmanager
def dask_client(jobs, scheduler=None):
    """A distributed Client: on the cluster at `scheduler`, else on a local cluster of `jobs` processes."""
    distributed = _import_distributed()
    if scheduler:
        try:
            client = distributed.Client(scheduler, timeout="20s")
        except OSError as e:
            raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({e})") from None
        with client:
            yield client
        return
    with distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client
