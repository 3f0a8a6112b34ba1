"""Does a sweep's recommendation hold for strong players?  (issue 37 item 4)  What the Answer box and
verdicts.json say beside a "Pick from" line:

    checked        the sweep was played by strong players in every seat (--players strong): its verdicts
                   are theirs
    holds / does not hold / shifts / undetermined
                   `robust` compared this sweep (its DIR/hand) with the same sweep played by other players
                   and wrote the comparison beside it (FILE, reports.train_robust's states per measure)
    not checked    neither: the command that checks it (`robust ... --players strong`)

    said = robustness(study)    # {"state", "players", "measures", "command", "text"}; None for a run
"""
from simcore.run import grid
from simcore.run.outputs import read_json
from simcore.run.styles import PLAYED_BY

FILE = "robustness.json"   # written by `catan-balance robust` into its DIR/hand (simcore.commands.robust)
TITLES = {"seats": "seat fairness", "styles": "fairness between playing styles"}


def robustness(study):
    """What is known of the sweep's verdicts with strong players; None where the report is not a sweep's."""
    if study.kind != "sweep":
        return None
    meta = study.meta
    if any(str(o).split("=", 1)[0].strip() == PLAYED_BY for o in meta.get("overrides") or []):
        return {"state": "checked", "players": "strong", "measures": {}, "command": None,
                "text": "Checked with strong players: every seat was played by the strong player (--players "
                        "strong), each style's seat restricted to its style."}
    found = read_json(study.path / FILE)
    if isinstance(found, dict) and isinstance(found.get("measures"), dict):
        states = {k: v.get("state") for k, v in found["measures"].items() if isinstance(v, dict)}
        said = "; ".join(f"{TITLES.get(k, k)} {state}" for k, state in states.items() if state)
        return {"state": "compared", "players": found.get("players"), "measures": states,
                "command": found.get("command"),
                "text": f"With {found.get('players')}: {said} (`{found.get('command')}`; {found.get('report')})."}
    vary = "".join(f" --vary '{k}={','.join(grid.toml_value(v) for v in vs)}'" for k, vs in study.vary.items())
    sets = "".join(f" --set '{o}'" for o in meta.get("overrides") or [] if not str(o).startswith(("games=", "seed=")))
    command = (f"catan-balance robust {meta.get('source')} --players strong -n {meta.get('games')} "
               f"--seed {meta.get('seed')}{vary}{sets}")
    return {"state": "not checked", "players": None, "measures": {}, "command": command,
            "text": f"Not checked with strong players: `{command}` plays the sweep again with every seat strong "
                    "(each style's seat restricted to its style) and says whether these verdicts hold."}
