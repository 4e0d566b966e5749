/* Potager's browser client: what every page shares.
 *
 * - `Potager.t(english, params)`, `Potager.tn(count, one, other, params)`: the page's language
 *   (js/i18n.js, loaded first; `Potager.i18n.ready` resolves once its words are there);
 * - `Potager.h(tag, attrs, ...children)`: build DOM (text is always text: names are never HTML);
 * - `Potager.api(path, body?)`: the lobby's REST API;
 * - seat tokens in localStorage (a refresh or a closed tab rejoins the seat);
 * - the per-game drawing plug-ins: `Potager.registerGame(name, plugin)`, `Potager.loadGame(name)`,
 *   `Potager.gameInfo(name)` (the catalogue entry, with the game's facts), and the generic
 *   fallback (the view as readable cards, the legal actions as buttons).
 *   The contract is documented in potager/web/README.md.
 */
"use strict";

const Potager = (() => {
  const { t, tn } = PotagerI18n; // the page's language (js/i18n.js, potager/web/I18N.md)
  const plugins = new Map();
  /* The reserved key of an event addressed to one seat alone (potager.engine.PRIVATE_TO). */
  const PRIVATE_TO = "private_to";

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "class") el.className = value;
      else if (key === "dataset") Object.assign(el.dataset, value);
      else el.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  /* -- components that explain themselves --------------------------------------------------- */
  /* `explain(el, text)`: what a card, chip, token, tile or square is worth and when it scores.
   * One popover (`#pg-explain`, role "tooltip") shows it on hover, on keyboard focus and on a
   * long press (touch; the press then does not click); Escape, a tap elsewhere or a scroll hides
   * it. A screen reader hears it as the element's description (aria-describedby to a hidden copy
   * inside it), so the element's name stays short. Call it once the element's content is made
   * (after any innerHTML). */
  const LONG_PRESS = 500; // ms a finger rests on a component before it explains itself
  /* The tip's component, and what showed it ("hover", "focus" or "press"): each way hides only
   * its own tip (a finger's focus does not hide what its long press showed). */
  const tip = { box: null, target: null, by: null, timer: 0, at: null, pressed: false, touch: false, pointer: null };
  let explained = 0;

  function explain(el, words) {
    if (!words) return el;
    // Each sentence begins with a capital, whatever phrase a translation put first.
    const text = words.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, before, letter) => before + letter.toLocaleUpperCase(PotagerI18n.lang));
    const id = `pg-explain-${++explained}`;
    el.dataset.explain = text;
    // One tip, not the browser's as well: the titles of the element and of the pictures in it.
    el.removeAttribute("title");
    for (const inner of el.querySelectorAll("[title]:not(button, a, [role=button])")) inner.removeAttribute("title");
    el.setAttribute("aria-describedby", id);
    el.append(h("span", { id, hidden: true }, text));
    return el;
  }

  const explainedAt = (node) => (node instanceof Element ? node.closest("[data-explain]") : null);

  function showTip(target, by) {
    if (!tip.box) {
      tip.box = h("div", { id: "pg-explain", role: "tooltip", hidden: true });
      document.body.append(tip.box);
    }
    const box = tip.box;
    Object.assign(tip, { target, by });
    box.textContent = target.dataset.explain;
    box.hidden = false;
    const r = target.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const gap = 6;
    const top = r.top - b.height - gap >= gap ? r.top - b.height - gap : Math.min(r.bottom + gap, innerHeight - b.height - gap);
    const left = Math.max(gap, Math.min(r.left + r.width / 2 - b.width / 2, innerWidth - b.width - gap));
    box.style.top = `${Math.max(gap, top)}px`;
    box.style.left = `${left}px`;
  }

  function hideTip(by = null) {
    if (by && tip.by !== by) return;
    if (tip.box) tip.box.hidden = true;
    Object.assign(tip, { target: null, by: null });
  }

  function listenForExplanations() {
    const over = (node) => tip.box && tip.box.contains(node);
    document.addEventListener("pointerover", (event) => {
      tip.touch = event.pointerType === "touch";
      tip.pointer = [event.clientX, event.clientY];
      if (tip.touch || tip.by === "press") return; // a finger's tip stays until it is dismissed
      const el = explainedAt(event.target);
      if (el && el !== tip.target) showTip(el, "hover");
      else if (!el && !over(event.target)) hideTip("hover");
    });
    document.addEventListener("focusin", (event) => {
      const el = event.target instanceof Element && event.target.matches("[data-explain]:focus-visible") ? event.target : null;
      if (el) showTip(el, "focus"); else hideTip("focus");
    });
    document.addEventListener("focusout", (event) => { if (event.target === tip.target) hideTip("focus"); });
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") hideTip(); });
    document.addEventListener("scroll", () => hideTip("press"), true);
    document.addEventListener("pointerdown", (event) => {
      tip.touch = event.pointerType === "touch";
      clearTimeout(tip.timer);
      tip.pressed = false;
      if (!over(event.target)) hideTip("press");
      const el = tip.touch ? explainedAt(event.target) : null;
      if (!el) return;
      tip.at = [event.clientX, event.clientY];
      const at = tip.at;
      tip.timer = setTimeout(() => { tip.pressed = true; tip.pointer = at; showTip(el, "press"); }, LONG_PRESS);
    });
    document.addEventListener("pointermove", (event) => {
      tip.pointer = [event.clientX, event.clientY];
      if (tip.at && Math.hypot(event.clientX - tip.at[0], event.clientY - tip.at[1]) > 10) clearTimeout(tip.timer);
    });
    const release = () => { clearTimeout(tip.timer); tip.at = null; };
    document.addEventListener("pointerup", release);
    document.addEventListener("pointercancel", release);
    // A long press explains: it neither clicks (plays a card) nor opens the browser's menu.
    document.addEventListener("click", (event) => {
      if (!tip.pressed) return;
      tip.pressed = false;
      event.preventDefault();
      event.stopPropagation();
    }, true);
    document.addEventListener("contextmenu", (event) => { if (tip.touch && explainedAt(event.target)) event.preventDefault(); });
    // A redraw (every state of a table) replaces the component the tip was about: the tip goes
    // to the one drawn in its place (under the pointer or the finger, or keeping the focus).
    new MutationObserver(() => {
      if (!tip.target || tip.target.isConnected) return;
      const point = tip.by === "focus" ? null : tip.pointer;
      const found = point ? explainedAt(document.elementFromPoint(...point)) : explainedAt(document.activeElement);
      if (found && (tip.by !== "focus" || found === document.activeElement)) showTip(found, tip.by); else hideTip();
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.body) listenForExplanations(); else document.addEventListener("DOMContentLoaded", listenForExplanations);

  /* A request says which player sends it (the identity kept here, js/identity.js): the seats
   * it takes are that player's. */
  async function api(path, body) {
    const headers = store.player ? { Authorization: `Bearer ${store.player.token}` } : {};
    const init = body === undefined ? { headers } : {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    // The browser's own words for a failed request ("Failed to fetch", a status's reason) are
    // English whatever the page's language: the page says them itself.
    const response = await fetch(path, init).catch(() => {
      throw new Error(t("the server cannot be reached"));
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = Array.isArray(data.detail)
        ? data.detail.map((d) => d.msg).join("; ")
        : data.detail || t("the server answered with status {status}", { status: response.status });
      throw Object.assign(new Error(detail), { status: response.status });
    }
    return data;
  }

  /* -- seats and names kept in this browser ------------------------------------------------ */
  const store = {
    seat(tableId) {
      try { return JSON.parse(localStorage.getItem(`potager.seat.${tableId}`)); }
      catch { return null; }
    },
    saveSeat(tableId, seat, token) {
      localStorage.setItem(`potager.seat.${tableId}`, JSON.stringify({ seat, token }));
    },
    forgetSeat(tableId) { localStorage.removeItem(`potager.seat.${tableId}`); },
    invites(tableId) {
      try { return JSON.parse(localStorage.getItem(`potager.invites.${tableId}`)) || []; }
      catch { return []; }
    },
    saveInvites(tableId, invites) {
      localStorage.setItem(`potager.invites.${tableId}`, JSON.stringify(invites));
    },
    get name() { return localStorage.getItem("potager.name") || ""; },
    set name(value) { localStorage.setItem("potager.name", value); },
    /* The player's identity here ({id, token}), made by js/identity.js. */
    get player() {
      try { return JSON.parse(localStorage.getItem("potager.player")); }
      catch { return null; }
    },
    set player(value) {
      if (value) localStorage.setItem("potager.player", JSON.stringify(value));
      else localStorage.removeItem("potager.player");
    },
  };

  function inviteLink(grant) {
    return new URL(grant.url, location.origin).href;
  }

  /* -- readable words ---------------------------------------------------------------------- */
  /* ``badge`` marks a custom table (rule parameters changed), its title naming them; hidden
   * for the rulebook's game. */
  function customBadge(badge, table) {
    const params = Object.entries(table.params || {});
    badge.hidden = !params.length;
    badge.textContent = t("custom");
    badge.title = t("Custom rules, never rated: {changes}", {
      changes: params.map(([k, v]) => `${t(humanize(k))} ${Array.isArray(v) ? v.join(",") : typeof v === "string" ? t(v) : v}`).join("; "),
    });
    return badge;
  }

  function humanize(key) {
    const text = String(key).replace(/[_-]+/g, " ").trim();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* A bot level's name for players in the page's language ("Casual", "Amateur" for
   * `heuristic`; "Strong" for `ismcts` whatever its parameters after ":"): the names are data
   * (GET /api/games, each game's `level_names`, learnt by `learnLevels` as the catalogue comes),
   * their words in site.json; a level the catalogue has not named keeps its own name. */
  const levelTitles = new Map();
  function learnLevels(list) {
    for (const game of list || []) {
      for (const [level, name] of Object.entries(game.level_names || {})) {
        levelTitles.set(level, name);
        levelTitles.set(level.split(":")[0], name);
      }
    }
    return list;
  }
  function levelName(level) {
    const text = String(level || "");
    const base = text.split(":")[0];
    return t(levelTitles.get(text) || levelTitles.get(base) || base);
  }

  /* What a seat is called before telling it from the others: a person's name, a bot's level
   * ("Casual bot"), "Seat n" for a seat nobody holds. */
  function baseLabel(info, seat) {
    if (info.kind === "bot") return humanize(t("{level} bot", { level: levelName(info.level) }));
    return info.name || t("Seat {n}", { n: seat + 1 });
  }

  /* Every seat's label at a table, one per seat, all distinct and short (two bots of
   * one level read "heuristic bot" twice): a label several seats would share gets each seat's
   * number, as the page counts seats ("Heuristic bot 2", "Heuristic bot 4"). Every page, the log
   * and every plug-in name seats through it (`seatName`, `playerName`). */
  function seatLabels(seats) {
    const base = (seats || []).map((info, seat) => baseLabel(info || {}, seat));
    const count = new Map();
    for (const label of base) count.set(label, (count.get(label) || 0) + 1);
    return base.map((label, seat) => (count.get(label) > 1 ? `${label} ${seat + 1}` : label));
  }

  function seatName(seats, seat) {
    if (seat === null || seat === undefined) return t("Spectator");
    return seatLabels(seats)[seat] || t("Seat {n}", { n: seat + 1 });
  }

  /* A server's message as the page words it: its seats are numbered from 0 ("it is not seat 0's
   * turn") where the page names them by label, numbered from 1, and calls the viewer's own
   * "you"; the message's code is left as it is. The server says it in the page's
   * language (potager/server/i18n.py), whose words for "seat {n}" the catalog gives. */
  function serverText(text, seats, viewer) {
    const [before, after] = t("seat {n}").split("{n}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const owned = PotagerI18n.lang === "en" ? "('s)?" : "()";
    return String(text).replace(new RegExp(`(?<![\\p{L}])${before}(\\d+)${after}${owned}`, "giu"), (_, n, owner) => {
      const seat = Number(n);
      if (seat === viewer) return owner ? t("your") : t("you");
      return `${seatName(seats, seat)}${owner ? "’s" : ""}`; // i18n: not text
    });
  }

  /* What a table waits for while some of its seats are not taken (a drawing said
   * "Waiting for You" there, though nobody can move before every seat is taken). */
  function waitingForSeats(seats) {
    const open = (seats || []).filter((s) => s.kind === "human" && !s.taken).length;
    return tn(open, "Waiting for {n} more player to take a seat…", "Waiting for {n} more players to take a seat…");
  }

  /* "Ada, Bob and You" in the page's language (Intl.ListFormat: "et", "und", "e"): a list of
   * names or counts for a sentence's placeholder; "" for none. */
  function listOf(items) {
    return new Intl.ListFormat(PotagerI18n.lang, { type: "conjunction" }).format(items.map(String));
  }

  /* A number as the page's language writes it (Intl.NumberFormat: "3,8" in French, German and
   * Italian), with `digits` decimals. */
  function number(value, digits = 0) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    return new Intl.NumberFormat(PotagerI18n.lang, options).format(value);
  }

  /* A share (0–1) as a whole percentage in the page's language ("27 %" in French and German). */
  function percent(share) {
    return new Intl.NumberFormat(PotagerI18n.lang, { style: "percent", maximumFractionDigits: 0 }).format(share);
  }

  /* What a rated game's end did to a seat's rating (`SeatPublic.rating_change`): "Rating 4.3 →
   * 6.1 (+1.8)", the change between the two numbers as shown; "" for a seat not rated. */
  function ratingChange(change) {
    if (!change) return "";
    const [before, after] = [change.before, change.after].map((v) => Math.round(v * 10) / 10);
    const delta = Math.round((after - before) * 10) / 10;
    const signed = (delta > 0 ? "+" : "") + number(delta, 1); // the language's minus, as `after`'s
    return t("Rating {before} → {after} ({change})", { before: number(before, 1), after: number(after, 1), change: signed });
  }

  /* A finished game's scores (the table's and the replay's): a row per seat, the winners
   * starred, and each seat's rating change when the game was rated. */
  function finalScores(result, seats, names) {
    const { scores, winners } = result;
    const rated = seats.some((s) => s.rating_change);
    return h("table", { class: "scores" }, h("tbody", {}, scores.map((score, seat) => h("tr", { class: winners.includes(seat) ? "winner" : "" },
      h("td", {}, winners.includes(seat) ? h("span", { class: "star" }, "★ ") : "", names(seat)), h("td", {}, String(score)),
      rated ? h("td", { class: "rating-change" }, ratingChange(seats[seat].rating_change)) : null))));
  }

  /* A seat's name in a seat strip: a link to its player's page (/players/<id>) while a
   * player with an identity holds the seat (`info.player`). */
  function seatNameTag(info, label) {
    return info && info.player
      ? h("a", { class: "seat-name", href: `/players/${encodeURIComponent(info.player)}` }, label)
      : h("span", { class: "seat-name" }, label);
  }

  /* A seat's name as a drawing shows it to `viewer`: "You" for the viewer's own seat. */
  function playerName(table, seat, viewer) {
    if (viewer !== null && viewer !== undefined && seat === viewer) return t("You");
    return seatName(table && table.seats, seat);
  }

  /* -- on a phone: the panels far down the page, a tap away ----------------------------------- */
  /* On a phone the game log (and Kraut & Rüben's contract) came far below the board.
   * `bar` (fixed to a narrow screen's bottom by potager.css) gets a button per panel of the page
   * marked `data-sheet="<name>"` — the log, and any a drawing marks — which opens that panel over
   * the lower part of the screen, and closes it again. `badge(panel, open)` is the count shown on
   * a panel's button (0: none). Call the returned function after each drawing. */
  function panelBar(bar, badge = () => 0) {
    let open = null;
    function draw() {
      const panels = [...document.querySelectorAll("[data-sheet]")];
      if (!panels.some((p) => p.dataset.sheet === open)) open = null;
      bar.replaceChildren(...panels.map((panel) => {
        const name = panel.dataset.sheet;
        panel.classList.toggle("sheet-open", name === open);
        const count = badge(panel, name === open);
        return h("button", {
          type: "button", class: name === open ? "on" : "", "aria-pressed": String(name === open),
          onclick: () => { open = open === name ? null : name; draw(); },
        }, name, count > 0 ? h("span", { class: "badge" }, String(count)) : null);
      }));
    }
    return draw;
  }

  /* -- the generic drawing: the view as cards, the legal actions as buttons ----------------- */
  function renderValue(value, players, names) {
    if (value === null || value === undefined) return h("span", { class: "muted" }, t("hidden"));
    if (typeof value === "boolean") return h("span", {}, value ? t("yes") : t("no"));
    if (typeof value !== "object") return h("span", {}, String(value));
    if (Array.isArray(value)) {
      if (value.length && value.length === players && value.every((v) => typeof v === "object" || typeof v === "number")) {
        return h("dl", { class: "kv" }, value.map((v, i) => [
          h("dt", {}, names(i)), h("dd", {}, renderValue(v, players, names)),
        ]));
      }
      if (!value.length) return h("span", { class: "muted" }, t("none"));
      if (value.every((v) => v === null || typeof v !== "object")) {
        return h("span", { class: "chips" }, value.map((v) => h("span", { class: "chip" }, v === null ? "?" : String(v))));
      }
      return h("ol", { class: "list" }, value.map((v) => h("li", {}, renderValue(v, players, names))));
    }
    const entries = Object.entries(value);
    if (!entries.length) return h("span", { class: "muted" }, t("none"));
    return h("dl", { class: "kv" }, entries.map(([k, v]) => [
      h("dt", {}, /^\d+$/.test(k) && players ? names(Number(k)) : humanize(k)),
      h("dd", {}, renderValue(v, players, names)),
    ]));
  }

  function renderActions(legal, send) {
    if (!legal.length) return null;
    const buttons = legal.map((a) => h("button", {
      class: "action", type: "button", title: a.notation, dataset: { action: a.notation },
      onclick: () => send(a.action),
    }, a.label));
    const box = h("div", { class: "actions" }, buttons);
    if (legal.length <= 24) return box;
    const filter = h("input", {
      type: "search", class: "action-filter", placeholder: tn(legal.length, "Filter {n} action…", "Filter {n} actions…"),
      oninput: () => {
        const q = filter.value.toLowerCase();
        for (const b of buttons) b.hidden = q && !b.textContent.toLowerCase().includes(q) && !b.dataset.action.includes(q);
      },
    });
    return h("div", {}, filter, box);
  }

  const generic = {
    handlesActions: true,
    render(container, view, seat, legal, send, table) {
      const players = table && table.seats ? table.seats.length : 0;
      const names = (i) => seatName(table && table.seats, i);
      const cards = Object.entries(view || {}).map(([key, value]) => h("section", { class: "view-card" },
        h("h3", {}, humanize(key)), renderValue(value, players, names)));
      const actions = renderActions(legal, send);
      const move = actions ? [h("section", { class: "your-move" }, h("h3", {}, t("Your move")), actions)] : [];
      container.replaceChildren(...move, h("div", { class: "view-cards" }, cards));
    },
  };

  function describeEvent(event, table) {
    const plugin = plugins.get(table.game);
    const text = plugin && plugin.describe ? plugin.describe(event, table) : null;
    if (text) return text;
    const who = "seat" in event ? `${seatName(table.seats, event.seat)}: ` : "";
    const rest = Object.entries(event)
      .filter(([k]) => !["type", "seat", PRIVATE_TO].includes(k))
      .map(([k, v]) => `${humanize(k).toLowerCase()} ${typeof v === "object" ? JSON.stringify(v) : v}`);
    return `${who}${humanize(event.type).toLowerCase()}${rest.length ? " — " + rest.join(", ") : ""}`;
  }

  /* A move in words, in the page's language: the plug-in's `label(notation, table)` when it has
   * one and knows the move, else the server's label (English: the engine's `action_label`). */
  function moveLabel(table, notation, label) {
    const plugin = plugins.get(table.game);
    const said = plugin && plugin.label ? plugin.label(notation, table) : null;
    return said || label;
  }

  /* Per game, its stylesheet loaded (or failed): a plug-in's first drawing waits for it, so that
   * nothing is drawn unstyled and what a drawing measures (Garden Rush's popover, placed off the
   * squares it offers) is measured styled. */
  const stylesheets = new Map();
  function registerGame(name, plugin) {
    if (!plugin || typeof plugin.render !== "function") throw new Error(`plug-in ${name} has no render()`);
    if (plugin.stylesheet && !document.querySelector(`link[data-game-css="${name}"]`)) {
      stylesheets.set(name, new Promise((done) => document.head.append(h("link", {
        rel: "stylesheet", href: `/static/games/${encodeURIComponent(name)}.css`,
        dataset: { gameCss: name }, onload: done, onerror: done,
      }))));
    }
    plugins.set(name, plugin);
  }

  /* Load /static/games/<name>.js once; resolve with its plug-in (its stylesheet loaded), or the
   * generic one. */
  const loading = new Map();
  function loadGame(name) {
    if (!loading.has(name)) {
      loading.set(name, new Promise((resolve) => {
        const script = h("script", { src: `/static/games/${encodeURIComponent(name)}.js` });
        script.onload = () => Promise.resolve(stylesheets.get(name))
          .then(() => resolve(plugins.get(name) || generic));
        script.onerror = () => resolve(generic);
        document.head.append(script);
      }));
    }
    return loading.get(name);
  }

  /* A game's entry in the catalogue (`GET /api/games`, fetched once): its `facts` are the
   * printed facts its plug-in reads as `table.facts`. Resolves with null for an unknown game. */
  let catalogue = null;
  function gameInfo(name) {
    if (!catalogue) catalogue = api("/api/games").then(learnLevels).catch(() => { catalogue = null; return []; });
    return catalogue.then((list) => list.find((g) => g.name === name) || null);
  }

  function toast(message, kind = "error") {
    const box = document.getElementById("toasts") || document.body.appendChild(h("div", { id: "toasts" }));
    const item = h("div", { class: `toast ${kind}`, role: "status" }, message);
    box.append(item);
    setTimeout(() => item.remove(), 5000);
  }

  /* Open a table (`POST /api/tables` with `request`) and go to it: this browser keeps the
   * creator's seat and the invites (the lobby's form, a tutorial's end). */
  async function openTable(request) {
    const created = await api("/api/tables", request);
    const id = created.table.id;
    if (created.you) store.saveSeat(id, created.you.seat, created.you.token);
    store.saveInvites(id, created.invites);
    location.href = `/table/${id}`;
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
      if (button) { button.textContent = t("Copied"); setTimeout(() => { button.textContent = t("Copy"); }, 1500); }
    } catch {
      window.prompt(t("Copy this link:"), text);
    }
  }

  return {
    t, tn, i18n: PotagerI18n,
    h, api, store, openTable, inviteLink, humanize, customBadge, levelName, learnLevels, seatName, seatNameTag, playerName, serverText, waitingForSeats, listOf,
    number, percent, finalScores, explain, generic, renderValue, renderActions, describeEvent, moveLabel, panelBar, registerGame, loadGame, gameInfo, toast, copy, plugins, PRIVATE_TO,
  };
})();
window.Potager = Potager;
