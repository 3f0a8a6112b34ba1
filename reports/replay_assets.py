"""The replay page's style, markup and script (reports.replay_page fills in the title, the
description, the board and the data).

The script reads the data block (JSON: per event the pieces it changed, each seat's counts, the
words, the turn; the board's geometry), keeps a copy of the pieces every KEYFRAME events to jump
anywhere, and redraws the pieces, the marks of what the event changed, the counts, the tracks and
the VP chart at each step.  It sets text only through textContent: no text of the data is ever
read as markup.
"""

CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1em auto; max-width: 1360px;
       padding: 0 1em; color: #1d1d1d; }
h1 { font-size: 1.35em; margin: .2em 0; } .desc { color: #444; margin: 0 0 .6em; white-space: pre-wrap; }
.main { display: flex; gap: 1.2em; align-items: flex-start; flex-wrap: wrap; }
.left { width: 640px; max-width: 100%; flex: 0 0 auto; }
#board { width: 100%; height: auto; border: 1px solid #ddd; }
#legend { list-style: none; padding: 0; margin: .3em 0; display: flex; flex-wrap: wrap; gap: .2em 1.1em;
          font-size: .82em; color: #444; }
.side { flex: 1 1 480px; min-width: 420px; max-width: 640px; }
.controls { display: flex; gap: .3em; flex-wrap: wrap; align-items: center; margin-bottom: .4em; }
.controls button { font-size: .95em; padding: .2em .6em; } #slider { width: 100%; margin: .3em 0; }
#where { font-variant-numeric: tabular-nums; color: #333; }
#words { background: #f6f8fb; border-left: 4px solid #4c72b0; padding: .45em .8em; min-height: 1.5em; margin: .4em 0; }
table { border-collapse: collapse; font-size: .88em; width: 100%; }
th, td { padding: .2em .45em; border-bottom: 1px solid #e4e4e4; text-align: right; font-variant-numeric: tabular-nums; }
th:first-child { text-align: left; font-weight: normal; } thead th { background: #f3f3f3; vertical-align: top; }
.label { overflow-wrap: anywhere; }
.swatch { display: inline-block; width: .9em; height: .9em; border: 1px solid #111; vertical-align: -0.1em;
          margin-right: .3em; }
.label { color: #555; font-size: .9em; } #notes { color: #333; font-size: .9em; margin: .4em 0; }
#tracks { width: 100%; height: auto; }
#chart { width: 100%; height: auto; border: 1px solid #eee; margin-top: .4em; }
.res { font-size: 0.26px; text-anchor: middle; fill: #1b1b1b; } .hexno { font-size: 0.2px; fill: #333; }
.harbour { font-size: 0.16px; text-anchor: middle; font-weight: bold; }
.keys { color: #666; font-size: .82em; }
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE%</title><style>%CSS%</style></head>
<body>
<h1 id="title">%TITLE%</h1>
<p class="desc" id="description">%DESCRIPTION%</p>
<div class="main">
<div class="left">
<svg id="board" viewBox="-5.9 -5.5 11.8 11" xmlns="http://www.w3.org/2000/svg">
%BOARD%
<g id="marks"></g>
<g id="pieces"></g>
</svg>
<ul id="legend"></ul>
</div>
<div class="side">
<div class="controls">
<button id="first" title="Home">|&lt;</button>
<button id="prevturn" title="arrow up">&lt;&lt; turn</button>
<button id="prev" title="arrow left">&lt; event</button>
<button id="next" title="arrow right">event &gt;</button>
<button id="nextturn" title="arrow down">turn &gt;&gt;</button>
<button id="last" title="End">&gt;|</button>
<span id="where"></span>
</div>
<input type="range" id="slider" min="0" value="0" aria-label="event">
<div class="keys">Keys: &larr; &rarr; an event, &uarr; &darr; a turn, Home / End.</div>
<div id="words"></div>
<table id="seats"><thead><tr id="seathead"></tr></thead><tbody id="seatrows"></tbody></table>
<div id="notes"></div>
<svg id="tracks" viewBox="0 0 560 26" xmlns="http://www.w3.org/2000/svg"></svg>
<svg id="chart" viewBox="0 0 560 190" xmlns="http://www.w3.org/2000/svg"></svg>
</div></div>
<script type="application/json" id="data">%DATA%</script>
<script>%SCRIPT%</script>
</body></html>
"""

SCRIPT = r"""
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const F = D.frames, G = D.geometry, N = F.length, SVGNS = "http://www.w3.org/2000/svg";
const KEYFRAME = 200;
const LAYER = {number: 1, wedge: 3, road: 4, ring: 4.5, settlement: 5, city: 5, place: 5.2, disc: 5.5, star: 6,
               badge: 6, token: 7};
let keyframes = [], current = -1, pieces = {};

function apply(map, f) {
  for (const k in f.d) { if (f.d[k] === null) delete map[k]; else map[k] = f.d[k]; }
}
(function build() {
  const map = {};
  for (let i = 0; i < N; i++) {
    apply(map, F[i]);
    if (i % KEYFRAME === 0) keyframes.push(Object.assign({}, map));
  }
})();
function stateAt(i) {
  const k = Math.floor(i / KEYFRAME), map = Object.assign({}, keyframes[k]);
  for (let j = k * KEYFRAME + 1; j <= i; j++) apply(map, F[j]);
  return map;
}
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const a in attrs) e.setAttribute(a, attrs[a]);
  if (parent) parent.appendChild(e);
  return e;
}
function colour(p) { return p >= 0 && p < D.seats.length ? D.seats[p].colour : D.neutral; }
function xy(at) { return at[0] === "hex" ? G.hex[at[1]] : G.corner[at[1]]; }
function house(x, y, s, city) {
  const pts = city
    ? [[-1.5, 1], [1.5, 1], [1.5, -0.35], [0, -0.35], [0, -1.1], [-0.75, -1.85], [-1.5, -1.1]]
    : [[-1, 1], [1, 1], [1, -0.3], [0, -1.1], [-1, -0.3]];
  return pts.map(p => (x + p[0] * s).toFixed(3) + "," + (y + p[1] * s).toFixed(3)).join(" ");
}
function label(g, x, y, text, size, fill) {
  const t = el("text", {x: x, y: y + size * 0.35, "font-size": size, "text-anchor": "middle",
                        "font-weight": "bold", fill: fill}, g);
  t.textContent = text;
}
function towards(c, h, t) {
  const a = G.corner[c], b = G.hex[h];
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}
function draw(key, x, g) {
  const fill = x.colour || colour(x.player), at = x.at;
  if (x.shape === "road") {
    const [a, b] = G.edge[at[1]], m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], s = 0.72;
    const p = [m[0] + (a[0] - m[0]) * s, m[1] + (a[1] - m[1]) * s, m[0] + (b[0] - m[0]) * s, m[1] + (b[1] - m[1]) * s];
    const line = {x1: p[0], y1: p[1], x2: p[2], y2: p[3], "stroke-linecap": "round"};
    el("line", Object.assign({stroke: "#111", "stroke-width": 0.2}, line), g);
    el("line", Object.assign({stroke: fill, "stroke-width": 0.13}, line), g);
    return;
  }
  if (x.shape === "number") {
    const [hx, hy] = xy(at), red = x.text === "6" || x.text === "8";
    el("circle", {cx: hx, cy: hy, r: 0.36, fill: "#fbf3dc", stroke: "#5a4a2a", "stroke-width": 0.03}, g);
    label(g, hx, hy, x.text, red ? 0.36 : 0.3, red ? "#c62828" : "#222");
    return;
  }
  if (x.shape === "token") {
    const [hx, hy] = xy(at), [dx, dy] = x.offset || [0.5, 0.35];
    el("circle", {cx: hx + dx, cy: hy + dy, r: 0.2, fill: fill, stroke: "#fff", "stroke-width": 0.04}, g);
    label(g, hx + dx, hy + dy, x.text || "", 0.2, fill === "#ffffff" || fill === "#ff7f0e" ? "#111" : "#fff");
    return;
  }
  if (x.shape === "wedge" || x.shape === "badge") {
    const c = G.corner[at[1]], h = G.hex[at[2]], v = [h[0] - c[0], h[1] - c[1]], side = [-v[1] * 0.17, v[0] * 0.17];
    const base = [c[0] + v[0] * 0.3, c[1] + v[1] * 0.3], tip = [c[0] + v[0] * 0.64, c[1] + v[1] * 0.64];
    if (x.shape === "wedge") {
      el("polygon", {points: [[base[0] + side[0], base[1] + side[1]], [base[0] - side[0], base[1] - side[1]], tip]
                       .map(p => p[0].toFixed(3) + "," + p[1].toFixed(3)).join(" "),
                     fill: fill, stroke: "#111", "stroke-width": 0.035}, g);
    } else {
      el("circle", {cx: tip[0], cy: tip[1], r: 0.12, fill: "#111", stroke: "#fff", "stroke-width": 0.025}, g);
      label(g, tip[0], tip[1], x.text || "", 0.16, "#fff");
    }
    return;
  }
  if (x.shape === "place") {
    const [px, py] = towards(at[1], at[2], 0.38);
    el("rect", {x: px - 0.11, y: py - 0.11, width: 0.22, height: 0.22, fill: fill, stroke: "#111", "stroke-width": 0.03}, g);
    label(g, px, py, x.text || "", 0.15, fill === "#ffffff" || fill === "#ff7f0e" ? "#111" : "#fff");
    return;
  }
  const [cx, cy] = xy(at);
  if (x.shape === "settlement" || x.shape === "city") {
    el("polygon", {points: house(cx, cy, x.shape === "city" ? 0.2 : 0.16, x.shape === "city"), fill: fill,
                   stroke: "#111", "stroke-width": 0.04}, g);
    if (x.text) label(g, cx, cy + 0.35, x.text, 0.16, "#111");
  } else if (x.shape === "disc") {
    el("circle", {cx: cx, cy: cy, r: 0.15, fill: fill, stroke: x.ring || "#111",
                  "stroke-width": x.ring ? 0.06 : 0.035, "stroke-dasharray": x.dashed ? "0.05 0.04" : "none"}, g);
    label(g, cx, cy, x.text || "", 0.17, fill === "#1f77b4" || fill === "#d62728" ? "#fff" : "#111");
  } else if (x.shape === "ring") {
    el("circle", {cx: cx, cy: cy, r: 0.3, fill: "none", stroke: fill, "stroke-width": 0.07}, g);
  } else if (x.shape === "star") {
    const pts = [];
    for (let k = 0; k < 10; k++) {
      const r = k % 2 ? 0.08 : 0.19, a = Math.PI / 5 * k - Math.PI / 2;
      pts.push((cx + r * Math.cos(a)).toFixed(3) + "," + (cy - 0.32 + r * Math.sin(a)).toFixed(3));
    }
    el("polygon", {points: pts.join(" "), fill: fill, stroke: "#111", "stroke-width": 0.03}, g);
  }
}
function hexPoints(h, r) {
  const [x, y] = G.hex[h], pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (90 + 60 * k);
    pts.push((x + r * Math.cos(a)).toFixed(3) + "," + (y + r * Math.sin(a)).toFixed(3));
  }
  return pts.join(" ");
}
function mark(i) {
  // what event i changed: its hexes outlined, the pieces it put down haloed
  const layer = document.getElementById("marks"), f = F[i];
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  for (const h of f.h || []) {
    el("polygon", {points: hexPoints(h, 0.93), fill: "none", stroke: "#ffeb3b", "stroke-width": 0.1}, layer);
  }
  if (i === 0) return;
  for (const key in f.d) {
    const x = f.d[key];
    if (x === null || x.shape === "number") continue;
    if (x.shape === "road") {
      const [a, b] = G.edge[x.at[1]];
      el("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#ffeb3b", "stroke-width": 0.34,
                  "stroke-linecap": "round", opacity: 0.9}, layer);
    } else if (x.shape === "token") {
      const [hx, hy] = G.hex[x.at[1]], [dx, dy] = x.offset || [0.5, 0.35];
      el("circle", {cx: hx + dx, cy: hy + dy, r: 0.3, fill: "#ffeb3b", opacity: 0.9}, layer);
    } else {
      const [cx, cy] = x.at[0] === "place" ? towards(x.at[1], x.at[2], 0.4) : xy(x.at);
      el("circle", {cx: cx, cy: cy, r: 0.32, fill: "#ffeb3b", opacity: 0.9}, layer);
    }
  }
}
function render(map) {
  const layer = document.getElementById("pieces");
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const keys = Object.keys(map).sort((a, b) => (LAYER[map[a].shape] || 5) - (LAYER[map[b].shape] || 5));
  for (const key of keys) {
    const x = map[key];
    const g = el("g", {class: "piece", "data-key": key, "data-kind": x.kind, "data-player": x.player,
                       "data-at": x.at.join(":")}, layer);
    if (x.text !== undefined) g.setAttribute("data-text", x.text);
    if (x.status !== undefined) g.setAttribute("data-status", x.status);
    draw(key, x, g);
  }
}
function cell(row, text, tag) {
  const c = document.createElement(tag || "td");
  c.textContent = text;
  row.appendChild(c);
  return c;
}
function seats(f) {
  D.counts.forEach((name, k) => {
    D.seats.forEach((s, p) => {
      document.getElementById("count-" + k + "-" + p).textContent = String(f.s[p][k]);
    });
  });
  document.getElementById("notes").textContent = f.n.join(" · ");
  tracks(f.k || {});
}
function tracks(k) {
  // each track (the barbarians' ship) as a row of cells, the ship's step filled
  const svg = document.getElementById("tracks"), names = Object.keys(k);
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.style.display = names.length ? "" : "none";
  svg.setAttribute("viewBox", "0 0 560 " + (22 * names.length + 4));
  names.forEach((name, r) => {
    const [step, of] = k[name], y = 4 + 22 * r;
    const g = el("g", {class: "track", "data-track": name, "data-step": step, "data-of": of}, svg);
    const t = el("text", {x: 0, y: y + 13, "font-size": 12, fill: "#333"}, g);
    t.textContent = name + ": " + step + " of " + of;
    for (let s = 0; s <= of; s++) {
      el("rect", {x: 150 + s * 24, y: y, width: 20, height: 16, rx: 3, fill: s === step ? "#6d4c2f" : "#f1ece2",
                  stroke: s === of ? "#c62828" : "#999"}, g);
    }
  });
}
const VP = D.counts.indexOf("VP shown"), HIDDEN = D.counts.indexOf("VP cards (hidden)");
function turnIndex(i) {
  let lo = 0, hi = D.turnStarts.length - 1, k = -1;
  while (lo <= hi) { const m = (lo + hi) >> 1; if (D.turnStarts[m] <= i) { k = m; lo = m + 1; } else hi = m - 1; }
  return k;
}
function chart(i) {
  const svg = document.getElementById("chart");
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const T = D.turnStarts.length, W = 560, H = 190, L = 34, R = 10, TOP = 22, B = 26;
  const ends = D.turnStarts.map((s, k) => k + 1 < T ? D.turnStarts[k + 1] - 1 : N - 1);
  const vp = ends.map(e => F[e].s.map(r => r[VP] + r[HIDDEN]));
  const top = Math.max(2, ...vp.flat());
  const X = k => L + (W - L - R) * (T > 1 ? k / (T - 1) : 0), Y = v => H - B - (H - B - TOP) * v / top;
  const t = el("text", {x: L, y: 14, "font-size": 12, fill: "#333"}, svg);
  t.textContent = "VP over the turns (VP cards included); the line: this event's turn";
  for (let v = 0; v <= top; v += Math.max(1, Math.round(top / 5))) {
    el("line", {x1: L, x2: W - R, y1: Y(v), y2: Y(v), stroke: "#eee"}, svg);
    const l = el("text", {x: L - 4, y: Y(v) + 4, "font-size": 10, "text-anchor": "end", fill: "#555"}, svg);
    l.textContent = v;
  }
  const xl = el("text", {x: W - R, y: H - 6, "font-size": 10, "text-anchor": "end", fill: "#555"}, svg);
  xl.textContent = T + " turns";
  D.seats.forEach((s, p) => {
    const pts = vp.map((r, k) => X(k).toFixed(1) + "," + Y(r[p]).toFixed(1)).join(" ");
    el("polyline", {points: pts, fill: "none", stroke: s.colour === "#ffffff" ? "#999" : s.colour,
                    "stroke-width": 2, "data-player": p}, svg);
  });
  const k = turnIndex(i);
  if (k >= 0) el("line", {id: "turnmark", x1: X(k), x2: X(k), y1: TOP, y2: H - B, stroke: "#111",
                          "stroke-width": 1.5, "stroke-dasharray": "4 3", "data-turn": k + 1}, svg);
}
function go(i) {
  i = Math.max(0, Math.min(N - 1, i));
  current = i;
  render(stateAt(i));
  mark(i);
  const f = F[i];
  document.getElementById("words").textContent = f.w;
  document.getElementById("where").textContent = "event " + i + " of " + (N - 1) + " · turn " + f.t;
  document.getElementById("slider").value = i;
  document.body.setAttribute("data-event", i);
  seats(f);
  chart(i);
  if (history.replaceState) { try { history.replaceState(null, "", "#event=" + i); } catch (e) {} }
}
function turnStep(dir) {
  const k = turnIndex(current);
  if (dir > 0) { const n = D.turnStarts[k + 1]; go(n === undefined ? N - 1 : n); }
  else { const s = D.turnStarts[k]; go(s !== undefined && s < current ? s : (k > 0 ? D.turnStarts[k - 1] : 0)); }
}
(function start() {
  const head = document.getElementById("seathead"), body = document.getElementById("seatrows");
  cell(head, "", "th");
  D.seats.forEach((s, p) => {
    const th = cell(head, "", "th"), sw = document.createElement("span");
    th.id = "seat-" + p;
    sw.className = "swatch";
    sw.style.background = s.colour;
    th.appendChild(sw);
    th.appendChild(document.createTextNode(s.name));
    if (s.label) {
      const l = document.createElement("div");
      l.className = "label";
      l.textContent = s.label;
      th.appendChild(l);
    }
  });
  const key = document.getElementById("legend");
  for (const text of D.legend.concat(["yellow: what the event changed"])) cell(key, text, "li");
  D.counts.forEach((n, k) => {
    const row = document.createElement("tr");
    cell(row, n, "th");
    D.seats.forEach((s, p) => {
      const c = cell(row, "");
      c.id = "count-" + k + "-" + p;
      c.setAttribute("data-count", n);
      c.setAttribute("data-player", p);
    });
    body.appendChild(row);
  });
  const slider = document.getElementById("slider");
  slider.max = N - 1;
  slider.addEventListener("input", () => go(Number(slider.value)));
  const on = (id, f) => document.getElementById(id).addEventListener("click", f);
  on("first", () => go(0)); on("last", () => go(N - 1));
  on("prev", () => go(current - 1)); on("next", () => go(current + 1));
  on("prevturn", () => turnStep(-1)); on("nextturn", () => turnStep(1));
  document.addEventListener("keydown", e => {
    const k = {ArrowRight: () => go(current + 1), ArrowLeft: () => go(current - 1), ArrowDown: () => turnStep(1),
               ArrowUp: () => turnStep(-1), Home: () => go(0), End: () => go(N - 1)}[e.key];
    if (k) { e.preventDefault(); k(); }
  });
  const fromHash = () => { const m = /event=(\d+)/.exec(location.hash); return m ? Number(m[1]) : null; };
  window.addEventListener("hashchange", () => { const i = fromHash(); if (i !== null && i !== current) go(i); });
  go(fromHash() || 0);
})();
"""
