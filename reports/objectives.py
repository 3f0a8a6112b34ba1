"""What `tune` optimises: an objective turns games (kernel records) into per-game rows and a
reports.verdicts.Measure whose loss is 0 where the objective is met.

    seat-fairness            every table seat wins equally often (the seat effect, noise-corrected)
    policy-parity:NAME       policy NAME wins as often per seat played as the other policies
                             (the rule is neither a trap nor a must for that style)
    target:STAT=VALUE        a game statistic's mean equals VALUE, e.g. target:sheriff_wins=0.5,
                             target:gb_income_share=0.15 (see all_stats)
    min:STAT, max:STAT       a game statistic's mean as small (large) as can be; the bare names turns
                             (min), lead_changes and comeback (max) say the same (docs/guide.md, tune)
    skill                    max:skill, the strong seat's win rate against the rule set's plain bots, played
                             as `sweep --skill` plays it (one strong seat, seats rotating: the candidates are
                             seated so, simcore.run.skill); also min:skill, target:skill=VALUE.  A one-player
                             game: the strong player's win rate minus the plain one's, their games alternating

Losses are unbiased estimates of a squared distance (reports.stats), so a candidate
with more games does not look better or worse for it.
"""
import math
from dataclasses import dataclass

import numpy as np
from scipy import stats as st

from reports import fmt, stats, ustat
from reports.summary import Z95, wilson
from reports.variants import stat_owner, tune_stats
from reports.verdicts import Measure, effect_distance, one_hot
from simcore.engine.errors import InputError
from simcore.run.styles import policy_name, seats_playing, shown_name


def _turns(df, players):
    return df["turns"].to_numpy(float)


def _lead_changes(df, players):
    return df["lead_changes"].to_numpy(float)


def _comeback(df, players):
    """1 where the winner was behind the leader at half-time (docs/reports.md, How the game plays): a share of
    all the games, one without a winner counting as none."""
    return (df["winner_behind_half"].to_numpy() == 1).astype(float)


def _skill(df, players):
    """1 where the strong seat won: the games of a skill line-up (simcore.run.skill.seats), whose first spec is the
    strong player; a game without a winner counts as none.  A one-player game's players take turns (game by game):
    there a strong game won counts 1 / (the strong games' share), a plain game won -1 / (the plain games' share),
    so that the mean is the strong player's win rate minus the plain one's."""
    winner = df["winner_seat"].to_numpy(np.int64)
    won = winner >= 0
    if players == 1:
        strong = df["seat0_spec"].to_numpy(np.int64) == SKILL_SPEC
        share = strong.mean() if len(strong) else 0.5
        if share in (0.0, 1.0):   # (one player's games only: no difference to measure)
            return np.full(len(df), np.nan)
        return np.where(strong, won / share, -(won / (1 - share)))
    spec = np.full(len(df), -1)
    cols = np.stack([df[f"seat{k}_spec"].to_numpy(np.int64) for k in range(players)], axis=1)
    spec[won] = cols[won, winner[won]]
    return (spec == SKILL_SPEC).astype(float)


SKILL, SKILL_SPEC = "skill", 0   # (the strong player's spec in simcore.run.skill.seats)
# name -> (per-game values, unit, words): the base game's; each variant's are in its report
# entry (reports.variants.tune_stats), e.g. sheriff_wins, gb_income_share.  A rate's ("%")
# target lies in 0..1, a count's above 0
BASE_STATS = {
    "turns": (_turns, "", "player-turns per game"),
    "lead_changes": (_lead_changes, "", "lead changes per game"),
    "comeback": (_comeback, "%", "games won from behind at half-time"),
    SKILL: (_skill, "%", "games won by one strong seat against the plain bots (seats rotating)"),
}
LEAD_STATS = ("lead_changes", "comeback")   # measured between seats: not in a one-player game
SOLO_SKILL = ("the strong player's win rate minus the plain one's (their games alternating)", "pp")
# an aim named by its statistic alone: shorter games, a lead that changes hands, more comebacks
DIRECTIONS = {"turns": "min", "lead_changes": "max", "comeback": "max", SKILL: "max"}


def all_stats():
    return {**BASE_STATS, **tune_stats()}


@dataclass
class Objective:
    text: str            # as given: 'policy-parity:landlord'
    kind: str            # 'seat-fairness', 'policy-parity', 'target', 'min', 'max'
    what: str            # how the value is named: 'seat effect', "landlord's win rate minus the others'"
    unit: str            # 'pp', '%' or ''
    players: int
    policy: str = ""     # policy-parity
    seats: tuple = ()    # policy-parity: seats the policy holds, seats the others hold (per game)
    stat: str = ""       # target
    target: float = 0.0  # the value the objective wants (0 for fairness and parity)
    specs: tuple = ()    # policy-parity: the scenario seats that play the policy (of the scenario parsed)

    @property
    def words(self):
        """The aim as the report pages say it (issue 39): 'the Sheriff's win rate as near 50.0% as can be'."""
        if self.kind == "seat-fairness":
            return "seats as fair as can be (the smallest seat effect)"
        if self.kind == "policy-parity":
            return f"{self.policy} level with the other styles (win rate per seat played)"
        if self.kind in ("min", "max"):
            return f"{self.what} as {'few' if self.kind == 'min' else 'many'} as can be"
        return f"{self.what} as near {show(self, self.target)} as can be"

    @property
    def signed(self):
        """The aim is a value the candidates may lie on either side of (parity, a target), not an extreme."""
        return self.kind in ("policy-parity", "target")

    def rows(self, df, scenario=None):
        """Per-game matrix of the columns the loss needs, of games of `scenario` (a candidate: policy-parity
        finds the policy in its own line-up; None: the scenario parsed)."""
        if self.kind == "seat-fairness":
            return one_hot(df["winner_seat"].to_numpy(np.int64), self.players)
        if self.kind == "policy-parity":
            specs = self.specs if scenario is None else policy_seats(scenario, self.policy)
            winner = df["winner_seat"].to_numpy(np.int64)
            won = winner >= 0
            spec = np.full(len(df), -1)
            cols = np.stack([df[f"seat{k}_spec"].to_numpy(np.int64) for k in range(self.players)], axis=1)
            spec[won] = cols[won, winner[won]]
            mine = np.isin(spec, specs)
            return np.stack([mine, won & ~mine], axis=1).astype(float)
        x = all_stats()[self.stat][0](df, self.players)
        return np.stack([x, x * x], axis=1)

    def measure(self, labels, data, paired=True):
        """The Measure of the candidates (reports.verdicts): the loss with its U-statistic kernel, and the
        distance from the aim with its interval (for --margin)."""
        if self.kind == "seat-fairness":
            k = self.players
            return Measure(self.text, "seat fairness", labels, data, paired=paired, what="seat effect",
                           loss=lambda s, n: stats.parity_loss(s, np.ones(k), n),
                           kernel=ustat.parity_kernel(np.ones(k)), distance=effect_distance(np.ones(k)))
        if self.kind == "policy-parity":
            seats = np.array(self.seats, dtype=float)
            return Measure(self.text, f"parity of {self.policy}", labels, data, paired=paired, what=self.what,
                           loss=lambda s, n: stats.parity_loss(s, seats, n),
                           value=lambda s, n: s[:, 0] / (n * seats[0]) - s[:, 1] / (n * seats[1]),
                           kernel=ustat.parity_kernel(seats), distance=self._distance)
        if self.kind in ("min", "max"):   # the mean itself (its negative for max): a U-statistic of degree 1
            sign = 1.0 if self.kind == "min" else -1.0
            return Measure(self.text, f"{self.kind} of {self.stat}", labels, data, paired=paired, what=self.what,
                           unit=self.unit, loss=lambda s, n: sign * s[:, 0] / n, value=lambda s, n: s[:, 0] / n,
                           kernel=ustat.mean_kernel(sign, 2))
        t = self.target
        return Measure(self.text, f"distance to {self.stat} = {t:g}", labels, data, paired=paired, what=self.what,
                       unit=self.unit, loss=lambda s, n: _target_loss(s, n, t), value=lambda s, n: s[:, 0] / n,
                       kernel=ustat.target_kernel(t, 2), distance=self._distance)

    def _distance(self, x, level):
        """(lo, hi) of |value - target| from the value's two-sided `level` interval."""
        _, lo, hi = self.interval(x, level)
        lo, hi = lo - self.target, hi - self.target
        if lo <= 0 <= hi:
            return 0.0, max(-lo, hi)
        return min(abs(lo), abs(hi)), max(abs(lo), abs(hi))

    def interval(self, x, level=0.95):
        """(value, lo, hi) of one candidate's games with its two-sided `level` interval."""
        n = len(x)
        z_level = st.norm.ppf(1 - (1 - level) / 2)
        if self.kind == "seat-fairness":
            e = stats.effect(x.sum(axis=0), np.ones(self.players), n, level)
            return e["estimate"], e["lo"], e["hi"]
        if self.kind == "policy-parity":
            z = x[:, 0] / self.seats[0] - x[:, 1] / self.seats[1]
            return _mean_interval(z, z_level)
        values = x[:, 0]
        if np.isin(values, (0.0, 1.0)).all():
            lo, hi = wilson(int(values.sum()), n, z_level)
            return values.mean(), lo, hi
        return _mean_interval(values, z_level)


def _target_loss(s, n, t):
    """Unbiased (mean - t)^2 from sums of x and x^2: (mean - t)^2 - var / n."""
    mean = s[:, 0] / n
    with np.errstate(invalid="ignore", divide="ignore"):
        var = (s[:, 1] - n * mean * mean) / (n - 1)
    return (mean - t) ** 2 - var / n


def _mean_interval(z, quantile=Z95):
    n = len(z)
    if n < 2:
        return (float(z.mean()) if n else math.nan), math.nan, math.nan
    half = quantile * z.std(ddof=1) / math.sqrt(n)
    return float(z.mean()), float(z.mean() - half), float(z.mean() + half)


def policy_seats(scenario, policy):
    """The scenario's seat specs (indices into its line-up) that play `policy`."""
    return tuple(seats_playing([policy_name(s.policy, getattr(s, "search", None)) for s in scenario.seats], policy))


def _check_line_ups(text, policy, candidates):
    """policy-parity over candidates that set the seats: every candidate's own line-up must seat `policy`, and
    equally often (the loss weighs the policy by its seats per game), else InputError naming the candidates."""
    counts = {label: len(policy_seats(s, policy)) for label, s in candidates}
    none = [label for label, k in counts.items() if k == 0]
    if none and len(none) < len(counts):
        raise InputError(f"--objective {text}: no seat plays {policy} in candidate {', '.join(none)}; allowed: "
                         f"candidates whose line-ups all seat {policy}")
    if len(set(counts.values())) > 1:
        raise InputError(f"--objective {text}: {policy} holds " + ", ".join(f"{k} seat(s) in {label}" for label, k
                                                                            in counts.items())
                         + f"; allowed: candidates that seat {policy} equally often")


def parse(text, scenario, candidates=()):
    """The Objective of `--objective TEXT` for `scenario`; InputError names what is allowed.  candidates:
    (label, scenario) of the candidates a tune plays; policy-parity checks each one's own line-up."""
    allowed = ("seat-fairness, policy-parity:NAME, target:STAT=VALUE, min:STAT or max:STAT (STAT: "
               + ", ".join(all_stats()) + "), turns, lead_changes, comeback or skill")
    text = text.strip()
    players = scenario.players
    if text == "seat-fairness":
        if players < 2:
            raise InputError(f"--objective seat-fairness: {scenario.name} has one player, no seats to compare; "
                             "allowed: target:STAT=VALUE")
        return Objective(text, "seat-fairness", "seat effect", "pp", players)
    kind, _, rest = text.partition(":")
    if text in DIRECTIONS:
        kind, rest = DIRECTIONS[text], text
    if kind in ("min", "max") and rest:
        stat = rest.strip()
        if stat not in all_stats():
            raise InputError(f"--objective {text}: unknown statistic '{stat}'; allowed: " + ", ".join(all_stats()))
        _check_stat_players(f"--objective {text}", stat, scenario)
        words, unit = _words(stat, players)
        return Objective(text, kind, words, unit, players, stat=stat)
    if kind == "policy-parity" and rest:
        _check_line_ups(text, rest, candidates)
        first = candidates[0][1] if candidates else scenario      # every candidate's line-up seats it as this one
        # (a styled strong seat by its style, strong:landlord: simcore.run.styles)
        labels = [policy_name(s.policy, getattr(s, "search", None)) for s in first.seats]
        mine = len(policy_seats(first, rest))
        if not mine:
            raise InputError(f"--objective {text}: no seat plays policy '{rest}'; allowed: "
                             + ", ".join(sorted(set(labels))))
        if players < 2 or len(labels) != players or mine == players:
            raise InputError(f"--objective {text}: needs {rest} and other policies at the same table; "
                             "allowed: a scenario of two or more players with several policies")
        rest = shown_name(labels, rest)   # (landlord: strong:landlord under --players strong)
        return Objective(text, "policy-parity", f"{rest}'s win rate minus the others' (per seat)", "pp", players,
                         policy=rest, seats=(mine, players - mine),
                         specs=policy_seats(first, rest))
    if kind == "target" and "=" in rest:
        stat, _, value = rest.partition("=")
        stat = stat.strip()
        if stat not in all_stats():
            raise InputError(f"--objective {text}: unknown statistic '{stat}'; allowed: " + ", ".join(all_stats()))
        try:
            target = float(value)
        except ValueError:
            raise InputError(f"--objective {text}: '{value}' is not a number; allowed: e.g. target:{stat}=0.5") \
                from None
        words, unit = _words(stat, players)
        low, allowed = {"%": (0, "a rate from 0 to 1, e.g. 0.5"), "pp": (-1, "a difference from -1 to 1, e.g. 0.1")
                        }.get(unit, (None, "a number above 0"))
        if not math.isfinite(target) or (target > 1 or target < low if low is not None else target <= 0):
            raise InputError(f"--objective {text}: {stat} = {value.strip()} is out of range; allowed: {allowed}")
        _check_stat_players(f"--objective {text}", stat, scenario)
        owner = stat_owner(stat)
        if owner is not None and owner.name not in scenario.rules.variants:
            raise InputError(f"--objective {text}: {scenario.name} has no {owner.title}; allowed: a {owner.name} "
                             "scenario")
        return Objective(text, "target", words, unit, players, stat=stat, target=target)
    raise InputError(f"--objective '{text}': unknown objective; allowed: {allowed}")


def _words(stat, players):
    """(words, unit) of a statistic: a one-player game's skill is a difference of win rates."""
    if stat == SKILL and players == 1:
        return SOLO_SKILL
    _, unit, words = all_stats()[stat]
    return words, unit


def _check_stat_players(text, stat, scenario):
    if stat in LEAD_STATS and scenario.players < 2:
        raise InputError(f"{text}: {scenario.name} has one player, no lead between seats; allowed: "
                         + ", ".join(s for s in all_stats() if s not in LEAD_STATS))


@dataclass
class Constraint:
    """`--constraint 'STAT<=LIMIT'` (or >=): a candidate meets it when its mean of STAT is shown on the allowed
    side of LIMIT (a one-sided bound), breaks it when shown on the other side."""
    text: str
    stat: str
    op: str              # '<=' or '>='
    limit: float
    unit: str
    words: str
    players: int

    def values(self, df):
        return all_stats()[self.stat][0](df, self.players)

    def status(self, x, alpha):
        """'met', 'broken' or 'open' for the per-game values x: each side shown by a one-sided 1 - alpha bound
        (Wilson for a share, normal for a mean)."""
        if len(x) < 2:
            return "open"
        z = st.norm.ppf(1 - alpha)
        lo, hi = wilson(int(x.sum()), len(x), z) if np.isin(x, (0.0, 1.0)).all() else _mean_interval(x, z)[1:]
        if self.op == "<=":
            return "met" if hi <= self.limit else "broken" if lo > self.limit else "open"
        return "met" if lo >= self.limit else "broken" if hi < self.limit else "open"

    def show(self, x):
        return fmt.pct(x) if self.unit == "%" else fmt.pp(x) if self.unit == "pp" else fmt.number(x, 2)


def parse_constraint(text, scenario):
    """The Constraint of `--constraint TEXT`: STAT<=LIMIT or STAT>=LIMIT, STAT of all_stats()."""
    allowed = "STAT<=LIMIT or STAT>=LIMIT, e.g. 'turns<=80' (STAT: " + ", ".join(all_stats()) + ")"
    for op in ("<=", ">="):
        stat, found, value = text.partition(op)
        if found:
            break
    else:
        raise InputError(f"--constraint '{text}': no <= or >=; allowed: {allowed}")
    stat = stat.strip()
    if stat not in all_stats():
        raise InputError(f"--constraint '{text}': unknown statistic '{stat}'; allowed: {allowed}")
    try:
        limit = float(value)
    except ValueError:
        raise InputError(f"--constraint '{text}': '{value.strip()}' is not a number; allowed: {allowed}") from None
    words, unit = _words(stat, scenario.players)
    if not math.isfinite(limit) or (unit == "%" and not 0 <= limit <= 1) or (unit == "pp" and not -1 <= limit <= 1):
        raise InputError(f"--constraint '{text}': {limit:g} is out of range; allowed: "
                         + {"%": "a share from 0 to 1", "pp": "a difference from -1 to 1"}.get(unit, "a finite number"))
    _check_stat_players(f"--constraint '{text}'", stat, scenario)
    owner = stat_owner(stat)
    if owner is not None and owner.name not in scenario.rules.variants:
        raise InputError(f"--constraint '{text}': {scenario.name} has no {owner.title}; allowed: a {owner.name} "
                         "scenario")
    return Constraint(text.strip(), stat, op, limit, unit, words, scenario.players)


def show(objective, x, bare=False):
    """A value as printed: '+2.1 pp', '48.5%', '61.20'; bare: the number alone (inside brackets)."""
    if fmt.missing(x):
        return "n/a"
    if objective.unit in ("pp", "%"):
        text = f"{100 * x:{'+' if objective.kind == 'policy-parity' and not bare else ''}.1f}"
        return text if bare else text + (" pp" if objective.unit == "pp" else "%")
    return fmt.number(x, 2)
