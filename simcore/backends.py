"""Where chunks are played: loky worker processes on this machine, or a Dask cluster (joblib's backends).

loky keeps its worker processes between calls (joblib's reusable executor), so a
worker loads the kernel once and plays chunk after chunk, setting after setting.
Dask (`pip install 'catan-balance[dask]'`): with a scheduler address the
cluster's workers play; without one a local cluster of `jobs` worker processes
on 127.0.0.1 is started for the run.  Results come back in task order either way.
"""
from contextlib import contextmanager

from simcore.errors import InputError

BACKENDS = ("loky", "dask")


def check(backend, scheduler):
    if backend not in BACKENDS:
        raise InputError(f"--backend: unknown value '{backend}'; allowed: {' or '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise InputError("--scheduler: only with --backend dask")
    if backend == "dask":
        _import_distributed()


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise InputError("--backend dask: the package `distributed` is not installed; "
                         "allowed: pip install 'catan-balance[dask]', or --backend loky") from None
    return distributed


def ordered(fn, tasks, jobs, backend, scheduler=None):
    """fn(*task) for every task, the answers in task order (a generator)."""
    from joblib import Parallel, delayed
    calls = (delayed(fn)(*task) for task in tasks)
    if backend == "loky":
        yield from Parallel(n_jobs=jobs, backend="loky", return_as="generator")(calls)
        return
    with dask_client(jobs, scheduler):
        from joblib import parallel_config
        with parallel_config(backend="dask"):
            yield from Parallel(n_jobs=-1, return_as="generator", pre_dispatch="2*n_jobs")(calls)


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
