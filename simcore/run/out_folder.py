"""A command's output folder: its default name, and a check that results can be written there
before anything is played (docs/guide.md, run)."""
import errno
import os
import tempfile
from pathlib import Path

from simcore.engine.errors import InputError
from simcore.run.grid import derived_name


def game_flags(texts, **flags):
    """The flags that change the games a command plays, as 'key=value' texts (the --set and --vary texts,
    then games=, seed=, until-ci=, max-games= where given): they name its default output folder."""
    return [*texts, *(f"{k.replace('_', '-')}={v:g}" if isinstance(v, float) else f"{k.replace('_', '-')}={v}"
                      for k, v in flags.items() if v is not None)]


def default_out(name, flags):
    """results/<name>, followed by the flags that change the games: another --set, --vary or --games
    writes a folder of its own instead of being refused by the folder of the first (docs/guide.md, run)."""
    return Path("results") / derived_name(name, flags)


def check_out(out, flag="--out"):
    """A folder results can be written to, checked before anything is played: its nearest existing folder
    takes a new folder (made and removed again); else one line naming the path and the cause, exit 2."""
    where = Path(out).absolute()
    if where.exists():   # a folder already (or a file: the commands' own line says so)
        return out
    while not where.exists() and where != where.parent:
        where = where.parent
    if not where.is_dir():
        raise InputError(f"{flag} {out}: {where} is a file, not a directory; allowed: a folder you can write to")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".catan-balance-", dir=where))
    except OSError as e:
        cause = e.strerror or errno.errorcode.get(e.errno, str(e))
        raise InputError(f"{flag} {out}: cannot make a folder in {where} ({cause}); allowed: a folder you can "
                         "write to") from None
    return out
