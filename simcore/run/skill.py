"""`sweep --skill` (issue 37; docs/verdicts.md, The skill gradient): does a setting make skill count more
or less?  Per setting a second run into DIR/skill (a sweep folder of its own, the same settings and game
seeds): one strong seat against the plain bot (greedy) in every other seat, seats rotating; the report
compares the strong seat's win rate of each setting with the baseline setting's (reports.skill).

The skill runs play the seats named here whatever the scenario seats (played_by / --players strong
left out); a sweep that varies the seats, or a one-player game, has no skill gradient (one error line)."""
import copy
import shutil
from pathlib import Path

from simcore.engine.errors import InputError
from simcore.run import sweep as sweeps
from simcore.run.config import Override, overrides as _overrides
from simcore.run.styles import PLAYED_BY, STRONG

FOLDER = "skill"
PLAIN = "greedy"   # the plain bot of every rule set with opponents (policies.presets.PLAIN)


def seats(players):
    """One strong seat, the plain bot in the others (the strong player the line-up's first: reports.objectives'
    skill counts its wins by that)."""
    return [STRONG] + [PLAIN] * (players - 1)


def plan(file, main, sets, vary, baseline=()):
    """The skill runs of `main` (the sweep planned of `file`, a ScenarioFile, with these overrides, --vary and
    --baseline texts), checked before anything is played: the same settings and seeds."""
    seated = overrides(file, main.scenario, sets, main.vary)
    plain = copy.copy(file)
    plain.question = None   # (its policy need not sit at the skill runs' tables)
    return sweeps.plan(plain, seated, vary, baseline, main.correction, main.margin)


def overrides(file, scenario, sets, vary=(), flag="--skill"):
    """`sets` (config.Override or texts) with the skill runs' seats (one strong seat against the plain bot, seats
    rotating) in place of played_by: what `sweep --skill` and `tune --objective skill` play.  Checked: one error
    line naming `flag` for a one-player game, a sweep that varies the seats (`vary`: its keys) or a file that
    sets played_by."""
    players = scenario.players
    if players == 1:
        raise InputError(f"{flag}: {scenario.name} is a one-player game, without seats for the plain bot; "
                         "allowed: a scenario of two or more players")
    if any(key == "seats" for key in vary):
        raise InputError(f"{flag}: {scenario.name} varies the seats; allowed: a sweep of rules (the skill "
                         "runs seat one strong player against greedy bots)")
    if PLAYED_BY in file.table:
        raise InputError(f"{flag}: {file.path} sets {PLAYED_BY}; allowed: --players strong on the command line "
                         "(the skill runs seat their own players)")
    own = [o for o in _overrides(sets) if o.key != PLAYED_BY]
    return [*own, Override.of("seats", seats(players)), Override.of("rotate_seats", True)]


def folder(out):
    return Path(out) / FOLDER


def drop_stale(out):
    """A sweep played afresh without --skill: the skill runs of an earlier sweep in its folder go."""
    if folder(out).is_dir():
        shutil.rmtree(folder(out))
