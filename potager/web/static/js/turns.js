/* The lobby's "Your turn" list (slow play): the tables that wait on a seat this browser
 * holds (the seats and tokens kept in localStorage, `Potager.store`), the longest waiting first,
 * each with its game, the opponents (bots by their level's name for players), what is to be
 * done there (the server says it in the page's language), how long it has waited and a link to
 * it; hidden while no table waits.
 *
 * It asks `POST /api/turns` (at most `MOST` seats, leaving out the tables it has been told are
 * over: `potager.turns.over`), every `FIRST` seconds while the list changes,
 * less and less often while it does not (up to `SLOWEST`), slower still after an error (a 429
 * says how long to wait), and at once when the page comes back into view. A table that joins the
 * list while the page is hidden rings and notifies (`Potager.notify.turn`).
 *
 * The request carries the player's token (`Potager.api`): signed in on another device, the
 * player's seats are listed too, and those of its tables this browser holds no seat at are kept
 * with the player's token in place of the seat's (`yours`: the server opens a seat its player
 * holds to that player's token), so that the table page and the lobby open them as their own.
 */
"use strict";

(() => {
  const { h, api, store, t, seatName } = Potager;
  const $ = (id) => document.getElementById(id);
  const MOST = 50; // the server's TURN_SEATS
  const FIRST = 10_000;
  const SLOWEST = 60_000;
  const AFTER_ERROR = 120_000;
  const OVER = "potager.turns.over";
  let wait = FIRST;
  let timer = null;
  let shown = null; // "table:seat" of the entries listed, null before the first answer

  /* The tables whose game the server said is over: not asked about again (their seats stay
   * kept, for a rematch), so that the fifty asked about are the ones still played. */
  function over() {
    try { return new Set(JSON.parse(localStorage.getItem(OVER)) || []); } catch { return new Set(); }
  }

  function keepOver(ids, held) {
    const known = [...over(), ...ids].filter((id) => held.has(id));
    try { localStorage.setItem(OVER, JSON.stringify([...new Set(known)])); } catch { /* asked again */ }
  }

  /* The tables this browser holds a seat at, and of those the seats to ask about: {table, seat,
   * token}, at most MOST, leaving out the tables known to be over. */
  function heldSeats() {
    const held = new Set();
    const seats = [];
    const done = over();
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith("potager.seat.")) continue;
      const table = key.slice("potager.seat.".length);
      held.add(table);
      const kept = store.seat(table);
      const player = store.player;
      if (kept && player && kept.token === player.token) continue; // asked about as the player's
      if (seats.length < MOST && !done.has(table) && kept && Number.isInteger(kept.seat) && typeof kept.token === "string") {
        seats.push({ table, seat: kept.seat, token: kept.token });
      }
    }
    return { held, seats };
  }

  /* Keep the player's seats this browser does not hold yet, opened by the player's token. */
  function adopt(yours) {
    const player = store.player;
    if (!player) return;
    for (const seat of yours) {
      if (!store.seat(seat.table_id)) store.saveSeat(seat.table_id, seat.seat, player.token);
    }
  }

  /* "3 hours ago" in the page's language, from the seconds waited. */
  function ago(seconds) {
    const format = new Intl.RelativeTimeFormat(Potager.i18n.lang, { numeric: "auto" });
    const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
    for (const [unit, size] of units) {
      if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
    }
    return format.format(-Math.max(0, Math.floor(seconds)), "second");
  }

  function item(turn) {
    const since = new Date(turn.since);
    const others = turn.seats.map((_, seat) => seat).filter((seat) => seat !== turn.seat);
    const names = others.map((seat) => seatName(turn.seats, seat));
    return h("li", { class: "turn-item", dataset: { table: turn.table_id, seat: turn.seat } },
      h("a", { href: `/table/${encodeURIComponent(turn.table_id)}`, class: "turn-link" },
        h("strong", {}, turn.title),
        names.length ? h("span", { class: "turn-against" }, t("against {names}", { names: Potager.listOf(names) })) : null,
        h("span", { class: "turn-doing" }, turn.doing),
        h("span", { class: "turn-since", title: since.toLocaleString(Potager.i18n.lang) },
          t("your turn came {time}", { time: ago(turn.waited) }))));
  }

  /* The panel shows only while some table waits: the lobby's first screen stays the games.
   * The bots' names for players come with the games' catalogue (`Potager.gameInfo`). */
  async function draw(turns) {
    if (turns.length) await Potager.gameInfo(turns[0].game);
    $("turn-list").replaceChildren(...turns.map(item));
    $("your-turns").hidden = !turns.length;
  }

  function ring(turns) {
    const fresh = turns.filter((turn) => !shown.has(`${turn.table_id}:${turn.seat}`));
    if (!fresh.length || !document.hidden) return;
    const titles = fresh.map((turn) => turn.title);
    Potager.notify.turn(t("Your turn"), t("It is your turn at {game}.", { game: Potager.listOf(titles) }),
      `/table/${encodeURIComponent(fresh[0].table_id)}`);
  }

  async function look() {
    clearTimeout(timer);
    const { held, seats } = heldSeats();
    if (!seats.length && !store.player) { wait = SLOWEST; timer = setTimeout(look, wait); return; }
    try {
      const answer = await api("/api/turns", { seats });
      adopt(answer.yours || []);
      keepOver(answer.over, held);
      const turns = answer.waiting;
      const keys = new Set(turns.map((turn) => `${turn.table_id}:${turn.seat}`));
      const changed = !shown || keys.size !== shown.size || [...keys].some((k) => !shown.has(k));
      if (shown && changed) ring(turns);
      await draw(turns);
      shown = keys;
      wait = changed ? FIRST : Math.min(SLOWEST, Math.round(wait * 1.5));
    } catch (error) {
      wait = error.status === 429 ? Math.max(wait * 2, FIRST) : AFTER_ERROR;
      wait = Math.min(wait, AFTER_ERROR);
    }
    timer = setTimeout(look, wait);
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) { wait = FIRST; look(); }
  });
  document.addEventListener("potager:signed-in", () => { wait = FIRST; look(); });
  Potager.i18n.ready.then(look);
})();
