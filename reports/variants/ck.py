"""The report entry of Cities & Knights (docs/rules.md, Cities & Knights; declared in simcore/variants/ck/__init__.py):
barbarian outcomes, improvement levels by policy, commodity flows (reports.variants)."""
import numpy as np

from reports import plotting as c
from reports.variants import VariantReport

TRACKS = ("science", "trade", "politics")
TRACK_COLOURS = ("#55a868", "#ccb974", "#4c72b0")


def _rows(study, df):
    """Rows: policies of a single run, else settings (all seats together)."""
    if len(study.runs) == 1:
        labels = study.runs[0].labels
        order = labels if len(labels) > 1 else ["all"]
        return df[df["policy"].isin(order)], order, "policy"
    return df[df["policy"] == "all"], [r.label for r in study.runs], "setting"


def barbarian_outcomes(study, tables):
    """Attacks per game that Catan repelled and that the barbarians won, per setting."""
    m = tables["measures"]
    if not len(m) or "ck_attacks" not in set(m["column"]):
        return []
    m = m[m["column"].isin(["ck_attacks_won", "ck_attacks_lost", "ck_cities_pillaged"])]
    table = m.pivot_table(index="setting", columns="column", values="mean", aggfunc="first")
    order = [r.label for r in study.runs]
    table = table.reindex(order)
    if table[["ck_attacks_won", "ck_attacks_lost"]].to_numpy().sum() == 0:
        return []
    fig, ax = c._figure(9, max(3.0, 0.5 * len(order) + 2.2))
    y = np.arange(len(order))[::-1]
    won, lost = table["ck_attacks_won"].to_numpy(), table["ck_attacks_lost"].to_numpy()
    ax.barh(y, won, 0.6, color="#55a868", label="repelled")
    ax.barh(y, lost, 0.6, left=won, color="#c44e52", label="won by the barbarians (cities pillaged)")
    for yi, w, lo, p in zip(y, won, lost, table["ck_cities_pillaged"].to_numpy()):
        ax.text(w + lo, yi, f"  {w:.1f} + {lo:.1f}; {p:.1f} cities pillaged", va="center", fontsize=8.5)
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_xlim(0, max(1.0, (won + lost).max() * 1.5))
    ax.set_xlabel("barbarian attacks per game")
    ax.grid(axis="y", visible=False)
    c._legend_below(ax, ncol=2)
    c._title(ax, "Barbarian attacks", "mean attacks per game by outcome, per setting · " + c._runs_text(study))
    share = lost.sum() / max((won + lost).sum(), 1e-9)
    says = f"The barbarians win {100 * share:.0f}% of their attacks ({(won + lost).mean():.1f} attacks per game)."
    return [c.Chart("ck_barbarians", "Barbarian attacks", c._done(fig), says)]


def improvement_levels(study, tables):
    """Mean improvement level at the end per track, per policy (or setting)."""
    counters = tables["counters"]
    names = [f"ck_level_{t}" for t in TRACKS]
    df = counters[counters["counter"].isin(names)]
    if not len(df) or df["mean"].abs().sum() == 0:
        return []
    df, order, key = _rows(study, df)
    table = df.pivot_table(index=key, columns="counter", values="mean", aggfunc="first").reindex(order)
    fig, ax = c._figure(9, max(3.2, 0.7 * len(order) + 2.2))
    y = np.arange(len(order))[::-1].astype(float)
    for i, (t, colour) in enumerate(zip(TRACKS, TRACK_COLOURS)):
        ax.barh(y + 0.25 * (1 - i), table[f"ck_level_{t}"].fillna(0), 0.24, color=colour, label=t)
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_xlim(0, 5)
    ax.set_xlabel("improvement level at the end of the game (0-5; 4 can hold a metropolis)")
    ax.grid(axis="y", visible=False)
    c._legend_below(ax, ncol=3)
    c._title(ax, "City improvements", f"mean level per track, per {key}")
    totals = table[names].sum(axis=1)
    says = f"{totals.idxmax()} improves its cities most ({totals.max():.1f} levels in all per game)."
    return [c.Chart("ck_levels", "City improvements", c._done(fig), says)]


def commodity_flows(study, tables):
    """Commodities gained from production and spent on improvements, per policy."""
    flows = tables["flows"]
    gain = flows[(flows["kind"] == "gain") & (flows["source"] == "commodities")]
    spend = flows[(flows["kind"] == "spend") & (flows["source"] == "improvements")]
    if not len(gain) or gain["mean"].abs().sum() == 0:
        return []
    gain, order, key = _rows(study, gain)
    spend, _, _ = _rows(study, spend)
    g = gain.set_index(key)["mean"].reindex(order)
    s = spend.set_index(key)["mean"].reindex(order).fillna(0)
    fig, ax = c._figure(9, max(3.0, 0.6 * len(order) + 2.2))
    y = np.arange(len(order))[::-1].astype(float)
    ax.barh(y + 0.18, g, 0.34, color="#8172b2", label="gained from production")
    ax.barh(y - 0.18, s, 0.34, color="#dd8452", label="spent on city improvements")
    ax.set_yticks(y)
    ax.set_yticklabels(order)
    ax.set_xlabel("commodities (paper, cloth, coin) per player and game")
    ax.grid(axis="y", visible=False)
    c._legend_below(ax, ncol=2)
    c._title(ax, "Commodity flows", f"per {key}; the rest was traded, stolen or discarded")
    says = f"Players gain {g.mean():.1f} commodities per game and spend {s.mean():.1f} on improvements."
    return [c.Chart("ck_commodities", "Commodity flows", c._done(fig), says)]


def _end_pieces(events):
    """(setup cities, knights {corner: (player, level)}, metropolises {track: corner}, walls {corner}) at the end."""
    cities, knights, metros, walls = {}, {}, {}, set()
    for ev in events:
        kind = ev["type"]
        if kind == "ck_setup_city":
            cities[ev["corner"]] = ev["player"]
        elif kind == "ck_pillage":
            cities.pop(ev["corner"], None)
            walls.discard(ev["corner"])
        elif kind == "ck_knight_build":
            knights[ev["corner"]] = (ev["player"], 1)
        elif kind == "ck_knight_promote":
            knights[ev["corner"]] = (ev["player"], ev["level"])
        elif kind == "ck_knight_move":
            displaced = knights.get(ev["to_corner"])
            knights[ev["to_corner"]] = knights.pop(ev["from_corner"])
            if ev["displaced_owner"] >= 0 and ev["retreat_corner"] >= 0:
                knights[ev["retreat_corner"]] = displaced
        elif kind == "ck_metropolis":
            metros[ev["track"]] = ev["corner"]
        elif kind == "ck_wall":
            walls.add(ev["corner"])
    return cities, knights, metros, walls


def ck_layer(ax, board, events, geo):
    """Setup cities, city walls (a grey ring), metropolises (a star in the track's colour) and knights (a disc
    in the owner's colour with its level)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Polygon
    from reports.board import house
    cities, knights, metros, walls = _end_pieces(events)
    if not (cities or knights):
        return []
    for corner, player in cities.items():
        x, y = geo.corner(corner)
        ax.add_patch(Polygon(house(x, y, 0.2, True), closed=True, facecolor=geo.colour(player), edgecolor="#111111",
                             lw=1.3, zorder=5.1))
    for corner in walls:
        ax.add_patch(Circle(geo.corner(corner), 0.3, facecolor="none", edgecolor="#6b6b6b", lw=2.5, zorder=4.9))
    for track, corner in metros.items():
        x, y = geo.corner(corner)
        ax.plot([x], [y + 0.3], marker="*", markersize=14, color=TRACK_COLOURS[TRACKS.index(track)], markeredgecolor="#111111",
                zorder=6)
    for corner, (player, level) in knights.items():
        x, y = geo.corner(corner)
        ax.add_patch(Circle((x, y), 0.15, facecolor=geo.colour(player), edgecolor="#111111", lw=1.2, zorder=5.5))
        ax.text(x, y, str(level), ha="center", va="center", fontsize=7, fontweight="bold", zorder=5.6)
    return [Line2D([], [], marker="o", ls="", markersize=10, markerfacecolor="#bbbbbb", markeredgecolor="#111111",
                   label="knight (its level)"),
            Line2D([], [], marker="*", ls="", markersize=12, markerfacecolor="#bbbbbb", markeredgecolor="#111111",
                   label="metropolis (track colour)"),
            Line2D([], [], marker="o", ls="", markersize=12, markerfacecolor="none", markeredgecolor="#6b6b6b",
                   label="city wall")]


# --- the replay page (reports.replay_state): its pieces, VP and counts, event by event ---

KNIGHTS_PER_LEVEL = 2         # docs/rules.md, Cities & Knights: two knights of each level per player
ACTIVE_RING = "#f5b700"       # an active knight's ring on the page


def _knight(state, corner, player, level, active):
    state.put(f"knight:{corner}", "knight", player, "disc", ["corner", corner], text=str(level), level=level,
              breaks=True, status="active" if active else "inactive", **({"ring": ACTIVE_RING} if active else {}))


def _take_knight(state, corner):
    x = state.pieces.get(f"knight:{corner}")
    state.drop(f"knight:{corner}")
    return (x["player"], x["level"], x["status"] == "active") if x else (-1, 0, False)


def _counts(state):
    for p in range(state.players):
        knights = [x for x in state.pieces.values() if x["kind"] == "knight" and x["player"] == p]
        state.counts[p]["knights"] = len(knights)
        state.counts[p]["active strength"] = sum(x["level"] for x in knights if x["status"] == "active")


def _city(state, corner, player, damaged=False):
    extra = {"status": "damaged", "text": "damaged"} if damaged else {}
    state.put(f"bld:{corner}", "city", player, "city", ["corner", corner], vp=2, **extra)


def _levels(state, player, level):
    """How many knights of `level` the player has on the board."""
    return sum(1 for x in state.pieces.values() if x["kind"] == "knight" and x["player"] == player
               and x["level"] == level)


def _card_target(state, ev):
    """The board moves of a progress card (simcore/variants/ck/progress.py `target`)."""
    card, p, a, b, q = ev["progress"], ev["player"], ev["target"], ev["second"], ev["other_player"]
    if card == "medicine":
        _city(state, a, p)
    elif card == "diplomat":
        state.drop(f"road:{a}")
        if b >= 0:
            state.road(b, p)
    elif card == "intrigue":
        owner, level, active = _take_knight(state, a)
        if b >= 0:
            _knight(state, b, owner, level, active)
    elif card == "deserter":
        _, level, active = _take_knight(state, a)
        if _levels(state, p, level) >= KNIGHTS_PER_LEVEL:     # none of that strength left: a basic one
            level = 1 if _levels(state, p, 1) < KNIGHTS_PER_LEVEL else 0
        if b >= 0 and level > 0:
            _knight(state, b, p, level, active)
    elif card == "warlord":
        for x in list(state.pieces.values()):
            if x["kind"] == "knight" and x["player"] == p:
                _knight(state, x["at"][1], p, x["level"], True)


def page_events(state, ev):
    """Cities & Knights (docs/rules.md, Cities & Knights) on the replay page: setup cities, walls, damage, pillage,
    metropolises (+2 VP), knights with level and state, the merchant (+1 VP), Defender and
    VP progress cards, improvement levels, the barbarians' track, the Inventor's swaps."""
    kind, p = ev["type"], ev["player"]
    if not kind.startswith("ck_"):
        return
    if kind == "ck_setup_city":
        _city(state, ev["corner"], p)
    elif kind == "ck_wall":
        state.put(f"wall:{ev['corner']}", "wall", p, "ring", ["corner", ev["corner"]], colour="#6b6b6b")
    elif kind == "ck_sabotage" and ev["corner"] >= 0:
        _city(state, ev["corner"], ev["victim"], damaged=True)
    elif kind == "ck_repair":
        _city(state, ev["corner"], p)
    elif kind == "ck_pillage":
        state.drop(f"wall:{ev['corner']}")
        if ev["lost"]:
            state.drop(f"bld:{ev['corner']}")
        else:
            state.building(ev["corner"], p, False)
    elif kind == "ck_metropolis":
        track = ev["track"]
        state.put(f"metro:{track}", "metropolis", p, "star", ["corner", ev["corner"]],
                  colour=TRACK_COLOURS[TRACKS.index(track)], text=track, vp=2)
    elif kind == "ck_knight_build":
        _knight(state, ev["corner"], p, 1, False)
    elif kind == "ck_knight_activate":
        _knight(state, ev["corner"], p, state.pieces[f"knight:{ev['corner']}"]["level"], True)
    elif kind == "ck_knight_promote":
        was = state.pieces[f"knight:{ev['corner']}"]
        _knight(state, ev["corner"], p, ev["level"], was["status"] == "active")
    elif kind == "ck_knight_move":
        displaced = _take_knight(state, ev["to_corner"])
        _, level, _ = _take_knight(state, ev["from_corner"])
        _knight(state, ev["to_corner"], p, level, False)
        if ev["displaced_owner"] >= 0 and ev["retreat_corner"] >= 0:
            _knight(state, ev["retreat_corner"], *displaced)
    elif kind == "ck_knight_chase":
        _knight(state, ev["corner"], p, state.pieces[f"knight:{ev['corner']}"]["level"], False)
        state.move_robber(ev["to_hex"])
    elif kind == "ck_attack":
        for x in list(state.pieces.values()):
            if x["kind"] == "knight":
                _knight(state, x["at"][1], x["player"], x["level"], False)
        state.notes["last attack"] = (f"{ev['barbarians']} barbarians against {ev['knights']} knights: "
                                      f"{ev['outcome']}")
        state.tracks["barbarians"][0] = 0       # the ship goes back to the start (simcore/variants/ck/barbarians.py)
    elif kind == "ck_barbarians":
        state.tracks["barbarians"] = [ev["step"], ev["of"]]
    elif kind == "ck_merchant":
        state.put("merchant", "merchant", p, "token", ["hex", ev["hex"]], text="M", offset=[-0.5, 0.35], vp=1)
    elif kind == "ck_defender":
        state.extra_vp[p]["defender"] = state.extra_vp[p].get("defender", 0) + 1
    elif kind == "ck_draw" and ev["progress"] in ("printer", "constitution"):
        state.extra_vp[p]["progress"] = state.extra_vp[p].get("progress", 0) + 1
    elif kind == "ck_improve":
        state.counts[p][ev["track"]] = ev["level"]
    elif kind == "ck_inventor":
        state.set_number(ev["hex_a"], ev["number_b"])
        state.set_number(ev["hex_b"], ev["number_a"])
    elif kind == "ck_card_target":
        _card_target(state, ev)
    _counts(state)


EVENT_WORDS = {
    "ck_setup_city": "{who} places a city at corner {corner} (setup)",
    "ck_roll": "{who} rolls red {red}, yellow {yellow} (event die: {event}) = {total}",
    "ck_barbarians": "the barbarians advance: step {step} of {of}",
    "ck_attack": "the barbarians attack ({attack}): {barbarians} against {knights} knights: {outcome}",
    "ck_pillage": "the barbarians pillage {who}'s city at corner {corner}",
    "ck_defender": "{who} becomes Defender of Catan (+1 VP; {left} cards left)",
    "ck_draw": "{who} draws a progress card: {progress} ({colour}, {why})",
    "ck_improve": "{who} improves {track} to level {level}",
    "ck_metropolis": "{who} takes the {track} metropolis (corner {corner}) from {from_player_who}",
    "ck_wall": "{who} builds a city wall at corner {corner}",
    "ck_knight_build": "{who} builds a knight at corner {corner}",
    "ck_knight_activate": "{who} activates the knight at corner {corner}",
    "ck_knight_promote": "{who} promotes the knight at corner {corner} to level {level}",
    "ck_knight_move": "{who} moves a knight from corner {from_corner} to corner {to_corner}",
    "ck_knight_chase": "{who}'s knight at corner {corner} chases the robber from hex {from_hex} to hex {to_hex}",
    "ck_aqueduct": "{who} takes a {res} (aqueduct)",
    "ck_repair": "{who} repairs the city at corner {corner}",
    "ck_play_progress": "{who} plays {progress}",
    "ck_inventor": "{who} swaps the numbers of hexes {hex_a} and {hex_b} ({number_a} and {number_b})",
    "ck_merchant": "{who} puts the merchant on hex {hex} (+1 VP)",
    "ck_sabotage": "{who} sabotages {victim_who}",
    "ck_discard_progress": "{who} discards the progress card {progress}",
}


ENTRY = VariantReport(
    name="ck",
    title="Cities & Knights",
    setting_words={"victory_points": lambda n: f"{n} VP", "barbarian_steps": lambda n: f"barbarians in {n} steps"},
    charts=(barbarian_outcomes, improvement_levels, commodity_flows),
    board_layers=(ck_layer,),
    page_events=page_events,
    event_words=EVENT_WORDS,
    page_legend={"knight": "disc: a knight (its level; a gold ring: active)", "wall": "grey ring: a city wall",
                 "metropolis": "star: a metropolis (+2 VP; the track's colour)", "merchant": "M: the merchant (+1 VP)"},
    ladder_stats=(   # a ladder's play statistics per player (reports.ladder), per seat-game
        ("attacks lost at its tables", "game", ("ck_attacks_lost",)),
        ("own cities pillaged", "seat", ("ck_cities_pillaged",)),
        ("knight actions", "seat", ("ck_knight_actions",)),
        ("knights activated", "seat", ("ck_knights_activated",)),
        ("metropolises", "seat", ("ck_metropolises",)),
    ),
    averages=(
        ("metropolises", ("ck_metropolises",)),
        ("improvement levels", ("ck_level_science", "ck_level_trade", "ck_level_politics")),
        ("knights built", ("ck_knights_built",)),
        ("Defender cards", ("ck_defender_cards",)),
        ("cities pillaged", ("ck_cities_pillaged",)),
        ("progress cards drawn", ("ck_progress_drawn",)),
        ("progress cards played", ("ck_progress_played",)),
        ("commodities gained", ("gain_commodities",)),
    ),
    about="Barbarian attacks and their outcomes, city improvement levels and commodity flows.",
)
