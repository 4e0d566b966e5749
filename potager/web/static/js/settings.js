/* This browser's settings: sounds, notifications when it is your turn, animations.
 *
 * Kept in localStorage (`potager.settings`), one menu on every page (a button in the top bar).
 * By default sounds are on, notifications off (the browser asks for permission only when they
 * are turned on, a click being the gesture it requires) and animations on unless the system asks
 * for reduced motion. `<html>` carries the class `pg-animate` while animations are on: every
 * animation in the CSS is scoped under it, so turning them off stops them all.
 *
 * `Potager.settings.get(name)`, `.set(name, value)`, `.canNotify()`.
 */
"use strict";

(() => {
  const { h, t } = Potager;
  const KEY = "potager.settings";
  const reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const DEFAULTS = { sound: true, notifications: false, animations: !reducedMotion };

  function kept() {
    try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
  }

  function get(name) {
    const value = kept()[name];
    return typeof value === "boolean" ? value : DEFAULTS[name];
  }

  function set(name, value) {
    const all = { ...kept(), [name]: Boolean(value) };
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* storage refused: this page only */ }
    apply();
  }

  function apply() {
    document.documentElement.classList.toggle("pg-animate", get("animations"));
  }

  const canNotify = () => "Notification" in window;

  /* Turning notifications on asks the browser for permission (on this click); refused, they stay
   * off and the menu says why. */
  async function toggleNotifications(box, note) {
    if (!box.checked) { set("notifications", false); return; }
    let permission = Notification.permission;
    if (permission === "default") {
      try { permission = await Notification.requestPermission(); } catch { permission = "denied"; }
    }
    box.checked = permission === "granted";
    set("notifications", box.checked);
    note.textContent = box.checked ? "" : t("Notifications are blocked for this site in the browser's settings.");
  }

  function menu() {
    const bar = document.querySelector(".topbar");
    if (!bar || bar.querySelector(".settings")) return;
    const note = h("p", { class: "settings-note", role: "status" });
    const option = (name, label, extra) => {
      const box = h("input", { type: "checkbox", id: `setting-${name}`, dataset: { setting: name } });
      box.checked = get(name);
      box.addEventListener("change", extra ? () => extra(box, note) : () => set(name, box.checked));
      return [box, h("label", { class: "check" }, box, label)];
    };
    const [, sound] = option("sound", t("Sounds"));
    const [notifyBox, notify] = option("notifications", t("A notification when it is my turn"), toggleNotifications);
    if (!canNotify()) {
      notifyBox.disabled = true;
      notifyBox.checked = false;
      note.textContent = t("This browser cannot show notifications.");
    }
    const [, animations] = option("animations", t("Animations"));
    const panel = h("div", { class: "settings-menu", id: "settings-menu", hidden: true },
      h("h2", {}, t("Settings")), sound, notify, animations, note);
    const button = h("button", {
      type: "button", class: "settings-button", id: "settings-button", title: t("Settings"),
      "aria-label": t("Settings"), "aria-expanded": "false", "aria-controls": "settings-menu",
      onclick: () => {
        panel.hidden = !panel.hidden;
        button.setAttribute("aria-expanded", String(!panel.hidden));
      },
    }, "⚙");
    const box = h("div", { class: "settings" }, button, panel);
    document.addEventListener("click", (event) => {
      if (!panel.hidden && !box.contains(event.target)) {
        panel.hidden = true;
        button.setAttribute("aria-expanded", "false");
      }
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !panel.hidden) { panel.hidden = true; button.focus(); }
    });
    const language = bar.querySelector(".language");
    bar.insertBefore(box, language);
  }

  apply();
  Potager.i18n.ready.then(() => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", menu, { once: true });
    else menu();
  });

  Potager.settings = { get, set, canNotify };
})();
