/* A table: one WebSocket for this browser's seat (or as a spectator), presence, turn indicator,
 * the game drawn by its plug-in (or the generic one), the log, invites, result and rematch. */
"use strict";

(() => {
  const { h, api, store, toast, seatName, t } = Potager;
  const $ = (id) => document.getElementById(id);
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

  let plugin = Potager.generic;
  let facts = {}; // the game's printed facts (its catalogue entry), passed on as `table.facts`
  let socket = null;
  let state = null;
  let log = [];
  let me = null; // {seat, token} of this browser, or null (spectator)
  let retry = 0;
  let pending = null; // the version this browser acted on, until the server has stored the move
  let hints = false; // the table's creator allowed hints
  let logSeen = 0; // how many log lines there were when the log was last open there
  let finishedShown = false; // the result was brought into view at the game's end
  let chat = null; // the chat panel (js/chat.js), once the table is known
  let chatOn = false; // the table's creator allowed chat
  let undoOn = false; // the table's creator allowed undo
  let undoWhy = ""; // why Undo went away (it vanished without a word)
  let naming = false; // an invite's page asks for a name: it watches the table meanwhile
  const drawing = Potager.keys.board($("board")); // arrow keys and shortcuts (js/keys.js)
  Potager.keys.skipLink(document.querySelector(".skip-link"), drawing);

  function takeInviteFromLink() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (params.has("token") && params.has("seat")) {
      store.saveSeat(tableId, Number(params.get("seat")), params.get("token"));
      history.replaceState(null, "", location.pathname);
    }
    me = store.seat(tableId);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
    socket.onopen = () => {
      retry = 0;
      pending = null;
      $("connection").className = "connection online";
      // The seat's name is chosen through the name form (`saveName`), never changed by a hello.
      const seated = me && !naming ? me : null;
      socket.send(JSON.stringify({ type: "hello", seat: seated ? seated.seat : null, token: seated ? seated.token : null }));
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      $("connection").className = "connection offline";
      if (event.code === 4404) { $("turn").textContent = t("There is no such table."); return; }
      if (event.code === 4403 && me) {
        store.forgetSeat(tableId);
        me = null;
        toast(t("This seat is no longer yours: you are watching."), "info");
      }
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, event.code === 4403 ? 0 : 400 * retry);
    };
  }

  function receive(message) {
    if (message.type === "state") {
      Potager.notify.tableState(state, message, $("title").textContent); // sounds, notification
      undoWhy = undoReason(state, message);
      state = message;
      log = message.log_reset ? message.events.slice() : log.concat(message.events);
      if (message.log_reset) logSeen = log.length; // unread: what came while this page was open
      if (pending !== null && message.version > pending && message.last_mover === message.seat && !message.last_stand_in) pending = null;
      draw();
    } else if (message.type === "presence") {
      if (state) {
        // A renamed seat is named anew everywhere (log, board, scores); otherwise only the strip.
        const renamed = message.seats.some((s, i) => s.name !== state.seats[i].name);
        state.seats = message.seats;
        state.spectators = message.spectators;
        $("rated").hidden = !message.rated; // a seat taken without an identity: not rated
        if (renamed) draw(); else { drawSeats(); drawResult(); } // a rated end's changes come so
      }
    } else if (message.type === "chat") {
      if (chat) chat.receive(message);
    } else if (message.type === "error") {
      pending = null;
      if (state) draw();
      if (message.code === "stale") socket.send(JSON.stringify({ type: "sync" }));
      if (message.code !== "forbidden" || me) toast(said(message.message));
    }
  }

  function send(action) {
    if (!state || pending !== null || !socket || socket.readyState !== WebSocket.OPEN) return;
    pending = state.version;
    socket.send(JSON.stringify({ type: "act", version: state.version, action }));
    draw();
  }

  function names(seat) { return seatName(state.seats, seat); }

  /* A server's words with its seat numbers as this page names seats. */
  function said(text) { return state ? Potager.serverText(text, state.seats, state.seat) : text; }

  function drawSeats() {
    // Nobody is to move before every seat is taken.
    const toMove = new Set(state.status === "playing" ? state.to_move : []);
    $("seats").replaceChildren(...state.seats.map((s) => h("li", {
      class: ["seat", s.kind, s.connected ? "online" : "offline", toMove.has(s.seat) ? "to-move" : "",
        state.seat === s.seat ? "mine" : "", s.kind === "human" && !s.taken ? "open" : ""].join(" "),
      dataset: { seat: s.seat },
    },
    h("span", { class: "presence", title: s.connected ? t("connected") : t("away") }),
    Potager.seatNameTag(s, names(s.seat)),
    s.rating !== null && s.rating !== undefined
      ? h("span", { class: "rating", title: t("rating in this game") }, PotagerIdentity.rating(s.rating)) : null,
    state.seat === s.seat ? h("span", { class: "badge" }, t("you")) : null,
    s.kind === "bot" || s.bot_player ? h("span", { class: "badge bot" }, t("bot")) : null,
    s.kind === "human" && !s.taken ? h("span", { class: "badge open" }, t("open")) : null,
    toMove.has(s.seat) ? h("span", { class: "turn-dot", title: t("to move") }) : null)));
    if (state.spectators) {
      $("seats").append(h("li", { class: "spectators" }, Potager.tn(state.spectators, "{n} watching", "{n} watching")));
    }
    // Reconnecting takes a seat back from its bot (js/clock.js).
    Potager.clock.draw(state, { me, names, takeBack: () => socket && socket.close() });
  }

  /* Why this seat's Undo is gone, said beside where the button was: its own move showed
   * something hidden (a drawn tile, revealed cards), or another seat has acted since. */
  function undoReason(before, next) {
    if (next.undo || next.seat === null || !undoOn || next.status !== "playing") return "";
    if (next.last_mover === next.seat && !next.last_stand_in) {
      return t("Your move cannot be taken back: it showed something hidden.");
    }
    if (before && before.undo) return t("Your move cannot be taken back: another player has acted since.");
    return undoWhy;
  }

  function turnText() {
    if (naming) return t("Choose your name to sit down.");
    if (state.status === "waiting") return Potager.waitingForSeats(state.seats);
    if (state.status === "finished") {
      if (state.ending) return Potager.clock.endingText(state, names); // not played out
      const winners = state.result.winners.map(names);
      return Potager.tn(winners.length, "Game over — {names} wins!", "Game over — {names} win!", { names: Potager.listOf(winners) });
    }
    if (pending !== null) return t("Move sent…");
    if (state.legal.length) {
      return state.to_move.length > 1 ? t("Your turn (everyone chooses at the same time)") : t("Your turn");
    }
    return t("Waiting for {names}…", { names: Potager.listOf(state.to_move.map(names)) });
  }

  function drawLog() {
    const list = $("log");
    const table = { game: state.game, seats: state.seats, seat: state.seat, facts };
    const only = (event) => Potager.PRIVATE_TO in event;
    list.replaceChildren(...log.map((event) => h("li", { class: only(event) ? "private" : "" },
      Potager.describeEvent(event, table), only(event) ? h("span", { class: "badge" }, t("only you")) : null)));
    if (!log.length) list.append(h("li", { class: "muted" }, t("Nothing has happened yet.")));
    list.scrollTop = list.scrollHeight;
  }

  /* The final scores and Rematch open the board, and come into view when the game ends
   * (they sat below the fold of a 1366×900 screen). */
  function drawResult() {
    const box = $("result");
    box.hidden = state.status !== "finished" || !state.result;
    if (box.hidden) return;
    box.replaceChildren(
      h("h2", {}, t("Final scores")),
      Potager.finalScores(state.result, state.seats, names),
      h("div", { class: "result-actions" },
        me ? h("button", { type: "button", class: "primary", onclick: rematch },
          state.rematch_id ? t("Join the rematch") : t("Rematch")) : null,
        h("a", { class: "button", href: `/replay/${tableId}` }, t("Watch the replay")),
        h("a", { class: "button quiet", href: "/" }, t("Back to the lobby"))));
  }

  /* On a phone the log and a drawing's own panels are a tap away (Potager.panelBar); the log's
   * button counts the lines that came while it was closed. */
  const drawSheets = Potager.panelBar($("quick-bar"), (panel, open) => {
    if (chat && panel.contains($("chat"))) return chat.unread(open);
    if (!panel.contains($("log"))) return 0;
    if (open) {
      logSeen = log.length;
      $("log").scrollTop = $("log").scrollHeight;
    }
    return log.length - logSeen;
  });

  function drawInvites() {
    const invites = store.invites(tableId).filter((g) => {
      const seat = state.seats[g.seat];
      return seat && seat.kind === "human" && !seat.taken && state.status !== "finished";
    });
    $("invites-panel").hidden = !invites.length;
    $("invites").replaceChildren(...invites.map((g) => {
      const link = Potager.inviteLink(g);
      const button = h("button", { type: "button", class: "quiet", onclick: () => Potager.copy(link, button) }, t("Copy"));
      return h("li", {}, h("span", {}, t("Seat {n}", { n: g.seat + 1 })),
        h("input", { class: "invite-link", readonly: true, value: link, dataset: { seat: g.seat }, onfocus: (e) => e.target.select() }),
        button);
    }));
  }

  function draw() {
    document.body.classList.toggle("busy", pending !== null);
    $("status").textContent = t(state.status);
    $("status").className = `status ${state.status}`;
    $("turn").textContent = turnText();
    $("turn").className = `turn-banner ${state.legal.length && pending === null ? "mine" : ""} ${state.status}`;
    const title = `${$("title").textContent} — Potager`;
    document.title = state.legal.length ? t("▶ Your turn — {title}", { title }) : title;
    drawSeats();
    const table = { game: state.game, seats: state.seats, to_move: state.to_move, status: state.status,
      result: state.result, version: state.version, seat: state.seat, events: log, facts };
    const legal = pending === null ? state.legal : [];
    const drawn = Potager.notify.snapshot($("board")); // where things were, to animate moves
    try {
      plugin.render($("board"), state.view, state.seat, legal, send, table);
    } catch (error) {
      console.error(error);
      Potager.generic.render($("board"), state.view, state.seat, legal, send, table);
    }
    Potager.notify.animate($("board"), drawn);
    const actions = plugin.handlesActions ? null : Potager.renderActions(legal, send);
    $("actions").replaceChildren(...(actions ? [h("h3", {}, t("Your move")), actions] : []));
    drawLog();
    drawResult();
    if (state.status === "finished" && !finishedShown) $("result").scrollIntoView({ block: "nearest" });
    finishedShown = state.status === "finished";
    drawInvites();
    drawSheets();
    $("me").textContent = state.seat === null
      ? t("You are watching this table.")
      : t("You play {name} (seat {n}).", { name: names(state.seat), n: state.seat + 1 });
    $("leave").hidden = state.seat === null || state.status === "finished";
    $("rename").hidden = $("leave").hidden;
    $("hint").hidden = !(hints && me && state.legal.length && pending === null);
    if ($("hint").hidden) $("hint-line").textContent = "";
    $("undo").hidden = !(state.undo && pending === null);
    $("undo").disabled = false;
    $("undo-why").textContent = state.undo ? "" : undoWhy;
    if (chat) chat.update(state, chatOn);
  }

  /* Undo: the server takes this seat's last move back if nobody has acted since and
   * it showed nothing hidden, and every page gets the table again; a refusal says why. */
  function takeBack() {
    if (!state || !socket || socket.readyState !== WebSocket.OPEN) return;
    $("undo").disabled = true;
    socket.send(JSON.stringify({ type: "undo", version: state.version }));
  }

  /* A chat line, sent if the socket is open. */
  function sayLine(text) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ type: "chat", text }));
    return true;
  }

  /* The name form: a friend's invite link asks for a name before sitting down,
   * prefilled with the name this browser keeps (`store.name`); a seated player may change it
   * during the game. The server refuses a name another seat at the table has, and says which. */
  function askName(sitting) {
    $("name-form").hidden = false;
    $("name-button").textContent = sitting ? t("Sit down") : t("Save");
    $("name-cancel").hidden = sitting;
    $("name-error").textContent = "";
    const current = state && state.seat !== null ? state.seats[state.seat].name : "";
    $("seat-name").value = current || store.name;
    $("seat-name").focus();
  }

  async function saveName(event) {
    event.preventDefault();
    const name = $("seat-name").value.trim();
    $("name-button").disabled = true;
    // The request says which player sits down (js/identity.js): the name names it too.
    await window.PotagerIdentity.ready.catch(() => {});
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/name`, { seat: me.seat, token: me.token, name });
      store.name = name;
      $("name-form").hidden = true;
      if (naming) {
        naming = false;
        if (socket) socket.close(); // watched until now: the reconnection's hello sits down
      }
    } catch (error) {
      if (error.status === 403) { // the link's seat went to somebody else: watch instead
        store.forgetSeat(tableId);
        me = null;
        naming = false;
        $("name-form").hidden = true;
        toast(t("This invite link no longer opens its seat: you are watching."), "info");
        if (state) draw();
      } else {
        $("name-error").textContent = said(error.message);
      }
    }
    $("name-button").disabled = false;
    if ($("name-form").hidden && !socket) connect();
  }

  async function hint() {
    $("hint").disabled = true;
    $("hint-line").textContent = t("Thinking…");
    try {
      const best = await api(`/api/tables/${tableId}/hint`, me);
      $("hint-line").textContent = t("Hint: {move} — win chance {win} ({low}–{high})", {
        move: Potager.moveLabel({ game: state.game, seats: state.seats, seat: state.seat, facts }, best.notation, best.label),
        win: Potager.percent(best.win), low: Potager.percent(best.win_low), high: Potager.percent(best.win_high),
      });
    } catch (error) {
      $("hint-line").textContent = "";
      toast(t("No hint: {reason}", { reason: said(error.message) }));
    }
    $("hint").disabled = false;
  }

  async function rematch() {
    try {
      const grant = await api(`/api/tables/${tableId}/rematch`, me);
      store.saveSeat(grant.table_id, grant.seat, grant.token);
      location.href = `/table/${grant.table_id}`;
    } catch (error) {
      toast(t("No rematch: {reason}", { reason: said(error.message) }));
    }
  }

  async function leave() {
    if (!me || !confirm(t("Give up your seat? Anybody can then take it from the lobby."))) return;
    try {
      await api(`/api/tables/${tableId}/leave`, me);
    } catch (error) {
      toast(said(error.message));
    }
    store.forgetSeat(tableId);
    me = null;
  }

  /* Signed in on another device, the player may hold a seat here whose token this
   * browser never had: the server lists the player's seats (`POST /api/turns`, `yours`) and
   * opens them to the player's token. */
  async function takePlayersSeat() {
    const player = store.player;
    if (me || !player) return;
    try {
      const held = (await api("/api/turns", { seats: [] })).yours.find((s) => s.table_id === tableId);
      if (held) store.saveSeat(tableId, held.seat, player.token);
      me = store.seat(tableId);
    } catch { /* watched as a spectator */ }
  }

  async function start() {
    await Potager.i18n.ready;
    takeInviteFromLink();
    await takePlayersSeat();
    $("leave").addEventListener("click", leave);
    $("hint").addEventListener("click", hint);
    $("undo").addEventListener("click", takeBack);
    $("rename").addEventListener("click", () => askName(false));
    $("name-cancel").addEventListener("click", () => { $("name-form").hidden = true; });
    $("name-form").addEventListener("submit", saveName);
    let summary;
    try {
      summary = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    } catch (error) {
      $("turn").textContent = t("This table cannot be found ({reason}).", { reason: error.message });
      return;
    }
    $("title").textContent = summary.title;
    $("rules-link").href = `/rules/${encodeURIComponent(summary.game)}`;
    $("rules-link").hidden = false;
    hints = summary.hints;
    $("hints-on").hidden = !hints;
    $("rated").hidden = !summary.rated;
    Potager.customBadge($("custom"), summary);
    $("chat-off").hidden = summary.chat;
    $("undo-off").hidden = summary.undo;
    chatOn = summary.chat;
    undoOn = summary.undo;
    chat = Potager.chat.tableChat({ panel: $("chat-panel"), list: $("chat"), form: $("chat-form"),
      input: $("chat-input"), note: $("chat-note"), say: sayLine, changed: drawSheets });
    const [loaded, info] = await Promise.all([Potager.loadGame(summary.game), Potager.gameInfo(summary.game)]);
    plugin = loaded;
    facts = info ? info.facts : {};
    const mine = me && summary.seats[me.seat];
    // An invite's page asks for a name first, and shows the table meanwhile (it was
    // blank under the form), as a spectator sees it.
    if (mine && mine.kind === "human" && !mine.taken) {
      await window.PotagerIdentity.ready.catch(() => {}); // the name it keeps is the player's
      naming = true;
      $("turn").textContent = t("Choose your name to sit down.");
      askName(true);
    }
    connect();
  }

  start();
})();
