"""Replay games of finished results: the games a report links as replay pages (issue 43).

    scenario = run_scenario(meta)                 # the scenario a run directory's meta.json played
    seed, events = replay_played(scenario, game, (seed, winner, turns))

A run's meta.json names its scenario file, its --set overrides, its seed and (a sweep's
setting) the swept values; the game is played again from them, one kernel call each, and
checked against its row in games.csv: a scenario file edited since the run plays other
games, and then nothing is linked rather than a game that is not the one counted.
"""
from simcore.engine.errors import InputError, ScenarioError
from simcore.run.config import load_scenario
from simcore.run.runner import replay
from simcore.run.sweep import _overrides


class NotTheSameGame(Exception):
    """The game played again is not the row of games.csv (the scenario changed since)."""


def run_scenario(meta):
    """The scenario of a run directory's meta.json (source, overrides, setting values, seed)."""
    values = (meta.get("setting") or {}).get("values") or {}
    try:
        return load_scenario(meta["source"], [*meta.get("overrides", []), *_overrides(values), f"seed={meta['seed']}"])
    except (KeyError, OSError, ScenarioError, InputError) as e:
        raise NotTheSameGame(f"its scenario cannot be loaded again ({e})") from None


def replay_played(scenario, game, row):
    """(seed, events) of game `game`, checked against its games.csv `row` (seed, winner seat, turns)."""
    seed, events = replay(scenario, game)
    end = next(e for e in reversed(events) if e["type"] == "game_end")
    if (seed, end["winner"], end["turns"]) != tuple(int(x) for x in row):
        raise NotTheSameGame(f"game {game} plays differently now (the scenario file changed since the run?)")
    return seed, events
