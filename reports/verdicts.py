"""Verdicts: which settings are fairest, as a set backed by one test with a stated error rate.

A *measure* turns each setting's games into a per-game matrix X (n x c) and a
loss computed from weighted column sums of X: an unbiased estimate of how far the
setting is from fair (reports.stats.parity_loss: the noise-corrected variance of
the seats' or policies' win rates; or a squared distance to a target value).
Written as a U-statistic (its `kernel`, reports.ustat) the losses get a calibrated
covariance (the Hoeffding decomposition), the same games in every setting (common random numbers)
making them correlated; a measure without a kernel (a solo run's policies) takes the
covariance of resampled games instead (Poisson bootstrap: larger near 0, so its
verdicts err on the cautious side).

"Less fair" is Holm's method over every pair of settings (reports.multiple), a closed test:
the chance of calling any setting less fair that is in truth tied for fairest is at
most 5%, whatever the number of settings.  "The settings' losses are not all equal" (the Wald
test, said only where no pair is told apart) is one more hypothesis of the same Holm family, so
every sentence about differences between settings shares the 5%; a report that answers both the seats' and
the styles' question adjusts both in one Holm family (study_verdicts), at alpha: 5%, or its share of the report's
5% where the report says more (reports.budget: a question, --margin).  The others are "not told apart" from the
fairest estimate at the games played; never "tied" or "equally fair" without a margin.
With a margin (`--margin PP`) a setting is "equivalent to the fairest within +-PP"
when its simultaneous 95% interval and every setting's lower end lie within PP
(an interval inside the margin, family-wise over the settings).

    verdict = judge(study_measure(study, "seats"))
    verdict["text"]   # 'Seat fairness: smallest seat effect with A (1.1 pp); B and C are not told apart ...'
"""
import json
import math
from dataclasses import dataclass, field

import numpy as np

from reports import budget, fmt, multiple, stats, ustat

ALPHA = 0.05
BOOTSTRAP = 400


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
    kernel: object = None          # A of the loss as a U-statistic on [1, X] (reports.ustat), or None
    distance: object = None        # (X, level) -> (lo, hi): two-sided interval of the distance from fair
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

    @property
    def scale(self):
        """One unit of a margin in the value's units: a percentage point for rates and effects."""
        return 0.01 if self.unit in ("pp", "%") else 1.0


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
                   what="seat effect", kernel=ustat.parity_kernel(np.ones(k)), distance=effect_distance(np.ones(k)))


def effect_distance(per_game):
    """(X, level) -> the interval of the groups' effect (stats.effect) from one setting's one-hot wins."""
    def distance(x, level):
        e = stats.effect(x.sum(axis=0), per_game, len(x), level)
        return e["lo"], e["hi"]
    return distance


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
                       what="policy effect", extra={"policies": labels},
                       distance=lambda x, level: _solo_distance(x, j, level))
    seats = [[r.spec_labels.count(x) for x in labels] for r in runs]
    if any(s != seats[0] for s in seats) or any(len(r.spec_labels) != r.players for r in runs):
        return None                                   # seats per policy differ: no common scale
    per_game = np.array(seats[0], dtype=float)
    data = [one_hot(_winner_label(r, labels), len(labels)) for r in runs]
    return Measure("policy-parity", "style fairness", [r.label for r in runs], data,
                   loss=lambda s, n: stats.parity_loss(s, per_game, n), paired=_paired(runs),
                   what="policy effect", extra={"policies": labels}, kernel=ustat.parity_kernel(per_game),
                   distance=effect_distance(per_game))


def _solo_distance(x, j, level):
    e = stats.binomial_effect(x[:, :j].sum(axis=0), x[:, j:].sum(axis=0), level)
    return e["lo"], e["hi"]


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


# --- the covariance of the losses, and the verdict ---

def covariance(measure, replicates=BOOTSTRAP):
    """The losses' covariance: from the U-statistic form of the loss (reports.ustat), else over resampled games."""
    if measure.kernel is not None:
        rows = [ustat.augmented(x) for x in measure.data]
        return ustat.covariance(rows, [measure.kernel] * len(rows), measure.paired)
    boot = bootstrap(measure, replicates)
    if len(boot) < 10:
        return np.full((len(measure.data),) * 2, np.nan)
    return np.atleast_2d(np.cov(boot, rowvar=False))


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


def equivalence(measure, margin, alpha=ALPHA):
    """Per setting: within `margin` (value units) of the fairest?  Every setting's distance from fair
    gets a two-sided interval at 1 - alpha / m (Bonferroni: joint coverage 1 - alpha); setting i is
    equivalent when hi_i - min_j lo_j <= margin: its distance cannot exceed the smallest true one
    by more than the margin.  (lo, hi) per setting are returned too; None without a margin or a way
    to bound the distance."""
    if margin is None or measure.distance is None:
        return None
    level = 1 - alpha / len(measure.data)
    bounds = [measure.distance(x, level) for x in measure.data]
    floor = min(lo for lo, _ in bounds)
    return [bool(hi - floor <= margin * measure.scale) for _, hi in bounds], bounds, level


def family_p(measure, cov):
    """The raw p-values a measure puts into its Holm family: every pair's and, with three or more settings,
    the Wald test of equal losses (with two it is the one pair's test, no sentence of its own)."""
    loss = measure.losses()
    p_pairs = multiple.pair_p(loss, cov)
    return np.concatenate([p_pairs, [multiple.homogeneity(loss, cov)[2]] if len(loss) > 2 else []])


def judge(measure, alpha=ALPHA, margin=None, replicates=BOOTSTRAP, cov=None, shared=(), together=None,
          margin_alpha=None):
    """The verdict dict (what verdicts.json holds for one measure) with its sentence in `text`.

    margin: in percentage points for rates and effects (the value's own units otherwise), or None.
    cov: the losses' covariance when already computed.  shared: the raw p-values (family_p) of the other
    questions the same report answers (`together` names all of them, 'the seats and the styles'): they join this measure's
    Holm family, so that every sentence about differences between settings, over all the questions, errs with
    at most alpha (study_verdicts).  margin_alpha: the error of the margin's 'equivalent' (its intervals are
    simultaneous at 1 - margin_alpha; default alpha), its own share of the report's budget (reports.budget)."""
    loss = measure.losses()
    values = measure.values()
    labels, m = measure.labels, len(measure.labels)
    cov = covariance(measure, replicates) if cov is None else cov
    _, _, p_differ = multiple.homogeneity(loss, cov)
    # the Wald test in the pairs' Holm family; with two settings it is the one pair's test (no sentence of its own)
    also = np.asarray(([p_differ] if m > 2 else []) + list(shared), dtype=float)
    closed = multiple.less_fair(loss, cov, alpha, also=also)
    family_size = int(len(closed.p_pairs) + np.isfinite(also).sum())
    differ, p_differ_adjusted = closed.also[0] if m > 2 else (bool(closed.less_fair.any()),
                                                              float(closed.p_adjusted.min()))
    order = np.argsort(loss, kind="stable")
    posterior = _posterior_fairest(loss, closed, cov)
    needed = None
    if not closed.less_fair.any() and differ:
        needed = multiple.games_to_tell_apart(loss, cov, min(measure.games), alpha, family=family_size)
    margin_alpha = alpha if margin_alpha is None else margin_alpha
    equal = equivalence(measure, margin, margin_alpha) if m > 1 else None
    se = np.sqrt(np.maximum(np.diag(cov), 0.0)) if np.isfinite(cov).all() else np.full(m, np.nan)
    settings = []
    for i in range(m):
        row = {"setting": labels[i], "loss": float(loss[i]), "loss_se": float(se[i]), "value": float(values[i]),
               "verdict": _word(i, order, closed, equal, values / measure.scale), "in_fairest_set": not bool(closed.less_fair[i]),
               "less_fair": bool(closed.less_fair[i]), "p_less_fair": float(closed.p_adjusted[i]),
               "worse_than": [labels[j] for j in closed.worse_than[i]],   # the rejected pairs (reports.train_robust)
               "posterior_fairest": float(posterior[i])}
        if equal is not None:
            row.update(equivalent=equal[0][i], distance_lo=float(equal[1][i][0]), distance_hi=float(equal[1][i][1]))
        settings.append(row)
    out = {"objective": measure.objective, "title": measure.title,
           "fairest": [labels[i] for i in order if not closed.less_fair[i]],
           "less_fair": [labels[i] for i in order if closed.less_fair[i]],
           "games": {labels[i]: int(measure.games[i]) for i in range(m)},
           "paired": bool(measure.paired), "alpha": alpha, "margin": margin,
           "test": f"Holm over every pair of the {m} settings and the Wald test of equal losses"
                   + (f", {together} in one family," if together else ",")
                   + f" {budget.error_words(alpha)}",
           "family": together, "family_size": family_size,
           "p_settings_differ": None if not np.isfinite(p_differ) else float(p_differ),
           "p_settings_differ_adjusted": None if not np.isfinite(p_differ) else p_differ_adjusted,
           "settings_differ": bool(differ),
           "games_to_tell_apart": needed, "settings": settings}
    if equal is not None:
        out["equivalent"] = [labels[i] for i in order if equal[0][i]]
        out["interval_level"] = equal[2]
        out["margin_alpha"] = margin_alpha
    out["text"] = _sentence(measure, out, loss, values, closed, order, cov)
    return out


def _word(i, order, closed, equal, values):
    if closed.less_fair[i]:
        return "less fair"
    if equal is not None and equal[0][i]:
        return "equivalent to the fairest"
    # every setting showing the smallest estimate as printed (0.1 of its unit) has it: two 2.9 pp are never
    # one 'smallest estimate' and one 'not told apart' (issue 39)
    shown = [round(float(values[k]), 1) for k in (i, order[0])]
    return "smallest estimate" if i == order[0] or shown[0] == shown[1] else "not told apart"


def _posterior_fairest(loss, closed, cov):
    """Share of draws from N(loss, cov) in which each setting has the smallest loss: the posterior
    probability of being fairest under a flat prior and the normal approximation (not a test: two
    identical settings often split 90 / 10)."""
    m = len(loss)
    if m < 2 or closed.draws is None:
        return np.full(m, 1.0 / m)
    drawn = closed.draws + loss
    ties = np.isclose(drawn, drawn.min(axis=1, keepdims=True), rtol=0, atol=1e-15)
    return (ties / ties.sum(axis=1, keepdims=True)).mean(axis=0)


def _sentence(measure, out, loss, values, closed, order, cov):
    labels, m = measure.labels, len(measure.labels)
    if m == 1:
        return ""
    games = min(measure.games)
    title = fmt.capital(measure.title)
    if not np.isfinite(loss).all() or not np.isfinite(cov).all():
        return f"{title}: too few games ({fmt.count(games)} per setting) to tell the settings apart."
    best = order[0]
    family = (f"Holm over every pair of the {m} settings and the Wald test"
              + (f", {out['family']} in one family," if out["family"] else ",")
              + f" {budget.error_words(out['alpha'])}")
    worse = [i for i in order if closed.less_fair[i]]
    rest = [labels[i] for i in order[1:] if not closed.less_fair[i]]
    if worse:
        text = f"{title}: smallest {measure.what} with {labels[best]} ({show(measure, values[best])})"
        if rest:
            text += f"; {_names(rest)} {'is' if len(rest) == 1 else 'are'} not told apart from it at " \
                    f"{fmt.count(games)} games per setting"
        worst_p = max(closed.p_adjusted[i] for i in worse)
        bound = fmt.p_value(worst_p) if worst_p < 0.001 else "≤ " + fmt.p_value(worst_p)
        text += (f"; {_names([labels[i] for i in worse])} {'is' if len(worse) == 1 else 'are'} less fair "
                 f"({'p' if len(worse) == 1 else 'each p'} {bound}; {family}).")
    else:
        hi = int(order[-1])
        low_v, high_v = show(measure, values[best]), show(measure, values[hi])
        spread = (f"every {measure.what} is estimated at {low_v}" if low_v == high_v else
                  f"lowest {measure.what} {low_v} with {labels[best]}, highest {high_v} with {labels[hi]}")
        text = f"{title}: no setting stands out at {fmt.count(games)} games per setting ({spread}; {family})"
        if out["settings_differ"]:
            text += (f"; the settings' losses are not all equal (Wald p = {fmt.p_value(out['p_settings_differ'])}, "
                     f"Holm-adjusted {fmt.p_value(out['p_settings_differ_adjusted'])}), but no pair is told apart "
                     f"at {fmt.count(games)} games")
            needed = out["games_to_tell_apart"]
            text += (f"; if the differences are as large as estimated (noise-corrected), about {fmt.count(needed)} "
                     "games per setting would tell the fairest from the least fair (80% power)." if needed else ".")
        else:
            text += "."
    if "equivalent" in out:
        margin = _margin(measure, out["margin"])
        eq = out["equivalent"]
        others = [labels[i] for i in order if labels[i] not in eq and not closed.less_fair[i]]
        text += (f" Equivalent to the fairest within ±{margin}: {_names(eq) if eq else 'none'}"
                 + (f"; not shown equivalent: {_names(others)}" if others else "")
                 + f" (simultaneous {100 * out['interval_level']:.1f}% intervals, "
                   f"{budget.percent(1 - out['margin_alpha'])} jointly{budget.share_words(out['margin_alpha'])}).")
    return text


def _margin(measure, margin):
    return f"{margin:g} pp" if measure.unit in ("pp", "%") else fmt.number(margin, 2)


def _names(names, most=100):
    names = list(names)
    shown = ", ".join(names[:most])
    if len(names) > most:
        return shown + f" and {len(names) - most} more"
    return shown if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]


# --- verdicts.json ---

NAMED = {"seats": "the seats", "styles": "the styles"}


def study_measures(study):
    """{'seats': Measure, 'styles': Measure} where the study has them."""
    measures = {key: make(study) for key, make in (("seats", seat_measure), ("styles", style_measure))}
    return {key: m for key, m in measures.items() if m is not None}


def study_verdicts(study, margin=None, alpha=ALPHA, margin_alpha=None):
    """{measure key: verdict} for the seats and the styles where the study has them: one Holm family over
    both questions' pairs and Wald tests (docs/verdicts.md), so that a report answering both says something
    false about differences between settings with at most `alpha` chance, not `alpha` per question.
    alpha, margin_alpha: the shares of the report's budget (reports.budget) of the verdicts and of the
    margin's 'equivalent'."""
    measures = study_measures(study)
    covs = {key: covariance(m) for key, m in measures.items()}
    raw = {key: family_p(m, covs[key]) for key, m in measures.items()}
    out = {}
    for key, measure in measures.items():
        others = [k for k in measures if k != key]
        shared = np.concatenate([raw[k] for k in others]) if others else []
        out[key] = judge(measure, alpha, margin=margin, cov=covs[key], shared=shared,
                         together=" and ".join(NAMED[k] for k in measures) if others else None,
                         margin_alpha=margin_alpha)
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
