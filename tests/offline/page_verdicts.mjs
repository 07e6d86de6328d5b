// The page's offline verdicts on the cases in a JSON file (argv[2]: {"cases": [{entry, rules,
// setting}],
// "catalogue": ..., "archive": "<path of the engine's zip>"}), printed as a JSON list: the page's
// own module (static/js/offline/engine.mjs) with Node's Pyodide from node_modules.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import { loadEngine } from "../../static/js/offline/engine.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const indexURL = fileURLToPath(new URL("../../node_modules/pyodide/", import.meta.url));
const engine = await loadEngine(loadPyodide, indexURL, new Uint8Array(readFileSync(input.archive)));
const verdicts = input.cases.map((c) => engine.verdict(c.entry, c.rules, input.catalogue, c.setting));
process.stdout.write(JSON.stringify(verdicts));
