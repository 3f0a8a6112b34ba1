"""tune: find the setting of a few rules that best meets an objective, racing the candidates.

    catan-balance tune grundbesitz --param variants.grundbesitz.markers_per_block=1..4 \
        --objective policy-parity:landlord --budget 20000

The candidates are every combination of the --param values (loaded and checked as a
sweep's settings are, simcore.run.sweep.plan).  They race in rounds: every candidate
still in the race plays the same games (game g has the same seed for all of them:
common random numbers), then the objective's judge (reports.tune_report.judge_for)
drops those significantly worse than the best; the next round doubles the games.
One error budget alpha (4%; the other 1% of tune's 5% is the aim's, reports.tune_report) covers the
whole procedure (docs/verdicts.md): the judge of round r
(1, 2, ...) works at alpha / 2^(r+1), and the conclusion (reports.tune_report.conclude) judges the
last round's candidates again, on its games, at what the earlier rounds left (alpha minus their
levels, at least alpha / 2).  That final test rejects whatever the last round's did (the same test at
a larger level), so a candidate as good as the best is called worse anywhere with probability at
most alpha in all (Bonferroni over the rounds and the conclusion).
Rounds stop when one candidate is left, the budget is spent, or every candidate
has `max_games`.  This module plays games and keeps the per-game rows the objective
asks for; the statistics are the reports', which the caller gives (`judge`): studies, as the run
layer, never import the reports (docs/architecture.md).
"""
import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.run import sweep
from simcore.run.batch import play_batch, row_layout
from simcore.run.config import pack_policies, pack_rules
from simcore.engine.errors import InputError
from simcore.run.seeds import game_seeds

FIRST_GAMES = 200      # games per candidate in the first round
ALPHA = 0.04           # the race and its conclusion; with the aim's 1% (reports.tune_report.AIM_ALPHA) 5% in all
CONSTRAINED_ALPHA = 0.03, 0.01   # with --constraint: the race's and the constraints' shares of those 4%


def parse_param(text):
    """'key=RANGE' -> (key, TOML text of the values for --vary).

    RANGE: a list '2,3,4'; an integer range '3..9'; or set choices
    '{2,3,11,12}|{4..10}|{5..9}' (each a list of numbers, ranges allowed inside).
    """
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise InputError(f"--param '{text}': expected key=RANGE; allowed: key=2,3,4, key=3..9 or "
                         "key={2,3,11,12}|{4..10}")
    if raw.startswith("{"):
        choices = [c.strip() for c in raw.split("|")]
        if not all(c.startswith("{") and c.endswith("}") for c in choices):
            raise InputError(f"--param {key}: '{raw}' mixes set choices and other values; allowed: "
                             "{2,3,11,12}|{4..10}")
        values = ",".join("[" + ",".join(str(v) for v in _numbers(c[1:-1], key)) + "]" for c in choices)
        return key, values
    if ".." in raw and "," not in raw:
        return key, ",".join(str(v) for v in _numbers(raw, key))
    return key, raw


def _numbers(text, key):
    """'2,3,5..7' -> [2, 3, 5, 6, 7]."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        m = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if hi < lo:
                raise InputError(f"--param {key}: empty range '{part}'; allowed: low..high with low <= high")
            out += list(range(lo, hi + 1))
        elif re.fullmatch(r"-?\d+", part):
            out.append(int(part))
        else:
            raise InputError(f"--param {key}: '{part}' is not a whole number or range; allowed: 4, 4..10")
    return out


def candidates(scenario, sets, params):
    """The sweep plan whose settings are the candidates (every combination of the --param values)."""
    if not params:
        raise InputError("tune: give at least one --param KEY=RANGE (e.g. --param victory_points=8..12)")
    vary = []
    for text in params:
        key, values = parse_param(text)
        vary.append(f"{key}={values}")
    try:
        plan = sweep.plan(scenario, sets, vary)
    except InputError as e:  # the sweep names the flag --vary; here it is --param
        raise InputError(str(e).replace("--vary", "--param")) from None
    if len(plan.settings) < 2:
        raise InputError("tune: the --param values give only one candidate; allowed: two or more values")
    return plan


def play_games(scenario, start, count):
    """The records of games start .. start+count-1 of `scenario` (the same games a run plays)."""
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    indices = np.arange(start, start + count, dtype=np.int64)
    block = play_batch(params, kinds, weights, indices, game_seeds(scenario.seed, start, count))
    return pd.DataFrame(block, columns=row_layout(params).names())


@dataclass
class Race:
    """What the race did: per candidate the per-game rows, the round it was dropped in (None: still in)."""
    labels: list
    values: list                       # per candidate: {key: value}
    data: list                         # per candidate: per-game matrix (games x columns of the objective)
    dropped: list                      # per candidate: round index or None
    rounds: list = field(default_factory=list)   # per round: {games, alive, alpha}
    alpha: float = ALPHA               # the error budget of the race and its conclusion together
    constraints: tuple = ()            # --constraint: each with .values(df) and .status(x, alpha) (reports.objectives)
    constraint_alpha: float = 0.0      # their error budget over every round
    limits: list = None                # per candidate: per-game matrix (games x constraints)
    status: list = None                # per candidate: per constraint 'met', 'broken' or 'open' (the last round's)
    broken: list = None                # per candidate: round index it was shown to break a constraint, or None

    @property
    def games(self):
        return [len(x) for x in self.data]

    @property
    def alive(self):
        return [i for i, d in enumerate(self.dropped) if d is None and (self.broken is None or self.broken[i] is None)]

    def meets(self, i):
        """Candidate i is shown to meet every constraint (always, without constraints)."""
        return not self.constraints or all(x == "met" for x in self.status[i])

    @property
    def finalists(self):
        """The candidates the last round judged (the survivors and those it dropped); with constraints those
        shown to meet them, or (none shown) the ones not shown to break one, else all: the conclusion then says
        that none meets them."""
        last = len(self.rounds) - 1
        judged = [i for i, d in enumerate(self.dropped) if d is None or d == last]
        if not self.constraints:
            return judged
        met = [i for i in judged if self.meets(i)]
        return met or [i for i in judged if self.broken[i] is None] or judged

    @property
    def final_alpha(self):
        """The conclusion's error rate: the budget less what the rounds before the last spent."""
        return self.alpha - sum(r["alpha"] for r in self.rounds[:-1])


def race(plan, goal, budget, *, judge, first=FIRST_GAMES, max_games=None, alpha=ALPHA, progress=None, play=play_games,
         rounds_share=0.5, constraints=(), constraint_alpha=0.0):
    """Race the plan's settings for the objective `goal` (reports.objectives.parse): goal.rows(df, scenario)
    -> per-game matrix of its columns (of games of that candidate's scenario); judge(labels, data, alpha) ->
    bool per candidate: still tied with the best (the objective's, reports.tune_report.judge_for, which the
    caller gives: a study never imports the reports);
    play(scenario, start, count) -> the games' records (default: the kernel's).  rounds_share: the part of
    alpha the rounds spend (round r of 1, 2, ... at rounds_share * alpha / 2^r), the rest is the
    conclusion's; 1 for a race with no conclusion (train's).
    constraints: each round first settles each candidate's constraints (c.status at constraint_alpha / 2^(r+1),
    Bonferroni over the candidates and constraints): one shown to break some constraint leaves the race, and
    only those shown to meet them all are judged (the others play on until settled), so that no candidate is
    dropped as worse than one that may break a constraint."""
    rows = goal.rows
    settings = plan.settings
    m = len(settings)
    if budget < 2 * m * min(first, 50):
        raise InputError(f"--budget {budget}: too small for {m} candidates; allowed: at least {2 * m * 50} games")
    first = max(50, min(first, budget // (2 * m)))
    result = Race([s.label for s in settings], [s.values for s in settings], [np.zeros((0, 0))] * m, [None] * m,
                  alpha=alpha, constraints=tuple(constraints), constraint_alpha=constraint_alpha,
                  limits=[np.zeros((0, len(constraints)))] * m, status=[["open"] * len(constraints)] * m,
                  broken=[None] * m)
    spent, target, r = 0, first, 0
    while True:
        alive = result.alive
        for i in alive:
            have = len(result.data[i])
            games = play(settings[i].scenario, have, target - have)
            result.data[i] = _stacked(result.data[i], rows(games, settings[i].scenario), have)
            if constraints:
                block = np.stack([c.values(games) for c in constraints], axis=1)
                result.limits[i] = _stacked(result.limits[i], block, have)
            spent += target - have
            if progress:
                progress(r, settings[i].label, target, spent)
        judged = _settle(result, alive, r) if constraints else alive
        level = rounds_share * alpha / 2 ** (r + 1)     # round r + 1 of 1, 2, ...
        keep = judge([result.labels[i] for i in judged], [result.data[i] for i in judged], level) \
            if len(judged) > 1 else [True] * len(judged)
        for i, k in zip(judged, keep):
            if not k:
                result.dropped[i] = r
        result.rounds.append({"round": r + 1, "games_per_candidate": target, "candidates": len(alive),
                              "kept": len(result.alive),
                              "alpha": level, "games_spent": spent})
        alive = result.alive
        next_target = 2 * target
        settled = all(result.meets(i) for i in alive)
        if (len(alive) == 1 and settled) or not alive or (max_games and target >= max_games):
            break
        affordable = target + (budget - spent) // len(alive)
        if affordable < target * 3 // 2:   # a round must add at least half the games again to be worth it
            break
        target = min(next_target, affordable, max_games or next_target)
        r += 1
    return result


def _stacked(old, block, have):
    return block if not have else np.vstack([old, block])


def _settle(result, alive, r):
    """Round r's constraint statuses of the candidates in the race (see race); those broken leave it. The
    candidates shown to meet every constraint, for the judge."""
    k = len(result.constraints)
    level = result.constraint_alpha / 2 ** (r + 1) / (len(alive) * k)
    for i in alive:
        result.status[i] = [c.status(result.limits[i][:, j], level) for j, c in enumerate(result.constraints)]
        if "broken" in result.status[i]:
            result.broken[i] = r
    return [i for i in alive if result.meets(i)]
