"""The board and each seat's public counts after every event of a replayed game, for the
replay page (reports.replay_page; `catan-balance replay --html`).

Needs only the events (the JSON Lines of `replay --log`, board event first).  A `PageState`
holds the pieces on the board, each under a key ("bld:12": the building at corner 12) as a
small dict the page draws by its shape (a reader changes them only through `put` and `drop`,
which note what changed):

    {"kind": what it is (a CSS class; the browser test counts pieces by kind and seat),
     "player": its seat (-1: nobody's, e.g. the robber), "shape": how it is drawn,
     "at": where: ["corner", c], ["edge", e], ["hex", h] or ["place", c, h] (at corner c,
     towards hex h), "text": a label drawn on it (optional), "colour": a fill other than
     the seat's (optional), "vp": the VP it gives its seat (optional)}

Shapes: road, settlement, city, disc, ring, star, wedge (from a corner into a hex), badge
(a number near a wedge's tip), token (on a hex: the robber, Robin), number (a hex's token).
The base game's events are read here (docs/rules.md, Base game); a variant's entry reads its own
(reports.variants `page_events`: (state, event) -> None, and its own seat counts, notes and tracks).
"""
from reports.variants import REGISTRY

AWARD_VP = 2                 # docs/rules.md, Base game: longest road, largest army
BUILDINGS = ("settlement", "city")


class PageState:
    """The board and the seats' counts as the events so far left them."""

    def __init__(self, board, rules=None):
        self.board = board
        self.rules = rules or {}                  # the scenario's rules (dataclasses.asdict), e.g. a card's VP
        self.players = board["players"]
        self.pieces = {}
        self.touched = {}                        # keys of the pieces put or dropped since the caller's last look
        #                                          (a dict: in the order they changed, the same in every process)
        self.awards = {}                         # award name -> seat holding it
        self.hidden_vp = [0] * self.players       # VP cards bought (known to the replay, not the table)
        self.extra_vp = [{} for _ in range(self.players)]   # seat -> {source: VP} of the variants' own VP
        self.knights_played = [0] * self.players
        self.counts = [{} for _ in range(self.players)]     # a variant's own seat counts: name -> value
        self.notes = {}                          # name -> a line under the board (an attack, the Autarkie card)
        self.tracks = {}                         # name -> [step, steps]: a track drawn under the board (barbarians)
        self.hands = board["hands"]
        self.corner_hexes = _corner_hexes(board)
        self.edge_ends = {e["edge"]: tuple(e["corners"]) for e in board["edges"]}   # (road_lengths: once, not per call)
        self._trails = {}                        # (roads, blocked corners) -> longest trail (road_lengths)
        for h in board["hexes"]:
            if h["number"]:
                self.set_number(h["hex"], h["number"])
        if board.get("robber") is not None:
            self.move_robber(board["robber"])

    # --- pieces ---
    def put(self, key, kind, player, shape, at, **extra):
        self.pieces[key] = {"kind": kind, "player": player, "shape": shape, "at": at, **extra}
        self.touched[key] = None

    def drop(self, key):
        if self.pieces.pop(key, None) is not None:
            self.touched[key] = None

    def set_number(self, h, number):
        self.put(f"num:{h}", "number", -1, "number", ["hex", h], text=str(number))

    def move_robber(self, h):
        self.put("robber", "robber", -1, "token", ["hex", h], text="R", colour="#2b2b2b")

    def building(self, corner, player, city):
        self.put(f"bld:{corner}", BUILDINGS[city], player, BUILDINGS[city], ["corner", corner], vp=1 + city)

    def road(self, edge, player, kind="road"):
        self.put(f"road:{edge}", kind, player, "road", ["edge", edge])

    # --- seats ---
    def vp_on_board(self):
        """Each seat's VP from its pieces (buildings, a variant's pieces that carry VP)."""
        vp = [0] * self.players
        for x in self.pieces.values():
            if x.get("vp") and 0 <= x["player"] < self.players:
                vp[x["player"]] += x["vp"]
        return vp

    def vp_shown(self, p, on_board):
        """Seat p's VP the table sees: `on_board` (vp_on_board), awards and the variants' own."""
        awards = AWARD_VP * sum(1 for holder in self.awards.values() if holder == p)
        return on_board[p] + awards + sum(self.extra_vp[p].values())

    @staticmethod
    def moves_roads(piece):
        """Whether a piece's coming or going can change a longest road (a road or a road breaker)."""
        return piece["shape"] == "road" or piece["kind"] in BUILDINGS or bool(piece.get("breaks"))

    def road_lengths(self):
        """Each seat's longest road (docs/rules.md, Base game): the longest trail of its roads, broken by
        another seat's piece that breaks roads (a building; a C&K knight: `breaks`)."""
        roads = [[] for _ in range(self.players)]
        breaker = {}
        for x in self.pieces.values():
            if x["shape"] == "road" and 0 <= x["player"] < self.players:
                roads[x["player"]].append(x["at"][1])
            elif x["at"][0] == "corner" and (x["kind"] in BUILDINGS or x.get("breaks")):
                breaker[x["at"][1]] = x["player"]
        return [self._trail(tuple(sorted(roads[p])), breaker, p) for p in range(self.players)]

    def _trail(self, roads, breaker, p):
        """longest_trail of seat p's `roads` (edge numbers, sorted) broken by the other seats' breakers on
        them, remembered: one piece changes one or two seats' trails, the others are looked up."""
        ends = [self.edge_ends[e] for e in roads]
        touched = {c for pair in ends for c in pair}
        blocked = frozenset(c for c, q in breaker.items() if q != p and c in touched)
        key = (roads, blocked)
        if key not in self._trails:
            self._trails[key] = longest_trail(ends, blocked)
        return self._trails[key]


def _corner_hexes(board):
    """corner -> its land hexes in the order of the corner's positions (the sea left out), as
    simcore.engine.topology.CORNER_HEXES lists them."""
    at = {(h["q"], h["r"]): h["hex"] for h in board["hexes"]}
    return {c["corner"]: [at[tuple(pos)] for pos in c["positions"] if tuple(pos) in at] for c in board["corners"]}


def longest_trail(edges, blocked):
    """Most edges in a trail (no edge twice) over `edges` (pairs of corners) that passes
    through no corner in `blocked` (it may start or end there): a search from every corner."""
    touching = {}
    for i, (a, b) in enumerate(edges):
        touching.setdefault(a, []).append(i)
        touching.setdefault(b, []).append(i)
    used = [False] * len(edges)
    best = 0

    def walk(corner, depth):
        nonlocal best
        best = max(best, depth)
        if depth and corner in blocked:
            return
        for i in touching[corner]:
            if not used[i]:
                used[i] = True
                a, b = edges[i]
                walk(b if a == corner else a, depth + 1)
                used[i] = False

    for corner in touching:
        walk(corner, 0)
    return best


def apply_base(state, ev):
    """The base game's events (docs/rules.md, Base game)."""
    kind, p = ev["type"], ev["player"]
    if kind in ("setup_settlement", "build_settlement"):
        state.building(ev["corner"], p, False)
    elif kind == "build_city":
        state.building(ev["corner"], p, True)
    elif kind in ("setup_road", "build_road"):
        state.road(ev["edge"], p)
    elif kind == "robber":
        state.move_robber(ev["to_hex"])
    elif kind == "award":
        state.awards[ev["award"]] = ev["to_player"]
    elif kind == "buy_dev" and ev["dev"] == "victory_point":
        state.hidden_vp[p] += 1
    elif kind == "play_dev" and ev["dev"] == "knight":
        state.knights_played[p] += 1


def page_events():
    """The readers of the variants' own events (their entries' `page_events`)."""
    return [entry.page_events for entry in REGISTRY.values() if entry.page_events]
