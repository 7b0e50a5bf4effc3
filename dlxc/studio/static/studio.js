// dlxc studio: the page's side.  Plain JavaScript, no build step, nothing
// loaded from elsewhere.  Every call of the API carries the run's token
// (X-Dlxc-Token, from the page's meta tag); long work is a job the page
// polls and may stop.
"use strict";

const TOKEN = document.querySelector('meta[name="dlxc-token"]').content;
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const opts = { method, headers: { "X-Dlxc-Token": TOKEN } };
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
  return type.includes("json") ? res.json() : res.blob();
}

// A job: started by a POST that answers {job}, polled until it ends.
class JobRunner {
  constructor(statusEl, stopButton) {
    this.status = statusEl;
    this.stop = stopButton;
    this.current = null;
    stopButton.addEventListener("click", () => this.cancel());
  }
  async run(path, body, label) {
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
        await new Promise((r) => setTimeout(r, 120));
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
      save(await api("GET", `/api/jobs/${view.id}/file`), `wordsearch.${fmt}`);
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
      save(await api("POST", `/api/boggle/export?format=${fmt}`, bgRequest()), `boggle.${fmt}`);
      say($("bg-status"), `boggle.${fmt} saved.`);
    } catch (e) {
      say($("bg-status"), e.message, true);
    }
  });
}

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
