/* The scoring engine in the page: Pyodide runs ``scoring`` and ``tournaments/page_engine.py``
   (shipped together as one zip by the server, ``views.offline.engine_archive``), so that an entry
   typed without a connection gets the engine's own verdict and message, not a copy of its rules.
   The same module runs under Node in the tests (``tests/browser/offline_verdicts.mjs``): there
   the caller passes Node's ``loadPyodide`` and the zip's bytes. */

const GLUE = `
import json, sys
sys.path.insert(0, "/home/pyodide/engine")
from page_engine import verdict as _verdict

def offline_verdict(entry_json, rules_json, catalogue_json, setting_json):
    return json.dumps(_verdict(json.loads(entry_json), json.loads(rules_json),
                               json.loads(catalogue_json), json.loads(setting_json)))
`;

/** A loaded engine: ``verdict(entry, rules, catalogue, setting)`` answers like
    ``page_engine.verdict`` (``setting``: the game's, ``games.TableGame.entry_setting``). */
export async function loadEngine(loadPyodide, indexURL, archive) {
  const pyodide = await loadPyodide({ indexURL });
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/engine" });
  await pyodide.runPythonAsync(GLUE);
  const run = pyodide.globals.get("offline_verdict");
  return {
    verdict(entry, rules, catalogue, setting = null) {
      return JSON.parse(run(JSON.stringify(entry), JSON.stringify(rules), JSON.stringify(catalogue),
        JSON.stringify(setting)));
    },
    python: pyodide,
  };
}
