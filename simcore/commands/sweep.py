"""`catan-balance sweep`: a sweep's plan (simcore.run.sweep; --skill: simcore.run.skill) played under the
writer's lock of its folder and reported; Ctrl-C: the line that resumes it."""
from simcore.commands import options as opt, reporting
from simcore.commands.run import resumable
from simcore.run import adaptive, lock, skill as skills, sweep as sweeps
from simcore.run.grid import check_correction
from simcore.run.out_folder import check_out, default_out, game_flags


def play(scenario, vary, games, seed, jobs, out, sets, baseline, correction, margin, resume, force, quiet, no_report,
         backend, scheduler, chunk_games, until_ci, max_games, players, skill):
    """Play every combination of `vary` (KEY=V1,V2,... texts, else the scenario's [sweep] table) into `out`
    [default: results/<scenario name>-sweep, with the flags given], each against `baseline`, and report it."""
    from reports.summary import Tally
    sets = opt.with_players(sets, players)
    flags = game_flags([*vary, *sets], games=games, seed=seed, until_ci=until_ci, max_games=max_games)
    chunk_games = opt.chunk_cap(chunk_games)
    until_ci, games = adaptive.from_flags(until_ci, max_games, games, chunk_games)
    where = opt.where(backend, scheduler)
    correction, margin = check_correction(correction), opt.checked_margin(margin)
    file, over = opt.read_scenario(scenario, sets, games=games, seed=seed)
    plan = sweeps.plan(file, over, vary, baseline, correction, margin)
    skilled = skills.plans(file, plan, over, vary, baseline) if skill else []
    out = check_out(out or default_out(f"{plan.scenario.name}-sweep", flags))
    with lock.writing(out):
        resumable(sweeps.run, plan, out, Tally, jobs=jobs, resume=resume, force=force, progress=not quiet,
                  chunk_games=chunk_games, until=until_ci, **where)
        for folder, skill_plan in skilled:
            resumable(sweeps.run, skill_plan, out / folder, Tally, jobs=jobs, resume=resume, force=force,
                      progress=not quiet, chunk_games=chunk_games, until=until_ci, **where)
        if not skilled and not resume:
            skills.drop_stale(out)
        reporting.write(out, no_report)
