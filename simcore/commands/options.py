"""The command line's options that several commands share, each defined once: its flags, bounds and
metavar here, a command's signature takes it as a parameter's default (a help text may say what the
option means in that command); then what the options become (the scenario file read once with its
overrides, the backend, the margin) for the run layer and studies."""
import typer

SCENARIO_HELP = "Scenario: a TOML file, or the name of a shipped scenario (see `catan-balance scenarios`)."
SET_HELP = "Override a scenario value, key=value with a TOML value (repeatable), e.g. --set board.layout=beginner."
BACKEND_HELP = ("Where chunks are played: local (this process and J-1 worker processes on this machine; `loky`, its "
                "old name, is accepted) or dask (a Dask cluster; pip install 'catan-balance[dask]').")
SCHEDULER_HELP = "With --backend dask: the address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 [default: a local cluster of --jobs workers]."
CHUNK_HELP = "Games per chunk a worker plays and writes at a time (any size gives the same games)."
UNTIL_HELP = ("Adaptive: play chunks until every win-rate 95%% interval is within +- this (0.01: +-1 percentage "
              "point), checked every --chunk-games games; instead of --games%s.")
MAX_GAMES_HELP = "With --until-ci: the most games%s [default: 200,000]."
CORRECTION_HELP = "Multiple-comparison correction: holm (family-wise error) or bh (Benjamini-Hochberg, false discovery rate)."
MARGIN_HELP = ("Equivalence margin in percentage points: settings within +-PP are named equivalent (intervals inside "
               "the margin, two one-sided tests); without it nothing is called equivalent, only 'not told apart'.")
PLAYERS_HELP = ("Players, separated by commas (or the option repeated): a preset name (catan-balance policies), a "
                "preset file (.toml), or KIND:KEY=VALUE,... for a seat table, e.g. "
                "rollout:base=greedy,candidates=5,rollouts=16,horizon=0.")
STRONG_HELP = ("strong: every seat played by the strong player, a style's seat (landlord, roads, autarkist, ...) by the "
               "strong player restricted to that style, strong and rollout seats as they are (docs/players.md); "
               "as played_by = \"strong\" in the scenario file.")
TRAIN_BUDGET_HELP = "Games to train with (validation checkpoints included; the holdout comes on top)."
RUNS = "Processes playing: this one and J-1 workers."


def scenario(help=SCENARIO_HELP):
    return typer.Argument(..., metavar="SCENARIO", help=help)


def games(help="Games per setting [default: the scenario's]."):
    return typer.Option(None, "--games", "-n", min=1, metavar="N", help=help)


def seed(help="Seed [default: the scenario's]."):
    return typer.Option(None, "--seed", min=0, max=2**63 - 1, metavar="S", help=help)


def jobs(help="Worker processes."):
    return typer.Option(1, "--jobs", "-j", min=1, metavar="J", help=help)


def out(default):
    return typer.Option(None, "--out", "-o", metavar="DIR", help=f"Output directory [default: {default}].")


def sets():
    return typer.Option([], "--set", metavar="KEY=VALUE", help=SET_HELP)


def flag(name, help, *short):
    return typer.Option(False, name, *short, help=help)


def quiet(help):
    return flag("--quiet", help, "-q")


def no_report(help="Do not write report.html / report.md."):
    return flag("--no-report", help)


def margin(help):
    return typer.Option(None, "--margin", metavar="PP", help=help)


def correction(help=CORRECTION_HELP):
    return typer.Option(None, "--correction", metavar="holm|bh", help=help)


def vary(help="As for `sweep`."):
    return typer.Option([], "--vary", metavar="KEY=V1,V2,...", help=help)


def baseline(help):
    return typer.Option([], "--baseline", metavar="KEY=VALUE", help=help)


def backend():
    return typer.Option("local", "--backend", metavar="local|dask", help=BACKEND_HELP)


def scheduler():
    return typer.Option(None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)


def chunk_games():
    return typer.Option(2000, "--chunk-games", min=1, metavar="N", help=CHUNK_HELP)


def until_ci(what=""):
    return typer.Option(None, "--until-ci", metavar="HALF_WIDTH", help=UNTIL_HELP % what)


def max_games(what=""):
    return typer.Option(None, "--max-games", metavar="N", help=MAX_GAMES_HELP % what)


def strong(help=STRONG_HELP):
    """--players strong of the commands that play a scenario's own seats (run, sweep, tune)."""
    return typer.Option(None, "--players", metavar="strong", help=help)


def budget(default, help, least=1):
    return typer.Option(default, "--budget", min=least, metavar="GAMES", help=help)


def holdout(help="Fresh games for each final evaluation."):
    return typer.Option(20_000, "--holdout", min=1, metavar="GAMES", help=help)


def start(help="Start preset in both [default: each seat's]."):
    return typer.Option(None, "--from", metavar="PRESET", help=help)


def popsize():
    return typer.Option(0, "--popsize", min=0, metavar="N", help="Candidates per generation [default: 4 + 3 ln(weights)].")


# --- what the options become: values the run layer takes ---

def read_scenario(name, sets=(), **typed):
    """The scenario file, read once, and the overrides of its games: the --set texts, then the typed
    options given (games=, seed=) as values; each load applies them (simcore.run.config)."""
    from simcore.run.config import Override, ScenarioFile, find_scenario
    return ScenarioFile(find_scenario(name)), [*sets, *(Override.of(k, v) for k, v in typed.items() if v is not None)]


def with_players(sets, players):
    """The --set texts with --players strong's (the scenario key played_by, simcore.run.played_by): a bad
    value is one error line naming the flag."""
    from simcore.run.played_by import flag_text
    given = flag_text(players)
    return [*sets, given] if given is not None else list(sets)


def load_scenario(name, sets=(), **typed):
    file, over = read_scenario(name, sets, **typed)
    return file.load(over)


def texts(over):
    """The overrides as the --set texts a reproducing command line names."""
    return [o if isinstance(o, str) else o.text for o in over]


def where(backend, scheduler):
    """--backend, --scheduler as the run layer takes them (checked)."""
    from simcore.run.backends import check
    return {"backend": check(backend, scheduler), "scheduler": scheduler}


def checked_margin(value):
    """--margin, checked (None: not given)."""
    from simcore.run.grid import check_margin
    return check_margin(value)


def chunk_cap(chunk_games):
    from simcore.run.cap import games_cap
    return games_cap(chunk_games)   # (a test's cap only: simcore.run.cap)
