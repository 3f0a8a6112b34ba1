"""The hook points of the turn, and their dispatch to the variants that implement them.

A variant implements a hook by defining a function of that name in its kernel module
(simcore.engine.variant.Variant.kernel; imported names do not count).  A hook reads the
game's rules from the state, st.params (the packed rules, simcore.engine.params), as all
compiled code does: no hook takes them as an argument.  simcore.engine.game calls the hooks below at their places
in the turn; each call runs the hook of every variant the game's rules switch on, in
registration order:

  init(st)                         after the base game's setup of the state (supplies, board, deck)
  play_game(st) -> bool            True: the variant played the whole game (a solo mode's setup,
                                   turns and endings), instead of the base game's setup and turns
  setup(st) -> bool                True: the variant played the setup placements its own way (e.g. a city
                                   as the second piece), instead of the base game's snake order
  before_roll(st, p)               start of p's turn, before the knight-before-the-roll and the roll
  roll(st, p) -> int               the sum of the number dice, when the variant rolls its own dice (e.g. an
                                   event die, played before production); -1: the base game's two dice
  owe(st, number)                  production: change st.owed (cards of each kind each player is owed for
                                   the roll of `number`, the base game's filled in) before the bank pays it
  after_production(st, p)          after the roll's production (or the 7)
  seven(st, p) -> bool             True: the variant played the 7 its own way (instead of discards and robber)
  move_robber(st, p) -> bool       True: the variant moved the robber (a 7 or a knight) its own way
  forbids(st, p, a, x, y) -> bool  True: the variant forbids a base-game action the base rules allow
  is_legal_action(st, p, a, x, y)  legality of the variant's own actions (codes it declared)
  apply_action(st, p, a, x, y)     carrying out the variant's own actions
  after_action(st, p, a, x, y)     after any action (its consequences under the variant)
  game_over(st, p) -> int          1/0: the game has/has not ended, decided by the variant instead of
                                   the base game's win check (-1: no variant decides)
  end_turn(st, p)                  end of p's turn, after the base game's
  victory_points(st, p) -> int     the variant's own victory points of p (added to the base game's)
  city_changed(st, p, c)           p's city at corner c was just damaged, repaired, turned back into a
                                   settlement or lost (a rule set's own events, e.g. C&K's Saboteur and
                                   barbarians: simcore.variants.ck.cities); corner_owner/corner_level show the result
  hidden(st, p)                    a rollout's play-out: re-deal the variant's cards p cannot see (the others'
                                   hidden cards, its decks' order) from what p knows (simcore.engine.hidden)
and the record: record(st, row) writes st.stats (every seat column, its final values set by
game.write_record) and the variants' game columns (from their `game_field`, when on) into the
row, in the layout of the variants compiled in (simcore.engine.rows.RowLayout).

In compiled code the dispatch is generated per state record type: only the variants
whose marker field the record has (simcore.engine.kernel_variants) are called, so a kernel
without any variant compiles every hook to nothing.  In Python (NUMBA_DISABLE_JIT,
tests) the same generated functions run, with the variants the state has.
The bots' hook points (policies.dispatch) are a second `Table` of the same machinery,
implemented in each variant's policy module (Variant.policy).
"""
import importlib

from numba.core import types
from numba.extending import overload

from simcore.accel import fastcompile
from simcore.engine.kernel_variants import compiled_when
from simcore.engine.rows import RowLayout
from simcore.engine.variant import REGISTRY

# hook -> (arguments, how its variants' results combine)
HOOKS = {
    "init": ("st", "each"),
    "play_game": ("st", "first"),
    "setup": ("st", "first"),
    "before_roll": ("st, p", "each"),
    "roll": ("st, p", "replace"),
    "owe": ("st, number", "each"),
    "after_production": ("st, p", "each"),
    "seven": ("st, p", "first"),
    "move_robber": ("st, p", "first"),
    "after_action": ("st, p, a, x, y", "each"),
    "game_over": ("st, p", "replace"),
    "forbids": ("st, p, a, x, y", "first"),
    "is_legal_action": ("st, p, a, x, y", "action"),
    "apply_action": ("st, p, a, x, y", "action"),
    "end_turn": ("st, p", "each"),
    "victory_points": ("st, p", "sum"),
    "city_changed": ("st, p, c", "each"),
    "hidden": ("st, p", "each"),
    "record": ("st, row", "record"),
}

_made = {}


def _implementations(hook, names, side="kernel"):
    """(variant, function) of the variants in `names` that implement `hook` in their
    module `side` (Variant.kernel, or Variant.policy for policies.dispatch's hooks)."""
    out = []
    for name in names:
        v = REGISTRY[name]
        module = getattr(v, side)
        fn = getattr(importlib.import_module(module), hook, None) if module else None
        if fn is not None and getattr(fn, "__module__", None) != module:
            fn = None   # a name the module imported (e.g. simcore.engine.game.end_turn), not a hook of its own
        if fn is not None:
            out.append((v, fn))
    return out


def _source(hook, impls, args, how):
    lines = [f"def {hook}({args}):"] + {"sum": ["    total = 0"], "best": [f"    r = base({args})"]}.get(how, [])
    order = list(enumerate(impls))
    if how in ("override", "decide"):   # a variant registered later may build on an earlier one: asked first
        order.reverse()
    for i, (v, _) in order:
        on = f"st.params[{v.on_slot}] != 0"
        if how == "each":
            lines += [f"    if {on}:", f"        h{i}({args})"]
        elif how in ("replace", "override"):
            lines += [f"    if {on}:", f"        return h{i}({args})"]
        elif how == "decide":   # (a, x, y): a >= 0 decides, else the next variant's, else the base game's
            lines += [f"    if {on}:", f"        r = h{i}({args})", "        if r[0] >= 0:", "            return r"]
        elif how == "best":   # (score, where, item): the highest score among those with where >= 0
            lines += [f"    if {on}:", f"        c = h{i}({args})", "        if c[1] >= 0 and (r[1] < 0 or c[0] > r[0]):",
                      "            r = c"]
        elif how == "chain":   # the last argument threads through (e.g. the number of options so far)
            last = args.split(", ")[-1]
            lines += [f"    if {on}:", f"        {last} = h{i}({args})"]
        elif how == "sum":
            lines += [f"    if {on}:", f"        total += h{i}({args})"]
        elif how == "first":
            lines += [f"    if {on}:", f"        if h{i}({args}):", "            return True"]
        elif how == "action":
            codes = sorted(v.action_codes.values())
            if codes:
                cond = f"{on} and {codes[0]} <= a <= {codes[-1]}"
                call = f"h{i}({args})"
                lines += [f"    if {cond}:", f"        return {call}" if hook == "is_legal_action"
                          else f"        {call}\n        return True"]
    lines.append({"first": "    return False", "action": "    return False", "replace": "    return -1",
                  "sum": "    return total", "override": f"    return base({args})", "decide": f"    return base({args})", "best": "    return r",
                  "chain": f"    return {args.split(', ')[-1]}"}.get(how, "    return"))
    return "\n".join(lines)


def _record_source(names):
    """record(st, row): the seat columns in st.stats and the game columns of the variants
    `names` (their `game_field`, when on; -1 written before when off) into the row, in the
    layout of those variants (simcore.engine.rows.RowLayout)."""
    layout = RowLayout(names)
    lines = ["def record(st, row):", "    for p in range(st.players):",
             f"        base = {layout.seat_base} + p * {layout.seat_width}"]
    for at, first, count in layout.seat_runs():
        lines += [f"        for k in range({count}):", f"            row[base + {at} + k] = st.stats[p, {first} + k]"]
    for name in layout.variants:
        v = REGISTRY[name]
        if v.game_columns:
            lines += [f"    if st.params[{v.on_slot}] != 0:", f"        for k in range({len(v.game_columns)}):",
                      f"            row[{layout.game_at(v.game_base)} + k] = st.{v.game_field}[k]"]
    return "\n".join(lines)


def dispatcher(hook, names, table=None):
    """The function running `hook` for the variants `names` (a tuple in registration order).
    `table`: the hook's Table (default: the kernel's HOOKS)."""
    table = table or KERNEL
    key = (hook, names)
    if key not in _made:
        args, how, *rest = table.hooks[hook]
        impls = _implementations(hook, names, table.side)
        scope = {"__name__": __name__}
        scope.update({f"h{i}": fn for i, (_, fn) in enumerate(impls)})
        if how in ("override", "decide", "best"):   # the base game's function, "module.name" (imported here: no import cycle)
            module, name = rest[0].rsplit(".", 1)
            scope["base"] = getattr(importlib.import_module(module), name)
        source = _record_source(names) if how == "record" else _source(hook, impls, args, how)
        exec(compile(source, f"<hook {hook}>", "exec"), scope)
        fn = scope[hook]
        fn.__qualname__ = f"{hook}__{'__'.join(names) or 'base'}"
        fastcompile.HELPERS.add(fastcompile.helper_key(fn))
        _made[key] = fn
    return _made[key]


def compiled_variants(st):
    """The registered variants whose marker the state has (a numpy record, or a numba Record type)."""
    have = st.fields if isinstance(st, types.Record) else st.dtype.names
    return tuple(name for name, v in REGISTRY.items() if v.marker in have)


def only_with(hook, default=None):
    """Decorator for base-game code that only a variant's `hook` makes necessary (e.g.
    paying what an `owe` hook adds): compiled into the kernels where a variant compiled in
    implements the hook, as `return default` into the others."""
    return compiled_when(lambda st: bool(_implementations(hook, compiled_variants(st))), default)


class Table:
    """A set of hook points: name -> (arguments, how results combine[, base function for
    "override"]), implemented in each variant's module `side` (a Variant field)."""

    def __init__(self, hooks, side):
        self.hooks, self.side = hooks, side

    def hook(self, hook):
        """The function calling `hook` of the compiled variants (numba: chosen by the state record type)."""
        if hook in _names:
            raise ValueError(f"hook {hook!r} defined twice")
        _names.add(hook)

        def call(st, *args):
            return dispatcher(hook, compiled_variants(st), self)(st, *args)
        call.__name__ = call.__qualname__ = hook
        call.__module__ = __name__

        @overload(call, jit_options=fastcompile.HELPER_OPTIONS, strict=False)
        def choose(st, *args):
            if isinstance(st, types.Record):
                return dispatcher(hook, compiled_variants(st), self)
            return None
        return call


_names = set()
KERNEL = Table(HOOKS, "kernel")
_hook = KERNEL.hook


init = _hook("init")
play_game = _hook("play_game")
setup = _hook("setup")
before_roll = _hook("before_roll")
roll = _hook("roll")
owe = _hook("owe")
after_production = _hook("after_production")
seven = _hook("seven")
move_robber = _hook("move_robber")
after_action = _hook("after_action")
game_over = _hook("game_over")
forbids = _hook("forbids")
is_legal_action = _hook("is_legal_action")
apply_action = _hook("apply_action")
end_turn = _hook("end_turn")
victory_points = _hook("victory_points")
city_changed = _hook("city_changed")
hidden = _hook("hidden")
record = _hook("record")
