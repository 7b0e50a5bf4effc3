"""A page as one self-contained HTML file a person can solve on screen
(no network, no library: the grid, the words and a small script).

- Word search: click the first letter of a word, then its last; a word
  found is ringed in the grid and struck through in the list.  A click on
  a wrong pair clears the selection.  "Show answers" marks every word.
- Crossword and word rectangle: type the letters in the squares; "Check"
  colours the wrong ones.
- Boggle: type a word; one of the board's words is added to the found list.
"""

from __future__ import annotations

import json

from .page import Page
from .svg import MARK_COLORS, attribute, markup, script_json

_CSS = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:1.5em;color:#111}
h1{font-size:1.6em;margin:0 0 .6em}
#board{position:relative;display:inline-block;user-select:none}
table.grid{border-collapse:collapse}
table.grid td{width:2em;height:2em;text-align:center;font-size:1.3em;padding:0;
  position:relative;cursor:pointer}
table.grid.lines td{border:1px solid #555}
table.grid td.block{background:#000}
table.grid td.hole{cursor:default}
table.grid.lines td.hole{border:0}
table.grid td.circled::after{content:"";position:absolute;inset:1px;border:1px solid #666;
  border-radius:50%;pointer-events:none}
table.grid.shaped td:not(.hole){background:#f1efe6}
table.grid td.sel{background:#ffe08a}
table.grid td .num{position:absolute;top:1px;left:2px;font-size:.45em}
table.grid input{width:100%;height:100%;border:0;text-align:center;font-size:1em;
  text-transform:uppercase;background:transparent}
table.grid td.wrong{background:#f6b0b0}
svg#marks{position:absolute;left:0;top:0;pointer-events:none}
ul.words{columns:3 12em;padding-left:1.2em;font-size:1.1em}
ul.words li.found{text-decoration:line-through;color:#888}
div.clues{display:flex;flex-wrap:wrap;gap:0 2.5em}
div.clues section{flex:1 1 16em;max-width:28em}
div.clues h2{font-size:1.15em;margin:.4em 0}
ul.clues{list-style:none;padding:0;margin:0;font-size:1.05em}
ul.clues li{margin:.15em 0;padding-left:1.6em;text-indent:-1.6em}
p.status{font-size:1.1em}
button{font-size:1em;margin-right:.6em}
"""

_JS = r"""
const P = JSON.parse(document.getElementById('page').textContent);
const colors = COLORS;
const board = document.getElementById('board');
const table = board.querySelector('table');
const svg = document.getElementById('marks');
const status = document.getElementById('status');
let first = null, found = new Set();
function td(r, c) { return table.rows[r].cells[c]; }
function center(r, c) {
  const t = td(r, c), b = board.getBoundingClientRect(), q = t.getBoundingClientRect();
  return [q.left - b.left + q.width / 2, q.top - b.top + q.height / 2, q.width];
}
function mark(k, cells) {
  const pts = cells.map(([r, c]) => center(r, c));
  const pl = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  pl.setAttribute('points', pts.map(p => p[0] + ',' + p[1]).join(' '));
  pl.setAttribute('fill', 'none');
  pl.setAttribute('stroke', colors[k % colors.length]);
  pl.setAttribute('stroke-opacity', '0.4');
  pl.setAttribute('stroke-width', pts[0][2] * 0.75);
  pl.setAttribute('stroke-linecap', 'round');
  pl.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(pl);
}
function resize() {
  const b = board.getBoundingClientRect();
  svg.setAttribute('width', b.width); svg.setAttribute('height', b.height);
}
function done() {
  const n = P.words.filter(w => w.cells.length).length;
  status.textContent = found.size + ' of ' + n + ' words found' +
    (found.size === n ? ': well done!' : '');
}
function find(k) {
  if (found.has(k)) return;
  found.add(k);
  mark(k, P.words[k].cells);
  document.getElementById('w' + k).classList.add('found');
  done();
}
function line(a, b) {
  const dr = b[0] - a[0], dc = b[1] - a[1], n = Math.max(Math.abs(dr), Math.abs(dc));
  if (n === 0 || (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc))) return null;
  const out = [];
  for (let i = 0; i <= n; i++) out.push([a[0] + i * Math.sign(dr), a[1] + i * Math.sign(dc)]);
  return out;
}
function same(x, y) {
  return x.length === y.length && x.every((p, i) => p[0] === y[i][0] && p[1] === y[i][1]);
}
function click(r, c) {
  if (first === null) { first = [r, c]; td(r, c).classList.add('sel'); return; }
  const a = first; first = null; td(a[0], a[1]).classList.remove('sel');
  const cells = line(a, [r, c]);
  if (!cells) return;
  P.words.forEach((w, k) => {
    if (w.cells.length && (same(w.cells, cells) || same(w.cells, cells.slice().reverse()))) find(k);
  });
}
if (P.kind === 'wordsearch') {
  for (let r = 0; r < P.rows; r++) for (let c = 0; c < P.cols; c++)
    if (P.grid[r][c]) td(r, c).addEventListener('click', () => click(r, c));
  document.getElementById('show').addEventListener('click', () =>
    P.words.forEach((w, k) => { if (w.cells.length) find(k); }));
  resize(); done();
  window.addEventListener('resize', () => { svg.innerHTML = ''; resize();
    found.forEach(k => mark(k, P.words[k].cells)); });
} else if (P.kind === 'boggle') {
  const input = document.getElementById('guess');
  const answers = new Map(P.words.map((w, k) => [w.answer.toUpperCase(), k]));
  input.addEventListener('keydown', e => {
    if (e.key !== 'Enter') return;
    const k = answers.get(input.value.trim().toUpperCase());
    if (k !== undefined) { found.add(k); document.getElementById('w' + k).hidden = false;
      document.getElementById('w' + k).classList.add('found'); }
    input.value = '';
    status.textContent = found.size + ' of ' + P.words.length + ' words found';
  });
} else {
  document.getElementById('check').addEventListener('click', () => {
    let wrong = 0;
    table.querySelectorAll('input').forEach(i => {
      const ok = i.value.toUpperCase() === i.dataset.a.toUpperCase();
      i.parentElement.classList.toggle('wrong', !ok && i.value !== '');
      if (!ok) wrong++;
    });
    status.textContent = wrong ? wrong + ' squares wrong or empty' : 'all correct!';
  });
}
"""


def page_html(page: Page) -> str:
    """One HTML document for ``page``; everything it needs is inside."""
    data = script_json(page.to_json())
    typed = page.kind in ("crossword", "wordrect")
    rows = []
    for r, row in enumerate(page.grid):
        tds = []
        for c, sq in enumerate(row):
            if sq is None:
                tds.append('<td class="hole"></td>')
            elif sq.block:
                tds.append('<td class="block"></td>')
            else:
                num = f'<span class="num">{sq.number}</span>' if sq.number is not None else ""
                if typed and not sq.given:
                    inner = (
                        f'<input maxlength="{max(2, len(sq.letter))}" '
                        f'aria-label="row {r + 1} column {c + 1}" '
                        f'data-a="{attribute(sq.letter)}">'
                    )
                else:
                    inner = markup(sq.letter)
                circled = ' class="circled"' if sq.circled else ""
                tds.append(f"<td{circled}>{num}{inner}</td>")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    items = []
    for k, w in enumerate(page.words):
        if page.word_display == "clues":
            text = f"<b>{markup(w.label or '')}</b> {markup(w.clue or '')} ({len(w.answer)})"
        else:
            text = markup(w.text) + (f" <small>({markup(w.clue)})</small>" if w.clue else "")
        hidden = " hidden" if page.word_display == "count" else ""
        items.append(f'<li id="w{k}"{hidden}>{text}</li>')
    if page.kind == "wordsearch":
        controls = (
            "<p>Click the first letter of a word, then its last.</p>"
            '<p><button id="show">Show answers</button></p>'
        )
    elif page.kind == "boggle":
        controls = (
            f"<p>{len(page.words)} words hide in the board. Type one and press "
            'Enter: <input id="guess" autocomplete="off"></p>'
        )
    else:
        controls = '<p><button id="check">Check</button></p>'
    word_list = '<ul class="words">\n' + "\n".join(items) + "\n</ul>"
    if page.kind == "crossword" and all(w.direction in ("across", "down") for w in page.words):
        # a crossword's clues as newspapers set them: Across, then Down, by number
        parts = []
        for d in ("across", "down"):
            lis = [
                f'<li id="w{k}"><b>{markup((w.label or "").split("-")[0])}</b> '
                f"{markup(w.clue or '')} ({len(w.answer)})</li>"
                for k, w in enumerate(page.words)
                if w.direction == d
            ]
            if lis:
                parts.append(
                    f'<section><h2>{d.capitalize()}</h2><ul class="clues">'
                    + "".join(lis)
                    + "</ul></section>"
                )
        word_list = '<div class="clues">' + "".join(parts) + "</div>"
    notes = "".join(f"<p>{markup(n)}</p>" for n in page.notes)
    title = markup(page.title or page.kind)
    lines = " lines" if page.kind != "wordsearch" else ""
    if page.kind == "wordsearch" and any(sq is None for line in page.grid for sq in line):
        lines = " shaped"  # a tint on the cells shows the grid's shape
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{_CSS}</style>
</head>
<body>
<h1>{title}</h1>
<div id="board"><table class="grid{lines}">
{chr(10).join(rows)}
</table><svg id="marks" xmlns="http://www.w3.org/2000/svg"></svg></div>
{controls}
<p class="status" id="status"></p>
{word_list}
{notes}
<script type="application/json" id="page">{data}</script>
<script>{_JS.replace("COLORS", json.dumps(list(MARK_COLORS)))}</script>
</body>
</html>
"""
