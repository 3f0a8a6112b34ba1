"""Does a sweep's verdict survive other players?  Two verdicts.json of the same sweep, one played by the
hand-written presets and one by other players (`catan-balance robust`), measure by measure.

A sweep's verdict says which settings are less fair: each such claim is a pair of settings whose order its
Holm test showed (reports.verdicts: `worse_than`, at the sweep's family-wise error).  Compared
(docs/verdicts.md, Does the verdict survive other players?):

    does not hold   some pair of settings is shown in opposite orders by the two sweeps (a reversal: one of
                    the two claims is false, or the players change the order); where nothing changes between
                    the sweeps it is said at most as often as either sweep's verdicts err
    holds           every setting less fair with the hand-written bots is less fair in the other sweep too, and
                    no pair is reversed (the other sweep may tell more settings apart: named)
    undetermined    either sweep tells no setting apart, or a setting less fair with the hand-written bots is
                    not told apart in the other (and nothing is reversed): at N games per setting

Not rejecting is not showing equal: a setting that is less fair in one sweep and among the fairest in the
other is no reversal unless the other shows the opposite order of some pair.  A measure in only one sweep (the
styles, when every seat plays one preset) is reported as it stands there.
"""
from pathlib import Path

from reports.files import write_text
from reports.render import to_html, to_markdown
from reports.verdicts import to_json
from simcore.run.outputs import read_json

TITLES = {"seats": "Seat fairness", "styles": "Fairness between playing styles"}


def compare(hand, tuned):
    """{measure: {state, holds, reversed: [(worse with the hand bots, worse with the others)...], unconfirmed,
    sharper, flipped, ...}} per measure of either document (verdicts.json of each sweep).  state: 'holds', 'does not
    hold', 'undetermined', or 'hand only' / 'tuned only'."""
    out = {}
    measures_a, measures_b = hand.get("measures", {}), tuned.get("measures", {})
    for key in dict.fromkeys([*measures_a, *measures_b]):
        a, b = measures_a.get(key), measures_b.get(key)
        if a is None or b is None:
            only = a or b
            out[key] = {"state": "hand only" if a else "tuned only", "holds": None, "text": only["text"]}
            continue
        less_a = {s["setting"] for s in a["settings"] if s["less_fair"]}
        less_b = {s["setting"] for s in b["settings"] if s["less_fair"]}
        flipped = sorted((less_a & set(b["fairest"])) | (less_b & set(a["fairest"])))
        row = {"fairest_hand": a["fairest"], "fairest_tuned": b["fairest"], "less_fair_hand": sorted(less_a),
               "less_fair_tuned": sorted(less_b), "flipped": flipped, "reversed": reversed_pairs(a, b),
               "unconfirmed": sorted(less_a - less_b), "sharper": sorted(less_b - less_a),
               "text_hand": a["text"], "text_tuned": b["text"],
               "games": min([*a["games"].values(), *b["games"].values()]),
               "games_to_decide": max((x for x in (a.get("games_to_tell_apart"), b.get("games_to_tell_apart"))
                                       if x), default=None)}
        if row["reversed"]:
            row.update(state="does not hold", holds=False)
        elif not less_a or not less_b or row["unconfirmed"]:
            row.update(state="undetermined", holds=None)
        else:
            row.update(state="holds", holds=True)
        out[key] = row
    return out


def reversed_pairs(a, b):
    """[(x, y)...]: x shown less fair than y by one verdict and y less fair than x by the other (each verdict's
    settings' `worse_than`, its Holm rejections; a verdicts.json written before it had them shows none)."""
    worse = [{s["setting"]: set(s.get("worse_than") or ()) for s in v["settings"]} for v in (a, b)]
    return sorted((x, y) for x, ys in worse[0].items() for y in ys if x in worse[1].get(y, ()))


def differences(hand_dir, tuned_dir):
    """The significant differences against the baseline setting (tables/comparisons.csv) that both sweeps
    measure (same setting, group and outcome): {both, hand_only, tuned_only, opposite} as lists of labels."""
    import pandas as pd
    frames = []
    for folder in (hand_dir, tuned_dir):
        path = Path(folder) / "tables" / "comparisons.csv"
        if not path.exists():
            return None
        frames.append(pd.read_csv(path).set_index(["setting", "group", "outcome"]))
    a, b = frames
    common = a.index.intersection(b.index)
    if not len(common):
        return None
    a, b = a.loc[common], b.loc[common]
    sig_a, sig_b = a["significant"].astype(bool), b["significant"].astype(bool)
    label = [f"{o} at {s}" for s, _, o in common]
    pick = lambda mask: [x for x, m in zip(label, mask) if m]   # noqa: E731
    return {"compared": len(common), "both": pick(sig_a & sig_b), "hand_only": pick(sig_a & ~sig_b),
            "tuned_only": pick(~sig_a & sig_b),
            "opposite": pick(sig_a & sig_b & (a["diff"].to_numpy() * b["diff"].to_numpy() < 0))}


def difference_sentence(d, tuned_name):
    if d is None:
        return "The two sweeps share no comparison against their baseline setting."
    if not (d["both"] or d["hand_only"] or d["tuned_only"]):
        return (f"Significant differences against the baseline setting: none with either set of bots "
                f"({d['compared']} compared).")
    text = (f"Significant differences against the baseline setting ({d['compared']} compared): "
            f"{len(d['both'])} with both, {len(d['hand_only'])} only with the hand-written bots"
            f"{_some(d['hand_only'])}, {len(d['tuned_only'])} only with {tuned_name}{_some(d['tuned_only'])}")
    if d["opposite"]:
        text += f"; in opposite directions: {_names(d['opposite'])}"
    return text + "."


def _some(names):
    return f" ({_names(names)})" if names else ""


def sentences(result, tuned_name, diffs=None, who="tuned bots"):
    """Per verdict whether it holds, does not hold, is undetermined, or stands in one sweep only; then (with
    `diffs`) how the significant differences compare.  who: the second sweep's players in words."""
    tail = [] if diffs is None else [difference_sentence(diffs, tuned_name)]
    if not result:
        return ["The two sweeps share no verdict to compare (a verdict needs two or more settings)."] + tail
    return [_sentence(TITLES.get(key, key), r, tuned_name, who) for key, r in result.items()] + tail


def _sentence(title, r, tuned_name, who):
    if r["state"] in ("hand only", "tuned only"):
        hand = r["state"] == "hand only"
        return (f"{title}: only with {'the hand-written bots' if hand else who} (every seat plays one preset "
                f"in {'the other sweep' if hand else 'the sweep as written'}, so it has no styles to compare): "
                f"{r['text']}")
    if r["state"] == "does not hold":
        pairs = "; ".join(f"{x} less fair than {y} with the hand-written bots, {y} less fair than {x} with "
                          f"{tuned_name}" for x, y in r["reversed"][:3])
        more = f" and {len(r['reversed']) - 3} more pairs" if len(r["reversed"]) > 3 else ""
        return (f"{title}: does not hold with {who}: {pairs}{more} (each sweep's Holm test, at its own "
                "family-wise error).")
    if r["state"] == "holds":
        sharper = (f"; with {tuned_name} also less fair: {_names(r['sharper'])}" if r["sharper"] else "")
        return (f"{title}: holds with {who}: every setting less fair with the hand-written bots "
                f"({_names(r['less_fair_hand'])}) is less fair with {tuned_name} too, and no pair of settings is "
                f"shown in the opposite order{sharper}.")
    decide = (f"about {r['games_to_decide']:,} per setting would decide" if r.get("games_to_decide") else
              "more games per setting would be needed")
    if r["less_fair_hand"] and r["less_fair_tuned"]:
        return (f"{title}: undetermined at {r['games']:,} games per setting: {_names(r['unconfirmed'])} less fair "
                f"with the hand-written bots, not told apart with {tuned_name}; no pair of settings is shown in the "
                "opposite order.")
    return (f"{title}: undetermined at {r['games']:,} games per setting ({decide}): "
            + ("neither sweep shows" if not r["less_fair_hand"] and not r["less_fair_tuned"] else
               "only one sweep shows") + " a setting less fair than another, so there is no verdict to "
            "hold or break.")


def _names(names, result=None, most=4):
    """'a; b; c', 'all 12 settings' or 'a; b; c; d and 5 more'."""
    if not names:
        return "none"
    if result is not None and len(names) > 1 and len(names) == len(result["fairest_hand"]) + \
            len(result["less_fair_hand"]):
        return f"all {len(names)} settings"
    shown = "; ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def write(compared, out, command):
    """robust.json and report.md/.html of the comparisons (simcore.commands.robust._compared: each with its
    folder, who, how, mix, measures, differences and words): the verdicts side by side, then each one's words."""
    out = Path(out)
    first = compared[0]
    write_text(out / "robust.json", to_json({
        "comparisons": [{k: c[k] for k in ("folder", "players", "named", "seat", "who", "mix", "measures",
                                           "differences")} for c in compared],
        "measures": first["measures"], "differences": first["differences"],   # (the first: as before)
        "text": " ".join(w for c in compared for w in c["words"]), "command": command}))
    who = " and ".join(c["who"] for c in compared)
    doc = [("h1", f"Do the verdicts survive {who}?"), _side_by_side(compared)]
    for c in compared:
        doc += [("h2", c["head"].rstrip(":")), ("ul", c["words"][1:])]
    doc += [("p", "hand/ holds the sweep as written; " + "; ".join(f"{c['folder']}/ the same sweep with {c['how']}"
                                                                    for c in compared) + "; each has its own report."),
            ("links", [("The sweep with the hand-written bots", "hand/report.html")] +
             [(f"The sweep with {c['who']}", f"{c['folder']}/report.html") for c in compared]),
            ("h2", "Reproduce"), ("pre", command)]
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, "catan-balance robust", {}))
    return {"html": out / "report.html", "json": out / "robust.json"}


def _side_by_side(compared):
    """The table: per verdict the hand-written bots' less fair settings and each comparison's state."""
    keys = list(dict.fromkeys(k for c in compared for k in c["measures"]))
    headers = ["verdict", "hand-written bots: less fair"] + [c["who"] + (" (mix)" if c["mix"] else "")
                                                              for c in compared]
    rows = []
    for key in keys:
        hand = next((c["measures"][key].get("less_fair_hand") for c in compared if key in c["measures"]), None)
        rows.append([TITLES.get(key, key), "n/a" if hand is None else _names(hand)]
                    + [_state(c["measures"].get(key)) for c in compared])
    note = ("holds: every setting less fair with the hand-written bots is less fair with the other players too; "
            "does not hold: a pair of settings shown in opposite orders; undetermined: not decided at these games "
            "(docs/verdicts.md). A mix seats one player among the hand-written bots: strength and style mixed.")
    return ("table", headers, rows, note)


def _state(r):
    if r is None:
        return "n/a"
    if r["state"] == "holds" and r.get("sharper"):
        return f"holds (also less fair: {_names(r['sharper'])})"
    if r["state"] == "undetermined" and r.get("games"):
        return f"undetermined at {r['games']:,} games"
    return r["state"]


def read_verdicts(folder):
    return read_json(Path(folder) / "verdicts.json") or {}
