"""`--players strong` (run, sweep, tune, robust) and `played_by = "strong"` in a scenario file: every seat
played by the strong player (docs/players.md, Every seat strong):

    a style's seat (a builder preset but a plain bot: landlord, blocker, roads, autarkist, ...)
                          -> { policy = "strong", style = "<its preset>" }   (reports: strong:landlord)
    a plain bot, a preset file, random
                          -> "strong"
    a strong or rollout seat  as it is

A seat with weights of its own has no preset to keep: refused (one error line naming the seat).  The
flag is the scenario key given on the command line (meta.json keeps it among the overrides,
`played_by="strong"`; the reports' reproduce line shows it as --players strong)."""
from policies.presets import PLAIN, PRESETS
from policies.rollout_seat import ROLLOUT
from simcore.engine.errors import InputError, ScenarioError, describe
from simcore.run.styles import PLAYED_BY as KEY, STRONG

FLAG = "--players"
VALUES = (STRONG,)
ALLOWED = 'strong (every seat by the strong player, a style\'s seat restricted to its style)'


def is_style(name):
    """A builder preset of the registry that is not a plain bot (policies.presets.PLAIN)."""
    entry = PRESETS.get(name) if isinstance(name, str) else None
    return entry is not None and entry[0] == "builder" and name not in PLAIN


def check(value, key=KEY):
    """played_by's value, checked (ScenarioError naming `key`)."""
    if value not in VALUES:
        raise ScenarioError(key, f"unknown value {describe(value)}", ALLOWED)
    return value


def flag_text(value):
    """--players VALUE as the override text of played_by (None: not given); one error line naming the flag."""
    if value is None:
        return None
    if value not in VALUES:
        raise InputError(f"{FLAG} {value}: unknown; allowed: {ALLOWED}")
    return f'{KEY}="{value}"'


def seat(item, key):
    """The seat the strong player takes for `item` (a seat as a scenario writes it: a name or a table)."""
    table = {"policy": item} if isinstance(item, str) else item
    if not isinstance(table, dict) or not isinstance(table.get("policy"), str):
        return item   # (the seats' own check names what is wrong)
    policy = table["policy"]
    if policy in (STRONG, ROLLOUT):
        return item
    if set(table) != {"policy"}:
        raise ScenarioError(key, f"{policy} with {', '.join(k for k in table if k != 'policy')} of its own: "
                                 "the strong player keeps a seat's style preset, not changed weights",
                            f"seats naming a preset (with {KEY} = \"strong\" or {FLAG} strong)")
    return {"policy": STRONG, "style": policy} if is_style(policy) else STRONG


def seats(items):
    """A scenario's seats (as written) with every seat the strong player's (seat())."""
    if not isinstance(items, list):
        return items   # (the seats' own check names what is wrong)
    return [seat(item, f"seats[{i}]") for i, item in enumerate(items)]
