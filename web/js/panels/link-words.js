// @ts-check
// What the player reads of an address that could not be opened: one that is not
// an address of ours, a game that is not one of ours, or a deal number that is
// not one. Short when the table stays as it was; with the game dealt instead
// when start-up had nothing else to show.

import { t } from "../words/i18n.js";

/**
 * An address that is not one of ours.
 * @param {string} bad  the address as written
 * @param {string | null} [instead]  the game dealt in its place (its name), or null: the table stays
 */
export function badAddressWords(bad, instead = null) {
  return instead ? t("address.bad", { address: bad, game: instead }) : t("address.badShort", { address: bad });
}

/**
 * A link the engine refused: its game is not one of ours (`known` false), or its deal number is not one.
 * @param {{game: string, deal: string}} link
 * @param {boolean} known  the link's game is in the engine's catalogue
 * @param {string | null} [instead]  the game dealt in its place (its name), or null: the table stays
 */
export function refusedLinkWords({ game, deal }, known, instead = null) {
  if (known) return instead ? t("address.noDeal", { deal, game: instead }) : t("address.noDealShort", { deal });
  return instead ? t("address.noGame", { name: game, game: instead }) : t("address.noGameShort", { name: game });
}
