"""robust: does a sweep's verdict survive other players?  The sweep as written (DIR/hand) and again with
every seat (or one) played by a tuned preset (DIR/tuned) or a --players spec (DIR/players): both
planned here (played and compared by simcore.commands.robust).

Who plays the second sweep: --tuned / --players [--seat], else the scenario's [robust] table
(simcore.run.grid.read_robust_table), else the tuned preset of the scenario's rule set."""
import dataclasses
from dataclasses import dataclass
from pathlib import Path

from policies.preset_file import tuned_name
from simcore.engine.errors import InputError, ScenarioError
from simcore.run import played_by, players as player_specs, sweep as sweeps
from simcore.run.config import Override, overrides


@dataclass(frozen=True)
class Robust:
    hand: object       # the sweep as written
    other: object      # the sweep with the player seated
    folder: str        # "tuned" or "players": the other sweep's folder
    named: str         # the player's spec
    players: str       # the --players spec (None: a tuned preset)
    seat: int          # the one seat it plays (None: every seat)


def plan(file, sets, vary, margin, tuned=None, players=None, seat=None):
    """Both sweeps, checked before anything is played (file: a ScenarioFile; sets: config.Override or
    --set texts, parsed once here)."""
    sets = overrides(sets)
    hand = sweeps.plan(file, sets, vary, margin=margin)
    if any(key == "seats" for key in hand.vary):
        raise InputError(f"robust: {hand.scenario.name} varies the seats; allowed: a sweep of rules (the seats "
                         "are what robust replaces)")
    table = None
    if players is None and tuned is None:   # the scenario's [robust] table, where the flags name no player
        players, table_seat, tuned = file.robust
        seat = table_seat if seat is None else seat
        table = file.path if players or tuned else None
    seats, named = seated(file, hand.scenario, sets, tuned, players, seat, table)
    other = sweeps.plan(file, [*sets, seats], vary, margin=margin)
    return Robust(hand, other, "players" if players is not None else "tuned", named, players, seat)


def seated(file, scenario, sets, tuned, players, seat, table=None):
    """(the override seating robust's second sweep, its player's spec); checked: one error line naming
    where the player comes from (--players / --tuned, or the [robust] table of the scenario file `table`)."""
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
    if spec == played_by.STRONG:   # the strong player, each style's seat restricted to its style
        return _strong(file, sets, written, seat, flag), spec

    def seats(player):
        tables = [player] * count if seat is None else [player if k == seat else t for k, t in enumerate(written)]
        return player_specs.seats_override(tables)
    player_specs.check(lambda t: file.load([*sets, seats(t)]), spec, flag)
    return seats(player_specs.seat_table(spec, flag)), spec


def _strong(file, sets, written, seat, flag):
    """--players strong: the override seating the strong player in every seat (played_by), or with --seat K
    in seat K alone (its style kept, simcore.run.played_by); checked, one error line naming the flag."""
    if seat is None:
        over = Override.of(played_by.KEY, played_by.STRONG)
    else:
        tables = [played_by.seat(t if set(t) != {"policy"} else t["policy"], f"seats[{k}]") if k == seat else t
                  for k, t in enumerate(written)]
        over = player_specs.seats_override(tables)
    try:
        file.load([*sets, over])
    except ScenarioError as e:
        raise InputError(f"{flag} strong: {e.key + ': ' if e.key else ''}{e.what}; allowed: {e.allowed}") from None
    return over


def _check_preset(flag, name):
    """A preset named on the command line: one error line naming the flag."""
    from policies.registry import resolve
    try:
        resolve(name)
    except ScenarioError as e:
        raise InputError(f"{flag}: {e.what}; allowed: {e.allowed}") from None


def command(scenario, robust, vary, sets, margin):
    """The line that reproduces a robust study (scenario: as it was named; sets: the --set texts)."""
    on_seat = f" --seat {robust.seat}" if robust.seat is not None else ""
    flags = f"--tuned {robust.named}" if robust.players is None else f"--players '{robust.players}'{on_seat}"
    return (f"catan-balance robust {scenario} {flags}" + "".join(f" --vary '{v}'" for v in vary)
            + "".join(f" --set '{s}'" for s in sets) + (f" --margin {margin:g}" if margin is not None else ""))


def default_out(robust):
    return Path("results") / f"{robust.hand.scenario.name}-robust"
