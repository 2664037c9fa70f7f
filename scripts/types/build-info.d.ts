// What scripts/package.py writes into dist/js/build-info.js, for the type checker
// (tsconfig.json's rootDirs lays it over web/js/: ./build-info.js from the top files,
// ../build-info.js from the modules in web/js/<room>/).
export const APP_VERSION: string;
export const PYODIDE_VERSION: string;
export const PYODIDE_DIR: string;
export const PACKAGE_ZIP: string;
export const BUILD_HASH: string;
export const STYLE_HASH: string;
export const SNAPSHOT: string;
export const SNAPSHOT_SHA256: string;
export const EXTRACT_DIR: string;
export const STDLIB_ZIP: string;
export const PYODIDE_LOCK: { info: Record<string, unknown>; packages: Record<string, unknown> };
export const DEAL_BANK: Record<string, string>;
export const DEAL_BANK_SETTINGS: Record<string, boolean>;
/** Each game's opening books, by deal: the engine's answers to a newcomer's first moves (scripts/opening_book.py). */
export const OPENING_BOOKS: Record<string, Record<string, string>>;
/** How many requests deep the books go: their tables that answer requests are fewer moves from the deal. */
export const OPENING_BOOK_DEPTH: number;
/** The bank's deals with a book, each game's, built into the page: a newcomer's first table needs no download. */
export const NEWCOMER_DEALS: Record<string, import("../../web/js/engine/protocol.js").State[]>;
export const GAMES: import("../../web/js/engine/protocol.js").GameInfo[];
export const DOWNLOAD_BYTES: Record<string, number>;
export const ENGLISH: Record<string, string | Record<string, string>>;
// The facts the page shares with the engine (py/cloverleaf/page_facts.py), generated.
export * from "./page-facts";
