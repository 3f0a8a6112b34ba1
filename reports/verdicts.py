"""Verdicts: which settings are fairest, as a set backed by the statistics, not a point.

A *measure* turns each setting's games into a per-game matrix X (n x c) and a
loss computed from weighted column sums of X: an unbiased estimate of how far the
setting is from fair (reports.stats.parity_loss: the noise-corrected variance of
the seats' or policies' win rates; or a squared distance to a target value).
Resampling the games (Poisson bootstrap; one weight per game shared by every
setting when they played the same seeds: common random numbers, paired) gives
each loss's uncertainty and that of every difference between two settings.

The fairest set is Hsu's multiple comparison with the best: a setting is left out
only when some other setting is significantly fairer, one-sided, Bonferroni over
the m - 1 others, so the truly fairest setting stays in the set with probability
at least 95%.  `probability_fairest` is the share of resamples in which a
setting came out fairest (ties split).

    verdict = judge(study_measure(study, "seats"))
    verdict["text"]   # 'Fairest: A; B and C are statistically tied with it; D is less fair (p = 0.003).'
"""
import json
import math
from dataclasses import dataclass, field

import numpy as np
from scipy import stats as st

from reports import fmt, stats

ALPHA = 0.05
BOOTSTRAP = 400
POWER_Z = 0.8416   # 80% power


@dataclass
class Measure:
    """One fairness question over the settings of a study (or the candidates of a tune)."""
    objective: str                 # 'seat-fairness', 'policy-parity', 'policy-parity:landlord', 'target:...'
    title: str                     # 'seat fairness' (how sentences name it)
    labels: list                   # setting labels
    data: list                     # per setting: per-game matrix X (n x c)
    loss: object                   # (sums B x c, games B) -> B losses; unbiased, 0 = fair
    value: object = None           # (sums, games) -> the number people read (default: sqrt of the loss)
    unit: str = "pp"               # how `value` prints: 'pp' (x 100), '%' or '' (plain number)
    paired: bool = True            # the settings played the same games (same seeds, in order)
    what: str = "effect"           # the value's name: 'seat effect', 'the Sheriff's win rate'
    extra: dict = field(default_factory=dict)

    @property
    def games(self):
        return [len(x) for x in self.data]

    def losses(self):
        return np.array([float(self.loss(x.sum(axis=0)[None, :], np.array([len(x)]))[0]) for x in self.data])

    def values(self):
        if self.value is None:
            return np.sqrt(np.maximum(self.losses(), 0.0))
        return np.array([float(self.value(x.sum(axis=0)[None, :], np.array([len(x)]))[0]) for x in self.data])


def show(measure, x):
    if fmt.missing(x):
        return "n/a"
    if measure.unit == "pp":
        return fmt.pp(x, sign=False)
    if measure.unit == "%":
        return fmt.pct(x)
    return fmt.number(x, 3)


# --- measures of a study (reports.study.Study) ---

def seat_measure(study):
    """Seat fairness: the table seats' effect on the win rate (runs of two or more players)."""
    runs = [r for r in study.runs if r.players > 1]
    if not runs or len({r.players for r in runs}) > 1:
        return None
    k = runs[0].players
    data = [one_hot(r.winner_seat, k) for r in runs]
    return Measure("seat-fairness", "seat fairness", [r.label for r in runs], data,
                   loss=lambda s, n: stats.parity_loss(s, np.ones(k), n), paired=_paired(runs),
                   what="seat effect")


def style_measure(study):
    """Style fairness (policy parity): the policies' effect on the win rate per seat played."""
    runs = study.runs
    labels = list(dict.fromkeys(x for r in runs for x in r.labels))
    if len(labels) < 2 or any(set(r.labels) != set(labels) for r in runs):
        return None
    if all(r.players == 1 for r in runs):           # solo: the policies take turns game by game
        data = [_solo_columns(r, labels) for r in runs]
        j = len(labels)
        return Measure("policy-parity", "style fairness", [r.label for r in runs], data,
                       loss=lambda s, n: stats.binomial_parity_loss(s[:, :j], s[:, j:]), paired=_paired(runs),
                       what="policy effect", extra={"policies": labels})
    seats = [[r.spec_labels.count(x) for x in labels] for r in runs]
    if any(s != seats[0] for s in seats) or any(len(r.spec_labels) != r.players for r in runs):
        return None                                   # seats per policy differ: no common scale
    per_game = np.array(seats[0], dtype=float)
    data = [one_hot(_winner_label(r, labels), len(labels)) for r in runs]
    return Measure("policy-parity", "style fairness", [r.label for r in runs], data,
                   loss=lambda s, n: stats.parity_loss(s, per_game, n), paired=_paired(runs),
                   what="policy effect", extra={"policies": labels})


def _paired(runs):
    first = runs[0].seeds
    return all(len(r.seeds) == len(first) and np.array_equal(r.seeds, first) for r in runs[1:])


def one_hot(index, k):
    out = np.zeros((len(index), k))
    won = index >= 0
    out[np.flatnonzero(won), index[won]] = 1.0
    return out


def _winner_label(run, labels):
    """Per game the index (in `labels`) of the winning policy, -1 none."""
    spec_to_label = np.array([labels.index(x) for x in run.spec_labels] + [-1])
    return spec_to_label[run.winner_spec.astype(np.int64)]   # winner_spec -1 picks the appended -1


def _solo_columns(run, labels):
    """[won with policy j ..., played policy j ...] per game; game g is played by seat g % seats."""
    games = np.arange(run.games)
    spec = games % len(run.spec_labels)
    played = one_hot(np.array([labels.index(run.spec_labels[s]) for s in spec]), len(labels))
    won = played * (run.winner_spec >= 0)[:, None]
    return np.hstack([won, played])


# --- resampling and the fairest set ---

def bootstrap(measure, replicates=BOOTSTRAP, seed=12345):
    """(replicates x settings) losses over Poisson-resampled games; one weight per game shared by
    every setting when they played the same games (paired)."""
    rng = np.random.default_rng(seed)
    m = len(measure.data)
    out = np.empty((replicates, m))
    n_max = max(measure.games)
    chunk = max(1, min(replicates, 4_000_000 // max(n_max, 1)))
    if measure.paired:   # every setting's columns side by side: one product per chunk
        joined, cols = _side_by_side(measure.data, n_max)
    for start in range(0, replicates, chunk):
        size = min(chunk, replicates - start)
        if measure.paired:
            shared = rng.poisson(1.0, (size, n_max)).astype(float)
            sums = shared @ joined
            games = {n: shared[:, :n].sum(axis=1) for n in set(measure.games)}
            for i, x in enumerate(measure.data):
                out[start:start + size, i] = measure.loss(sums[:, cols[i]], games[len(x)])
        else:
            for i, x in enumerate(measure.data):
                w = rng.poisson(1.0, (size, len(x))).astype(float)
                out[start:start + size, i] = measure.loss(w @ x, w.sum(axis=1))
    return out[np.isfinite(out).all(axis=1)]   # a resample too small for some loss (a solo policy's 0 or 1 games)


def _side_by_side(data, rows):
    """The per-game matrices as one (rows x all columns) matrix, zero below a shorter one's games,
    and each matrix's column slice in it."""
    widths = [x.shape[1] for x in data]
    joined = np.zeros((rows, sum(widths)))
    cols, at = [], 0
    for x, w in zip(data, widths):
        joined[:len(x), at:at + w] = x
        cols.append(slice(at, at + w))
        at += w
    return joined, cols


def fairest_set(loss, boot, alpha=ALPHA):
    """(in_set bool per setting, p per setting, probability_fairest per setting).

    Multiple comparison with the best: setting i is out when for some j the one-sided
    bound loss_i - loss_j - z * se_ij is above 0 (z for alpha / (m - 1)); p_i is the
    Bonferroni-adjusted one-sided p of its strongest such comparison (1 for the set).
    """
    loss = np.asarray(loss, dtype=float)
    m = len(loss)
    if m == 1 or len(boot) < 10 or not np.isfinite(loss).all():   # nothing (or too little) to compare
        return np.ones(m, bool), np.ones(m), np.full(m, 1.0 / m)
    z = st.norm.ppf(1 - alpha / (m - 1))
    in_set, p = np.ones(m, bool), np.ones(m)
    for i in range(m):
        for j in range(m):
            if i == j:
                continue
            d = loss[i] - loss[j]
            se = float(np.nanstd(boot[:, i] - boot[:, j], ddof=1))
            if se <= 1e-15:
                pij = 0.0 if d > 1e-15 else 1.0
            else:
                pij = float(st.norm.sf(d / se))
            p[i] = min(p[i], min(1.0, (m - 1) * pij))
            if (se <= 1e-15 and d > 1e-15) or (se > 1e-15 and d - z * se > 0):
                in_set[i] = False
    low = boot.min(axis=1, keepdims=True)
    ties = np.isclose(boot, low, rtol=0, atol=1e-15)
    prob = (ties / ties.sum(axis=1, keepdims=True)).mean(axis=0)
    return in_set, np.where(in_set, 1.0, p), prob


def games_to_detect(loss, boot, games, alpha=ALPHA):
    """(games per setting, difference in loss units) that would tell the best and the worst
    estimate apart with 80% power, scaling the resampled spread with 1 / sqrt(games)."""
    i, j = int(np.argmax(loss)), int(np.argmin(loss))
    gap = float(loss[i] - loss[j])
    se = float(np.std(boot[:, i] - boot[:, j], ddof=1))
    if gap <= 0 or se <= 0:
        return None, gap
    m = len(loss)
    z = st.norm.ppf(1 - alpha / max(m - 1, 1)) + POWER_Z
    return int(math.ceil(games * (z * se / gap) ** 2 / 100.0) * 100), gap


def judge(measure, replicates=BOOTSTRAP, alpha=ALPHA):
    """The verdict dict (what verdicts.json holds for one measure) with its sentence in `text`."""
    loss = measure.losses()
    values = measure.values()
    boot = bootstrap(measure, replicates)
    in_set, p, prob = fairest_set(loss, boot, alpha)
    labels = measure.labels
    order = np.argsort(loss, kind="stable")
    out = {"objective": measure.objective, "title": measure.title,
           "fairest": [labels[i] for i in order if in_set[i]],
           "probability_fairest": {labels[i]: round(float(prob[i]), 4) for i in range(len(labels))},
           "games": {labels[i]: int(measure.games[i]) for i in range(len(labels))},
           "paired": bool(measure.paired), "alpha": alpha, "replicates": replicates,
           "settings": [{"setting": labels[i], "loss": float(loss[i]), "value": float(values[i]),
                         "tied_with_fairest": bool(in_set[i]), "p_less_fair": float(p[i]),
                         "probability_fairest": float(prob[i])} for i in range(len(labels))]}
    out["text"] = _sentence(measure, out, loss, values, boot, in_set, p, order)
    return out


def _sentence(measure, out, loss, values, boot, in_set, p, order):
    labels, m = measure.labels, len(measure.labels)
    if m == 1:
        return ""
    games = min(measure.games)
    best = order[0]
    if not np.isfinite(loss).all() or len(boot) < 10:
        return (f"{measure.title.capitalize()}: too few games ({fmt.count(games)} per setting) to tell the "
                "settings apart.")
    tied = [labels[i] for i in order[1:] if in_set[i]]
    worse = [i for i in order if not in_set[i]]
    name = f"{measure.what} {show(measure, values[best])}"
    if not worse:
        needed, gap = games_to_detect(loss, boot, games)
        if needed is None:
            return (f"{measure.title.capitalize()}: no setting is detectably fairer than another; the settings "
                    f"gave the same result ({fmt.count(games)} games each).")
        hi, lo = int(np.argmax(loss)), int(np.argmin(loss))
        head = (f"{measure.title.capitalize()}: no setting is detectably fairer than another at "
                f"{fmt.count(games)} games per setting")
        if show(measure, values[lo]) == show(measure, values[hi]):
            return head + f" (every {measure.what} is estimated at {show(measure, values[lo])})."
        return (head + f" (the lowest {measure.what}, {show(measure, values[lo])} with {labels[lo]}, is "
                f"statistically tied with the highest, {show(measure, values[hi])} with {labels[hi]}); if that gap is "
                f"real, about {fmt.count(needed)} games per setting would show it (80% power).")
    text = f"{measure.title.capitalize()}: fairest {labels[best]} ({name}, fairest in " \
           f"{fmt.pct(out['probability_fairest'][labels[best]], 0)} of resamples)"
    if tied:
        text += f"; {_names(tied)} {'is' if len(tied) == 1 else 'are'} statistically tied with it"
    worst_p = max(p[i] for i in worse)
    bound = fmt.p_value(worst_p) if worst_p < 0.001 else "≤ " + fmt.p_value(worst_p)
    text += (f"; {_names([labels[i] for i in worse])} {'is' if len(worse) == 1 else 'are'} less fair "
             f"({'p' if len(worse) == 1 else 'each p'} {bound}, multiple comparison with the best).")
    return text


def _names(names, most=100):
    names = list(names)
    shown = ", ".join(names[:most])
    if len(names) > most:
        return shown + f" and {len(names) - most} more"
    return shown if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]


# --- verdicts.json ---

def study_verdicts(study, replicates=BOOTSTRAP):
    """{measure key: verdict} for the seats and the styles where the study has them."""
    out = {}
    for key, make in (("seats", seat_measure), ("styles", style_measure)):
        measure = make(study)
        if measure is not None:
            out[key] = judge(measure, replicates)
    return out


def to_json(document):
    """JSON text of a verdicts document: numpy numbers as numbers, NaN as null (JSON has no NaN)."""
    def clean(x):
        if isinstance(x, dict):
            return {str(k): clean(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [clean(v) for v in x]
        if hasattr(x, "item"):
            x = x.item()
        if isinstance(x, float) and not math.isfinite(x):
            return None
        return x
    return json.dumps(clean(document), indent=2) + "\n"
