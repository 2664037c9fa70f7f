// Written by scripts/page_facts.py from py/cloverleaf/page_facts.py: edit that, then run
// python3 scripts/page_facts.py. The values are in js/build-info.js, which the build writes.
import type {
  Card, Change, Dest, Foundation, Help, Move, Opening, Played,
} from "../../web/js/engine/protocol.js";

/** A winnable deal's difficulty. */
export type Level = "easy" | "medium" | "hard";

/** The settings the engine keeps. */
export type EngineSettings = {
  clickToPlay: boolean;
  autoMove: boolean;
  autoComplete: boolean;
  warnLost: boolean;
};

/** Every setting of the player's: the engine's, then the page's own. */
export type Settings = EngineSettings & {
  solvableOnly: boolean;
  animations: boolean;
  level: "any" | Level;
};

/** Everything the page draws (api.Api.state). */
export type State = {
  /** the game's id ("clover-leaf") */
  game: string;
  /** its English name (the page shows its own words) */
  gameName: string;
  /** the deal number, as a string (numbers reach 10^20); null for a position typed by hand */
  deal: string | null;
  /** each fan from its bottom card to its top */
  fans: Card[][];
  /** each free cell's card (null: empty); none in games without free cells */
  cells: (Card | null)[];
  /** clubs, spades, hearts, diamonds by their base's suit, with what each takes next */
  foundations: Foundation[];
  /** every card that can move, with its destinations */
  movable: Record<Card, Dest[]>;
  /** the card each of those destinations puts it on (null: none) */
  onto: Record<Card, (Card | null)[]>;
  /** where a click plays each card that has somewhere to go */
  click: Record<Card, Dest>;
  /** redeals still allowed */
  redealsLeft: number;
  /** draws still allowed (Three Shuffles and a Draw) */
  drawsLeft: number;
  /** the cards of movable that a draw takes: each moves alone (the card on it stays) */
  drawable: Card[];
  /** a redeal is allowed now */
  canRedeal: boolean;
  /** every card is on the foundations */
  won: boolean;
  /** not won, and no card can move and no redeal is left */
  stuck: boolean;
  /** a decision can be taken back */
  canUndo: boolean;
  /** a decision taken back can be made again */
  canRedo: boolean;
  /** the player's decisions so far */
  moves: number;
  /** the engine's settings */
  settings: EngineSettings;
  /** the moves the last change made, the player's first */
  lastMoves: Move[];
  /** the decisions the last change took back (an undo), the latest first */
  undone: Move[];
  /** what the last change was */
  change: Change;
  /** a decision made, and neither won nor stuck */
  inProgress: boolean;
  /** what leaving the game loses, so the page asks first: "game" (in progress: it counts as lost), "redo" (decisions taken back that could be made again), null (nothing) */
  leaving: "game" | "redo" | null;
  /** won or stuck */
  finished: boolean;
  /** how the deal was opened */
  opening: Opening;
  /** the date of the deal of the day, when it is one */
  daily: string | null;
  /** hints given in this attempt */
  hints: number;
  /** the app showed this deal's solution: the game counts in no statistics */
  solutionShown: boolean;
  /** the deal's level, once rated (null: not rated, or not proved winnable) */
  level: Level | null;
  /** the engine has rated the deal this visit */
  rated: boolean;
  /** the deal's rating proved it lost from its start this visit */
  lostFromStart: boolean;
  /** the time played on this attempt: milliseconds, and whether the clock runs */
  time: Played;
  /** all the page shows of help (docs/protocol.md, Help) */
  help: Help;
};

export const DEFAULT_GAME: string;
export const DEFAULT_GAME_SHAPE: { fans: number; name: string };
export const DEFAULT_SETTINGS: Readonly<Settings>;
export const ENGINE_SETTINGS: readonly (keyof EngineSettings)[];
export const LEVELS: readonly Level[];
export const SETTING_CHOICES: Readonly<Record<string, readonly string[]>>;
export const STATE_FIELDS: Readonly<Record<keyof State, string>>;
export const TEXT_BYTES: Readonly<{ save: number; stats: number }>;
