/* The replay viewer: step forward and back through a finished game's record, as a spectator
 * or as any seat (the record is public once the game is over). */
"use strict";

(() => {
  const { h, api, toast, seatName } = Potager;
  const $ = (id) => document.getElementById(id);
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  let replay = null;
  let plugin = Potager.generic;
  let facts = {}; // the game's printed facts (its catalogue entry), passed on as `table.facts`
  let at = 0;

  const names = (seat) => seatName(replay.table.seats, seat);
  const noop = () => {};

  function show(ply) {
    at = Math.max(0, Math.min(ply, replay.frames.length - 1));
    const frame = replay.frames[at];
    const last = replay.frames.length - 1;
    $("position").textContent = `${at} / ${last}`;
    $("slider").value = at;
    $("first").disabled = $("back").disabled = at === 0;
    $("forward").disabled = $("last").disabled = at === last;
    const events = replay.frames.slice(0, at + 1).flatMap((f) => f.events);
    const table = { game: replay.table.game, seats: replay.table.seats, to_move: frame.to_move,
      status: at === last ? "finished" : "playing", result: replay.table.result, version: at, seat: replay.seat, events, facts };
    $("turn").textContent = frame.move
      ? `Move ${at}: ${names(frame.move.seat)} — ${frame.move.label}`
      : "The set-up, before the first move";
    const toMove = new Set(frame.to_move);
    $("seats").replaceChildren(...replay.table.seats.map((s) => h("li", {
      class: `seat ${s.kind} ${toMove.has(s.seat) ? "to-move" : ""} ${replay.seat === s.seat ? "mine" : ""}`,
    }, h("span", { class: "seat-name" }, names(s.seat)), toMove.has(s.seat) ? h("span", { class: "turn-dot", title: "to move" }) : null)));
    try {
      plugin.render($("board"), frame.view, replay.seat, [], noop, table);
    } catch (error) {
      console.error(error);
      Potager.generic.render($("board"), frame.view, replay.seat, [], noop, table);
    }
    $("log").replaceChildren(...events.map((e) => h("li", {}, Potager.describeEvent(e, table))));
    $("log").scrollTop = $("log").scrollHeight;
    for (const item of $("moves").children) item.classList.toggle("current", Number(item.dataset.ply) === at);
    const current = $("moves").querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
    $("result").hidden = at !== last;
    if (at === last && replay.table.result) {
      const { scores, winners } = replay.table.result;
      $("result").replaceChildren(h("h2", {}, "Final scores"), h("table", { class: "scores" }, h("tbody", {},
        scores.map((score, seat) => h("tr", { class: winners.includes(seat) ? "winner" : "" },
          h("td", {}, winners.includes(seat) ? h("span", { class: "star" }, "★ ") : "", names(seat)), h("td", {}, String(score)))))));
    }
  }

  async function load(seat) {
    const query = seat === "" ? "" : `?seat=${seat}`;
    replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay${query}`);
    $("title").textContent = `${replay.table.title} — replay`;
    $("slider").max = replay.frames.length - 1;
    $("moves").replaceChildren(...replay.frames.map((f) => h("li", {
      dataset: { ply: f.ply }, onclick: () => show(f.ply),
    }, f.move ? `${f.ply}. ${names(f.move.seat)}: ${f.move.notation}` : "Set-up")));
    show(at);
  }

  async function start() {
    try {
      await load("");
    } catch (error) {
      $("turn").textContent = `No replay: ${error.message}`;
      return;
    }
    const [loaded, info] = await Promise.all([Potager.loadGame(replay.table.game), Potager.gameInfo(replay.table.game)]);
    plugin = loaded;
    facts = info ? info.facts : {};
    $("viewer").replaceChildren(h("option", { value: "" }, "Spectator"),
      ...replay.table.seats.map((s) => h("option", { value: s.seat }, names(s.seat))));
    $("viewer").addEventListener("change", () => load($("viewer").value).catch((e) => toast(e.message)));
    $("first").onclick = () => show(0);
    $("back").onclick = () => show(at - 1);
    $("forward").onclick = () => show(at + 1);
    $("last").onclick = () => show(replay.frames.length - 1);
    $("slider").oninput = () => show(Number($("slider").value));
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") show(at + 1);
      else if (e.key === "ArrowLeft") show(at - 1);
      else if (e.key === "Home") show(0);
      else if (e.key === "End") show(replay.frames.length - 1);
    });
    show(0);
  }

  start();
})();
