"""The layers (docs/architecture.md), from the bottom up, each reaching only those below it or itself,
through any chain of imports (the transitive import graph: a re-export cannot carry a forbidden edge):

    packages           simcore/__init__.py (no imports)
    compile glue       simcore/accel
    kernel             one compiled program: simcore/engine (the base game, the plug-in surface),
                       the base bots (policies/*.py), and the variants' rules and bots
                       (simcore/variants/<name>/, policies/variants/<name>/)
    seat set-up        what runs when a scenario is loaded: the presets' registry, preset files,
                       rollout seats' options (SETUP)
    run                simcore/run
    studies            simcore/studies (tune, train): neither the run layer nor studies use the
                       reports; the command line gives them the reports' statistics (Tally, judges)
    reports            reports/ (never numba)
    command line       cli.py

Inside the kernel: the base program reaches a variant only by its declaration; a variant's rules
never reach a variant's bots (they ask them by name, simcore.engine.bots.ask); a variant reaches
another variant's files only if it declares it (Variant.needs).  Besides: no file imports itself
through others; reading results or writing a report, and loading a scenario, never import numba.
The import graph is read from the sources (ast), every import statement counted, those inside
functions too (a file needs what it imports, whenever it imports it), and a module's packages'
__init__ files with it (Python runs them)."""
import ast
import fnmatch
import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("simcore", "policies", "reports")
COMPILERS = ("numba", "llvmlite")


def project_files(root=ROOT):
    files = [p for package in PACKAGES for p in sorted((root / package).rglob("*.py"))]
    return files + [root / "cli.py"]


def _module_file(dotted, root=ROOT):
    """The project file of module `dotted`, or None (a third-party or stdlib module)."""
    base = root.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _package_of(path, root=ROOT):
    """The package a file's relative imports start from (its folder, as for __init__.py)."""
    return list(path.relative_to(root).parent.parts)


def imports_of(path, root=ROOT):
    """(project files, top-level names of outside modules) that `path` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    files, outside = set(), set()

    def add(dotted):
        found = _module_file(dotted, root)
        if found is not None:
            files.add(found)
            parts = dotted.split(".")
            files.update(p for p in (_module_file(".".join(parts[:k]), root) for k in range(1, len(parts))) if p)
        elif dotted.split(".")[0] not in PACKAGES:
            outside.add(dotted.split(".")[0])

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = _package_of(path, root)[:len(_package_of(path, root)) - node.level + 1]
                module = ".".join(package + ([node.module] if node.module else []))
            else:
                module = node.module
            for alias in node.names:   # `from pkg import module` imports the module
                if _module_file(f"{module}.{alias.name}", root) is not None:
                    add(f"{module}.{alias.name}")
                else:
                    add(module)
    files.discard(path)
    return files, outside


@functools.lru_cache(maxsize=2)
def import_graph(root=ROOT):
    return {path: imports_of(path, root) for path in project_files(root)}


def _name(path):
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else _relative(path)


def _relative(path):
    """A path of a planted copy of the project (tests below), relative to the copy's root."""
    parts = path.parts
    for i in range(len(parts)):
        if parts[i] in (*PACKAGES, "cli.py"):
            return "/".join(parts[i:])
    return path.as_posix()


def cycles(graph):
    """One file chain per strongly connected group of files (Tarjan), each a cycle
    a -> b -> ... -> a through the group."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v][0]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_chain(graph, group) for group in groups]


def _chain(graph, group):
    """A cycle through the group's first file (breadth-first: a shortest one), and the
    group's other files when the cycle does not pass them all."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v][0] & group):
            if w == start:
                chain = " -> ".join(_name(p) for p in paths[v] + [start])
                rest = sorted(_name(p) for p in group - set(paths[v]))
                return chain + (f" (with {', '.join(rest)})" if rest else "")
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError("not a cycle")


def _in(path, *packages):
    return path.relative_to(ROOT).parts[0] in packages


def _cycles_touching(*packages):
    graph = import_graph()
    return [c for c in cycles(graph) if any(f.split("/")[0] in packages for f in re.findall(r"[\w/]+\.py", c))]


def test_the_graph_sees_known_imports():
    """The check checks something: edges the sources are known to have, lazy ones too."""
    graph = import_graph()
    assert ROOT / "simcore/accel/jit.py" in graph[ROOT / "simcore/engine/state.py"][0]
    assert "numba" in graph[ROOT / "simcore/accel/jit.py"][1]
    assert ROOT / "simcore/commands/train.py" in graph[ROOT / "cli.py"][0]        # inside a function
    assert ROOT / "simcore/run/runner.py" in graph[ROOT / "simcore/commands/train.py"][0]   # inside a function
    assert ROOT / "simcore/variants/__init__.py" in graph[ROOT / "simcore/variants/ck/board.py"][0]   # a package
    a, b, c, d = (ROOT / f"x/{n}.py" for n in "abcd")
    toy = {a: ({b}, set()), b: ({c, a}, set()), c: ({a}, set()), d: ({a}, set())}
    assert cycles(toy) == ["x/a.py -> x/b.py -> x/a.py (with x/c.py)"]


def test_no_import_cycles_in_reports_or_cli():
    found = _cycles_touching("reports", "cli.py")
    assert not found, "import cycles:\n" + "\n".join(found)


def test_no_import_cycles_in_simcore_or_policies():
    found = _cycles_touching("simcore", "policies")
    assert not found, "import cycles:\n" + "\n".join(found)


def _reached(graph, start, stop=()):
    """{file: the import chain to it} of every project file `start` imports, directly or not (not
    through the files named in `stop`)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        if v != start and _name(v) in stop:
            continue
        for w in sorted(graph[v][0]):
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return paths


def _under(path, *folders):
    name = _name(path)
    return any(name == f or name.startswith(f + "/") or fnmatch.fnmatch(name, f) for f in folders)


# what runs when a scenario is loaded, kept beside the bots it sets up (policies/)
SETUP = ("policies/registry.py", "policies/preset_file.py", "policies/presets.py", "policies/rollout_seat.py",
         "policies/variants/*/presets.py")
# (name, members), from the bottom up; a file is in the first layer with a member matching it
LAYERS = (
    ("packages", ("simcore/__init__.py",)),
    ("compile glue", ("simcore/accel",)),
    ("seat set-up", SETUP),     # (listed before the kernel, whose folders hold it; placed above it below)
    ("kernel", ("simcore/engine", "simcore/variants", "policies")),
    ("run", ("simcore/run",)),
    ("studies", ("simcore/studies",)),
    ("reports", ("reports",)),
    ("command line", ("cli.py", "simcore/commands")),
)
ORDER = ("packages", "compile glue", "kernel", "seat set-up", "run", "studies", "reports", "command line")


def layer_of(path):
    return next(name for name, members in LAYERS if _under(path, *members))


def _chain_text(chain):
    return " -> ".join(_name(p) for p in chain)


def layer_violations(graph):
    """Chains from a file to a file of a higher layer (ORDER), through any files."""
    rank = {path: ORDER.index(layer_of(path)) for path in graph}
    return sorted(f"{layer_of(path)} reaches {layer_of(dep)}: {_chain_text(chain)}"
                  for path in graph for dep, chain in _reached(graph, path).items() if rank[dep] > rank[path])


_VARIANT_FOLDER = re.compile(r"(simcore|policies)/variants/([^/]+)/|reports/variants/(?!__init__\.py)(\w+)\.py")
REGISTRATION = ("simcore/variants/__init__.py",)


def variant_of(path):
    """The variant whose folders hold `path`, or None."""
    m = _VARIANT_FOLDER.match(_name(path))
    return m and (m.group(2) or m.group(3))


def _is_declaration(path):
    return bool(re.fullmatch(r"simcore/variants/[^/]+/__init__\.py", _name(path)))


def kernel_violations(graph, needs):
    """Inside the kernel: the base program (the kernel's files outside a variant's folders but the
    registration list) reaches a variant only by its declaration; a variant's rules never reach a
    variant's bots; a variant's files reach another variant's only if it needs it (`needs`: name ->
    the names it declares, transitively), not counting chains through the registration list (it
    reaches every declaration)."""
    bad = []
    for path in graph:
        if layer_of(path) != "kernel":
            continue
        own = variant_of(path)
        for dep, chain in _reached(graph, path).items():
            other = variant_of(dep)
            if own is None and _name(path) not in REGISTRATION and other and not _is_declaration(dep):
                bad.append(f"the base program reaches {other}'s code: {_chain_text(chain)}")
            if _under(path, "simcore/variants") and own and _under(dep, "policies/variants") and \
                    not _under(dep, *SETUP):
                bad.append(f"{own}'s rules reach a variant's bots: {_chain_text(chain)}")
        if own:
            for dep, chain in _reached(graph, path, stop=REGISTRATION).items():
                other = variant_of(dep)
                if other and other != own and other not in needs.get(own, ()):
                    bad.append(f"{own} reaches {other}, which it does not declare (Variant.needs): "
                               f"{_chain_text(chain)}")
    return sorted(set(bad))


def _needs():
    import simcore.variants  # noqa: F401
    from simcore.engine.kernels import with_needs
    from simcore.engine.variant import REGISTRY
    return {name: with_needs((name,)) for name in REGISTRY}


def test_every_file_is_in_a_layer():
    graph = import_graph()
    assert {layer_of(path) for path in graph} == set(ORDER)
    assert layer_of(ROOT / "policies/registry.py") == "seat set-up" and layer_of(ROOT / "policies/builder.py") == "kernel"
    assert all(not graph[path][0] for path in graph if layer_of(path) == "packages")


def test_each_layer_reaches_only_those_below_it():
    bad = layer_violations(import_graph())
    assert not bad, "\n".join(bad)


def test_inside_the_kernel_the_base_program_and_each_variant_reach_only_what_they_declare():
    bad = kernel_violations(import_graph(), _needs())
    assert not bad, "\n".join(bad)
    graph = import_graph()   # the check sees the edges it allows: Autarkie on C&K, the rules asking their bots
    assert ROOT / "simcore/variants/ck/board.py" in graph[ROOT / "simcore/variants/autarkie/board.py"][0]
    assert ROOT / "simcore/engine/bots.py" in graph[ROOT / "simcore/variants/grundbesitz/rules.py"][0]


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A copy of the project's sources, to plant violations in."""
    root = tmp_path_factory.mktemp("planted")
    for name in (*PACKAGES, "cli.py"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.toml", "*.json"))
        else:
            shutil.copy2(ROOT / name, root / name)
    return root


def _planted(root, name, line):
    path = root / name
    text = path.read_text()
    path.write_text(text + "\n" + line + "\n")
    try:
        graph = {p: imports_of(p, root) for p in project_files(root)}
    finally:
        path.write_text(text)
    return graph


def test_a_planted_violation_fails_through_any_chain(copy):
    """A re-export carries what it re-exports: the engine re-exporting a variant's bots puts them
    within the reach of every variant's rules (which import simcore.engine.bots), and of the base
    program; the engine importing the run layer (even inside a function) breaks the order."""
    graph = _planted(copy, "simcore/engine/bots.py", "from policies.variants.grundbesitz import bots as gb  # noqa")
    assert not layer_violations(graph)
    bad = kernel_violations(graph, _needs())
    assert any(b.startswith("robin_hood's rules reach a variant's bots: simcore/variants/robin_hood/rules.py -> ")
               and b.endswith("simcore/engine/bots.py -> policies/variants/grundbesitz/bots.py") for b in bad), bad
    assert any(b.startswith("the base program reaches grundbesitz's code: simcore/engine/bots.py -> ") for b in bad)
    graph = _planted(copy, "simcore/engine/names.py", "def later():\n    from simcore.run import outputs  # noqa")
    assert "kernel reaches run: simcore/engine/names.py -> simcore/run/outputs.py" in layer_violations(graph)
    graph = _planted(copy, "simcore/studies/tune.py", "from reports import tune_report  # noqa")
    assert "studies reaches reports: simcore/studies/tune.py -> reports/tune_report.py" in layer_violations(graph)
    graph = _planted(copy, "simcore/variants/grundbesitz/board.py", "from simcore.variants.ck import board  # noqa")
    assert any(b.startswith("grundbesitz reaches ck, which it does not declare") for b in kernel_violations(graph, _needs()))


def _chain_to_compiler(graph, start):
    """The import chain from `start` to a file importing numba or llvmlite, or None."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        deps, outside = graph[v]
        hit = sorted(outside & set(COMPILERS))
        if hit:
            return " -> ".join([_name(p) for p in paths[v]] + hit)
        for w in sorted(deps):
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return None


def test_reports_never_import_numba_through_any_chain():
    graph = import_graph()
    chains = [_chain_to_compiler(graph, path) for path in graph if _in(path, "reports")]
    bad = [c for c in chains if c]
    assert not bad, "reports reach the compiler:\n" + "\n".join(bad)


def test_reading_and_reporting_results_loads_no_numba():
    """The same, as Python sees it: import every reports module in a fresh process."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in project_files() if _in(p, "reports")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(COMPILERS)!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"importing reports loads {done.stdout.strip()}"


SCENARIO_LOADING = ("simcore/run/config.py", "simcore/run/grid.py", "simcore/engine/fields.py", "simcore/engine/errors.py")


def test_loading_a_scenario_never_imports_numba_through_any_chain():
    """Every process that reads a scenario (workers included) would pay numba's import and the
    compile glue's probe (~0.9 s of CPU) for nothing."""
    graph = import_graph()
    chains = [_chain_to_compiler(graph, ROOT / name) for name in SCENARIO_LOADING]
    bad = [c for c in chains if c]
    assert not bad, "loading a scenario reaches the compiler:\n" + "\n".join(bad)


def test_loading_and_packing_a_scenario_loads_no_numba():
    """The same, as Python sees it: load and pack every shipped scenario in a fresh process."""
    code = ("import sys\n"
            "from simcore.run.config import load_scenario, pack_policies, pack_rules, shipped_scenarios\n"
            "for path in shipped_scenarios():\n"
            "    s = load_scenario(path); pack_rules(s); pack_policies(s)\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(COMPILERS)!r}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"loading scenarios loads {done.stdout.strip()}"


# A variant's own files: simcore/variants/<name>/, policies/variants/<name>/, reports/variants/<name>.py
_VARIANT_FILE = re.compile(r"(simcore|policies)/variants/[^/]+/|reports/variants/(?!__init__\.py)")
# hub files that import a variant's modules on purpose (docs/architecture.md: what stays in the base game)
HUB_EXCEPTIONS = {
    "simcore/variants/__init__.py": "the one registration line of each variant",
}


def test_the_hubs_never_import_a_variant():
    """The shared files (the engine, the run layer, studies, the base bots, the reports' core, the
    CLI) reach a variant only through its declaration, the hooks and the entries."""
    graph = import_graph()
    bad = [f"{_name(path)} imports {_name(dep)}" for path, (deps, _) in graph.items()
           if not _VARIANT_FILE.match(_name(path)) and _name(path) not in HUB_EXCEPTIONS
           for dep in deps if _VARIANT_FILE.match(_name(dep))]
    assert not bad, "\n".join(sorted(bad))
    assert any(_VARIANT_FILE.match(_name(d)) for d in graph[ROOT / "simcore/variants/__init__.py"][0])   # the check sees them
