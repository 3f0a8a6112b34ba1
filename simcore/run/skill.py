"""`sweep --skill` (issue 37; docs/verdicts.md, The skill gradient): does a setting make skill count more
or less?  Per setting a second run into DIR/skill (a sweep folder of its own, the same settings and game
seeds): one strong seat against the plain bot (greedy) in every other seat, seats rotating; the report
compares the strong seat's win rate of each setting with the baseline setting's (reports.skill).  A
one-player game (Robin Hood) has no seats for the plain bot: there DIR/skill is the strong player alone and
DIR/skill/plain the rule set's plain bot alone (the sheriff-greedy), on the same seeds, and the gradient is
the strong player's win rate minus the plain one's.  A tune of a one-player game seats the two in one line-up
instead (their games alternating, reports.objectives' skill).

The skill runs play the seats named here whatever the scenario seats (played_by / --players strong
left out); a sweep that varies the seats has no skill gradient (one error line)."""
import copy
import shutil
from pathlib import Path

from policies.presets import plain_bot
from simcore.engine.errors import InputError
from simcore.run import sweep as sweeps
from simcore.run.config import Override, overrides as _overrides
from simcore.run.styles import PLAYED_BY, STRONG

FOLDER = "skill"
PLAIN_FOLDER = "plain"   # a one-player game's plain runs: DIR/skill/plain


def seats(players, plain="greedy"):
    """One strong seat, the plain bot in the others (the strong player the line-up's first: reports.objectives'
    skill counts its wins by that); a one-player game's two players, whose games alternate."""
    return [STRONG] + [plain] * max(players - 1, 1)


def line_ups(scenario):
    """[(folder under the sweep's, seats)] of the skill runs: one strong seat against the rule set's plain bots
    (policies.presets.plain_bot); in a one-player game the strong player, then the plain one in FOLDER/plain."""
    plain = plain_bot(scenario.rules.variants)
    if scenario.players > 1:
        return [(FOLDER, seats(scenario.players, plain))]
    return [(FOLDER, [STRONG]), (f"{FOLDER}/{PLAIN_FOLDER}", [plain])]


def plans(file, main, sets, vary, baseline=()):
    """[(folder under the sweep's, sweep plan)]: the skill runs of `main` (the sweep planned of `file`, a
    ScenarioFile, with these overrides, --vary and --baseline texts), checked before anything is played: the same
    settings and seeds."""
    unasked = copy.copy(file)
    unasked.question = None   # (its policy need not sit at the skill runs' tables)
    return [(where, sweeps.plan(unasked, overrides(file, main.scenario, sets, main.vary, line_up=seated), vary,
                                baseline, main.correction, main.margin))
            for where, seated in line_ups(main.scenario)]


def overrides(file, scenario, sets, vary=(), flag="--skill", line_up=None):
    """`sets` (config.Override or texts) with the skill runs' seats (`line_up`, else `seats`: one strong seat
    against the plain bot, seats rotating) in place of played_by: what `sweep --skill` and `tune --objective
    skill` play.  Checked: one error line naming `flag` for a sweep that varies the seats (`vary`: its keys) or a
    file that sets played_by."""
    players = scenario.players
    if any(key == "seats" for key in vary):
        raise InputError(f"{flag}: {scenario.name} varies the seats; allowed: a sweep of rules (the skill "
                         "runs seat one strong player against greedy bots)")
    if PLAYED_BY in file.table:
        raise InputError(f"{flag}: {file.path} sets {PLAYED_BY}; allowed: --players strong on the command line "
                         "(the skill runs seat their own players)")
    own = [o for o in _overrides(sets) if o.key != PLAYED_BY]
    rotating = [Override.of("rotate_seats", True)] if players > 1 else []
    return [*own, Override.of("seats", line_up or seats(players, plain_bot(scenario.rules.variants))), *rotating]


def folder(out):
    return Path(out) / FOLDER


def drop_stale(out):
    """A sweep played afresh without --skill: the skill runs of an earlier sweep in its folder go."""
    if folder(out).is_dir():
        shutil.rmtree(folder(out))
