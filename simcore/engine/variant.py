"""A house-rule variant is one declaration: `Variant(...)`, registered with `register`.

    TOY = register(Variant(
        name="toy", title="Toy", rules=ToyRules,          # [variants.toy]: a frozen dataclass of simcore.engine.fields
        scalars=(("toy_paid", "extra lumber paid"),),     # its state fields (only in kernels that play it)
        seat_columns=(("gain_toy", "lumber from the toy rule"),),
        events=(("toy_pay", ("hex", "-", "-", "-")),),
        weights=(("toy", "priority of the toy rule", 1.0),)))
    P_TOY_X = TOY.slot("x"); S_GAIN_TOY = TOY.seat("gain_toy"); E_TOY_PAY = TOY.event("toy_pay")

Everything a layout holds is allocated here, appended after the base game's in the
order the variants register (simcore.variants lists the shipped ones, one line each):
parameter slots (its on-flag, then its fields in order), per-seat record columns (in
st.stats, after records.SEAT_COLUMNS), per-game record columns (after
records.GAME_COLUMNS, kept in the state array `game_field`), log event codes, action
codes and policy weights.  A name two declarations share (a column, an event, an
action, a weight, a state field, a parameter table) is refused when the second one
registers.  Nothing here imports numba or the kernels: reports read it too.
"""
import importlib.util
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Callable, Optional

from policies import weights as W
from simcore.engine import actions as A
from simcore.engine import cards
from simcore.engine import event_codes as EV
from simcore.engine import params as P
from simcore.engine import records as R
from simcore.engine.names import RESOURCE_NAMES

REGISTRY = {}       # name -> Variant, in registration order


class VariantError(Exception):
    """A declaration that collides with another or with the base game."""


@dataclass(eq=False)
class Variant:
    name: str                        # `[variants.<name>]`; its state marker is `variant_<name>`
    title: str = ""
    rules: Optional[type] = None     # frozen dataclass of simcore.engine.fields helpers (slot=None: allocated here)
    ruleset: bool = False            # a rule set: switched on by `ruleset = "<name>"`, its parameters in a
    #   top-level `[<name>]` table (not [variants.<name>])
    players: Optional[tuple] = None  # player counts it plays with, when not the base game's 3 or 4
    check: Optional[Callable] = None  # check(scenario) raising a ScenarioError on a cross-field rule
    needs: tuple = ()                # the variants whose modules its own import (Autarkie: C&K's board); their
    #   code is compiled into its engines (simcore.engine.kernels) and tests/test_layers.py checks the list
    scalars: tuple = ()              # (name, meaning): int64 state fields
    arrays: tuple = ()               # (name, shape, meaning): int64 state arrays
    float_arrays: tuple = ()         # (name, shape, meaning): float64 state arrays
    seat_columns: tuple = ()         # (name, meaning): per-seat record columns, counters in st.stats
    game_columns: tuple = ()         # (name, meaning): per-game record columns `<prefix><name>`
    game_prefix: str = ""            # prefix of its game columns in games.csv
    game_field: str = ""             # the state array holding its game columns during a game
    events: tuple = ()               # (name, (a, b, c, d)): log events, fields named "-" unused
    named_fields: dict = field(default_factory=dict)  # event field -> names of its codes
    actions: tuple = ()              # names of its main-phase actions
    weights: tuple = ()              # (name, meaning[, default]): policy weights; the default is the
    #   builder presets' value (policies.presets.BUILDER_BASE), 0 if none
    card_kinds: tuple = ()           # simcore.engine.cards.CardKind: its commodities, in the hand after the resources
    choices: int = 0                 # room its options need in the state's choice buffer (state.n_choices)
    items: tuple = ()                # names of what its players pay for: rows of st.costs (cards.ITEM_NAMES)
    guards: bool = False             # its pieces stand on corners in st.corner_guard, breaking roads like
    #   buildings (C&K's knights); else the base game's reads of it compile out (pieces.corner_guard)
    compile_seconds: int = 25        # a cold compile of a kernel with its code, roughly (the first run's
    #   line "compiling the engine ... ~N s", simcore.run.batch.compile_seconds)
    sweep: dict = field(default_factory=dict)  # dotted scenario key -> values: the grid `catan-balance sweep` runs
    #   for a scenario that turns it on and has neither --vary nor a [sweep] table
    options: tuple = ()              # (name, counts, when): every choice its rules give a player (docs/rules.md), and what
    #   counts its use: seat columns summed over the seats, game columns, or "column=value" (games with that value);
    #   `when`: {rule parameter: value or tuple of values} where the option exists only then ({}: always).  The run's summary lists
    #   the options no game used (reports.options)
    # allocated by register
    on_slot: int = -1
    slots: dict = field(default_factory=dict)
    seat_base: int = -1
    game_base: int = -1
    event_codes: dict = field(default_factory=dict)
    action_codes: dict = field(default_factory=dict)
    weight_slots: dict = field(default_factory=dict)
    item_rows: dict = field(default_factory=dict)
    home: str = ""                   # the module that declared it (register)

    @property
    def marker(self):
        return "variant_" + self.name

    @property
    def table(self):
        """Its parameters' scenario table: `variants.<name>`, or `<name>` for a rule set."""
        return self.name if self.ruleset else f"variants.{self.name}"

    @property
    def shipped(self):
        """Declared in its folder, simcore/variants/<name>/ (else in one module, e.g. a test file's)."""
        return self.home == f"simcore.variants.{self.name}"

    @property
    def kernel(self):
        """The module of its hooks (simcore.engine.hooks.HOOKS names): simcore/variants/<name>/rules.py."""
        return self._own(f"simcore.variants.{self.name}.rules")

    @property
    def policy(self):
        """The module of its bots: policy hooks (policies.dispatch.POLICY_HOOKS names) and choice points
        (policies.dispatch.choice_point): policies/variants/<name>/bots.py."""
        return self._own(f"policies.variants.{self.name}.bots")

    @property
    def presets(self):
        """The module whose PRESETS are its bots' named presets (policies.presets): policies/variants/<name>/presets.py."""
        return self._own(f"policies.variants.{self.name}.presets")

    @property
    def report(self):
        """The module whose ENTRY is its report (reports.variants.VariantReport): reports/variants/<name>.py."""
        return self._own(f"reports.variants.{self.name}")

    def _own(self, module):
        """`module` (found from its name in its folders) where it exists; a variant declared in one module
        (a test file's) has everything there."""
        if not self.shipped:
            return self.home or None
        try:
            return module if importlib.util.find_spec(module) is not None else None
        except ModuleNotFoundError:
            return None

    def folders(self):
        """Its folders and files, relative to the project's root (the shipped variant's; a variant declared
        in one module: that module's file)."""
        if not self.shipped:
            return (self.home.replace(".", "/") + ".py",) if self.home else ()
        return (f"simcore/variants/{self.name}", f"policies/variants/{self.name}", f"reports/variants/{self.name}.py")

    def slot(self, name):
        return self.slots[name]

    def seat(self, name):
        """Index of a seat column in st.stats."""
        return self.seat_base + [c for c, _ in self.seat_columns].index(name)

    def game(self, name):
        """Index of a game column in `game_field` (its record column is game_base + that)."""
        return [c for c, _ in self.game_columns].index(name)

    def event(self, name):
        return self.event_codes[name]

    def action(self, name):
        return self.action_codes[name]

    def weight(self, name):
        return self.weight_slots[name]

    def item(self, name):
        """Its row of st.costs."""
        return self.item_rows[name]

    def weight_defaults(self):
        """name -> default of the weights that declare one (the builder presets' values)."""
        return {n: d for n, _, *rest in self.weights for d in rest}

    def state_fields(self):
        """(name, dtype, shape) of its state fields, marker last."""
        out = [(n, "i8", ()) for n, _ in self.scalars]
        out += [(n, "i8", tuple(s)) for n, s, _ in self.arrays]
        out += [(n, "f8", tuple(s)) for n, s, _ in self.float_arrays]
        if self.game_columns:
            out.append((self.game_field, "i8", (len(self.game_columns),)))
        return out


def _taken(kind, names, own):
    dup = sorted(set(names) & set(own))
    if dup:
        raise VariantError(f"{kind} {', '.join(dup)} declared twice")
    if len(set(own)) != len(own):
        raise VariantError(f"{kind} repeated inside one declaration: {', '.join(own)}")


def _all_state_names():
    """The variants' state fields (the base game's are checked by simcore.engine.state.state_dtype)."""
    names = []
    for v in REGISTRY.values():
        names += [n for n, *_ in v.state_fields()] + [v.marker]
    return names


def register(v):
    """Check the declaration against the base game and every earlier one, allocate its
    layouts, and make it known.  Returns the declaration.  Its modules are found from its name
    (Variant.kernel, .policy, .presets, .report) where it is declared in its folder,
    simcore/variants/<name>/__init__.py; a variant declared elsewhere (a test file) has them
    all in the module declaring it."""
    if v.name in REGISTRY:
        raise VariantError(f"variant {v.name!r} registered twice")
    v.home = v.home or sys._getframe(1).f_globals.get("__name__", "")
    unknown = [n for n in v.needs if n not in REGISTRY]
    if unknown:
        raise VariantError(f"variant {v.name}: needs {', '.join(unknown)}, not registered before it")
    seat_names = list(R.SEAT_COLUMNS)
    game_names = list(R.GAME_COLUMNS)
    _taken(f"variant {v.name}: seat columns", seat_names, [c for c, _ in v.seat_columns])
    _taken(f"variant {v.name}: game columns", game_names, [v.game_prefix + c for c, _ in v.game_columns])
    _taken(f"variant {v.name}: events", [n for n, _ in EV.EVENT_FIELDS.values()], [n for n, _ in v.events])
    _taken(f"variant {v.name}: actions", list(A.ACTION_NAMES), list(v.actions))
    _taken(f"variant {v.name}: weights", list(W.WEIGHTS), [n for n, *_ in v.weights])
    _taken(f"variant {v.name}: state fields", _all_state_names(),
           [n for n, *_ in v.state_fields()] + [v.marker])
    _taken(f"variant {v.name}: card kinds", list(RESOURCE_NAMES) + [k.name for ks in cards.COMMODITIES.values()
                                                                     for k in ks], [k.name for k in v.card_kinds])
    _taken(f"variant {v.name}: items", list(cards.ITEM_NAMES), list(v.items))
    _taken(f"variant {v.name}: event field names", list(EV.NAMED_FIELDS), list(v.named_fields))
    if v.game_columns and not v.game_field:
        raise VariantError(f"variant {v.name}: game columns need a game_field (the state array holding them)")
    # parameter slots: the on-flag, then every field of its rules in order
    v.on_slot = P.allocate(1)
    for f in fields(v.rules) if v.rules else ():
        param = f.metadata.get("param")
        if param is None:
            raise VariantError(f"variant {v.name}: rules field {f.name} is no simcore.engine.fields parameter")
        if param.slot is not None:
            raise VariantError(f"variant {v.name}: rules field {f.name} has a hand-numbered slot")
        v.slots[f.name] = P.allocate(param.width)
    v.seat_base = R.add_seat_columns([c for c, _ in v.seat_columns])
    v.game_base = R.add_game_columns([v.game_prefix + c for c, _ in v.game_columns])
    v.event_codes = {n: EV.add_event(n, fs) for n, fs in v.events}
    EV.NAMED_FIELDS.update(v.named_fields)
    v.action_codes = {n: A.add_action(n) for n in v.actions}
    v.weight_slots = {n: W.add_weight(n, doc) for n, doc, *_ in v.weights}
    v.item_rows = {n: cards.add_item(n) for n in v.items}
    if v.card_kinds:
        cards.declare_card_kinds(v.name, *v.card_kinds)   # refuses a kind declared twice
    REGISTRY[v.name] = v
    return v


def sweep_defaults(variant_names):
    """(name, grid) of the first variant (in scenario order) that declares a default sweep grid, or None."""
    for name in variant_names:
        if name in REGISTRY and REGISTRY[name].sweep:
            return name, dict(REGISTRY[name].sweep)
    return None


def variants_on(params):
    """The variants the packed rules switch on, in registration order."""
    return tuple(name for name, v in REGISTRY.items() if params[v.on_slot])


@contextmanager
def trial():
    """Register variants for a while (tests): every registry and layout is as before
    afterwards.  Only for code that compiles no kernel meanwhile."""
    saved = (dict(REGISTRY), dict(cards.COMMODITIES), P._next, P.N_PARAMS, list(R.SEAT_COLUMNS),
             list(R.GAME_COLUMNS), dict(EV.EVENT_FIELDS), dict(EV.NAMED_FIELDS), list(A.ACTION_NAMES),
             dict(W.WEIGHTS), W.N_WEIGHTS, list(cards.ITEM_NAMES))
    try:
        yield
    finally:
        (registry, commodities, P._next, P.N_PARAMS, seat, game, events, named, actions, weights, W.N_WEIGHTS,
         items) = saved
        cards.ITEM_NAMES[:] = items
        for now, then in ((REGISTRY, registry), (cards.COMMODITIES, commodities), (EV.EVENT_FIELDS, events),
                          (EV.NAMED_FIELDS, named), (W.WEIGHTS, weights)):
            now.clear()
            now.update(then)
        R.SEAT_COLUMNS[:] = seat
        R.GAME_COLUMNS[:] = game
        A.ACTION_NAMES[:] = actions
        R._relayout()
