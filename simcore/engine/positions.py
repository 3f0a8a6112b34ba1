"""Positions sampled from played games, for fitting the value at a rollout's horizon
(simcore.engine.value; simcore.studies.value_fit)."""
from simcore.engine.kernels import entry

from simcore.engine.game import begin_game
from simcore.engine.search import game_ended, play_unit, start_pass
from simcore.engine.value import N_FEATURES, features


@entry
def sample_positions_kernel(params, kinds, weights, game_indices, seeds, every, x, won, buf, buf_bytes):
    """Plays the games with every seat as its base policy (a rollout seat too); at the start of every
    `every`-th player-turn, each player's features go to a row of x (float64[rows, N_FEATURES]) and
    won[row] says whether that player won the game (-1: the game had no winner).  Returns the rows
    filled (x's length caps them)."""
    row = 0
    for i in range(game_indices.shape[0]):
        st = begin_game(buf, buf_bytes, params, kinds, weights, game_indices[i], seeds[i], 0)
        first = row
        u = 0
        while True:
            start_pass(st, seeds[i], u, -1)
            play_unit(st, u)
            u += 1
            if game_ended(st):
                break
            if st.turn % every == 0:
                for p in range(st.players):
                    if row < x.shape[0]:
                        features(st, p, x[row])
                        won[row] = p
                        row += 1
        for r in range(first, row):
            won[r] = -1 if st.winner < 0 else (1 if won[r] == st.winner else 0)
    return row
