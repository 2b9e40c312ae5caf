// Perft and divide off the page's thread. Before a deep count the tree is counted one ply
// deeper at a time; when the depth asked for looks longer than the page's patience, the
// worker says so (with its guess) and stops, unless the page said to go on anyway.
import { load } from "./rulebench.js";

const ready = load();
const PATIENCE_SECONDS = 20;

onmessage = async (event) => {
  const { request, force } = event.data;
  let call;
  try {
    call = await ready;
  } catch (e) {
    postMessage({ error: `the WebAssembly module did not load: ${e}` });
    return;
  }
  try {
    const depth = request.depth;
    let last = null;
    for (let d = 1; d < depth && !force; d++) {
      const started = performance.now();
      const answer = call({ ...request, depth: d, divide: false });
      if (answer.diagnostics) {
        postMessage({ answer });
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      const nodes = Number(answer.nodes);
      if (last && last.nodes > 0 && nodes > 0) {
        const branching = Math.max(nodes / last.nodes, 1);
        const guess = seconds * Math.pow(branching, depth - d);
        if (guess > PATIENCE_SECONDS && seconds > 0.01) {
          postMessage({ ask: { seconds: guess, depth, measured: d, nodes } });
          return;
        }
        if (seconds > 0.2) break; // measured for long enough: the rest is short enough
      }
      last = { nodes, seconds };
    }
    const started = performance.now();
    const answer = call(request);
    const seconds = (performance.now() - started) / 1000;
    postMessage({ answer, seconds });
  } catch (e) {
    postMessage({ error: `the engine stopped: ${e}` });
  }
};
