// @ts-check
// Work the page can put off until its thread is idle (the browser says when),
// so it never holds up a table being drawn or a tap being answered.

/**
 * Run `task` when the page's thread is idle (at most two seconds from now).
 * @param {() => void} task
 */
export function whenIdle(task) {
  if ("requestIdleCallback" in window) requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}
