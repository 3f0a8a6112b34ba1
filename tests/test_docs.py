"""The documentation as a user meets it (issue 28): README.md is a door of at most 300 lines;
every relative link in README.md and docs/*.md leads to a file (and, with `#anchor`, to a
heading of it); every `catan-balance ...` line in their code blocks names a command of the
CLI and only options that command has.  The CLI is read from click's objects
(typer.main.get_command(cli.app)): nothing is run, nothing is compiled."""
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
README_MAX_LINES = 300

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
SHELL_SEPARATORS = {"&&", "||", "|", ";", "&"}


def split_page(path):
    """(prose lines, code-block lines) of a Markdown page, each as (line number, text); a code
    line ending in a backslash is joined with the next, as the shell reads it."""
    prose, code, fenced, joined = [], [], False, None   # joined: a code line continued so far
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced, joined = not fenced, None
            continue
        if not fenced:
            prose.append((number, line))
            continue
        first, text = (joined[0], f"{joined[1]} {line.strip()}") if joined else (number, line)
        if text.endswith("\\"):
            joined = (first, text[:-1].rstrip())
        else:
            code.append((first, text))
            joined = None
    return prose, code


def slug(heading):
    """GitHub's anchor of a heading: its text without Markdown, lower case, punctuation dropped
    (letters, digits, `_`, `-` and spaces kept), spaces as `-`."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)      # links: their text
    text = re.sub(r"<[^>]+>", "", text)                              # html tags
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path):
    """Every anchor a page's headings give, a repeated one as GitHub numbers it (`x`, `x-1`, ...)."""
    seen, found = {}, set()
    for _, line in split_page(path)[0]:
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def relative_links(path):
    """(line number, target) of every link in a page's prose that is not a URL."""
    for number, line in split_page(path)[0]:
        for match in LINK.finditer(INLINE_CODE.sub("", line)):
            target = match.group(1)
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):   # http:, https:, mailto: ...
                yield number, target


def test_readme_is_a_door_of_at_most_300_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; at most {README_MAX_LINES}"


def test_the_pages_exist():
    names = {p.name for p in DOCS}
    for name in ("guide.md", "rules.md", "reports.md", "performance.md", "architecture.md",
                 "write-a-variant.md", "verdicts.md", "CHANGELOG.md"):
        assert name in names, f"docs/{name} is missing"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    broken = []
    for number, target in relative_links(page):
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        where = f"{page.relative_to(ROOT)}:{number}: {target}"
        if not linked.exists():
            broken.append(f"{where}: no file {file_part}")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{where}: no heading #{anchor} in {linked.relative_to(ROOT)}")
        elif anchor and linked.suffix != ".md":
            broken.append(f"{where}: an anchor into a file that is not Markdown")
    assert not broken, "\n".join(broken)


def test_the_link_checker_catches_what_it_should(tmp_path):
    """A test that cannot fail is a defect: a missing file, a missing heading and a heading
    written as GitHub makes its anchor."""
    (tmp_path / "a.md").write_text(
        "# Cities & Knights (§4)\n\n## Two commands\n\n## Two commands\n\n"
        "[ok](#cities--knights-4) [ok](b.md#two-commands-1)\n"
        "`[not a link](nowhere.md)`\n[bad](missing.md) [bad](b.md#three) [web](https://example.org/x)\n"
        "```\n# not a heading\n[not checked](nowhere.md)\n```\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("# Two commands\n\n# Two commands\n", encoding="utf-8")
    assert anchors(tmp_path / "a.md") == {"cities--knights-4", "two-commands", "two-commands-1"}
    targets = [t for _, t in relative_links(tmp_path / "a.md")]
    assert targets == ["#cities--knights-4", "b.md#two-commands-1", "missing.md", "b.md#three"]


# --- `catan-balance ...` lines in code blocks -----------------------------------------

@pytest.fixture(scope="module")
def cli_command():
    import typer.main
    import cli
    return typer.main.get_command(cli.app)


def command_lines(path):
    """(line number, argv after `catan-balance`) for each `catan-balance` command in a page's code
    blocks: lines that start with it, and the commands of a line joined by `&&`, `|` or `;`."""
    for number, line in split_page(path)[1]:
        if "catan-balance" not in line:
            continue
        lexer = shlex.shlex(line.strip(), posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        try:
            tokens = list(lexer)
        except ValueError as e:
            raise AssertionError(f"{path.relative_to(ROOT)}:{number}: cannot split {line!r}: {e}")
        segment = []
        for token in [*tokens, ";"]:
            if token in SHELL_SEPARATORS:
                if segment and segment[0] == "catan-balance":
                    yield number, segment[1:]
                segment = []
            else:
                segment.append(token)


def problems_of(group, argv):
    """What is wrong with `catan-balance ARGV` (empty: nothing): the command, its options, the
    number of its arguments."""
    if not argv or argv[0].startswith("-"):
        return [] if all(a in ("--help",) for a in argv) else [f"options of the program: {argv}"]
    command = group.commands.get(argv[0])
    if command is None:
        return [f"no command {argv[0]!r} (commands: {', '.join(sorted(group.commands))})"]
    options = {name: p for p in command.params if getattr(p, "param_type_name", "") == "option"
               for name in (*p.opts, *p.secondary_opts)}
    arguments = [p for p in command.params if getattr(p, "param_type_name", "") == "argument"]
    wrong, positional, args = [], [], list(argv[1:])
    while args:
        token = args.pop(0)
        if token == "--help":
            continue
        if token.startswith("-") and len(token) > 1 and not re.match(r"^-\d", token):
            name, eq, _ = token.partition("=")
            option = options.get(name)
            if option is None:
                wrong.append(f"{argv[0]} has no option {name} (it has: {', '.join(sorted(options))})")
                return wrong      # what follows it cannot be read
            elif not (option.is_flag or getattr(option, "count", False)) and not eq:
                if not args:
                    wrong.append(f"{argv[0]} {name} needs a value")
                else:
                    args.pop(0)
            continue
        positional.append(token)
    if any(a.nargs == -1 for a in arguments):
        least = sum(1 for a in arguments if a.required)
        if len(positional) < least:
            wrong.append(f"{argv[0]} needs at least {least} arguments, got {positional}")
    else:
        most, least = len(arguments), sum(1 for a in arguments if a.required)
        if not least <= len(positional) <= most:
            wrong.append(f"{argv[0]} takes {least}..{most} arguments, got {positional}")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_line_names_a_command_and_its_options(page, cli_command):
    wrong = [f"{page.relative_to(ROOT)}:{number}: catan-balance {' '.join(argv)}: {problem}"
             for number, argv in command_lines(page) for problem in problems_of(cli_command, argv)]
    assert not wrong, "\n".join(wrong)


def test_the_readme_shows_commands(cli_command):
    assert sum(1 for _ in command_lines(README)) >= 5


def test_the_command_checker_catches_what_it_should(tmp_path, cli_command):
    page = tmp_path / "p.md"
    page.write_text(
        "```sh\n"
        "pip install -e . && catan-balance run base          # the main job\n"
        "catan-balance sweep base --vary victory_points=8,10 -n 200 --jobs=2 -q\n"
        "catan-balance compare results/a results/b --correction bh\n"
        "catan-balance --help\n"
        "catan-balance runn base\n"
        "catan-balance run base --gmes 10\n"
        "catan-balance run\n"
        "catan-balance bench extra\n"
        "catan-balance run base --seed\n"
        "```\n`catan-balance nothing` in prose is not checked\n", encoding="utf-8")
    lines = list(command_lines(page))
    assert [argv[0] for _, argv in lines] == ["run", "sweep", "compare", "--help", "runn", "run", "run", "bench", "run"]
    found = [problems_of(cli_command, argv) for _, argv in lines]
    assert found[:4] == [[], [], [], []]
    assert all(len(problems) == 1 for problems in found[4:]), found


def test_the_readme_and_ci_run_the_same_test_command():
    """`.ci/run` runs the README's command 2 (its comment quotes it; its pip and pytest lines run it)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    command = "pip install -e '.[test]' && python -m pytest -q -n auto --dist loadfile"
    assert command in readme and command in ci
    pip, pytest_line = command.split(" && ")
    assert re.search(rf"^{re.escape(pip)}$", ci, re.M)
    assert re.search(rf"^{re.escape(pytest_line)}\b", ci, re.M)
    assert "pip install -e . && catan-balance run base" in readme


def test_importing_the_cli_compiles_nothing():
    """Reading the commands and their options costs no compiler: `import cli` imports no numba."""
    code = "import sys, cli; sys.exit(1 if 'numba' in sys.modules or 'llvmlite' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
