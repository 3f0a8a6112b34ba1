"""Adaptive stopping (`--until-ci`): a run (each setting of a sweep) adds chunks until every
win-rate 95% interval its summary reports is at most a target half-width on each side, or
it has played its most games (`--max-games`, the scenario's `games` inside the engine).

The decision is taken only at checkpoints, every `every` games counted from game 0 (the
chunk size), from the tally of the games before the checkpoint: the first checkpoint where
the widest half-width is at most the target ends the run.  So the games a run ends with
depend on the scenario, its seed, the target and the chunk size only, never on the jobs,
the backend or where a run was stopped and resumed; chunks played ahead of a decision (to
keep every worker busy) are dropped.  The caller's tally measures the intervals
(reports.summary.Tally.widest_half_width: the report's Wilson intervals); the engine never
imports the reports.
"""
import math
from dataclasses import dataclass

from simcore.engine.errors import InputError

MAX_GAMES = 200_000   # the default --max-games: a setting never plays more


@dataclass(frozen=True)
class Until:
    half_width: float   # the target: every reported win-rate interval within +- this
    every: int          # games between two checkpoints (the chunk size)

    def meta(self):
        """What run.json (and a sweep's meta.json) keep: a resume must use the same."""
        return {"half_width": self.half_width, "every": self.every}


def from_flags(until_ci, max_games, games, chunk_games):
    """(half-width or None, the games to play or at most) of --until-ci, --max-games, --games; checked."""
    if until_ci is None:
        if max_games is not None:
            raise InputError("--max-games: only with --until-ci; allowed: --games N for a fixed number of games")
        return None, games
    if games is not None:
        raise InputError("--games: not with --until-ci (it decides the games); allowed: --max-games N to bound them")
    limit = MAX_GAMES if max_games is None else max_games
    check(until_ci, limit, chunk_games)
    return until_ci, limit


def check(half_width, max_games, chunk_games):
    """The Until of --until-ci / --max-games / --chunk-games, or InputError naming the option."""
    if not 0 < half_width <= 0.5:   # also refuses nan
        raise InputError(f"--until-ci: {half_width:g} is not allowed; allowed: a half-width above 0 and at most 0.5 "
                         "(a win rate's interval is at most 0..1), e.g. --until-ci 0.01 for +-1 percentage point")
    if max_games < chunk_games:
        raise InputError(f"--max-games: {max_games:,} is below one chunk ({chunk_games:,} games, --chunk-games); "
                         f"allowed: at least {chunk_games:,}")
    return Until(float(half_width), int(chunk_games))


def at_checkpoint(done, until):
    return done > 0 and done % until.every == 0


def next_end(done, widest, until, limit):
    """Where a setting's next round of chunks ends: the games its widest interval projects to
    need (a half-width shrinks as one over the root of the games), on a checkpoint after
    `done`, at most `limit`."""
    every = until.every
    need = 0 if done == 0 else done * (widest / until.half_width) ** 2
    return min(limit, max((done // every + 1) * every, math.ceil(need / every) * every))


def result(until, limit, games, widest):
    """The `until_ci` entry of summary.json and meta.json: what was asked and where the run stopped."""
    return {"half_width": until.half_width, "checked_every": until.every, "max_games": limit, "games": games,
            "widest_half_width": round(widest, 6), "met": widest <= until.half_width}


def describe(entry):
    """One line about a run's stop, from its `until_ci` entry."""
    widest, target = f"+-{100 * entry['widest_half_width']:.2f}%", f"+-{100 * entry['half_width']:.2f}%"
    if entry["met"]:
        return f"{entry['games']:,} games: every win-rate 95% interval within {target} (widest {widest})"
    return (f"{entry['games']:,} games, the most allowed (--max-games): the widest win-rate 95% interval is "
            f"{widest}, above the target {target}")
