"""Errors the user can fix: the CLI prints them as one line `error: ...` and exits 2."""
import difflib


class InputError(Exception):
    """Bad input (scenario, flag, output directory): never a bug, never a traceback."""


class ScenarioError(InputError):
    """A scenario value is wrong.  str() is one line:
    `<file>: <key>: <what is wrong>; allowed: <what is allowed>`.

    Code that knows no file (policies.registry, field checks) raises it with a key
    relative to what it was given; the loader adds the file and the key's prefix
    with `located()`.
    """

    def __init__(self, key, what, allowed, file=None):
        self.key, self.what, self.allowed, self.file = key, what, allowed, file
        super().__init__(str(self))

    def located(self, file, prefix=""):
        """The same error, with its file and the key's enclosing path filled in."""
        key = f"{prefix}.{self.key}" if prefix and self.key else (prefix or self.key)
        return ScenarioError(key, self.what, self.allowed, file if self.file is None else self.file)

    def __str__(self):
        parts = [str(self.file)] if self.file is not None else []
        parts += [self.key] if self.key else []
        line = ": ".join(parts + [f"{self.what}; allowed: {self.allowed}"])
        return " ".join(line.split())  # always one line


def did_you_mean(word, options):
    """' (did you mean X?)' for the closest option, or ''."""
    match = difflib.get_close_matches(str(word), list(options), n=1, cutoff=0.6)
    return f" (did you mean {match[0]}?)" if match else ""


def describe(value):
    """A value as the user wrote it in TOML: true, 12, "beginner", a table, an array."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


class WorkerLost(Exception):
    """A worker process died while playing (killed, out of memory, a Dask worker lost): not the
    user's input, but no bug to show a traceback for either; the chunks done are kept, so the run
    can be resumed."""


class DiskFull(Exception):
    """The disk (or quota) of a results folder is full: not the user's input, no bug either; what
    was written is kept, so the run resumes once there is space.  str() is the whole line."""
