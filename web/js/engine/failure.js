// @ts-check
// Why a start-up download or compilation failed, as the worker tells the page
// ({event: "failed", reason}): "network" when the bytes did not come (the
// connection: waiting, or asking once more, may mend it), "broken" when they came
// but are not what the build made (a compile, decode or import error: a damaged
// file, which no wait will mend).

/**
 * @param {unknown} error  what the download, compilation or import threw (its `cause` is looked at first)
 * @returns {"network" | "broken"}
 */
export function failureKind(error) {
  const failure = /** @type {{cause?: unknown} | null | undefined} */ (error);
  const cause = /** @type {{name?: unknown, message?: unknown} | null | undefined} */ (failure?.cause ?? error);
  if (cause?.name === "TypeError" && /fetch|network|load/i.test(String(cause.message))) return "network";
  if (/^HTTP \d/.test(String(cause?.message))) return "network";
  return "broken";
}
