"""Check the verdicts' error rates and the intervals' coverage on real games (docs/verdicts.md).

    python -m tests.verdict_checks null --settings 4 --sweeps 200     # null sweeps: false "less fair"
    python -m tests.verdict_checks null --settings 12 --sweeps 100
    python -m tests.verdict_checks aa --runs 200                      # A/A runs: coverage, SE calibration
    python -m tests.verdict_checks tune --races 200                   # null tunes: false "significantly worse"
    python -m tests.verdict_checks effect --draws 2000                # the seat effect interval's coverage
    python -m tests.verdict_checks solo-effect --draws 2000           # a solo run's policy effect interval

null, 4 settings: `mixed` with its seat list shifted cyclically (rotating seats: the same game in
distribution), the same seeds in every setting (paired, as a sweep plays them).  null, 12 settings:
`mixed` twelve times with other seeds (unpaired).  Each sweep is judged as the report judges it
(reports.verdicts.study_verdicts: seats and styles); a sweep with any setting called less fair is a
false finding, and so is one that says the settings' losses are not all equal (the Wald sentence);
`question`: the scenario question "devcards against the baseline" called some setting stronger or weaker
(its own family, reports.question).
aa: independent runs of `base` (four greedy bots); the truth is the pooled games of all runs.
tune: `tune mixed` over the four cyclic shifts of its seat list with the objective policy-parity:devcards
(every candidate the same game in distribution), one race per seed; a race that drops a candidate or calls
one worse in its conclusion makes a false claim.  effect: the seat win rates of
`base` from 200,000 pooled games are the truth; runs of 2,000 games are drawn from the multinomial at those
rates (A/A draws, cheaper than playing them) and the effect interval's coverage of the true effect counted
(--rates: other true seat win rates).
solo-effect: a solo run's policies play separate games (Robin Hood's two Sheriffs take turns); their wins are
drawn from binomials at known rates (equal ones: A/A; and the Sheriffs' spread, 46-55%) and the coverage of
stats.binomial_effect's interval counted, at 95% and at a 4-setting sweep's 98.75%.
Games are played in memory by the kernels (the games a `run` plays), nothing is written.
"""
import argparse
import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports import stats, ustat  # noqa: E402
from reports.question import policy_against_baseline  # noqa: E402
from reports.verdicts import one_hot, study_verdicts  # noqa: E402
from simcore.run.config import find_scenario, load_scenario  # noqa: E402
from simcore.studies.tune import play_games  # noqa: E402


def run_data(scenario, games, label):
    """What reports.verdicts reads of a run, from games played in memory."""
    df = play_games(scenario, 0, games)
    players = scenario.players
    winner = df["winner_seat"].to_numpy(np.int64)
    spec = np.stack([df[f"seat{k}_spec"].to_numpy(np.int64) for k in range(players)], axis=1)
    winner_spec = np.where(winner >= 0, spec[np.arange(len(df)), np.maximum(winner, 0)], -1)
    specs = [s.policy for s in scenario.seats]
    return SimpleNamespace(label=label, players=players, winner_seat=winner, winner_spec=winner_spec,
                           seeds=df["seed"].to_numpy(), spec_labels=specs, labels=list(dict.fromkeys(specs)),
                           games=len(df), summary={"specs": [{"policy": p, "label": p} for p in specs]})


def null_sweeps(settings, sweeps, games, start=0, margin=None):
    base = load_scenario(find_scenario("mixed"), [])
    seats = [s.policy for s in base.seats]
    false = {"seats": 0, "styles": 0, "wald": 0, "any": 0, "question": 0}
    started = time.time()
    for s in range(start, start + sweeps):
        runs = []
        for j in range(settings):
            if settings == 4:            # cyclic shifts, same seeds: paired
                shifted = seats[j:] + seats[:j]
                sets = [f"seats={json.dumps(shifted)}", f"seed={1000 + s}"]
            else:                         # the same line-up, other seeds: unpaired
                sets = [f"seed={100_000 + 100 * s + j}"]
            runs.append(run_data(load_scenario(find_scenario("mixed"), sets), games, f"setting {j}"))
        verdicts = study_verdicts(SimpleNamespace(runs=runs), margin)
        found = {key: bool(v["less_fair"]) for key, v in verdicts.items()}
        wald = any(v["settings_differ"] for v in verdicts.values())   # "not all equal": false here too
        for key, hit in found.items():
            false[key] += hit
        false["wald"] += wald
        false["any"] += any(found.values()) or wald
        asked = policy_against_baseline(SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=settings == 4),
                                        "devcards")   # a scenario's question: devcards against the baseline setting
        false["question"] += any(r["verdict"] != "not told apart" for r in asked["settings"])
        print(f"sweep {s + 1 - start}/{sweeps}: " + ", ".join(f"{k} {v}" for k, v in false.items()) +
              f" ({time.time() - started:.0f} s)", flush=True)
    return {"settings": settings, "sweeps": sweeps, "first_sweep": start, "games": games,
            **{f"false_{k}": v for k, v in false.items()}, **{f"rate_{k}": v / sweeps for k, v in false.items()}}


def aa(runs_count, games):
    runs = [run_data(load_scenario(find_scenario("base"), [f"seed={5000 + r}"]), games, f"run {r}")
            for r in range(runs_count)]
    winners = np.concatenate([r.winner_seat for r in runs])
    n_all = len(winners)
    true_rate = np.array([(winners == k).mean() for k in range(4)])
    true_effect = float(np.sqrt(max(stats.parity_loss(np.bincount(winners[winners >= 0], minlength=4), np.ones(4),
                                                      n_all), 0.0)))
    wilson_hits, effect_hits, joint_hits, diff_hits, losses, ses = [], [], [], [], [], []
    kernel = ustat.parity_kernel(np.ones(4))
    for r in runs:
        counts = np.bincount(r.winner_seat[r.winner_seat >= 0], minlength=4)
        for k in range(4):
            lo, hi = stats.wilson(counts[k], r.games)
            wilson_hits.append(lo <= true_rate[k] <= hi)
        e = stats.effect(counts, np.ones(4), r.games)
        effect_hits.append(e["lo"] <= true_effect <= e["hi"])
        z = ustat.augmented(one_hot(r.winner_seat, 4))
        losses.append(ustat.value(z, kernel))
        ses.append(float(np.sqrt(ustat.covariance([z], [kernel], True)[0, 0])))
    for g in range(0, runs_count - 3, 4):          # four runs as the settings of a sweep: joint coverage
        group = runs[g:g + 4]
        joint = True
        for r in group:
            e = stats.effect(np.bincount(r.winner_seat[r.winner_seat >= 0], minlength=4), np.ones(4), r.games,
                             1 - 0.05 / 4)
            joint &= e["lo"] <= true_effect <= e["hi"]
        joint_hits.append(joint)
    for a, b in zip(runs[0::2], runs[1::2]):       # A/A pairs: the difference of a seat's rate is 0
        for k in range(4):
            lo, hi = stats.diff_ci_unpaired(int((a.winner_seat == k).sum()), a.games,
                                             int((b.winner_seat == k).sum()), b.games)
            diff_hits.append(lo <= 0 <= hi)
    pairs = [study_verdicts(SimpleNamespace(runs=[a, b]))["seats"] for a, b in zip(runs[0::2], runs[1::2])]
    return {"runs": runs_count, "games": games, "true_effect_pp": 100 * true_effect,
            "wilson_coverage": float(np.mean(wilson_hits)), "wilson_intervals": len(wilson_hits),
            "effect_coverage": float(np.mean(effect_hits)), "effect_intervals": len(effect_hits),
            "joint_coverage_4": float(np.mean(joint_hits)), "joint_groups": len(joint_hits),
            "difference_coverage": float(np.mean(diff_hits)), "difference_intervals": len(diff_hits),
            "se_ratio": float(np.std(losses, ddof=1) / np.mean(ses)),
            "aa_pairs": len(pairs), "aa_pairs_less_fair": sum(bool(v["less_fair"]) for v in pairs),
            "aa_pairs_games_to_tell_apart": sum(v["games_to_tell_apart"] is not None for v in pairs)}


def effect_coverage(draws, games, pooled=200_000, rates=None):
    """rates: the seats' true win rates (the rest: no winner), instead of those of `pooled` base games."""
    if rates is None:
        df = play_games(load_scenario(find_scenario("base"), ["seed=777"]), 0, pooled)
        winners = df["winner_seat"].to_numpy(np.int64)
        rates = [(winners == k).mean() for k in range(4)]
    rates = np.array(rates)
    probs = np.append(rates, max(1 - rates.sum(), 0.0))
    true = float(np.sqrt(((rates - rates.mean()) ** 2).mean()))
    rng = np.random.default_rng(41)
    hits, started = [], time.time()
    for d, counts in enumerate(rng.multinomial(games, probs, size=draws)):
        e = stats.effect(counts[:4], np.ones(4), games)
        hits.append(e["lo"] <= true <= e["hi"])
        if d % 100 == 99:
            print(f"draw {d + 1}/{draws}: covered {np.mean(hits):.4f} ({time.time() - started:.0f} s)", flush=True)
    return {"draws": draws, "games": games, "pooled_games": pooled, "rates": rates.round(5).tolist(),
            "true_effect_pp": 100 * true, **counted("covered", int(sum(hits)), draws)}


SOLO_CASES = [([0.46, 0.46], 1000), ([0.46, 0.50], 1000), ([0.40, 0.55], 1000), ([0.10, 0.14], 1000),
              ([0.50, 0.44, 0.47], 700)]     # (win rate per policy, games each)


def solo_effect_coverage(draws, levels=(0.95, 1 - 0.05 / 4)):
    rng = np.random.default_rng(4141)
    out, started = [], time.time()
    for rates, games in SOLO_CASES:
        rates, played = np.array(rates), np.full(len(rates), games)
        true = float(np.sqrt(((rates - rates.mean()) ** 2).mean()))       # equal games: equal shares
        wins = rng.binomial(played, rates, size=(draws, len(rates)))
        for level in levels:
            hits = sum(e["lo"] <= true <= e["hi"] for e in (stats.binomial_effect(w, played, level) for w in wins))
            out.append({"rates": rates.tolist(), "games_each": games, "true_effect_pp": round(100 * true, 3),
                        "level": level, **counted("covered", int(hits), draws)})
            print(f"{rates.tolist()} x {games} at {level:.4f}: {hits} of {draws} ({time.time() - started:.0f} s)",
                  flush=True)
    return {"draws": draws, "cases": out}


SEAT_SHIFTS = "seats=" + ",".join(json.dumps(["greedy", "roads", "devcards", "random"][j:] +
                                             ["greedy", "roads", "devcards", "random"][:j]) for j in range(4))


def null_tunes(races, budget, start=0, objective="policy-parity:devcards"):
    from reports import objectives, tune_report
    from simcore.studies import tune
    recommended, stood_out, claims, started = 0, 0, 0, time.time()
    for s in range(start, start + races):
        plan = tune.candidates(str(find_scenario("mixed")), [f"seed={2000 + s}"], [SEAT_SHIFTS])
        goal = objectives.parse(objective, plan.scenario, [(x.label, x.scenario) for x in plan.settings])
        result = tune_report.conclude(goal, tune.race(plan, goal, budget, judge=tune_report.judge_for(goal)), "mixed")
        table = result["table"]
        recommended += tune_report.recommended(result)
        stood_out += tune_report.stands_out(result)      # 'every other candidate is significantly worse/further'
        claims += bool(table["dropped_in_round"].notna().any() or not table["not_worse"].all())
        print(f"race {s + 1 - start}/{races}: recommended {recommended}, one stands out {stood_out}, any false "
              f"claim {claims} ({time.time() - started:.0f} s)", flush=True)
    return {"races": races, "first_race": start, "budget": budget, "objective": objective,
            "stated_error_rate": tune.ALPHA + tune_report.AIM_ALPHA,
            **counted("recommended", recommended, races), **counted("stands_out", stood_out, races),
            **counted("false_claims", claims, races)}


def counted(name, hits, n):
    """{name: hits, rate_name: hits / n, ci95_name: Wilson 95% interval}: a measured error rate with its interval."""
    return {name: hits, f"rate_{name}": hits / n, f"ci95_{name}": [round(x, 4) for x in stats.wilson(hits, n)]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    null = sub.add_parser("null")
    null.add_argument("--settings", type=int, choices=(4, 12), default=4)
    null.add_argument("--sweeps", type=int, default=200)
    null.add_argument("--games", type=int, default=2000)
    null.add_argument("--start", type=int, default=0, help="the first sweep's number (its seeds): batches add up")
    check = sub.add_parser("aa")
    check.add_argument("--runs", type=int, default=200)
    check.add_argument("--games", type=int, default=2000)
    races = sub.add_parser("tune")
    races.add_argument("--races", type=int, default=200)
    races.add_argument("--budget", type=int, default=8000)
    races.add_argument("--start", type=int, default=0, help="the first race's number (its seed): batches add up")
    check_effect = sub.add_parser("effect")
    check_effect.add_argument("--draws", type=int, default=2000)
    check_effect.add_argument("--games", type=int, default=2000)
    check_effect.add_argument("--rates", type=lambda text: [float(x) for x in text.split(",")],
                              help="the seats' true win rates, e.g. 0.30,0.24,0.22,0.20 [default: 200,000 base games']")
    sub.add_parser("solo-effect").add_argument("--draws", type=int, default=2000)
    args = parser.parse_args()
    if args.what == "solo-effect":
        out = solo_effect_coverage(args.draws)
    elif args.what == "effect":
        out = effect_coverage(args.draws, args.games, rates=args.rates)
    elif args.what == "null":
        out = null_sweeps(args.settings, args.sweeps, args.games, args.start)
    elif args.what == "tune":
        out = null_tunes(args.races, args.budget, args.start)
    else:
        out = aa(args.runs, args.games)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
