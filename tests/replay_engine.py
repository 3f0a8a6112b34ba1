"""The engine's own state at an event of a replayed game, for the replay page's tests.

The kernel plays a game whole; the state after player-turn T is the state of the same game
played with max_turns=T (the same seed, the same decisions: the tests check that its events
are the whole game's up to there).  `engine_at(path, sets, game, whole, turns)` returns (the event's
index in the whole game, what the engine holds there: pieces per seat and kind, the
robber's hex, each seat's VP shown and its longest road).
"""
import numpy as np

from simcore.engine import records as R
from simcore.engine.state import new_state_buffer
from simcore.run.batch import play_batch
from simcore.run.config import load_scenario, pack_policies, pack_rules
from simcore.run.runner import replay
from simcore.run.seeds import game_seeds
from simcore.variants.autarkie import FIG_GESELLE, FIG_KNECHT


def engine_state(scenario, game):
    """The state record after game `game` of `scenario` (its last write: the game's record)."""
    params = pack_rules(scenario)
    kinds, weights = pack_policies(scenario)
    buf = new_state_buffer(params)
    seed = int(game_seeds(scenario.seed, game, 1)[0])
    play_batch(params, kinds, weights, np.array([game]), np.array([seed], np.uint32), buf=buf)
    return buf[0]


def seat_pieces(st, players):
    """{(kind, seat): count} of the pieces the engine has on the board."""
    out = {}
    for p in range(players):
        out[("settlement", p)] = int(((st.corner_owner == p) & (st.corner_level == 1)).sum())
        out[("city", p)] = int(((st.corner_owner == p) & (st.corner_level == 2)).sum())
        out[("road", p)] = int((st.edge_owner == p).sum())
        if "ck_knight" in st.dtype.names:
            out[("knight", p)] = int((st.corner_guard == p).sum())
        if "aut_fig" in st.dtype.names:          # a figure's owner is its building's (place g: corner g // 3)
            owner = np.repeat(st.corner_owner, 3)[:len(st.aut_fig)]
            out[("knecht", p)] = int(((st.aut_fig == FIG_KNECHT) & (owner == p)).sum())
            out[("geselle", p)] = int(((st.aut_fig == FIG_GESELLE) & (owner == p)).sum())
        if "gb_owner" in st.dtype.names:
            out[("grundbesitz", p)] = int((st.gb_owner == p).sum())
    return out


def engine_at(path, sets, game, whole, turns):
    """(index in `whole`, the events of game `game` of scenario file `path` with --set `sets`, of
    the last event of player-turn `turns`; the engine's state there)."""
    short = load_scenario(path, [*sets, f"max_turns={turns}"])
    _, events = replay(short, game)
    assert events[-1]["type"] == "game_end" and events[-1]["turns"] == turns, events[-1]
    index = len(events) - 2                       # the event before the short game's end
    assert events[:-1] == whole[:index + 1], "the game played to max_turns is not the same game"
    assert whole[index + 1]["type"] == "turn"
    st = engine_state(short, game)
    players = events[0]["players"]
    vp = [int(st.stats[p, R.S_VP] - st.stats[p, R.S_VP_CARDS]) for p in range(players)]
    knights = sorted((int(c), int(st.corner_guard[c]), int(st.ck_knight[c]), bool(st.ck_knight_active[c]))
                     for c in np.flatnonzero(st.corner_guard >= 0)) if "ck_knight" in st.dtype.names else []
    barbarians = int(st.ck_barbarians) if "ck_barbarians" in st.dtype.names else None
    return index, {"barbarians": barbarians, "pieces": seat_pieces(st, players), "robber": int(st.robber), "vp_shown": vp, "knights": knights,
                   "vp_cards": [int(st.stats[p, R.S_VP_CARDS]) for p in range(players)],
                   "road": [int(st.road_length[p]) for p in range(players)]}
