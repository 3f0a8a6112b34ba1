"""`catan-balance robust`: both sweeps of a robust study (simcore.studies.robust) played and reported,
their verdicts compared (reports.train_robust)."""
import sys

from simcore.commands import reporting
from simcore.run import lock, sweep as sweeps
from simcore.run.interrupts import Interrupted
from simcore.run.styles import STRONG


# one seat changed: a stronger player among the hand-written bots (docs/guide.md, robust)
MIX = ("One seat played by another player among the hand-written bots mixes strength and style: a verdict "
       "that changes may say that this player is stronger, not that its style differs. `--players strong` "
       "(every seat strong, each style's seat restricted to its style) compares the styles at equal strength.")


def run(robust, out, tally, command, jobs=1, quiet=False):
    """Play both sweeps into out/hand and out/<folder>, report each, then compare them and write the
    report; command: the line that reproduces it (without --out)."""
    from reports.train_robust import compare, differences, read_verdicts, sentences, write
    other, named, seat = robust.folder, robust.named, robust.seat
    with lock.writing(out):   # the study's folder: no other command writes it meanwhile
        reporting.check_study_out(out)
        try:
            for key, plan in (("hand", robust.hand), (other, robust.other)):
                sweeps.run(plan, out / key, tally, jobs=jobs, force=True, progress=not quiet)
                reporting.write(out / key, False, quiet=True)
        except KeyboardInterrupt:
            raise Interrupted("interrupted: robust has no --resume; the same command plays both sweeps again") \
                from None
        result = compare(read_verdicts(out / "hand"), read_verdicts(out / other))
        diffs = differences(out / "hand", out / other)
        where = "every seat" if seat is None else f"seat {seat}"
        if named == STRONG:   # docs/players.md, Every seat strong
            named = "the strong player (a style's seat restricted to its style)"
        who = "tuned bots" if robust.players is None else f"{named} in {where}"
        words = sentences(result, named, diffs, who=who) + ([MIX] if seat is not None and robust.players else [])
        how = "every seat played by the tuned preset" if robust.players is None else f"{where} played by {named}"
        paths = write(result, words, out, f"{command} --out {out}", diffs, folder=other, who=who, how=how)
        _beside_hand(out, result, who, f"{command} --out {out}", paths["html"])
        reporting.say("\n".join(words))
        print(f"report -> {paths['html']}", file=sys.stderr, flush=True)


def _beside_hand(out, result, who, command, report):
    """The comparison beside the hand-written sweep (DIR/hand/robustness.json, reports.robustness), and that
    sweep's report written again: its Answer says whether its verdicts hold."""
    from reports.robustness import FILE
    from simcore.run.outputs import write_json
    write_json(out / "hand" / FILE, {"players": who, "command": command, "report": str(report),
                                     "measures": {k: {"state": v["state"]} for k, v in result.items()}})
    reporting.write(out / "hand", False, quiet=True)
