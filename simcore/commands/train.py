"""`catan-balance train` and `exploit`: the training (simcore.studies.train) with its progress lines, its
folder kept after Ctrl-C, and its report (reports.train_report)."""
import contextlib
import sys
from pathlib import Path

from simcore.engine.errors import InputError
from simcore.run import interrupts, lock
from simcore.run.interrupts import Interrupted
from simcore.commands import reporting


def settings(budget, seed, holdout, popsize, self_play, jobs, loaded, strong=False):
    from simcore.studies.train import Settings
    try:
        import cma  # noqa: F401
    except ImportError:
        raise InputError("train: the optimiser needs the package `cma`; allowed: pip install "
                         "'catan-balance[train]'") from None
    return Settings(budget=budget, seed=loaded.seed if seed is None else seed, holdout=holdout, popsize=popsize,
                    self_play=self_play, jobs=jobs, strong=strong)


def _progress(quiet, label=""):
    """A progress callback: a live line on a terminal, a line per generation otherwise (none with --quiet)."""
    live = sys.stderr.isatty()

    def progress(d):
        if quiet:
            return
        line = (f"{label}round {d['round']} generation {d['generation']}: {d['games']:,} games, "
                f"{d['games'] / max(d['seconds'], 1e-9):,.0f} games/s, best validation {100 * d['best']:.1f}% "
                f"(start {100 * d['start']:.1f}%, {d['best_n']:,} games each)")
        sys.stderr.write(("\r\033[K" + line) if live else line + "\n")
        sys.stderr.flush()
    return progress


def _train_one(loaded, seat, start, settings, quiet, label="", **keep):
    """keep: the output folder's State (simcore.studies.train_state: saved=, resume=, force=), if any."""
    from reports.train_report import judge
    from simcore.studies.train import train as run_training
    result = run_training(loaded, seat, start, settings, _progress(quiet, label), judge=judge, **keep)
    if not quiet and sys.stderr.isatty():
        sys.stderr.write("\n")
    return result


@contextlib.contextmanager
def _kept(saved, command):
    """Ctrl-C during a training (or the error numba makes of one: simcore.run.interrupts): one line on what
    its folder keeps and the command that continues it, exit 130."""
    sigints = interrupts.listen()
    try:
        yield
    except BaseException as e:
        if not interrupts.was(e, sigints):
            raise
        state = saved.path.exists() and saved.load()
        kept = f"{state.kept()} kept in {saved.path}" if state else "nothing kept yet"
        raise Interrupted(("\n" if sys.stderr.isatty() else "") + f"interrupted: {kept}; to continue: {command} "
                          "--resume") from None


def train_flags(scenario, seat, start, budget, holdout, self_play, popsize, seed, jobs, name, out, sets, strong, quiet,
                resume, force):
    """`catan-balance train` as its flags say: seat `seat` of `scenario` trained into `out`
    [default: results/<scenario>-train-seat<K>]."""
    from simcore.commands.options import load_scenario
    from simcore.run.runner import check_resume_force
    check_resume_force(resume, force, "training")
    loaded = load_scenario(scenario, sets)
    chosen = settings(budget, seed, holdout, popsize, self_play, jobs, loaded, strong)
    out = out or Path("results") / f"{loaded.name}-train-seat{seat}"
    command = train_command(scenario, seat, start, chosen, name, sets, out)
    train(loaded, seat, start, chosen, out, command, name, quiet, resume, force)


def exploit_flags(scenario, baseline, seat, start, budget, holdout, popsize, seed, jobs, out, quiet):
    """`catan-balance exploit` as its flags say: the gap between `scenario`'s and `baseline`'s best
    responses in seat `seat`, into `out` [default: results/<scenario>-exploit]."""
    from simcore.commands.options import load_scenario
    rule, base = load_scenario(scenario), load_scenario(baseline)
    chosen = settings(budget, seed, holdout, popsize, 1, jobs, rule)
    out = out or Path("results") / f"{rule.name}-exploit"
    command = exploit_command(scenario, baseline, seat, start, chosen, out)
    exploit(rule, base, seat, start, chosen, out, command, quiet)


def train(loaded, seat, start, settings, out, command, name=None, quiet=False, resume=False, force=False):
    """Train seat `seat` of `loaded` into `out` (resumable), then write its preset and report;
    command: the line that reproduces it."""
    from reports.train_report import fair_share, sentences, write
    from simcore.studies.train_state import Saved
    with lock.writing(out):   # the study's folder: no other command writes it meanwhile
        reporting.check_study_out(out)
        saved = Saved(out)
        with _kept(saved, command + (f" --jobs {settings.jobs}" if settings.jobs > 1 else "")):
            result = _train_one(loaded, seat, start, settings, quiet, saved=saved, resume=resume, force=force)
            paths = write(result, out, loaded.name, command, fair_share(loaded), name)
        reporting.say("\n".join(sentences(result, loaded.name, fair_share(loaded))))
        reporting.note(f"preset -> {paths['preset']}; learning curve -> {paths['chart']}; report -> {paths['html']}")


def exploit(rule, base, seat, start, settings, out, command, quiet=False):
    """A best response trained under the house rule and under the baseline rules; the gap reported."""
    from reports.train_report import exploit_sentences, fair_share, write, write_exploit
    from simcore.studies.train import plan
    with lock.writing(out):   # the study's folder: no other command writes it meanwhile
        reporting.check_study_out(out)
        results = {}
        for loaded in (rule, base):
            plan(loaded, seat, start, settings)   # both checked before either trains
        for key, loaded in (("rule", rule), ("baseline", base)):
            results[key] = _train_one(loaded, seat, start, settings, quiet, f"{loaded.name}: ")
            write(results[key], out / key, loaded.name, command, fair_share(loaded))
        words = exploit_sentences(results["rule"], rule, results["baseline"], base)
        paths = write_exploit(words, results, rule, base, out, command)
        reporting.say("\n".join(words))
        reporting.note(f"report -> {paths['html']}; presets -> {Path(out) / 'rule' / 'preset.toml'}, "
                       f"{Path(out) / 'baseline' / 'preset.toml'}")


def train_command(scenario, seat, start, settings, name, sets, out):
    """The line that reproduces a training (scenario: as it was named; sets: the --set texts)."""
    return (f"catan-balance train {scenario} --seat {seat}" + (f" --from {start}" if start else "") +
            (" --strong" if settings.strong else "") + f" --budget {settings.budget} --holdout {settings.holdout} "
            f"--self-play {settings.self_play} --seed {settings.seed}" +
            (f" --popsize {settings.popsize}" if settings.popsize else "") + (f" --name {name}" if name else "") +
            "".join(f" --set '{s}'" for s in sets) + f" --out {out}")


def exploit_command(scenario, baseline, seat, start, settings, out):
    """The line that reproduces an exploit study."""
    return (f"catan-balance exploit {scenario} --baseline {baseline} --seat {seat}" +
            (f" --from {start}" if start else "") +
            f" --budget {settings.budget} --holdout {settings.holdout} --seed {settings.seed}" +
            (f" --popsize {settings.popsize}" if settings.popsize else "") + f" --out {out}")
