/* A tutorial (/learn/<game>): the teacher's panel over the table, the table drawn by the game's
 * plug-in as the table page draws it, the element to click and what the step points at
 * highlighted. Every move goes to the server (potager/server/learn.py), which plays the tutorial
 * through the engine: the expected move brings the next step, any other legal move the reason it
 * is not the one. The step is kept in the address (#step=N), so a reload goes on where it was. */
"use strict";

(() => {
  const { h, api, store, toast, t } = Potager;
  const $ = (id) => document.getElementById(id);
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const base = `/api/learn/${encodeURIComponent(game)}`;

  let plugin = Potager.generic;
  let info = null; // the game's catalogue entry (facts, levels)
  let lesson = null; // the current LessonStep
  let busy = false;
  let shown = null; // the step last drawn: a new step brings its element to click into view

  const seats = () => Array.from({ length: lesson.players }, (_, s) => (
    // The log names seats by their names, as at a table ("Ada bids"); the drawing says "You".
    s === lesson.seat ? { seat: s, kind: "human", name: store.name } : { seat: s, kind: "human", name: t("Bot") }));

  function table() {
    return { game, seats: seats(), to_move: lesson.to_move, status: lesson.over ? "finished" : "playing",
      result: null, version: lesson.step, seat: lesson.seat, events: lesson.events, facts: info ? info.facts : {} };
  }

  /* The step's highlights, and the elements to click: its first clicks' (`name=value`, the
   * element's `data-name`), then the move's own (`data-action`). Drawn again whenever the plug-in
   * redraws the board. */
  function highlight() {
    const board = $("board");
    for (const el of board.querySelectorAll(".learn-highlight, .learn-click")) el.classList.remove("learn-highlight", "learn-click");
    if (!lesson || lesson.over) return;
    for (const selector of lesson.highlight) {
      for (const el of board.querySelectorAll(selector)) el.classList.add("learn-highlight");
    }
    if (lesson.move === null) return;
    const targets = lesson.clicks.map(clickTarget).concat(`[data-action="${CSS.escape(lesson.move)}"]`);
    for (const selector of targets) {
      for (const el of board.querySelectorAll(selector)) el.classList.add("learn-click");
    }
  }

  function clickTarget(click) {
    const [name, ...value] = click.split("=");
    return `[data-${name}="${CSS.escape(value.join("="))}"]`;
  }

  function drawTeacher() {
    $("progress").textContent = lesson.over ? t("done") : t("step {n} of {total}", { n: lesson.step + 1, total: lesson.steps });
    $("lesson-title").textContent = lesson.over ? t("Well played!") : t("Step {n} of {total}", { n: lesson.step + 1, total: lesson.steps });
    $("lesson-text").replaceChildren(...lesson.text.split("\n\n").map((p) => h("p", {}, p)));
    $("lesson-why").hidden = true;
    $("lesson-next").hidden = lesson.over || lesson.move !== null;
    $("lesson-play").hidden = !lesson.over;
    $("lesson-again").hidden = !lesson.over;
    $("lesson-lobby").hidden = !lesson.over;
  }

  function drawLog() {
    const list = $("log");
    const shown = table();
    const only = (event) => Potager.PRIVATE_TO in event;
    list.replaceChildren(...lesson.events.map((event) => h("li", { class: only(event) ? "private" : "" },
      Potager.describeEvent(event, shown))));
    if (!lesson.events.length) list.append(h("li", { class: "muted" }, t("Nothing has happened yet.")));
    list.scrollTop = list.scrollHeight;
  }

  const drawSheets = Potager.panelBar($("quick-bar"));

  function draw() {
    history.replaceState(null, "", `#step=${lesson.step}`);
    document.body.classList.toggle("busy", busy);
    drawTeacher();
    const legal = busy ? [] : lesson.legal;
    try {
      plugin.render($("board"), lesson.view, lesson.seat, legal, attempt, table());
    } catch (error) {
      console.error(error);
      Potager.generic.render($("board"), lesson.view, lesson.seat, legal, attempt, table());
    }
    const actions = plugin.handlesActions ? null : Potager.renderActions(legal, attempt);
    $("actions").replaceChildren(...(actions ? [h("h3", {}, t("Your move")), actions] : []));
    highlight();
    drawLog();
    drawSheets();
    // On a wide screen the teacher's panel stays at the top (learn.css): bring the element to click
    // into view under it. On a phone the panel scrolls with the page, which stays at the words.
    if (shown !== lesson.step && matchMedia("(min-width: 761px)").matches) {
      shown = lesson.step;
      const target = $("board").querySelector(".learn-click") || $("board").querySelector(".learn-highlight");
      if (target) target.scrollIntoView({ block: "center" });
    }
  }

  async function attempt(action) {
    if (busy || !lesson || lesson.move === null) return;
    busy = true;
    try {
      const verdict = await api(`${base}/${lesson.step}`, { action });
      busy = false;
      if (verdict.right) {
        lesson = verdict.next;
        draw();
      } else {
        draw(); // a plug-in's half-made move (a first click) starts again
        $("lesson-why").textContent = verdict.why;
        $("lesson-why").hidden = false;
      }
    } catch (error) {
      busy = false;
      draw();
      toast(error.message);
    }
  }

  async function goOn() {
    if (busy) return;
    busy = true;
    try {
      lesson = await api(`${base}/${lesson.step}/next`, {});
    } catch (error) {
      toast(error.message);
    }
    busy = false;
    draw();
  }

  /* The end: a real table, this browser's seat against the game's heuristic bot(s). */
  async function playForReal() {
    const levels = info ? info.levels : [];
    const level = levels.includes("heuristic") ? "heuristic" : levels[0] || "random";
    const wanted = Array.from({ length: lesson.players }, (_, s) => (s === lesson.seat ? { kind: "human" } : { kind: "bot", level }));
    $("lesson-play").disabled = true;
    try {
      await Potager.openTable({ game, players: lesson.players, seats: wanted, name: store.name, seat: lesson.seat });
    } catch (error) {
      toast(t("Could not create the table: {reason}", { reason: error.message }));
      $("lesson-play").disabled = false;
    }
  }

  async function start() {
    await Potager.i18n.ready;
    $("lesson-next").addEventListener("click", goOn);
    $("lesson-play").addEventListener("click", playForReal);
    $("lesson-again").href = location.pathname;
    $("lesson-again").addEventListener("click", (event) => { event.preventDefault(); location.hash = ""; load(0); });
    new MutationObserver(highlight).observe($("board"), { childList: true, subtree: true });
    const step = Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 0;
    try {
      [plugin, info] = await Promise.all([Potager.loadGame(game), Potager.gameInfo(game)]);
    } catch { /* the generic drawing */ }
    $("rules-link").href = `/rules/${encodeURIComponent(game)}`;
    $("rules-link").hidden = false;
    await load(step);
  }

  async function load(step) {
    try {
      lesson = await api(`${base}/${step}`);
    } catch (error) {
      if (step) return load(0); // an address of a step this tutorial does not have
      $("lesson-title").textContent = t("There is no tutorial for this game ({reason}).", { reason: error.message });
      return;
    }
    $("title").textContent = lesson.title;
    const brand = "Potager"; // the site's name, in every language
    document.title = `${lesson.title} — ${brand}`;
    draw();
  }

  start();
})();
