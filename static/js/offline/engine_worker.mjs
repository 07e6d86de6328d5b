/* The engine off the page's thread: starting Pyodide takes seconds of work that would freeze the
   captain's form meanwhile. The first message names Pyodide's and the engine zip's addresses
   ({pyodide, engine}); then it answers {id, verdict} to each {id, entry, rules, catalogue,
   setting}.
   It says {ready} once the engine runs, or {failed} when it cannot start. */
import { loadEngine } from "./engine.mjs";

let started = null;

async function start({ pyodide, engine }) {
  const { loadPyodide } = await import(pyodide + "pyodide.mjs");
  const archive = new Uint8Array(await (await fetch(engine)).arrayBuffer());
  return loadEngine(loadPyodide, pyodide, archive);
}

self.onmessage = async ({ data }) => {
  if (!started) {
    started = start(data);
    started.then(() => self.postMessage({ ready: true }),
      (error) => self.postMessage({ failed: String(error) }));
    return;
  }
  const engine = await started;
  self.postMessage({ id: data.id, verdict: engine.verdict(data.entry, data.rules, data.catalogue, data.setting) });
};
