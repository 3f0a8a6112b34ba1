"""A position's value for a play-out stopped at its horizon: p's chance to win, estimated.

A logistic model on features of the position seen from p (N_FEATURES, `features`), its
coefficients fitted by the tool from games of the base policies (simcore.studies.value_fit:
positions sampled every few turns, labelled with whether p went on to win; a logistic
regression per rule set, stored as data in policies/rollout_value.json) and passed to the
search kernel (simcore.run.batch).
"""
import numpy as np
from simcore.accel.jit import jitted

from simcore.engine.params import P_VICTORY_POINTS
from simcore.engine.state import N_DEV_TYPES, hand_size, row_sum, victory_points

FEATURES = ("bias", "vp", "vp_lead", "income", "income_lead", "hand", "devcards", "rounds", "turn_order")
N_FEATURES = len(FEATURES)
# before any fit: the VP lead and the VP decide (a rough prior; the fitted models replace it)
DEFAULT_VALUE = (-1.5, 2.0, 6.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0)


@jitted
def features(st, p, out):
    """out[:N_FEATURES]: 1; p's VP and its lead over the best other (both / the VP target); its
    production in pips and lead (/ 10); hand size (/ 10); development cards held (/ 5); rounds
    played (/ 50); the turns until p's next turn (/ players)."""
    target = max(st.params[P_VICTORY_POINTS], 1)
    vp = victory_points(st, p)
    best_vp, best_income = 0, 0
    for q in range(st.players):
        if q != p:
            best_vp = max(best_vp, victory_points(st, q))
            best_income = max(best_income, row_sum(st.income, q))
    cards = 0
    for d in range(N_DEV_TYPES):
        cards += st.dev_hand[p, d] + st.dev_new[p, d]
    out[0] = 1.0
    out[1] = vp / target
    out[2] = (vp - best_vp) / target
    out[3] = row_sum(st.income, p) / 10.0
    out[4] = (row_sum(st.income, p) - best_income) / 10.0
    out[5] = hand_size(st, p) / 10.0
    out[6] = cards / 5.0
    out[7] = st.rounds / 50.0
    out[8] = ((p - st.current - 1) % st.players) / st.players


@jitted
def estimate(st, p, coef):
    """p's chance to win from here: the logistic model `coef` (float64[N_FEATURES])."""
    f = st.cand_score   # policy scratch of MAX_CANDIDATES >= N_FEATURES floats, free during a play-out
    features(st, p, f)
    z = 0.0
    for i in range(N_FEATURES):
        z += coef[i] * f[i]
    return 1.0 / (1.0 + np.exp(-z))
