// The built playground in headless Chromium: node playground/test.mjs DIR PLAYWRIGHT_CORE
// (DIR: the folder playground/build made; PLAYWRIGHT_CORE: the path of npm's playwright-core,
// which drives Debian's /usr/bin/chromium). Serves DIR on 127.0.0.1 and checks the page's
// contract: perft counts in #perft-result equal to the published tables, a misspelt key
// shown in #diagnostics with its line, a bad FEN and a bad move said without an exception,
// a move played by clicking its squares, no console error, a screenshot that is not blank.
// Exits 1 with what failed.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [dir, playwrightPath] = process.argv.slice(2);
if (!dir || !playwrightPath) {
  console.error("usage: node playground/test.mjs DIR PLAYWRIGHT_CORE");
  process.exit(2);
}
const { chromium } = createRequire(import.meta.url)(playwrightPath);

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const root = path.resolve(dir);
  const file = path.resolve(root, "." + (name === "/" ? "/index.html" : name));
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok" : "FAILED"}: ${what}`);
  if (!ok) failures.push(what);
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const consoleErrors = [];
const dialogs = [];
async function open(query) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") consoleErrors.push(`${query}: ${m.text()}`);
  });
  page.on("pageerror", (e) => consoleErrors.push(`${query}: ${e}`));
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  await page.goto(base + "index.html" + query);
  await page.waitForFunction(() => document.getElementById("status").textContent === "ready", null, { timeout: 60000 });
  return page;
}
async function perft(query) {
  const page = await open(query);
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById("perft-result").textContent), null, { timeout: 120000 });
  const text = await page.textContent("#perft-result");
  const info = await page.textContent("#perft-info");
  await page.close();
  return [text, info];
}

try {
  // Published counts: Russian perft 6 (37,986), Xiangqi perft 3 (79,666), chess perft 4
  // (197,281); tests/reference/perft/.
  for (const [query, expected] of [
    ["?rules=russian&perft=6", "37986"],
    ["?rules=xiangqi&perft=3", "79666"],
    ["?rules=chess&perft=4", "197281"],
  ]) {
    const [got, info] = await perft(query);
    check(got === expected, `${query}: #perft-result ${got}, expected ${expected} (${info})`);
  }
  // A FEN in the link, and the rules text itself as the link's rules.
  const own = encodeURIComponent('schema = 1\nextends = "russian"\n[variant]\nid = "linked"\nname = "Linked"\nsource = "docs/games/draughts.md#russian"\n');
  const [linked] = await perft(`?rules=${own}&fen=${encodeURIComponent("W:Wc3:Bd4,f6")}&perft=1`);
  check(linked === "1", `rules text and FEN from the link: perft 1 = ${linked}, expected 1`);

  // A misspelt key: a diagnostic naming its line, the line marked in the editor.
  const page = await open("?rules=russian");
  const text = await page.inputValue("#rules");
  const line = text.split("\n").findIndex((l) => l.startsWith("[capture]")) + 1;
  await page.fill("#rules", text.replace("[capture]", "[captrue]"));
  await page.waitForFunction(() => document.querySelector("#diagnostics li.error") !== null, null, { timeout: 10000 });
  const diag = await page.textContent("#diagnostics");
  check(diag.includes(`line ${line}`) && diag.includes("captrue"), `misspelt key shown at line ${line}: ${diag}`);
  const marked = await page.$$eval("#gutter .bad", (els) => els.map((e) => e.textContent));
  check(marked.includes(String(line)), `line ${line} marked in the editor (marked: ${marked})`);
  await page.fill("#rules", text);
  await page.waitForFunction(() => document.querySelector("#diagnostics li.error") === null, null, { timeout: 10000 });

  // A move played by clicking its two squares (c3 to d4: files c=2, d=3; ranks 3=2, 4=3).
  const layout = await page.evaluate(() => {
    const svg = document.querySelector("#board svg");
    const r = svg.getBoundingClientRect();
    const box = svg.viewBox.baseVal;
    return { x: r.x, y: r.y, scale: r.width / box.width };
  });
  const at = (file, rank) => {
    const left = 26, top = 10, cell = 56, ranks = 8;
    return { x: layout.x + (left + (file + 0.5) * cell) * layout.scale, y: layout.y + (top + (ranks - 1 - rank + 0.5) * cell) * layout.scale };
  };
  let p = at(2, 2);
  await page.mouse.click(p.x, p.y);
  p = at(3, 3);
  await page.mouse.click(p.x, p.y);
  const played = await page.textContent("#played");
  check(played.includes("c3-d4"), `c3-d4 played by clicking: "${played}"`);
  // Undo, a typed move, a bad move and a bad FEN: said beside the board, no exception.
  await page.click("#undo");
  check((await page.textContent("#played")) === "", "undo takes the move back");
  await page.fill("#move", "a1b2");
  await page.press("#move", "Enter");
  const problem = await page.textContent("#play-problem");
  check(problem.includes("a1b2"), `a bad move is said: "${problem}"`);
  await page.fill("#fen", "W:Wz9");
  await page.press("#fen", "Enter");
  const fenProblem = await page.textContent("#play-problem");
  check(fenProblem.length > 0, `a bad FEN is said: "${fenProblem}"`);
  const moves = await page.$$eval("#moves button", (b) => b.length);
  check(moves === 7, `the start position's 7 moves still listed after the bad FEN (${moves})`);
  const explained = await page.$$eval("#explain p", (p) => p.length);
  check(explained > 3, `the rules explained beside the board (${explained} paragraphs)`);
  // A perft too deep for a page: the guess is shown and the page asks first (the test
  // declines).
  await page.fill("#depth", "16");
  await page.click("#perft");
  await page.waitForFunction(() => /expected to take about/.test(document.getElementById("perft-info").textContent), null, { timeout: 60000 });
  check(dialogs.some((d) => /perft 16 is expected to take about \d+ s/.test(d)), `a deep perft asks first: ${JSON.stringify(dialogs)}`);
  check((await page.textContent("#perft-result")) === "", "a declined perft counts nothing");
  const shot = path.join(dir, "screenshot.png");
  const png = await page.screenshot({ path: shot });
  check(png.length > 20000, `screenshot ${shot} (${png.length} bytes) is not blank`);
  await page.close();
  check(consoleErrors.length === 0, `no console error or warning: ${JSON.stringify(consoleErrors)}`);
} catch (e) {
  check(false, `the test stopped: ${e} (console: ${JSON.stringify(consoleErrors)})`);
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("playground: every check passed");
