"""Does a sweep's verdict survive tuned bots?  Two verdicts.json of the same sweep, one played by the
hand-written presets and one by the tuned ones (`catan-balance robust`), measure by measure.

A verdict can be compared only where both sweeps reached one: some setting shown less fair
(reports.verdicts).  Where neither (or only one) did, the answer is "undetermined at N games per
setting", with the games that would decide where a sweep estimates them.  Where both did, it
"holds" when the fairest estimate of each is not shown less fair in the other and no setting is
less fair in one and in the fairest set of the other; settings whose status
changes are named.  A measure in only one sweep (the styles, when every seat plays the tuned
preset) is reported as it stands there.
"""
from pathlib import Path

from reports.files import write_text
from reports.render import to_html, to_markdown
from reports.verdicts import to_json
from simcore.run.outputs import read_json

TITLES = {"seats": "Seat fairness", "styles": "Fairness between playing styles"}


def compare(hand, tuned):
    """{measure: {state, holds, fairest_hand, fairest_tuned, flipped: [setting...], ...}} per measure of
    either document (verdicts.json of each sweep).  state: 'holds', 'does not hold', 'shifts',
    'undetermined' (a sweep without a less fair setting) or 'hand only' / 'tuned only'."""
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
               "less_fair_tuned": sorted(less_b), "flipped": flipped, "text_hand": a["text"], "text_tuned": b["text"],
               "games": min([*a["games"].values(), *b["games"].values()]),
               "games_to_decide": max((x for x in (a.get("games_to_tell_apart"), b.get("games_to_tell_apart"))
                                       if x), default=None)}
        if not less_a or not less_b:
            row.update(state="undetermined", holds=None)
        else:
            holds = a["fairest"][0] in b["fairest"] and b["fairest"][0] in a["fairest"] and not flipped
            row.update(state="holds" if holds else "does not hold" if flipped else "shifts", holds=holds)
        out[key] = row
    return out


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
    """Per verdict whether it holds, is undetermined, or stands in one sweep only; then (with `diffs`)
    how the significant differences compare.  who: the second sweep's players in words."""
    tail = [] if diffs is None else [difference_sentence(diffs, tuned_name)]
    if not result:
        return ["The two sweeps share no verdict to compare (a verdict needs two or more settings)."] + tail
    out = []
    for key, r in result.items():
        title = TITLES.get(key, key)
        if r["state"] in ("hand only", "tuned only"):
            hand = r["state"] == "hand only"
            out.append(f"{title}: only with {'the hand-written bots' if hand else who} (every seat plays one preset "
                       f"in {'the other sweep' if hand else 'the sweep as written'}, so it has no styles to compare): "
                       f"{r['text']}")
            continue
        if r["state"] == "undetermined":
            decide = (f"about {r['games_to_decide']:,} per setting would decide" if r["games_to_decide"] else
                      "more games per setting would be needed")
            out.append(f"{title}: undetermined at {r['games']:,} games per setting ({decide}): "
                       + ("neither sweep shows" if not r["less_fair_hand"] and not r["less_fair_tuned"] else
                          "only one sweep shows") + " a setting less fair than another, so there is no verdict to "
                       "hold or break.")
            continue
        head = (f"{title}: not shown less fair with the hand-written bots {_names(r['fairest_hand'], r)}; with "
                f"{tuned_name} {_names(r['fairest_tuned'], r)}.")
        if r["holds"]:
            out.append(head + f" The verdict holds with {who}.")
        elif r["flipped"]:
            out.append(head + f" The verdict does not hold: {_names(r['flipped'])} changed between the fairest set "
                       "and less fair.")
        else:
            out.append(head + " The verdict shifts: the fairest estimate of one is less fair in the other, though "
                       "no setting flips from the fairest set to less fair.")
    return out + tail


def _names(names, result=None, most=4):
    """'a; b; c', 'all 12 settings' or 'a; b; c; d and 5 more'."""
    if not names:
        return "none"
    if result is not None and len(names) > 1 and len(names) == len(result["fairest_hand"]) + \
            len(result["less_fair_hand"]):
        return f"all {len(names)} settings"
    shown = "; ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def write(result, words, out, command, diffs=None, folder="tuned", who="tuned bots",
          how="every seat played by the tuned preset"):
    """robust.json, report.md/.html; folder: the second sweep's directory, who: its players in words, how:
    how it seats them."""
    out = Path(out)
    write_text(out / "robust.json", to_json({"measures": result, "differences": diffs, "text": " ".join(words),
                                             "command": command}))
    doc = [("h1", f"Do the verdicts survive {who}?"), ("ul", words),
           ("p", f"hand/ holds the sweep as written, {folder}/ the same sweep with {how}; each has its own report."),
           ("links", [("The sweep with the hand-written bots", "hand/report.html"),
                      (f"The sweep with {who}", f"{folder}/report.html")]),
           ("h2", "Reproduce"), ("pre", command)]
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, "catan-balance robust", {}))
    return {"html": out / "report.html", "json": out / "robust.json"}


def read_verdicts(folder):
    return read_json(Path(folder) / "verdicts.json") or {}
