// @ts-check
// The phone's menu (css/phone.css): the controls the bottom bar has no room
// for. Each item stands for the bar's button of the same action, hidden on a
// phone: the item presses that button, so every action stays bound in one
// place (main.js), and the items are enabled as those buttons are. The menu
// closes first, so that a dialog an action opens (settings, help) is the one
// left on top and keeps the focus.

const dialog = /** @type {HTMLDialogElement | null} */ (document.querySelector("#menu-dialog"));

/** @param {string} action */
const barButton = (action) => /** @type {HTMLButtonElement | null} */ (document.querySelector(`.bar [data-action="${action}"]`));

/** @returns {HTMLButtonElement[]} */
const items = () => [...(dialog?.querySelectorAll("[data-menu-action]") ?? [])].map((item) => /** @type {HTMLButtonElement} */ (item));

dialog?.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const item = /** @type {HTMLElement | null} */ (target?.closest("[data-menu-action]") ?? null);
  if (item || target?.closest("[data-menu-close]") || target === dialog /* the backdrop */) dialog.close();
  if (item) barButton(item.dataset.menuAction ?? "")?.click();
});

/** Open the menu, its items enabled as the bar's buttons are. */
export function openMenu() {
  if (!dialog || dialog.open) return;
  for (const item of items()) item.disabled = barButton(item.dataset.menuAction ?? "")?.disabled ?? true;
  dialog.showModal();
}
