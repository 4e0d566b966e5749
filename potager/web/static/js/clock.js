/* Clocks and abandoned tables (the server's rules are potager/server/clocks.py).
 *
 * At a table: each seat's clock in the seat strip, counting down while the seat is to move (every
 * waiting seat in a simultaneous decision), by the server's time (`state.now`), whatever this
 * computer's clock says; a seat its bot plays for, or whose player is absent, says so; a player
 * whose seat the bot took can take it back (reconnecting is what takes it back: the server hears
 * a hello); a seated player may end the table while another seat is absent; an abandoned game
 * says who ended it. In the lobby: the clock and the stand-in bot chosen in the new table's form,
 * and a timed table's speed beside its status. */
"use strict";

(() => {
  const { h, t, tn, api, toast } = Potager;
  const $ = (id) => document.getElementById(id);
  const LOW = 10_000; /* ms: a clock shows it is running out */

  let offset = 0; /* the server's time minus this page's, in ms */
  let seenNow = null;
  let ticking = null;

  function speedName(speed) {
    if (speed === "real_time") return t("Real time");
    if (speed === "slow") return t("Slow");
    return t("No clock");
  }

  /* A speed in full, as the lobby's form offers it: the time a decision has, and the reserve
   * (the bank, potager/server/speeds.py) a decision draws on past its own time. */
  function speedText(speed) {
    if (speed === "real_time") return t("Real time: 2 min a decision, then a reserve of 1 min (+5 s a move, at most 3 min)");
    if (speed === "slow") return t("Slow: 24 h a move");
    return t("No clock");
  }

  function left(deadline) {
    return deadline * 1000 - (Date.now() + offset);
  }

  /* "1:05", "0:09", "23:59:59": hours only when there are some. */
  function format(ms) {
    const seconds = Math.max(0, Math.ceil(ms / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  }

  function tick() {
    for (const item of document.querySelectorAll(".seat-clock[data-deadline]")) {
      const ms = left(Number(item.dataset.deadline));
      item.textContent = format(ms);
      item.classList.toggle("low", ms < LOW);
    }
  }

  /* The seat strip's clocks and badges, and the panel under the turn banner. */
  function draw(state, { me, names, takeBack }) {
    if (state.now && state.now !== seenNow) {
      seenNow = state.now;
      offset = state.now * 1000 - Date.now();
    }
    for (const seat of state.seats) {
      const item = document.querySelector(`#seats .seat[data-seat="${seat.seat}"]`);
      if (!item) continue;
      item.classList.toggle("stand-in", Boolean(seat.stand_in));
      item.classList.toggle("absent", Boolean(seat.absent));
      if (seat.deadline && state.status === "playing") {
        item.append(h("span", { class: "seat-clock", dataset: { deadline: seat.deadline }, title: t("Time left for this move") }));
      }
      if (seat.stand_in) item.append(h("span", { class: "badge stand-in-badge", title: t("Out of time: its bot plays for it") }, t("bot plays")));
      if (seat.absent) item.append(h("span", { class: "badge absent-badge", title: t("This player stayed away") }, t("absent")));
    }
    tick();
    if (!ticking) ticking = setInterval(tick, 250);
    drawPanel(state, me, names, takeBack);
  }

  /* Drawn anew only when what it says changes: its buttons stay put under the pointer while
   * the bots play on. */
  let panelShown = null;

  function drawPanel(state, me, names, takeBack) {
    const box = $("clock-panel");
    if (!box) return;
    const mine = me && state.seat !== null ? state.seats[state.seat] : null;
    const others = state.seats.filter((s) => s.absent && (!mine || s.seat !== mine.seat)).map((s) => names(s.seat));
    const shown = JSON.stringify([state.speed, state.status, mine && [mine.stand_in, mine.absent], others]);
    if (shown === panelShown) return;
    panelShown = shown;
    const parts = [];
    if (state.speed && state.speed !== "none") parts.push(h("span", { class: "clock-speed" }, t("Clock: {speed}", { speed: speedText(state.speed) })));
    if (state.status === "playing" && mine && (mine.stand_in || mine.absent)) {
      parts.push(h("span", { class: "clock-note" }, mine.absent ? t("You were away: your bot plays for you.") : t("Your time ran out: your bot plays this move.")),
        h("button", { type: "button", class: "primary", id: "take-back-seat", onclick: takeBack }, t("Take my seat back")));
    }
    if (state.status === "playing" && mine && others.length) {
      parts.push(h("span", { class: "clock-note" }, t("Away: {names}", { names: Potager.listOf(others) })),
        h("button", { type: "button", id: "end-table", onclick: () => end(state, me, others) }, t("End the table")));
    }
    box.hidden = !parts.length;
    box.replaceChildren(...parts);
  }

  async function end(state, me, others) {
    if (!confirm(tn(others.length, "End this game without a result? {names} stayed away.", "End this game without a result? {names} stayed away.", { names: Potager.listOf(others) }))) return;
    try {
      await api(`/api/tables/${encodeURIComponent(state.table_id)}/end`, { seat: me.seat, token: me.token });
    } catch (error) {
      toast(t("The table was not ended: {reason}", { reason: Potager.serverText(error.message, state.seats, state.seat) }));
    }
  }

  /* The turn banner of a game that was not played out. */
  function endingText(state, names) {
    const ending = state.ending;
    const absent = Potager.listOf(ending.absent.map(names));
    if (ending.reason === "unstarted") return t("Ended: the table waited too long for its players.");
    if (ending.by === null) return t("Abandoned: everybody stayed away.");
    return tn(ending.absent.length, "Abandoned: {name} ended the game, {absent} stayed away.", "Abandoned: {name} ended the game, {absent} stayed away.", { name: names(ending.by), absent });
  }

  /* -- the lobby ------------------------------------------------------------------------------- */
  async function fillStandIn() {
    const select = $("stand-in");
    const game = await Potager.gameInfo($("game").value);
    if (!select || !game) return;
    const chosen = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
    select.replaceChildren(...game.levels.map((level) =>
      h("option", { value: level, selected: level === chosen }, Potager.levelName(level))));
  }

  /* What the new table's form chose: its clock and the bot that stands in for a player out of
   * time. */
  function choice() {
    const speed = $("speed") ? $("speed").value : "none";
    const standIn = speed !== "none" && $("stand-in") && $("stand-in").value;
    return standIn ? { speed, stand_in: standIn } : { speed };
  }

  /* A lobby entry's clock, beside its status ("abandoned" for a game that was not played out). */
  function tag(table) {
    if (table.ending) return h("span", { class: "badge abandoned" }, t("abandoned"));
    if (table.speed && table.speed !== "none") return h("span", { class: "badge clock" }, speedName(table.speed));
    return null;
  }

  /* The stand-in bot plays only at a timed table (docs/clocks.md): without a clock the form
   * does not ask for it. */
  function showStandIn() {
    $("stand-in").closest("label").hidden = $("speed").value === "none";
  }

  if ($("speed")) {
    showStandIn();
    $("speed").addEventListener("change", showStandIn);
    Potager.i18n.ready.then(() => {
      $("game").addEventListener("change", fillStandIn);
      /* The lobby fills its game list once the catalogue is in: fill ours then too. */
      new MutationObserver(fillStandIn).observe($("game"), { childList: true });
      fillStandIn();
    });
  }

  Potager.clock = { draw, endingText, choice, tag, format };
})();
