// @ts-check
// The protocol between the page and its worker, declared in one place.
//
// The page (engine.js) posts requests to the worker (worker.js), which calls the
// Python API (py/cloverleaf/api.py) and posts the reply back. docs/protocol.md
// explains each message; this file declares their shapes for the type checker
// and lists the API's methods with their parameters: a test
// (tests/test_protocol.py) checks that METHODS equals the Python method table.
//
// Nothing here runs at start-up but two small constant tables: it is the
// protocol's dictionary, imported for its types. What the page needs before the
// engine starts (the default game, the settings, the State's fields) is not
// here but in js/build-info.js, generated from py/cloverleaf/page_facts.py.

/** A card: rank then suit, "8H", "TD", "AC". @typedef {string} Card */

/**
 * Where a card goes: "F" (its foundation), "cell" (a free cell: the first empty one) or a fan number from 1.
 * @typedef {"F" | "cell" | number} Dest
 */

/**
 * A move: a card and where it goes, or a redeal (no card). A move the engine
 * reports (last moves, the plan, a hint) also says the card it goes onto: null
 * for a foundation, a free cell, an empty fan or a redeal. A draw (Three Shuffles
 * and a Draw) is a move of a card under a fan's top: the engine knows it is one.
 * @typedef {({card: Card, to: Dest} | {card?: undefined, to: "redeal"}) & {onto?: Card | null}} Move
 */

/**
 * What the last change to the game was (session.CHANGES): a deal dealt, a save
 * restored, a restart, a decision of the player, an undo, a redo, or nothing on the table.
 * @typedef {"new" | "restore" | "restart" | "decision" | "undo" | "redo" | "none"} Change
 */

/**
 * How the deal on the table was opened (counting.OPENINGS).
 * @typedef {"random" | "solvable" | "daily" | "link" | "bank" | "position"} Opening
 */

/**
 * One foundation of the state, in the order clubs, spades, hearts, diamonds (by
 * the suit of its base). `builds` and `next` are absent from a table saved by a
 * build before them (read as "suit").
 * @typedef {object} Foundation
 * @property {"C" | "S" | "H" | "D"} suit
 * @property {Card | null} top  its top card, null while empty
 * @property {number} count  cards on it
 * @property {boolean} up  builds Ace to King (false: King to Ace)
 * @property {"suit" | "colours"} [builds]  what it takes after its base: its suit's next card, or
 *   (Scotch Patience) the next rank in the other colour, whatever the suit
 * @property {Card[]} [next]  the cards it takes next (none once complete)
 */

/**
 * Everything the page draws (api.Api.state): declared in py/cloverleaf/page_facts.py,
 * whose types scripts/page_facts.py writes into scripts/types/page-facts.d.ts.
 * @typedef {import("../build-info.js").State} State
 */

/**
 * A finished game the statistics count, as the session decided, with the time played on it ("statsRecord" takes it).
 * @typedef {{game: string, won: boolean, moves: number, solvable: boolean, daily: string | null, hints: number, seconds: number}} Count
 */

/**
 * The time played on the deal, as the engine counts it (clock.py): the page only
 * shows it, adding the time since the answer while it runs.
 * @typedef {{played: number, running: boolean}} Played
 */

/**
 * All the page shows of help (coach.py, docs/protocol.md Help): the hint on show,
 * the loss on show, the solution player's place, whether the engine wants a
 * search run in the background (a "work" job), the par, why the deal is lost from its start.
 * @typedef {object} Help
 * @property {HintShown | null} hint
 * @property {LostShown | null} lost
 * @property {SolutionShown | null} solution
 * @property {boolean} work
 * @property {number | null} par  the solver's plan's length, shown with a win where it compares like with like
 * @property {Why | null} startWhy  why the deal is lost from its start (with state.lostFromStart)
 */

/**
 * The hint on show: a move (dashed when `likely`; `redeal` says why a redeal), or
 * where there is none, `back` (every win passes through the position that many
 * decisions ago) or nothing that makes progress (`more`: Hint again searches
 * further; `undo`: decisions back to the nearest position known winnable).
 * @typedef {{move: Move | null, likely: boolean, redeal: "stuck" | "needed" | "movesAbout" | null, back: number, more: boolean, undo: number | null}} HintShown
 */

/**
 * The game on the table is lost: the decision that lost it, the way back, why.
 * @typedef {{move: {number: number, move: Move, onto: Card | null} | null, undo: number | null, earlier: "solved" | "lost" | "unknown" | null, why: Why | null, more: boolean, stuck: boolean}} LostShown
 */

/**
 * The solution player's place: `step` of `total` decisions, the next one (null
 * at its end); a likely line ends with `foundations` cards up.
 * @typedef {{step: number, total: number, next: Move | null, likely: boolean, foundations: number}} SolutionShown
 */

/**
 * The reply of every method that changes the game: what to draw, what to keep,
 * and the game to count (the win just made, or the game a new deal or a restart left), or null.
 * @typedef {{state: State, save: string, count: Count | null}} Table
 */

/**
 * One game of the catalogue, listed family by family (the games dialog's groups,
 * `family` named by the page's words "family.<id>"): its fans at the deal, its
 * redeals, free cells and draws.
 * @typedef {{id: string, name: string, summary: string, family: string, fans: number, redeals: number, cells: number,
 *   draws: number, pysolId: number | null}} GameInfo
 */

/**
 * A hint job's result.
 * @typedef {object} HintResult
 * @property {"solved" | "lost" | "unknown"} verdict  for the position on the table
 * @property {Move | null} move  the next decision toward a win (null when none, or when back > 0)
 * @property {number} back  decisions to take back first: every win passes through that position
 * @property {number | null} undo  when lost: decisions back to the nearest winnable position
 * @property {"solved" | "lost" | "unknown" | null} earlier  when lost: what the walk back found
 * @property {{number: number, move: Move, onto: Card | null} | null} lostMove  when lost: the decision that
 *   lost the game (its number from 1, its move, the card it went onto)
 * @property {Why | null} [why]  when lost: why the position on the table is lost (null from an older engine)
 * @property {number} nodes  nodes searched (0: the plan already knew)
 * @property {boolean} more  the budget ran out first, and a hint asked again here goes on with the same search
 * @property {boolean} likely  the budget ran out before a verdict: `move` is the most promising one found, not proven
 * @property {"stuck" | "needed" | "movesAbout" | null} redeal  why the hinted move is a redeal: no card can move, or only a
 *   redeal now keeps the game winnable
 * @property {string | null} save  the game's save after the hint (a hint counts as help), null when the game moved on
 */

/**
 * A solution job's result: a hint's, and the moves to show, each made from the
 * position `back` decisions ago on (empty when there is none: lost); where the
 * search ran out of budget (`likely`), its most promising line as far as it goes,
 * and `stops`, where that ends (its length, the cards then on the foundations).
 * @typedef {HintResult & {moves: Move[], stops: {moves: number, foundations: number} | null}} SolutionResult
 */

/** A winnable deal's difficulty (py/cloverleaf/page_facts.py LEVELS). @typedef {import("../build-info.js").Level} Level */

/**
 * A solvable-deal, daily or difficulty job's result (`difficulty` null unless the deal was proved winnable).
 * @typedef {{deal: string, verdict: string, difficulty: Level | null, tried?: number, nodes: number, date?: string, why?: Why | null}} DealResult
 */

/** Why a position is lost (docs/protocol.md): words/why.js words it. @typedef {import("../words/why.js").Why} Why */

/**
 * Statistics as the engine counts them: the saved text and one game's summary;
 * setAside: the text sent was unreadable (the reply starts from fresh statistics).
 * @typedef {{stats: string, summary: Record<"all" | "solvable" | "daily", StatsBucket>, setAside?: boolean}} StatsReply
 */

/**
 * "statsRecord"'s reply: as StatsReply, and which of the game's records a win beat.
 * @typedef {StatsReply & {improved: {time: boolean, moves: boolean}}} RecordReply
 */

/**
 * @typedef {object} StatsBucket
 * @property {number} played
 * @property {number} won
 * @property {number} [helped]  how many of the wins had help (a hint)
 * @property {number | null} win_rate
 * @property {number} streak
 * @property {number} best_streak
 * @property {number | null} best_time
 * @property {number | null} fewest_moves
 * @property {number[]} recent
 * @property {number} day_streak
 * @property {number} best_day_streak
 */

/** A move as "play" takes it: a card and where it goes, or a redeal. @typedef {{card: Card, to: Dest} | {to: "redeal"}} Play */

/**
 * Each method's parameters and answer (api.METHODS): EngineClient.request is typed by it.
 * @typedef {object} Methods
 * @property {{params: {}, answer: GameInfo[]}} games
 * @property {{params: {}, answer: string}} version
 * @property {{params: {game: string, deal?: string | null, opening?: Opening}, answer: Table}} new
 * @property {{params: {game: string, deal: string}, answer: {game: string, deal: string}}} link
 * @property {{params: {save: string, played?: number}, answer: Table}} restore
 * @property {{params: {}, answer: Table}} state
 * @property {{params: Play, answer: Table}} play
 * @property {{params: {card: Card}, answer: Table}} click
 * @property {{params: {card: Card}, answer: never}} whyStuck
 * @property {{params: {count?: number}, answer: Table}} undo
 * @property {{params: {count?: number}, answer: Table}} redo
 * @property {{params: {}, answer: Table}} restart
 * @property {{params: {}, answer: Table}} redeal
 * @property {{params: Partial<import("../build-info.js").EngineSettings>, answer: Table}} settings
 * @property {{params: {visible: boolean}, answer: Table}} visible
 * @property {{params: {}, answer: Table}} solutionStop
 * @property {{params: {}, answer: {moves: Move[]}}} plan
 * @property {{params: {stats: string | null, game?: string}, answer: StatsReply}} statsSummary
 * @property {{params: Count & {stats: string | null}, answer: RecordReply}} statsRecord
 * @property {{params: {stats: string | null, game?: string}, answer: StatsReply}} statsReset
 */

/**
 * The methods that change the game (or read it) and answer with the table.
 * @typedef {"new" | "restore" | "state" | "play" | "click" | "undo" | "redo" | "restart" | "redeal" | "settings" | "visible" | "solutionStop"} TableMethod
 */

/**
 * Each kind of job's parameters and result ("jobStart"; EngineClient.job is typed by it).
 * @typedef {object} Jobs
 * @property {{params: {}, result: HintResult & Table}} hint
 * @property {{params: {}, result: HintResult & Table}} check
 * @property {{params: {}, result: SolutionResult & Table}} solution
 * @property {{params: {}, result: Table}} work
 * @property {{params: {game: string, start?: string, level?: string}, result: DealResult}} solvable
 * @property {{params: {game: string, date: string}, result: DealResult}} daily
 * @property {{params: {game: string, deal: string}, result: DealResult}} difficulty
 */

/**
 * Why the engine refused a request.
 * - InvalidInput: a parameter could not be read (a bad deal number, an unreadable save).
 * - IllegalMove: the move is not allowed now; `reason` says which kind of refusal.
 * - Internal: a bug in the engine (the details are in the worker's console).
 * - Cancelled: the page cancelled the job (made by the page, never by Python).
 * - Unavailable: the engine did not start or was stopped (made by the worker or the page).
 * - Restarted: the engine was restarted and could not restore the game, so the
 *   request was not played (made by the page, engine.js).
 * @typedef {"InvalidInput" | "IllegalMove" | "Internal" | "Cancelled" | "Unavailable" | "Restarted"} ErrorKind
 */

/**
 * The reasons of an IllegalMove (errors.IllegalMoveError).
 * @typedef {"rules" | "covered" | "build" | "full" | "empty" | "foundation" | "cells" | "run" | "nowhere" | "click-off"
 *   | "no-undo" | "no-redo"} IllegalReason
 */

/** @typedef {{type: ErrorKind, message: string, reason?: IllegalReason}} ErrorReply */

/**
 * Page -> worker messages.
 * - {id, method, params}: one API call (METHODS below).
 * - {id, method: "job", params}: a long search, run in slices ("jobStart" parameters).
 * - {cancel: id}: stop the job that request `id` started.
 * - {painted: true}: the page's first table is on screen (once): the worker may
 *   now decode and compile the runtime, which would have slowed that first frame.
 * - {ping: n}: is the worker running? (sent while an answer is awaited; answered {pong: n})
 * @typedef {{id: number, method: string, params: object}
 *   | {cancel: number}
 *   | {painted: true}
 *   | {ping: number}} ToWorker
 */

/**
 * Worker -> page messages.
 * - {id, result} or {id, error}: the answer to request `id`.
 * - {event: "started"}: the worker runs (its first message; boot.js waits for it).
 * - {event: "progress", stage, received?}: start-up stages, for the loading bar
 *   ("download" with the bytes received of each file so far).
 * - {event: "ready", version, snapshot, times}: Python is up; requests are answered.
 * - {event: "failed", message, reason?}: start-up failed; nothing will be answered.
 *   `reason`: "broken" (a file the start needs came but could not be compiled,
 *   decoded or imported), "network" (it did not come), "damaged" (the service
 *   worker found it damaged and could not fetch it again).
 * - {event: "fatal", message}: the runtime failed under a call and is never used
 *   again; the requests not answered yet never will be (the page starts a new worker).
 * - {pong: n, held}: the answer to {ping: n}, with the ids of the requests the worker
 *   holds (received, not answered yet): one the page still waits for and sent
 *   before the ping, not held, was lost (engine/watch.js).
 * - {event: "log", level, text}: Python's output and warnings, for the console.
 * @typedef {{id: number, result: unknown}
 *   | {id: number, error: ErrorReply}
 *   | {event: "started"}
 *   | {event: "progress", stage: StartStage, received?: Record<string, number>}
 *   | {event: "ready", version: string | null, snapshot: boolean, times: Record<string, number>}
 *   | {event: "failed", message: string, reason?: "broken" | "network" | "damaged"}
 *   | {event: "fatal", message: string}
 *   | {pong: number, held: number[]}
 *   | {event: "log", level: "info" | "warn" | "error", text: string}} FromWorker
 */

/** @typedef {"download" | "python" | "package" | "dealing"} StartStage */

/**
 * The API's methods and the parameters each takes (api.METHODS on the Python side).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const METHODS = Object.freeze({
  games: [],
  version: [],
  new: ["game", "deal", "opening"],
  link: ["game", "deal"],
  restore: ["save", "played"],
  state: [],
  play: ["card", "to"],
  click: ["card"],
  whyStuck: ["card"],
  undo: ["count"],
  redo: ["count"],
  restart: [],
  redeal: [],
  settings: ["clickToPlay", "autoMove", "autoComplete", "warnLost"],
  visible: ["visible"],
  solutionStop: [],
  plan: [],
  statsSummary: ["stats", "game"],
  statsRecord: ["stats", "game", "won", "moves", "seconds", "solvable", "daily", "hints"],
  statsReset: ["stats", "game"],
  jobStart: ["kind", "game", "start", "date", "level", "deal"],
  jobStep: ["job", "nodes"],
  jobCancel: ["job"],
});

/** The kinds of job ("jobStart"'s `kind`). */
export const JOB_KINDS = Object.freeze(["hint", "check", "solution", "work", "solvable", "daily", "difficulty"]);
