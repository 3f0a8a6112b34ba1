"""What a rollout seat's `horizon` buys: its win rate (95% interval) against its speed, one point per horizon.

    python -m reports.rollout_curve RUN_DIR... --speed H=GAMES_PER_S ... -o chart.png

Each RUN_DIR is a finished `run` with one rollout seat (its summary.json names the seat's
spec, and so its horizon); --speed gives the games a second of that horizon as `bench`
measured them on one core (a run's own games/s depend on its jobs and the machine's load).
docs/players.md holds the commands behind the shipped chart.
"""
import argparse
import json
import re
from pathlib import Path

from reports.plotting import _done, _figure, _title

HORIZON = re.compile(r"^rollout:.*\bhorizon=(\d+)")


def rollout_point(run_dir):
    """(horizon, win rate, lo, hi, games, scenario, others) of the run's one rollout spec."""
    summary = json.loads((Path(run_dir) / "summary.json").read_text())
    found = [(int(m.group(1)), s) for s in summary["specs"] if (m := HORIZON.match(s["label"]))]
    if len(found) != 1:
        raise SystemExit(f"error: {run_dir}: expected one rollout seat in summary.json, found {len(found)}")
    horizon, spec = found[0]
    others = sorted({s["label"] for s in summary["specs"] if s is not spec})
    return horizon, spec["win_rate"], *spec["ci95"], spec["games"], summary["scenario"], others


def curve_chart(points, speeds, parity):
    """points: rollout_point tuples; speeds: {horizon: games/s}; parity: the fair share (e.g. 0.25)."""
    fig, ax = _figure(8, 4.6)
    points = sorted(points)
    for horizon, rate, lo, hi, games, *_ in points:
        x = speeds[horizon]
        ax.errorbar([x], [100 * rate], yerr=[[100 * (rate - lo)], [100 * (hi - rate)]], fmt="o", color="#4c72b0",
                    capsize=4, ms=7)
        label = "to the end (horizon 0)" if horizon == 0 else f"horizon {horizon}"
        ax.annotate(f"{label}\n{games:,} games", (x, 100 * hi), xytext=(0, 6), textcoords="offset points",
                    ha="center", fontsize=8, color="#333333")
    ax.axhline(100 * parity, color="#333333", ls="--", lw=1)
    ax.annotate(f"parity ({100 * parity:.0f}%)", (min(speeds.values()), 100 * parity), xytext=(0, 4),
                textcoords="offset points", fontsize=8, color="#333333")
    ax.set_xscale("log")
    ax.set_xticks(sorted(speeds.values()))            # the measured speeds, as plain numbers
    ax.set_xticklabels([f"{v:g}" for v in sorted(speeds.values())])
    ax.minorticks_off()
    ax.set_xlabel("games a second, one core (bench)")
    ax.set_ylabel("rollout seat's win rate (%)")
    top = max(100 * p[3] for p in points)
    ax.set_ylim(min(100 * parity, min(100 * p[2] for p in points)) - 3, top + 6)
    scenario, others = points[0][5], points[0][6]
    _title(ax, f"What the horizon buys: one rollout seat against {', '.join(others)} ({scenario})",
           "each point: the rollout seat's wins with a 95% Wilson interval (seats rotate); horizon H: each "
           "play-out stops H player-turns after the decision and the fitted value scores the position")
    return _done(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m reports.rollout_curve", description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="+", help="finished run directories, one rollout seat each")
    parser.add_argument("--speed", action="append", default=[], metavar="H=GAMES_PER_S", required=True,
                        help="bench's games a second at horizon H (one per run)")
    parser.add_argument("--parity", type=float, default=0.25, help="the fair share [default: 0.25]")
    parser.add_argument("-o", "--out", required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    try:
        speeds = {int(h): float(v) for h, v in (s.split("=", 1) for s in args.speed)}
    except ValueError:
        parser.error("--speed takes H=GAMES_PER_S, e.g. --speed 0=15.0")
    points = [rollout_point(d) for d in args.runs]
    missing = sorted({p[0] for p in points} - set(speeds))
    if missing:
        parser.error(f"no --speed for horizon {', '.join(map(str, missing))}")
    curve_chart(points, speeds, args.parity).savefig(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
