// @ts-check
// The size of a text as the engine measures it: UTF-8 bytes (py/cloverleaf/inputs.py
// check_size). The page keeps and sends texts whose limits are the engine's
// (build-info.js TEXT_BYTES): measured in characters, 600,000 "é" passed the
// page's check and failed the engine's, once encoded.

/**
 * How many bytes `text` takes in UTF-8, as the engine counts them (a lone
 * surrogate three, as Python's "surrogatepass" writes it), without encoding it.
 * @param {string} text
 */
export function utf8Bytes(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one character beyond the first plane
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether `text` takes at most `maxBytes` bytes in UTF-8 (counted only when its
 * length alone cannot tell: a character takes one to three bytes per UTF-16 unit).
 * @param {string} text @param {number} maxBytes
 */
export function fitsBytes(text, maxBytes) {
  if (text.length > maxBytes) return false;
  if (text.length * 3 <= maxBytes) return true;
  return utf8Bytes(text) <= maxBytes;
}
