"""What `catan-balance scenarios` and `catan-balance policies` list, as text."""
from reports.fmt import fit_terminal, format_columns


def scenarios():
    """The shipped scenarios, each with the first line of its description."""
    from simcore.run.config import read_toml, shipped_scenarios
    rows = [[path.stem, (str(read_toml(path).get("description", "")).splitlines() or [""])[0]]
            for path in shipped_scenarios()]
    return format_columns(["scenario", "description"], rows, align="ll", wrap_last=True)


def policies():
    """The policy presets, then the weights a seat can override with each preset's values (texts)."""
    from policies.registry import list_presets
    from policies.weights import WEIGHTS
    presets = list_presets()
    yield 'Presets (a seat\'s `policy = "..."`):'
    yield format_columns(["name", "kind", "description"], [[p.name, p.kind, p.description] for p in presets],
                         align="lll", indent=2, wrap_last=True)
    yield fit_terminal("\nWeights (override per seat: `weights = { devcard = 0.8 }`), with each preset's values:")
    rows = [[name, *(f"{p.weights.get(name, 0.0):g}" for p in presets), meaning]
            for name, (_, meaning) in WEIGHTS.items()]
    yield format_columns(["weight", *(p.name for p in presets), "meaning"], rows,
                         align="l" + "r" * len(presets) + "l", indent=2, wrap_last=True)
