"""Does a sweep's verdict survive tuned bots?  Two verdicts.json of the same sweep, one played by the
hand-written presets and one by the tuned ones (`catan-balance robust`), measure by measure.

A verdict "holds" when the fairest setting of each is statistically tied for fairest in the
other (the two fairest sets overlap at their tops) and no setting is significantly less fair
in one and fairest in the other.  Settings whose status changes are named.
"""
from pathlib import Path

from reports.files import write_text
from reports.render import to_html, to_markdown
from reports.verdicts import to_json
from simcore.outputs import read_json

TITLES = {"seats": "Seat fairness", "styles": "Fairness between playing styles"}


def compare(hand, tuned):
    """{measure: {holds, fairest_hand, fairest_tuned, flipped: [setting...]}} for measures in both documents."""
    out = {}
    for key, a in hand.get("measures", {}).items():
        b = tuned.get("measures", {}).get(key)
        if b is None or not a["fairest"] or not b["fairest"]:
            continue
        less_a = {s["setting"] for s in a["settings"] if not s["tied_with_fairest"]}
        less_b = {s["setting"] for s in b["settings"] if not s["tied_with_fairest"]}
        flipped = sorted((less_a & set(b["fairest"])) | (less_b & set(a["fairest"])))
        holds = a["fairest"][0] in b["fairest"] and b["fairest"][0] in a["fairest"] and not flipped
        out[key] = {"holds": holds, "fairest_hand": a["fairest"], "fairest_tuned": b["fairest"],
                    "less_fair_hand": sorted(less_a), "less_fair_tuned": sorted(less_b), "flipped": flipped,
                    "text_hand": a["text"], "text_tuned": b["text"]}
    return out


def sentences(result, tuned_name):
    if not result:
        return ["The two sweeps share no verdict to compare (a verdict needs two or more settings)."]
    out = []
    for key, r in result.items():
        title = TITLES.get(key, key)
        head = (f"{title}: fairest with the hand-written bots {_names(r['fairest_hand'])}; with {tuned_name} "
                f"{_names(r['fairest_tuned'])}.")
        if r["holds"]:
            out.append(head + " The verdict holds with tuned bots.")
        elif r["flipped"]:
            out.append(head + f" The verdict does not hold: {_names(r['flipped'])} changed between fairest and "
                       "significantly less fair.")
        else:
            out.append(head + " The verdict shifts: the fairest setting of one is not tied for fairest in the "
                       "other, though no setting flips from fairest to significantly less fair.")
    return out


def _names(names):
    return ", ".join(names) if names else "none"


def write(result, words, out, command):
    out = Path(out)
    write_text(out / "robust.json", to_json({"measures": result, "text": " ".join(words), "command": command}))
    doc = [("h1", "Do the verdicts survive tuned bots?"), ("ul", words),
           ("p", "hand/ holds the sweep as written, tuned/ the same sweep with every seat played by the tuned "
                 "preset; each has its own report."), ("h2", "Reproduce"), ("pre", command)]
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, "catan-balance robust", {}))
    return {"html": out / "report.html", "json": out / "robust.json"}


def read_verdicts(folder):
    return read_json(Path(folder) / "verdicts.json") or {}
