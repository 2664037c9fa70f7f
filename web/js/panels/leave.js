// @ts-check
// The questions asked before leaving a game loses something: for a new deal, a
// restart or another game, and for a link. Keeping the game is the first choice,
// and the safe one: it has the focus (Enter keeps the game, as Escape does), and
// the question has no Close beside it, which would say the same. Each resolves
// true to leave. What leaving loses is the engine's word (State.leaving): a game
// in progress (it counts as lost), or decisions taken back that could be made again.

import { t } from "../words/i18n.js";
import { showPanel } from "./panel.js";
import { gameName } from "./bar.js";

/** @typedef {"game" | "redo"} Loses  what leaving loses (State.leaving) */

/** @param {Loses} loses @returns {Promise<boolean>} */
export function askLeave(loses) {
  return new Promise((resolve) => {
    showPanel(
      "confirm",
      t("leave.title"),
      t(loses === "redo" ? "leave.redoText" : "leave.text"),
      [
        { label: t("leave.keep"), name: "keep", primary: true, action: () => resolve(false) },
        { label: t("leave.yes"), name: "leave", action: () => resolve(true) },
      ],
      { close: () => resolve(false), closeButton: false },
    );
  });
}

/**
 * @param {{game: string, deal: string}} link  the linked game (its id) and deal
 * @param {{game: string, deal: string | null, moves: number, leaving: Loses}} current  the game left
 * @param {(id: string) => string} named  a game's name in the catalogue (when the texts have none)
 * @returns {Promise<boolean>}
 */
export function askLink(link, current, named) {
  const name = (/** @type {string} */ id) => gameName(id, named(id));
  const linked = { game: name(link.game), deal: link.deal };
  const playing = { game: name(current.game), deal: current.deal ?? "", moves: t("status.moves", { count: current.moves }) };
  return new Promise((resolve) => {
    showPanel(
      "confirm",
      t("link.title", linked),
      t(current.leaving === "redo" ? "link.redoText" : "link.text", playing),
      [
        { label: t("leave.keep"), name: "keep", primary: true, action: () => resolve(false) },
        { label: t("link.open", linked), name: "leave", action: () => resolve(true) },
      ],
      { close: () => resolve(false), closeButton: false },
    );
  });
}
