"""Check the ladder's error rate and the ratings' coverage on real games (docs/ladder.md): A/A ladders.

    python -m tests.ladder_checks --players 3 --ladders 200 --games 300
    python -m tests.ladder_checks --scenario robin-hood --players 3 --ladders 200 --games 300
    python -m tests.ladder_checks --players 5 --ladders 100 --games 300 --margin 10

Every player is the same preset (the scenario's first seat's, greedy in base) under another name, so
every true rating difference is 0.  The tables of one ladder are those `catan-balance ladder` plays
(simcore.run.ladder.plan, the same seat plans and seeds); each of the `--ladders` replicates plays its
own block of game indices (other seeds), in memory, nothing written.  Each replicate is judged as the
report judges a ladder (reports.ladder: comparisons, Bradley-Terry fit, Holm over the pairs).
Measured: the share of ladders calling any player stronger (the family-wise error, stated 5%), the
coverage of every pair's 95% interval and of every rating's 95% interval (0 is the truth of both),
and with --margin the share of pairs called tied.
"""
import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports import bradley_terry as bt  # noqa: E402
from reports.ladder import comparisons, table_frame  # noqa: E402
from reports.rates import Z95, wilson  # noqa: E402
from simcore.run import ladder  # noqa: E402
from simcore.run.config import find_scenario, load_scenario  # noqa: E402
from simcore.studies.tune import play_games  # noqa: E402


def aa_presets(scenario, count, folder):
    """`count` preset files, each the scenario's first seat's preset with all its weights (same play)."""
    from policies.registry import _lookup
    kind, weights, _ = _lookup(scenario.seats[0].policy)
    weights = {**weights, **scenario.seats[0].weights}
    paths = []
    for i in range(count):
        path = Path(folder) / f"same-{chr(ord('a') + i)}.toml"
        lines = [f'kind = "{kind}"', f'description = "A/A copy {i} of {scenario.seats[0].policy}"', "", "[weights]"]
        lines += [f"{k} = {v!r}" for k, v in weights.items()]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths


def check(name, players, ladders, games, seed, margin):
    base = load_scenario(find_scenario(name), [])
    with tempfile.TemporaryDirectory(prefix="ladder-aa-") as folder:
        plan = ladder.plan(name, [f"seed={seed}", f"games={games}"], [",".join(aa_presets(base, players, folder))])
        solo, seats = plan.solo, 1 if plan.solo else plan.scenario.players
        started = time.time()
        tables = [play_games(t.scenario, 0, ladders * games) for t in plan.tables]
    played = time.time() - started
    any_false, pair_cover, rating_cover, tied, pairs_seen, ratings_seen = 0, 0, 0, 0, 0, 0
    diffs, ses = [], []
    for r in range(ladders):
        block = slice(r * games, (r + 1) * games)
        frames = [table_frame(df.iloc[block].reset_index(drop=True), t.seats, seats, solo)
                  for df, t in zip(tables, plan.tables)]
        comp = comparisons(frames, players, solo)
        fit = bt.fit_ratings(comp["cluster"], comp["winner"], comp["loser"], players)
        rows = bt.pairwise(fit, list(plan.players), 0.05, margin)
        any_false += any(x["verdict"] in ("a stronger", "b stronger") for x in rows)
        pair_cover += sum(x["lo"] <= 0 <= x["hi"] for x in rows)
        tied += sum(x["verdict"] == "tied" for x in rows)
        pairs_seen += len(rows)
        diffs.append([x["diff"] for x in rows])
        ses.append([x["se"] for x in rows])
        rating_cover += int(np.sum(np.abs(fit.theta) <= Z95 * fit.se))
        ratings_seen += players
    out = {"scenario": name, "players": players, "tables": len(plan.tables), "seats": seats, "ladders": ladders,
           "games_per_table": games, "seconds_playing": round(played, 1),
           "false_stronger": _rate(any_false, ladders), "pair_interval_coverage": _rate(pair_cover, pairs_seen),
           "rating_interval_coverage": _rate(rating_cover, ratings_seen),
           # per pair: the spread of the differences over the ladders / the standard error the ladders state
           "sd_over_se": [round(float(a), 3) for a in np.std(diffs, axis=0) / np.sqrt(np.mean(np.square(ses), axis=0))]}
    if margin is not None:
        out["tied_pairs"] = _rate(tied, pairs_seen)
        out["margin_pp"] = margin
    return out


def _rate(k, n):
    lo, hi = wilson(k, n)
    return {"count": int(k), "of": int(n), "rate": round(k / n, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="base")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--ladders", type=int, default=200)
    ap.add_argument("--games", type=int, default=300, help="games per table (solo: per player) of each ladder")
    ap.add_argument("--seed", type=int, default=2029)
    ap.add_argument("--margin", type=float, default=None, help="equivalence margin (head-to-head pp)")
    args = ap.parse_args(argv)
    print(json.dumps(check(args.scenario, args.players, args.ladders, args.games, args.seed, args.margin)))


if __name__ == "__main__":
    main()
