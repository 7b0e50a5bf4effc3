"""A Boggle board as one self-contained HTML file to play on screen (no
network, no library).

The board is shown large; a timer (3 minutes unless the page says
otherwise in ``meta["minutes"]``) starts and pauses with one button.
While it runs (a pause hides the board), a word typed in the box and sent with Enter is checked
against the board's words, which the page carries: a word of the board
joins the found list with its points and the score grows; any other word
is answered why not (too short, already found, not on this board).  When
the time is up, or with "Show answers", the box closes and every word is
listed by length, longest first, the ones found ticked.
"""

from __future__ import annotations

from .page import Page
from .svg import markup, script_json

MINUTES = 3

_CSS = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:1.5em auto;max-width:60em;color:#111;
  text-align:center}
h1{font-size:1.8em;margin:0 0 .3em}
p.rules{margin:.2em 0 1em;color:#333}
#tray{display:inline-grid;gap:.35em;padding:.6em;background:#29456f;border-radius:.8em}
#tray div{width:3.2em;height:3.2em;line-height:3.2em;font-size:2.2em;background:#f8f5eb;
  border-radius:.35em;box-shadow:inset 0 -.12em 0 #bbb;user-select:none}
#tray div.u{text-decoration:underline}
#tray.hidden div{color:transparent}
#bar{margin:1em 0;font-size:1.3em}
#clock{font-variant-numeric:tabular-nums;font-size:1.6em;margin:0 .6em;vertical-align:middle}
button{font-size:1em;padding:.3em .9em;margin:0 .3em}
#guess{font-size:1.3em;width:14em;padding:.2em;text-transform:uppercase}
#why{min-height:1.4em;color:#8a1c1c;margin:.3em}
#score{font-size:1.3em;margin:.4em}
ul{list-style:none;padding:0;columns:4 10em;text-align:left;max-width:48em;margin:.4em auto}
li span{color:#777;float:right;margin-right:2em}
li.found{font-weight:bold;color:#1d5e20}
h2{font-size:1.1em;margin:1em 0 .2em;color:#29456f}
"""

_JS = r"""
const P = JSON.parse(document.getElementById('page').textContent);
const words = new Map(P.words.map(w => [w.text, w.points]));
const found = new Map();
let left = Math.round(P.minutes * 60), timer = null, over = false;
const $ = id => document.getElementById(id);
const tray = $('tray'), clock = $('clock'), go = $('go'), guess = $('guess'), why = $('why');
function show() {
  const m = Math.floor(left / 60), s = left % 60;
  clock.textContent = m + ':' + String(s).padStart(2, '0');
}
function score() {
  let t = 0; for (const p of found.values()) t += p;
  $('score').textContent = 'Score: ' + t + ' (' + found.size + ' of ' + words.size + ' words)';
}
function pause(hide = true) { clearInterval(timer); timer = null; go.textContent = 'Start';
  if (hide) tray.classList.add('hidden'); guess.disabled = true; }
function start() {
  if (over) return;
  tray.classList.remove('hidden'); guess.disabled = false; guess.focus();
  go.textContent = 'Pause';
  timer = setInterval(() => { left -= 1; show(); if (left <= 0) finish(); }, 1000);
}
go.onclick = () => (timer ? pause() : start());
function finish() {
  clearInterval(timer); timer = null; over = true; left = Math.max(left, 0); show();
  tray.classList.remove('hidden'); guess.disabled = true; go.disabled = true;
  go.textContent = 'Start';
  why.textContent = left > 0 ? 'The answers:' : 'Time is up. The answers:';
  const out = $('answers'); out.innerHTML = '';
  const byLen = new Map();
  for (const w of P.words) {
    const n = w.text.length; if (!byLen.has(n)) byLen.set(n, []); byLen.get(n).push(w);
  }
  for (const n of [...byLen.keys()].sort((a, b) => b - a)) {
    const ws = byLen.get(n).sort((a, b) => a.text < b.text ? -1 : 1);
    const h = document.createElement('h2');
    h.textContent = n + ' letters (' + ws.length + ')'; out.appendChild(h);
    const ul = document.createElement('ul');
    for (const w of ws) {
      const li = document.createElement('li');
      li.textContent = w.text; if (found.has(w.text)) li.className = 'found';
      const sp = document.createElement('span'); sp.textContent = w.points; li.appendChild(sp);
      ul.appendChild(li);
    }
    out.appendChild(ul);
  }
  const t = document.createElement('p');
  t.textContent = 'Total: ' + words.size + ' words, ' + P.total + ' points.';
  out.appendChild(t);
}
$('reveal').onclick = finish;
guess.addEventListener('keydown', e => {
  if (e.key !== 'Enter') return;
  const w = guess.value.trim().toUpperCase(); guess.value = '';
  if (!w) return;
  if (w.length < 3) why.textContent = w + ': words have 3 letters or more';
  else if (found.has(w)) why.textContent = w + ': found already';
  else if (!words.has(w)) why.textContent = w + ': not a word of this board';
  else {
    found.set(w, words.get(w)); why.textContent = '';
    const li = document.createElement('li'); li.textContent = w;
    const sp = document.createElement('span'); sp.textContent = words.get(w); li.appendChild(sp);
    $('found').prepend(li); score();
  }
});
show(); score(); pause(false);
"""


def boggle_html(page: Page) -> str:
    """The HTML document of a Boggle page (see the module's docstring)."""
    minutes = page.meta.get("minutes", MINUTES)
    data = {
        "minutes": minutes,
        "words": [{"text": w.text, "points": w.points or 0} for w in page.words],
        "total": sum(w.points or 0 for w in page.words),
    }
    script_data = script_json(data)
    dice = "".join(
        f'<div class="u">{markup(sq.letter)}</div>'
        if sq.letter in ("M", "W", "N", "Z")
        else f"<div>{markup(sq.letter)}</div>"
        for row in page.grid
        for sq in row
        if sq is not None
    )
    title = markup(page.title or "Boggle")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><style>{_CSS}</style></head>
<body>
<h1>{title}</h1>
<p class="rules">Find words of 3 letters or more by joining dice side by side or corner to
corner, each die once a word. Pausing the clock hides the board.</p>
<div id="tray" style="grid-template-columns:repeat({page.cols},auto)">{dice}</div>
<div id="bar"><button id="go">Start</button><span id="clock"></span>
<button id="reveal">Show answers</button></div>
<input id="guess" autocomplete="off" spellcheck="false" placeholder="a word, then Enter">
<div id="why"></div><div id="score"></div>
<ul id="found"></ul>
<div id="answers"></div>
<script type="application/json" id="page">{script_data}</script>
<script>{_JS}</script>
</body></html>
"""


__all__ = ["boggle_html", "MINUTES"]
