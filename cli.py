"""catan-balance: the command line.  Thin: parses, loads the scenario, calls the library.

Bad input of any kind prints one line `error: ...` on stderr and exits 2.
"""
import sys
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from simcore.errors import InputError

# The click that typer runs on (recent typer versions vendor their own copy):
# take its exception classes from typer's public BadParameter.
_CLICK = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
_UsageError, _ClickException = _CLICK["UsageError"], _CLICK["ClickException"]
_NoArgsIsHelpError = getattr(sys.modules[_UsageError.__module__], "NoArgsIsHelpError", ())


class _OneLineErrors(TyperGroup):
    """Usage errors and InputErrors become one line on stderr and exit 2: no usage box, no traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NoArgsIsHelpError as e:  # bare `catan-balance`
            typer.echo(e.ctx.get_help())
            sys.exit(0)
        except _UsageError as e:
            hint = f"; see '{e.ctx.command_path} --help'" if e.ctx else ""
            _fail(e.format_message().rstrip(".") + hint)
        except _ClickException as e:
            _fail(e.format_message())
        except InputError as e:
            _fail(str(e))
        except typer.Abort:
            sys.exit(130)
        except OSError as e:  # cannot read or write a file: not a bug, still no traceback
            typer.echo(f"error: {e}", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


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
    """,
)

SCENARIO_HELP = "Scenario: a TOML file, or the name of a shipped scenario (see `catan-balance scenarios`)."
SET_HELP = "Override a scenario value, key=value with a TOML value (repeatable), e.g. --set board.layout=beginner."


def _load(scenario, sets, **flags):
    """The validated scenario; flags (games=, seed=) override like --set."""
    from simcore.config import find_scenario, load_scenario
    extra = [f"{key}={value}" for key, value in flags.items() if value is not None]
    return load_scenario(find_scenario(scenario), [*sets, *extra])


@app.command()
def run(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    games: Optional[int] = typer.Option(None, "--games", "-n", min=1, metavar="N", help="Games to play [default: the scenario's]."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Run seed [default: the scenario's]."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="J", help="Worker processes."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help="Output directory [default: results/<scenario name>]."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
    resume: bool = typer.Option(False, "--resume", help="Continue the interrupted run in --out (or re-summarise a finished one)."),
    force: bool = typer.Option(False, "--force", help="Overwrite results already in --out."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No live progress (the final line stays)."),
):
    """Simulate a scenario: writes games.csv and summary.json, prints win rates.

    \b
    Examples:
      catan-balance run base
      catan-balance run base --games 50000 --jobs 2 --out results/base-50k
      catan-balance run scenarios/mixed.toml --set players=3 --set 'seats=["greedy","roads","devcards"]'
      catan-balance run base --resume        # after an interruption
    """
    from reports.summary import format_table
    from simcore import runner
    loaded = _load(scenario, sets, games=games, seed=seed)
    try:
        summary = runner.run(loaded, out or Path("results") / loaded.name, jobs=jobs, resume=resume,
                             progress=not quiet, force=force)
    except KeyboardInterrupt:
        typer.echo("interrupted: run the same command with --resume to continue", err=True)
        raise typer.Exit(130)
    typer.echo(format_table(summary))


@app.command()
def scenarios():
    """List the shipped scenarios (use the name with `run`)."""
    from simcore.config import read_toml, shipped_scenarios
    paths = shipped_scenarios()
    width = max((len(p.stem) for p in paths), default=0)
    for path in paths:
        description = str(read_toml(path).get("description", "")).splitlines() or [""]
        typer.echo(f"{path.stem.ljust(width)}  {description[0]}")


@app.command()
def policies():
    """List the policy presets and the weights a scenario seat can override."""
    from policies.registry import list_presets
    from policies.weights import WEIGHTS
    from reports.summary import format_columns
    presets = list_presets()
    typer.echo('Presets (a seat\'s `policy = "..."`):')
    typer.echo(format_columns(["name", "kind", "description"], [[p.name, p.kind, p.description] for p in presets],
                              align="lll", indent=2))
    typer.echo("\nWeights (override per seat: `weights = { devcard = 0.8 }`), with each preset's values:")
    rows = [[name, *(f"{p.weights.get(name, 0.0):g}" for p in presets), meaning]
            for name, (_, meaning) in WEIGHTS.items()]
    typer.echo(format_columns(["weight", *(p.name for p in presets), "meaning"], rows,
                              align="l" + "r" * len(presets) + "l", indent=2))


@app.command()
def bench(
    games: int = typer.Option(20000, "--games", "-n", min=1, metavar="N", help="Games to time."),
    scenario: str = typer.Option("base", "--scenario", "-s", metavar="SCENARIO", help=SCENARIO_HELP),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
):
    """Time the kernel on one core: games per second, compile/cache load time apart.

    \b
    Examples:
      catan-balance bench
      catan-balance bench --games 5000 --scenario mixed
    """
    from simcore.bench import bench as run_bench
    loaded = _load(scenario, sets)
    typer.echo(f"bench: {loaded.name}, {loaded.players} player{'s' if loaded.players != 1 else ''} "
               f"({', '.join(s.policy for s in loaded.seats)}), one core")
    result = run_bench(loaded, games)
    typer.echo(f"compile / cache load: {result['compile_s']:.2f} s (first batch of {result['warmup_games']} games)")
    typer.echo(f"{result['games']:,} games in {result['seconds']:.2f} s: {result['games_per_s']:,.0f} games/s "
               f"({1000 / result['games_per_s']:.3f} ms a game, {result['turns_per_game']:.1f} player-turns a game)")


@app.command()
def replay(
    scenario: str = typer.Argument(..., metavar="SCENARIO", help=SCENARIO_HELP),
    game: int = typer.Option(..., "--game", "-g", min=0, metavar="K", help="Game index within the run (games.csv column `game`)."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help="Run seed [default: the scenario's]."),
    log: Path = typer.Option(..., "--log", metavar="FILE.jsonl", help="Where to write the events, as JSON Lines."),
    sets: List[str] = typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP),
):
    """Replay one game of a run with its event log (same scenario, --seed and --set as the run).

    \b
    Examples:
      catan-balance replay base --game 17 --log game17.jsonl
      catan-balance replay base --game 17 --seed 5 --set board.layout=beginner --log game17.jsonl
    """
    from simcore.outputs import write_jsonl
    from simcore.runner import replay as replay_game
    loaded = _load(scenario, sets, seed=seed)
    game_seed, events = replay_game(loaded, game)
    write_jsonl(log, events)
    typer.echo(f"game {game} (seed {game_seed}): {len(events)} events -> {log}", err=True)


if __name__ == "__main__":
    app()
