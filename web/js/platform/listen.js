// @ts-check
// Event bindings that can be undone: each returns the function that removes it
// (chessground's habit), so a module that binds gives back one unbind for all.

/**
 * Listen to `type` events on `target`; returns the unbind.
 * @template {keyof HTMLElementEventMap & keyof WindowEventMap} K
 * @param {HTMLElement | Document | Window} target
 * @param {K} type
 * @param {(event: HTMLElementEventMap[K]) => void} listener
 * @param {AddEventListenerOptions} [options]
 * @returns {() => void}
 */
export function listen(target, type, listener, options) {
  const handler = /** @type {EventListener} */ (listener);
  target.addEventListener(type, handler, options);
  return () => target.removeEventListener(type, handler, options);
}

/**
 * One unbind for many.
 * @param {(() => void)[]} unbinds
 * @returns {() => void}
 */
export function unbindAll(unbinds) {
  return () => {
    for (const unbind of unbinds.splice(0)) unbind();
  };
}
