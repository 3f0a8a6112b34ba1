"""Comments and docstrings cite files that exist: a path of the project (simcore/..., policies/...,
reports/..., tests/..., docs/..., scenarios/..., cli.py) or a document (README.md, docs/rules.md, ...)
named in a comment or a docstring of a source file, or in a comment of a scenario file, must be
there (a pattern with `*`: something must match it).  Templates (`<name>`, `$name`, `{...}`) are not paths."""
import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("simcore", "policies", "reports", "tests")
PATH = re.compile(r"(?<![\w/.$<{-])((?:simcore|policies|reports|tests|docs|scenarios)/[^\s`'\"():,;]*|cli\.py"
                  r"|[A-Z][A-Z_]*\.md)")
TEMPLATE = re.compile(r"[<>${}\[\]]|NAME|_foo\b")     # templates and examples (tests/test_foo.py)


def sources(root=ROOT):
    return [p for folder in SOURCES for p in sorted((root / folder).rglob("*.py"))] + [root / "cli.py"] \
        + sorted((root / "scenarios").glob("*.toml"))


def cited_text(path):
    """(line, text) of the comments and docstrings of a source file (a scenario file: its comments)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".toml":   # (no scenario's string holds a `#` followed by a path)
        return [(n, line.split("#", 1)[1]) for n, line in enumerate(text.splitlines(), 1) if "#" in line]
    out = [(t.start[0], t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline)
           if t.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append((node.body[0].lineno, doc))
    return out


def missing(path, root=ROOT):
    """'file:line: cited' for each path a comment or docstring of `path` cites that is not there."""
    bad = []
    for line, text in cited_text(path):
        for cited in PATH.findall(text):
            cited = cited.split("#")[0].rstrip(".")
            if TEMPLATE.search(cited) or not cited:
                continue
            if not _there(cited.rstrip("/"), root):
                bad.append(f"{path.relative_to(root).as_posix()}:{line}: {cited}")
    return bad


def _there(name, root):
    """A file or folder of the project, a module's name in it (tests/test_docs.command_lines), a
    document of docs/ by its name, or a pattern that matches something."""
    if "*" in name:
        return any(root.glob(name))
    if "/" not in name:
        return (root / name).exists() or (root / "docs" / name).exists()
    module = name.split(".")[0]
    return (root / name).exists() or (root / f"{module}.py").exists()


def test_comments_and_docstrings_cite_files_that_exist():
    bad = [b for path in sources() for b in missing(path)]
    assert not bad, "cited files that do not exist:\n" + "\n".join(bad)


def test_a_citation_of_a_missing_file_fails(tmp_path):
    (tmp_path / "simcore").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n")
    planted = tmp_path / "simcore" / "x.py"
    spec, design = "RULES" + ".md", "DESIGN" + ".md"   # (this file's own text cites neither)
    planted.write_text(f'"""As {spec} §1 says (see docs/rules.md, Grundbesitz)."""\n'
                       "X = 1   # policies/*ck*.py and simcore/variants/<name>/rules.py\n"
                       f"# {design}: docs/nosuch.md, simcore/x.py\n")
    assert missing(planted, tmp_path) == ["simcore/x.py:2: policies/*ck*.py", f"simcore/x.py:3: {design}",
                                          "simcore/x.py:3: docs/nosuch.md", f"simcore/x.py:1: {spec}"]
