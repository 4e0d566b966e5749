/* Potager's four languages: English, French, German, Italian — the rulebooks' own.
 *
 * Loaded before potager.js on every page, which hands its functions on as `Potager.t`,
 * `Potager.tn` and `Potager.i18n`. The guide is potager/web/I18N.md:
 * - keys are the English text itself: `t("Your turn")`, `t("{name} bids {n}", {name, n})`;
 * - plurals: `tn(count, "{n} player", "{n} players", params)`; the catalog's entry for the
 *   English plural holds one text per plural category of the language (Intl.PluralRules);
 * - the language: the one chosen on the page's switcher (localStorage `potager.lang`), else the
 *   first of the browser's languages that is one of the four, else English; the cookie
 *   `potager.lang` tells the server (rules pages, refusals) the same;
 * - the catalogs: the server merges static/i18n/<area>.json into /i18n/<lang>.json, fetched
 *   once; `ready` resolves when it is there, and the static HTML's `data-i18n` elements are
 *   translated then. Every page script awaits `ready` before it draws.
 */
"use strict";

const PotagerI18n = (() => {
  const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", it: "Italiano" };
  const KEY = "potager.lang";

  function supported(tag) {
    const primary = String(tag || "").toLowerCase().split("-")[0];
    return Object.hasOwn(LANGUAGES, primary) ? primary : null;
  }

  function chosen() {
    let kept = null;
    try { kept = supported(localStorage.getItem(KEY)); } catch { /* storage refused: browser's */ }
    if (kept) return kept;
    for (const tag of navigator.languages || [navigator.language]) {
      const found = supported(tag);
      if (found) return found;
    }
    return "en";
  }

  const lang = chosen();
  document.documentElement.lang = lang;
  document.cookie = `${KEY}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  let catalog = {};
  const plural = new Intl.PluralRules(lang);

  function fill(text, params) {
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (
      Object.hasOwn(params, name) && params[name] !== undefined && params[name] !== null
        ? String(params[name]) : whole));
  }

  /* `english` in this page's language, its {placeholders} filled from `params`. A text the
   * catalog lacks stays English (the test tests/web/test_i18n.py keeps that from happening). */
  function t(english, params) {
    const found = catalog[english];
    return fill(typeof found === "string" ? found : english, params);
  }

  /* A text that depends on a count: English `one` or `other`, another language's form for the
   * count's plural category (its catalog entry, keyed by the English `other`, is an object such
   * as {"one": "{n} joueur", "other": "{n} joueurs"}). `{n}` is the count unless params say. */
  function tn(count, one, other, params) {
    const all = { n: count, ...(params || {}) };
    const found = catalog[other];
    if (found && typeof found === "object") {
      return fill(found[plural.select(count)] || found.other, all);
    }
    return fill(new Intl.PluralRules("en").select(count) === "one" ? one : other, all);
  }

  /* The static HTML's words: an element marked `data-i18n` has its text translated (each of
   * its own non-blank text nodes, so a <label> keeps its <input>); `data-i18n="title alt"`
   * names attributes to translate instead, and "text" among them the text too. */
  function translatePage(root = document) {
    for (const el of root.querySelectorAll("[data-i18n]")) {
      const what = (el.dataset.i18n || "text").split(/\s+/).filter(Boolean);
      for (const part of what) {
        if (part !== "text") {
          if (el.hasAttribute(part)) el.setAttribute(part, t(el.getAttribute(part)));
          continue;
        }
        for (const node of el.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
          const [, before, words, after] = node.data.match(/^(\s*)([\s\S]*?)(\s*)$/);
          node.data = before + t(words) + after;
        }
      }
    }
    if (root === document) {
      if (document.title) document.title = t(document.title);
      document.documentElement.classList.add("i18n-ready"); // potager.css shows the words now
    }
  }

  /* The language switcher, at the end of the page's top bar: a choice reloads the page in it. */
  function switcher() {
    const bar = document.querySelector(".topbar");
    if (!bar || bar.querySelector(".language")) return;
    const select = document.createElement("select");
    select.className = "language";
    select.id = "language";
    select.setAttribute("aria-label", t("Language"));
    const narrow = window.matchMedia("(max-width: 600px)").matches; // a phone's crowded bar: "FR"
    for (const [code, name] of Object.entries(LANGUAGES)) {
      const option = new Option(narrow ? code.toUpperCase() : name, code, code === lang, code === lang);
      option.title = name;
      option.lang = code;
      select.append(option);
    }
    select.addEventListener("change", () => choose(select.value));
    bar.append(select);
  }

  function choose(code) {
    const found = supported(code);
    if (!found) return;
    try { localStorage.setItem(KEY, found); } catch { /* kept by the cookie alone */ }
    document.cookie = `${KEY}=${found}; path=/; max-age=31536000; SameSite=Lax`;
    location.reload();
  }

  async function load() {
    if (lang !== "en") {
      const response = await fetch(`/i18n/${lang}.json`);
      if (response.ok) catalog = await response.json();
    }
  }

  const ready = load()
    .catch(() => { /* no catalog: the page stays English rather than not drawing */ })
    .then(() => {
      const apply = () => { translatePage(); switcher(); };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply, { once: true });
      else apply();
    });

  return { lang, languages: LANGUAGES, t, tn, ready, translatePage, choose };
})();
window.PotagerI18n = PotagerI18n;
