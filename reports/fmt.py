"""Numbers as the reports print them: percentages, percentage points, intervals, p-values, counts;
seat labels and plain aligned columns for the terminal."""
import math


def missing(x):
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(x, digits=1):
    return "n/a" if missing(x) else f"{100 * x:.{digits}f}%"


def pp(x, digits=1, sign=True):
    """Percentage points: '+3.1 pp'."""
    return "n/a" if missing(x) else f"{100 * x:{'+' if sign else ''}.{digits}f} pp"


def interval(lo, hi, scale=100, digits=1, unit=""):
    """'[27.8, 31.8]' (scaled to percent by default)."""
    if missing(lo) or missing(hi):
        return "[n/a]"
    return f"[{scale * lo:.{digits}f}, {scale * hi:.{digits}f}]{unit}"


def span(lo, hi, show=pct):
    """A range as printed: '5.1% to 6.2%', or one number ('6.2%') when both ends print the same."""
    low, high = show(lo), show(hi)
    return low if low == high else f"{low} to {high}"


def rate(r, lo, hi):
    """'29.8% [27.8, 31.8]'."""
    return f"{pct(r)} {interval(lo, hi)}"


def p_value(p):
    if missing(p):
        return "n/a"
    if p < 0.001:
        return "< 0.001"
    return f"{p:.3f}"


def p_phrase(p):
    """'p < 0.001' or 'p = 0.042'."""
    text = p_value(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def capital(text):
    """The text with its first letter upper case ('the Sheriff' -> 'The Sheriff'; str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


def count(n):
    return f"{int(n):,}"


def number(x, digits=1):
    return "n/a" if missing(x) else f"{x:,.{digits}f}"


def seat_label(seat):
    """'greedy', 'greedy {devcard=0.8}', 'strong:landlord' (simcore.run.styles) or
    'rollout:base=greedy,candidates=5,rollouts=16,horizon=0' for a SeatSpec."""
    from simcore.run.styles import policy_name
    search = getattr(seat, "search", None)
    name = policy_name(seat.policy, search)
    if search and name == seat.policy:
        name = seat.policy + ":" + ",".join(f"{k}={v}" for k, v in search.items())
    if not seat.weights:
        return name
    return name + " {" + ", ".join(f"{k}={v}" for k, v in seat.weights.items()) + "}"


def terminal_width():
    """The columns of the terminal standard output goes to; None when it goes to a file or a pipe
    (which keep whole lines)."""
    import shutil
    import sys
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


_PROSE_MIN = 24   # the narrowest a wrapped prose column gets


def format_columns(headers, rows, align=None, indent=0, width="terminal", wrap_last=False):
    """Plain aligned text; `align` has one 'l' or 'r' per column (default: first left, others right).
    Wider than `width` characters (default: the terminal's), the columns are cut into blocks one
    under the other, each starting with the first column again; wrap_last: the last column is prose
    (a description), wrapped within its column instead, its further lines indented under it."""
    import textwrap
    align = align or "l" + "r" * (len(headers) - 1)
    cells = [list(headers)] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    width = terminal_width() if width == "terminal" else width
    wrap = bool(wrap_last and width)
    fit = widths[:-1] + [min(widths[-1], _PROSE_MIN) if wrap else widths[-1]]
    blocks, block = [], [0]
    for i in range(1, len(headers)):
        if width and len(block) > 1 and indent + sum(fit[j] + 2 for j in block + [i]) - 2 > width:
            blocks.append(block)
            block = [0]
        block.append(i)
    blocks.append(block)

    def lines(cols):
        last, left = len(headers) - 1, indent + sum(widths[i] + 2 for i in cols[:-1])
        room = max(width - left, _PROSE_MIN) if wrap and cols[-1] == last else None
        out = []
        for r in cells:
            prose = (textwrap.wrap(r[last], room) or [""]) if room else None
            row = [r[i] if not (prose and i == last) else prose[0] for i in cols]
            out.append(" " * indent + "  ".join(c.ljust(widths[i]) if align[i] == "l" else c.rjust(widths[i])
                                                for i, c in zip(cols, row)))
            out += [" " * left + more for more in (prose or [])[1:]]
        return "\n".join(line.rstrip() for line in out)
    return "\n\n".join(lines(cols) for cols in blocks)


def fit_terminal(text):
    """Prose lines wrapped to the terminal's width (lines with column gaps, tables, are left as they are)."""
    import textwrap
    width = terminal_width()
    if not width:
        return text
    return "\n".join(textwrap.fill(line, width) if len(line) > width and "  " not in line.strip() else line
                     for line in text.split("\n"))
