"""`catan-balance tune`: its flags or the scenario's [tune] table, the candidates' race
(simcore.studies.tune) judged by the objective's test, the conclusion and report (reports.tune_report),
in a folder of its own."""
import sys
from pathlib import Path

from simcore.engine.errors import InputError
from simcore.run import lock, skill
from simcore.run.cap import games_cap
from simcore.run.config import Override, overrides
from simcore.run.grid import check_margin
from simcore.commands import reporting
from simcore.studies import tune as tuning

BUDGET = 20000   # games over all candidates, where neither --budget nor [tune] says


def study(file, sets, params, objective, budget, first, margin, seed, out, quiet, constraints=()):
    """Race the candidates of `file` (a ScenarioFile; sets: config.Override of --set) and write the
    report into `out` [default: results/<scenario>-tune]; the flags given win over its [tune] table.
    constraints: --constraint texts (STAT<=LIMIT; else the table's), kept with the race's share of tune's budget."""
    from reports import objectives, tune_report
    from reports.report import flag_text
    table_params, table_objective, table_budget, table_margin, table_constraints = file.tune
    params = params or table_params or []
    constraints = constraints or table_constraints or []
    objective = objective or table_objective
    budget = budget or int(BUDGET if table_budget is None else table_budget)
    margin = check_margin(margin) if margin is not None else check_margin(table_margin, "tune.margin", file.path)
    if not objective:
        raise InputError("tune: no --objective; allowed: seat-fairness, policy-parity:NAME, target:STAT=VALUE, "
                         "min:STAT, max:STAT, turns, lead_changes, comeback or skill")
    sets = overrides(sets)   # (parsed once, after the flags' checks)
    seeded = [Override.of("seed", seed)] if seed is not None else []
    plan = tuning.candidates(file, [*sets, *seeded], params)
    budget = games_cap(budget, least=2 * len(plan.settings) * 50)   # (a test's cap only: simcore.run.cap)
    goal = objectives.parse(objective, plan.scenario, [(x.label, x.scenario) for x in plan.settings])
    if goal.stat == objectives.SKILL:   # the candidates seated as `sweep --skill` seats them (simcore.run.skill)
        seated = skill.overrides(file, plan.scenario, sets, plan.vary, f"--objective {goal.text}")
        plan = tuning.candidates(file, [*seated, *seeded], params)
    if margin is not None and goal.kind in ("min", "max"):
        raise InputError(f"--margin {margin:g}: --objective {goal.text} has no aim to be near; allowed: --margin with "
                         "seat-fairness, policy-parity:NAME or target:STAT=VALUE")
    limits = [objectives.parse_constraint(text, plan.scenario) for text in constraints]
    for limit in limits:
        if limit.stat == objectives.SKILL and goal.stat != objectives.SKILL:
            raise InputError(f"--constraint '{limit.text}': skill is measured at its own tables (one strong seat "
                             f"against the plain bots), not those of --objective {goal.text}; allowed: skill as the "
                             "--objective (min:skill, max:skill, target:skill=VALUE)")
    alpha, constraint_alpha = tuning.CONSTRAINED_ALPHA if limits else (tuning.ALPHA, 0.0)
    out = out or Path("results") / f"{plan.scenario.name}-tune"
    with lock.writing(out):   # the study's folder: no other command writes it meanwhile
        reporting.check_study_out(out)

        def progress(r, label, games, spent):
            if not quiet:
                print(f"round {r + 1}: {label}: {games:,} games ({spent:,} in all)", file=sys.stderr, flush=True)
        race = tuning.race(plan, goal, budget, judge=tune_report.judge_for(goal), first=first, progress=progress,
                           alpha=alpha, constraints=limits, constraint_alpha=constraint_alpha)
        result = tune_report.conclude(goal, race, plan.scenario.name, margin=margin)
        command = (f"catan-balance tune {file.path} " + " ".join(f"--param '{p}'" for p in params) +
                   f" --objective {goal.text} --budget {budget} --first {first} --seed {plan.scenario.seed}" +
                   (f" --margin {margin:g}" if margin is not None else "") +
                   "".join(f" --constraint '{c.text}'" for c in limits) +
                   "".join(f" {flag_text(s.text)}" for s in sets) + f" --out {out}")
        paths = tune_report.write(result, out, command)
        reporting.say("\n".join(tune_report.sentences(result)))
        print(f"report -> {paths['html']}; verdicts -> {paths['verdicts']}", file=sys.stderr, flush=True)
