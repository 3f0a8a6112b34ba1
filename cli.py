"""catan-balance: the command line.  Thin: each command is its options (shared ones defined once in
simcore.commands.options), its help with examples and one call of its workflow in simcore/commands,
which uses the run layer (simcore.run), the studies (simcore.studies) and the reports.

Bad input of any kind prints one line `error: ...` on stderr and exits 2.
"""
import os
from pathlib import Path

# One BLAS thread: the report's matrix products are small, and OpenBLAS's threads, when the
# cores are busy (a sweep's workers, other runs), made a 40 x 100,000 product 50x slower.
for _blas in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")
from typing import List, Optional

import typer

from simcore.commands.errors import OneLineErrors
from simcore.commands import options as opt

app = typer.Typer(
    cls=OneLineErrors, name="catan-balance", no_args_is_help=True, add_completion=False,
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


@app.command()
def run(
    scenario: str = opt.scenario(),
    games: Optional[int] = opt.games("Games to play [default: the scenario's]."),
    seed: Optional[int] = opt.seed("Run seed [default: the scenario's]."),
    jobs: int = opt.jobs(opt.RUNS), out: Optional[Path] = opt.out("results/<scenario name>"),
    sets: List[str] = opt.sets(),
    resume: bool = opt.flag("--resume", "Continue the interrupted run in --out (or re-summarise a finished one)."),
    force: bool = opt.flag("--force", "Overwrite results already in --out."),
    quiet: bool = opt.quiet("No live progress (the final line stays)."),
    no_report: bool = opt.no_report(),
    backend: str = opt.backend(), scheduler: Optional[str] = opt.scheduler(), chunk_games: int = opt.chunk_games(),
    until_ci: Optional[float] = opt.until_ci(), max_games: Optional[int] = opt.max_games(),
    players: Optional[str] = opt.strong(),
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
    from simcore.commands.run import play
    play(scenario, games, seed, jobs, out, sets, resume, force, quiet, no_report, backend, scheduler, chunk_games,
         until_ci, max_games, players)


@app.command()
def sweep(
    scenario: str = opt.scenario(),
    vary: List[str] = opt.vary("Vary a scenario key over values (repeatable: every combination is played)."),
    games: Optional[int] = opt.games(),
    seed: Optional[int] = opt.seed("Seed of every setting [default: the scenario's]."),
    jobs: int = opt.jobs(opt.RUNS), out: Optional[Path] = opt.out("results/<scenario name>-sweep"),
    sets: List[str] = opt.sets(),
    baseline: List[str] = opt.baseline("The setting the others are compared with (repeatable) [default: the first]."),
    correction: Optional[str] = opt.correction(opt.CORRECTION_HELP + " [default: holm]"),
    margin: Optional[float] = opt.margin(opt.MARGIN_HELP + " [default: the [sweep] table's]"),
    resume: bool = opt.flag("--resume", "Continue the interrupted sweep in --out (or re-report a finished one)."),
    force: bool = opt.flag("--force", "Overwrite a sweep already in --out."),
    quiet: bool = opt.quiet("No live progress (the final lines stay)."),
    no_report: bool = opt.no_report(),
    backend: str = opt.backend(), scheduler: Optional[str] = opt.scheduler(), chunk_games: int = opt.chunk_games(),
    until_ci: Optional[float] = opt.until_ci(", each setting on its own"),
    max_games: Optional[int] = opt.max_games(" per setting"),
    players: Optional[str] = opt.strong(),
    skill: bool = opt.flag("--skill", "Also play each setting with one strong seat against greedy bots (seats "
                           "rotating, into DIR/skill; a one-player game: the strong player, and the plain one into "
                           "DIR/skill/plain): the report says where skill counts more or less than at the baseline "
                           "(docs/verdicts.md, The skill gradient)."),
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
    from simcore.commands.sweep import play
    play(scenario, vary, games, seed, jobs, out, sets, baseline, correction, margin, resume, force, quiet, no_report,
         backend, scheduler, chunk_games, until_ci, max_games, players, skill)


@app.command()
def ladder(
    scenario: str = opt.scenario(opt.SCENARIO_HELP + " Its rules are played; its seats are not."),
    players: List[str] = typer.Option(..., "--players", "-p", metavar="P1,P2,...", help=opt.PLAYERS_HELP),
    games: Optional[int] = opt.games("Games per table (solo: per player) [default: the scenario's]."),
    seed: Optional[int] = opt.seed("Seed of every table [default: the scenario's]."),
    jobs: int = opt.jobs(opt.RUNS), out: Optional[Path] = opt.out("results/<scenario name>-ladder"),
    sets: List[str] = opt.sets(),
    margin: Optional[float] = opt.margin("Equivalence margin in head-to-head percentage points around 50%: pairs "
                                         "within +-PP are named tied (two one-sided tests, Holm); without it "
                                         "nothing is called tied, only 'not told apart'."),
    resume: bool = opt.flag("--resume", "Continue the interrupted ladder in --out (or re-report a finished one)."),
    force: bool = opt.flag("--force", "Overwrite a ladder already in --out."),
    quiet: bool = opt.quiet("No live progress (the final lines stay)."),
    backend: str = opt.backend(), scheduler: Optional[str] = opt.scheduler(), chunk_games: int = opt.chunk_games(),
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
    from simcore.commands.ladder import play
    play(scenario, players, games, seed, jobs, out, sets, margin, resume, force, quiet, backend, scheduler, chunk_games)


@app.command()
def report(
    results: Path = typer.Argument(..., metavar="RESULTS_DIR", help="A directory written by `run` or `sweep`."),
    baseline: List[str] = opt.baseline("Compare with this setting of a sweep (repeatable) [default: the sweep's]."),
    correction: Optional[str] = opt.correction(),
    margin: Optional[float] = opt.margin(opt.MARGIN_HELP + " [default: the sweep's]"),
):
    """(Re)write report.html, report.md, verdicts.json, charts/ and tables/ from saved results.

    \b
    Examples:
      catan-balance report results/base
      catan-balance report results/sweep-vp-red-sweep --baseline victory_points=10 --correction bh
    """
    from simcore.commands import reporting
    reporting.rewrite(results, baseline, correction, margin)


@app.command()
def compare(
    dirs: List[Path] = typer.Argument(..., metavar="DIR_A DIR_B ...", help=(
        "Run directories (or sweep settings); the first is the baseline.")),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", help=(
        "Where to write the comparison [default: results/compare-<names>].")),
    correction: Optional[str] = opt.correction(opt.CORRECTION_HELP + " [default: holm]"),
    margin: Optional[float] = opt.margin(opt.MARGIN_HELP),
    no_report: bool = opt.no_report("Write the tables only, not report.html / report.md."),
):
    """Compare runs: win rates, differences against the first with intervals and corrected tests.

    \b
    Examples:
      catan-balance run base -o results/base && catan-balance run base --set bank.resource_supply=24 -o results/base-24
      catan-balance compare results/base results/base-24
      catan-balance compare results/s-sweep/00-victory_points=8 results/s-sweep/02-victory_points=12 --correction bh
    """
    from simcore.commands import reporting
    reporting.compare(dirs, out, correction, margin, no_report)


@app.command()
def tune(
    scenario: str = opt.scenario(),
    params: List[str] = typer.Option([], "--param", metavar="KEY=RANGE", help=(
        "A rule to tune (repeatable): 2,3,4 or 3..9 or {2,3,11,12}|{4..10}|{5..9} [default: the scenario's "
        "[tune] table].")),
    objective: Optional[str] = typer.Option(None, "--objective", metavar="OBJ", help=(
        "seat-fairness, policy-parity:NAME, target:STAT=VALUE, min:STAT or max:STAT (STAT: turns, lead_changes, "
        "comeback, sheriff_wins, gb_income_share, ...); turns = min:turns, lead_changes and comeback = max: "
        "[default: [tune]].")),
    constraints: List[str] = typer.Option([], "--constraint", metavar="STAT<=LIMIT", help=(
        "Keep only candidates shown to meet it (repeatable), e.g. 'turns<=80' or 'comeback>=0.3'; STAT as in "
        "target:STAT (one-sided bounds; the constraints take 1% of tune's 5%).")),
    budget: Optional[int] = typer.Option(None, "--budget", min=100, metavar="GAMES", help=(
        "Most games to play over all candidates [default: [tune] or 20000].")),
    first: int = typer.Option(200, "--first", min=50, metavar="N", help=(
        "Games per candidate in the first round.")),
    margin: Optional[float] = opt.margin(opt.MARGIN_HELP + " For the distance from the aim (turns: in turns) "
                                         "[default: the [tune] table's]."),
    seed: Optional[int] = opt.seed(),
    out: Optional[Path] = opt.out("results/<scenario name>-tune"),
    sets: List[str] = opt.sets(),
    players: Optional[str] = opt.strong(),
    quiet: bool = opt.quiet("No progress lines."),
):
    """Find the value of a rule that best meets an objective: candidates race on the same games and those
    significantly worse than the best are dropped; writes report.html, verdicts.json and a chart.

    \b
    Examples:
      catan-balance tune tune-grundbesitz-landlord        # a shipped example ([tune] table)
      catan-balance tune grundbesitz --param variants.grundbesitz.markers_per_block=1..4 --objective policy-parity:landlord
      catan-balance tune robin-hood --param variants.robin_hood.neutral_settlements=0..6 --objective target:sheriff_wins=0.5
      catan-balance tune base --param victory_points=8..12 --objective seat-fairness --budget 40000
      catan-balance tune tune-grundbesitz-landlord --constraint 'turns<=80'   # the fairest no longer than 80
    """
    from simcore.commands.tune import study
    file, over = opt.read_scenario(scenario, opt.with_players(sets, players))
    study(file, over, params, objective, budget, first, margin, seed, out, quiet, constraints)


@app.command()
def train(
    scenario: str = opt.scenario(),
    seat: int = typer.Option(..., "--seat", metavar="K", help="The scenario seat (0-based, as in `seats`) to train."),
    start: Optional[str] = typer.Option(None, "--from", metavar="PRESET", help=(
        "Start from this preset (a name or a .toml file) [default: the seat's].")),
    budget: int = opt.budget(200_000, opt.TRAIN_BUDGET_HELP),
    holdout: int = opt.holdout("Fresh games for the final evaluation of the trained and the start preset."),
    self_play: int = typer.Option(1, "--self-play", min=1, metavar="ROUNDS", help=(
        "Rounds: round r > 1 trains against copies of round r-1's preset.")),
    popsize: int = opt.popsize(), seed: Optional[int] = opt.seed(),
    jobs: int = opt.jobs(),
    name: Optional[str] = typer.Option(None, "--name", metavar="NAME", help="The preset's name in its description."),
    out: Optional[Path] = opt.out("results/<scenario>-train-seat<K>"),
    sets: List[str] = opt.sets(),
    strong: bool = opt.flag("--strong", "Train the strong player built on the start preset: its builder weights "
                            "and the untrained value weights (docs/players.md)."),
    quiet: bool = opt.quiet("No progress lines."),
    resume: bool = opt.flag("--resume", "Continue the interrupted training in --out (or write a finished one's "
                            "files again)."),
    force: bool = opt.flag("--force", "Start over, deleting a training in --out."),
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
    from simcore.commands.train import train_flags
    train_flags(scenario, seat, start, budget, holdout, self_play, popsize, seed, jobs, name, out, sets, strong, quiet,
                resume, force)


@app.command()
def exploit(
    scenario: str = opt.scenario(),
    baseline: str = typer.Option("base", "--baseline", metavar="BASE_SCENARIO", help="The rules to compare with."),
    seat: int = typer.Option(0, "--seat", metavar="K", help="The seat trained in both (0-based)."),
    start: Optional[str] = opt.start(),
    budget: int = opt.budget(100_000, opt.TRAIN_BUDGET_HELP + " Each."),
    holdout: int = opt.holdout(),
    popsize: int = opt.popsize(), seed: Optional[int] = opt.seed(),
    jobs: int = opt.jobs(), out: Optional[Path] = opt.out("results/<scenario>-exploit"),
    quiet: bool = opt.quiet("No progress lines."),
):
    """Can a good player exploit this rule?  Trains a best response in one seat under the house rule and
    under the baseline rules (same budget, same seed) and reports the gap in holdout win rates.

    \b
    Examples:
      catan-balance exploit grundbesitz --jobs 2
      catan-balance exploit grundbesitz-5-9 --baseline grundbesitz --budget 50000
    """
    from simcore.commands.train import exploit_flags
    exploit_flags(scenario, baseline, seat, start, budget, holdout, popsize, seed, jobs, out, quiet)


@app.command()
def robust(
    scenario: str = opt.scenario(),
    tuned: Optional[str] = typer.Option(None, "--tuned", metavar="PRESET", help=(
        "The preset every seat plays in the second sweep [default: the tuned preset of the scenario's rule set, "
        "e.g. tuned-grundbesitz].")),
    players: Optional[str] = typer.Option(None, "--players", metavar="SPEC,...", help=(
        "Instead of --tuned: the players set beside the hand-written bots, each in a sweep of its own, comma-"
        "separated: a preset name, a preset file or KIND:KEY=VALUE,... (as for `ladder`); `strong` plays every "
        "seat, each style's seat restricted to its style (styles at equal strength); SPEC@K plays scenario seat K "
        "alone among the hand-written bots (a strength-and-style mix); `hand` (always played) may be listed.")),
    seat: Optional[int] = typer.Option(None, "--seat", min=0, metavar="K", help=(
        "With one --players SPEC: only scenario seat K (0-based, as in `seats`) plays it, the others stay as "
        "written (SPEC@K says the same) [default: every seat].")),
    vary: List[str] = opt.vary(),
    games: Optional[int] = opt.games(), seed: Optional[int] = opt.seed(), jobs: int = opt.jobs(),
    out: Optional[Path] = opt.out("results/<scenario>-robust"),
    sets: List[str] = opt.sets(),
    margin: Optional[float] = opt.margin(opt.MARGIN_HELP + " [default: the [sweep] table's]"),
    quiet: bool = opt.quiet("No live progress."),
):
    """Does a sweep's verdict survive other players?  Plays the sweep as written (DIR/hand) and with every seat
    played by a tuned preset (DIR/tuned) or by each --players spec (DIR/players; several side by side, each in
    its own folder; SPEC@K or --seat K: only seat K), reports each, and says per verdict and players whether it
    holds (every setting less fair with the hand-written bots is less fair with them too), does not hold (a pair
    of settings shown in opposite orders) or is undetermined at N games.

    \b
    Examples:
      catan-balance robust sweep-grundbesitz --games 2000 --jobs 2
      catan-balance robust sweep-grundbesitz --players hand,strong,rollout:base=landlord@1 --games 2000
      catan-balance robust sweep-vp-red --tuned results/base-train-seat0/preset.toml
      catan-balance robust sweep-autarkie-base --players rollout:base=greedy,candidates=5,rollouts=16,horizon=0
      catan-balance robust sweep-grundbesitz --players tuned-grundbesitz --seat 0
    """
    from simcore.commands.robust import play
    play(scenario, tuned, players, seat, vary, games, seed, jobs, out, sets, margin, quiet)


@app.command()
def scenarios():
    """List the shipped scenarios (use the name with `run`)."""
    from simcore.commands.listing import scenarios as listed
    typer.echo(listed())


@app.command()
def policies():
    """List the policy presets and the weights a scenario seat can override."""
    from simcore.commands.listing import policies as listed
    for text in listed():
        typer.echo(text)


@app.command()
def bench(
    games: int = typer.Option(20000, "--games", "-n", min=1, metavar="N", help="Games to time."),
    scenario: str = typer.Option("base", "--scenario", "-s", metavar="SCENARIO", help=opt.SCENARIO_HELP),
    sets: List[str] = opt.sets(),
    jobs: int = opt.jobs("Instead: whole runs (no report) with 1 and with J jobs, side by side, and their ratio."),
    backend: str = opt.backend(), scheduler: Optional[str] = opt.scheduler(),
):
    """Time the kernel on one core: games per second, compile/cache load time apart;
    with --jobs J, whole runs with 1 and J worker processes and how much faster J are.

    \b
    Examples:
      catan-balance bench
      catan-balance bench --games 5000 --scenario mixed
      catan-balance bench --jobs 2 --games 200000      # the speed-up of two jobs (an idle machine: >= 1.7x)
    """
    from simcore.commands.bench import bench as timed
    timed(games, scenario, sets, jobs, backend, scheduler)


@app.command()
def compile(
    scenario: Optional[str] = typer.Argument(None, metavar="[SCENARIO]", help=opt.SCENARIO_HELP),
    all_: bool = opt.flag("--all", "Every shipped scenario (each engine they need, once)."),
):
    """Compile the engine ahead of time (numba's disk cache), e.g. for a cluster image or CI.

    \b
    Examples:
      catan-balance compile --all
      catan-balance compile grundbesitz
    """
    from simcore.commands.bench import compile_engines
    compile_engines(scenario, all_)


@app.command("new-variant")
def new_variant(
    name: str = typer.Argument(..., metavar="NAME", help=(
        "The house rule's name: its scenario table [variants.NAME] and its folders, e.g. forest_bonus.")),
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
    from simcore.commands.new_variant import start
    start(name, title)


@app.command()
def replay(
    scenario: str = opt.scenario(),
    game: int = typer.Option(..., "--game", "-g", min=0, max=2**32 - 1, metavar="K", help=(
        "Game index within the run (games.csv column `game`).")),
    seed: Optional[int] = opt.seed("Run seed [default: the scenario's]."),
    log: Optional[Path] = typer.Option(None, "--log", metavar="FILE.jsonl", help=(
        "Where to write the events, as JSON Lines.")),
    png: Optional[Path] = typer.Option(None, "--png", metavar="FILE.png", help=(
        "Draw the board at the end of the game.")),
    page: Optional[Path] = typer.Option(None, "--html", metavar="FILE.html", help=(
        "A page that steps through the game in a browser (one file, no network).")),
    sets: List[str] = opt.sets(),
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
    from simcore.commands import reporting
    reporting.check_replay_files(log, png, page)
    reporting.replay(opt.load_scenario(scenario, sets, seed=seed), game, log, png, page)


if __name__ == "__main__":
    app()
