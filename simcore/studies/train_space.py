"""The space `train` searches: the weights one policy kind reads, each on one bounded scale.

Every trained weight gets a coordinate u in [0, 1] (the optimiser's box):
    u <  OFF              -> weight 0 ("off": the builder reads many weights as `> 0` gates,
                             policies.builder: trade, knight_early, longest_road, enclose...)
    u >= OFF              -> LOW * (HIGH / LOW) ** ((u - OFF) / (1 - OFF)): a log scale, so
                             halving a weight is the same step at 0.1 as at 2
One scale for every weight keeps the optimiser's step size meaningful in every direction.
A preset's weight above HIGH (or a positive one below LOW) is clipped on the way in.

Which weights a kind reads: the builder reads the base game's (policies.weights,
the first N_BASE_WEIGHTS) plus those declared by each variant in play, the strong kind these and
its value weights (policies.weights.VALUE_FEATURES)
(simcore.engine.variant: `weights=`); a new variant's weights join by its declaration, no
code here.  The random kind reads none.
"""
import math
from dataclasses import dataclass

import numpy as np

from policies import weights as W
from simcore.engine.errors import InputError
from simcore.engine.variant import REGISTRY

OFF = 0.2
LOW, HIGH = 0.05, 5.0
_SPAN = math.log(HIGH / LOW)

# kind -> does it read the base game's weights and the variants' (the random kind reads none)
KIND_READS = {W.KIND_BUILDER: True, W.KIND_STRONG: True, W.KIND_RANDOM: False}


@dataclass(frozen=True)
class Space:
    names: tuple      # trained weight names, in weight-index order
    indices: tuple    # their slots in the weight vector

    @property
    def dim(self):
        return len(self.names)

    def encode(self, weights):
        """float64[dim] in [0, 1]: the coordinates of a full weight vector."""
        w = np.asarray(weights, dtype=float)[list(self.indices)]
        u = np.full(self.dim, OFF / 2)
        on = w > 0
        u[on] = OFF + (1 - OFF) * np.clip(np.log(np.clip(w[on], LOW, HIGH) / LOW) / _SPAN, 0.0, 1.0)
        return u

    def decode(self, u, base):
        """A full weight vector: `base` with the trained slots set from coordinates `u`."""
        u = np.clip(np.asarray(u, dtype=float), 0.0, 1.0)
        w = np.where(u < OFF, 0.0, LOW * np.exp(_SPAN * (u - OFF) / (1 - OFF)))
        out = np.array(base, dtype=np.float64, copy=True)
        out[list(self.indices)] = w
        return out


def space_for(kind, variants, policy=""):
    """The Space of policy kind `kind` in a game with `variants` (names); InputError if it reads none."""
    if not KIND_READS.get(int(kind), False):
        kinds = ", ".join(k for k, v in W.KIND_NAMES.items() if KIND_READS.get(v))
        raise InputError(f"train: policy '{policy}' (kind {_kind_name(kind)}) reads no weights; "
                         f"allowed: a preset of kind {kinds} (catan-balance policies)")
    slots = set(range(W.N_BASE_WEIGHTS))
    if int(kind) == W.KIND_STRONG:   # and its value of a position (policies.strong)
        slots |= set(range(W.V_FIRST, W.V_FIRST + W.N_VALUE)) - {W.V_STYLE}   # a seat's style is no weight to tune
    for name in variants:   # a variant's value weights (v_*) only for the strong kind
        slots |= {i for n, i in REGISTRY[name].weight_slots.items()
                  if int(kind) == W.KIND_STRONG or not n.startswith("v_")}
    by_index = {i: n for n, (i, _) in W.WEIGHTS.items()}
    indices = tuple(sorted(slots))
    return Space(tuple(by_index[i] for i in indices), indices)


def _kind_name(kind):
    return next((k for k, v in W.KIND_NAMES.items() if v == int(kind)), str(kind))
