// The playground page: a rules editor checked as one types, the board and its legal moves,
// perft and divide in a worker, the rules in sentences. The contract for links and tests:
// ?rules=ID (a shipped variant) or ?rules=TEXT (a rules file's text), &fen=FEN, &perft=D runs
// perft D on load; the count lands in #perft-result (digits only), the problems of the text in
// #diagnostics.
import { load } from "./rulebench.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let call = null;
let variants = [];
let state = { fen: null, goodFen: null, moves: [], answer: null, selected: null };
let checkTimer = null;
let worker = null;

function setStatus(text) { $("status").textContent = text; }

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function rulesText() { return $("rules").value; }

// --- the editor: line numbers, problems marked on their lines -------------------------------
function paintEditor(diagnostics = []) {
  const lines = rulesText().split("\n");
  const marks = new Map();
  for (const d of diagnostics) {
    if (d.file !== "playground.toml") continue;
    const kind = d.severity === "error" ? "bad" : "warn";
    if (marks.get(d.line) !== "bad") marks.set(d.line, kind);
  }
  $("gutter").innerHTML = lines.map((_, i) => {
    const m = marks.get(i + 1);
    return m ? `<span class="${m}">${i + 1}</span>` : `${i + 1}`;
  }).join("\n");
  $("backdrop").innerHTML = lines.map((line, i) => {
    const m = marks.get(i + 1);
    const text = escapeHtml(line) || " ";
    return m ? `<span class="${m}">${text}</span>` : text;
  }).join("\n");
  syncScroll();
}

function syncScroll() {
  $("backdrop").scrollTop = $("rules").scrollTop;
  $("backdrop").scrollLeft = $("rules").scrollLeft;
  $("gutter").scrollTop = $("rules").scrollTop;
}

function showDiagnostics(list) {
  const ul = $("diagnostics");
  ul.innerHTML = "";
  for (const d of list) {
    const li = document.createElement("li");
    li.className = d.severity || "error";
    const where = d.file === "playground.toml" ? `line ${d.line}, column ${d.column}` : `${d.file}:${d.line}:${d.column}`;
    li.innerHTML = `<strong>${escapeHtml(d.severity || "error")}</strong> ${escapeHtml(where)}: ${escapeHtml(d.message)}` +
      (d.help ? `<span class="help">help: ${escapeHtml(d.help)}</span>` : "");
    ul.appendChild(li);
  }
  if (list.length === 0) {
    const li = document.createElement("li");
    li.className = "ok";
    li.textContent = "none: the rules load";
    ul.appendChild(li);
  }
}

function checkRules() {
  if (!call) return;
  const answer = call({ op: "check", rules: rulesText() });
  const list = answer.diagnostics || [];
  showDiagnostics(list);
  paintEditor(list);
  if (!list.some((d) => d.severity === "error")) refresh();
}

// --- the board -------------------------------------------------------------------------------
function request(extra = {}) {
  return { rules: rulesText(), fen: state.fen, moves: state.moves, ...extra };
}

// Shows the position of the rules, FEN and moves (a problem said before is kept when `keep`).
function refresh(keep = false) {
  const answer = call({ op: "position", ...request() });
  if (answer.diagnostics) {
    // A bad FEN or move is said beside the board; the last good position stays.
    showPlayProblem(answer.diagnostics);
    if (state.moves.length > 0) state.moves.pop();
    else if (state.fen !== null && state.fen !== state.goodFen) state.fen = state.goodFen;
    else if (state.fen !== null) state.fen = null; // the last good FEN no longer loads
    else return false; // the start itself does not: the rules' problem, listed with them
    refresh(true);
    return false;
  }
  if (!keep) showPlayProblem([]);
  state.goodFen = state.fen;
  state.answer = answer;
  state.selected = null;
  $("title").textContent = `${answer.name} (${answer.family})`;
  $("board").innerHTML = answer.svg;
  $("fen").value = answer.fen;
  $("outcome").textContent = `${answer.side} to move; ${answer.outcome}`;
  $("move-count").textContent = `(${answer.moves.length})`;
  $("played").textContent = answer.played.length ? `Played: ${answer.played.join(" ")}` : "";
  $("choices").innerHTML = "";
  const moves = $("moves");
  moves.innerHTML = "";
  answer.moves.forEach((m) => {
    const b = document.createElement("button");
    b.textContent = m.notation;
    b.addEventListener("click", () => play(m.notation));
    moves.appendChild(b);
  });
  $("explain").innerHTML = answer.explain.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const svg = $("board").querySelector("svg");
  if (svg) svg.addEventListener("click", onBoardClick);
  return true;
}

function showPlayProblem(list) {
  $("play-problem").textContent = list.map((d) => d.message + (d.help ? ` (${d.help})` : "")).join("; ");
}

function play(text) {
  state.moves.push(text);
  refresh();
}

function cellAt(event) {
  const svg = event.currentTarget;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const l = state.answer.layout;
  const file = Math.floor((p.x - l.left) / l.cell);
  const rank = l.ranks - 1 - Math.floor((p.y - l.top) / l.cell);
  if (file < 0 || file >= l.files || rank < 0 || rank >= l.ranks) return null;
  return [file, rank];
}

function mark(cell) {
  const svg = $("board").querySelector("svg");
  svg.querySelectorAll(".selected").forEach((e) => e.remove());
  if (!cell) return;
  const l = state.answer.layout;
  const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  r.setAttribute("class", "selected");
  r.setAttribute("x", l.left + cell[0] * l.cell);
  r.setAttribute("y", l.top + (l.ranks - 1 - cell[1]) * l.cell);
  r.setAttribute("width", l.cell);
  r.setAttribute("height", l.cell);
  r.setAttribute("fill", "none");
  r.setAttribute("stroke", "#2e7d32");
  r.setAttribute("stroke-width", "4");
  svg.appendChild(r);
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function onBoardClick(event) {
  const cell = cellAt(event);
  if (!cell) return;
  const moves = state.answer.moves;
  if (state.selected) {
    const chosen = moves.filter((m) => same(m.cells[0], state.selected) && same(m.cells[m.cells.length - 1], cell));
    if (chosen.length === 1) return play(chosen[0].notation);
    if (chosen.length > 1) {
      // Several moves share the squares: a promotion or a capture path to choose.
      $("choices").innerHTML = "Choose: ";
      for (const m of chosen) {
        const b = document.createElement("button");
        b.textContent = m.notation;
        b.addEventListener("click", () => play(m.notation));
        $("choices").appendChild(b);
      }
      return;
    }
  }
  const from = moves.some((m) => same(m.cells[0], cell));
  state.selected = from ? cell : null;
  $("choices").innerHTML = "";
  mark(state.selected);
}

// --- perft in the worker ---------------------------------------------------------------------
function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = onWorker;
}

let pending = null;

function runPerft(divide, force = false) {
  const depth = Number($("depth").value);
  if (!Number.isInteger(depth) || depth < 0 || depth > 30) {
    $("perft-info").textContent = "depth: a whole number from 0 to 30";
    return;
  }
  pending = { request: { op: "perft", ...request(), depth, count: $("count").value, divide }, force };
  $("perft-result").textContent = "";
  $("divide-list").innerHTML = "";
  $("perft-info").textContent = `counting perft ${depth}…`;
  worker.postMessage(pending);
}

function onWorker(event) {
  const { answer, seconds, ask, error } = event.data;
  if (error) {
    $("perft-info").textContent = error;
    worker.terminate();
    startWorker();
    return;
  }
  if (ask) {
    const text = `perft ${ask.depth} is expected to take about ${Math.round(ask.seconds)} s in this browser (measured to depth ${ask.measured}: ${ask.nodes} leaves).`;
    $("perft-info").textContent = text;
    if (confirm(`${text} Count it anyway?`)) runPerft(pending.request.divide, true);
    return;
  }
  if (answer.diagnostics) {
    showDiagnostics(answer.diagnostics);
    $("perft-info").textContent = "see the problems listed with the rules";
    return;
  }
  $("perft-result").textContent = answer.nodes;
  const mnps = Number(answer.nodes) / Math.max(seconds, 1e-6) / 1e6;
  $("perft-info").textContent = `${answer.nodes} nodes in ${seconds.toFixed(3)} s (${mnps.toFixed(1)} Mnps, one thread)`;
  if (answer.divide) {
    $("divide-list").innerHTML = answer.divide.map(([m, n]) => `<li>${escapeHtml(m)} ${n}</li>`).join("");
  }
}

// --- start-up --------------------------------------------------------------------------------
function chooseVariant(id) {
  const v = variants.find((x) => x.id === id);
  if (!v) return false;
  $("variant").value = id;
  $("rules").value = v.text;
  return true;
}

async function main() {
  try {
    call = await load();
  } catch (e) {
    setStatus(`the WebAssembly module did not load: ${e}`);
    return;
  }
  startWorker();
  variants = call({ op: "variants" }).variants;
  const select = $("variant");
  // One <optgroup> per group (`[variant] group`), in the order the groups first appear.
  const groups = new Map();
  for (const v of variants) {
    const label = v.group || v.family;
    if (!groups.has(label)) {
      const g = document.createElement("optgroup");
      g.label = label;
      groups.set(label, g);
      select.appendChild(g);
    }
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = `${v.name} (${v.family})`;
    groups.get(label).appendChild(o);
  }
  select.addEventListener("change", () => {
    chooseVariant(select.value);
    state = { fen: null, goodFen: null, moves: [], answer: null, selected: null };
    checkRules();
  });
  const rules = params.get("rules");
  if (!rules || !chooseVariant(rules)) {
    if (rules) $("rules").value = rules; // the rules text itself, shared as a link
    else chooseVariant("russian");
  }
  state.fen = params.get("fen");
  $("rules").addEventListener("input", () => {
    paintEditor([]);
    clearTimeout(checkTimer);
    checkTimer = setTimeout(checkRules, 250);
  });
  $("rules").addEventListener("scroll", syncScroll);
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    state.fen = $("fen").value;
    state.moves = [];
    refresh();
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move").value.trim();
    if (text) play(text);
    $("move").value = "";
  });
  $("undo").addEventListener("click", () => {
    state.moves.pop();
    refresh();
  });
  $("perft-form").addEventListener("submit", (e) => {
    e.preventDefault();
    runPerft(false);
  });
  $("divide").addEventListener("click", () => runPerft(true));
  setStatus("ready");
  checkRules();
  const depth = params.get("perft");
  if (depth !== null) {
    $("depth").value = depth;
    runPerft(false, true);
  }
}

main();
