"""What `tune` optimises: an objective turns games (kernel records) into per-game rows and a
reports.verdicts.Measure whose loss is 0 where the objective is met.

    seat-fairness            every table seat wins equally often (the seat effect, noise-corrected)
    policy-parity:NAME       policy NAME wins as often per seat played as the other policies
                             (the rule is neither a trap nor a must for that style)
    target:STAT=VALUE        a game statistic's mean equals VALUE, e.g. target:sheriff_wins=0.5,
                             target:gb_income_share=0.15 (see all_stats)

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


# name -> (per-game values, unit, words): the base game's; each variant's are in its report
# entry (reports.variants.tune_stats), e.g. sheriff_wins, gb_income_share.  A rate's ("%")
# target lies in 0..1, a count's above 0
BASE_STATS = {
    "turns": (_turns, "", "player-turns per game"),
}


def all_stats():
    return {**BASE_STATS, **tune_stats()}


@dataclass
class Objective:
    text: str            # as given: 'policy-parity:landlord'
    kind: str            # 'seat-fairness', 'policy-parity', 'target'
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
        return f"{self.what} as near {show(self, self.target)} as can be"

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
    allowed = "seat-fairness, policy-parity:NAME or target:STAT=VALUE (STAT: " + ", ".join(all_stats()) + ")"
    text = text.strip()
    players = scenario.players
    if text == "seat-fairness":
        if players < 2:
            raise InputError(f"--objective seat-fairness: {scenario.name} has one player, no seats to compare; "
                             "allowed: target:STAT=VALUE")
        return Objective(text, "seat-fairness", "seat effect", "pp", players)
    kind, _, rest = text.partition(":")
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
        unit = all_stats()[stat][1]
        if not math.isfinite(target) or (unit == "%" and not 0 <= target <= 1) or (unit != "%" and target <= 0):
            allowed = "a rate from 0 to 1, e.g. 0.5" if unit == "%" else "a number above 0"
            raise InputError(f"--objective {text}: {stat} = {value.strip()} is out of range; allowed: {allowed}")
        owner = stat_owner(stat)
        if owner is not None and owner.name not in scenario.rules.variants:
            raise InputError(f"--objective {text}: {scenario.name} has no {owner.title}; allowed: a {owner.name} "
                             "scenario")
        _, unit, words = all_stats()[stat]
        return Objective(text, "target", words, unit, players, stat=stat, target=target)
    raise InputError(f"--objective '{text}': unknown objective; allowed: {allowed}")


def show(objective, x, bare=False):
    """A value as printed: '+2.1 pp', '48.5%', '61.20'; bare: the number alone (inside brackets)."""
    if fmt.missing(x):
        return "n/a"
    if objective.unit in ("pp", "%"):
        text = f"{100 * x:{'+' if objective.kind == 'policy-parity' and not bare else ''}.1f}"
        return text if bare else text + (" pp" if objective.unit == "pp" else "%")
    return fmt.number(x, 2)
