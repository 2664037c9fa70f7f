// What issue 6 adds around the game, wired in one place for main.js: the
// player's language and display preferences, statistics, the info dialog (help,
// statistics, about), keyboard play and screen-reader names and announcements.
//
// main.js calls installFeatures(context) once and then the returned hooks:
//   ready              resolves when the language's texts are loaded
//   applied(state, previous, seconds, daily)   after every drawn state
//   begin(state, {daily, solvable, fresh})     a game is on the table
//   leave(state, seconds, daily)               the player leaves that game
//   openInfo(tab)                              "help" | "stats" | "about"

import { announceChange, label } from "./a11y.js";
import { onChange, setLanguage, t } from "./i18n.js";
import { bindCardKeys } from "./keyboard.js";
import { InfoPanels, formatSeconds } from "./panels.js";
import { applyPrefs, followSystemTheme, loadPrefs, storePrefs } from "./prefs.js";
import { StatsKeeper } from "./stats.js";
import { addDisplaySettings, addInfoButton, translatePage } from "./texts.js";

// context: {
//   request(method, params)  the engine client
//   table, view              the table element and its TableView
//   state(), daily()         what is on the table
//   ready()                  the engine answered and a game is dealt
//   click(card), play(card, to), newDeal()
//   notice(text, ms)         a short message on the page
//   redraw()                 draw the current state again (texts changed)
// }
export function installFeatures(context) {
  const prefs = loadPrefs();
  applyPrefs(prefs);
  followSystemTheme(prefs);

  const stats = new StatsKeeper(context.request, () => context.notice(t("stats.unreadable"), 6000));
  const panels = new InfoPanels({ state: context.state, daily: context.daily, stats, notice: context.notice });
  const keys = bindCardKeys(context.table, context.view, {
    state: context.state,
    enabled: context.ready,
    click: context.click,
    play: context.play,
    newDeal: context.newDeal,
    help: () => panels.open("help"),
  });

  addInfoButton().addEventListener("click", () => panels.open());
  addDisplaySettings(prefs, (name, value) => {
    prefs[name] = value;
    storePrefs(prefs);
    applyPrefs(prefs);
    if (name === "lang") setLanguage(value);
  });

  onChange(() => {
    translatePage();
    const state = context.state();
    if (state) {
      label(state, context.view);
      context.redraw();
    }
    panels.refresh();
  });
  const ready = setLanguage(prefs.lang).catch((error) => console.warn(`texts: ${error}`));

  return {
    ready,
    stats,
    panels,
    applied(state, previous, seconds, daily) {
      label(state, context.view);
      keys.update(state);
      const time = formatSeconds(seconds);
      announceChange(state, previous, {
        won: t("announce.won", { moves: t("status.moves", { count: state.moves }), time }),
        stuck: t("announce.stuck"),
      });
      stats.seen(state, seconds, daily).catch((error) => console.warn(`statistics: ${error?.message ?? error}`));
      panels.refresh();
    },
    begin(state, options) {
      stats.begin(state, options);
    },
    leave(state, seconds, daily) {
      return stats.leave(state, seconds, daily).catch((error) => console.warn(`statistics: ${error?.message ?? error}`));
    },
    openInfo(tab) {
      panels.open(tab);
    },
  };
}
