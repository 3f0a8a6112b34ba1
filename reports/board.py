"""The board at the end of a replayed game, drawn from its event log (`catan-balance replay --png`).

Needs only the events (the JSON Lines of `replay --log`): the `board` event gives
hexes (axial q, r, resource, number), corners and edges (as the hex positions
around them) and harbours; setup/build events place roads, settlements and
cities; robber events move the robber.  Variants draw their own layers on top
(reports.variants `board_layers`: GB markers, Robin Hood, ...).
"""
import math

from reports import fmt
from reports.plotting import plt  # Agg backend and style are set there
from reports.variants import solo_player
from matplotlib.patches import Circle, Polygon, RegularPolygon
import matplotlib.patheffects as pe

RESOURCE_COLOURS = {"lumber": "#2e7d32", "brick": "#c1440e", "wool": "#9ccc65", "grain": "#f2c12e",
                    "ore": "#8d99a6", "desert": "#e4d2a4"}
SEA, PLAYER_COLOURS = "#a9d4ef", ("#d62728", "#1f77b4", "#ff7f0e", "#ffffff")
SQRT3 = math.sqrt(3)


def hex_xy(q, r):
    """Centre of axial hex (q, r); y up (the engine's pages run y down)."""
    return SQRT3 * (q + r / 2), -1.5 * r


def _mean(points):
    xs, ys = zip(*points)
    return sum(xs) / len(xs), sum(ys) / len(ys)


class Geometry:
    """Page positions of the board's hexes, corners and edges, and the players' colours."""

    def __init__(self, board):
        self.board = board
        self.hexes = {h["hex"]: hex_xy(h["q"], h["r"]) for h in board["hexes"]}
        self.corners = {c["corner"]: _mean([hex_xy(*p) for p in c["positions"]]) for c in board["corners"]}
        self.edges = {e["edge"]: tuple(e["corners"]) for e in board["edges"]}
        self.robber_artists = []

    def hide_robber(self):
        """For a variant whose own piece is the robber (Robin Hood): remove the robber's marker."""
        for artist in self.robber_artists:
            artist.remove()
        self.robber_artists = []

    def hex(self, h):
        return self.hexes[h]

    def corner(self, c):
        return self.corners[c]

    def edge(self, e, shrink=0.72):
        """The two end points of edge e, pulled towards its middle by `shrink`."""
        (x1, y1), (x2, y2) = (self.corners[c] for c in self.edges[e])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        return [(mx + (x1 - mx) * shrink, my + (y1 - my) * shrink), (mx + (x2 - mx) * shrink, my + (y2 - my) * shrink)]

    @staticmethod
    def colour(player):
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def end_state(events):
    """(settlements {corner: player}, cities {corner: player}, roads {edge: player}, robber hex, game_end event)."""
    board = events[0]
    settlements, cities, roads, robber, end = {}, {}, {}, board.get("robber"), None
    for ev in events[1:]:
        kind = ev["type"]
        if kind in ("setup_settlement", "build_settlement"):
            settlements[ev["corner"]] = ev["player"]
        elif kind == "build_city":
            settlements.pop(ev["corner"], None)
            cities[ev["corner"]] = ev["player"]
        elif kind in ("setup_road", "build_road"):
            roads[ev["edge"]] = ev["player"]
        elif kind == "robber":
            robber = ev["to_hex"]
        elif kind == "game_end":
            end = ev
    return settlements, cities, roads, robber, end


def _pips(number):
    return 6 - abs(7 - number)


def _draw_hexes(ax, board, geo):
    for h in board["hexes"]:
        x, y = geo.hex(h["hex"])
        ax.add_patch(RegularPolygon((x, y), 6, radius=1.0, orientation=0, facecolor=RESOURCE_COLOURS[h["resource"]],
                                    edgecolor="#f5efe0", lw=3, zorder=1))
        ax.text(x, y + 0.55, h["resource"], ha="center", va="center", fontsize=7.5, color="#1b1b1b", zorder=2,
                path_effects=[pe.withStroke(linewidth=2, foreground="white", alpha=0.6)])
        if h["number"]:
            red = h["number"] in (6, 8)
            ax.add_patch(Circle((x, y), 0.36, facecolor="#fbf3dc", edgecolor="#5a4a2a", lw=1, zorder=2))
            ax.text(x, y + 0.05, str(h["number"]), ha="center", va="center", fontsize=13 if red else 11,
                    fontweight="bold", color="#c62828" if red else "#222222", zorder=3)
            ax.text(x, y - 0.2, "•" * _pips(h["number"]), ha="center", va="center", fontsize=6,
                    color="#c62828" if red else "#222222", zorder=3)


def _draw_harbours(ax, board, geo):
    for hb in board["harbours"]:
        sx, sy = hex_xy(*hb["sea"])
        land = [geo.corner(c) for c in hb["corners"]]
        cx, cy = _mean(land)
        px, py = sx + (cx - sx) * 0.35, sy + (cy - sy) * 0.35  # towards the land
        for x, y in land:
            ax.plot([px, x], [py, y], color="#6d4c2f", lw=2, zorder=1.5, solid_capstyle="round")
        text = "3:1" if hb["resource"] == "any" else f"2:1\n{hb['resource']}"
        face = "#ffffff" if hb["resource"] == "any" else RESOURCE_COLOURS[hb["resource"]]
        ax.add_patch(Circle((px, py), 0.33, facecolor=face, edgecolor="#6d4c2f", lw=1.2, zorder=2))
        ax.text(px, py, text, ha="center", va="center", fontsize=6.5, fontweight="bold", zorder=3,
                color="#111111", path_effects=[pe.withStroke(linewidth=2, foreground="white", alpha=0.7)])


def house(x, y, size, city):
    """Outline of a settlement (a house) or a city (a tall house with a wide hall beside it)."""
    s = size
    if not city:
        return [(x - s, y - s), (x + s, y - s), (x + s, y + 0.3 * s), (x, y + 1.1 * s), (x - s, y + 0.3 * s)]
    return [(x - 1.5 * s, y - s), (x + 1.5 * s, y - s), (x + 1.5 * s, y + 0.35 * s), (x, y + 0.35 * s),
            (x, y + 1.1 * s), (x - 0.75 * s, y + 1.85 * s), (x - 1.5 * s, y + 1.1 * s)]


def draw_board(events, labels=None, title=None, layers=()):
    """The Figure of the board at the end of the game in `events` (replay events, board first).

    labels: a name per table seat for the legend (e.g. its policy); layers: functions
    (ax, board, events, geometry) drawing variant pieces on top and returning legend
    entries for them (a list, empty when the game has none).
    """
    board = events[0]
    if board.get("type") != "board":
        raise ValueError("the first event must be the board")
    geo = Geometry(board)
    settlements, cities, roads, robber, end = end_state(events)
    fig, ax = plt.subplots(figsize=(10.6, 8.2), layout="constrained")
    ax.set_facecolor(SEA)
    ax.grid(False)
    for side in ax.spines.values():
        side.set_visible(False)
    _draw_hexes(ax, board, geo)
    _draw_harbours(ax, board, geo)
    outline = [pe.Stroke(linewidth=7, foreground="#111111"), pe.Normal()]
    for e, p in roads.items():
        (x1, y1), (x2, y2) = geo.edge(e)
        ax.plot([x1, x2], [y1, y2], color=geo.colour(p), lw=5, solid_capstyle="round", zorder=4, path_effects=outline)
    for pieces, city in ((settlements, False), (cities, True)):
        for c, p in pieces.items():
            x, y = geo.corner(c)
            ax.add_patch(Polygon(house(x, y, 0.2 if city else 0.16, city), closed=True, facecolor=geo.colour(p),
                                 edgecolor="#111111", lw=1.3, zorder=5))
    if robber is not None:
        x, y = geo.hex(robber)
        geo.robber_artists = [
            ax.add_patch(Circle((x + 0.5, y - 0.35), 0.17, facecolor="#2b2b2b", edgecolor="white", lw=1.2, zorder=6)),
            ax.text(x + 0.5, y - 0.35, "R", ha="center", va="center", color="white", fontsize=8, fontweight="bold",
                    zorder=7)]
    extra = []
    for layer in layers:
        extra += layer(ax, board, events, geo) or []
    _legend(ax, board, labels, end, extra, robber=bool(geo.robber_artists))
    ax.set_xlim(-5.6, 5.6)
    ax.set_ylim(-5.3, 5.3)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title or "The board at the end of the game", loc="left")
    return fig


def _legend(ax, board, labels, end, extra=(), robber=True):
    winner = end.get("winner", -1) if end else -1
    handles = []
    for p in range(board["players"]):
        who = fmt.capital(solo_player()) if board["players"] == 1 else f"seat {p}"
        name = who + (f": {labels[p]}" if labels else "") + (" (winner)" if p == winner else "")
        handles.append(plt.Line2D([], [], marker="s", ls="", markersize=10, markerfacecolor=PLAYER_COLOURS[p],
                                  markeredgecolor="#111111", label=name))
    handles.append(plt.Line2D([], [], marker=_marker(False), ls="", markersize=10, markerfacecolor="#dddddd",
                              markeredgecolor="#111111", label="settlement"))
    handles.append(plt.Line2D([], [], marker=_marker(True), ls="", markersize=13, markerfacecolor="#dddddd",
                              markeredgecolor="#111111", label="city"))
    if robber:
        handles.append(plt.Line2D([], [], marker="o", ls="", markersize=10, markerfacecolor="#2b2b2b",
                                  markeredgecolor="white", label="robber (R)"))
    ax.figure.legend(handles=[*handles, *extra], loc="outside right upper", fontsize=9, frameon=False)


def _marker(city):
    """The house outline as a legend marker."""
    return [(x, y) for x, y in house(0, 0, 1, city)] + [house(0, 0, 1, city)[0]]
