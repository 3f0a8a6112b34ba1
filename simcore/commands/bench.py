"""`catan-balance bench` and `compile`: the kernel timed (simcore.run.bench) and the engines compiled
ahead of time, their lines on standard output."""
import sys

import typer

from simcore.commands import options as opt
from simcore.engine.errors import InputError


def bench(games, scenario, sets, jobs, backend, scheduler):
    """Time `games` games of `scenario` on one core, or (jobs > 1) whole runs with 1 and `jobs` jobs."""
    from reports.summary import Tally
    from simcore.run import bench as timing
    from simcore.run.config import Override
    file, over = opt.read_scenario(scenario, sets)
    loaded = file.load(over)
    lines = timing.lines(loaded, games) if jobs == 1 else \
        timing.jobs_lines(file.load([*over, Override.of("games", games)]), jobs, Tally, **opt.where(backend, scheduler))
    for line in lines:
        typer.echo(line)


def compile_engines(scenario, all_):
    """Compile the engines `scenario` needs, or (all_) those of every shipped scenario, each once."""
    from simcore.run.bench import compile_lines
    from simcore.run.config import shipped_scenarios
    if (scenario is None) == (not all_):
        raise InputError("compile: give a SCENARIO or --all, not both or neither")
    names = [p.stem for p in shipped_scenarios()] if all_ else [scenario]
    for line in compile_lines((opt.load_scenario(name) for name in names), sys.stderr):
        typer.echo(line)
