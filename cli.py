"""catan-balance: the command line.  Thin: parses, loads the scenario, calls the library.

Bad input of any kind prints one line `error: ...` on stderr and exits 2.
"""
import contextlib
import os
import sys
from pathlib import Path

# One BLAS thread: the report's matrix products are small, and OpenBLAS's threads, when the
# cores are busy (a sweep's workers, other runs), made a 40 x 100,000 product 50x slower.
for _blas in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")
from typing import List, Optional

import typer
from typer.core import TyperGroup

from simcore.engine.errors import DiskFull, InputError, WorkerLost

# The click that typer runs on (recent typer versions vendor their own copy):
# take its exception classes from typer's public BadParameter.
_CLICK = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
_UsageError, _ClickException = _CLICK["UsageError"], _CLICK["ClickException"]
_NoArgsIsHelpError = getattr(sys.modules[_UsageError.__module__], "NoArgsIsHelpError", ())


class _OneLineErrors(TyperGroup):
    """Usage errors and InputErrors become one line on stderr and exit 2: no usage box, no traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:   # Ctrl-C where the command says nothing more (those that keep files do)
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NoArgsIsHelpError as e:  # bare `catan-balance`
            typer.echo(e.ctx.get_help())
            sys.exit(0)
        except _UsageError as e:
            hint = f"; see '{e.ctx.command_path} --help'" if e.ctx else ""
            split = _split_value(sys.argv[1:] if args is None else list(args))
            if split and "unexpected extra argument" in e.format_message():
                hint = (f"; the shell split `{split}` at its spaces: put it in single quotes, e.g. "
                        f"--set 'seats=[\"greedy\", \"roads\", \"devcards\"]'")
            _fail(e.format_message().rstrip(".") + hint)
        except _ClickException as e:
            _fail(e.format_message())
        except InputError as e:
            _fail(str(e))
        except WorkerLost as e:   # exit 1: not the input's fault; the chunks done are kept
            typer.echo(f"error: {e}; the games played so far are saved: run the same command with "
                       "--resume to continue", err=True)
            sys.exit(1)
        except DiskFull as e:     # exit 1: not the input's fault; the games played are kept
            typer.echo(f"error: {e}", err=True)
            sys.exit(1)
        except typer.Abort:
            sys.exit(130)
        except OSError as e:  # cannot read or write a file: not a bug, still no traceback; the path and the cause
            typer.echo(f"error: {_os_error(e)}", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


def _split_value(args):
    """'--set seats=[greedy,' where a --set or --vary value opens more brackets than it closes (the shell
    split it at its spaces), else None."""
    for flag, value in zip(args, args[1:]):
        if flag in ("--set", "--vary") and (value.count("[") > value.count("]") or value.count("{") > value.count("}")):
            return f"{flag} {value}"
    return None


def _os_error(e):
    """An OSError as one line naming the path and the cause; a full disk said as the user needs it (which
    file, the space left)."""
    from simcore.run.outputs import disk_full, free_space
    if not disk_full(e) or not e.filename:
        where = f"{e.filename}: " if e.filename else ""
        return f"{where}{e.strerror or e}" + (f" ({e.filename2})" if e.filename2 else "")
    return (f"{e.filename}: the disk is full ({free_space(Path(e.filename).parent)} free there); free some space "
            "and run the command again")


def _writing(out):
    """The writer's lock of the folder `out` (simcore.run.lock; docs/guide.md, one command writes a folder at a time)."""
    from simcore.run import lock
    return lock.writing(out)


@contextlib.contextmanager
def _played(out):
    """Ctrl-C once every game is played (the summary, the tables, the report): one line on what is
    kept and the command that finishes the report, exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        typer.echo(f"interrupted while writing the report; the games in {out} are complete and kept: "
                   f"`catan-balance report {out}` writes the report", err=True)
        raise typer.Exit(130) from None


def _say(text):
    """Text for the reader on standard output, its prose wrapped to the terminal's width."""
    from reports.fmt import fit_terminal
    typer.echo(fit_terminal(text))


def _fail(message):
    typer.echo("error: " + " ".join(str(message).split()), err=True)
    sys.exit(2)


app = typer.Typer(
    cls=_OneLineErrors, name="catan-balance", no_args_is_help=True, add_completion=False,
    rich_markup_mode=None, pretty_exceptions_enable=False,
    help="""Monte Carlo balance simulator for Catan house rules.

    \b
    Examples:
      catan-balance scenarios
      catan-balance run base
      catan-balance run mixed --games 20000 --jobs 2
      catan-balance run my_rule.toml --set board.layout=beginner --set victory_points=12
      catan-balance sweep sweep-vp-red
      catan-balance report results/base
    """,
)

SCENARIO_HELP = "Scenario: a TOML file, or the name of a shipped scenario (see `catan-balance scenarios`)."
SET_HELP = "Override a scenario value, key=value with a TOML value (repeatable), e.g. --set board.layout=beginner."


BACKEND_HELP = ("Where chunks are played: local (this process and J-1 worker processes on this machine; `loky`, its "
                "old name, is accepted) or dask (a Dask cluster; pip install 'catan-balance[dask]').")
SCHEDULER_HELP = "With --backend dask: the address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 [default: a local cluster of --jobs workers]."
CHUNK_HELP = "Games per chunk a worker plays and writes at a time (any size gives the same games)."
UNTIL_HELP = ("Adaptive: play chunks until every win-rate 95%% interval is within +- this (0.01: +-1 percentage "
              "point), checked every --chunk-games games; instead of --games%s.")
MAX_GAMES_HELP = "With --until-ci: the most games%s [default: 200,000]."


def games_cap(games):
    from simcore.run.cap import games_cap as cap
    return cap(games)


def _until(until_ci, max_games, games, chunk_games):
    """(half-width or None, the games to play or at most) of --until-ci, --max-games, --games; checked."""
    from simcore.run import adaptive
    if until_ci is None:
        if max_games is not None:
            raise InputError("--max-games: only with --until-ci; allowed: --games N for a fixed number of games")
        return None, games
    if games is not None:
        raise InputError("--games: not with --until-ci (it decides the games); allowed: --max-games N to bound them")
    limit = adaptive.MAX_GAMES if max_games is None else max_games
    adaptive.check(until_ci, limit, chunk_games)
    return until_ci, limit


def _backend(backend, scheduler):
    from simcore.run.backends import check
    return {"backend": check(backend, scheduler), "scheduler": scheduler}


def _load(scenario, sets, **flags):
    """The validated scenario; flags (games=, seed=) override like --set."""
    from simcore.run.config import find_scenario, load_scenario
    extra = [f"{key}={value}" for key, value in flags.items() if value is not None]
    return load_scenario(find_scenario(scenario), [*sets, *extra])


@app.command()
def run(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, metavar="N", help="Games to play [default: the scenario's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Run seed [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Processes playing: this one and J-1 workers."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario name>]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted run in --out (or re-summarise a finished one)."),
    force: bool = typer.Option(False, "--force", help="Overwrite results already in --out."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live progress (the final line stays)."),
    no_report: bool = typer.Option(False, "--no-report", help="Do not write report.html / report.md."),
    backend: str = typer.Option("local", "--backend", metavar="local|dask", help=BACKEND_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
    chunk_games: int = typer.Option(2000, "--chunk-games", min=1, metavar="N", help=CHUNK_HELP),
    until_ci: Optional[float] = typer.Option(None, "--until-ci", metavar="HALF_WIDTH", help=UNTIL_HELP % ""),
    max_games: Optional[int] = typer.Option(None, "--max-games", metavar="N", help=MAX_GAMES_HELP % ""),
):
    """Simulate a scenario: writes games.csv, summary.json, meta.json and the report, prints win rates.

    \b
    Examples:
      catan-balance run base
      catan-balance run base --games 50000 --jobs 2 --out results/base-50k
      catan-balance run scenarios/mixed.toml --set players=3 --set 'seats=["greedy","roads","devcards"]'
      catan-balance run base --resume        # after an interruption
      catan-balance run base --until-ci 0.01 --jobs 2   # as many games as +-1 point intervals need
    """
    from reports.summary import Tally, format_table
    from simcore.run.sweep import run_one
    flags = _game_flags(sets, games=games, seed=seed, until_ci=until_ci, max_games=max_games)
    chunk_games = games_cap(chunk_games)   # (a test's cap only: simcore.run.cap)
    until_ci, games = _until(until_ci, max_games, games, chunk_games)
    loaded = _load(scenario, sets, games=games, seed=seed)
    out = _check_out(out or _default_out(loaded.name, flags))
    _note_sweep_table(loaded)
    where = _backend(backend, scheduler)
    with _writing(out):   # the games and the report: no other command writes `out` meanwhile
        try:
            summary = run_one(loaded, out, tally=Tally, overrides=sets, jobs=jobs, resume=resume, progress=not quiet,
                              force=force, chunk_games=chunk_games, until=until_ci, **where)
        except KeyboardInterrupt:
            typer.echo("interrupted: run the same command with --resume to continue", err=True)
            raise typer.Exit(130)
        with _played(out):
            typer.echo(format_table(summary))
        _report(out, no_report)   # (its own Ctrl-C line)


def _game_flags(texts, **flags):
    """The flags that change the games a command plays, as 'key=value' texts (the --set and --vary texts,
    then games=, seed=, until-ci=, max-games= where given): they name its default output folder."""
    return [*texts, *(f"{k.replace('_', '-')}={v:g}" if isinstance(v, float) else f"{k.replace('_', '-')}={v}"
                      for k, v in flags.items() if v is not None)]


def _default_out(name, flags):
    """results/<name>, followed by the flags that change the games: another --set, --vary or --games
    writes a folder of its own instead of being refused by the folder of the first (docs/guide.md, run)."""
    from simcore.run.grid import derived_name
    return Path("results") / derived_name(name, flags)


def _check_out(out, flag="--out"):
    """A folder results can be written to, checked before anything is played: its nearest existing folder
    takes a new folder (made and removed again); else one line naming the path and the cause, exit 2."""
    import errno
    import tempfile
    where = Path(out).absolute()
    if where.exists():   # a folder already (or a file: the commands' own line says so)
        return out
    while not where.exists() and where != where.parent:
        where = where.parent
    if not where.is_dir():
        raise InputError(f"{flag} {out}: {where} is a file, not a directory; allowed: a folder you can write to")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".catan-balance-", dir=where))
    except OSError as e:
        cause = e.strerror or errno.errorcode.get(e.errno, str(e))
        raise InputError(f"{flag} {out}: cannot make a folder in {where} ({cause}); allowed: a folder you can "
                         "write to") from None
    return out


def _note_sweep_table(scenario):
    from simcore.run.config import read_toml
    if "sweep" in read_toml(scenario.source):
        typer.echo(f"note: {scenario.source} has a [sweep] table; this run plays the values as written "
                   f"(`catan-balance sweep {scenario.source}` plays the grid)", err=True)


def _report(out, skip, study=None, quiet=False):
    """Write the report of the results in `out` (or drop a stale one with --no-report); return its tables.
    Ctrl-C: the line of _played, or (quiet: a part of a bigger command) KeyboardInterrupt to the caller.
    Holds the writer's lock of `out` (the caller's already, after a run)."""
    with _writing(out), contextlib.nullcontext() if quiet else _played(out):
        from reports.report import remove_stale, terminal_text, write_report
        from reports.study import open_results
        from reports.tables import all_tables
        if skip:
            if remove_stale(out):
                typer.echo(f"{out}: removed the report of earlier results (--no-report)", err=True)
            return None
        study = study or open_results(out)
        tables = all_tables(study)
        paths = write_report(study, tables, games=game_pages(study))
        if not quiet:
            _say("\n" + terminal_text(study, tables))
    typer.echo(f"report -> {paths['html']} ({len(paths['charts'])} charts; tables in {Path(out) / 'tables'})",
               err=True)
    return tables


CORRECTION_HELP = "Multiple-comparison correction: holm (family-wise error) or bh (Benjamini-Hochberg, false discovery rate)."
MARGIN_HELP = ("Equivalence margin in percentage points: settings within +-PP are named equivalent (intervals inside "
               "the margin, two one-sided tests); without it nothing is called equivalent, only 'not told apart'.")


def _margin(value):
    from simcore.run.grid import check_margin
    return check_margin(value)


def _correction(value):
    if value is not None and value not in ("holm", "bh"):
        raise InputError(f"--correction: unknown value '{value}'; allowed: holm or bh")
    return value


@app.command()
def sweep(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    vary: List[str] = typer.Option([], "--vary", metavar="KEY=V1,V2,...",
                                   help="Vary a scenario key over values (repeatable: every combination is played)."),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, metavar="N", help="Games per setting [default: the scenario's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed of every setting [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Processes playing: this one and J-1 workers."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario name>-sweep]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    baseline: List[str] = typer.Option([], "--baseline", metavar="KEY=VALUE",
                                       help="The setting the others are compared with (repeatable) [default: the first]."),
    correction: Optional[str] = typer.Option(None, "--correction", metavar="holm|bh", help=CORRECTION_HELP + " [default: holm]"),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP", help=MARGIN_HELP + " [default: the [sweep] table's]"),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted sweep in --out (or re-report a finished one)."),
    force: bool = typer.Option(False, "--force", help="Overwrite a sweep already in --out."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live progress (the final lines stay)."),
    no_report: bool = typer.Option(False, "--no-report", help="Do not write report.html / report.md."),
    backend: str = typer.Option("local", "--backend", metavar="local|dask", help=BACKEND_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
    chunk_games: int = typer.Option(2000, "--chunk-games", min=1, metavar="N", help=CHUNK_HELP),
    until_ci: Optional[float] = typer.Option(None, "--until-ci", metavar="HALF_WIDTH",
                                             help=UNTIL_HELP % ", each setting on its own"),
    max_games: Optional[int] = typer.Option(None, "--max-games", metavar="N", help=MAX_GAMES_HELP % " per setting"),
):
    """Play a scenario under every combination of varied values, with the same game seeds in each.

    \b
    Examples:
      catan-balance sweep sweep-vp-red                        # a shipped sweep scenario ([sweep] table)
      catan-balance sweep base --vary victory_points=8,10,12 --vary board.no_adjacent_red=false,true
      catan-balance sweep mixed --vary bank.resource_supply=19,24 --games 20000 --jobs 2
      catan-balance sweep base --vary 'seats=["greedy","greedy","greedy","greedy"],["greedy","greedy","roads","devcards"]'
      catan-balance sweep sweep-vp-red --baseline victory_points=10 --correction bh
      catan-balance sweep sweep-vp-red --until-ci 0.01 --max-games 50000 --jobs 2
    """
    from reports.summary import Tally
    from simcore.run import sweep as sweeps
    flags = _game_flags([*vary, *sets], games=games, seed=seed, until_ci=until_ci, max_games=max_games)
    chunk_games = games_cap(chunk_games)   # (a test's cap only: simcore.run.cap)
    until_ci, games = _until(until_ci, max_games, games, chunk_games)
    extra = [f"{k}={v}" for k, v in (("games", games), ("seed", seed)) if v is not None]
    where = _backend(backend, scheduler)
    plan = sweeps.plan(scenario, [*sets, *extra], vary, baseline, _correction(correction), _margin(margin))
    out = _check_out(out or _default_out(f"{plan.scenario.name}-sweep", flags))
    with _writing(out):
        try:
            sweeps.run(plan, out, Tally, jobs=jobs, resume=resume, force=force, progress=not quiet,
                       chunk_games=chunk_games, until=until_ci, **where)
        except KeyboardInterrupt:
            typer.echo("interrupted: run the same command with --resume to continue", err=True)
            raise typer.Exit(130)
        _report(out, no_report)


PLAYERS_HELP = ("Players, separated by commas (or the option repeated): a preset name (catan-balance policies), a "
                "preset file (.toml), or KIND:KEY=VALUE,... for a seat table, e.g. "
                "rollout:base=greedy,candidates=5,rollouts=16,horizon=0.")


@app.command()
def ladder(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP + " Its rules are played; its seats are not."),
    players: List[str] = typer.Option(..., "--players", "-p", metavar="P1,P2,...", help=PLAYERS_HELP),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, metavar="N",
                                        help="Games per table (solo: per player) [default: the scenario's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed of every table [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Processes playing: this one and J-1 workers."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario name>-ladder]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP",
                                           help="Equivalence margin in head-to-head percentage points around 50%: pairs "
                                                "within +-PP are named tied (two one-sided tests, Holm); without it "
                                                "nothing is called tied, only 'not told apart'."),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted ladder in --out (or re-report a finished one)."),
    force: bool = typer.Option(False, "--force", help="Overwrite a ladder already in --out."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live progress (the final lines stay)."),
    backend: str = typer.Option("local", "--backend", metavar="local|dask", help=BACKEND_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
    chunk_games: int = typer.Option(2000, "--chunk-games", min=1, metavar="N", help=CHUNK_HELP),
):
    """Which of these players is strongest, by how much?  A tournament under the scenario's rules: tables
    mixing the players evenly, seats rotating, the same game seeds at every table (a solo mode such as Robin
    Hood: each player as the Sheriff alone).  Prints and charts the head-to-head matrix and Bradley-Terry
    ratings with 95% intervals; writes ladder.csv, verdicts.json, report.html/.md (docs/ladder.md).

    \b
    Examples:
      catan-balance ladder base --players greedy,roads,devcards --games 2000
      catan-balance ladder ck --players greedy,knights,tuned-ck --jobs 2
      catan-balance ladder base --players greedy,rollout:base=greedy,candidates=5,rollouts=16,horizon=0
      catan-balance ladder robin-hood --players sheriff-greedy,sheriff-warden
      catan-balance ladder base --players greedy,results/base-train-seat0/preset.toml --margin 2
      catan-balance ladder base --players greedy,roads,devcards --resume   # after an interruption
    """
    from reports.ladder import read_ladder
    from reports.ladder_report import terminal_text, write
    from reports.summary import Tally
    from simcore.run import ladder as ladders
    extra = [f"{k}={v}" for k, v in (("games", games), ("seed", seed)) if v is not None]
    where = _backend(backend, scheduler)
    margin = _margin(margin)
    plan = ladders.plan(scenario, [*sets, *extra], players)
    out = _check_out(out or Path("results") / f"{plan.scenario.name}-ladder")
    command = (f"catan-balance ladder {scenario} --players '{','.join(plan.players)}'"
               + "".join(f" --set '{s}'" for s in [*sets, *extra])
               + (f" --margin {margin:g}" if margin is not None else "") + f" --out {out}")
    with _writing(out):
        try:
            ladders.run(plan, out, Tally, jobs=jobs, resume=resume, force=force, progress=not quiet,
                        chunk_games=chunk_games, **where)
        except KeyboardInterrupt:
            typer.echo("interrupted: run the same command with --resume to continue", err=True)
            raise typer.Exit(130)
        with _played(out):
            result = read_ladder(out, margin)
            paths = write(result, command)
            _say("\n" + terminal_text(result))
    typer.echo(f"report -> {paths['html']}; ratings and matrix -> {paths['csv']}", err=True)


@app.command()
def report(
    results: Path = typer.Argument(..., metavar="RESULTS_DIR", help="A directory written by `run` or `sweep`."),
    baseline: List[str] = typer.Option([], "--baseline", metavar="KEY=VALUE",
                                       help="Compare with this setting of a sweep (repeatable) [default: the sweep's]."),
    correction: Optional[str] = typer.Option(None, "--correction", metavar="holm|bh", help=CORRECTION_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP", help=MARGIN_HELP + " [default: the sweep's]"),
):
    """(Re)write report.html, report.md, verdicts.json, charts/ and tables/ from saved results.

    \b
    Examples:
      catan-balance report results/base
      catan-balance report results/sweep-vp-red-sweep --baseline victory_points=10 --correction bh
    """
    from reports.study import open_results
    from simcore.run.outputs import read_json
    with _writing_report(results):
        meta = read_json(results / "meta.json")
        if isinstance(meta, dict) and meta.get("kind") == "ladder":
            return _ladder_report(results, _margin(margin))
        _report(results, False, study=open_results(results, baseline, _correction(correction), _margin(margin)))


def _writing_report(results):
    """The writer's lock of a results folder for its report; one error line when a command still
    writes it or one of its settings (a sweep's, a ladder's), instead of a report of part of it."""
    from simcore.run import lock
    from simcore.run.outputs import read_json
    if not results.is_dir():
        return contextlib.nullcontext()   # (open_results says what is wrong)
    advice = "wait until it ends (it writes the report itself, unless run with --no-report)"
    meta = read_json(results / "meta.json")
    settings = (meta.get("settings") if isinstance(meta, dict) else None) or []   # (damaged: open_results says so)
    lock.check_idle([results / e["dir"] for e in settings if isinstance(e, dict) and isinstance(e.get("dir"), str)],
                    advice)
    return lock.writing(results, advice)


def _ladder_report(results, margin):
    from reports.ladder import read_ladder
    from reports.ladder_report import terminal_text, write
    from simcore.run.outputs import read_json
    old = (read_json(results / "verdicts.json") or {}).get("command") or f"catan-balance report {results}"
    result = read_ladder(results, margin)
    paths = write(result, old)
    _say(terminal_text(result))
    typer.echo(f"report -> {paths['html']}", err=True)


@app.command()
def compare(
    dirs: List[Path] = typer.Argument(..., metavar="DIR_A DIR_B ...", help="Run directories (or sweep settings); the first is the baseline."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Where to write the comparison [default: results/compare-<names>]."),
    correction: Optional[str] = typer.Option(None, "--correction", metavar="holm|bh", help=CORRECTION_HELP + " [default: holm]"),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP", help=MARGIN_HELP),
    no_report: bool = typer.Option(False, "--no-report", help="Write the tables only, not report.html / report.md."),
):
    """Compare runs: win rates, differences against the first with intervals and corrected tests.

    \b
    Examples:
      catan-balance run base -o results/base && catan-balance run base --set bank.resource_supply=24 -o results/base-24
      catan-balance compare results/base results/base-24
      catan-balance compare results/s-sweep/00-victory_points=8 results/s-sweep/02-victory_points=12 --correction bh
    """
    from simcore.run import lock
    from simcore.run.grid import slug
    out = out or Path("results") / slug(0, "compare-" + "-".join(Path(d).name for d in dirs))[3:]
    lock.check_idle(dirs, "wait until it ends, then compare")   # (a reader: it takes no lock of theirs)
    with _writing(out):
        _compare(dirs, out, correction, margin, no_report)


def _compare(dirs, out, correction, margin, no_report):
    from reports import display
    from reports.files import save_table
    from reports.fmt import format_columns
    from reports.report import terminal_text, write_report
    from reports.study import compare_runs
    from reports.tables import all_tables
    _check_compare_out(out, dirs)
    study = compare_runs(dirs, out, _correction(correction), _margin(margin))
    tables = all_tables(study)
    made = display.comparisons(study, tables["comparisons"])
    if made:
        headers = [h[0] if isinstance(h, tuple) else h for h in made[0]]   # (label, raw name): the label
        typer.echo(format_columns(headers, made[1], align=("ll" + "r" * 4 + "lrrll")[:len(headers)]))
    _say("\n" + terminal_text(study, tables))
    if no_report:
        (out / "tables").mkdir(parents=True, exist_ok=True)
        path = save_table(tables["comparisons"], out / "tables" / "comparisons.csv")[0]
        typer.echo(f"comparison -> {path}", err=True)
        return
    paths = write_report(study, tables)
    typer.echo(f"comparison -> {paths.get('comparisons', out / 'tables')}; report -> {paths['html']}", err=True)


def _check_compare_out(out, dirs):
    from simcore.run.outputs import read_json
    _check_out(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file, not a directory; use --out for another directory")
    meta = read_json(out / "meta.json") or {}
    if (out / "games.csv").exists() or meta.get("kind") in ("run", "sweep"):
        raise InputError(f"{out}: holds simulation results; use --out for another directory")


@app.command()
def tune(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    params: List[str] = typer.Option([], "--param", metavar="KEY=RANGE",
                                     help="A rule to tune (repeatable): 2,3,4 or 3..9 or {2,3,11,12}|{4..10}|{5..9} "
                                          "[default: the scenario's [tune] table]."),
    objective: Optional[str] = typer.Option(None, "--objective", metavar="OBJ",
                                            help="seat-fairness, policy-parity:NAME or target:STAT=VALUE "
                                                 "(STAT: sheriff_wins, gb_income_share, turns) [default: [tune]]."),
    budget: Optional[int] = typer.Option(None, "--budget", min=100, metavar="GAMES",
                                         help="Most games to play over all candidates [default: [tune] or 20000]."),
    first: int = typer.Option(200, "--first", min=50, metavar="N", help="Games per candidate in the first round."),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP",
                                           help=MARGIN_HELP + " For the distance from the aim (turns: in turns) "
                                                              "[default: the [tune] table's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed [default: the scenario's]."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario name>-tune]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines."),
):
    """Find the value of a rule that best meets an objective: candidates race on the same games and those
    significantly worse than the best are dropped; writes report.html, verdicts.json and a chart.

    \b
    Examples:
      catan-balance tune tune-grundbesitz-landlord        # a shipped example ([tune] table)
      catan-balance tune grundbesitz --param variants.grundbesitz.markers_per_block=1..4 --objective policy-parity:landlord
      catan-balance tune robin-hood --param variants.robin_hood.neutral_settlements=0..6 --objective target:sheriff_wins=0.5
      catan-balance tune base --param victory_points=8..12 --objective seat-fairness --budget 40000
    """
    from reports import objectives, tune_report
    from simcore.studies import tune as tuning
    from simcore.run.config import find_scenario, read_toml
    path = find_scenario(scenario)
    table = read_toml(path).get("tune", {})
    params = params or list(table.get("param", []))
    objective = objective or table.get("objective")
    budget = budget or int(table.get("budget", 20000))
    from simcore.run.cap import games_cap
    from simcore.run.grid import check_margin
    margin = _margin(margin) if margin is not None else check_margin(table.get("margin"), "tune.margin", path)
    if not objective:
        raise InputError("tune: no --objective; allowed: seat-fairness, policy-parity:NAME or target:STAT=VALUE")
    extra = [f"seed={seed}"] if seed is not None else []
    plan = tuning.candidates(str(path), [*sets, *extra], params)
    budget = games_cap(budget, least=2 * len(plan.settings) * 50)   # (a test's cap only: simcore.run.cap)
    goal = objectives.parse(objective, plan.scenario, [(x.label, x.scenario) for x in plan.settings])
    out = out or Path("results") / f"{plan.scenario.name}-tune"
    with _writing(out):   # the study's folder: no other command writes it meanwhile
        _check_compare_out(out, [])

        def progress(r, label, games, spent):
            if not quiet:
                typer.echo(f"round {r + 1}: {label}: {games:,} games ({spent:,} in all)", err=True)
        race = tuning.race(plan, goal, budget, judge=tune_report.judge_for(goal), first=first, progress=progress)
        result = tune_report.conclude(goal, race, plan.scenario.name, margin=margin)
        command = (f"catan-balance tune {path} " + " ".join(f"--param '{p}'" for p in params) +
                   f" --objective {goal.text} --budget {budget} --first {first} --seed {plan.scenario.seed}" +
                   (f" --margin {margin:g}" if margin is not None else "") +
                   "".join(f" --set '{s}'" for s in sets) + f" --out {out}")
        paths = tune_report.write(result, out, command)
        _say("\n".join(tune_report.sentences(result)))
        typer.echo(f"report -> {paths['html']}; verdicts -> {paths['verdicts']}", err=True)


TRAIN_BUDGET_HELP = "Games to train with (validation checkpoints included; the holdout comes on top)."


def _train_settings(budget, seed, holdout, popsize, self_play, jobs, loaded):
    from simcore.studies.train import Settings
    try:
        import cma  # noqa: F401
    except ImportError:
        raise InputError("train: the optimiser needs the package `cma`; allowed: pip install "
                         "'catan-balance[train]'") from None
    return Settings(budget=budget, seed=loaded.seed if seed is None else seed, holdout=holdout, popsize=popsize,
                    self_play=self_play, jobs=jobs)


def _train_progress(quiet, label=""):
    """A progress callback: a live line on a terminal, a line per generation otherwise (none with --quiet)."""
    live = sys.stderr.isatty()

    def progress(d):
        if quiet:
            return
        line = (f"{label}round {d['round']} generation {d['generation']}: {d['games']:,} games, "
                f"{d['games'] / max(d['seconds'], 1e-9):,.0f} games/s, best validation {100 * d['best']:.1f}% "
                f"(start {100 * d['start']:.1f}%, {d['best_n']:,} games each)")
        sys.stderr.write(("\r\033[K" + line) if live else line + "\n")
        sys.stderr.flush()
    return progress


def _train_one(loaded, seat, start, settings, quiet, label="", **keep):
    """keep: the output folder's State (simcore.studies.train_state: saved=, resume=, force=), if any."""
    from reports.train_report import judge
    from simcore.studies.train import train as run_training
    result = run_training(loaded, seat, start, settings, _train_progress(quiet, label), judge=judge, **keep)
    if not quiet and sys.stderr.isatty():
        sys.stderr.write("\n")
    return result


@contextlib.contextmanager
def _training_kept(saved, command):
    """Ctrl-C during a training (or the error numba makes of one: simcore.run.interrupts): one line on what
    its folder keeps and the command that continues it, exit 130."""
    from simcore.run import interrupts
    sigints = interrupts.listen()
    try:
        yield
    except BaseException as e:
        if not interrupts.was(e, sigints):
            raise
        state = saved.path.exists() and saved.load()
        kept = f"{state.kept()} kept in {saved.path}" if state else "nothing kept yet"
        typer.echo(("\n" if sys.stderr.isatty() else "") + f"interrupted: {kept}; to continue: {command} --resume",
                   err=True)
        raise typer.Exit(130) from None


@app.command()
def train(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    seat: int = typer.Option(..., "--seat", metavar="K", help="The scenario seat (0-based, as in `seats`) to train."),
    start: Optional[str] = typer.Option(None, "--from", metavar="PRESET",
                                        help="Start from this preset (a name or a .toml file) [default: the seat's]."),
    budget: int = typer.Option(200_000, "--budget", min=1, metavar="GAMES", help=TRAIN_BUDGET_HELP),
    holdout: int = typer.Option(20_000, "--holdout", min=1, metavar="GAMES",
                                help="Fresh games for the final evaluation of the trained and the start preset."),
    self_play: int = typer.Option(1, "--self-play", min=1, metavar="ROUNDS",
                                  help="Rounds: round r > 1 trains against copies of round r-1's preset."),
    popsize: int = typer.Option(0, "--popsize", min=0, metavar="N", help="Candidates per generation [default: 4 + 3 ln(weights)]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Worker processes."),
    name: Optional[str] = typer.Option(None, "--name", metavar="NAME", help="The preset's name in its description."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario>-train-seat<K>]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    strong: bool = typer.Option(False, "--strong", help="Train the strong player built on the start preset: its "
                                "builder weights and the untrained value weights (docs/players.md)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines."),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted training in --out (or write a "
                                "finished one's files again)."),
    force: bool = typer.Option(False, "--force", help="Start over, deleting a training in --out."),
):
    """Tune the weights of the policy in one seat to win more against the scenario's other seats
    (CMA-ES, racing on common random numbers); writes preset.toml, a learning curve and the holdout
    win rates of the trained and the start preset on the same fresh games.  It keeps its state in
    --out after every generation: after Ctrl-C, the same command with --resume continues it.

    \b
    Examples:
      catan-balance train base --seat 0 --jobs 2
      catan-balance train grundbesitz --seat 1 --budget 100000
      catan-balance train base --seat 0 --from devcards --budget 50000 --out results/devcards-trained
      catan-balance train base --seat 0 --from tuned-base --strong --budget 400000 --jobs 2
      catan-balance train base --seat 0 --jobs 2 --resume      # after an interruption
      catan-balance run base --set 'seats=["results/base-train-seat0/preset.toml","greedy","greedy","greedy"]'
    """
    from reports.train_report import fair_share, sentences, write
    from simcore.run.runner import check_resume_force
    from simcore.studies.train_state import Saved
    check_resume_force(resume, force, "training")
    loaded = _load(scenario, sets)
    settings = _train_settings(budget, seed, holdout, popsize, self_play, jobs, loaded)
    settings.strong = strong
    out = out or Path("results") / f"{loaded.name}-train-seat{seat}"
    command = (f"catan-balance train {scenario} --seat {seat}" + (f" --from {start}" if start else "") +
               (" --strong" if strong else "") +
               f" --budget {budget} --holdout {holdout} --self-play {self_play} --seed {settings.seed}" +
               (f" --popsize {popsize}" if popsize else "") + (f" --name {name}" if name else "") +
               "".join(f" --set '{s}'" for s in sets) + f" --out {out}")
    with _writing(out):   # the study's folder: no other command writes it meanwhile
        _check_compare_out(out, [])
        saved = Saved(out)
        with _training_kept(saved, command + (f" --jobs {jobs}" if jobs > 1 else "")):
            result = _train_one(loaded, seat, start, settings, quiet, saved=saved, resume=resume, force=force)
            paths = write(result, out, loaded.name, command, fair_share(loaded), name)
        _say("\n".join(sentences(result, loaded.name, fair_share(loaded))))
        typer.echo(f"preset -> {paths['preset']}; learning curve -> {paths['chart']}; report -> {paths['html']}", err=True)


@app.command()
def exploit(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    baseline: str = typer.Option("base", "--baseline", metavar="BASE_SCENARIO", help="The rules to compare with."),
    seat: int = typer.Option(0, "--seat", metavar="K", help="The seat trained in both (0-based)."),
    start: Optional[str] = typer.Option(None, "--from", metavar="PRESET", help="Start preset in both [default: each seat's]."),
    budget: int = typer.Option(100_000, "--budget", min=1, metavar="GAMES", help=TRAIN_BUDGET_HELP + " Each."),
    holdout: int = typer.Option(20_000, "--holdout", min=1, metavar="GAMES", help="Fresh games for each final evaluation."),
    popsize: int = typer.Option(0, "--popsize", min=0, metavar="N", help="Candidates per generation [default: 4 + 3 ln(weights)]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Worker processes."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario>-exploit]."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines."),
):
    """Can a good player exploit this rule?  Trains a best response in one seat under the house rule and
    under the baseline rules (same budget, same seed) and reports the gap in holdout win rates.

    \b
    Examples:
      catan-balance exploit grundbesitz --jobs 2
      catan-balance exploit grundbesitz-5-9 --baseline grundbesitz --budget 50000
    """
    from reports.train_report import exploit_sentences, fair_share, write, write_exploit
    rule, base = _load(scenario, []), _load(baseline, [])
    settings = _train_settings(budget, seed, holdout, popsize, 1, jobs, rule)
    out = out or Path("results") / f"{rule.name}-exploit"
    with _writing(out):   # the study's folder: no other command writes it meanwhile
        _check_compare_out(out, [])
        command = (f"catan-balance exploit {scenario} --baseline {baseline} --seat {seat}" +
                   (f" --from {start}" if start else "") +
                   f" --budget {budget} --holdout {holdout} --seed {settings.seed}" +
                   (f" --popsize {popsize}" if popsize else "") + f" --out {out}")
        from simcore.studies.train import plan
        results = {}
        for loaded in (rule, base):
            plan(loaded, seat, start, settings)   # both checked before either trains
        for key, loaded in (("rule", rule), ("baseline", base)):
            results[key] = _train_one(loaded, seat, start, settings, quiet, f"{loaded.name}: ")
            write(results[key], out / key, loaded.name, command, fair_share(loaded))
        words = exploit_sentences(results["rule"], rule, results["baseline"], base)
        paths = write_exploit(words, results, rule, base, out, command)
        _say("\n".join(words))
        typer.echo(f"report -> {paths['html']}; presets -> {out / 'rule' / 'preset.toml'}, "
                   f"{out / 'baseline' / 'preset.toml'}", err=True)


@app.command()
def robust(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    tuned: Optional[str] = typer.Option(None, "--tuned", metavar="PRESET",
                                        help="The preset every seat plays in the second sweep [default: the tuned "
                                             "preset of the scenario's rule set, e.g. tuned-grundbesitz]."),
    players: Optional[str] = typer.Option(None, "--players", metavar="SPEC",
                                          help="Instead of --tuned: the player of the second sweep, a preset name, a "
                                               "preset file or KIND:KEY=VALUE,... (as for `ladder`), e.g. "
                                               "rollout:base=greedy,candidates=5,rollouts=16,horizon=0."),
    seat: Optional[int] = typer.Option(None, "--seat", min=0, metavar="K",
                                       help="With --players: only scenario seat K (0-based, as in `seats`) plays it, "
                                            "the others stay as written [default: every seat]."),
    vary: List[str] = typer.Option([], "--vary", metavar="KEY=V1,V2,...", help="As for `sweep`."),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, metavar="N", help="Games per setting [default: the scenario's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Seed [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Worker processes."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario>-robust]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    margin: Optional[float] = typer.Option(None, "--margin", metavar="PP", help=MARGIN_HELP + " [default: the [sweep] table's]"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live progress."),
):
    """Does a sweep's verdict survive other players?  Plays the sweep as written (DIR/hand) and with every seat
    played by a tuned preset (DIR/tuned) or by the --players spec (DIR/players; with --seat K only seat K),
    reports both, and says whether the fairest settings and the significantly less fair ones are the same
    ("undetermined" where either sweep tells no setting apart).

    \b
    Examples:
      catan-balance robust sweep-grundbesitz --games 2000 --jobs 2
      catan-balance robust sweep-vp-red --tuned results/base-train-seat0/preset.toml
      catan-balance robust sweep-autarkie-base --players rollout:base=greedy,candidates=5,rollouts=16,horizon=0
      catan-balance robust sweep-grundbesitz --players tuned-grundbesitz --seat 0
    """
    from reports.summary import Tally
    from reports.train_robust import compare, differences, read_verdicts, sentences, write
    from simcore.run import sweep as sweeps
    from simcore.run.config import read_toml
    from simcore.run.grid import read_robust_table
    extra = [f"{k}={v}" for k, v in (("games", games), ("seed", seed)) if v is not None]
    hand = sweeps.plan(scenario, [*sets, *extra], vary, margin=_margin(margin))
    if any(key == "seats" for key in hand.vary):
        raise InputError(f"robust: {hand.scenario.name} varies the seats; allowed: a sweep of rules (the seats "
                         "are what robust replaces)")
    table = None
    if players is None and tuned is None:   # the scenario's [robust] table, where the flags name no player
        path = hand.scenario.source
        players, table_seat, tuned = read_robust_table(read_toml(path), path)
        seat = table_seat if seat is None else seat
        table = path if players or tuned else None
    seats, named = _robust_seats(hand.scenario, [*sets, *extra], tuned, players, seat, table)
    other = "players" if players is not None else "tuned"
    both = {"hand": hand, other: sweeps.plan(scenario, [*sets, *extra, seats], vary, margin=_margin(margin))}
    out = out or Path("results") / f"{hand.scenario.name}-robust"
    with _writing(out):   # the study's folder: no other command writes it meanwhile
        _check_compare_out(out, [])
        try:
            for key, plan in both.items():
                sweeps.run(plan, out / key, Tally, jobs=jobs, force=True, progress=not quiet)
                _report(out / key, False, quiet=True)
        except KeyboardInterrupt:
            typer.echo("interrupted: robust has no --resume; the same command plays both sweeps again", err=True)
            raise typer.Exit(130) from None
        result = compare(read_verdicts(out / "hand"), read_verdicts(out / other))
        diffs = differences(out / "hand", out / other)
        where = "every seat" if seat is None else f"seat {seat}"
        who = "tuned bots" if players is None else f"{named} in {where}"
        words = sentences(result, named, diffs, who=who)
        on_seat = f" --seat {seat}" if seat is not None else ""
        flags = f"--tuned {named}" if players is None else f"--players '{players}'{on_seat}"
        command = (f"catan-balance robust {scenario} {flags}" + "".join(f" --vary '{v}'" for v in vary)
                   + "".join(f" --set '{s}'" for s in [*sets, *extra])
                   + (f" --margin {margin:g}" if margin is not None else "") + f" --out {out}")
        how = "every seat played by the tuned preset" if players is None else f"{where} played by {named}"
        paths = write(result, words, out, command, diffs, folder=other, who=who, how=how)
        _say("\n".join(words))
        typer.echo(f"report -> {paths['html']}", err=True)


def _robust_seats(scenario, sets, tuned, players, seat, table=None):
    """(the --set text seating robust's second sweep, its player's name); checked: one error line naming
    where the player comes from (--players / --tuned, or the [robust] table of the scenario file `table`)."""
    import dataclasses
    from policies.preset_file import tuned_name
    from simcore.run import players as player_specs
    from simcore.run.config import load_scenario
    if players is not None and tuned is not None:
        raise InputError("--tuned and --players: choose one; allowed: --tuned PRESET, or --players SPEC")
    if seat is not None and players is None:
        raise InputError("--seat: only with --players; allowed: --players SPEC --seat K")
    flag = f"{table}: robust.players" if table else "--players"
    if players is None:
        tuned = tuned or tuned_name(scenario.rules.variants)
        flag = f"{table}: robust.tuned" if table else "--tuned"
        _check_preset(flag, tuned)
        players = tuned
    specs = player_specs.split([players], flag)
    if len(specs) != 1:
        raise InputError(f"{flag} {players}: {len(specs)} players; allowed: one SPEC (every seat, or --seat K)")
    spec = specs[0]
    # the seats as written, as seat tables (every key a SeatSpec has, the empty ones left out)
    written = [{k: v for k, v in dataclasses.asdict(s).items() if v not in ({}, None, "")} for s in scenario.seats]
    if seat is not None and seat >= len(written):
        where = f"{table}: robust.seat" if table else "--seat"
        raise InputError(f"{where} {seat}: {scenario.name} has seats 0..{len(written) - 1}; allowed: 0 to "
                         f"{len(written) - 1}")
    count = 1 if scenario.players == 1 else len(written)

    def seated(player):
        tables = [player] * count if seat is None else [player if k == seat else t for k, t in enumerate(written)]
        return player_specs.seats_override(tables)
    player_specs.check(lambda t: load_scenario(scenario.source, [*sets, seated(t)]), spec, flag)
    return seated(player_specs.seat_table(spec, flag)), spec


def _check_preset(flag, name):
    """A preset named on the command line: one error line naming the flag."""
    from policies.registry import resolve
    from simcore.engine.errors import ScenarioError
    try:
        resolve(name)
    except ScenarioError as e:
        raise InputError(f"{flag}: {e.what}; allowed: {e.allowed}") from None


@app.command()
def scenarios():
    """List the shipped scenarios (use the name with `run`)."""
    from reports.fmt import format_columns
    from simcore.run.config import read_toml, shipped_scenarios
    rows = [[path.stem, (str(read_toml(path).get("description", "")).splitlines() or [""])[0]]
            for path in shipped_scenarios()]
    typer.echo(format_columns(["scenario", "description"], rows, align="ll", wrap_last=True))


@app.command()
def policies():
    """List the policy presets and the weights a scenario seat can override."""
    from policies.registry import list_presets
    from policies.weights import WEIGHTS
    from reports.fmt import format_columns
    presets = list_presets()
    typer.echo('Presets (a seat\'s `policy = "..."`):')
    typer.echo(format_columns(["name", "kind", "description"], [[p.name, p.kind, p.description] for p in presets],
                              align="lll", indent=2, wrap_last=True))
    _say("\nWeights (override per seat: `weights = { devcard = 0.8 }`), with each preset's values:")
    rows = [[name, *(f"{p.weights.get(name, 0.0):g}" for p in presets), meaning]
            for name, (_, meaning) in WEIGHTS.items()]
    typer.echo(format_columns(["weight", *(p.name for p in presets), "meaning"], rows,
                              align="l" + "r" * len(presets) + "l", indent=2, wrap_last=True))


@app.command()
def bench(
    games: int = typer.Option(20000, "--games", "-n", min=1, metavar="N", help="Games to time."),
    scenario: str = typer.Option("base", "--scenario", "-s", metavar="SCENARIO", help=SCENARIO_HELP),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J",
                             help="Instead: whole runs (no report) with 1 and with J jobs, side by side, and their ratio."),
    backend: str = typer.Option("local", "--backend", metavar="local|dask", help=BACKEND_HELP),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP),
):
    """Time the kernel on one core: games per second, compile/cache load time apart;
    with --jobs J, whole runs with 1 and J worker processes and how much faster J are.

    \b
    Examples:
      catan-balance bench
      catan-balance bench --games 5000 --scenario mixed
      catan-balance bench --jobs 2 --games 200000      # the speed-up of two jobs (an idle machine: >= 1.7x)
    """
    from simcore.run.bench import bench as run_bench
    loaded = _load(scenario, sets)
    if jobs > 1:
        return _bench_jobs(_load(scenario, sets, games=games), jobs, _backend(backend, scheduler))
    typer.echo(f"bench: {loaded.name}, {loaded.players} player{'s' if loaded.players != 1 else ''} "
               f"({', '.join(s.policy for s in loaded.seats)}), one core")
    result = run_bench(loaded, games)
    typer.echo(f"compile / cache load: {result['compile_s']:.2f} s, {result['compile_cpu_s']:.2f} s of CPU "
               f"(first batch of {result['warmup_games']} games; load average {os.getloadavg()[0]:.1f})")
    rate = result['games_per_s']
    typer.echo(f"{result['games']:,} games in {result['seconds']:.2f} s: {rate:,.{0 if rate >= 100 else 1}f} games/s "
               f"({1000 / result['games_per_s']:.3f} ms a game, {result['turns_per_game']:.1f} player-turns a game)")


def _bench_jobs(loaded, jobs, where):
    import tempfile
    from reports.summary import Tally
    from simcore.run.bench import jobs_ratio
    typer.echo(f"bench: {loaded.name}, {loaded.games:,} games, whole runs (no report) with 1 and {jobs} jobs")
    with tempfile.TemporaryDirectory(prefix="catan-bench-") as folder:
        result = jobs_ratio(loaded, jobs, folder, Tally, **where)
    for r in result["runs"]:
        typer.echo(f"--jobs {r['jobs']}: {r['seconds']:.1f} s, {r['games_per_s']:,.0f} games/s")
    load = ", ".join(f"{x:.2f}" for x in result["load_before"])
    typer.echo(f"ratio: {result['ratio']:.2f}x with {jobs} jobs (load average before: {load}; "
               f"{os_cpu_count()} cores)")


def os_cpu_count():
    import os
    return os.cpu_count()


@app.command()
def compile(
    scenario: Optional[str] = typer.Argument(None, metavar="[SCENARIO]", help=SCENARIO_HELP),
    all_: bool = typer.Option(False, "--all", help="Every shipped scenario (each engine they need, once)."),
):
    """Compile the engine ahead of time (numba's disk cache), e.g. for a cluster image or CI.

    \b
    Examples:
      catan-balance compile --all
      catan-balance compile grundbesitz
    """
    import sys as _sys
    from simcore.run.batch import engine_name, warm_up
    from simcore.run.config import pack_policies, pack_rules, shipped_scenarios
    from simcore.engine.state import rules_variants
    if (scenario is None) == (not all_):
        raise InputError("compile: give a SCENARIO or --all, not both or neither")
    names = [p.stem for p in shipped_scenarios()] if all_ else [scenario]
    seen = set()
    for name in names:
        loaded = _load(name, [])
        params = pack_rules(loaded)
        kernel = rules_variants(params)
        if kernel in seen:
            continue
        seen.add(kernel)
        kinds, weights = pack_policies(loaded)
        seconds, compiled = warm_up(params, kinds, weights, _sys.stderr)
        how = "compiled" if compiled else "loaded from the cache"
        typer.echo(f"engine for {engine_name(params)} (as {loaded.name} needs it): {how} in {seconds:.1f} s")


@app.command("new-variant")
def new_variant(
    name: str = typer.Argument(..., metavar="NAME", help="The house rule's name: its scenario table "
                               "[variants.NAME] and its folders, e.g. forest_bonus."),
    title: Optional[str] = typer.Option(None, "--title", help="How the reports name it [default: NAME]."),
):
    """Start a house rule of your own: the files of a variant that plays the base game until it
    has rules (declaration, hooks, bots, report entry, a scenario, a test), registered in
    simcore/variants/__init__.py. docs/write-a-variant.md goes on from there.

    \b
    Examples:
      catan-balance new-variant forest_bonus
      catan-balance new-variant toy --title "Toy (forests pay extra lumber)"
    """
    from simcore.variants.scaffold import new_variant as scaffold
    for path in scaffold(name, title=title):
        typer.echo(path)
    typer.echo(f"next: catan-balance run {name}; then its rules: docs/write-a-variant.md", err=True)


@app.command()
def replay(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    game: int = typer.Option(..., "--game", "-g", min=0, max=2**32 - 1, metavar="K",
                             help="Game index within the run (games.csv column `game`)."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Run seed [default: the scenario's]."),
    log: Optional[Path] = typer.Option(None, "--log", metavar="FILE.jsonl", help="Where to write the events, as JSON Lines."),
    png: Optional[Path] = typer.Option(None, "--png", metavar="FILE.png", help="Draw the board at the end of the game."),
    page: Optional[Path] = typer.Option(None, "--html", metavar="FILE.html",
                                        help="A page that steps through the game in a browser (one file, no network)."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
):
    """Replay one game of a run: its event log, a picture of the board at the end and/or a page
    stepping through it in a browser (same scenario, --seed and --set as the run).

    \b
    Examples:
      catan-balance replay base --game 17 --log game17.jsonl
      catan-balance replay base --game 17 --png game17.png
      catan-balance replay base --game 17 --html game17.html
      catan-balance replay base --game 17 --seed 5 --set board.layout=beginner --log game17.jsonl --png game17.png
    """
    from simcore.run.outputs import write_jsonl
    from simcore.run.runner import replay as replay_game
    if log is None and png is None and page is None:
        raise InputError("replay: nothing to write; allowed: --log FILE.jsonl, --png FILE.png, --html FILE.html "
                         "(any of them)")
    for flag, path in (("--log", log), ("--png", png), ("--html", page)):   # checked before the game is replayed
        if path is not None and (path.is_dir() or not path.absolute().parent.is_dir()):
            why = "is a folder" if path.is_dir() else f"no folder {path.absolute().parent}"
            raise InputError(f"{flag} {path}: {why}; allowed: a file in a folder that exists")
    loaded = _load(scenario, sets, seed=seed)
    game_seed, events = replay_game(loaded, game)
    if page is not None:
        from reports.replay_page import check_length
        check_length(events, "replay --html")     # before anything is written
    if log is not None:
        write_jsonl(log, events)
        typer.echo(f"game {game} (seed {game_seed}): {len(events)} events -> {log}", err=True)
    if png is not None:
        _board_png(loaded, game, game_seed, events, png)
    if page is not None:
        write_game_page(loaded, game, game_seed, events, page)
        typer.echo(f"game {game} (seed {game_seed}): a page stepping through {len(events) - 1} events -> {page}",
                   err=True)


def write_game_page(scenario, game, game_seed, events, path, setting=""):
    """The replay page of game `game` (reports.replay_page; `setting`: the sweep setting's label),
    written whole or not at all."""
    import dataclasses
    from reports.files import write_text
    from reports.replay_page import replay_html
    title, labels = board_title(scenario, game, game_seed, events)
    title = f"{title} ({setting})" if setting else title
    write_text(path, replay_html(events, title, scenario.description, labels, dataclasses.asdict(scenario.rules)))


def game_pages(study):
    """Replay pages of a few chosen games of each of the study's runs, written under games/ beside
    its report (reports.game_picks): {run index: ([(why, game, path)], note)} for the report's links.
    A run whose scenario plays its games differently now gets a note instead (simcore.run.replay_runs)."""
    from reports.game_picks import chosen_games, page_path, remove_stale
    from simcore.run.replay_runs import NotTheSameGame, replay_played, run_scenario
    pages, kept = {}, set()
    for k, run in enumerate(study.runs):
        links, note = [], None
        try:
            scenario = run_scenario(run.meta)
            for why, game in chosen_games(run, median=len(study.runs) == 1):   # a sweep: 2 a setting
                seed, events = replay_played(scenario, game, (run.seeds[game], run.winner_seat[game], run.turns[game]))
                path = page_path(study, k, run, game)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_game_page(scenario, game, seed, events, path, run.label if len(study.runs) > 1 else "")
                links.append((why, game, path))
                kept.add(path)
        except (NotTheSameGame, InputError) as e:   # InputError: a game too long for a page
            links, note = [], f"No game linked: {e}."
        pages[k] = (links, note)
    remove_stale(study, kept)
    return pages


def board_title(scenario, game, game_seed, events):
    """(title, policy label per table seat) of the board picture of game `game`."""
    from reports.fmt import seat_label
    from reports.variants import board_outcome
    # game g seats scenario seat (s + g) % (number of seats) at table seat s (simcore.engine.game.seat_specs)
    specs = [(s + game) % len(scenario.seats) if scenario.rotate_seats else s for s in range(scenario.players)]
    labels = [seat_label(scenario.seats[k]) for k in specs]
    end = next((e for e in reversed(events) if e["type"] == "game_end"), {})
    winner = end.get("winner", -1)
    outcome, turns = (f"seat {winner} won" if winner >= 0 else "no winner"), "player-turns"
    outcome, turns = board_outcome(events) or (outcome, turns)   # a solo mode's own outcome
    return f"{scenario.name}, game {game} (seed {game_seed}): {outcome} after {end.get('turns', '?')} {turns}", labels


def _board_png(scenario, game, game_seed, events, png):
    from reports.board import draw_board
    from reports.files import save_figure
    from reports.variants import REGISTRY
    title, labels = board_title(scenario, game, game_seed, events)
    layers = [layer for entry in REGISTRY.values() for layer in entry.board_layers]
    save_figure(draw_board(events, labels, title, layers), png)
    typer.echo(f"game {game} (seed {game_seed}): board at the end -> {png}", err=True)


if __name__ == "__main__":
    app()
