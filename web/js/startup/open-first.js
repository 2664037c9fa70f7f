// @ts-check
// The first game opened once the engine is up: the address, else the saved game,
// else the bank's deal, else a new deal. A link never drops a saved game in
// progress: that game is restored, and the link asked about once the table is up
// (Startup.followLink); a bad address keeps it too. An address that cannot be
// opened is said (panels/link-words.js) with the game dealt in its place, if any.

import { badAddressWords, refusedLinkWords } from "../panels/link-words.js";
import { t } from "../words/i18n.js";
import { restoresSave } from "./first-game.js";
import { DEFAULT_GAME, gameInfo } from "../play/state.js";
import { errorType } from "../engine/engine-error.js";

/** @typedef {import("./startup.js").Startup} Startup */
/** @typedef {import("./first-game.js").FirstGame} FirstGame */
/** @typedef {import("../engine/protocol.js").State} State */

/**
 * Open the first game.
 * @param {Startup} startup
 * @param {FirstGame} first
 * @param {State | null} banked
 * @param {Promise<import("../engine/protocol.js").Table> | null} restoring  the saved game's restore, already asked for
 * @param {Promise<import("../engine/protocol.js").Table | null>} dealing  the bank's deal as the engine dealt it, asked for at once (null: not asked)
 */
export async function openFirstGame(startup, first, banked, restoring, dealing) {
  const { app, deals, game } = startup;
  const { address, record } = first;
  const restored = record && restoresSave(first) ? await startup.restore(record, restoring) : false;
  /** The name of the game dealt instead of the address's, or null when the saved game stays. */
  const instead = () => (restored ? null : t(`game.${DEFAULT_GAME}`));
  if (address && "bad" in address) {
    startup.tell(() => badAddressWords(address.bad, instead()));
    if (!restored) await deals.newDeal(DEFAULT_GAME, { ask: false });
  } else if (address) {
    const table = app.table;
    const onTable = restored && table?.game === address.game && table.deal === address.deal;
    if (restored && !onTable && deals.losesOnLeaving) startup.link = address;
    else if (!onTable) {
      try {
        await deals.open(address.game, address.deal);
      } catch (error) {
        if (errorType(error) === "Unavailable") throw error;
        const known = Boolean(gameInfo(app, address.game));
        startup.tell(() => refusedLinkWords(address, known, instead()));
        if (!restored) await deals.newDeal(DEFAULT_GAME, { ask: false });
      }
    }
  } else if (!restored) {
    if (banked && game.drawn === banked) {
      // The bank's deals are proved winnable: the "solvable deals only" setting is met (dealt as "bank").
      // Moves answered from the opening book are played by the engine first, on the table on screen.
      const dealt = await dealing;
      if (!(dealt && (await game.book?.handOver(dealt)))) await deals.open(banked.game, banked.deal, { dealt });
    } else {
      const id = record && gameInfo(app, record.game) ? record.game : DEFAULT_GAME;
      await deals.newDeal(id, { ask: false });
    }
  }
}
