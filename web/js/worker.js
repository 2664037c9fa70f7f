// @ts-check
// The engine's home: a module Web Worker running Pyodide and the cloverleaf package.
//
// Its messages are declared in engine/protocol.js (ToWorker, FromWorker) and
// described in docs/protocol.md. Every request waits for start-up; requests are
// answered in the order they came, except jobs, which run a slice at a time
// between other requests (engine/sliced-jobs.js), so a move is answered while a
// hint is being searched. The start: every file asked for at once
// (engine/start-files.js), then Python (engine/python-start.js). The build
// bundles this file with its modules (build.sh), so the addresses of the files
// the start needs are worked out here, from where the bundle is served.

import { PACKAGE_ZIP, PYODIDE_DIR, SNAPSHOT, SNAPSHOT_SHA256, STDLIB_ZIP } from "./build-info.js";
import { pagePainted } from "./engine/downloads.js";
import { failureKind } from "./engine/failure.js";
import { callPython, reply } from "./engine/python-calls.js";
import { startPython } from "./engine/python-start.js";
import { cancelJob, runJob } from "./engine/sliced-jobs.js";
import { askForStartFiles } from "./engine/start-files.js";
import { post } from "./engine/to-page.js";

post({ event: "started" });

/** The address of `path`, relative to the app's root (this file is in js/). @param {string} path */
const fromRoot = (path) => new URL(`../${path}`, import.meta.url).href;

// Every file comes from the service worker's cache (boot.js says so): nothing is
// counted for the loading bar, and the package is asked for at once.
const STORED = new URL(import.meta.url).search === "?stored";
const files = askForStartFiles(
  {
    index: fromRoot(PYODIDE_DIR),
    stdlib: fromRoot(STDLIB_ZIP),
    package: fromRoot(PACKAGE_ZIP),
    snapshot: SNAPSHOT ? fromRoot(SNAPSHOT) : null,
    snapshotSha256: SNAPSHOT_SHA256,
  },
  STORED,
);

const ready = startPython(files, fromRoot("__heal__")).catch((error) => {
  post({ event: "failed", message: String(error?.message ?? error), reason: failureKind(error) });
  throw error;
});
ready.catch(() => {});

// The requests received and not answered yet (a call waiting for the start, a
// job's search): each pong says which, so the page knows that an answer it still
// waits for is not coming (engine/watch.js).
/** @type {Set<number>} */
const held = new Set();

/** @param {MessageEvent<import("./engine/protocol.js").ToWorker | null>} event */
self.onmessage = async (event) => {
  const message = event.data ?? /** @type {Partial<{id: number}>} */ ({});
  if ("cancel" in message) {
    cancelJob(message.cancel);
    return;
  }
  if ("painted" in message) {
    pagePainted();
    return;
  }
  if ("ping" in message) {
    post({ pong: message.ping, held: [...held] }); // between two slices of a job: the page knows this worker runs
    return;
  }
  const { id, method, params } = /** @type {{id: number, method: string, params: object}} */ (message);
  held.add(id);
  try {
    await ready;
  } catch {
    held.delete(id);
    post({ id, error: { type: "Unavailable", message: "The game engine did not start." } });
    return;
  }
  if (method === "job") runJob(id, params).finally(() => held.delete(id));
  else {
    reply(id, callPython(method, params));
    held.delete(id);
  }
};
