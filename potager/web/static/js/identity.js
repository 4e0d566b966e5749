/* The player's identity: made on the first visit (POST /api/players) and kept in
 * this browser with the display name (`Potager.store.player`); `Potager.api` sends its token
 * with every request, so the seats this browser takes are the player's. An identity made
 * before any name was typed has none: the first name given, in the lobby or at a table's seat,
 * becomes its name (the server names it). On the lobby, the
 * "You" panel: the name, the ratings, a password to add (to sign in on another device) and a
 * sign-in form; and the leaderboard of each game. Loaded after potager.js, before the page's
 * script. */
"use strict";

const PotagerIdentity = (() => {
  const { h, api, store, t, tn, toast } = Potager;
  const $ = (id) => document.getElementById(id);
  const LEADERS = 10;

  /* The word older pages kept as the name of a player who had typed none, in each language
   * (the server forgot it too: migration 0008). */
  const UNCHOSEN = ["Gardener", "Jardinier", "Gärtner", "Giardiniere"]; // i18n: not text

  /* The player kept here, checked with the server (a token it no longer knows is dropped and
   * a new identity made, under the kept name if the server takes it, else with none). The
   * kept name is the player's when none is kept; an older page's word for no name is dropped. */
  async function ensure() {
    await Potager.i18n.ready;
    if (UNCHOSEN.includes(store.name)) store.name = "";
    const me = await found();
    if (!store.name && me.name) store.name = me.name;
    return me;
  }

  async function found() {
    if (store.player) {
      try {
        return await api("/api/players/me");
      } catch (error) {
        if (error.status !== 401) throw error;
        store.player = null;
      }
    }
    let made;
    try {
      made = await api("/api/players", store.name ? { name: store.name } : {});
    } catch (error) {
      if (error.status !== 422) throw error;
      made = await api("/api/players", {});
    }
    store.player = { id: made.id, token: made.token };
    return api("/api/players/me");
  }

  /* A player's name as pages show it: its own, or a word saying it has none yet. */
  function playerName(name) {
    return name || t("Unnamed player");
  }

  const ready = ensure();

  /* A rating as shown beside a name: one decimal, as the page's language writes it. */
  function rating(value) {
    return value === null || value === undefined ? "" : Potager.number(value, 1);
  }

  /* -- the lobby's panels ------------------------------------------------------------------ */
  async function drawMe(me, games) {
    const box = $("identity");
    const title = (name) => (games.find((g) => g.name === name) || { title: name }).title;
    const ratings = me.ratings.length
      ? h("ul", { class: "ratings" }, me.ratings.map((r) => h("li", { dataset: { game: r.game } },
        t("{game}: {rating}", { game: title(r.game), rating: rating(r.rating) }), " ",
        h("span", { class: "muted" }, tn(r.games, "{n} rated game", "{n} rated games")))))
      : h("p", { class: "muted" }, t("No rated game yet: play a table of people only."));
    const password = h("input", {
      type: "password", id: "password", minlength: 8, maxlength: 200, required: true,
      autocomplete: "new-password",
    });
    const current = h("input", {
      type: "password", id: "current-password", maxlength: 200, autocomplete: "current-password",
    });
    const passwordForm = h("form", { id: "password-form", class: "identity-form", onsubmit: async (event) => {
      event.preventDefault();
      try {
        await api("/api/players/me/password", {
          password: password.value, current: me.has_password ? current.value : null,
        });
        toast(t("Password saved: sign in with your name on another device."), "info");
        drawMe(await api("/api/players/me"), games);
      } catch (error) {
        toast(t("The password was not saved: {reason}", { reason: error.message }));
      }
    } },
    me.has_password ? h("label", {}, t("Current password"), current) : null,
    h("label", {}, me.has_password ? t("New password") : t("Add a password to play on another device"), password),
    h("button", { type: "submit", id: "password-button" }, t("Save the password")));
    const signName = h("input", { id: "sign-in-name", maxlength: 40, required: true, autocomplete: "username" });
    const signPassword = h("input", {
      type: "password", id: "sign-in-password", maxlength: 200, required: true, autocomplete: "current-password",
    });
    // A refusal stays under the form until the next try (a toast went before it was read).
    const signError = h("p", { class: "form-error", id: "sign-in-error", role: "alert" });
    const signIn = h("details", { class: "sign-in" },
      h("summary", {}, t("Sign in with a password")),
      h("form", { id: "sign-in-form", class: "identity-form", onsubmit: async (event) => {
        event.preventDefault();
        signError.textContent = "";
        try {
          const grant = await api("/api/players/sign-in", { name: signName.value, password: signPassword.value });
          store.player = { id: grant.id, token: grant.token };
          store.name = grant.name;
          if ($("name")) $("name").value = grant.name;
          toast(t("Signed in as {name}.", { name: grant.name }), "info");
          document.dispatchEvent(new Event("potager:signed-in")); // js/turns.js looks for its seats
          drawMe(await api("/api/players/me"), games);
        } catch (error) {
          signError.textContent = t("Could not sign in: {reason}", { reason: error.message });
          signPassword.select();
        }
      } },
      h("label", {}, t("Name"), signName), h("label", {}, t("Password"), signPassword),
      h("button", { type: "submit", id: "sign-in-button" }, t("Sign in")), signError));
    box.replaceChildren(
      h("h2", {}, t("You")),
      h("p", { id: "player-name" }, me.name
        ? t("Playing as {name}", { name: me.name })
        : t("You have no name yet: the name you give here or at a table becomes yours.")),
      ratings, me.name ? passwordForm : null, signIn);
  }

  function leaders(rows) {
    return h("ol", {}, rows.map((row) => h("li", {},
      h("a", { class: "leader-name", href: `/players/${encodeURIComponent(row.id)}` }, playerName(row.name)), " ",
      h("span", { class: "rating" }, rating(row.rating)), " ",
      h("span", { class: "muted" }, tn(row.games, "{n} rated game", "{n} rated games")))));
  }

  /* People's leaderboards, game by game, then the bots': players marked bots are rated among
   * bots only (docs/protocol.md), so they have a section of their own. */
  async function drawLeaders(games) {
    const board = (game, bots) => api(`/api/ratings/${encodeURIComponent(game.name)}?limit=${LEADERS}${bots ? "&bots=true" : ""}`);
    const [people, bots] = await Promise.all([false, true].map((b) => Promise.all(games.map((g) => board(g, b)))));
    const rated = games.map((game, i) => [game, bots[i]]).filter(([, rows]) => rows.length);
    $("leaderboards").replaceChildren(h("h2", {}, t("Leaderboards")),
      ...games.map((game, i) => h("section", { class: "leaderboard", dataset: { game: game.name } },
        h("h3", {}, game.title),
        people[i].length ? leaders(people[i]) : h("p", { class: "muted" }, t("Nobody is rated yet.")))),
      h("section", { class: "leaderboard bots", id: "bot-leaderboards" },
        h("h3", {}, t("Bots")),
        h("p", { class: "muted" }, t("Bots play rated games among bots only.")),
        ...(rated.length
          ? rated.map(([game, rows]) => h("section", { dataset: { game: game.name } }, h("h4", {}, game.title), leaders(rows)))
          : [h("p", { class: "muted" }, t("No bot is rated yet."))])));
  }

  /* The lobby's name box names the player too (it is the name the tables show). */
  function followName(input, games) {
    input.addEventListener("change", async () => {
      const name = input.value.trim();
      if (!name || !store.player) return;
      store.name = name;
      try {
        drawMe(await api("/api/players/me/name", { name }), games);
      } catch (error) {
        toast(t("Your player name was not changed: {reason}", { reason: error.message }));
      }
    });
  }

  async function lobby() {
    if (!$("identity")) return;
    const [me, games] = await Promise.all([ready, api("/api/games")]);
    drawMe(me, games);
    drawLeaders(games);
    const box = $("name");
    if (box && document.activeElement !== box) box.value = store.name; // as `ensure` left it
    if (box) followName(box, games);
    setInterval(() => drawLeaders(games).catch(() => {}), 30000);
  }

  lobby().catch((error) => toast(t("Your player identity is unavailable: {reason}", { reason: error.message })));

  return { ready, rating, playerName };
})();
window.PotagerIdentity = PotagerIdentity;
