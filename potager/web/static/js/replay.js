/* The replay viewer: step forward and back through a finished game's record, as a spectator
 * or as any seat (the record is public once the game is over). */
"use strict";

(() => {
  const { h, api, toast, seatName, t, tn } = Potager;
  const $ = (id) => document.getElementById(id);
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  let replay = null;
  let plugin = Potager.generic;
  let facts = {}; // the game's printed facts (its catalogue entry), passed on as `table.facts`
  let at = 0;
  let analysis = null; // the finished analysis (GET /api/tables/{id}/analysis's result)
  let reviews = new Map(); // ply (1-based, as the replay counts moves) -> the move's review
  let chat = []; // the table's chat, each line with the move it was said at

  const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
  /* A verdict's word in the page's language (asked when drawn: the catalog loads first). */
  const verdict = (label) => ({
    best: t("best"), good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder"),
  })[label] || label;
  /* A verdict counted, for a seat's summary ("2 blunders", not "2 blunder"). */
  const counted = (label, n) => ({
    best: () => tn(n, "{n} best", "{n} best"),
    good: () => tn(n, "{n} good", "{n} good"),
    inaccuracy: () => tn(n, "{n} inaccuracy", "{n} inaccuracies"),
    mistake: () => tn(n, "{n} mistake", "{n} mistakes"),
    blunder: () => tn(n, "{n} blunder", "{n} blunders"),
  })[label]();
  const { percent } = Potager;

  const names = (seat) => seatName(replay.table.seats, seat);
  /* Who made a frame's move: its seat, or the table's stand-in bot for a person whose time ran
   * out (the replay's stand_in_moves, 0-based move indices: frame ply - 1). */
  const byStandIn = (ply) => (replay.stand_in_moves || []).includes(ply - 1);
  const mover = (ply, seat) => (byStandIn(ply) ? t("Stand-in bot for {name}", { name: names(seat) }) : names(seat));
  const standInMark = (ply, seat) => (byStandIn(ply) ? h("span", {
    class: "stand-in-mark", title: t("Played by the stand-in bot: {name}'s time had run out", { name: names(seat) }),
  }, t("stand-in bot")) : null);
  const noop = () => {};
  const drawSheets = Potager.panelBar($("quick-bar")); // on a phone: the moves and the log a tap away

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
      ? t("Move {n}: {name} — {move}", {
        n: at, name: mover(at, frame.move.seat), move: Potager.moveLabel(table, frame.move.notation, frame.move.label),
      })
      : t("The set-up, before the first move");
    const toMove = new Set(frame.to_move);
    $("seats").replaceChildren(...replay.table.seats.map((s) => h("li", {
      class: `seat ${s.kind} ${toMove.has(s.seat) ? "to-move" : ""} ${replay.seat === s.seat ? "mine" : ""}`,
    }, Potager.seatNameTag(s, names(s.seat)), toMove.has(s.seat) ? h("span", { class: "turn-dot", title: t("to move") }) : null)));
    const drawn = Potager.notify.snapshot($("board")); // where things were: a step animates
    try {
      plugin.render($("board"), frame.view, replay.seat, [], noop, table);
    } catch (error) {
      console.error(error);
      Potager.generic.render($("board"), frame.view, replay.seat, [], noop, table);
    }
    Potager.notify.animate($("board"), drawn);
    $("log").replaceChildren(...events.map((e) => h("li", {}, Potager.describeEvent(e, table))));
    drawReview(frame);
    $("log").scrollTop = $("log").scrollHeight;
    for (const item of $("moves").children) item.classList.toggle("current", Number(item.dataset.ply) === at);
    // The current move to the middle of its list, which scrolls alone: scrollIntoView moved the
    // whole page to the list at each step on a phone, away from the board.
    const current = $("moves").querySelector(".current");
    if (current) {
      const list = $("moves");
      list.scrollTop += current.getBoundingClientRect().top - list.getBoundingClientRect().top - list.clientHeight / 2;
    }
    Potager.chat.draw($("chat"), chat.filter((line) => line.ply <= at), replay.table.seats, replay.seat);
    drawSheets();
    $("result").hidden = at !== last;
    if (at === last && replay.table.result) {
      $("result").replaceChildren(h("h2", {}, t("Final scores")), Potager.finalScores(replay.table.result, replay.table.seats, names));
    }
  }

  async function load(seat) {
    const query = seat === "" ? "" : `?seat=${seat}`;
    [replay, chat] = await Promise.all([
      api(`/api/tables/${encodeURIComponent(tableId)}/replay${query}`),
      api(`/api/tables/${encodeURIComponent(tableId)}/chat`),
    ]);
    Potager.chat.show($("chat-panel"), chat.length > 0);
    $("title").textContent = t("{title} — replay", { title: replay.table.title });
    $("rules-link").href = `/rules/${encodeURIComponent(replay.table.game)}`;
    $("rules-link").hidden = false;
    $("hints-on").hidden = !replay.table.hints;
    $("slider").max = replay.frames.length - 1;
    drawMoves();
    show(at);
  }

  /* The moves in the page's words, as the banner says them (Pas de Haricots listed
   * "play HQ" in every language): drawn again once the game's plug-in and facts are in. */
  function drawMoves() {
    const table = { game: replay.table.game, seats: replay.table.seats, seat: replay.seat, facts };
    $("moves").replaceChildren(...replay.frames.map((f) => {
      const review = reviews.get(f.ply);
      return h("li", { dataset: { ply: f.ply }, onclick: () => show(f.ply) },
        f.move ? `${f.ply}. ${names(f.move.seat)}: ${Potager.moveLabel(table, f.move.notation, f.move.label)}` : t("Set-up"),
        f.move ? standInMark(f.ply, f.move.seat) : null,
        review ? h("span", {
          class: `verdict ${review.label}`, title: t("{verdict}: best was {move}", { verdict: verdict(review.label), move: review.best }),
        }, verdict(review.label)) : null);
    }));
  }

  /* -- the analysis: "Analyse" asks the server, which runs it in its bot pool ----------------- */
  function drawReview(frame) {
    const review = frame.move ? reviews.get(frame.ply) : null;
    const box = $("analysis-move");
    if (!analysis) { box.replaceChildren(); return; }
    if (!review) {
      box.replaceChildren(frame.move ? t("A forced move: nothing to choose.") : t("Step through the moves to see each verdict."));
      return;
    }
    const best = review.actions[0];
    const said = {
      name: mover(frame.ply, review.seat), move: review.played, win: percent(review.win), best: review.best,
      bestWin: percent(best.win), low: percent(best.win_low), high: percent(best.win_high),
      points: Potager.number(100 * review.loss, 1),
    };
    const lost = review.loss > 0;
    const text = review.label === "best"
      ? (lost ? t("{name} played {move} (win chance {win}), {points} points lost.", said)
        : t("{name} played {move} (win chance {win}).", said))
      : (lost ? t("{name} played {move} (win chance {win}); best was {best} ({bestWin}, {low}–{high}), {points} points lost.", said)
        : t("{name} played {move} (win chance {win}); best was {best} ({bestWin}, {low}–{high}).", said));
    // Analyses of format 1 say neither whether the game was decided nor how sure the best was.
    const decided = review.decided && review.score_loss > 0
      ? t("The game was decided: the move lost {score} of its expected score.", { score: Potager.number(review.score_loss, 1) })
      : "";
    const sure = review.apart === undefined ? ""
      : review.apart ? t("The search told the best from the runner-up.")
        : t("The search could not tell the best from the runner-up.");
    box.replaceChildren(h("span", { class: `verdict ${review.label}` }, verdict(review.label)), " ",
      [text, decided, sure].filter(Boolean).join(" "));
  }

  function showAnalysis(state) {
    $("analysis").hidden = state.status === "none";
    $("analyse").disabled = state.status === "running" || state.status === "done";
    $("analysis-progress").hidden = state.status !== "running";
    $("analysis-progress").max = Math.max(1, state.total);
    $("analysis-progress").value = state.done;
    // The search level judging ("ismcts:iterations=500") as players know it: "Strong bot".
    const said = { ...state, evaluator: t("{level} bot", { level: Potager.levelName(state.evaluator) }) };
    const text = {
      none: "",
      running: t("Analysing… {done} of {total} decisions ({evaluator})", said),
      done: t("Every decision judged by {evaluator}.", said),
      failed: t("The analysis failed: {error}", state),
    }[state.status];
    $("analysis-status").textContent = text;
    if (state.status !== "done" || analysis) return;
    analysis = state.result;
    reviews = new Map(analysis.moves.map((m) => [m.ply + 1, m]));
    const chart = `/api/tables/${encodeURIComponent(tableId)}/analysis/chart.png`;
    $("analysis-chart").src = $("analysis-chart-link").href = $("analysis-chart-large").src = chart;
    $("analysis-chart").hidden = false;
    $("analysis-summary").replaceChildren(...analysis.summary.map((s) => h("span", { class: "seat-summary" },
      t("{name}: {verdicts} · {points} points lost a decision", {
        name: names(s.seat),
        verdicts: LABELS.filter((l) => s.labels[l]).map((l) => counted(l, s.labels[l])).join(", "),
        points: Potager.number(100 * s.mean_loss, 1),
      }), s.stand_in ? ` · ${tn(s.stand_in, "{n} move by the stand-in bot, not counted", "{n} moves by the stand-in bot, not counted")}` : "")));
    drawMoves();
    show(at);
  }

  async function followAnalysis(start) {
    const path = `/api/tables/${encodeURIComponent(tableId)}/analysis`;
    const state = await (start ? api(path, {}) : api(path));
    showAnalysis(state);
    if (state.status === "running") setTimeout(() => followAnalysis(false).catch((e) => toast(e.message)), 1000);
  }

  function wireControls() {
    $("first").onclick = () => show(0);
    $("back").onclick = () => show(at - 1);
    $("forward").onclick = () => show(at + 1);
    $("last").onclick = () => show(replay.frames.length - 1);
    $("slider").oninput = () => show(Number($("slider").value));
    // The chart opens at the page's width (a 250 px thumbnail nobody could read).
    $("analysis-chart-link").onclick = (event) => { event.preventDefault(); $("analysis-dialog").showModal(); };
    $("analysis-dialog-close").onclick = () => $("analysis-dialog").close();
    $("analyse").onclick = () => followAnalysis(true).catch((e) => toast(t("No analysis: {reason}", { reason: e.message })));
    $("viewer").addEventListener("change", () => load($("viewer").value).catch((e) => toast(e.message)));
    document.addEventListener("keydown", (e) => {
      if (!replay || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") show(at + 1);
      else if (e.key === "ArrowLeft") show(at - 1);
      else if (e.key === "Home") show(0);
      else if (e.key === "End") show(replay.frames.length - 1);
    });
  }

  /* The controls work as soon as the record is drawn (with the generic drawing until the game's
   * own has loaded, then redrawn with it), so a click never falls between the two. */
  async function start() {
    await Potager.i18n.ready;
    try {
      await load("");
    } catch (error) {
      $("turn").textContent = t("No replay: {reason}", { reason: error.message });
      return;
    }
    wireControls();
    const [loaded, info] = await Promise.all([Potager.loadGame(replay.table.game), Potager.gameInfo(replay.table.game)]);
    // Named once the catalogue has come: a bot seat by its level's name for players.
    $("viewer").replaceChildren(h("option", { value: "" }, t("Spectator")),
      ...replay.table.seats.map((s) => h("option", { value: s.seat }, names(s.seat))));
    followAnalysis(false).catch(() => {});
    plugin = loaded;
    facts = info ? info.facts : {};
    drawMoves();
    show(at);
    document.body.dataset.ready = "true";
  }

  start();
})();
