// @ts-check
// Long searches in the worker, a slice at a time between other requests, so a
// move is answered while a hint is being searched; and their cancellation.
//
// A request that arrives meanwhile (a tap) waits for the slice under way: slices
// are sized to last about SLICE_MS on this device. A fixed 3000 nodes took about
// 80 ms on a desktop and 300 ms on a phone four times slower, and a tap waited
// that long behind the deal's difficulty rating or a hint. The size never changes
// what a job finds: a search gives the same answer however its nodes are sliced
// (cloverleaf.solver.search).

import { callPython, reply } from "./python-calls.js";
import { post } from "./to-page.js";

export const SLICE_MS = 10;
export const SLICE_NODES = Object.freeze({ first: 300, least: 50, most: 50_000 });
/** @type {number} */
let sliceNodes = SLICE_NODES.first;

/**
 * The next slice's size, after a full slice of `nodes` took `ms`: towards
 * SLICE_MS, at most doubling or halving, within SLICE_NODES.
 * @param {number} nodes @param {number} ms
 */
export function resized(nodes, ms) {
  const factor = Math.min(2, Math.max(0.5, SLICE_MS / Math.max(ms, 0.1)));
  return Math.round(Math.min(SLICE_NODES.most, Math.max(SLICE_NODES.least, nodes * factor)));
}

/** request id -> its Python job number, and whether it was cancelled. @type {Map<number, {job: number, cancelled: boolean}>} */
const jobs = new Map();
/** Job requests cancelled before they started. @type {Set<number>} */
const cancelledEarly = new Set();

// Yield to the event loop (a macrotask, so queued messages are handled first),
// through a channel opened at the first job.
/** @type {MessageChannel | null} */
let channel = null;
/** @type {(() => void)[]} */
const waiting = [];
function yieldToEvents() {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  const { port2 } = channel;
  return new Promise((resolve) => {
    waiting.push(() => resolve(undefined));
    port2.postMessage(null);
  });
}

/**
 * Run request `id`'s job ("jobStart"'s `params`) to its end, a slice at a time,
 * and answer it; a cancelled job is answered by cancelJob.
 * @param {number} id @param {object} params
 * @returns {Promise<void>}
 */
export async function runJob(id, params) {
  if (cancelledEarly.delete(id)) return;
  const started = callPython("jobStart", params);
  if (!("ok" in started)) return reply(id, started);
  const record = { job: started.ok.job, cancelled: false };
  jobs.set(id, record);
  try {
    for (;;) {
      await yieldToEvents();
      if (record.cancelled) return;
      const sliceStarted = performance.now();
      const step = callPython("jobStep", { job: record.job, nodes: sliceNodes });
      if (!("ok" in step)) return reply(id, step);
      if (step.ok.done) return reply(id, { ok: step.ok.result });
      sliceNodes = resized(sliceNodes, performance.now() - sliceStarted);
    }
  } finally {
    jobs.delete(id);
  }
}

/** Stop request `id`'s job, started or not, and answer it Cancelled. @param {number} id */
export function cancelJob(id) {
  const record = jobs.get(id);
  if (!record) {
    cancelledEarly.add(id); // not started yet (or already finished: then harmless)
    post({ id, error: { type: "Cancelled", message: "cancelled" } });
    return;
  }
  if (record.cancelled) return;
  record.cancelled = true;
  callPython("jobCancel", { job: record.job });
  post({ id, error: { type: "Cancelled", message: "cancelled" } });
}
