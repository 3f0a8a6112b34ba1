"""Sweeps: one scenario played under every combination of varied values, on the same games.

Every setting uses the sweep's seed, so game g of every setting has the same
seed (common random numbers): differences between settings are the rules', not
the dice's, and the reports compare settings game by game.

Output directory:
    meta.json     the sweep: scenario, grid, baseline, seed, games, version, dates;
                  written first, `complete` becomes true when every setting is done
    NN-<label>/   one normal run directory per setting (run.json, games.csv,
                  summary.json, meta.json), played and resumed by simcore.run.runner
    report.html, report.md, charts/, tables/   written by reports.report
"""
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from simcore.run import adaptive, backends, damage, grid, lock, meta, runner
from simcore.engine import variant
from simcore.run.config import Override, ScenarioFile, find_scenario, overrides, pack_policies, pack_rules
from simcore.engine.errors import InputError, ScenarioError
from simcore.run.outputs import games_parquet, read_json, remove_results

_SAME_SWEEP_KEYS = ("seed", "games", "settings", "until_ci")
_WHAT = {"sweep": "grid, scenario, seed, games or --until-ci", "ladder": "players, scenario, seed or games"}


@dataclass(frozen=True)
class Setting:
    index: int
    values: dict       # varied key -> value
    label: str         # 'victory_points=8, no_adjacent_red=false'
    dir: str           # '00-victory_points=8_no_adjacent_red=false'
    scenario: object   # the validated Scenario of this setting


@dataclass(frozen=True)
class Sweep:
    scenario: object   # the scenario as written (with --set, --games, --seed)
    overrides: tuple   # those --set texts
    vary: dict         # key -> values, in grid order
    settings: tuple
    baseline: int      # index into settings
    correction: str    # "holm" or "bh"
    margin: float = None   # equivalence margin in percentage points for the report's verdicts, or None
    question: dict = None  # the scenario file's question (simcore.run.question), for meta.json


def scenario_file(source):
    """The ScenarioFile of a scenario name, path or ScenarioFile (read once)."""
    return source if isinstance(source, ScenarioFile) else ScenarioFile(find_scenario(source))


def plan(source, sets=(), vary_args=(), baseline_args=(), correction=None, margin=None):
    """Load and validate every setting of a sweep before anything is written.

    source: a scenario name, path or ScenarioFile (its file is read once); sets: overrides
    (config.Override, or --set texts; games=/seed= included); vary_args: --vary texts, added
    to (or replacing keys of) the scenario's [sweep] table; without either, the
    sweep defaults of a variant the scenario turns on.
    """
    file = scenario_file(source)
    path, sets = file.path, overrides(sets)
    from_file = file.sweep
    base = file.load(sets)
    vary, origins = {}, {}
    file_vary, file_baseline, file_correction, file_margin = from_file or ({}, {}, None, None)
    for key, values in file_vary.items():
        vary[key], origins[key] = values, f"{path}: sweep.vary"
    for text in vary_args:
        key, values = grid.parse_vary(text)
        grid.check_vary({key: values}, "--vary")
        if origins.get(key) == "--vary":   # the second would silently win (issue 39)
            raise InputError(f"--vary {key}: given twice; allowed: one --vary per key, all its values in it "
                             f"(--vary {key}=V1,V2,...)")
        vary[key], origins[key] = values, "--vary"
    if not vary:
        vary = _variant_defaults(base, origins)
    _check_values(file, sets, vary, origins)
    _note_switched_on(base, vary, origins)
    combos = grid.settings(vary)
    short = grid.short_names(list(vary))
    settings = []
    for i, values in enumerate(combos):
        text = grid.label(values, short)
        settings.append(Setting(i, values, text, grid.slug(i, text), _load(file, sets, values, text)))
    if baseline_args:
        baseline = grid.pick_baseline(combos, grid.parse_baseline(baseline_args))
    else:
        baseline = grid.pick_baseline(combos, file_baseline, f"{path}: sweep.baseline")
    return Sweep(base, tuple(o.text for o in sets), vary, tuple(settings), baseline,
                 correction or file_correction or "holm",
                 grid.check_margin(margin) if margin is not None else file_margin, file.asks)


def _note_switched_on(base, vary, origins):
    """A varied key of a variant the scenario does not play switches it on in every setting: say so."""
    for key in vary:
        parts = key.split(".")
        if parts[0] == "variants" and len(parts) > 2 and parts[1] not in base.rules.variants:
            title = variant.REGISTRY[parts[1]].title if parts[1] in variant.REGISTRY else parts[1]
            print(f"note: {origins[key]} {key}: {base.name} does not play {title}; every setting of this sweep "
                  "switches it on, its other parameters at their defaults", file=sys.stderr)


def _variant_defaults(base, origins):
    found = variant.sweep_defaults(list(base.rules.variants))
    if not found:
        raise InputError("nothing to vary: give --vary KEY=V1,V2,... (e.g. --vary victory_points=8,10,12) "
                         "or a [sweep] table in the scenario")
    owner, vary = found
    for key in vary:
        origins[key] = f"sweep defaults of variant {owner} (its declaration, simcore.engine.variant.Variant.sweep)"
    return vary


def _overrides(values):
    return [Override.of(k, v) for k, v in values.items()]


def _check_values(file, sets, vary, origins):
    """Each value alone, so that an error names the key, the value and where it came from."""
    for key, values in vary.items():
        for value in values:
            try:
                file.load([*sets, *_overrides({key: value})])
            except ScenarioError as e:
                if e.file == "--set":  # the value itself is wrong
                    raise ScenarioError(e.key, e.what, e.allowed, file=origins[key]) from None
                raise InputError(f"{origins[key]} {key}={grid.show(value)}: {e}") from None  # it clashes with the file


def _load(file, sets, values, text):
    try:
        scenario = file.load([*sets, *_overrides(values)])
        pack_rules(scenario), pack_policies(scenario)
        return scenario
    except ScenarioError as e:
        raise InputError(f"sweep setting {text}: {e}") from None


def _parquet(job):
    """After runner.Job.finish: games.parquet, when the chunks did not make it."""
    games_parquet(job.out / runner.GAMES)


def run_one(scenario, out, overrides=(), asks=meta.FROM_FILE, **kw):
    """runner.run, then games.parquet when the chunks did not make it (overrides, asks: meta.json's)."""
    return runner.run(scenario, out, on_finish=lambda job, summary, bar: _parquet(job), overrides=overrides,
                      asks=asks, **kw)


# --- running ---

def _plan_out(out, planned, resume, force, kind="sweep", keys=_SAME_SWEEP_KEYS):
    """'fresh' or 'resume' for the output directory of a sweep (or another `kind` of directory of run
    directories: a ladder's); only reads, raises InputError."""
    runner.check_resume_force(resume, force)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file, not a directory; use --out for another directory")
    if (out / runner.GAMES).exists() or (out / runner.PART).exists():
        raise InputError(f"{out}: holds the results of a run, not of a {kind}; use --out for another directory")
    problem = damage.json_problem(out / meta.META)
    if problem not in (None, "missing") and not force:   # each setting's run.json still says what it holds
        if not resume:
            raise damage.damaged(out / meta.META, problem)
        return "resume", {}
    old = read_json(out / meta.META)
    if not force and old is not None and old.get("kind") in _WHAT and old.get("kind") != kind:
        raise InputError(f"{out}: holds a {old['kind']}; use --out for another directory, or --force to overwrite it")
    if force or old is None or old.get("kind") != kind:
        return "fresh", old
    if not resume and old.get("complete"):   # as for a run: the report command, not a replay of every game
        raise InputError(f"{out}: already holds a finished {kind} (`catan-balance report {out}` writes its report); "
                         "use --force to play it again, or --out for another directory")
    if not resume:
        raise InputError(f"{out}: already holds an unfinished {kind} that no process is writing any more (stopped "
                         "or killed); use --resume to continue it, --force to start over, or --out for another "
                         "directory")
    if any(old.get(k) != planned.get(k) for k in keys):
        raise InputError(f"{out}: the {kind} there has other settings ({_WHAT[kind]}); "
                         "use --force to start over, or --out for another directory")
    return "resume", old


def _stale_dirs(out, old, sweep):
    """With --force: setting directories of the old sweep that the new grid does not have."""
    keep = {x.dir for x in sweep.settings}
    names = [entry.get("dir", "") for entry in (old or {}).get("settings", [])]
    return [out / name for name in names if name and name not in keep and "/" not in name and (out / name).is_dir()]


def run(sweep, out_dir, tally, jobs=1, resume=False, force=False, progress=True, chunk_games=runner.CHUNK_GAMES,
        backend=backends.LOCAL, scheduler=None, until=None):
    """Play every setting into out_dir/NN-<label>/ through one pool of workers; return the summaries
    (tally, until: as for runner.run; with until each setting stops on its own).  Holds the writer's
    lock of out_dir and of every setting's directory throughout (simcore.run.lock)."""
    out = Path(out_dir)
    until = None if until is None else adaptive.check(until, sweep.scenario.games, chunk_games)
    first = meta.sweep(sweep, until=until)
    with lock.writing(out):
        state, old = _plan_out(out, first, resume, force)
        runner.note_nothing_to_resume(out, resume, state == "fresh")
        stale = _stale_dirs(out, old, sweep) if state == "fresh" else []
        with lock.writing_all([*(out / x.dir for x in sweep.settings), *stale]):
            setting_jobs = [runner.Job(x.scenario, out / x.dir, tally, state == "resume", force, x.label, until, x,
                                       sweep.overrides, sweep.question) for x in sweep.settings]
            for folder in stale:
                shutil.rmtree(folder)
            return _play(sweep, out, state, old, first, setting_jobs, until, jobs, progress, chunk_games, backend,
                         scheduler)


def _play(sweep, out, state, old, first, setting_jobs, until, jobs, progress, chunk_games, backend, scheduler):
    if state == "fresh":
        remove_results(out)  # the old sweep's report goes before anything is played
    else:
        first["started"] = old.get("started") or first["started"]
    meta.write(out, first)
    count = len(sweep.settings)
    games = f"{sweep.scenario.games:,} games" if until is None else (
        f"until every win-rate 95% interval is within +-{100 * until.half_width:g}% "
        f"({sweep.scenario.games:,} games at most)")
    print(f"sweep: {sweep.scenario.name}, {count} settings x {games} (seed {sweep.scenario.seed}) -> {out}",
          file=sys.stderr)
    setting_of = {id(job): x for job, x in zip(setting_jobs, sweep.settings)}

    def finished(job, summary, bar):
        x = setting_of[id(job)]
        _parquet(job)
        what = "already played" if job.state == "done" else "done"
        stop = "" if until is None else f" ({adaptive.describe(job.until_result())})"
        bar.say(f"setting {x.index + 1}/{count} {what}: {x.label}{stop}")

    summaries, bar = runner.play(setting_jobs, jobs, progress, chunk_games, backend, scheduler, on_finish=finished)
    bar.finish(f" -> {out}")
    needed = {x.dir: job.total for x, job in zip(sweep.settings, setting_jobs)}
    meta.write(out, meta.sweep(sweep, complete=True, started=first["started"], until=until, needed=needed))
    return summaries
