"""train: tune the weights of one seat's policy to win more games against the scenario's field.

    result = train(scenario, seat=0, settings=Settings(budget=200_000), judge=reports.train_report.judge)

The optimiser is CMA-ES (the `cma` package, pip install 'catan-balance[train]'): derivative-free,
invariant to monotone changes of the win rate, at home with noise and 10-30 coordinates.
It searches the coordinates of simcore.studies.train_space (one bounded [0, 1] box: a weight is
"off" or on a log scale).  Its random numbers come from numpy Generator(seed), never numpy's
global state, so the same scenario, seat and seed give the same trained preset.

One generation: CMA-ES proposes `popsize` candidates; they race (simcore.studies.tune.race, the
machinery of `tune`) on the same fresh training games (common random numbers), and the
judge (reports.train_report's, given by the caller) drops those significantly worse
than the `popsize // 2`-th best, so poor candidates get few games; survivors rank by their
win rate, dropped ones below them.  CMA-ES learns from the ranking.
Checkpoints: the start preset and, every `budget / CHECKPOINTS` training games, the search's
mean play the same validation games; the best checkpoint becomes the trained preset.
Holdout: the trained and the start preset then play the same fresh holdout games
(simcore.studies.train_play streams), never used for any choice, against the scenario's own field.
Resumable: everything the rest depends on is a simcore.studies.train_state.State, saved in the output
folder after every generation; a training continued from it ends as one never interrupted, bit for bit.
"""
import math
import sys
import time
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

import numpy as np

from policies.registry import as_strong, resolve
from simcore.run.config import ruleset
from simcore.studies import tune
from simcore.engine.errors import InputError
from simcore.run.cap import games_cap
from simcore.run.meta import run_identity
from simcore.studies import train_state
from simcore.studies.train_play import HOLDOUT, TRAIN, VALIDATION, Field, Games
from simcore.studies.train_space import space_for

SIGMA0 = 0.12          # initial step in the [0, 1] box
FIRST = 100            # games per candidate in a generation's first round
RACE_ALPHA = 0.2       # the race's error rate per generation (only saves games; ranks are what count)
CHECKPOINTS = 8        # validation checkpoints after the start preset's
VALIDATION_SHARE = 0.2  # of the budget
MIN_GENERATIONS = 4


@dataclass
class Settings:
    budget: int = 200_000        # training + validation games
    seed: int = 1                # the run seed: games and the optimiser's random numbers
    holdout: int = 20_000        # final holdout games (each for the trained and the start preset)
    popsize: int = 0             # candidates per generation (0: CMA-ES's default, 4 + 3 ln(dim))
    first: int = FIRST
    self_play: int = 1           # rounds; round r > 1 trains against copies of round r-1's preset
    jobs: int = 1
    strong: bool = False         # train the strong player built on the start preset (policies.registry.as_strong)


@dataclass
class Training:
    seat: int
    policy: str                  # the start preset's name
    kind: int
    names: tuple                 # trained weight names
    start: np.ndarray            # the start preset's full weight vector
    weights: np.ndarray          # the trained one
    curve: list = field(default_factory=list)     # per checkpoint: round, generation, games, wins (per game)
    holdout: dict = field(default_factory=dict)   # {"start": uint8[n], "trained": uint8[n]}
    games: int = 0               # training + validation games played
    seconds: float = 0.0         # wall time of training + validation
    best: int = 0                # index into curve of the checkpoint chosen (in the last round)
    commit: str = ""             # the code's git commit (simcore.studies.train_state.code_commit; "" unknown)

    @property
    def games_per_s(self):
        return self.games / self.seconds if self.seconds else math.nan


def plan(scenario, seat, start=None, settings=None):
    """Validate the request: (field, kind, start weights, space, policy name); InputError naming what is wrong."""
    settings = settings or Settings()
    specs = len(scenario.seats)
    if not 0 <= seat < specs:
        raise InputError(f"--seat {seat}: {scenario.name} has seats 0..{specs - 1}; allowed: 0..{specs - 1}")
    policy = start or scenario.seats[seat].policy
    overrides = None if start else scenario.seats[seat].weights
    try:
        kind, weights = resolve(policy, overrides, ruleset(scenario))
    except InputError as e:
        raise InputError(f"--from: {e}") from None
    if settings.strong:
        strong = as_strong(kind, weights)
        if strong is None:
            raise InputError(f"--strong: {policy} is no builder preset; allowed: a preset of kind builder or strong "
                             f"(catan-balance policies)")
        kind, weights = strong
    space = space_for(kind, scenario.rules.variants, policy)
    fld = Field.of(scenario, seat, settings.seed)
    need = min_budget(space.dim, settings, fld.specs)
    if settings.budget < need:
        raise InputError(f"--budget {settings.budget}: too small to train {space.dim} weights; "
                         f"allowed: at least {need} games")
    return fld, kind, weights, space, policy


def popsize(dim, settings):
    return settings.popsize or 4 + int(3 * math.log(dim))


def _first(settings, specs):
    return -(-settings.first // specs) * specs     # whole rotations of the seats


def _generation_budget(dim, settings, specs):
    return int(2.5 * popsize(dim, settings) * _first(settings, specs))


def min_budget(dim, settings, specs):
    """The least budget giving every self-play round MIN_GENERATIONS generations and its validation games."""
    rounds = max(1, settings.self_play)
    return rounds * int(MIN_GENERATIONS * _generation_budget(dim, settings, specs) / (1 - VALIDATION_SHARE)) + 1


def train(scenario, seat, start=None, settings=None, progress=None, stream=None, games=None, saved=None,
          resume=False, force=False, *, judge):
    """The Training of scenario seat `seat` (see the module doc).  progress(dict) after every
    generation; stream: where a compile is announced; games: what plays (default
    simcore.studies.train_play.Games; tests give a synthetic objective).  saved: a
    simcore.studies.train_state.Saved (the output folder's State, written after every generation;
    resume: continue it; force: start afresh over it); default: nothing kept."""
    import cma   # noqa: F401  checked by the caller (cli) with a one-line error
    settings = settings or Settings()
    settings = replace(settings, first=games_cap(settings.first), holdout=games_cap(settings.holdout))
    fld, kind, start_w, space, policy = plan(scenario, seat, start, settings)
    settings = replace(settings, budget=games_cap(settings.budget, least=min_budget(space.dim, settings, fld.specs)))
    saved = saved or train_state.Unsaved()
    identity = train_state.identity(run_identity(scenario)["scenario_hash"], seat, policy, kind, start_w,
                                    space.names, settings)
    state = saved.begin(identity, resume, force) or train_state.State(
        identity, np.random.default_rng(np.random.SeedSequence(settings.seed, spawn_key=(seat,))),
        Training(seat, policy, kind, space.names, start_w, start_w, commit=train_state.code_commit() or ""),
        current=start_w)
    if games is None:
        games = Games(settings.jobs)
        try:
            return _train(fld, kind, space, settings, judge, games, progress, stream, state, saved)
        finally:
            games.close()
    return _train(fld, kind, space, settings, judge, games, progress, stream, state, saved)


def _train(fld, kind, space, settings, judge, games, progress, stream, state, saved):
    """Play the training from `state` on (saving it as it goes); the Training."""
    result = state.training
    if state.phase == "done":
        return result
    specs = fld.specs
    rounds = max(1, settings.self_play)
    validation = max(specs, int(settings.budget * VALIDATION_SHARE / (rounds * (CHECKPOINTS + 1))) // specs * specs)
    per_round = (settings.budget - rounds * (CHECKPOINTS + 1) * validation) // rounds
    games.warm_up(fld, stream or sys.stderr)
    games.played = result.games
    t0 = time.perf_counter() - result.seconds

    def save():
        result.games, result.seconds = games.played, time.perf_counter() - t0
        saved.save(state)

    while state.phase == "training" and state.round < rounds:
        field_r = fld if state.round == 0 else fld.with_others(kind, state.current)
        _round(field_r, kind, space, settings, per_round, validation, games, judge, state, t0, progress, save)
        best = max(state.checkpoints, key=lambda c: c[0])   # the first of equals: the earlier checkpoint
        result.best, state.current, state.offset = best[2], best[1], state.offset + state.spent
        state.round, state.es, state.spent, state.generation, state.checkpoints = state.round + 1, None, 0, 0, []
        state.phase = "training" if state.round < rounds else "holdout"
        save()
    result.weights = state.current
    if settings.holdout:
        n = -(-settings.holdout // specs) * specs
        result.holdout = {name: games.wins(fld, kind, w, HOLDOUT, 0, n)
                          for name, w in (("start", result.start), ("trained", result.weights))}
    state.phase = "done"
    saved.save(state)
    return result


def _round(fld, kind, space, settings, budget, validation, games, judge, state, t0, progress, save):
    """Generations of CMA-ES round `state.round` against `fld` from where `state` is until its budget is spent."""
    import cma
    r, result, start_w = state.round, state.training, state.current
    if state.es is None:
        state.es = cma.CMAEvolutionStrategy(space.encode(start_w), SIGMA0, {
            "bounds": [0, 1], "popsize": popsize(space.dim, settings), "seed": np.nan,
            "randn": train_state.Normal(state.rng), "verbose": -9, "verb_log": 0, "verb_disp": 0, "tolfun": 0,
            "tolx": 0, "tolflatfitness": 10**9})
    es = state.es
    first = _first(settings, fld.specs)
    gen_budget = _generation_budget(space.dim, settings, fld.specs)
    every = budget / CHECKPOINTS

    def checkpoint(w):
        won = games.wins(fld, kind, w, VALIDATION, r * validation, validation)
        state.checkpoints.append((won.mean(), w, len(result.curve)))
        result.curve.append({"round": r + 1, "generation": state.generation, "games": state.offset + state.spent,
                             "wins": won})

    if not state.checkpoints:
        checkpoint(start_w)
    while state.spent + gen_budget <= budget:
        xs = es.ask()
        candidates = [space.decode(x, start_w) for x in xs]
        race = _race(fld, kind, candidates, games, judge, state.offset + state.spent, gen_budget, first)
        state.spent += sum(race.games)
        es.tell(xs, _fitness(race))
        state.generation += 1
        if state.spent >= every * len(state.checkpoints) or state.spent + gen_budget > budget:
            checkpoint(space.decode(es.result.xfavorite, start_w))
        save()
        if progress:
            progress({"round": r + 1, "generation": state.generation, "games": games.played,
                      "seconds": time.perf_counter() - t0, "best": max(c[0] for c in state.checkpoints),
                      "best_n": validation, "start": state.checkpoints[0][0]})


def _race(fld, kind, candidates, games, judge, offset, budget, first):
    """tune.race over the candidates: all play training games offset.. (the same for each)."""
    settings = [SimpleNamespace(label=f"c{i}", values={}, scenario=i) for i in range(len(candidates))]

    def play(i, start, count):
        return games.wins(fld, kind, candidates[i], TRAIN, offset + start, count)

    wins = SimpleNamespace(rows=lambda won, scenario: won[:, None].astype(float))   # the objective: the seat's wins
    return tune.race(SimpleNamespace(settings=settings), wins, budget, first=first, max_games=4 * first,
                     alpha=RACE_ALPHA, play=play, judge=judge, rounds_share=1.0)   # drops only: no conclusion


def _fitness(race):
    """CMA-ES minimises: survivors by their win rate, dropped candidates after them (dropped later: better)."""
    rounds = len(race.rounds)
    out = []
    for data, dropped in zip(race.data, race.dropped):
        rate = float(data.mean()) if len(data) else 0.0
        out.append(-rate if dropped is None else 1 + (rounds - dropped) - rate)
    return out
