"""robust: does a sweep's verdict survive other players?  The sweep as written (DIR/hand) and again with
other players, side by side: each player of the --players list in every seat (the strong player: each style's
seat restricted to its style, the styles compared at equal strength), or in one seat only (SPEC@K, or one
SPEC with --seat K: a strength-and-style mix), or a tuned preset in every seat (DIR/tuned): all planned here
(played and compared by simcore.commands.robust).

    --players strong                          DIR/players: every seat strong
    --players strong,rollout:base=landlord@1  DIR/strong, DIR/rollout-base-landlord-seat1: both beside DIR/hand
    --players rollout:base=landlord --seat 1  DIR/players: one seat (the mix, as before)

Who plays: --tuned / --players [--seat], else the scenario's [robust] table
(simcore.run.grid.read_robust_table), else the tuned preset of the scenario's rule set."""
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from policies.preset_file import tuned_name
from simcore.engine.errors import InputError, ScenarioError
from simcore.run import played_by, players as player_specs, sweep as sweeps
from simcore.run.config import Override, overrides

EXAMPLE = "--players strong,rollout:base=landlord@1"
HAND = "hand"   # the sweep as written


@dataclass(frozen=True)
class Other:
    """One sweep beside the hand-written one."""
    plan: object       # the sweep with the player seated
    folder: str        # its directory in DIR: "tuned", "players", or one named after the player
    named: str         # the player's spec
    players: str       # the spec as given (None: a tuned preset)
    seat: int          # the one seat it plays (None: every seat)

    @property
    def mix(self):
        """One seat changed among the hand-written bots: strength and style mixed (docs/players.md)."""
        return self.seat is not None and self.players is not None


@dataclass(frozen=True)
class Robust:
    hand: object       # the sweep as written
    others: tuple      # Other per player, in the order given


def plan(file, sets, vary, margin, tuned=None, players=None, seat=None):
    """Every sweep, checked before anything is played (file: a ScenarioFile; sets: config.Override or
    --set texts, parsed once here; players: one SPEC or a comma-separated list, each SPEC or SPEC@K)."""
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
    if players is not None and tuned is not None:
        raise InputError("--tuned and --players: choose one; allowed: --tuned PRESET, or --players SPEC")
    if seat is not None and players is None:
        raise InputError("--seat: only with --players; allowed: --players SPEC --seat K")
    flag = f"{table}: robust.players" if table else "--players"
    listed = [(None, None)] if players is None else _listed(players, seat, flag)
    folders = [_folder(spec, k) for spec, k in listed] if len(listed) > 1 else \
        ["tuned" if players is None else "players"]
    others = []
    for (spec, k), folder in zip(listed, folders):
        at = spec if k is not None and k != seat else None
        seats, named = seated(file, hand.scenario, sets, tuned, spec, k, table, at)
        others.append(Other(sweeps.plan(file, [*sets, seats], vary, margin=margin), folder, named,
                            None if players is None else spec, k))
    return Robust(hand, tuple(others))


def _listed(players, seat, flag):
    """[(spec, seat or None)...] of a --players list: SPEC@K seats SPEC in scenario seat K alone; --seat K (one
    SPEC only) too.  One error line for a player given twice or --seat with several."""
    specs = player_specs.split([players], flag)
    found = []
    for spec in specs:
        at = re.fullmatch(r"(.+)@(\d+)", spec)
        found.append((at.group(1), int(at.group(2))) if at else (spec, None))
    if seat is not None:
        if len(found) > 1:
            raise InputError(f"--seat {seat}: with one player only ({flag} names {len(found)}); allowed: SPEC@K for "
                             f"the player that takes one seat, e.g. {EXAMPLE}")
        if found[0][1] is not None:
            raise InputError(f"--seat {seat} and {flag} {players}: the seat given twice; allowed: one of them")
        found = [(found[0][0], seat)]
    if len(set(found)) < len(found):
        twice = next(f"{s}@{k}" if k is not None else s for s, k in found if found.count((s, k)) > 1)
        raise InputError(f"{flag} {players}: {twice} given twice; allowed: each player once")
    found = [(s, k) for s, k in found if s != HAND]   # (always played: --players hand,strong reads naturally)
    if not found:
        raise InputError(f"{flag} {players}: the hand-written bots are always played (DIR/hand); allowed: the "
                         f"players to set beside them, e.g. {EXAMPLE}")
    return found


def _folder(spec, seat):
    """The directory of one player's sweep: 'strong', 'rollout-base-landlord-seat1'."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", Path(spec).stem if spec.endswith(".toml") else spec).strip("-")
    return (name or "player") + (f"-seat{seat}" if seat is not None else "")


def seated(file, scenario, sets, tuned, spec, seat, table=None, at=None):
    """(the override seating one of robust's sweeps, its player's spec); spec None: the tuned preset.  Checked:
    one error line naming where the player comes from (--players / --tuned, or the [robust] table of the
    scenario file `table`; at: the spec where the seat came from its @K)."""
    flag = f"{table}: robust.players" if table else "--players"
    if spec is None:
        tuned = tuned or tuned_name(scenario.rules.variants)
        flag = f"{table}: robust.tuned" if table else "--tuned"
        _check_preset(flag, tuned)
        specs = player_specs.split([tuned], flag)
        if len(specs) != 1:
            raise InputError(f"{flag} {tuned}: {len(specs)} players; allowed: one PRESET")
        spec = specs[0]
    # the seats as written, as seat tables (every key a SeatSpec has, the empty ones left out)
    written = [{k: v for k, v in dataclasses.asdict(s).items() if v not in ({}, None, "")} for s in scenario.seats]
    if seat is not None and seat >= len(written):
        said = f"{flag} {at}@{seat}" if at is not None else f"{table}: robust.seat {seat}" if table else f"--seat {seat}"
        raise InputError(f"{said}: {scenario.name} has seats 0..{len(written) - 1}; allowed: 0 to {len(written) - 1}")
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
    if len(robust.others) > 1:
        listed = ",".join(o.players + (f"@{o.seat}" if o.seat is not None else "") for o in robust.others)
        flags = f"--players '{listed}'"
    else:
        one = robust.others[0]
        on_seat = f" --seat {one.seat}" if one.seat is not None else ""
        flags = f"--tuned {one.named}" if one.players is None else f"--players '{one.players}'{on_seat}"
    return (f"catan-balance robust {scenario} {flags}" + "".join(f" --vary '{v}'" for v in vary)
            + "".join(f" --set '{s}'" for s in sets) + (f" --margin {margin:g}" if margin is not None else ""))


def default_out(robust):
    return Path("results") / f"{robust.hand.scenario.name}-robust"
