"""Replay one game with the event log on.

replay_events(params, kinds, weights, game_index, seed) -> list[dict]
  The first dict is the `board` event, then one dict per thing that happens, in order.
  Every event has "type", "player" (-1 when none), "hands" (list per player of 5 ints)
  and "bank" (5 ints), plus its own fields.  The CLI writes them as JSON Lines.
"""


def replay_events(params, kinds, weights, game_index, seed):
    # STUB until the kernel lands.
    return [{"type": "board", "player": -1, "hands": [], "bank": [19] * 5},
            {"type": "game_end", "player": -1, "winner": -1, "hands": [], "bank": [19] * 5}]
