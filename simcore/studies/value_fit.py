"""Fit the value at a rollout's horizon (simcore.engine.value) from played games.

    python -m simcore.studies.value_fit SCENARIO [--games N] [--every K]

plays the scenario's games with every seat as its base policy, samples each player's features
at the start of every K-th player-turn, labels them with whether that player went on to win,
and fits a logistic regression (Newton's method, a small ridge) of the label on the features.
The coefficients go to policies/rollout_value.json under the rule set's key ("base", "ck",
"ck+autarkie", ...), with the games, positions and the fit's log-loss against a constant.
Games without a winner are left out.
"""
import argparse
import json
from pathlib import Path

import numpy as np

from simcore.engine.positions import sample_positions_kernel
from simcore.engine.state import game_bytes, new_state_buffer, rules_variants
from simcore.engine.value import FEATURES, N_FEATURES
from simcore.run.batch import VALUE_MODELS
from simcore.run.config import find_scenario, load_scenario, pack_policies, pack_rules
from simcore.run.seeds import game_seeds

RIDGE = 1e-3
SEED = 2029   # the fit's games are not the scenario's own (seed 1)


def sample(scenario, games, every):
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    buf = new_state_buffer(params)
    rows = games * 1000 // every * scenario.players + 1000
    x = np.zeros((rows, N_FEATURES))
    won = np.zeros(rows, np.int64)
    n = sample_positions_kernel(params, kinds, weights, np.arange(games, dtype=np.int64),
                                game_seeds(SEED, 0, games), every, x, won, buf, game_bytes(buf))
    keep = won[:n] >= 0
    return params, x[:n][keep], won[:n][keep].astype(float)


def logistic(x, y, iterations=50):
    """Coefficients of P(y = 1 | x) = 1 / (1 + exp(-x @ b)) by Newton's method with a small ridge."""
    b = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ b))
        grad = x.T @ (p - y) + RIDGE * b
        hess = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        b -= step
        if np.abs(step).max() < 1e-9:
            break
    return b


def log_loss(x, y, b):
    p = np.clip(1 / (1 + np.exp(-x @ b)), 1e-12, 1 - 1e-12)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit(scenario_name, games, every):
    scenario = load_scenario(find_scenario(scenario_name))
    params, x, y = sample(scenario, games, every)
    b = logistic(x, y)
    rate = y.mean()
    key = "+".join(rules_variants(params)) or "base"
    return key, {"coef": [round(float(v), 6) for v in b], "features": list(FEATURES), "scenario": scenario.name,
                 "games": games, "every": every, "positions": int(len(y)), "log_loss": round(log_loss(x, y, b), 5),
                 "log_loss_constant": round(float(-(rate * np.log(rate) + (1 - rate) * np.log(1 - rate))), 5),
                 "command": f"python -m simcore.studies.value_fit {scenario_name} --games {games} --every {every}"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--every", type=int, default=4)
    args = ap.parse_args(argv)
    key, model = fit(args.scenario, args.games, args.every)
    data = json.loads(VALUE_MODELS.read_text()) if VALUE_MODELS.is_file() else {
        "about": "simcore.engine.value's logistic models, fitted by simcore.studies.value_fit", "models": {}}
    data["models"][key] = model
    Path(VALUE_MODELS).write_text(json.dumps(data, indent=1) + "\n")
    print(key, json.dumps(model))


if __name__ == "__main__":
    main()
