"""`catan-balance ladder`: a ladder's tables played (simcore.run.ladder) and reported, with the line
that reproduces it."""
from simcore.commands import reporting
from simcore.commands.options import texts
from simcore.run import ladder as ladders, lock
from simcore.run.interrupts import Interrupted


def command_line(scenario, plan, over, margin, out):
    """The line that reproduces the ladder: the scenario as given, its players, overrides and margin."""
    return (f"catan-balance ladder {scenario} --players '{','.join(plan.players)}'"
            + "".join(f" --set '{s}'" for s in texts(over))
            + (f" --margin {margin:g}" if margin is not None else "") + f" --out {out}")


def run(plan, out, tally, command, margin, **how):
    """Play the ladder into `out` (resumable: `how` holds jobs, resume, force, progress, chunk_games and
    where it plays) and write its report; Ctrl-C: the line that resumes it."""
    with lock.writing(out):   # the tables and the report: no other command writes `out` meanwhile
        try:
            ladders.run(plan, out, tally, **how)
        except KeyboardInterrupt:
            raise Interrupted("interrupted: run the same command with --resume to continue") from None
        with reporting.played(out):
            reporting.ladder_report(out, margin, command, "\n", "report -> {html}; ratings and matrix -> {csv}")
