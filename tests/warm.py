"""The test session's kernel warm-up: every kernel the suite plays compiled once, before
the tests, in parallel processes (tests/conftest.py starts it).

Without it, two pytest-xdist workers that need the same kernel both compile it (the
cache is written only once a compile ends), and a cold compile takes 20-70 s.  Each
job compiles the product's kernel for one state record (simcore.run.batch.play_batch) and,
in the same process so that the engine's helpers compiled for it are reused, the test
checker kernels for that record; the workers then load them all from numba's disk
cache (NUMBA_CACHE_DIR, as inherited).  The late jobs are those only a few tests wait for:
`plain` plays the games of test_fastcompile with plain numba (fastcompile off: its kernels
have a cache key of their own, beside the product's), `boxes` and `citybox` compile the
kernels of the variants test files declare (tests/variant_boxes.py) into a cache named after
their sources (`box_cache`).  All of them are kept across runs, where the product keeps its
kernels (`cache_root`): a warm run loads them in seconds.

`python -m tests.warm --pool FOLDER JOB...` runs the jobs, as many at once as there are
cores, longest first and the late jobs last; it writes FOLDER/JOB.done (the job's exit
status) and a line of FOLDER/pool.log as each job ends, FOLDER/ready once every job but the
late ones has ended, and removes FOLDER/running when it ends.  A job that fails only costs its
compile to the tests (they compile what they need as without the warm-up); its stderr is
in FOLDER/JOB.err.  `python -m tests.warm JOB` runs one job.
"""
import ast
import hashlib
import importlib
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))   # `python -m tests.warm` from elsewhere, before the project's imports

# Grundbesitz alone: its kernel holds the base game's code, a variant's hooks compiled as written and
# the other variants' compiled-out stubs; a base kernel besides would add ~90 s of CPU to the suite.
PLAIN_NUMBA_SCENARIOS = ("grundbesitz",)
PLAIN = "plain"                                   # the job no test but test_fastcompile's waits for
BOX_JOBS = {"boxes": 55, "citybox": 95}           # tests.variant_boxes.GROUPS: rough cold compile seconds
LATE = (PLAIN, *BOX_JOBS)
READY = "ready"
LOG = "pool.log"                                  # a line per job: exit status, CPU and wall seconds
RUNNING = "running"                               # written before the pool starts, removed when it ends


def plain_numba_command(scenario, out):
    return [sys.executable, "cli.py", "run", scenario, "-n", "300", "--seed", "1", "--no-report", "-q", "-o", str(out)]


def cache_root():
    """The folder of the product's kernel caches (simcore.accel.jit: $NUMBA_CACHE_DIR, else
    ~/.cache/catan-balance), where the suite keeps the kernels of its own jobs across runs too."""
    from simcore.accel import jit
    return Path(jit._cache_dir()).parent


def plain_numba_env():
    """The environment of the plain-numba games: their kernels are cached beside the product's, in
    the folder of their own key (simcore.accel.jit: the key covers the switch)."""
    from simcore.accel import fastcompile
    return {**os.environ, "NUMBA_CACHE_DIR": str(cache_root()), fastcompile.SWITCH: "0"}


def box_cache(group):
    """The kernel cache of a group of test variants (tests/variant_boxes.py), kept across runs: a
    box's code is no engine source, so the folder is named after a hash of the group's sources
    (simcore.accel.jit names the folder inside after the engine's)."""
    from tests.variant_boxes import sources
    h = hashlib.sha256()
    for path in sources(group):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return cache_root() / f"test-{group}-{h.hexdigest()[:16]}"


def _base():
    from tests.invariants import run_checked
    run_checked(("random",) * 4, 1, 1)


def declared(constant, root=ROOT):
    """[(test file name, value)] of the test files that set the module-level `constant` to a literal,
    read from their text without importing them."""
    found = []
    for path in sorted((root / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if f"\n{constant} = " in text:
            node = next(n for n in ast.parse(text).body if isinstance(n, ast.Assign)
                        and [t.id for t in n.targets if isinstance(t, ast.Name)] == [constant])
            found.append((path.name, ast.literal_eval(node.value)))
    return found


def declared_jobs(root=ROOT):
    """job -> (test file name, function, rough cold compile seconds) of the warm-up jobs the test files
    declare (`WARM_UP = ((job, function, seconds), ...)`: a variant's tests compile the kernels they play)."""
    return {job: (file, function, seconds) for file, jobs in declared("WARM_UP", root)
            for job, function, seconds in jobs}


def _declared(file, function):
    def job():
        getattr(importlib.import_module(f"tests.{file[:-3]}"), function)()
    return job


# name: (compile, rough cold compile seconds on one core: the pool starts the longest first): the
# base game's, then those the test files declare (the variants')
DECLARED = declared_jobs()
JOBS = {"base": (_base, 55)}
JOBS.update({job: (_declared(file, function), seconds) for job, (file, function, seconds) in DECLARED.items()})
PLAIN_SECONDS = 90


def run_job(name, folder=None):
    if name == PLAIN:
        script = " && ".join(subprocess.list2cmdline(plain_numba_command(s, Path(folder) / s))
                             for s in PLAIN_NUMBA_SCENARIOS)
        return subprocess.run(["bash", "-c", script], cwd=ROOT, env=plain_numba_env(),
                              stdout=subprocess.DEVNULL).returncode
    if name in BOX_JOBS:
        from tests.variant_boxes import compile_group
        return compile_group(name, folder, {**os.environ, "NUMBA_CACHE_DIR": str(box_cache(name))})
    JOBS[name][0]()
    return 0


def pool(folder, names):
    """Run the jobs `names`, os.cpu_count() at a time, longest first, the late ones last (see the module doc)."""
    folder = Path(folder)
    cost = {PLAIN: PLAIN_SECONDS, **BOX_JOBS, **{name: seconds for name, (_, seconds) in JOBS.items()}}
    waiting = sorted(names, key=lambda name: (name in LATE, -cost[name]))   # late: few tests wait for them
    running = {}
    slots = max(os.cpu_count() or 1, 1)
    try:
        _run_pool(folder, waiting, running, slots)
    finally:
        (folder / READY).write_text("")
        (folder / RUNNING).unlink()


def _run_pool(folder, waiting, running, slots):
    started, cpu = {}, _children_cpu()
    while waiting or running:
        while waiting and len(running) < slots:
            name = waiting.pop(0)
            with open(folder / f"{name}.err", "w") as err:
                command = [sys.executable, "-m", "tests.warm", name, str(folder)]
                running[name] = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
                started[name] = time.monotonic()
        time.sleep(0.2)
        for name, proc in list(running.items()):
            if proc.poll() is not None:   # reaped: its CPU time is counted in the children's
                used, cpu = _children_cpu() - cpu, _children_cpu()
                with open(folder / LOG, "a") as log:
                    wall = time.monotonic() - started[name]
                    log.write(f"{name}: exit {proc.returncode}, {used:.0f} s CPU, {wall:.0f} s\n")
                (folder / f"{name}.done").write_text(str(proc.returncode))
                del running[name]
        if not (set(waiting) | set(running)) - set(LATE) and not (folder / READY).exists():
            (folder / READY).write_text("")


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    if sys.argv[1] == "--pool":
        pool(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(run_job(*sys.argv[1:]))
