"""A report document as HTML (one self-contained file, charts embedded) and as Markdown.

The document is a list of blocks:
    ("h1" | "h2" | "h3", text)
    ("p", text)                      a paragraph
    ("says", text)                   "What this says" under a chart
    ("ul", [text, ...])
    ("table", headers, rows, note)   rows of strings; note: a line under the table
    ("figure", name, title)          charts/<name>.png
    ("pre", text)                    commands
"""
import base64
import html
import re

_NUMERIC = re.compile(r"^[-+<>≈]?\s?[\d.,]+")

CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 1180px; margin: 2em auto;
       padding: 0 1.2em; color: #1d1d1d; line-height: 1.45; }
h1 { font-size: 1.7em; margin-bottom: .2em; } h2 { margin-top: 2em; border-bottom: 2px solid #ddd; padding-bottom: .2em; }
h3 { margin-top: 1.4em; }
.wide { overflow-x: auto; max-width: 100%; }  /* a wide table scrolls inside its box, the page does not */
table { border-collapse: collapse; margin: .6em 0 .3em; font-size: .88em; }
th { white-space: normal; min-width: 4em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
th { background: #f3f3f3; text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.hl td { background: #eef7ee; font-weight: 600; }
.note { color: #555; font-size: .85em; margin-top: 0; }
.says { background: #f6f8fb; border-left: 4px solid #4c72b0; padding: .5em .9em; margin: .4em 0 1.4em; }
.says b { color: #4c72b0; }
figure { margin: 1em 0 .3em; } figure img { max-width: 100%; border: 1px solid #eee; }
pre { background: #f4f4f4; padding: .7em 1em; overflow-x: auto; }
ul.summary li { margin-bottom: .5em; }
"""


def _cell(text):
    cls = ' class="n"' if _NUMERIC.match(str(text)) else ""
    return f"<td{cls}>{html.escape(str(text))}</td>"


def to_html(doc, title, images):
    """images: chart name -> PNG bytes (embedded as data URIs)."""
    out = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
           f"<style>{CSS}</style></head><body>"]
    for block in doc:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{html.escape(block[1])}</{kind}>")
        elif kind == "p":
            out.append(f"<p>{html.escape(block[1])}</p>")
        elif kind == "says":
            out.append(f"<div class='says'><b>What this says:</b> {html.escape(block[1])}</div>")
        elif kind == "ul":
            out.append("<ul class='summary'>" + "".join(f"<li>{html.escape(i)}</li>" for i in block[1]) + "</ul>")
        elif kind == "table":
            _, headers, rows, note = block[:4]
            highlight = block[4] if len(block) > 4 else ()
            head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
            body = "".join(f"<tr{' class=hl' if i in highlight else ''}>" + "".join(_cell(c) for c in row) + "</tr>"
                           for i, row in enumerate(rows))
            out.append(f"<div class='wide'><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")
            if note:
                out.append(f"<p class='note'>{html.escape(note)}</p>")
        elif kind == "figure":
            data = base64.b64encode(images[block[1]]).decode("ascii")
            out.append(f"<figure><img alt='{html.escape(block[2])}' src='data:image/png;base64,{data}'></figure>")
        elif kind == "pre":
            out.append(f"<pre>{html.escape(block[1])}</pre>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _md_escape(text):
    return str(text).replace("|", "\\|")


def to_markdown(doc):
    out = []
    for block in doc:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            out.append("#" * int(kind[1]) + " " + block[1])
        elif kind == "p":
            out.append(block[1])
        elif kind == "says":
            out.append(f"> **What this says:** {block[1]}")
        elif kind == "ul":
            out.append("\n".join(f"- {i}" for i in block[1]))
        elif kind == "table":
            _, headers, rows, note = block[:4]
            lines = ["| " + " | ".join(_md_escape(h) for h in headers) + " |",
                     "|" + "|".join("---:" if rows and _NUMERIC.match(str(rows[0][i])) else "---"
                                    for i in range(len(headers))) + "|"]
            lines += ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in rows]
            if note:
                lines.append(f"\n*{note}*")
            out.append("\n".join(lines))
        elif kind == "figure":
            out.append(f"![{block[2]}](charts/{block[1]}.png)")
        elif kind == "pre":
            out.append(f"```sh\n{block[1]}\n```")
    return "\n\n".join(out) + "\n"
