// @ts-check
// The questions asked before a game in progress is left: for a new deal, a
// restart or another game, and for a link (keeping the game is the first choice
// there: Enter, Escape and Close all keep it). Each resolves true to leave.
// Whether a game is in progress is the engine's word (State.inProgress).

import { t } from "../words/i18n.js";
import { showPanel } from "./panel.js";

/** @returns {Promise<boolean>} */
export function askLeave() {
  return new Promise((resolve) => {
    showPanel(
      "confirm",
      t("leave.title"),
      t("leave.text"),
      [{ label: t("leave.yes"), name: "leave", primary: true, action: () => resolve(true) }],
      { close: () => resolve(false) },
    );
  });
}

/**
 * @param {{game: string, deal: string}} linked  the linked game's name and deal
 * @param {{game: string, deal: string, moves: number}} current  the game in progress
 * @returns {Promise<boolean>}
 */
export function askLink(linked, current) {
  const playing = { ...current, moves: t("status.moves", { count: current.moves }) };
  return new Promise((resolve) => {
    showPanel(
      "confirm",
      t("link.title", linked),
      t("link.text", playing),
      [
        { label: t("link.keep"), name: "keep", primary: true, action: () => resolve(false) },
        { label: t("link.open", linked), name: "leave", action: () => resolve(true) },
      ],
      { close: () => resolve(false) },
    );
  });
}
