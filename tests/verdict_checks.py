"""Check the verdicts' error rates and the intervals' coverage on real games (docs/verdicts.md).

    python -m tests.verdict_checks null --settings 4 --sweeps 200     # null sweeps: false "less fair"
    python -m tests.verdict_checks null --settings 12 --sweeps 100
    python -m tests.verdict_checks aa --runs 200                      # A/A runs: coverage, SE calibration
    python -m tests.verdict_checks tune --races 200                   # null tunes: false "significantly worse"
    python -m tests.verdict_checks effect --draws 2000                # the seat effect interval's coverage
    python -m tests.verdict_checks solo-effect --draws 2000           # a solo run's policy effect interval
    python -m tests.verdict_checks solo-gradient --games 4000         # a one-player skill gradient's interval
    python -m tests.verdict_checks ncx2 --df 1                        # the noncentrality interval, exactly
    python -m tests.verdict_checks report question --reports 1000     # one 5% per report (reports.budget)
    python -m tests.verdict_checks report-null --sweeps 100           # null sweeps judged whole, as reported
    python -m tests.verdict_checks skill --sweeps 200                 # null skill gradients (sweep --skill)
    python -m tests.verdict_checks skill --scenario robin-hood --games 500   # a one-player game's
    python -m tests.verdict_checks robust --studies 300               # null robust studies: false "does not hold"

null, 4 settings: `mixed` with its seat list shifted cyclically (rotating seats: the same game in
distribution), the same seeds in every setting (paired, as a sweep plays them).  null, 12 settings:
`mixed` twelve times with other seeds (unpaired).  Each sweep is judged as the report judges it
(reports.verdicts.study_verdicts: seats and styles); a sweep with any setting called less fair is a
false finding, and so is one that says the settings' losses are not all equal (the Wald sentence);
`question`: the scenario question "devcards against the baseline" called some setting stronger or weaker
(at 5%, reports.question); `report`: the report of such a sweep, which asks that question beside the seats
and the styles, said anything false, the verdicts and the question each at 2.5% of its 5% (reports.budget).
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
ncx2: the exact coverage of the noncentrality interval (the seat and the policy effects' construction) for an
exactly noncentral chi-square statistic, by integration over a fine grid of statistics.
robust: a robust study whose two sweeps play the same players (robust_nulls): any "does not hold" is false.
report: synthetic reports whose every word about differences is false if said (report_checks): how often one
report says something false with its families sharing the 5% (reports.budget), and with 5% per family.
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

from reports import budget, stats, ustat  # noqa: E402
from reports.question import policy_against_baseline, policy_against_others  # noqa: E402
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
    false = {"seats": 0, "styles": 0, "wald": 0, "any": 0, "question": 0, "report": 0}
    shares = budget.split(["settings", "question scenario"])    # a report that answers both (reports.budget)
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
        study = SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=settings == 4)
        false["question"] += _false_words(policy_against_baseline(study, "devcards"))   # devcards vs the baseline
        # the report of a sweep asking that question: the verdicts and the question share its 5%
        false["report"] += _false_verdicts(study_verdicts(SimpleNamespace(runs=runs), alpha=shares["settings"])) or \
            _false_words(policy_against_baseline(study, "devcards", alpha=shares["question scenario"]))
        print(f"sweep {s + 1 - start}/{sweeps}: " + ", ".join(f"{k} {v}" for k, v in false.items()) +
              f" ({time.time() - started:.0f} s)", flush=True)
    return {"settings": settings, "sweeps": sweeps, "first_sweep": start, "games": games,
            **{f"false_{k}": v for k, v in false.items()}, **{f"rate_{k}": v / sweeps for k, v in false.items()}}


def report_nulls(sweeps, games, start=0, settings=4):
    """Null sweeps judged whole, as their reports are: `sweep mixed` over its four cyclic seat shifts (the same
    game in distribution, paired seeds) with the scenario question "devcards against the baseline", played and
    read back by the product (cli sweep --no-report, reports.study, reports.tables.all_tables).  False if said:
    a setting less fair or the losses not all equal (seats, styles), the question's stronger / weaker, a
    difference against the baseline called significant (every outcome of its table).  The per-setting seat
    tests are not counted: `mixed`'s seats do differ (the first seat's advantage).  settings=12: twelve runs of
    `mixed` with other seeds, compared as `catan-balance compare` compares them (unpaired: a sweep plays every
    setting on the same seeds, so twelve settings of one inert key would be copies)."""
    import tempfile

    from typer.testing import CliRunner

    import cli
    from reports.study import compare_runs, open_results
    from reports.tables import all_tables, report_budget
    seats = [s.policy for s in load_scenario(find_scenario("mixed"), []).seats]
    shifts = ",".join(json.dumps(seats[j:] + seats[:j]) for j in range(4))
    false = {"verdicts": 0, "question": 0, "baseline": 0, "report": 0}
    started = time.time()
    with tempfile.TemporaryDirectory() as folder:
        asked = Path(folder) / "mixed.toml"   # (a question is a scenario file's key: no --set)
        asked.write_text('question = { measure = "policy:devcards", compare = "baseline" }\n'
                         + find_scenario("mixed").read_text(encoding="utf-8"), encoding="utf-8")
        for s in range(start, start + sweeps):
            out = Path(folder) / f"s{s}"
            if settings == 4:
                _cli(cli, CliRunner(), ["sweep", str(asked), "--vary", f"seats={shifts}", "-n", str(games),
                                        "--seed", str(1000 + s), "--no-report", "-q", "-o", str(out)])
                study = open_results(out)
            else:
                runs = [out / f"{j:02d}" for j in range(settings)]
                for j, run in enumerate(runs):
                    _cli(cli, CliRunner(), ["run", str(asked), "-n", str(games), "--seed", str(100_000 + 100 * s + j),
                                            "--no-report", "-q", "-o", str(run)])
                study = compare_runs(runs, out / "compare")
            t, shares = all_tables(study), report_budget(study)
            said = {"verdicts": _false_verdicts(study_verdicts(study, None, shares["settings"])),
                    "question": any(_false_words(a) for a in t["questions"].attrs["answers"].values()),
                    "baseline": bool(len(t["comparisons"])) and bool(t["comparisons"]["significant"].any())}
            for key, hit in said.items():
                false[key] += hit
            false["report"] += any(said.values())
            print(f"sweep {s + 1 - start}/{sweeps}: " + ", ".join(f"{k} {v}" for k, v in false.items()) +
                  f" ({time.time() - started:.0f} s)", flush=True)
    return {"settings": settings, "sweeps": sweeps, "first_sweep": start, "games": games,
            **{k: v for key, n in false.items() for k, v in counted(f"false_{key}", n, sweeps).items()}}


def _cli(cli, runner, argv):
    done = runner.invoke(cli.app, argv)
    assert done.exit_code == 0, done.output
def null_skill(sweeps, games, start=0, scenario="base"):
    """Null skill gradients (reports.skill): 4 settings, the skill runs' seats (one strong, greedy in the
    others) shifted cyclically, the same seeds in each (paired, as `sweep --skill` plays them): the same game
    in distribution, so any 'skill counts more / less' is false."""
    from reports.skill import judged
    from simcore.run.skill import seats as skill_seats
    if load_scenario(find_scenario(scenario)).players == 1:
        return _null_skill_solo(sweeps, games, start, scenario)
    seats = skill_seats(4)
    false = 0
    started = time.time()
    for s in range(start, start + sweeps):
        runs = [run_data(load_scenario(find_scenario(scenario), [f"seats={json.dumps(seats[j:] + seats[:j])}",
                                                                 f"seed={1000 + s}"]), games, f"setting {j}")
                for j in range(4)]
        false += _false_words(judged(SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=True)))
        print(f"sweep {s + 1 - start}/{sweeps}: false {false} ({time.time() - started:.0f} s)", flush=True)
    return {"scenario": scenario, "sweeps": sweeps, "first_sweep": start, "games": games, **counted("false", false, sweeps)}


def _null_skill_solo(sweeps, games, start, scenario):
    """null_skill of a one-player game (`--scenario robin-hood`): 4 settings of the same rules, each on seeds of
    its own (unpaired: the same seeds would play the same games), the strong player and the rule set's plain one
    on the same seeds within a setting, as `sweep --skill` plays them; any 'skill counts more / less' is false."""
    from policies.presets import plain_bot
    from reports.skill import judged_solo
    base = load_scenario(find_scenario(scenario))
    false = 0
    started = time.time()
    for s in range(start, start + sweeps):
        line_ups = []
        for seats in (["strong"], [plain_bot(base.rules.variants)]):
            line_ups.append([run_data(load_scenario(find_scenario(scenario), [f"seats={json.dumps(seats)}",
                                                                             f"seed={1000 + 4 * s + j}"]),
                                      games, f"setting {j}") for j in range(4)])
        strong, plain = (SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=False) for runs in line_ups)
        false += _false_words(judged_solo(strong, plain))
        print(f"sweep {s + 1 - start}/{sweeps}: false {false} ({time.time() - started:.0f} s)", flush=True)
    return {"scenario": scenario, "sweeps": sweeps, "first_sweep": start, "games": games, "paired": False,
            **counted("false", false, sweeps)}


# robust's null design: four line-ups of the base game, seats not rotating, so that the seats' fairness truly
# differs between them (a roads bot, weaker than greedy, in the first or the last seat; devcards in the first)
ROBUST_LINE_UPS = (["greedy"] * 4, ["devcards", "greedy", "greedy", "greedy"], ["roads", "greedy", "greedy", "greedy"],
                   ["greedy", "greedy", "greedy", "roads"])
# their seats' win rates (200,000 games each, seed 1: python -m tests.verdict_checks robust --truth), for the
# synthetic studies (multinomial games)
ROBUST_RATES = ([0.2831, 0.2523, 0.2396, 0.225], [0.2729, 0.2622, 0.2412, 0.2237], [0.2004, 0.297, 0.2604, 0.2422],
                [0.3051, 0.2686, 0.2573, 0.169])


def robust_nulls(studies, games, start=0, synthetic=False, alpha=budget.ALPHA):
    """Null robust studies (reports.train_robust): the same sweep played twice, by the same players on other
    seeds, so nothing changes between them and every 'does not hold' is false.  The sweep's settings differ
    truly (ROBUST_LINE_UPS: the seats' fairness of four line-ups, seats not rotating), so that its verdicts
    are sometimes reached and sometimes not, the case where 'less fair in one, not told apart in the other'
    is common.  Counted: robust's 'does not hold' (false), its 'holds' (power), and what the rule before
    (a setting less fair in one sweep and among the fairest in the other) would have said.  synthetic: the
    games drawn from the multinomial at ROBUST_RATES instead of played (fast)."""
    from reports.train_robust import compare
    rng = np.random.default_rng(20_370 + start)
    counts = {"does_not_hold": 0, "holds": 0, "undetermined": 0, "flipped_before": 0}
    started = time.time()
    for s in range(start, start + studies):
        sweeps = []
        for seed in (1000 + s, 500_000 + s):
            if synthetic:
                runs = [_synthetic_run(f"line-up {j}", p, games, rng, ("x",) * 4) for j, p in enumerate(ROBUST_RATES)]
            else:
                runs = [run_data(load_scenario(find_scenario("base"), [f"seats={json.dumps(seats)}", "rotate_seats=false",
                                                                       f"seed={seed}"]), games, f"line-up {j}")
                        for j, seats in enumerate(ROBUST_LINE_UPS)]
            sweeps.append({"measures": {"seats": study_verdicts(SimpleNamespace(runs=runs), alpha=alpha)["seats"]}})
        said = compare(*sweeps)["seats"]
        counts[said["state"].replace(" ", "_")] += 1
        counts["flipped_before"] += bool(said["flipped"]) and bool(said["less_fair_hand"] and said["less_fair_tuned"])
        if not synthetic or (s + 1 - start) % 100 == 0:
            print(f"study {s + 1 - start}/{studies}: " + ", ".join(f"{k} {v}" for k, v in counts.items()) +
                  f" ({time.time() - started:.0f} s)", flush=True)
    return {"studies": studies, "first_study": start, "games": games, "synthetic": synthetic, "alpha": alpha,
            **{k: v for key, n in counts.items() for k, v in counted(key, n, studies).items()}}


def robust_truth(games=200_000):
    """The seats' win rates of ROBUST_LINE_UPS from many games (ROBUST_RATES)."""
    out = []
    for seats in ROBUST_LINE_UPS:
        run = run_data(load_scenario(find_scenario("base"), [f"seats={json.dumps(seats)}", "rotate_seats=false",
                                                             "seed=1"]), games, "truth")
        out.append([round(float(np.mean(run.winner_seat == k)), 4) for k in range(4)])
    return {"line_ups": ROBUST_LINE_UPS, "games": games, "rates": out}


def _false_verdicts(verdicts):
    """Some setting called less fair, or the losses not all equal (null designs: both false)."""
    return any(bool(v["less_fair"]) or v["settings_differ"] for v in verdicts.values())


def _false_words(answer):
    """A question's answer says more than 'not told apart' somewhere (null designs: false)."""
    return any(r["verdict"] != "not told apart" for r in answer["settings"])


def _synthetic_run(label, probs, games, rng, specs=("x", "y", "x", "y")):
    """What reports.verdicts and reports.question read of a run: `games` multinomial games at the seats'
    win probabilities `probs` (the rest: no winner), the seats playing `specs`."""
    probs = np.append(probs, max(1 - sum(probs), 0.0))
    winner = rng.choice(len(probs), size=games, p=probs / probs.sum())
    winner = np.where(winner < len(probs) - 1, winner, -1)
    specs = list(specs)
    return SimpleNamespace(label=label, players=len(specs), winner_seat=winner, winner_spec=winner,
                           seeds=np.arange(games), spec_labels=specs, labels=list(dict.fromkeys(specs)),
                           games=games, summary={"specs": [{"policy": p, "label": p} for p in specs]})


EQUAL = [0.24, 0.24, 0.24, 0.24]        # equal seats, 4% of games without a winner


def report_checks(design, reports, games, settings=4, margin=2.0):
    """How often one report says something false, its families sharing the 5% (reports.budget), and how often
    it did with a 5% per family (before).  Synthetic games (multinomial draws):

    question  `settings` settings of equal seats, x and y alternating (seats, styles and x against the
              other styles all equal): any less fair, Wald 'not all equal', trap or must is false;
    margin    settings of equal seats but the last, whose seat effect is margin + 0.2 pp: any less fair
              among the equal ones, and 'the last is equivalent to the fairest within +-margin', are false;
    single    one run of equal seats, x and y alternating: 'the seats differ', 'the styles differ' false.
    """
    rng = np.random.default_rng({"question": 411, "margin": 412, "single": 413}[design])
    now, before, started = 0, 0, time.time()
    for r in range(reports):
        if design == "single":
            run = _synthetic_run("run", EQUAL, games, rng)
            seats = stats.effect(np.bincount(run.winner_seat[run.winner_seat >= 0], minlength=4), np.ones(4), games)
            won = run.winner_seat[run.winner_seat >= 0] % 2            # x in seats 0 and 2, y in 1 and 3
            styles = stats.effect(np.bincount(won, minlength=2), np.array([2.0, 2.0]), games)
            shares = budget.split(["seats", "styles"])
            now += seats["p"] < shares["seats"] or styles["p"] < shares["styles"]
            before += seats["p"] < 0.05 or styles["p"] < 0.05
        elif design == "question":
            study = SimpleNamespace(runs=[_synthetic_run(f"s{j}", EQUAL, games, rng) for j in range(settings)])
            shares = budget.split(["settings", "question x"])
            now += _false_verdicts(study_verdicts(study, alpha=shares["settings"])) or \
                _false_words(policy_against_others(study, "x", alpha=shares["question x"]))
            before += _false_verdicts(study_verdicts(study)) or _false_words(policy_against_others(study, "x"))
        else:
            step = (margin + 0.2) / 100                              # seat effect of the last setting
            last = [0.24 + step, 0.24 - step, 0.24 + step, 0.24 - step]
            study = SimpleNamespace(runs=[_synthetic_run(f"s{j}", last if j == settings - 1 else EQUAL, games, rng,
                                                         ("x",) * 4) for j in range(settings)])
            shares = budget.split(["settings", "margin"])
            for alpha, margin_alpha, now_counted in ((shares["settings"], shares["margin"], True), (0.05, 0.05, False)):
                seats = study_verdicts(study, margin, alpha, margin_alpha)["seats"]
                false = any(s["less_fair"] for s in seats["settings"][:-1]) or \
                    bool(seats["settings"][-1].get("equivalent", False))
                now, before = (now + false, before) if now_counted else (now, before + false)
        if r % 50 == 49:
            print(f"report {r + 1}/{reports}: false now {now}, with 5% per family {before} "
                  f"({time.time() - started:.0f} s)", flush=True)
    return {"design": design, "reports": reports, "games": games, "settings": 1 if design == "single" else settings,
            **({"margin_pp": margin} if design == "margin" else {}),
            **counted("false_one_budget", int(now), reports), **counted("false_5_per_family", int(before), reports)}


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
              ([0.50, 0.44, 0.47], 700), ([0.05, 0.08], 1000), ([0.10, 0.14], [1500, 500]),
              ([0.20, 0.20, 0.26], 700)]     # (win rate per policy, games each or per policy)


def solo_gradient_coverage(draws, games, strong=0.727, plain=0.63, coupled=True):
    """How often a one-player game's per-setting gradient interval (reports.skill.judged_solo's 95% t
    interval of won by the strong player minus won by the plain one, game by game) covers the true
    difference: `draws` synthetic settings of `games` games at these win rates, the two players' games
    coupled by one uniform draw per seed (a game easy for one is easy for the other) or independent."""
    from statsmodels.stats.weightstats import DescrStatsW
    rng = np.random.default_rng(20_371)
    hits = 0
    for _ in range(draws):
        x = rng.random(games)
        y = x if coupled else rng.random(games)
        lo, hi = DescrStatsW((x < strong).astype(float) - (y < plain)).tconfint_mean(alpha=0.05)
        hits += int(lo <= strong - plain <= hi)
    return {"draws": draws, "games": games, "strong": strong, "plain": plain, "coupled": coupled,
            **counted("covered", hits, draws)}


def solo_effect_coverage(draws, levels=(0.95, 1 - 0.05 / 4), cases=None):
    rng = np.random.default_rng(4141)
    out, started = [], time.time()
    for rates, games in SOLO_CASES if cases is None else cases:
        rates, played = np.array(rates), np.broadcast_to(np.asarray(games), (len(rates),))
        share = played / played.sum()
        true = float(np.sqrt((share * (rates - share @ rates) ** 2).sum()))
        wins = rng.binomial(played, rates, size=(draws, len(rates)))
        for level in levels:
            hits = sum(e["lo"] <= true <= e["hi"] for e in (stats.binomial_effect(w, played, level) for w in wins))
            out.append({"rates": rates.tolist(), "games_each": played.tolist(), "true_effect_pp": round(100 * true, 3),
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


def ncx2_coverage(df, top=26.0, step=0.5):
    """The exact coverage of stats.noncentrality_interval for a statistic that is exactly noncentral chi-square
    with `df` degrees of freedom, at noncentralities 0, step, ... below top: the interval computed at 2,400
    statistics, each carrying the noncentral chi-square's mass of its cell (no draws, no noise)."""
    from scipy import stats as st
    far = top + 6 * np.sqrt(2 * df + 4 * top) + 10
    xs = np.concatenate([np.linspace(1e-4, 3, 600), np.linspace(3.01, far, 1800)])
    bounds = np.array([stats.noncentrality_interval(x, df) for x in xs])
    bounds[xs <= st.chi2.ppf(0.95, df), 0] = 0.0       # as stats._noncentrality_bounds: the test keeps lam = 0
    edges = np.concatenate([[0.0], (xs[1:] + xs[:-1]) / 2, [np.inf]])
    rows = []
    for lam in np.arange(0.0, top, step):
        mass = np.diff(st.ncx2.cdf(edges, df, lam) if lam > 0 else st.chi2.cdf(edges, df))
        inside = (bounds[:, 0] <= lam) & (lam <= bounds[:, 1])
        rows.append({"lam": float(lam), "covered": round(float(mass[inside].sum()), 4),
                     "hi_below": round(float(mass[bounds[:, 1] < lam].sum()), 4),
                     "lo_above": round(float(mass[bounds[:, 0] > lam].sum()), 4)})
    return {"df": df, "lowest": min(r["covered"] for r in rows), "highest": max(r["covered"] for r in rows),
            "lams": rows}


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
    exact = sub.add_parser("ncx2")
    exact.add_argument("--df", type=int, default=1)
    skill = sub.add_parser("skill")
    skill.add_argument("--sweeps", type=int, default=200)
    skill.add_argument("--games", type=int, default=1000)
    skill.add_argument("--start", type=int, default=0, help="the first sweep's number (its seeds): batches add up")
    skill.add_argument("--scenario", default="base")
    robust = sub.add_parser("robust")
    robust.add_argument("--studies", type=int, default=300)
    robust.add_argument("--games", type=int, default=2000)
    robust.add_argument("--start", type=int, default=0, help="the first study's number (its seeds): batches add up")
    robust.add_argument("--synthetic", action="store_true", help="multinomial games at ROBUST_RATES (fast)")
    robust.add_argument("--truth", action="store_true", help="instead: ROBUST_RATES from 200,000 games a line-up")
    report = sub.add_parser("report")
    report.add_argument("design", choices=("question", "margin", "single"))
    report.add_argument("--reports", type=int, default=1000)
    report.add_argument("--games", type=int, default=2000)
    whole = sub.add_parser("report-null")
    whole.add_argument("--settings", type=int, choices=(4, 12), default=4)
    whole.add_argument("--sweeps", type=int, default=100)
    whole.add_argument("--games", type=int, default=1000)
    whole.add_argument("--start", type=int, default=0, help="the first sweep's number (its seeds): batches add up")
    gradient = sub.add_parser("solo-gradient")
    gradient.add_argument("--draws", type=int, default=4000)
    gradient.add_argument("--games", type=int, default=4000)
    gradient.add_argument("--independent", action="store_true", help="the two players' games not coupled")
    solo = sub.add_parser("solo-effect")
    solo.add_argument("--draws", type=int, default=2000)
    solo.add_argument("--rates", type=lambda text: [float(x) for x in text.split(",")],
                      help="one case: the policies' true win rates, e.g. 0.10,0.14 [default: every case of SOLO_CASES]")
    solo.add_argument("--games", type=lambda text: [int(x) for x in text.split(",")], default=[1000],
                      help="games per policy with --rates: one number for all, or one per policy")
    solo.add_argument("--levels", type=lambda text: [float(x) for x in text.split(",")], default=[0.95, 1 - 0.05 / 4],
                      help="the intervals' levels [default: 0.95 and a 4-setting sweep's 0.9875]")
    args = parser.parse_args()
    if args.what == "ncx2":
        out = ncx2_coverage(args.df)
    elif args.what == "report":
        out = report_checks(args.design, args.reports, args.games)
    elif args.what == "solo-gradient":
        out = solo_gradient_coverage(args.draws, args.games, coupled=not args.independent)
    elif args.what == "solo-effect":
        games = args.games[0] if len(args.games) == 1 else args.games
        out = solo_effect_coverage(args.draws, args.levels, None if args.rates is None else [(args.rates, games)])
    elif args.what == "effect":
        out = effect_coverage(args.draws, args.games, rates=args.rates)
    elif args.what == "report-null":
        out = report_nulls(args.sweeps, args.games, args.start, args.settings)
    elif args.what == "robust":
        out = robust_truth() if args.truth else robust_nulls(args.studies, args.games, args.start, args.synthetic)
    elif args.what == "skill":
        out = null_skill(args.sweeps, args.games, args.start, args.scenario)
    elif args.what == "null":
        out = null_sweeps(args.settings, args.sweeps, args.games, args.start)
    elif args.what == "tune":
        out = null_tunes(args.races, args.budget, args.start)
    else:
        out = aa(args.runs, args.games)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
