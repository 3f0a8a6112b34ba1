"""Does a sweep's recommendation hold for strong players?  (issue 37 item 4)  What the Answer box and
verdicts.json say beside a "Pick from" line, per verdict and per setting:

    checked        the sweep was played by strong players in every seat (--players strong): its verdicts
                   and its pick are theirs
    compared       `robust` compared this sweep (its DIR/hand) with the same sweep played by other players and
                   wrote the comparisons beside it (FILE): per comparison and verdict holds / does not hold /
                   undetermined (reports.train_robust), and per setting whether the other players' sweep shows
                   it less fair
    not checked    neither: the command that checks it (`robust ... --players strong`)

    said = robustness(study)          # {"state", "players", "measures", "settings", "command", "text"}; None
    said["settings"]["a"]             # {"strong ... in every seat": "less fair (seat fairness)" | "not shown less fair"}
    words(said, ["a", "b"])           # the Answer's line: the verdicts, then the picked settings one by one
"""
from reports import train_robust
from simcore.run import grid
from simcore.run.outputs import read_json
from simcore.run.styles import PLAYED_BY

FILE = "robustness.json"   # written by `catan-balance robust` into its DIR/hand (simcore.commands.robust)
TITLES = {k: v.lower() for k, v in train_robust.TITLES.items()}   # in a sentence
# what robustness.json keeps of each verdict's comparison (reports.train_robust.compare)
KEPT = ("state", "less_fair_hand", "less_fair_tuned", "sharper", "unconfirmed", "reversed", "games")
NOT_SHOWN, LESS_FAIR = "not shown less fair", "less fair"


def robustness(study):
    """What is known of the sweep's verdicts with strong (or other) players; None where the report is not a
    sweep's."""
    if study.kind != "sweep":
        return None
    meta = study.meta
    labels = [r.label for r in study.runs]
    if any(str(o).split("=", 1)[0].strip() == PLAYED_BY for o in meta.get("overrides") or []):
        return {"state": "checked", "players": "strong", "measures": {}, "command": None,
                "settings": {x: {"strong": "played"} for x in labels},
                "text": "Checked with strong players: every seat was played by the strong player (--players "
                        "strong), each style's seat restricted to its style; the pick is theirs."}
    found = read_json(study.path / FILE)
    comparisons = _comparisons(found)
    if comparisons:
        said = "; ".join(f"with {c['players']}{' (a strength-and-style mix)' if c.get('mix') else ''}: "
                         + ", ".join(f"{TITLES.get(k, k)} {v['state']}" for k, v in c["measures"].items())
                         for c in comparisons)
        # the settings by their labels in the comparisons (verdicts.json's): a report's pages name them in words,
        # in the same order (reports.labels.shown)
        raw = found.get("settings") if isinstance(found.get("settings"), list) else None
        raw = raw if raw is not None and len(raw) == len(labels) else labels
        return {"state": "compared", "players": "; ".join(c["players"] for c in comparisons),
                "measures": {k: v["state"] for k, v in comparisons[0]["measures"].items()},
                "comparisons": comparisons, "settings": {x: _setting(r, comparisons) for x, r in zip(labels, raw)},
                "command": found.get("command"),
                "text": f"{said[0].upper()}{said[1:]} (`{found.get('command')}`; {found.get('report')})."}
    vary = "".join(f" --vary '{k}={','.join(grid.toml_value(v) for v in vs)}'" for k, vs in study.vary.items())
    sets = "".join(f" --set '{o}'" for o in meta.get("overrides") or [] if not str(o).startswith(("games=", "seed=")))
    command = (f"catan-balance robust {meta.get('source')} --players strong -n {meta.get('games')} "
               f"--seed {meta.get('seed')}{vary}{sets}")
    return {"state": "not checked", "players": None, "measures": {}, "command": command,
            "settings": {x: {} for x in labels},
            "text": f"Not checked with strong players: `{command}` plays the sweep again with every seat strong "
                    "(each style's seat restricted to its style) and says whether these verdicts hold."}


def _comparisons(found):
    """The comparisons of a robustness.json: its list, or the one comparison a file written before it had
    (players, measures: {key: {state}})."""
    if not isinstance(found, dict):
        return []
    listed = found.get("comparisons")
    if not isinstance(listed, list):
        listed = [{"players": found.get("players"), "measures": found.get("measures")}]
    return [c for c in listed if isinstance(c, dict) and isinstance(c.get("measures"), dict)
            and all(isinstance(v, dict) for v in c["measures"].values())]


def _setting(label, comparisons):
    """{who: 'less fair (seat fairness)' | 'not shown less fair'} of one setting; nothing for a comparison that
    did not keep the other sweep's less fair settings (a robustness.json written before them)."""
    out = {}
    for c in comparisons:
        measures = {k: v for k, v in c["measures"].items() if "less_fair_tuned" in v}
        if not measures:
            continue
        worse = [TITLES.get(k, k) for k, v in measures.items() if label in v["less_fair_tuned"]]
        out[c["players"]] = f"{LESS_FAIR} ({', '.join(worse)})" if worse else NOT_SHOWN
    return out


def words(said, picked):
    """The Answer's line beside 'Pick from': the verdicts' robustness, then each picked setting's (item 4)."""
    if said["state"] != "compared":
        return said["text"]
    per = []
    for who in dict.fromkeys(w for x in picked for w in said["settings"].get(x, {})):
        states = {x: said["settings"].get(x, {}).get(who) for x in picked}
        shown = [x for x, s in states.items() if s == NOT_SHOWN]
        worse = [f"{x}{s[len(LESS_FAIR):]}" for x, s in states.items() if s and s != NOT_SHOWN]
        per.append(f"with {who}: " + ", ".join(([f"{NOT_SHOWN}: {'; '.join(shown)}"] if shown else []) +
                                               ([f"{LESS_FAIR}: {'; '.join(worse)}"] if worse else [])))
    return said["text"] + "".join(f" The picked settings {x}." for x in per)
