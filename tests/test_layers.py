"""The layers (DESIGN.md; issues 9 and 26), from the bottom up:

    simcore/engine      the base game and the plug-in surface
    simcore/variants    each variant's declaration and rules (one folder each)
    policies            the bots (policies/variants/<name>: a variant's)
    simcore/run         loading scenarios and playing them;  simcore/studies: tune, train
    reports, cli.py

The engine never reaches the run layer, studies, reports or the CLI (through any chain);
a variant's rules never import policies (they ask their bots through simcore.engine.bots);
no file imports itself through others; reading results or writing a report, and loading
a scenario, never import numba.  The import graph is read from the sources (ast), every
import statement counted, those inside functions too (a file needs what it imports,
whenever it imports it), and a module's packages' __init__ files with it (Python runs them)."""
import ast
import functools
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("simcore", "policies", "reports")
COMPILERS = ("numba", "llvmlite")


def project_files():
    files = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    return files + [ROOT / "cli.py"]


def _module_file(dotted):
    """The project file of module `dotted`, or None (a third-party or stdlib module)."""
    base = ROOT.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _package_of(path):
    """The package a file's relative imports start from (its folder, as for __init__.py)."""
    return list(path.relative_to(ROOT).parent.parts)


def imports_of(path):
    """(project files, top-level names of outside modules) that `path` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    files, outside = set(), set()

    def add(dotted):
        found = _module_file(dotted)
        if found is not None:
            files.add(found)
            parts = dotted.split(".")
            files.update(p for p in (_module_file(".".join(parts[:k])) for k in range(1, len(parts))) if p)
        elif dotted.split(".")[0] not in PACKAGES:
            outside.add(dotted.split(".")[0])

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = _package_of(path)[:len(_package_of(path)) - node.level + 1]
                module = ".".join(package + ([node.module] if node.module else []))
            else:
                module = node.module
            for alias in node.names:   # `from pkg import module` imports the module
                if _module_file(f"{module}.{alias.name}") is not None:
                    add(f"{module}.{alias.name}")
                else:
                    add(module)
    files.discard(path)
    return files, outside


@functools.lru_cache(maxsize=1)
def import_graph():
    return {path: imports_of(path) for path in project_files()}


def _name(path):
    return path.relative_to(ROOT).as_posix()


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
    assert ROOT / "simcore/run/runner.py" in graph[ROOT / "cli.py"][0]            # inside a function
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


def _reached(graph, start):
    """{file: the import chain to it} of every project file `start` imports, directly or not."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v][0]):
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return paths


def _under(path, *folders):
    name = _name(path)
    return any(name == f or name.startswith(f + "/") for f in folders)


ABOVE_THE_ENGINE = ("simcore/run", "simcore/studies", "reports", "cli.py")


def test_the_engine_never_reaches_the_run_layer_studies_reports_or_cli():
    graph = import_graph()
    bad = set()
    for path in graph:
        if _under(path, "simcore/engine"):
            bad.update(" -> ".join(_name(p) for p in chain)
                       for dep, chain in _reached(graph, path).items() if _under(dep, *ABOVE_THE_ENGINE))
    assert not bad, "\n".join(sorted(bad))


def test_the_bots_never_reach_the_run_layer_studies_reports_or_cli():
    """policies (the kernels' bots, and the presets a scenario names) are below the run layer."""
    graph = import_graph()
    bad = [f"{_name(path)} imports {_name(dep)}" for path, (deps, _) in graph.items()
           if _under(path, "policies") for dep in deps if _under(dep, *ABOVE_THE_ENGINE)]
    assert not bad, "\n".join(bad)


def test_a_variants_rules_never_import_policies():
    """A variant's rules ask its bots by name (simcore.engine.bots.ask), so that the bots,
    which read the rules' boards, are never imported by the rules."""
    graph = import_graph()
    bad = [f"{_name(path)} imports {_name(dep)}" for path, (deps, _) in graph.items()
           if _under(path, "simcore/variants") for dep in deps if _under(dep, "policies")]
    assert not bad, "\n".join(bad)
    asking = [p for p in graph if _under(p, "simcore/variants") and ROOT / "simcore/engine/bots.py" in graph[p][0]]
    assert ROOT / "simcore/variants/grundbesitz/rules.py" in asking      # the check sees the rules that ask


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
