"""Ladders: players (presets, preset files, seat tables from simcore.run.players) playing each other
under one scenario's rules, at tables that mix them evenly, every table with rotating seats.

Tables.  With N players and k seats, every player sits floor(k / N) times at every table and the
k mod N seats left go to each combination of k mod N players in turn: 3 players at 4 seats make
3 tables (each player doubled once), 5 players at 4 seats make 5 tables of 4 different players,
2 players at 4 seats one table of two each.  So every player meets every other equally often,
in every seat (seats rotate: game g puts scenario seat (s + g) % k in table seat s).  A solo mode
(one seat, Robin Hood's Sheriff) has one table per player, each the player alone.  Every table
plays the same game seeds (common random numbers, as a sweep's settings do): game g deals the
same board and the same dice stream at every table.

Output directory:
    meta.json       the ladder: scenario, players (spec, seat table), tables, seed, games per table;
                    `complete` becomes true when every table is done
    NN-<table>/     one run directory per table (run.json, games.csv, summary.json, meta.json),
                    played and resumed by simcore.run.runner
    speed.json      games/s of each player, every seat played by it, one core (timed after the games)
    ladder.csv, verdicts.json, report.html, report.md, charts/   written by reports.ladder_report
"""
import itertools
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simcore.engine.errors import InputError
from simcore.run import backends, lock, meta, players as player_specs, runner
from simcore.run.config import Override, overrides, pack_policies, pack_rules
from simcore.run.grid import slug
from simcore.run.outputs import remove_results, write_json
from simcore.run.sweep import _parquet, _plan_out, scenario_file

SPEED = "speed.json"
_SAME_LADDER_KEYS = ("seed", "games", "settings", "players")
MAX_TABLES = 100


@dataclass(frozen=True)
class Table:
    index: int
    seats: tuple       # player index per scenario seat
    label: str         # 'greedy, greedy, roads, devcards'
    dir: str           # '00-greedy_greedy_roads_devcards'
    scenario: object   # the validated Scenario of this table

    @property
    def values(self):  # what meta.run writes as the setting's values
        return {"seats": list(self.seats)}


@dataclass(frozen=True)
class Ladder:
    scenario: object   # the scenario as written (with --set, --games, --seed)
    overrides: tuple   # those --set texts
    players: tuple     # the specs, as given
    seat_tables: tuple  # the [[seats]] table of each player
    tables: tuple
    alone: tuple = ()   # per player: the scenario with it in every seat (timed by speed())
    question: dict = None  # the scenario file's question (simcore.run.question), for meta.json

    @property
    def solo(self):
        return self.scenario.players == 1


def seat_plan(players, seats):
    """The tables: per table the player index in each of `seats` seats (module docstring)."""
    q, r = divmod(seats, players)
    plan = []
    for extra in itertools.combinations(range(players), r):
        counts = [q + (p in extra) for p in range(players)]
        # the doubled players spread around the table: A, B, C, A rather than A, A, B, C
        order = [p for turn in range(max(counts)) for p in range(players) if counts[p] > turn]
        plan.append(tuple(order))
    return plan


def plan(source, sets=(), player_texts=(), flag="--players"):
    """Load and check every table before anything is written (source: a scenario name, path or
    ScenarioFile, read once; sets: overrides, config.Override or --set texts)."""
    file = scenario_file(source)
    sets = overrides(sets)
    base = file.load(sets)
    specs = player_specs.split(player_texts, flag)
    if len(specs) < 2:
        raise InputError(f"{flag}: {len(specs)} player{'s' if len(specs) != 1 else ''}; allowed: two or more, "
                         "e.g. --players greedy,roads,devcards")
    twice = sorted({s for s in specs if specs.count(s) > 1})
    if twice:
        raise InputError(f"{flag} {twice[0]}: named twice; allowed: each player once (for an A/A ladder, copies "
                         "of a preset file under other names)")
    seats = 1 if base.players == 1 else base.players
    fixed = [*sets, Override.of("rotate_seats", True)]
    alone = tuple(   # each player alone in every seat: the loader's one error line names the spec
        player_specs.check(lambda t: file.load([*fixed, player_specs.seats_override([t] * seats)]), spec, flag)
        for spec in specs)
    seat_tables = tuple(player_specs.seat_table(s, flag) for s in specs)
    layout = [(p,) for p in range(len(specs))] if seats == 1 else seat_plan(len(specs), seats)
    if len(layout) > MAX_TABLES:
        raise InputError(f"{flag}: {len(specs)} players at {seats} seats make {len(layout)} tables; allowed: at most "
                         f"{MAX_TABLES} (fewer players)")
    made = []
    for i, order in enumerate(layout):
        label = ", ".join(specs[p] for p in order)
        scenario = file.load([*fixed, player_specs.seats_override([seat_tables[p] for p in order])])
        pack_rules(scenario), pack_policies(scenario)
        made.append(Table(i, order, label, slug(i, label), scenario))
    return Ladder(base, tuple(o.text for o in sets), tuple(specs), seat_tables, tuple(made), alone,
                  file.asks)


def run(ladder, out_dir, tally, jobs=1, resume=False, force=False, progress=True, chunk_games=runner.CHUNK_GAMES,
        backend=backends.LOCAL, scheduler=None, speed_seconds=1.0):
    """Play every table into out_dir/NN-<table>/ through one pool of workers, then time each player.
    Holds the writer's lock of out_dir and of every table's directory throughout (simcore.run.lock)."""
    out = Path(out_dir)
    first = meta.ladder(ladder)
    with lock.writing(out):
        state, old = _plan_out(out, first, resume, force, kind="ladder", keys=_SAME_LADDER_KEYS)
        runner.note_nothing_to_resume(out, resume, state == "fresh")
        with lock.writing_all(out / t.dir for t in ladder.tables):
            jobs_list = [runner.Job(t.scenario, out / t.dir, tally, state == "resume", force, t.label, None, t,
                                    ladder.overrides, ladder.question) for t in ladder.tables]
            return _play(ladder, out, state, old, first, jobs_list, jobs, progress, chunk_games, backend, scheduler,
                         speed_seconds)


def _play(ladder, out, state, old, first, jobs_list, jobs, progress, chunk_games, backend, scheduler, speed_seconds):
    if state == "fresh":
        remove_results(out)
        (out / SPEED).unlink(missing_ok=True)
    else:
        first["started"] = old.get("started") or first["started"]
    meta.write(out, first)
    count, s = len(ladder.tables), ladder.scenario
    print(f"ladder: {s.name}, {len(ladder.players)} players at {count} table{'s' if count > 1 else ''} x "
          f"{s.games:,} games (seed {s.seed}) -> {out}", file=sys.stderr)
    table_of = {id(job): t for job, t in zip(jobs_list, ladder.tables)}

    def finished(job, summary, bar):
        t = table_of[id(job)]
        _parquet(job)
        bar.say(f"table {t.index + 1}/{count} {'already played' if job.state == 'done' else 'done'}: {t.label}")

    summaries, bar = runner.play(jobs_list, jobs, progress, chunk_games, backend, scheduler, on_finish=finished)
    bar.finish(f" -> {out}")
    if not (out / SPEED).exists():
        write_json(out / SPEED, speed(ladder, speed_seconds))
    meta.write(out, meta.ladder(ladder, complete=True, started=first["started"]))
    return summaries


def speed(ladder, seconds=1.0, most=4096):
    """{"players": [{player, games, seconds, games_per_s}], "how"}: each player in every seat, games of
    the ladder's seeds in this process, batches doubling from 8 games until `seconds` are spent."""
    from simcore.run.batch import play_batch
    from simcore.run.seeds import game_seeds
    seats = 1 if ladder.solo else ladder.scenario.players
    rows = []
    for spec, scenario in zip(ladder.players, ladder.alone):
        params, (kinds, weights) = pack_rules(scenario), pack_policies(scenario)
        play_batch(params, kinds, weights, np.arange(2, dtype=np.int64), game_seeds(scenario.seed, 0, 2))
        games, spent, size = 0, 0.0, 8
        while spent < seconds and games < most:
            t0 = time.perf_counter()
            play_batch(params, kinds, weights, np.arange(games, games + size, dtype=np.int64),
                       game_seeds(scenario.seed, games, size))
            spent += time.perf_counter() - t0
            games, size = games + size, 2 * size
        rows.append({"player": spec, "games": games, "seconds": round(spent, 4),
                     "games_per_s": round(games / max(spent, 1e-9), 2)})
    return {"players": rows, "how": f"every seat played by the player, {seats} seat{'s' if seats > 1 else ''}, "
                                    "one core, after the ladder's games (the kernel loaded)"}
