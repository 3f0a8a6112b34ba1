"""One replayed game as a self-contained HTML page that steps through it
(`catan-balance replay SCENARIO --game K --html FILE`; the reports link a few games each).

    html = replay_html(events, title, description, labels, rules)

The page draws the board as SVG and steps through the events (buttons, a slider, the arrow
keys: left/right an event, up/down a turn, Home/End; `#event=K` in the address opens event
K): the event in words, each seat's public counts and a chart of every seat's VP over the
turns.  Its data are the pieces that change at each event (reports.replay_state), inline
with the script: no network (a Content-Security-Policy forbids any request), no server.
Every text of the scenario (name, description, seat labels) is escaped: the page shows it
as text (the JSON is escaped for a <script> block, the script sets only textContent).
"""
import html
import json
import math

from reports.board import PLAYER_COLOURS, RESOURCE_COLOURS, SEA
from reports.replay_assets import CSS, SCRIPT, TEMPLATE
from reports.replay_state import PageState, apply_base, page_events
from reports.replay_words import seat_words, words
from reports.variants import REGISTRY
from simcore.engine.errors import InputError

MAX_EVENTS = 20_000          # a longer game is refused (its log: replay --log), never cut
SQRT3 = math.sqrt(3)
NEUTRAL_COLOUR = "#9e9e9e"
HEX_FIELDS = ("hex", "to_hex", "hex_a", "hex_b")     # an event's hexes, outlined while it is shown
LEGEND = {"settlement": "settlement (1 VP)", "city": "city (2 VP)", "road": "road", "robber": "R: the robber"}
SEAT_COUNTS = ("cards", "VP shown", "VP cards (hidden)", "knights played", "longest road")
ALWAYS_SHOWN = ("cards", "VP shown", "VP cards (hidden)", "longest road")   # others: where the game has any


def check_length(events, what):
    """InputError when the game has more events than a page holds (MAX_EVENTS)."""
    n = len(events) - 1
    if n > MAX_EVENTS:
        raise InputError(f"{what}: the game has {n:,} events, more than a page holds ({MAX_EVENTS:,}); "
                         "allowed: --log FILE.jsonl for its whole log")


def _xy(q, r):
    """Centre of axial hex (q, r) in hex radii, y down (the page's)."""
    return round(SQRT3 * (q + r / 2), 4), round(1.5 * r, 4)


def geometry(board):
    """Page positions of hexes, corners and edges (hex radius 1)."""
    hexes = {h["hex"]: _xy(h["q"], h["r"]) for h in board["hexes"]}
    corners = {}
    for c in board["corners"]:
        points = [_xy(*p) for p in c["positions"]]
        corners[c["corner"]] = (round(sum(x for x, _ in points) / 3, 4), round(sum(y for _, y in points) / 3, 4))
    edges = {e["edge"]: [corners[c] for c in e["corners"]] for e in board["edges"]}
    return {"hex": hexes, "corner": corners, "edge": edges}


def frames(events, rules=None):
    """(frames, seat count names, turn starts): per event the pieces it changed ({key: piece or
    None}), each seat's counts, its words and the turn it falls in."""
    board = events[0]
    state = PageState(board, rules)
    readers = [apply_base, *page_events()]
    shown, out, turn_starts, extra_names = {}, [], [], []
    lengths, on_board = [0] * state.players, [0] * state.players
    turn = 0
    for i, ev in enumerate(events):
        if i:
            state.hands = ev["hands"]
            for read in readers:
                read(state, ev)
        if ev["type"] == "turn":
            turn = ev["turn"]
            turn_starts.append(i)
        changed = {k: state.pieces.get(k) for k in state.touched if shown.get(k) != state.pieces.get(k)}
        state.touched = {}
        if changed:
            on_board = state.vp_on_board()
            if any(state.moves_roads(x) for x in (*changed.values(), *(shown.get(k) for k in changed)) if x):
                lengths = state.road_lengths()
            for k, x in changed.items():
                shown.pop(k, None) if x is None else shown.__setitem__(k, x)
        seats = []
        for p in range(state.players):
            hand = state.hands[p] if p < len(state.hands) else []
            base = [sum(hand), state.vp_shown(p, on_board), state.hidden_vp[p], state.knights_played[p], lengths[p]]
            extra_names += [n for n in state.counts[p] if n not in extra_names]
            seats.append((base, dict(state.counts[p])))
        frame = {"d": changed, "s": seats, "w": words(ev, state.players), "t": turn,
                 "n": [f"{k}: {v}" for k, v in state.notes.items()]}
        if state.tracks:
            frame["k"] = {k: list(v) for k, v in state.tracks.items()}
        hexes = [ev[f] for f in HEX_FIELDS if isinstance(ev.get(f), int) and ev[f] >= 0]
        if hexes and i:
            frame["h"] = hexes
        out.append(frame)
    for f in out:
        f["s"] = [base + [extra.get(n, 0) for n in extra_names] for base, extra in f["s"]]
    names = list(SEAT_COUNTS) + extra_names
    keep = [k for k, n in enumerate(names) if n in ALWAYS_SHOWN or any(row[k] for f in out for row in f["s"])]
    for f in out:
        f["s"] = [[row[k] for k in keep] for row in f["s"]]
    return out, [names[k] for k in keep], turn_starts


def _static_board(board, geo):
    """SVG of the sea, the hexes and the harbours (drawn once; the pieces go on top)."""
    parts = [f'<rect x="-6" y="-5.6" width="12" height="11.2" fill="{SEA}"/>']
    for h in board["hexes"]:
        x, y = geo["hex"][h["hex"]]
        pts = " ".join(f"{x + math.cos(math.radians(90 + 60 * k)):.3f},{y + math.sin(math.radians(90 + 60 * k)):.3f}"
                       for k in range(6))
        parts.append(f'<polygon class="hex" data-hex="{h["hex"]}" points="{pts}" '
                     f'fill="{RESOURCE_COLOURS[h["resource"]]}" stroke="#f5efe0" stroke-width="0.06"/>')
        parts.append(f'<text x="{x}" y="{y - 0.55}" class="res">{html.escape(h["resource"])}</text>')
        parts.append(f'<text x="{x - 0.55}" y="{y + 0.62}" class="hexno">{h["hex"]}</text>')
    for hb in board["harbours"]:
        sx, sy = _xy(*hb["sea"])
        land = [geo["corner"][c] for c in hb["corners"]]
        cx, cy = sum(p[0] for p in land) / 2, sum(p[1] for p in land) / 2
        px, py = sx + (cx - sx) * 0.35, sy + (cy - sy) * 0.35
        for lx, ly in land:
            parts.append(f'<line x1="{px:.3f}" y1="{py:.3f}" x2="{lx}" y2="{ly}" stroke="#6d4c2f" stroke-width="0.05"/>')
        face = "#ffffff" if hb["resource"] == "any" else RESOURCE_COLOURS[hb["resource"]]
        label = "3:1" if hb["resource"] == "any" else f"2:1 {hb['resource']}"
        parts.append(f'<circle cx="{px:.3f}" cy="{py:.3f}" r="0.33" fill="{face}" stroke="#6d4c2f" stroke-width="0.04"/>')
        parts.append(f'<text x="{px:.3f}" y="{py + 0.07:.3f}" class="harbour">{html.escape(label)}</text>')
    return "\n".join(parts)


def legend(frames_):
    """What the kinds of pieces the game shows look like, in words (LEGEND, the entries' page_legend)."""
    words_of = dict(LEGEND)
    for entry in REGISTRY.values():
        words_of.update(entry.page_legend)
    kinds = {piece["kind"] for f in frames_ for piece in f["d"].values() if piece}
    return [text for kind, text in words_of.items() if kind in kinds]


def page_data(events, labels, rules=None):
    """The JSON the page's script reads."""
    out, names, turn_starts = frames(events, rules)
    board = events[0]
    players = board["players"]
    return {"frames": out, "counts": names, "turnStarts": turn_starts, "geometry": geometry(board),
            "legend": legend(out),
            "seats": [{"name": seat_words(p, players), "label": labels[p] if labels and p < len(labels) else "",
                       "colour": PLAYER_COLOURS[p % len(PLAYER_COLOURS)]} for p in range(players)],
            "neutral": NEUTRAL_COLOUR}


def _json_for_script(data):
    """JSON safe inside <script type="application/json">: no '<', '>' or '&' left to end it."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def replay_html(events, title, description="", labels=None, rules=None, what="replay --html"):
    """The page of the game in `events` (replay events, board first); refuses a game of more
    than MAX_EVENTS events (InputError naming `what`)."""
    if not events or events[0].get("type") != "board":
        raise ValueError("the first event must be the board")
    check_length(events, what)
    data = page_data(events, labels, rules)
    board = _static_board(events[0], data["geometry"])
    return (TEMPLATE.replace("%TITLE%", html.escape(title)).replace("%DESCRIPTION%", html.escape(description or ""))
            .replace("%BOARD%", board).replace("%CSS%", CSS).replace("%SCRIPT%", SCRIPT)
            .replace("%DATA%", _json_for_script(data)))
