/* The lobby: the games (each drawn by its plug-in, with its pitch, player count, length, bot
 * levels and rules page), create a table (game, players, variant, seats), join an open seat,
 * watch, replay; learn a game by its tutorial; who is online; play now (js/quickmatch.js). */
"use strict";

(() => {
  const { h, api, store, toast, seatName, t, tn, levelName } = Potager;
  const $ = (id) => document.getElementById(id);
  let games = [];
  let tutorials = new Map(); // game name → its tutorial's entry (GET /api/learn)

  const current = () => games.find((g) => g.name === $("game").value);

  function fillPlayers() {
    const game = current();
    const keep = Number($("players").value);
    $("players").replaceChildren(...range(game.min_players, game.max_players).map((n) =>
      h("option", { value: n, selected: n === keep }, tn(n, "{n} player", "{n} players"))));
    $("game-hint").textContent = t("{min}–{max} players · bots: {levels}", {
      min: game.min_players, max: game.max_players, levels: Potager.listOf(game.levels.map(levelName)),
    });
    fillVariants();
    fillParams();
    fillSeats();
  }

  function range(a, b) { return Array.from({ length: b - a + 1 }, (_, i) => a + i); }

  function fillVariants() {
    const game = current();
    const box = $("variants");
    box.replaceChildren(h("legend", {}, t("Variant")));
    box.hidden = !game.variants.length;
    for (const option of game.variants) {
      // The options' names, values and docs are the games' data (GET /api/games), their words
      // in site.json.
      box.append(h("label", { title: t(option.doc) },
        t(Potager.humanize(option.name)),
        h("select", { name: `variant.${option.name}`, dataset: { option: option.name } },
          option.values.map((v, i) => h("option", { value: i, selected: v === option.default }, valueName(v)))),
        h("small", { class: "hint" }, t(option.doc))));
    }
  }

  /* The game's rule parameters, each at its rulebook value: a number (within its range), a
   * table of numbers (comma-separated) or one of its choices. */
  function fillParams() {
    const game = current();
    const params = game.parameters || [];
    $("custom").hidden = !params.length;
    $("params").replaceChildren(...params.map((p) => {
      const shown = p.kind === "table" ? p.default.join(",") : String(p.default);
      const input = p.kind === "choice"
        ? h("select", { dataset: { param: p.name } },
          p.choices.map((c) => h("option", { value: c, selected: c === p.default }, t(c))))
        : h("input", {
          type: p.kind === "int" ? "number" : "text", value: shown, dataset: { param: p.name },
          min: p.kind === "int" ? p.low : null, max: p.kind === "int" ? p.high : null,
          pattern: p.kind === "table" ? "-?\\d+(,-?\\d+)*" : null,
        });
      input.addEventListener("change", customChanged);
      return h("label", { title: t(p.doc) }, t(Potager.humanize(p.name)), input,
        h("small", { class: "hint" }, `${t(p.doc)} (${rangeOf(p)})`));
    }));
    customChanged();
  }

  function rangeOf(p) {
    if (p.kind === "choice") return p.choices.map((c) => t(c)).join(", ");
    return `${p.low}…${p.high}`;
  }

  /* The parameters changed from the rulebook's values, as the server takes them. */
  function changedParams() {
    const game = current();
    const found = {};
    for (const input of $("params").querySelectorAll("[data-param]")) {
      const p = game.parameters.find((q) => q.name === input.dataset.param);
      const text = input.value.trim();
      if (p.kind === "choice") { if (text !== p.default) found[p.name] = text; continue; }
      const value = p.kind === "int" ? Number(text) : text.split(",").map(Number);
      if (JSON.stringify(value) !== JSON.stringify(p.default)) found[p.name] = value;
    }
    return found;
  }

  /* A custom table is never rated: the Rated box is off while a parameter is changed. */
  function customChanged() {
    const custom = Object.keys(changedParams()).length > 0;
    $("rated").disabled = custom;
    if (custom) $("rated").checked = false;
  }

  /* A variant option's value as the form shows it: yes or no, a number, or a word. */
  function valueName(value) {
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    return typeof value === "string" ? t(value) : String(value);
  }

  function fillSeats() {
    const game = current();
    const players = Number($("players").value);
    const box = $("seats");
    box.replaceChildren(h("legend", {}, t("Seats")));
    const bot = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
    for (let seat = 0; seat < players; seat++) {
      const choices = [
        seat === 0 ? h("option", { value: "you", selected: true }, t("You")) : null,
        h("option", { value: "human" }, t("A person (invite link)")),
        game.levels.map((level) => {
          const note = (game.level_sentences || {})[level];
          return h("option", { value: `bot:${level}`, selected: seat > 0 && level === bot, title: note ? t(note) : "" },
            note ? t("Bot — {level} ({note})", { level: levelName(level), note: t(note) }) : t("Bot — {level}", { level: levelName(level) }));
        }),
      ];
      box.append(h("label", { class: "seat-row" }, t("Seat {n}", { n: seat + 1 }),
        h("select", { name: `seat${seat}`, dataset: { seat } }, choices)));
    }
  }

  async function create(event) {
    event.preventDefault();
    const game = current();
    const name = $("name").value.trim();
    store.name = name;
    const variant = {};
    for (const select of $("variants").querySelectorAll("select")) {
      const option = game.variants.find((o) => o.name === select.dataset.option);
      variant[option.name] = option.values[Number(select.value)];
    }
    const params = changedParams();
    const seats = [];
    let mine = null;
    for (const select of $("seats").querySelectorAll("select")) {
      const seat = Number(select.dataset.seat);
      if (select.value === "you") { mine = seat; seats.push({ kind: "human" }); }
      else if (select.value === "human") seats.push({ kind: "human" });
      else seats.push({ kind: "bot", level: select.value.slice(4) });
    }
    $("create-button").disabled = true;
    try {
      await Potager.openTable({
        game: game.name, players: seats.length, variant, params, seats, name, seat: mine, hints: $("hints").checked,
        chat: $("chat").checked, undo: $("undo").checked,
        rated: $("rated").checked ? null : false, // null: rated when every seat is a person
        ...Potager.clock.choice(),
      });
    } catch (error) {
      toast(t("Could not create the table: {reason}", { reason: error.message }));
      $("create-button").disabled = false;
    }
  }

  function seatsLine(table) {
    return table.seats.map((s) => h("span", {
      class: `seat-tag ${s.kind}${s.taken || s.kind === "bot" ? "" : " open"}${s.connected ? " online" : ""}`,
    }, s.kind === "human" && !s.taken ? t("open seat") : seatName(table.seats, s.seat),
    s.rating !== null && s.rating !== undefined
      ? h("span", { class: "rating" }, PotagerIdentity.rating(s.rating)) : null,
    s.bot_player ? h("span", { class: "badge bot" }, t("bot")) : null));
  }

  async function join(table, seat) {
    const name = $("name").value.trim();
    if (!name) { // every seat has its name
      toast(t("Write your name first: the table shows it at your seat."), "info");
      $("name").focus();
      return;
    }
    try {
      const grant = await api(`/api/tables/${table.id}/join`, { seat, name });
      store.name = name;
      store.saveSeat(table.id, grant.seat, grant.token);
      location.href = `/table/${table.id}`;
    } catch (error) {
      toast(t("Could not join: {reason}", { reason: Potager.serverText(error.message, table.seats, null) }));
      refresh();
    }
  }

  function tableItem(table, actions) {
    return h("li", { class: "table-item", dataset: { table: table.id } },
      h("div", { class: "table-head" },
        h("strong", {}, table.title),
        h("span", { class: `status ${table.status}` }, t(table.status)),
        Potager.clock.tag(table),
        h("span", { class: "muted" }, tn(table.players, "{n} player", "{n} players")),
        Potager.customBadge(h("span", { class: "badge custom" }), table)),
      h("div", { class: "table-seats" }, seatsLine(table)),
      h("div", { class: "table-actions" }, actions));
  }

  async function refresh() {
    try {
      const [open, live, finished] = await Promise.all([
        api("/api/tables?status=open"), api("/api/tables?status=live&limit=20"),
        api("/api/tables?status=finished&limit=20"),
      ]);
      $("open-count").textContent = open.length ? `(${open.length})` : "";
      $("open-tables").replaceChildren(...(open.length ? open.map((table) => tableItem(table, [
        store.seat(table.id) ? h("a", { class: "button", href: `/table/${table.id}` }, t("Back to my seat")) : null,
        table.open_seats.map((s) => h("button", { type: "button", onclick: () => join(table, s) }, t("Join as seat {n}", { n: s + 1 }))),
      ])) : [h("li", { class: "muted" }, t("No open table: create one!"))]));
      const watching = live.filter((table) => !table.open_seats.length);
      $("live-tables").replaceChildren(...(watching.length ? watching.map((table) => tableItem(table, [
        h("a", { class: "button", href: `/table/${table.id}` }, store.seat(table.id) ? t("Back to my seat") : t("Watch")),
      ])) : [h("li", { class: "muted" }, t("Nobody is playing right now."))]));
      $("finished-tables").replaceChildren(...(finished.length ? finished.map((table) => tableItem(table, [
        h("a", { class: "button", href: `/replay/${table.id}` }, t("Replay")),
      ])) : [h("li", { class: "muted" }, t("No finished game yet."))]));
    } catch (error) {
      toast(t("Lobby unavailable: {reason}", { reason: error.message }));
    }
    await refreshOnline().catch(() => {}); // the tables' toast has said what is wrong
  }

  /* Who is online (GET /api/online), asked with the tables: asking shows this player too. */
  async function refreshOnline() {
    const online = await api("/api/online");
    $("online-count").textContent = online.count ? `(${online.count})` : "";
    $("online-list").replaceChildren(...(online.players.length ? online.players.map((player) =>
      h("li", { class: player.you ? "you" : "", dataset: { player: player.id } },
        player.you ? t("{name} (you)", { name: player.name }) : player.name,
        player.bot ? h("span", { class: "badge bot" }, t("bot")) : null,
        player.at_table ? h("span", { class: "where" }, t("at a table")) : null))
      : [h("li", { class: "muted" }, t("Nobody is online right now."))]));
    $("online-list").removeAttribute("aria-busy");
  }

  /* -- the games, each as a card ------------------------------------------------------------- */
  const PICTURES = 5; /* the components of a card's picture: the first of its plug-in's first group */

  function playersText(game) {
    return game.min_players === game.max_players
      ? tn(game.min_players, "{n} player", "{n} players")
      : t("{min}–{max} players", { min: game.min_players, max: game.max_players });
  }

  /* How long one person's game among bots of `level` lasts (the server's `rules.minutes`):
   * "5–9 min" over the player counts, or null before it is measured. */
  function minutesSpan(game, level) {
    const each = game.lengths.map((row) => (row.minutes || {})[level]).filter(Number.isFinite).sort((a, b) => a - b);
    if (!each.length) return null;
    return each[0] === each[each.length - 1] ? `${each[0]}` : `${each[0]}–${each[each.length - 1]}`;
  }

  /* "about 5–9 min" against the table's default bots (Casual) over the player counts; the
   * title has each count against each level, and the source. */
  function lengthText(game) {
    const level = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
    const span = minutesSpan(game, level);
    if (span === null) return null;
    const detail = game.lengths.map((row) => t("{players} players: {levels}", {
      players: row.players,
      levels: Potager.listOf(game.levels.filter((l) => l in (row.minutes || {})).map((l) =>
        t("{n} min against {level}", { n: row.minutes[l], level: levelName(l) }))),
    }));
    const source = t("Measured with {source}", { source: t(game.lengths_source) });
    return h("span", { class: "game-length", title: [...detail, source].join("\n") },
      t("about {span} min", { span }));
  }

  async function picture(game, box) {
    const plugin = await Potager.loadGame(game.name);
    if (!plugin.components) return;
    const drawn = plugin.components(game.facts);
    box.classList.add(drawn.className);
    box.replaceChildren(...drawn.groups[0].items.slice(0, PICTURES).map((item) => item.picture));
  }

  function choose(game) {
    $("game").value = game.name;
    fillPlayers();
    $("create").scrollIntoView({ behavior: "smooth", block: "start" });
    $("players").focus({ preventScroll: true });
  }

  /* The game's tutorial (/learn/<game>), with its length, where it has one. */
  function learnLink(game) {
    const tutorial = tutorials.get(game.name);
    if (!tutorial) return null;
    return h("a", { class: "button learn-link", href: `/learn/${encodeURIComponent(game.name)}`, title: tutorial.title, dataset: { learn: game.name } },
      t("Learn to play"), " ", h("span", { class: "muted" }, tn(tutorial.minutes, "{n} min", "{n} min")));
  }

  function gameCard(game) {
    const box = h("div", { class: "game-picture", "aria-hidden": "true" });
    picture(game, box).catch(() => box.remove());
    const rules = `/rules/${encodeURIComponent(game.name)}`;
    return h("article", { class: "game-card", dataset: { game: game.name } },
      // Named (axe found the picture's link without a name), out of the Tab order: the
      // title's link beside it goes to the same page.
      h("a", { href: rules, class: "game-picture-link", tabindex: "-1", "aria-label": t("{game}: the rules", { game: game.title }) }, box),
      h("h2", {}, h("a", { href: rules }, game.title)),
      game.pitch ? h("p", { class: "game-pitch" }, game.pitch) : null, // in the page's language
      h("p", { class: "game-meta" }, h("span", { class: "game-players" }, playersText(game)), lengthText(game)),
      h("details", { class: "game-levels" },
        h("summary", {}, t("Bots: {levels}", { levels: game.levels.map(levelName).join(" · ") })),
        h("dl", {}, game.levels.map((level) => [
          h("dt", {}, levelName(level)),
          h("dd", {}, t((game.level_sentences || {})[level] || ""),
            minutesSpan(game, level) && h("span", { class: "level-minutes" }, " ", t("A game: about {span} min.", { span: minutesSpan(game, level) }))),
        ]))),
      h("div", { class: "game-actions" },
        learnLink(game),
        h("a", { class: "button", href: rules, dataset: { rules: game.name } }, t("Rules")),
        h("button", { type: "button", dataset: { quick: game.name }, onclick: () => PotagerQuickMatch.choose(game) }, t("Play now")),
        h("button", { type: "button", class: "primary", onclick: () => choose(game) }, t("New table"))));
  }

  async function start() {
    await Potager.i18n.ready;
    $("name").value = store.name;
    const listed = await Promise.all([api("/api/games"), api("/api/learn").catch(() => [])]);
    games = Potager.learnLevels(listed[0]);
    tutorials = new Map(listed[1].map((tutorial) => [tutorial.game, tutorial]));
    $("games").replaceChildren(...games.map(gameCard));
    $("game").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
    PotagerQuickMatch.start(games);
    const wanted = new URLSearchParams(location.search).get("game");
    if (wanted && games.some((g) => g.name === wanted)) $("game").value = wanted;
    $("game").addEventListener("change", fillPlayers);
    $("players").addEventListener("change", fillSeats);
    $("create-form").addEventListener("submit", create);
    fillPlayers();
    refresh();
    setInterval(refresh, 5000);
  }

  start().catch((error) => toast(t("Lobby unavailable: {reason}", { reason: error.message })));
})();
