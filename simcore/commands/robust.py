"""`catan-balance robust`: the sweeps of a robust study (simcore.studies.robust) played and reported, each
other players' verdicts compared with the hand-written bots' (reports.train_robust)."""
import sys

from simcore.commands import reporting
from simcore.run import lock, sweep as sweeps
from simcore.run.interrupts import Interrupted
from simcore.run.styles import STRONG


# one seat changed: a stronger player among the hand-written bots (docs/guide.md, robust)
MIX = ("One seat played by another player among the hand-written bots mixes strength and style: a verdict "
       "that changes may say that this player is stronger, not that its style differs. `--players strong` "
       "(every seat strong, each style's seat restricted to its style) compares the styles at equal strength.")


def play(scenario, tuned, players, seat, vary, games, seed, jobs, out, sets, margin, quiet):
    """`catan-balance robust` as its flags say: the study of `scenario`'s sweep planned
    (simcore.studies.robust), played into `out` [default: the study's] and reported."""
    from reports.summary import Tally
    from simcore.commands import options as opt
    from simcore.studies import robust as study
    checked = opt.checked_margin(margin)
    file, over = opt.read_scenario(scenario, sets, games=games, seed=seed)
    plan = study.plan(file, over, vary, checked, tuned, players, seat)
    run(plan, out or study.default_out(plan), Tally, study.command(scenario, plan, vary, opt.texts(over), margin),
        jobs, quiet)


def run(robust, out, tally, command, jobs=1, quiet=False):
    """Play every sweep into out/hand and out/<folder>, report each, then compare each with the hand-written
    one and write the report; command: the line that reproduces it (without --out)."""
    from reports.train_robust import compare, differences, read_verdicts, write
    with lock.writing(out):   # the study's folder: no other command writes it meanwhile
        reporting.check_study_out(out)
        try:
            for key, plan in (("hand", robust.hand), *((o.folder, o.plan) for o in robust.others)):
                sweeps.run(plan, out / key, tally, jobs=jobs, force=True, progress=not quiet)
                reporting.write(out / key, False, quiet=True)
        except KeyboardInterrupt:
            raise Interrupted("interrupted: robust has no --resume; the same command plays every sweep again") \
                from None
        hand = read_verdicts(out / "hand")
        compared = [_compared(o, compare(hand, read_verdicts(out / o.folder)), differences(out / "hand",
                                                                                         out / o.folder))
                    for o in robust.others]
        paths = write(compared, out, f"{command} --out {out}")
        _beside_hand(out, compared, f"{command} --out {out}", paths["html"])
        reporting.say("\n".join(w for c in compared for w in c["words"]))
        print(f"report -> {paths['html']}", file=sys.stderr, flush=True)


def _compared(other, result, diffs):
    """One comparison with its words: {folder, players, who, how, mix, measures, differences, words}."""
    from reports.train_robust import sentences
    where = "every seat" if other.seat is None else f"seat {other.seat}"
    named = "the strong player (a style's seat restricted to its style)" if other.named == STRONG else other.named
    who = "tuned bots" if other.players is None else f"{named} in {where}"
    how = "every seat played by the tuned preset" if other.players is None else f"{where} played by {named}"
    head = f"With {who}" + (" (a strength-and-style mix)" if other.mix else
                            " (equal strength)" if other.named == STRONG and other.seat is None else "") + ":"
    words = sentences(result, named, diffs, who=who) + ([MIX] if other.mix else [])
    return {"folder": other.folder, "players": other.players, "named": other.named, "seat": other.seat,
            "who": who, "how": how, "mix": other.mix, "measures": result, "differences": diffs,
            "head": head, "words": [head, *words]}


def _beside_hand(out, compared, command, report):
    """The comparisons beside the hand-written sweep (DIR/hand/robustness.json, reports.robustness), and that
    sweep's report written again: its Answer says whether its verdicts and its picks hold."""
    from reports.robustness import FILE, KEPT
    from simcore.run.outputs import read_json, write_json
    measures = (read_json(out / "hand" / "verdicts.json") or {}).get("measures") or {}
    settings = next(([s["setting"] for s in m["settings"]] for m in measures.values()), None)   # the sweep's order
    write_json(out / "hand" / FILE, {
        "command": command, "report": str(report), "settings": settings,
        "comparisons": [{"players": c["who"], "mix": c["mix"], "folder": c["folder"],
                         "measures": {k: {key: v[key] for key in KEPT if key in v} for k, v in c["measures"].items()}}
                        for c in compared]})
    reporting.write(out / "hand", False, quiet=True)
