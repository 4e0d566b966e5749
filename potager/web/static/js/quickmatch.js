/* Play now, the lobby's quick match: wait for people who want the same game, player count and
 * clock (POST /api/quickmatch), ask every few seconds where the wait stands (GET), and once
 * seated keep the seat with the secret the server gave (it is the seat's token) and go to the
 * table. Cancel, or leave the page, and the wait ends (DELETE). Loaded before lobby.js, which
 * hands it the games (`start`) and whose cards' "Play now" choose one (`choose`). */
"use strict";

const PotagerQuickMatch = (() => {
  const { h, api, store, t, tn, toast, levelName } = Potager;
  const $ = (id) => document.getElementById(id);
  const POLL = 2000; /* ms between looks; the server gives a wait up after 10 s without one */
  let games = [];
  let token = null; /* the wait under way: the secret that opens the seat it finds */
  let polling = null;

  const current = () => games.find((g) => g.name === $("quick-game").value);

  function range(a, b) { return Array.from({ length: b - a + 1 }, (_, i) => a + i); }

  function fill() {
    const game = current();
    const keep = Number($("quick-players").value);
    const players = range(game.min_players, game.max_players);
    const chosen = players.includes(keep) ? keep : players[0];
    $("quick-players").replaceChildren(...players.map((n) =>
      h("option", { value: n, selected: n === chosen }, tn(n, "{n} player", "{n} players"))));
    const bot = game.levels.includes("heuristic") ? "heuristic" : game.levels[0];
    $("quick-level").replaceChildren(...game.levels.map((level) => {
      const note = (game.level_sentences || {})[level];
      return h("option", { value: level, selected: level === bot, title: note ? t(note) : "" }, levelName(level));
    }));
    showLevel();
  }

  function showLevel() {
    $("quick-level").closest("label").hidden = $("quick-fill").value === "never";
  }

  function headers() {
    return store.player ? { Authorization: `Bearer ${store.player.token}` } : {};
  }

  async function play(event) {
    event.preventDefault();
    const name = ($("name") ? $("name").value.trim() : "") || store.name;
    if (!name) { // every seat has its name
      toast(t("Write your name first: the table shows it at your seat."), "info");
      if ($("name")) $("name").focus();
      return;
    }
    store.name = name;
    const bots = $("quick-fill").value;
    $("quick-button").disabled = true;
    try {
      await PotagerIdentity.ready; // the player's token: one wait per player
      const answer = await api("/api/quickmatch", {
        game: current().name, players: Number($("quick-players").value), speed: $("quick-speed").value,
        fill_after: bots === "never" ? null : Number(bots), level: bots === "never" ? null : $("quick-level").value,
        name,
      });
      token = answer.token;
      show(answer);
    } catch (error) {
      toast(t("Could not start a quick match: {reason}", { reason: error.message }));
    } finally {
      $("quick-button").disabled = false;
    }
  }

  /* The wait as the server last said it, or the table it found. */
  function show(answer) {
    if (answer.status === "seated") { sit(answer); return; }
    const game = games.find((g) => g.name === answer.game) || { title: answer.game };
    $("quick-form").hidden = true;
    $("quick-waiting").hidden = false;
    const looking = tn(answer.players, "Looking for {n} player for {game}…", "Looking for {n} players for {game}…", { game: game.title });
    if ($("quick-status").textContent !== looking) $("quick-status").textContent = looking;
    const parts = [
      t("{time} waited", { time: Potager.clock.format(answer.waited * 1000) }),
      tn(answer.others, "{n} other person waits for the same", "{n} other people wait for the same"),
    ];
    if (answer.fill_after === null) parts.push(t("people only"));
    else {
      const left = Math.ceil(answer.fill_after - answer.waited);
      parts.push(left > 0 ? t("bots in {seconds} s", { seconds: left }) : t("bots are coming"));
    }
    $("quick-progress").textContent = parts.join(" · ");
    clearTimeout(polling);
    polling = setTimeout(look, POLL);
  }

  async function look() {
    try {
      show(await api("/api/quickmatch"));
    } catch (error) {
      if (error.status === 404) {
        reset();
        toast(t("The quick match ended: {reason}", { reason: error.message }));
      } else {
        polling = setTimeout(look, POLL); // the server was away: ask again
      }
    }
  }

  /* Seated: the seat is this browser's (its token the wait's secret); off to the table. */
  function sit(answer) {
    clearTimeout(polling);
    store.saveSeat(answer.table_id, answer.seat, token);
    token = null;
    $("quick-status").textContent = t("A table is found: to your seat!");
    location.href = answer.url;
  }

  function reset() {
    clearTimeout(polling);
    token = null;
    $("quick-waiting").hidden = true;
    $("quick-form").hidden = false;
  }

  async function cancel() {
    clearTimeout(polling);
    const response = await fetch("/api/quickmatch", { method: "DELETE", headers: headers() }).catch(() => null);
    if (response && response.status === 409) { look(); return; } // seated meanwhile: go there
    reset();
    $("quick-button").focus();
  }

  /* The cards' "Play now": this game, in the form. */
  function choose(game) {
    $("quick-game").value = game.name;
    fill();
    $("quick").scrollIntoView({ behavior: "smooth", block: "start" });
    $("quick-players").focus({ preventScroll: true });
  }

  function start(list) {
    games = list;
    $("quick-game").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
    $("quick-game").addEventListener("change", fill);
    $("quick-fill").addEventListener("change", showLevel);
    $("quick-form").addEventListener("submit", play);
    $("quick-cancel").addEventListener("click", cancel);
    fill();
  }

  // Leaving the page ends the wait (a request that outlives the page); else the server gives
  // it up once nobody asks.
  window.addEventListener("pagehide", () => {
    if (token) fetch("/api/quickmatch", { method: "DELETE", headers: headers(), keepalive: true });
  });

  return { start, choose };
})();
window.PotagerQuickMatch = PotagerQuickMatch;
