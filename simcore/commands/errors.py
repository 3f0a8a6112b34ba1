"""The command line's errors: usage errors, bad input (InputError) and a file that cannot be read or
written become one line `error: ...` on stderr (exit 2; exit 1 where it is not the input's fault), a
Ctrl-C a command answered (Interrupted) its line and exit 130; never a usage box or a traceback."""
import sys

import typer
from typer.core import TyperGroup

from simcore.engine.errors import DiskFull, InputError, WorkerLost
from simcore.run.interrupts import Interrupted

# The click that typer runs on (recent typer versions vendor their own copy):
# take its exception classes from typer's public BadParameter.
_CLICK = {cls.__name__: cls for cls in typer.BadParameter.__mro__}
_UsageError, _ClickException = _CLICK["UsageError"], _CLICK["ClickException"]
_NoArgsIsHelpError = getattr(sys.modules[_UsageError.__module__], "NoArgsIsHelpError", ())


class OneLineErrors(TyperGroup):
    """Usage errors and InputErrors become one line on stderr and exit 2: no usage box, no traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:   # Ctrl-C where the command says nothing more (those that keep files do)
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except Interrupted as e:    # Ctrl-C a command answered: what is kept, how to go on
            typer.echo(str(e), err=True)
            raise typer.Exit(130) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NoArgsIsHelpError as e:  # bare `catan-balance`
            typer.echo(e.ctx.get_help())
            sys.exit(0)
        except _UsageError as e:
            hint = f"; see '{e.ctx.command_path} --help'" if e.ctx else ""
            split = _split_value(sys.argv[1:] if args is None else list(args))
            if split and "unexpected extra argument" in e.format_message():
                hint = (f"; the shell split `{split}` at its spaces: put it in single quotes, e.g. "
                        f"--set 'seats=[\"greedy\", \"roads\", \"devcards\"]'")
            _fail(e.format_message().rstrip(".") + hint)
        except _ClickException as e:
            _fail(e.format_message())
        except InputError as e:
            _fail(str(e))
        except WorkerLost as e:   # exit 1: not the input's fault; the chunks done are kept
            typer.echo(f"error: {e}; the games played so far are saved: run the same command with "
                       "--resume to continue", err=True)
            sys.exit(1)
        except DiskFull as e:     # exit 1: not the input's fault; the games played are kept
            typer.echo(f"error: {e}", err=True)
            sys.exit(1)
        except typer.Abort:
            sys.exit(130)
        except OSError as e:  # cannot read or write a file: not a bug, still no traceback; the path and the cause
            from simcore.run.outputs import os_error_line
            typer.echo(f"error: {os_error_line(e)}", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


def _split_value(args):
    """'--set seats=[greedy,' where a --set or --vary value opens more brackets than it closes (the shell
    split it at its spaces), else None."""
    for flag, value in zip(args, args[1:]):
        if flag in ("--set", "--vary") and (value.count("[") > value.count("]") or value.count("{") > value.count("}")):
            return f"{flag} {value}"
    return None


def _fail(message):
    typer.echo("error: " + " ".join(str(message).split()), err=True)
    sys.exit(2)
