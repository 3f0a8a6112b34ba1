"""Settings and swept keys in words on the report pages (issue 39): 'all numbers · 1 marker per block'
for the setting allowed_numbers=2-6,8-12 · markers_per_block=1, 'allowed numbers (Grundbesitz)' for the
key variants.grundbesitz.allowed_numbers.  The raw labels stay the settings' names in the CSV tables,
verdicts.json, the folders, the terminal and --baseline; report.html shows them as a tooltip.

Words come from the declarations: a rule parameter's name is its field name in words, with its
variant's title (the declaration whose scenario table holds the key); its values as the variant's
report entry words them (`setting_words`: parameter -> value -> words), else as the value with the
name ('yield delay rounds 2', 'defence on').  The base game's keys are worded here.

    words = setting_words(study)          # {raw label: words} of a sweep's settings ({} for others)
    shown_study, shown_tables = shown(study, tables, words)
"""
import re
from dataclasses import replace

import pandas as pd

from reports.variants import REGISTRY
from simcore.engine import variant as declared
from simcore.run import grid


def _plural(n, one, many):
    return f"{grid.show(n)} {one if n == 1 else many}"


def _line_up(seats):
    """['greedy', 'greedy', 'greedy', 'roads'] -> '3 greedy + roads'."""
    counts = {}
    for s in seats:
        name = s if isinstance(s, str) else (s.get("policy", "?") if isinstance(s, dict) else grid.show(s))
        counts[name] = counts.get(name, 0) + 1
    return " + ".join(name if k == 1 else f"{k} {name}" for name, k in counts.items())


# the base game's keys: (name in words, value -> words)
BASE_WORDS = {
    "victory_points": ("victory points", lambda v: f"{grid.show(v)} VP"),
    "board.layout": ("board", lambda v: f"{v} board"),
    "board.no_adjacent_red": ("6 and 8 side by side", lambda v: "6 and 8 kept apart" if v else "6 and 8 may touch"),
    "bank.resource_supply": ("cards per resource", lambda v: _plural(v, "card per resource", "cards per resource")),
    "seats": ("line-up", _line_up),
    "players": ("players", lambda v: _plural(v, "player", "players")),
    "rotate_seats": ("rotating seats", lambda v: "seats rotate" if v else "fixed seats"),
}


def _owner(key):
    """(declaration, parameter) of a variant's key ('variants.grundbesitz.markers_per_block'), else (None, key)."""
    for v in declared.REGISTRY.values():
        if key.startswith(v.table + "."):
            return v, key[len(v.table) + 1:]
    return None, key


def key_words(key):
    """A swept key as a designer reads it: 'allowed numbers (Grundbesitz)', 'victory points'."""
    if key in BASE_WORDS:
        return BASE_WORDS[key][0]
    v, param = _owner(key)
    words = param.replace("_", " ").replace(".", ": ")
    return f"{words} ({(v.title or v.name).split(' (')[0]})" if v else words


def value_words(key, value):
    """One value of a key in words: 'all numbers', '1 marker per block', '12 VP'; 'NAME VALUE' by default."""
    if key in BASE_WORDS:
        return BASE_WORDS[key][1](value)
    v, param = _owner(key)
    worded = REGISTRY[v.name].setting_words.get(param) if v and v.name in REGISTRY else None
    if worded is not None:
        return worded(value)
    name = param.replace("_", " ").replace(".", ": ")
    if isinstance(value, bool):
        return f"{name} {'on' if value else 'off'}"
    return f"{name} {grid.show(value)}"


def words_of(values):
    """A setting's values {key: value} in words, joined by ' · '."""
    return " · ".join(value_words(k, v) for k, v in values.items())


def setting_words(study):
    """{raw label: words} of a sweep's settings; {} where words would name two settings alike or for
    other studies (a compare's runs are named by their folders)."""
    if study.kind != "sweep":
        return {}
    return unique_words([run.label for run in study.runs], [run.values for run in study.runs])


def replacer(words):
    """text -> text with every raw label in words, longest first (a label never read inside a longer one)."""
    if not words:
        return lambda text: text
    raw = sorted(words, key=len, reverse=True)
    pattern = re.compile("(" + "|".join(map(re.escape, raw)) + r")(?![\w]|[.,-]\w)")
    return lambda text: pattern.sub(lambda m: words[m.group(1)], text) if isinstance(text, str) else text


def _deep(obj, swap):
    if isinstance(obj, str):
        return swap(obj)
    if isinstance(obj, dict):
        return {k: _deep(v, swap) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_deep(v, swap) for v in obj]
    return obj


def unique_words(labels, values):
    """{label: words} of candidates or settings with their values, {} where two would read alike."""
    words = {label: words_of(v) for label, v in zip(labels, values) if v}
    return words if len(words) == len(labels) and len(set(words.values())) == len(words) else {}


def shown(study, tables, words):
    """Copies of the study and its tables with each setting named in words (labels, text cells, the
    variants' answers); the originals, which the CSV and verdicts.json are written from, stay raw."""
    if not words:
        return study, tables
    swap = replacer(words)
    runs = [replace(run, label=words.get(run.label, run.label)) for run in study.runs]
    view = replace(study, runs=runs, missing=[swap(x) for x in study.missing])
    out = {}
    for name, df in tables.items():
        copy = df.copy()
        for column in copy.columns:
            if copy[column].dtype == object or pd.api.types.is_string_dtype(copy[column]):
                copy[column] = copy[column].map(swap)
        copy.attrs = _deep(dict(df.attrs), swap)
        out[name] = copy
    return view, out


def tooltips(words):
    """{words: raw label} for report.html's title attributes."""
    return {w: raw for raw, w in words.items()}


def tick_words(key, value):
    """A swept value beside its key's name (an axis, the sweep's line): a number as it is, any other in words."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return grid.show(value) if number else value_words(key, value)


def sweep_line(study):
    """'allowed numbers (Grundbesitz): all numbers / only 2, 3, 11 and 12 × markers per block (Grundbesitz): 1 / 2 / 3'."""
    return " × ".join(f"{key_words(k)}: {' / '.join(tick_words(k, v) for v in vs)}" for k, vs in study.vary.items())
