"""A report document as HTML (one self-contained file, charts embedded) and as Markdown.

The document is a list of blocks:
    ("h1" | "h2" | "h3", text)
    ("p", text)                      a paragraph
    ("says", text)                   "What this says" under a chart
    ("ul", [text, ...], folded title)   the title optional: the HTML shows the list behind a click
    ("table", headers, rows, note, highlight, folded)
                                     rows of strings; note: a line under the table; a header is a
                                     string or (label, raw name): the raw name is the HTML tooltip;
                                     folded: the HTML shows the table behind a click (<details>)
    ("answer", question, sentences, headers, rows, highlight)
                                     the Answer box that opens a report; a sentence is a string or
                                     (text, [items]): the items a list under it
    ("figure", name, title)          charts/<name>.png
    ("links", [(text, relative path), ...])
    ("pre", text)                    commands
    ("fold", title, [block, ...])    a section the HTML shows folded behind its title (<details>);
                                     Markdown shows it as a section
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
.wide td:first-child, .wide th:first-child { position: sticky; left: 0; background: #fff; z-index: 1; }
.wide th:first-child { background: #f3f3f3; } tr.hl td:first-child { background: #eef7ee; }
details { margin: .4em 0 1em; } details summary { cursor: pointer; color: #333; }
details.section { margin: .3em 0; border-bottom: 1px solid #ddd; padding: .35em 0; }
details.section > summary { font-size: 1.25em; font-weight: 600; color: #1d1d1d; }
.answer { border: 2px solid #2c7a3f; border-radius: 6px; padding: .6em 1.1em .8em; margin: 1em 0 1.6em;
          background: #f7fbf7; }
.answer h2 { margin-top: .2em; border: none; } .answer .q { font-style: italic; color: #333; }
table { border-collapse: collapse; margin: .6em 0 .3em; font-size: .88em; }
th { white-space: normal; min-width: 4em; }
th, td { padding: .25em .6em; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
th { background: #f3f3f3; text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.hl td { background: #eef7ee; font-weight: 600; }
.note { color: #555; font-size: .85em; margin-top: 0; }
.says { background: #f6f8fb; border-left: 4px solid #4c72b0; padding: .5em .9em; margin: .4em 0 1.4em; }
.says b { color: #4c72b0; }
figure { margin: 1em 0 .3em; } figure img { max-width: 100%; border: 1px solid #eee; }
pre { background: #f4f4f4; padding: .7em 1em; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
ul.summary li { margin-bottom: .5em; }
"""


def _cell(text, tips=None):
    """<td>; a setting named in words gets its raw label as a tooltip (tips: {words: raw label})."""
    cls = ' class="n"' if _NUMERIC.match(str(text)) else ""
    tip = f" title='{html.escape(tips[text])}'" if tips and isinstance(text, str) and text in tips else ""
    return f"<td{cls}{tip}>{html.escape(str(text))}</td>"


def _header_cell(h):
    """<th>, with the raw column name as a tooltip where the header is (label, raw name)."""
    if isinstance(h, tuple):
        return f"<th title='{html.escape(str(h[1]))}'>{html.escape(str(h[0]))}</th>"
    return f"<th>{html.escape(str(h))}</th>"


def _label(h):
    return h[0] if isinstance(h, tuple) else h


def _html_table(headers, rows, highlight=(), tips=None):
    head = "".join(_header_cell(h) for h in headers)
    body = "".join(f"<tr{' class=hl' if i in highlight else ''}>" + "".join(_cell(c, tips) for c in row) + "</tr>"
                   for i, row in enumerate(rows))
    return f"<div class='wide'><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"


def _said(sentence):
    """An Answer sentence: text, or (text, [items]) with the items as a list under it."""
    if isinstance(sentence, str):
        return html.escape(sentence)
    return html.escape(sentence[0]) + "<ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in sentence[1]) + "</ul>"


def to_html(doc, title, images, tips=None):
    """images: chart name -> PNG bytes (embedded as data URIs); tips: {setting in words: raw label},
    shown as the tooltip of table cells naming a setting (reports.labels)."""
    out = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
           f"<style>{CSS}</style></head><body>", *_html_blocks(doc, images, tips), "</body></html>"]
    return "\n".join(out) + "\n"


def _html_blocks(doc, images, tips):
    out = []
    for block in doc:
        kind = block[0]
        if kind == "fold":
            out.append(f"<details class='section'><summary>{html.escape(block[1])}</summary>"
                       + "\n".join(_html_blocks(block[2], images, tips)) + "</details>")
        elif kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{html.escape(block[1])}</{kind}>")
        elif kind == "p":
            out.append(f"<p>{html.escape(block[1])}</p>")
        elif kind == "says":
            out.append(f"<div class='says'><b>What this says:</b> {html.escape(block[1])}</div>")
        elif kind == "ul":
            items = "<ul class='summary'>" + "".join(f"<li>{html.escape(i)}</li>" for i in block[1]) + "</ul>"
            out.append(f"<details><summary>{html.escape(block[2])}</summary>{items}</details>" if len(block) > 2
                       else items)
        elif kind == "table":
            _, headers, rows, note = block[:4]
            highlight = block[4] if len(block) > 4 else ()
            table = _html_table(headers, rows, highlight, tips)
            if note:
                table += f"<p class='note'>{html.escape(note)}</p>"
            if len(block) > 5 and block[5]:
                table = (f"<details><summary>Table: {html.escape(note.split('. ')[0].rstrip('.') or 'details')} "
                         f"({len(rows)} rows)</summary>{table}</details>")
            out.append(table)
        elif kind == "answer":
            _, ask, says, headers, rows, highlight = block
            table = _html_table(headers, rows, highlight, tips) if rows else ""
            out.append(f"<div class='answer'><h2>Answer</h2><p class='q'>{html.escape(ask)}</p><ul>" +
                       "".join(f"<li>{_said(x)}</li>" for x in says) + f"</ul>{table}</div>")
        elif kind == "figure":
            data = base64.b64encode(images[block[1]]).decode("ascii")
            out.append(f"<figure><img alt='{html.escape(block[2])}' src='data:image/png;base64,{data}'></figure>")
        elif kind == "pre":
            out.append(f"<pre>{html.escape(block[1])}</pre>")
        elif kind == "links":
            out.append("<ul>" + "".join(f"<li><a href='{html.escape(path)}'>{html.escape(text)}</a></li>"
                                        for text, path in block[1]) + "</ul>")
    return out


def _md_escape(text):
    return str(text).replace("|", "\\|")


def _md_table(headers, rows):
    lines = ["| " + " | ".join(_md_escape(_label(h)) for h in headers) + " |",
             "|" + "|".join("---:" if rows and _NUMERIC.match(str(rows[0][i])) else "---"
                            for i in range(len(headers))) + "|"]
    return lines + ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in rows]


def to_markdown(doc):
    return "\n\n".join(_md_blocks(doc)) + "\n"


def _md_blocks(doc):
    out = []
    for block in doc:
        kind = block[0]
        if kind == "fold":   # Markdown has no folding: the section as a section
            out += [f"## {block[1]}", *_md_blocks(block[2])]
        elif kind in ("h1", "h2", "h3"):
            out.append("#" * int(kind[1]) + " " + block[1])
        elif kind == "p":
            out.append(block[1])
        elif kind == "says":
            out.append(f"> **What this says:** {block[1]}")
        elif kind == "ul":
            out.append("\n".join(f"- {i}" for i in block[1]))
        elif kind == "table":
            _, headers, rows, note = block[:4]
            lines = _md_table(headers, rows)
            if note:
                lines.append(f"\n*{note}*")
            out.append("\n".join(lines))
        elif kind == "answer":
            _, ask, says, headers, rows, _ = block
            lines = ["## Answer", "", f"*{ask}*", ""]
            for x in says:
                lines += [f"- {x}"] if isinstance(x, str) else [f"- {x[0]}", *(f"  - {i}" for i in x[1])]
            if rows:
                lines += [""] + _md_table(headers, rows)
            out.append("\n".join(lines))
        elif kind == "figure":
            out.append(f"![{block[2]}](charts/{block[1]}.png)")
        elif kind == "pre":
            out.append(f"```sh\n{block[1]}\n```")
        elif kind == "links":
            out.append("\n".join(f"- [{text}]({path})" for text, path in block[1]))
    return out
