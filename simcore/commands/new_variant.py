"""`catan-balance new-variant`: a variant's files written (simcore.variants.scaffold), their paths on
standard output, the next step on standard error."""
import typer


def start(name, title=None):
    """Write the files of variant `name` (reports name it `title`) and say what comes next."""
    from simcore.variants.scaffold import new_variant as scaffold
    for path in scaffold(name, title=title):
        typer.echo(path)
    typer.echo(f"next: catan-balance run {name}; then its rules: docs/write-a-variant.md", err=True)
