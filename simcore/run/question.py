"""A scenario's own question (issue 39): the measure its report's Answer answers, and against what.

    question = { measure = "policy:devcards", compare = "baseline" }

measure  "policy:NAME"  the win rate per seat played of the seats that play NAME (a policy of the seats)
compare  "others"       against the other policies at the same table, game by game (a run or a sweep;
                        the default)
         "baseline"     each setting against the sweep's baseline setting, game by game (a sweep; a
                        run of the file says it has no baseline)

load_scenario checks it (one error line naming the file and question.KEY); meta.json keeps it as
`question` (written) for reports.question, which answers it.
"""
from simcore.engine.errors import ScenarioError, describe
from simcore.run.styles import policy_name, seats_playing

KEYS = ("measure", "compare")
COMPARES = ("others", "baseline")
EXAMPLE = 'a table, e.g. question = { measure = "policy:devcards", compare = "baseline" }'


def policies(seats, sweep=None):
    """The policies a question may name: those of the seats, and of the line-ups a [sweep] table varies."""
    names = [policy_name(s.policy, getattr(s, "search", None)) for s in seats]
    vary = sweep.get("vary", {}) if isinstance(sweep, dict) else {}
    for line_up in (vary.get("seats", []) if isinstance(vary, dict) else []):
        for seat in line_up if isinstance(line_up, list) else []:
            name = seat.get("policy") if isinstance(seat, dict) else seat
            names.append(name) if isinstance(name, str) else None
    return list(dict.fromkeys(names))


def check(table, allowed_policies, path=None):
    """The question as written -> {"measure", "policy", "compare"}; a ScenarioError naming question.KEY."""
    if not isinstance(table, dict):
        raise ScenarioError("question", f"expected a table, got {describe(table)}", EXAMPLE, file=path)
    for key in table:
        if key not in KEYS:
            raise ScenarioError(f"question.{key}", "unknown key", ", ".join(KEYS), file=path)
    allowed = f'"policy:NAME", NAME a policy of the seats ({", ".join(allowed_policies)})'
    measure = table.get("measure")
    if measure is None:
        raise ScenarioError("question.measure", "missing", allowed, file=path)
    if not isinstance(measure, str):
        raise ScenarioError("question.measure", f"expected a string, got {describe(measure)}", allowed, file=path)
    kind, _, name = measure.partition(":")
    if kind.strip() != "policy" or not name.strip():
        raise ScenarioError("question.measure", f"unknown measure {describe(measure)}", allowed, file=path)
    if not seats_playing(allowed_policies, name.strip()):   # (landlord: also strong:landlord, --players strong)
        raise ScenarioError("question.measure", f"no seat plays {describe(name.strip())}", allowed, file=path)
    compare = table.get("compare", "others")
    if compare not in COMPARES:
        raise ScenarioError("question.compare", f"unknown value {describe(compare)}",
                            " or ".join(f'"{c}"' for c in COMPARES), file=path)
    return {"measure": f"policy:{name.strip()}", "policy": name.strip(), "compare": compare}


def written(raw):
    """The question of a scenario file's TOML (raw dict), as load_scenario checked it; None where it asks none."""
    table = raw.get("question")
    if not isinstance(table, dict) or not isinstance(table.get("measure"), str):
        return None
    name = table["measure"].partition(":")[2].strip()
    return {"measure": f"policy:{name}", "policy": name, "compare": table.get("compare", "others")}
