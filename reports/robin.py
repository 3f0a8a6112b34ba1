"""The summary of Robin Hood games (RULES.md §3): the Sheriff's win rate with its Wilson
interval, Robin's wins and the draws, and the share of each ending, over all games and
for each Sheriff (the scenario's seats take turns: game g is played by seat g % seats).

reports.summary.Tally feeds `RobinTally` when the scenario has [variants.robin_hood]
(the mode's report entry, reports/variants/robin_hood.py, names it); its result is the
summary's "robin_hood" entry, and `format_robin` prints it.
"""
import numpy as np

from reports.fmt import format_columns, pct, seat_label
from reports.rates import rate
from simcore.variants.robin_hood import ENDING_NAMES, SIDE_DRAW, SIDE_NAMES, SIDE_ROBIN, SIDE_SHERIFF

ENDINGS = ENDING_NAMES[1:]          # what a finished game can end with (codes 1..4)


def _share(k, n):
    return {"games": int(k), "share": round(k / n, 6) if n else 0.0}


class RobinTally:
    """Sides, endings and final VP per Sheriff (scenario seat), chunk by chunk."""

    columns = ["robin_winner", "robin_ending", "robin_vp", "robin_sheriff_vp"]

    def __init__(self, scenario):
        self.scenario = scenario
        specs = len(scenario.seats)
        self.sides = np.zeros((specs, len(SIDE_NAMES)), dtype=np.int64)
        self.endings = np.zeros((specs, len(ENDING_NAMES)), dtype=np.int64)
        self.vp = np.zeros((specs, 2), dtype=np.int64)      # sums: the Sheriff's, Robin's

    def add(self, df):
        spec = df["seat0_spec"].to_numpy(dtype=np.int64)
        np.add.at(self.sides, (spec, df["robin_winner"].to_numpy(dtype=np.int64)), 1)
        np.add.at(self.endings, (spec, df["robin_ending"].to_numpy(dtype=np.int64)), 1)
        np.add.at(self.vp, (spec, 0), df["robin_sheriff_vp"].to_numpy(dtype=np.int64))
        np.add.at(self.vp, (spec, 1), df["robin_vp"].to_numpy(dtype=np.int64))
        return self

    def merge(self, other):
        self.sides += other.sides
        self.endings += other.endings
        self.vp += other.vp
        return self

    @staticmethod
    def _block(sides, endings, vp):
        n = int(sides.sum())
        return {"games": n,
                "sheriff": rate(int(sides[SIDE_SHERIFF]), n),
                "robin": rate(int(sides[SIDE_ROBIN]), n),
                "draws": _share(sides[SIDE_DRAW], n),
                "endings": {name: _share(endings[i + 1], n) for i, name in enumerate(ENDINGS)},
                "mean_vp": {"sheriff": round(vp[0] / n, 3) if n else 0.0,
                            "robin": round(vp[1] / n, 3) if n else 0.0}}

    def result(self):
        out = self._block(self.sides.sum(axis=0), self.endings.sum(axis=0), self.vp.sum(axis=0))
        out["sheriffs"] = [{"spec": i, "label": seat_label(seat),
                            **self._block(self.sides[i], self.endings[i], self.vp[i])}
                           for i, seat in enumerate(self.scenario.seats)]
        return out


def _rows(robin):
    rows = [(e["label"], e) for e in robin["sheriffs"]]
    return rows + [("all", robin)] if len(rows) > 1 else rows


def format_robin(summary):
    """The summary of a Robin Hood run as plain text for the terminal."""
    robin = summary["robin_hood"]
    lo_hi = lambda rate: f"{pct(rate['ci95'][0])}-{pct(rate['ci95'][1])}"  # noqa: E731
    out = [f"{summary['scenario']}: {summary['games']} games, the Sheriff against Robin Hood, "
           f"seed {summary['seed']}",
           f"turns per game (the Sheriff's): mean {summary['turns']['mean']:.1f}, "
           f"median {summary['turns']['median']:g}",
           "",
           format_columns(["sheriff", "games", "sheriff wins", "win rate", "95% CI", "robin wins", "win rate",
                           "95% CI", "draws"],
                          [[label, e["games"], e["sheriff"]["wins"], pct(e["sheriff"]["win_rate"]),
                            lo_hi(e["sheriff"]), e["robin"]["wins"], pct(e["robin"]["win_rate"]), lo_hi(e["robin"]),
                            pct(e["draws"]["share"])] for label, e in _rows(robin)]),
           "",
           format_columns(["ending", *ENDINGS, "mean VP: sheriff", "robin"],
                          [[label, *(pct(e["endings"][name]["share"]) for name in ENDINGS),
                            f"{e['mean_vp']['sheriff']:.1f}", f"{e['mean_vp']['robin']:.1f}"]
                           for label, e in _rows(robin)])]
    return "\n".join(out)
