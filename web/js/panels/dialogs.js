// @ts-check
// The games dialog and the settings dialog.

import { gameName } from "./bar.js";
import { has, t } from "../words/i18n.js";

/** @typedef {import("../engine/protocol.js").GameInfo} GameInfo */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

/**
 * The games dialog: the catalogue family by family (the engine's order: the main
 * games first), each family under its name, each game a button with its name, its
 * shape (fans, redeals, free cells, draws) and what sets it apart; choose(id) when
 * one is picked. The game on the table is marked, in view and focused.
 * @param {GameInfo[]} games
 * @param {string} current
 * @param {(id: string) => void} choose
 */
export function openGames(games, current, choose) {
  const list = $("#games-list");
  const dialog = /** @type {HTMLDialogElement} */ ($("#games-dialog"));
  list.replaceChildren();
  /** @type {Map<string, HTMLElement>} */
  const families = new Map();
  /** @type {HTMLButtonElement | null} */
  let chosen = null;
  for (const game of games) {
    const item = gameButton(game);
    if (game.id === current) {
      item.setAttribute("aria-current", "true");
      chosen = item;
    }
    item.addEventListener("click", () => {
      dialog.close();
      choose(game.id);
    });
    familyList(list, families, game.family ?? "").append(item);
  }
  dialog.showModal();
  chosen?.focus();
  chosen?.scrollIntoView({ block: "nearest" });
}

/**
 * The list of a family's games, made under its heading the first time it is met.
 * @param {HTMLElement} list @param {Map<string, HTMLElement>} families @param {string} family
 */
function familyList(list, families, family) {
  const known = families.get(family);
  if (known) return known;
  const section = document.createElement("section");
  section.className = "games__family";
  section.dataset.family = family;
  const items = document.createElement("div");
  items.className = "games__items";
  if (family && has(`family.${family}`)) {
    const heading = document.createElement("h3");
    heading.className = "games__heading";
    heading.id = `games-family-${family}`;
    heading.textContent = t(`family.${family}`);
    section.setAttribute("aria-labelledby", heading.id);
    section.append(heading);
  }
  section.append(items);
  list.append(section);
  families.set(family, items);
  return items;
}

/** One game's button: its name, then its shape and summary. @param {GameInfo} game */
function gameButton(game) {
  const item = document.createElement("button");
  item.type = "button";
  item.dataset.game = game.id;
  const name = document.createElement("strong");
  name.textContent = gameName(game.id, game.name);
  const summary = document.createElement("small");
  const known = has(`summary.${game.id}`);
  const shape = [
    t("games.fans", { count: game.fans }),
    ...(game.redeals ? [t("games.redeals", { count: game.redeals })] : []),
    ...(game.cells ? [t("games.cells", { count: game.cells })] : []),
    ...(game.draws ? [t("games.draws", { count: game.draws })] : []),
  ];
  summary.textContent = `${shape.join(", ")}: ${known ? t(`summary.${game.id}`) : game.summary}`;
  item.append(name, summary);
  return item;
}

/** @returns {HTMLInputElement[]} */
const settingInputs = () => [...document.querySelectorAll("input[data-setting]")].map((input) => /** @type {HTMLInputElement} */ (input));

/** @returns {HTMLSelectElement[]} */
const settingChoices = () =>
  [...document.querySelectorAll("select[data-setting-choice]")].map((select) => /** @type {HTMLSelectElement} */ (select));

/**
 * Bind the settings dialog's toggles and choices to `settings`; change(key, value) on a change.
 * @param {Record<string, boolean | string>} settings
 * @param {(key: string, value: boolean | string) => void} change
 */
export function bindSettings(settings, change) {
  for (const input of settingInputs()) {
    const key = /** @type {string} */ (input.dataset.setting);
    input.checked = Boolean(settings[key]);
    input.addEventListener("change", () => change(key, input.checked));
  }
  for (const select of settingChoices()) {
    const key = /** @type {string} */ (select.dataset.settingChoice);
    select.value = String(settings[key]);
    select.addEventListener("change", () => change(key, select.value));
  }
}

/**
 * @param {Record<string, boolean | string>} settings
 * @param {string} [game]  the game on the table: a game where a setting never acts says why under it
 */
export function openSettings(settings, game) {
  for (const input of settingInputs()) input.checked = Boolean(settings[/** @type {string} */ (input.dataset.setting)]);
  // Auto move sends nothing up early in the Shamrocks games (the engine finds no
  // early move safe there): its note says so there, rather than the usual one.
  const note = document.querySelector('#settings-dialog input[data-setting="autoMove"] ~ span small');
  const never = `settings.autoMove.off.${game}`;
  if (note) note.textContent = has(never) ? t(never) : t("settings.autoMove.note");
  for (const select of settingChoices()) select.value = String(settings[/** @type {string} */ (select.dataset.settingChoice)]);
  /** @type {HTMLDialogElement} */ ($("#settings-dialog")).showModal();
}
