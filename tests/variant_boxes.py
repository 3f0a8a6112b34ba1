"""The variants that test files declare ("boxes"), played through the CLI in fresh processes
that register them.

A box's code is no engine source (the kernel cache key does not cover it), so box processes
use a kernel cache of their own, named after the group's sources (tests/warm.py `box_cache`).
Each box changes the state record, and a new record is a whole cold compile of the engine
(20-40 s of CPU), so the boxes are grouped: the processes of a group register every box of
it, and every scenario of the group switches all of them on, the others idle (their `IDLE`
tables below): one record, one kernel for the group.
  boxes    toy (test_toy_variant), hookbox (test_hook_points), botbox (test_policy_hooks):
           the base game
  citybox  citybox (test_hook_city_changed): Cities & Knights
With the whole suite, each group's kernel compiles in the warm-up (tests/warm.py) while
other tests run, and their tests wait for it (tests/conftest.py `box_env`).
"""
import importlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# group -> {box (variant name): the test module declaring it}
GROUPS = {
    "boxes": {"toy": "tests.test_toy_variant", "hookbox": "tests.test_hook_points", "botbox": "tests.test_policy_hooks"},
    "citybox": {"citybox": "tests.test_hook_city_changed"},
}
# box -> its scenario tables that switch it on but leave it idle
IDLE = {"toy": "[variants.toy]\nextra = 0\n", "hookbox": "[variants.hookbox]\nactive = 0\n",
        "botbox": "[variants.botbox]\n", "citybox": "[variants.citybox]\n"}
BASE_SCENARIO = 'name = "{group}"\ngames = 8\nseed = 1\nplayers = 4\nseats = ["greedy", "roads", "devcards", "random"]\n'
WARM_SCENARIOS = {"boxes": BASE_SCENARIO, "citybox": BASE_SCENARIO + 'ruleset = "ck"\n'}


def sources(group):
    """The files whose code `group`'s kernel compiles besides the engine's: this one (the groups and
    their idle tables) and the modules declaring its boxes."""
    return [Path(__file__), *(ROOT / f"{module.replace('.', '/')}.py" for module in GROUPS[group].values())]


def idle_tables(box):
    """The scenario tables that switch on, idle, the other boxes of `box`'s group."""
    group = next(boxes for boxes in GROUPS.values() if box in boxes)
    return "\n".join(IDLE[other] for other in group if other != box)


def main(argv, group):
    """`catan-balance ARGV` with the boxes of `group` registered."""
    for module in GROUPS[group].values():
        importlib.import_module(module).declare()
    import cli
    sys.argv = ["catan-balance", *argv]
    cli.app()


def clis(group, env, *commands):
    """`catan-balance ARGS` for each ARGS of `commands`, each in a fresh process that registers
    the boxes of `group`, one after the other (the first may compile the kernel and cache it;
    started together, each would compile it).  Returns their CompletedProcess, in order."""
    code = "import sys; from tests.variant_boxes import main; main(sys.argv[2:], sys.argv[1])"
    return [subprocess.run([sys.executable, "-c", code, group, *map(str, args)], cwd=ROOT, env=env, text=True,
                           capture_output=True, timeout=900) for args in commands]


def compile_group(group, folder, env):
    """Compile `group`'s kernel into env's NUMBA_CACHE_DIR (the warm-up's job); its exit status."""
    scenario = Path(folder) / f"{group}.toml"
    tables = "\n".join(IDLE[box] for box in GROUPS[group])
    scenario.write_text(WARM_SCENARIOS[group].format(group=group) + "\n" + tables, encoding="utf-8")
    done, = clis(group, env, ["compile", scenario])
    sys.stderr.write(done.stderr)
    return done.returncode
