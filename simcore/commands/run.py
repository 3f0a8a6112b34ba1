"""`catan-balance run`: one scenario's games played (simcore.run.sweep.run_one) under the writer's lock
of its folder, its win rates printed and its report written; Ctrl-C: the line that resumes it."""
import typer

from simcore.commands import options as opt, reporting
from simcore.run import adaptive, lock
from simcore.run.interrupts import Interrupted
from simcore.run.out_folder import check_out, default_out, game_flags


def resumable(play, *args, **kw):
    """play(*args, **kw); Ctrl-C: the line that resumes it, exit 130."""
    try:
        return play(*args, **kw)
    except KeyboardInterrupt:
        raise Interrupted("interrupted: run the same command with --resume to continue") from None


def play(scenario, games, seed, jobs, out, sets, resume, force, quiet, no_report, backend, scheduler, chunk_games,
         until_ci, max_games, players):
    """Play `scenario` (a name or file; sets: the --set texts, players: --players strong) into `out`
    [default: results/<scenario name>, with the flags given], print its win rates and write its report."""
    from reports.summary import Tally, format_table
    from simcore.run.sweep import run_one
    sets = opt.with_players(sets, players)
    flags = game_flags(sets, games=games, seed=seed, until_ci=until_ci, max_games=max_games)
    chunk_games = opt.chunk_cap(chunk_games)
    until_ci, games = adaptive.from_flags(until_ci, max_games, games, chunk_games)
    file, over = opt.read_scenario(scenario, sets, games=games, seed=seed)
    loaded = file.load(over)
    out = check_out(out or default_out(loaded.name, flags))
    if "sweep" in file.raw:
        typer.echo(f"note: {file.path} has a [sweep] table; this run plays the values as written "
                   f"(`catan-balance sweep {file.path}` plays the grid)", err=True)
    where = opt.where(backend, scheduler)
    with lock.writing(out):   # the games and the report: no other command writes `out` meanwhile
        summary = resumable(run_one, loaded, out, sets, file.asks, tally=Tally, jobs=jobs, resume=resume,
                            progress=not quiet, force=force, chunk_games=chunk_games, until=until_ci, **where)
        with reporting.played(out):
            typer.echo(format_table(summary))
        reporting.write(out, no_report)   # (its own Ctrl-C line)
