/* A player's page (/players/<id>): the name, each game played with its rating and the rating's
 * history drawn as a chart (an SVG drawn here; a table beside it says the same in words, for
 * screen readers and keyboards), and the latest finished games: opponents (people linked to
 * their pages), the result, the rating change and the replay. Only finished games, as
 * GET /api/players/{id} gives them. */
"use strict";

(() => {
  const { h, api, t, tn, seatName, listOf, number } = Potager;
  const $ = (id) => document.getElementById(id);
  const playerId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const SVG = "http://www.w3.org/2000/svg";
  const WIDEST = 560; // the chart is drawn as wide as its panel, up to this: its text stays 12 px
  const HEIGHT = 180;
  const LEFT = 48; // room for the rating scale
  const BOTTOM = 24; // room for the games' numbers
  const TOP = 12;

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }

  const rating = (value) => number(value, 1);
  /* A change as the page writes it, with its sign: "+1.2", "−0.4". */
  const signed = (value) => (value > 0 ? "+" : value < 0 ? "−" : "±") + number(Math.abs(value), 1);
  const day = (iso, dateStyle = "medium") => new Intl.DateTimeFormat(Potager.i18n.lang, { dateStyle }).format(new Date(iso));

  /* The rating before the first rated game, then after each: a line over the games' order. */
  function chart(career, labelId) {
    const WIDTH = Math.max(280, Math.min(WIDEST, $("game-list").clientWidth - 36));
    const values = [career.history[0].before, ...career.history.map((p) => p.after)];
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (high - low < 1) { low -= 0.5; high += 0.5; }
    const x = (i) => LEFT + (i * (WIDTH - LEFT - 12)) / Math.max(1, values.length - 1);
    const y = (v) => TOP + ((high - v) * (HEIGHT - TOP - BOTTOM)) / (high - low);
    const scale = [high, (high + low) / 2, low].map((v) => [
      svg("line", { x1: LEFT, x2: WIDTH - 8, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: LEFT - 6, y: y(v) + 4, class: "scale", "text-anchor": "end" }, rating(v)),
    ]).flat();
    const marks = values.map((v, i) => svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: i ? "point" : "start" },
      svg("title", {}, i ? t("After rated game {n}: {rating}", { n: i, rating: rating(v) }) : t("Before the first rated game: {rating}", { rating: rating(v) }))));
    const ends = [0, values.length - 1].map((i) => svg("text", { x: x(i), y: HEIGHT - 6, class: "scale", "text-anchor": i ? "end" : "start" }, String(i)));
    const line = svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" });
    return svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", role: "img", "aria-labelledby": labelId },
      ...scale, line, ...marks, ...ends);
  }

  /* The chart's numbers as a table, one row a rated game. */
  function historyTable(career) {
    return h("details", { class: "history-table" },
      h("summary", {}, t("The rating history as a table")),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Rated game")), h("th", { scope: "col" }, t("Date")),
          h("th", { scope: "col" }, t("Before")), h("th", { scope: "col" }, t("After")), h("th", { scope: "col" }, t("Change")))),
        h("tbody", {}, career.history.map((p, i) => h("tr", {},
          h("th", { scope: "row" }, h("a", { href: `/replay/${encodeURIComponent(p.table_id)}` }, String(i + 1))),
          h("td", {}, day(p.at, "short")), h("td", {}, rating(p.before)), h("td", {}, rating(p.after)),
          h("td", {}, signed(p.after - p.before)))))));
  }

  function gameSection(career) {
    const labelId = `chart-${career.game}`;
    const rated = career.rating;
    const parts = [
      h("h3", {}, career.title),
      h("p", { class: "played" }, tn(career.played, "{n} game played", "{n} games played")),
    ];
    if (rated && career.history.length) {
      const first = career.history[0].before;
      parts.push(
        h("p", { class: "rating-line" }, tn(rated.games, "Rating {rating} after {n} rated game", "Rating {rating} after {n} rated games", { rating: rating(rated.rating) })),
        h("p", { id: labelId, class: "muted chart-label" }, t("The rating in {game} after each rated game, from {first} to {last}.", {
          game: career.title, first: rating(first), last: rating(career.history[career.history.length - 1].after),
        })),
        chart(career, labelId), historyTable(career));
    } else if (rated) {
      parts.push(h("p", { class: "rating-line" }, tn(rated.games, "Rating {rating} after {n} rated game", "Rating {rating} after {n} rated games", { rating: rating(rated.rating) })));
    } else {
      parts.push(h("p", { class: "muted" }, t("Not rated in this game yet.")));
    }
    return h("section", { class: "panel game-career", dataset: { game: career.game } }, ...parts);
  }

  function outcome(game) {
    if (game.winners === null) return t("Not played out");
    const won = game.mine.filter((s) => game.winners.includes(s)).length;
    if (!won) return t("Lost");
    return game.winners.length > 1 ? t("Shared win") : t("Won");
  }

  /* A list's place in a sentence held by marks, one an item (`linked` puts the items there):
   * the sentence is translated whole and the list joined as its language joins one. */
  const marks = (items) => listOf(items.map((_, i) => `\u0000${i}\u0000`));
  const linked = (text, items) => text.split(/\u0000(\d+)\u0000/).map((part, i) => (i % 2 ? items[Number(part)] : part));

  function recentItem(game) {
    const others = game.seats.filter((s) => !game.mine.includes(s.seat));
    const named = others.map((s) => (s.player ? Potager.seatNameTag(s, seatName(game.seats, s.seat)) : seatName(game.seats, s.seat)));
    return h("li", { class: "recent-game", dataset: { table: game.table_id } },
      h("span", { class: "recent-title" }, h("strong", {}, game.title), game.finished ? ` · ${day(game.finished)}` : ""),
      others.length ? h("span", { class: "recent-against" }, linked(t("against {names}", { names: marks(named) }), named)) : null,
      h("span", { class: `recent-outcome ${game.winners === null ? "" : game.mine.some((s) => game.winners.includes(s)) ? "won" : "lost"}` }, outcome(game)),
      game.change ? h("span", { class: "recent-change" }, t("rating {change}", { change: signed(game.change.after - game.change.before) })) : null,
      h("a", { class: "button replay-link", href: game.replay }, t("Replay")));
  }

  function draw(page) {
    const name = page.name || t("Unnamed player");
    $("title").replaceChildren(name, ...(page.bot ? [h("span", { class: "badge bot" }, t("bot"))] : []));
    document.title = t("Potager — {name}", { name });
    $("status").textContent = page.games.length ? "" : t("No finished game yet.");
    $("status").hidden = Boolean(page.games.length);
    $("games").hidden = !page.games.length;
    $("game-list").replaceChildren(...page.games.map(gameSection));
    $("recent").hidden = !page.recent.length;
    $("recent-list").replaceChildren(...page.recent.map(recentItem));
    document.body.dataset.ready = "";
  }

  async function start() {
    await Potager.i18n.ready;
    await Potager.gameInfo(""); // the bots' names for players come with the catalogue
    try {
      draw(await api(`/api/players/${encodeURIComponent(playerId)}`));
    } catch (error) {
      $("status").textContent = error.status === 404 || error.status === 422
        ? t("There is no such player.")
        : t("This player cannot be shown ({reason}).", { reason: error.message });
      document.body.dataset.ready = "";
    }
  }

  start();
})();
