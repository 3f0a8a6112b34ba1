"""`catan-balance new-variant NAME`: the files of a new house-rule variant, which plays the
base game until it has rules (docs/write-a-variant.md walks through filling them in):

    simcore/variants/NAME/__init__.py    its declaration: parameters, layouts, its modules
    simcore/variants/NAME/rules.py       its hooks (the rules)
    policies/variants/NAME/__init__.py
    policies/variants/NAME/bots.py       its bots' hooks and choice points
    policies/variants/NAME/presets.py    its presets
    reports/variants/NAME.py             its report entry
    scenarios/NAME.toml                  a scenario that turns it on
    tests/test_NAME.py                   its first test

and one line at the end of simcore/variants/__init__.py registers it.  This module is not a
variant; nothing here imports numba.
"""
import keyword
import re
from pathlib import Path
from string import Template

from simcore.engine.errors import InputError
from simcore.engine.variant import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
REGISTRATION = "simcore/variants/__init__.py"

DECLARATION = '''"""$title: the declaration of the house rule `[variants.$name]`.

Made by `catan-balance new-variant $name`: it plays the base game until its hooks (rules.py)
have rules; docs/write-a-variant.md walks through filling it in.  Its bots are
policies/variants/$name/, its report reports/variants/$name.py, its scenario
scenarios/$name.toml, its test tests/test_$name.py.
"""
from dataclasses import dataclass

from simcore.engine.fields import integer
from simcore.engine.variant import Variant, register

$constant = "$name"


@dataclass(frozen=True)
class $rules:
    """Its parameters: the scenario's [variants.$name] table (simcore.engine.fields)."""
    amount: int = integer(1, 0, 3)          # variants.$name.amount: an example, used by no rule yet


VARIANT = register(Variant(
    name=$constant,
    title="$title",
    rules=$rules,
    compile_seconds=15,
    # what its rules need: scalars=, arrays= (state fields), seat_columns=, game_columns= (games.csv),
    # events= (replays), actions=, weights= (its bots), card_kinds=, items= (simcore/engine/variant.py)
    sweep={"variants.$name.amount": [0, 1, 2, 3]},   # `catan-balance sweep $name` without --vary
))
P_AMOUNT = VARIANT.slot("amount")           # st.params[P_AMOUNT]: the value in force
'''

RULES = '''"""The rules of $title: its hooks.  A hook is a function named after a point of the turn
(simcore.engine.hooks lists them: init, before_roll, roll, owe, after_production, seven,
move_robber, forbids, after_action, end_turn, victory_points, ...); the engine calls it in games
with [variants.$name] and compiles it only into the engines that play the variant.  Hooks read
the rules in force from st.params.  Declared in simcore/variants/$name/__init__.py."""
from simcore.accel.jit import jitted
from simcore.variants.$name import P_AMOUNT  # noqa: F401  (its parameter, for the rules to come)


@jitted
def after_production(st, p):
    """Hook: after the roll's production (or the 7) on p's turn.  Nothing yet."""
    return
'''

BOTS = '''"""The bots of $title: its policy hooks (policies.dispatch: random_options, random_action,
builder_action, builder_free_road) and the choice points its rules ask by name
(simcore.engine.bots.ask; made with policies.dispatch.choice_point).  None yet: the base
game's bots play it."""
'''

PRESETS = '''"""The presets of $title's bots (declared as the variant's `presets`; policies.presets
registers them): name -> (kind, weights, description), a builder's weights as changes from
the base builder's (policies.presets.BUILDER_BASE).  None yet."""

PRESETS = {}
'''

POLICY_PACKAGE = '''"""The bots of $title: bots.py is its policy module."""
'''

REPORT = '''"""The report of $title (declared in simcore/variants/$name/__init__.py): its entry
(reports.variants.VariantReport: column names, charts, words, averages)."""
from reports.variants import VariantReport

ENTRY = VariantReport(
    name="$name",
    title="$title",
    about="What $title changes.",
)
'''

SCENARIO = '''# $title, four greedy bots, rotating seats (made by `catan-balance new-variant $name`).
name = "$name"
description = "$title: four greedy bots, rotating seats"
games = 2000
seed = 1
players = 4
rotate_seats = true
seats = ["greedy", "greedy", "greedy", "greedy"]

[variants.$name]
amount = 1
'''

TEST = '''"""$title: its scenario plays through the CLI and a bad value is refused (made by
`catan-balance new-variant $name`; give each rule a test of its own: docs/write-a-variant.md)."""
import json

from typer.testing import CliRunner

from cli import app


def test_its_scenario_plays_and_a_bad_value_is_refused(tmp_path):
    result = CliRunner().invoke(app, ["run", "$name", "--games", "40", "--out", str(tmp_path / "run"), "-q"])
    assert result.exit_code == 0, result.output
    meta = json.loads((tmp_path / "run" / "meta.json").read_text())
    assert meta["parameters"]["rules"]["variants"]["$name"] == {"amount": 1}
    result = CliRunner().invoke(app, ["run", "$name", "--set", "variants.$name.amount=9", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "variants.$name.amount: 9 is out of range" in result.output


# the run tests/test_conformance.py plays for it (every registered variant has one): variant -> function
CONFORMANCE = {"$name": "conformance"}


def conformance(games):
    """Its scenario's games under the base game's invariants (tests/invariants.py), checked after
    every turn; add the checks of its own rules as it gets them."""
    from tests.invariants import conformance_run
    return conformance_run("$name", games)
'''

FILES = {
    "simcore/variants/$name/__init__.py": DECLARATION,
    "simcore/variants/$name/rules.py": RULES,
    "policies/variants/$name/__init__.py": POLICY_PACKAGE,
    "policies/variants/$name/bots.py": BOTS,
    "policies/variants/$name/presets.py": PRESETS,
    "reports/variants/$name.py": REPORT,
    "scenarios/$name.toml": SCENARIO,
    "tests/test_$name.py": TEST,
}


def _check(name, root):
    allowed = "a new lowercase Python name: a letter, then letters, digits or _ (e.g. forest_bonus)"
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or keyword.iskeyword(name):
        raise InputError(f"new-variant: '{name}' is not a variant name; allowed: {allowed}")
    taken = [p for p in (Template(f).substitute(name=name) for f in FILES) if (root / p).exists()]
    if name in REGISTRY or name in ("base", "scaffold") or taken:
        where = f" ({taken[0]} exists)" if taken else ""
        raise InputError(f"new-variant: the name '{name}' is taken{where}; allowed: {allowed}, not one of "
                         f"base, {', '.join(REGISTRY)}")


def new_variant(name, root=ROOT, title=None):
    """Write the files of variant `name` under `root` (the project's folder) and register it;
    the paths written, relative to root."""
    root = Path(root)
    _check(name, root)
    words = {"name": name, "title": title or name.replace("_", " ").capitalize(), "constant": name.upper(),
             "rules": "".join(part.capitalize() for part in name.split("_"))}
    written = []
    for path, text in FILES.items():
        target = root / Template(path).substitute(words)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(text).substitute(words), encoding="utf-8")
        written.append(target.relative_to(root).as_posix())
    registration = root / REGISTRATION
    text = registration.read_text(encoding="utf-8")
    registration.write_text(text.rstrip("\n") + f"\nfrom simcore.variants import {name}  # noqa: F401  "
                            f"{words['title']}\n", encoding="utf-8")
    return written + [REGISTRATION]
