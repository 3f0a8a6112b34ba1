"""`catan-balance ladder`: a ladder's tables played (simcore.run.ladder) and reported, with the line
that reproduces it."""
from pathlib import Path

from simcore.commands import options as opt, reporting
from simcore.commands.run import resumable
from simcore.run import ladder as ladders, lock
from simcore.run.out_folder import check_out


def play(scenario, players, games, seed, jobs, out, sets, margin, resume, force, quiet, backend, scheduler,
         chunk_games):
    """`catan-balance ladder` as its flags say: `players` at the tables of `scenario`'s rules, into `out`
    [default: results/<scenario name>-ladder]."""
    from reports.summary import Tally
    where, margin = opt.where(backend, scheduler), opt.checked_margin(margin)
    file, over = opt.read_scenario(scenario, sets, games=games, seed=seed)
    plan = ladders.plan(file, over, players)
    out = check_out(out or Path("results") / f"{plan.scenario.name}-ladder")
    run(plan, out, Tally, command_line(scenario, plan, over, margin, out), margin, jobs=jobs, resume=resume,
        force=force, progress=not quiet, chunk_games=chunk_games, **where)


def command_line(scenario, plan, over, margin, out):
    """The line that reproduces the ladder: the scenario as given, its players, overrides and margin."""
    return (f"catan-balance ladder {scenario} --players '{','.join(plan.players)}'"
            + "".join(f" --set '{s}'" for s in opt.texts(over))
            + (f" --margin {margin:g}" if margin is not None else "") + f" --out {out}")


def run(plan, out, tally, command, margin, **how):
    """Play the ladder into `out` (resumable: `how` holds jobs, resume, force, progress, chunk_games and
    where it plays) and write its report; Ctrl-C: the line that resumes it."""
    with lock.writing(out):   # the tables and the report: no other command writes `out` meanwhile
        resumable(ladders.run, plan, out, tally, **how)
        with reporting.played(out):
            reporting.ladder_report(out, margin, command, "\n", "report -> {html}; ratings and matrix -> {csv}")
