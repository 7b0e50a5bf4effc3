// dlxc studio: the page's side.  Plain JavaScript, no build step, nothing
// loaded from elsewhere.  Every call of the API carries the run's token
// (X-Dlxc-Token, from the page's meta tag); long work is a job the page
// polls and may stop.
"use strict";

const TOKEN = document.querySelector('meta[name="dlxc-token"]').content;
const $ = (id) => document.getElementById(id);

async function api(method, path, body, asFile = false, signal = undefined) {
  const opts = { method, headers: { "X-Dlxc-Token": TOKEN }, signal };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    const text = type.includes("json") ? (await res.json()).error : await res.text();
    throw new Error(text || res.statusText);
  }
  return asFile || !type.includes("json") ? res.blob() : res.json();
}

// A job: started by a POST that answers {job}, polled until it ends.
class JobRunner {
  constructor(statusEl, stopButton) {
    this.status = statusEl;
    this.stop = stopButton;
    this.current = null;
    stopButton.addEventListener("click", () => this.cancel());
  }
  async run(path, body, label, onProgress = null) {
    await this.cancel(); // a newer request replaces the one running
    const { job } = await api("POST", path, body);
    this.current = job;
    this.stop.disabled = false;
    say(this.status, label + "...");
    try {
      for (;;) {
        const view = await api("GET", `/api/jobs/${job}`);
        if (view.state === "done") return view;
        if (view.state === "failed" || view.state === "cancelled") {
          throw new Error(view.state === "cancelled" ? `stopped (${view.error})` : view.error);
        }
        if (this.current !== job) throw new Error("replaced by a newer request");
        if (onProgress) onProgress(view);
        await new Promise((r) => setTimeout(r, onProgress ? 80 : 120));
      }
    } finally {
      if (this.current === job) {
        this.current = null;
        this.stop.disabled = true;
      }
    }
  }
  async cancel() {
    const job = this.current;
    this.current = null;
    this.stop.disabled = true;
    if (job) {
      try { await api("DELETE", `/api/jobs/${job}`); } catch (e) { /* already gone */ }
    }
  }
}

function say(el, text, bad = false) {
  el.textContent = text;
  el.classList.toggle("error", bad);
}

function save(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function fillSelect(select, values, keepFirst = true) {
  if (!keepFirst) select.innerHTML = "";
  for (const v of values) {
    const o = document.createElement("option");
    o.value = o.textContent = v;
    select.appendChild(o);
  }
}

// ---- tabs ----
for (const tab of document.querySelectorAll("nav button")) {
  tab.addEventListener("click", () => {
    for (const t of document.querySelectorAll("nav button")) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      $(`room-${t.dataset.room}`).hidden = !on;
    }
  });
}

// ---- word search ----
const ws = {
  runner: new JobRunner($("ws-status"), $("ws-stop")),
  last: null, // the request of the puzzle shown (its seed fixed)
  svg: null,
  answers: null,
};

function wsRequest() {
  const req = {
    title: $("ws-title").value,
    theme: $("ws-theme").value,
    words: $("ws-words").value,
    shape: $("ws-shape").value,
    directions: $("ws-directions").value,
  };
  const rows = $("ws-rows").value, cols = $("ws-cols").value, seed = $("ws-seed").value;
  if (rows) { req.size = 1; req.rows = Number(rows); req.cols = Number(cols || rows); }
  if (seed !== "") req.seed = Number(seed);
  return req;
}

function wsShow() {
  const img = $("ws-preview");
  const svg = $("ws-answers").checked ? ws.answers : ws.svg;
  if (!svg) return;
  if (img.src) URL.revokeObjectURL(img.src);
  img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  img.hidden = false;
}

async function wsMake(req) {
  try {
    const view = await ws.runner.run("/api/wordsearch/preview", req, "searching for a layout");
    const r = view.result;
    ws.last = Object.assign({}, req, { seed: r.seed });
    ws.svg = r.svg;
    ws.answers = r.answers_svg;
    $("ws-seed").placeholder = `random (last: ${r.seed})`;
    wsShow();
    const list = $("ws-words-placed");
    list.innerHTML = "";
    for (const w of r.words) {
      const li = document.createElement("li");
      li.textContent = w;
      list.appendChild(li);
    }
    for (const b of document.querySelectorAll("#room-wordsearch .download")) b.disabled = false;
    const notes = r.notes.length ? " " + r.notes.join(" ") : "";
    say($("ws-status"), `${r.rows}x${r.cols}, ${r.words.length} words, seed ${r.seed}, ` +
      `${view.seconds.toFixed(2)} s.${notes}`);
  } catch (e) {
    say($("ws-status"), e.message, true);
  }
}

$("ws-form").addEventListener("submit", (ev) => { ev.preventDefault(); wsMake(wsRequest()); });
$("ws-reroll").addEventListener("click", () => {
  const req = wsRequest();
  delete req.seed; // a new seed drawn by the server
  $("ws-seed").value = "";
  wsMake(req);
});
$("ws-answers").addEventListener("change", wsShow);
for (const b of document.querySelectorAll("#room-wordsearch .download")) {
  b.addEventListener("click", async () => {
    if (!ws.last) return;
    const fmt = b.dataset.format;
    try {
      const view = await ws.runner.run(`/api/wordsearch/export?format=${fmt}`, ws.last,
        `writing ${fmt}`);
      save(await api("GET", `/api/jobs/${view.id}/file`, undefined, true), `wordsearch.${fmt}`);
      say($("ws-status"), `wordsearch.${fmt} saved (${view.result.bytes} bytes).`);
    } catch (e) {
      say($("ws-status"), e.message, true);
    }
  });
}

// ---- Boggle ----
function bgShow(letters, rows, cols) {
  const table = $("bg-grid");
  table.innerHTML = "";
  for (let r = 0; r < rows; r++) {
    const tr = document.createElement("tr");
    for (let c = 0; c < cols; c++) {
      const td = document.createElement("td");
      const ch = letters[r * cols + c];
      td.textContent = ch === "q" ? "Qu" : ch;
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
}

function bgRequest() {
  return { board: $("bg-board").value, title: $("bg-title").value };
}

$("bg-roll").addEventListener("click", async () => {
  try {
    const r = await api("POST", "/api/boggle/roll", { dice: $("bg-dice").value });
    const rows = [];
    for (let i = 0; i < r.rows; i++) rows.push(r.board.slice(i * r.cols, (i + 1) * r.cols));
    $("bg-board").value = rows.join(" ");
    bgShow(r.board, r.rows, r.cols);
    $("bg-words").innerHTML = "";
    $("bg-score").textContent = "";
    say($("bg-status"), `rolled from the ${$("bg-dice").value} dice (seed ${r.seed}).`);
    await bgSolve();
  } catch (e) {
    say($("bg-status"), e.message, true);
  }
});

async function bgSolve() {
  try {
    const r = await api("POST", "/api/boggle/solve", bgRequest());
    bgShow(r.board, r.rows, r.cols);
    $("bg-score").textContent = `${r.words.length} words, ${r.score} points`;
    $("bg-score").dataset.score = r.score;
    const list = $("bg-words");
    list.innerHTML = "";
    for (const w of r.words) {
      const li = document.createElement("li");
      li.textContent = `${w.word} (${w.points})`;
      list.appendChild(li);
    }
    for (const b of document.querySelectorAll(".bg-download")) b.disabled = false;
    say($("bg-status"), "");
  } catch (e) {
    say($("bg-status"), e.message, true);
  }
}

$("bg-form").addEventListener("submit", (ev) => { ev.preventDefault(); bgSolve(); });
for (const b of document.querySelectorAll(".bg-download")) {
  b.addEventListener("click", async () => {
    const fmt = b.dataset.format;
    try {
      save(await api("POST", `/api/boggle/export?format=${fmt}`, bgRequest(), true),
        `boggle.${fmt}`);
      say($("bg-status"), `boggle.${fmt} saved.`);
    } catch (e) {
      say($("bg-status"), e.message, true);
    }
  });
}


// ---- crossword ----
const xw = {
  rows: [], // arrays of "#", "." or a lower-case letter
  givens: new Set(), // "r,c"
  circles: new Set(),
  clues: {}, // "1-Across": clue
  r: 0, c: 0, dir: "across",
  undo: [], redo: [],
  runner: new JobRunner($("xw-status"), $("xw-stop")),
  suggestRunner: new JobRunner($("xw-check"), $("xw-check-stop")),
  timer: null,
  region: null, // a rectangle [r0, c0, r1, c1] that autofill fills alone, or null
  picking: false, // "Region" pressed: the next two taps are its corners
};

function xwSnapshot() {
  return JSON.stringify([xw.rows, [...xw.givens], [...xw.circles]]);
}
function xwRestore(snap) {
  const [rows, givens, circles] = JSON.parse(snap);
  xw.rows = rows; xw.givens = new Set(givens); xw.circles = new Set(circles);
}
function xwEdit(change) { // every edit goes through here, for undo
  const before = xwSnapshot();
  change();
  if (xwSnapshot() !== before) {
    xw.undo.push(before);
    if (xw.undo.length > 500) xw.undo.shift();
    xw.redo = [];
  }
  xwDraw();
}
function xwNew(rows) {
  // a row: a string of squares, or a list of them (a rebus square holds several letters)
  xw.rows = rows.map((row) => Array.isArray(row) ? row.map((ch) => ch.toLowerCase())
    : [...row.toLowerCase()]);
  xw.givens = new Set(); xw.circles = new Set();
  xw.undo = []; xw.redo = [];
  xw.r = 0; xw.c = 0;
  xw.region = null; xw.cluesFor = null;
  xwRegionShown();
  xwDraw();
}
const H = () => xw.rows.length;
const W = () => (xw.rows[0] || []).length;
const isBlock = (r, c) => r < 0 || c < 0 || r >= H() || c >= W() || xw.rows[r][c] === "#";

// the slots as crosswords number them: [{number, dir, cells: [[r, c]...]}];
// worked out again only when the blocks change (a letter typed keeps them)
function xwSlots() {
  const key = xw.rows.map((row) => row.map((ch) => (ch === "#" ? "#" : ".")).join("")).join("/");
  if (xw.layout && xw.layout.key === key) return xw.layout;
  const out = [], numbers = {};
  let n = 0;
  for (let r = 0; r < H(); r++) for (let c = 0; c < W(); c++) {
    if (isBlock(r, c)) continue;
    const across = isBlock(r, c - 1) && !isBlock(r, c + 1);
    const down = isBlock(r - 1, c) && !isBlock(r + 1, c);
    if (across || down) numbers[`${r},${c}`] = ++n;
  }
  for (const dir of ["across", "down"]) {
    const [dr, dc] = dir === "across" ? [0, 1] : [1, 0];
    for (let r = 0; r < H(); r++) for (let c = 0; c < W(); c++) {
      if (isBlock(r, c) || !isBlock(r - dr, c - dc) || isBlock(r + dr, c + dc)) continue;
      const cells = [];
      for (let k = 0; !isBlock(r + k * dr, c + k * dc); k++) cells.push([r + k * dr, c + k * dc]);
      out.push({ number: numbers[`${r},${c}`], dir, cells,
        name: `${numbers[`${r},${c}`]}-${dir === "across" ? "Across" : "Down"}` });
    }
  }
  xw.layout = { key, slots: out, numbers };
  return xw.layout;
}
function xwSelected(slots) {
  return slots.find((s) => s.dir === xw.dir && s.cells.some(([r, c]) => r === xw.r && c === xw.c));
}

// The grid's squares are made once for a size; a change of the grid or of
// the selection then touches only the squares whose look changed, so a
// keystroke costs a few DOM writes, not a new table.
function xwTable() {
  const table = $("xw-grid");
  if (xw.cells && xw.cells.length === H() && (xw.cells[0] || []).length === W()) return;
  table.innerHTML = "";
  xw.cells = [];
  for (let r = 0; r < H(); r++) {
    const tr = document.createElement("tr");
    const line = [];
    for (let c = 0; c < W(); c++) {
      const td = document.createElement("td");
      td.dataset.r = r; td.dataset.c = c;
      const num = document.createElement("span");
      num.className = "num";
      td.appendChild(num);
      td.appendChild(document.createTextNode(""));
      td.look = null;
      tr.appendChild(td);
      line.push(td);
    }
    table.appendChild(tr);
    xw.cells.push(line);
  }
}

function xwDraw() {
  xwTable();
  const layout = xwSlots();
  const { slots, numbers } = layout;
  const sel = xwSelected(slots);
  const inSel = new Set(sel ? sel.cells.map(([r, c]) => `${r},${c}`) : []);
  const marked = xwMarkedSet();
  for (let r = 0; r < H(); r++) for (let c = 0; c < W(); c++) {
    const td = xw.cells[r][c];
    const ch = xw.rows[r][c], key = `${r},${c}`;
    let cls;
    if (ch === "#") cls = "block";
    else {
      const parts = [];
      if (inSel.has(key)) parts.push("slot");
      if (r === xw.r && c === xw.c) parts.push("sel");
      if (xw.givens.has(key)) parts.push("given");
      if (xw.circles.has(key)) parts.push("circle");
      if (ch.length > 1) parts.push("rebus");
      cls = parts.join(" ");
    }
    if (marked.has(key)) cls += " region";
    const num = ch === "#" ? "" : String(numbers[key] || "");
    const text = ch === "#" || ch === "." ? "" : ch;
    const look = `${cls}|${num}|${text}`;
    if (td.look === look) continue;
    td.look = look;
    td.className = cls;
    td.firstChild.textContent = num;
    td.lastChild.data = text;
  }
  $("xw-slot").textContent = sel ? `${sel.name} (${sel.cells.length})` : "Choose a square";
  xwClues(layout);
  xwFollow(sel);
}

// What follows the grid: the selected slot's words at once (a newer
// keystroke aborts the request before it), the checks of those words and
// the statistics once the typing pauses.
function xwFollow(sel) {
  const asked = xwAsked();
  if (asked === xw.lastAsked) return; // nothing the lists depend on changed
  xw.lastAsked = asked;
  clearTimeout(xw.checkTimer);
  if (xw.suggestRunner.current) xw.suggestRunner.cancel(); // the newest keystroke wins
  xwCandidates(sel, asked);
  clearTimeout(xw.timer);
  xw.timer = setTimeout(xwStats, 250);
}
function xwAsked() {
  const sel = xwSelected(xwSlots().slots);
  return xwSnapshot() + "|" + (sel ? sel.name : "") + "|" + $("xw-lists").value;
}

async function xwStats() {
  const asked = xwSnapshot();
  try {
    const st = await api("POST", "/api/crossword/stats", xwGridBody());
    if (asked !== xwSnapshot()) return;
    const failed = st.checks.filter((c) => !c.passed).map((c) => c.name);
    $("xw-stats").textContent = `${st.entries} entries, ${st.blocks} blocks, mean length ` +
      `${st.mean_length.toFixed(2)}, ${st.unchecked} unchecked` +
      (st.filled_squares === st.open_squares ? `, Scrabble score ${st.scrabble}` : "") +
      (failed.length ? `; fails: ${failed.join(", ")}` : "; passes the American checks");
  } catch (e) {
    $("xw-stats").textContent = "";
  }
}

// The clue list: made again when the blocks change; a letter typed only
// changes the placeholder of the two entries through its square.
function xwClues(layout) {
  const box = $("xw-clues");
  if (xw.cluesFor !== layout) {
    xw.cluesFor = layout;
    const focused = document.activeElement && document.activeElement.dataset.slot;
    const frag = document.createDocumentFragment();
    xw.clueInputs = [];
    for (const s of layout.slots) {
      const label = document.createElement("label");
      const name = document.createElement("span");
      name.textContent = `${s.number}${s.dir === "across" ? "A" : "D"}`;
      const input = document.createElement("input");
      input.dataset.slot = s.name;
      input.value = xw.clues[s.name] || "";
      label.appendChild(name); label.appendChild(input);
      frag.appendChild(label);
      xw.clueInputs.push([s, name, input, null]);
    }
    box.innerHTML = "";
    box.appendChild(frag);
    if (focused) {
      const again = box.querySelector(`input[data-slot="${focused}"]`);
      if (again) again.focus();
    }
  }
  for (const entry of xw.clueInputs) {
    const [s, name, input, was] = entry;
    const word = s.cells.map(([r, c]) => xw.rows[r][c]).join("").toUpperCase();
    if (word === was) continue;
    entry[3] = word;
    name.title = word;
    input.placeholder = word.replace(/\./g, "_");
  }
}
$("xw-clues").addEventListener("input", (ev) => {
  const slot = ev.target.dataset && ev.target.dataset.slot;
  if (slot) xw.clues[slot] = ev.target.value;
});

function xwGridBody() {
  const cells = (set) => [...set].map((k) => k.split(",").map(Number));
  return {
    rows: xw.rows.map((row) => row.slice()),
    givens: cells(xw.givens), circles: cells(xw.circles),
    lists: $("xw-lists").value.split(",").map((x) => x.trim()).filter(Boolean),
    clues: xw.clues, title: $("xw-title").value,
  };
}

async function xwCandidates(sel, asked) {
  const list = $("xw-candidates");
  if (xw.fetching) xw.fetching.abort(); // a superseded request is dropped at once
  xw.fetching = null;
  if (!sel) {
    list.innerHTML = "";
    $("xw-pattern-text").textContent = "";
    return;
  }
  const body = Object.assign(xwGridBody(), { row: sel.cells[0][0], col: sel.cells[0][1],
    direction: sel.dir });
  const ctl = new AbortController();
  xw.fetching = ctl;
  try {
    const r = await api("POST", "/api/crossword/candidates", body, false, ctl.signal);
    if (asked !== xw.lastAsked) return; // stale
    xw.fetching = null;
    const frag = document.createDocumentFragment();
    for (const w of r.words) {
      const li = document.createElement("li");
      li.dataset.word = w.word;
      li.textContent = w.word.toUpperCase();
      const sc = document.createElement("span");
      sc.className = "score"; sc.textContent = w.score;
      li.appendChild(sc);
      frag.appendChild(li);
    }
    list.innerHTML = "";
    list.appendChild(frag);
    xw.listSlot = sel;
    $("xw-pattern-text").textContent =
      `${r.pattern.toUpperCase()}: ${r.count} word${r.count === 1 ? "" : "s"} fit${r.count === 1 ? "s" : ""}`;
    // the checks start once the typing pauses: a burst of keys starts none
    clearTimeout(xw.checkTimer);
    if (r.words.length) xw.checkTimer = setTimeout(() => xwViability(body, asked), 300);
  } catch (e) {
    if (e.name === "AbortError") return;
    if (asked === xw.lastAsked) say($("xw-pattern-text"), e.message, true);
  }
}
$("xw-candidates").addEventListener("click", (ev) => {
  const li = ev.target.closest("li");
  if (li && xw.listSlot) xwPlace(xw.listSlot, li.dataset.word);
});

// the top words marked fillable (a fill keeps it), unfillable or unknown,
// a job the next change of grid or selection stops; the marks are shown as
// the job reports them, the first words' first
const MARKS = { fillable: "\u2713", unfillable: "\u2717", unknown: "?" };
function xwMark(words) {
  const marks = new Map(words.map((w) => [w.word, w]));
  for (const li of document.querySelectorAll("#xw-candidates li")) {
    const w = marks.get(li.dataset.word);
    if (!w || (w.status === "unknown" && li.dataset.status)) continue;
    li.dataset.status = w.status;
    let m = li.querySelector(".mark");
    if (!m) {
      m = document.createElement("span");
      m.className = "mark";
      li.appendChild(m);
    }
    m.textContent = ` ${MARKS[w.status]}` + (w.status === "fillable" ? ` fills ${w.count}` : "");
  }
}
async function xwViability(body, asked) {
  if (asked !== xw.lastAsked) return;
  try {
    const view = await xw.suggestRunner.run("/api/crossword/suggest", body, "checking",
      (v) => { if (asked === xw.lastAsked && v.progress && v.progress.words) xwMark(v.progress.words); });
    if (asked !== xw.lastAsked) return;
    xwMark(view.result.words);
    say($("xw-check"), "");
  } catch (e) {
    if (!/replaced|stopped/.test(e.message)) say($("xw-check"), e.message, true);
    else if (!xw.suggestRunner.current) say($("xw-check"), "");
  }
}

function xwPlace(slot, word) {
  xwEdit(() => {
    let at = 0; // a rebus square takes its letters, any other square one
    for (const [r, c] of slot.cells) {
      const ch = xw.rows[r][c];
      if (ch.length > 1) at += ch.length;
      else xw.rows[r][c] = word[at++];
    }
  });
}

function xwMirror(r, c) {
  const mode = $("xw-symmetry").value;
  if (mode === "rotational") return [H() - 1 - r, W() - 1 - c];
  if (mode === "mirror") return [r, W() - 1 - c];
  return null;
}

function xwToggleBlock(r, c) {
  xwEdit(() => {
    const to = xw.rows[r][c] === "#" ? "." : "#";
    const cells = [[r, c]];
    const m = xwMirror(r, c);
    if (m) cells.push(m);
    for (const [a, b] of cells) {
      xw.rows[a][b] = to;
      xw.givens.delete(`${a},${b}`); xw.circles.delete(`${a},${b}`);
    }
  });
}

function xwMove(dr, dc) {
  let r = xw.r + dr, c = xw.c + dc;
  if (r < 0 || c < 0 || r >= H() || c >= W()) return;
  xw.r = r; xw.c = c;
  xwDraw();
}
function xwStep(back) {
  const [dr, dc] = xw.dir === "across" ? [0, 1] : [1, 0];
  const s = back ? -1 : 1;
  const r = xw.r + s * dr, c = xw.c + s * dc;
  if (!isBlock(r, c)) { xw.r = r; xw.c = c; }
}

// A click selects a square (a second click on it turns across/down);
// Shift+click, a drag, or two taps after "Region" mark a rectangle that
// autofill fills alone.
function xwSquare(ev) {
  const td = ev.target.closest && ev.target.closest("#xw-grid td");
  return td ? [Number(td.dataset.r), Number(td.dataset.c)] : null;
}
function xwSetRegion(r0, c0, r1, c1) {
  xw.region = [Math.min(r0, r1), Math.min(c0, c1), Math.max(r0, r1), Math.max(c0, c1)];
  xwRegionShown();
  xwDraw();
}
function xwMarkedSet() {
  const out = new Set();
  if (!xw.region) return out;
  const [r0, c0, r1, c1] = xw.region;
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.add(`${r},${c}`);
  return out;
}
function xwRegionShown() {
  const on = !!xw.region;
  $("xw-fill").textContent = on ? "Autofill region" : "Autofill";
  $("xw-region-clear").disabled = !on && !xw.picking;
  $("xw-region").setAttribute("aria-pressed", xw.picking ? "true" : "false");
  const [r0, c0, r1, c1] = xw.region || [];
  $("xw-region-text").textContent = on
    ? `region: rows ${r0 + 1}-${r1 + 1}, columns ${c0 + 1}-${c1 + 1}` : "";
}
xw.drag = null;
$("xw-grid").addEventListener("pointerdown", (ev) => {
  xw.touch = ev.pointerType !== "mouse";
  const at = xwSquare(ev);
  if (!at || ev.pointerType !== "mouse" || ev.button !== 0 || ev.shiftKey) return;
  xw.drag = { from: at, moved: false };
});
$("xw-grid").addEventListener("pointermove", (ev) => {
  if (!xw.drag || !(ev.buttons & 1)) return;
  const at = xwSquare(ev);
  if (!at) return;
  const [r0, c0] = xw.drag.from;
  if (!xw.drag.moved && at[0] === r0 && at[1] === c0) return;
  xw.drag.moved = true;
  xwSetRegion(r0, c0, at[0], at[1]);
});
document.addEventListener("pointerup", () => {
  if (xw.drag && xw.drag.moved) xw.dragged = performance.now(); // its click selects nothing
  xw.drag = null;
});
$("xw-grid").addEventListener("click", (ev) => {
  const dragged = xw.dragged && performance.now() - xw.dragged < 300;
  xw.dragged = 0;
  const at = xwSquare(ev);
  if (!at || dragged) return;
  const [r, c] = at;
  if (!xw.touch) $("xw-grid").focus(); // a touch types into the field over the grid
  if (ev.shiftKey) { xwSetRegion(xw.r, xw.c, r, c); return; }
  if (xw.picking) {
    if (!xw.corner) { xw.corner = [r, c]; xwSetRegion(r, c, r, c); return; }
    xw.picking = false;
    const [r0, c0] = xw.corner;
    xw.corner = null;
    xwSetRegion(r0, c0, r, c);
    return;
  }
  if (r === xw.r && c === xw.c) xw.dir = xw.dir === "across" ? "down" : "across";
  xw.r = r; xw.c = c;
  xwDraw();
});
$("xw-region").addEventListener("click", () => {
  xw.picking = true; xw.corner = null;
  xwRegionShown();
  say($("xw-status"), "tap two opposite corners of the region");
});
$("xw-region-clear").addEventListener("click", () => {
  xw.region = null; xw.picking = false; xw.corner = null;
  xwRegionShown();
  say($("xw-status"), "");
  xwDraw();
});
$("xw-lists").addEventListener("change", () => xwDraw());

$("xw-grid").addEventListener("keydown", xwKey);
function xwKey(ev) {
  const k = ev.key;
  if ((ev.ctrlKey || ev.metaKey) && (k === "z" || k === "y")) {
    ev.preventDefault();
    (k === "z" ? xwUndo : xwRedo)();
    return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (/^[a-zA-Z]$/.test(k)) {
    if (isBlock(xw.r, xw.c)) return;
    xwEdit(() => { xw.rows[xw.r][xw.c] = k.toLowerCase(); xwStep(false); });
  } else if (k === "." ) {
    xwToggleBlock(xw.r, xw.c);
  } else if (k === "Backspace" || k === "Delete") {
    xwEdit(() => {
      if (!isBlock(xw.r, xw.c) && xw.rows[xw.r][xw.c] !== ".") xw.rows[xw.r][xw.c] = ".";
      else if (k === "Backspace") { xwStep(true); if (!isBlock(xw.r, xw.c)) xw.rows[xw.r][xw.c] = "."; }
    });
  } else if (k === " " || k === "Tab") {
    xw.dir = xw.dir === "across" ? "down" : "across";
    xwDraw();
  } else if (k.startsWith("Arrow")) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
    xwMove(...d);
  } else return;
  ev.preventDefault();
}

// On a touch screen a tap on the grid focuses a small text field over it,
// so that the screen's keyboard opens; what is typed there goes to the
// grid as keys do (a screen keyboard may name no key: its text is read).
$("xw-grid").addEventListener("pointerup", (ev) => {
  if (ev.pointerType === "mouse" || !xwSquare(ev)) return;
  const typing = $("xw-type");
  typing.value = "";
  typing.focus({ preventScroll: true });
});
$("xw-type").addEventListener("keydown", (ev) => {
  if (ev.key.length === 1 && /[a-zA-Z]/.test(ev.key) && !ev.ctrlKey && !ev.metaKey) return;
  xwKey(ev); // Backspace, arrows, Space, ".", Ctrl+Z
});
$("xw-type").addEventListener("input", (ev) => {
  const letters = ev.target.value.replace(/[^a-zA-Z]/g, "");
  ev.target.value = "";
  for (const ch of letters) {
    if (isBlock(xw.r, xw.c)) break;
    xwEdit(() => { xw.rows[xw.r][xw.c] = ch.toLowerCase(); xwStep(false); });
  }
});
$("xw-block").addEventListener("click", () => {
  if (H()) xwToggleBlock(xw.r, xw.c);
});

function xwUndo() {
  if (!xw.undo.length) return;
  xw.redo.push(xwSnapshot());
  xwRestore(xw.undo.pop());
  xwDraw();
}
function xwRedo() {
  if (!xw.redo.length) return;
  xw.undo.push(xwSnapshot());
  xwRestore(xw.redo.pop());
  xwDraw();
}
$("xw-undo").addEventListener("click", xwUndo);
$("xw-redo").addEventListener("click", xwRedo);
$("xw-given").addEventListener("click", () => xwEdit(() => {
  const key = `${xw.r},${xw.c}`;
  if (xw.givens.has(key)) xw.givens.delete(key); else if (!isBlock(xw.r, xw.c)) xw.givens.add(key);
}));
$("xw-rebus").addEventListener("click", () => {
  if (isBlock(xw.r, xw.c)) return;
  const now = xw.rows[xw.r][xw.c];
  const text = window.prompt("Letters of this square (two or more; empty: none)",
    now.length > 1 ? now.toUpperCase() : "");
  if (text === null) return;
  const letters = text.replace(/[^A-Za-z]/g, "").toLowerCase();
  xwEdit(() => { xw.rows[xw.r][xw.c] = letters.length > 1 ? letters : (letters || "."); });
  $("xw-grid").focus();
});
$("xw-circle").addEventListener("click", () => xwEdit(() => {
  const key = `${xw.r},${xw.c}`;
  if (xw.circles.has(key)) xw.circles.delete(key); else if (!isBlock(xw.r, xw.c)) xw.circles.add(key);
}));

$("xw-blank").addEventListener("click", () => {
  const w = Number($("xw-width").value) || 15, h = Number($("xw-height").value) || w;
  xwNew(Array.from({ length: h }, () => ".".repeat(w)));
  say($("xw-status"), `a blank ${w}x${h} grid.`);
});
$("xw-pattern").addEventListener("click", async () => {
  try {
    const w = Number($("xw-width").value) || 15, h = Number($("xw-height").value) || w;
    const r = await api("POST", "/api/crossword/pattern", { width: w, height: h });
    xwNew(r.rows);
    say($("xw-status"), `a designed ${w}x${h} pattern (seed ${r.seed}).`);
  } catch (e) {
    say($("xw-status"), e.message, true);
  }
});
$("xw-fill").addEventListener("click", async () => {
  const body = xwGridBody();
  const region = xw.region;
  if (region) body.region = [region];
  const snap = xwSnapshot();
  try {
    const view = await xw.runner.run("/api/crossword/fill", body,
      region ? "filling the region" : "filling");
    const r = view.result;
    if (!r.filled) {
      say($("xw-status"), r.complete ? "no fill exists with these words" :
        "no fill found in the time", true);
      return;
    }
    if (xwSnapshot() !== snap) { say($("xw-status"), "the grid changed: autofill again"); return; }
    xwEdit(() => { xw.rows = r.rows.map((row) => [...row]); });
    say($("xw-status"), `${region ? "region filled" : "filled"} in ${view.seconds.toFixed(1)} s` +
      (r.mean !== null ? `: mean score ${r.mean}, lowest ${r.lowest}.` : "."));
  } catch (e) {
    say($("xw-status"), e.message, true);
  }
});
for (const b of document.querySelectorAll(".xw-export")) {
  b.addEventListener("click", async () => {
    const fmt = b.dataset.format;
    try {
      save(await api("POST", `/api/crossword/export?format=${fmt}`, xwGridBody(), true),
        `crossword.${fmt}`);
      say($("xw-status"), `crossword.${fmt} saved.`);
    } catch (e) {
      say($("xw-status"), e.message, true);
    }
  });
}
async function xwFiles() {
  try {
    const { files } = await api("GET", "/api/files");
    const sel = $("xw-files");
    sel.innerHTML = '<option value="">(choose)</option>';
    fillSelect(sel, files);
  } catch (e) { /* the list stays as it was */ }
}
$("xw-save").addEventListener("click", async () => {
  try {
    // the revision of the file this tab opened or saved: a save over
    // changes made in another tab since is refused (409), not lost
    const name = $("xw-name").value || "puzzle";
    const file = name.endsWith(".json") ? name : `${name}.json`;
    const revision = xw.file && xw.file.name === file ? xw.file.revision : null;
    const r = await api("POST", "/api/crossword/save",
      Object.assign(xwGridBody(), { name, revision }));
    xw.file = { name: r.saved, revision: r.revision };
    say($("xw-status"), `saved as ${r.saved} in the studio's folder.`);
    xwFiles();
  } catch (e) {
    say($("xw-status"), e.message, true);
  }
});
$("xw-open").addEventListener("click", async () => {
  const name = $("xw-files").value;
  if (!name) return;
  try {
    const d = await api("GET", `/api/crossword/open?name=${encodeURIComponent(name)}`);
    xwNew(d.rows);
    xw.givens = new Set((d.givens || []).map(([r, c]) => `${r},${c}`));
    xw.circles = new Set((d.circles || []).map(([r, c]) => `${r},${c}`));
    xw.clues = d.clues || {};
    xw.cluesFor = null; // the clue fields again, with the clues read
    $("xw-title").value = d.title || "";
    xw.file = { name, revision: d.revision };
    if (name.endsWith(".json")) $("xw-name").value = name.slice(0, -5);
    xwDraw();
    say($("xw-status"), `opened ${name}.`);
  } catch (e) {
    say($("xw-status"), e.message, true);
  }
});
xwNew(Array.from({ length: 15 }, () => ".".repeat(15)));
xwFiles();

// ---- start ----
(async () => {
  try {
    const c = await api("GET", "/api/choices");
    fillSelect($("ws-theme"), c.themes);
    fillSelect($("ws-shape"), c.shapes);
    fillSelect($("ws-directions"), c.directions, false);
    $("ws-directions").value = "all";
    if (!$("ws-directions").value) $("ws-directions").selectedIndex = 0;
    fillSelect($("bg-dice"), c.dice, false);
    $("bg-dice").value = "new";
    document.body.dataset.ready = "1";
  } catch (e) {
    say($("ws-status"), e.message, true);
  }
})();

// the page's state, for tests and benches that drive a browser without
// reaching a script's own names (Firefox's Marionette)
window.dlxcStudio = { xw, xwSlots, xwSelected };
