/* Heuschrecken Poker (Drei Magier) in the browser: the garden cards as illustrated cards, the
 * display with equal kinds stacked, the draw and discard piles, every player's garden (plants
 * in vertical rows, grasshoppers across the top, as the rulebook lays them out), chips, poker
 * cards (spent ones greyed), a face-down card in front of each player who has bid, then the
 * reveal of all bids at once with the cancelled ones crossed out and who took what.
 *
 * Drawn only from the view (potager/games/heuschrecken_poker/__init__.py documents its keys),
 * the public events passed as `table.events` (the outcome of the last reveal) and the printed
 * facts passed as `table.facts` (`data.reference()`: kinds, bids, harvest and plague sizes).
 * Every legal move carries `data-action="<notation>"`: a poker card of your hand (`1`…`6`,
 * `A`, `X`) to bid, a stack of the display (`corn`…`grasshopper`) to take that kind.
 */
"use strict";

(() => {
  const { h } = Potager;

  const LABEL = {
    corn: ["corn", "corn"], strawberry: ["strawberry", "strawberries"], broccoli: ["broccoli", "broccoli"],
    blackberry: ["blackberry", "blackberries"], grasshopper: ["grasshopper", "grasshoppers"],
  };
  /* The four colour sets of poker cards, one per seat. */
  const SEAT_COLOURS = ["#2563eb", "#d9480f", "#7e22ce", "#0f766e"];
  const REASON = { ace: "with the Ace", x: "with the X (over the Ace)", alone: "as the only taker" };

  /* Each garden card's illustration (viewBox 0 0 48 48). */
  function cornKernels() {
    const dots = [];
    for (let y = 9; y <= 37; y += 4) {
      const half = 8.2 * Math.sqrt(Math.max(0, 1 - ((y - 22) / 17.5) ** 2));
      for (let x = 24 - half + 2.2; x <= 24 + half - 2; x += 4) {
        dots.push(`<ellipse cx="${x.toFixed(1)}" cy="${y}" rx="1.7" ry="1.5"/>`);
      }
    }
    return dots.join("");
  }
  const ART = {
    corn: `<path d="M24 4c5.5 0 9 8 9 18s-3.5 18-9 18-9-8-9-18 3.5-18 9-18z" fill="#f9c80e" stroke="#c99400" stroke-width="1.2"/>
      <g fill="#ffe066" stroke="#d9a400" stroke-width=".6">${cornKernels()}</g>
      <path d="M24 45c-9-3-14-11-13-24 3 8 7 14 13 17z" fill="#69b34c" stroke="#3d7a2a" stroke-width="1"/>
      <path d="M24 45c9-3 14-11 13-24-3 8-7 14-13 17z" fill="#4c9a35" stroke="#2f6b22" stroke-width="1"/>
      <path d="M24 45v-6" stroke="#3d7a2a" stroke-width="2" stroke-linecap="round"/>`,
    strawberry: `<path d="M24 44C12 36 8.5 27 10 20c1.5-6 8-8 14-5.5 6-2.5 12.5-.5 14 5.5 1.5 7-2 16-14 24z" fill="#e5383b" stroke="#a4161a" stroke-width="1.2"/>
      <g fill="#ffe066">${[[17, 22], [24, 20], [31, 22], [14, 28], [20, 27], [27, 27], [34, 28], [18, 33], [24, 33], [30, 33], [21, 38], [27, 38]]
        .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="1" ry="1.6"/>`).join("")}</g>
      <ellipse cx="16" cy="21" rx="3" ry="1.6" fill="#ff8787" opacity=".6" transform="rotate(-35 16 21)"/>
      <path d="M24 17l-8-4 5-.5-3.5-5 6 3 .5-5.5 1.5 5.5 5-4-2 5.5 6-.5-6 4.5z" fill="#2f9e44" stroke="#1e7a32" stroke-width=".8" stroke-linejoin="round"/>
      <path d="M24 10V4" stroke="#1e7a32" stroke-width="2" stroke-linecap="round"/>`,
    broccoli: `<path d="M20 45l1.5-14-5-6 6 2.5 1.5-4 1.5 4 6-2.5-5 6 1.5 14z" fill="#b5d99c" stroke="#6a9c4a" stroke-width="1.2" stroke-linejoin="round"/>
      <g fill="#2f9e44" stroke="#1b6b2c" stroke-width="1.2">
        <circle cx="13" cy="21" r="7"/><circle cx="35" cy="21" r="7"/><circle cx="18" cy="13" r="7.5"/>
        <circle cx="30" cy="13" r="7.5"/><circle cx="24" cy="20" r="8"/></g>
      <g fill="#51cf66" opacity=".8"><circle cx="16" cy="11" r="2"/><circle cx="28" cy="10" r="2.2"/>
        <circle cx="22" cy="17" r="2"/><circle cx="33" cy="18" r="1.8"/><circle cx="11" cy="19" r="1.8"/></g>
      <g fill="#1b6b2c" opacity=".6"><circle cx="21" cy="22" r="1.2"/><circle cx="27" cy="23" r="1.2"/>
        <circle cx="34" cy="14" r="1.1"/><circle cx="14" cy="24" r="1.1"/></g>`,
    blackberry: `<path d="M24 12c-3-5-9-7-15-5 2 6 8 8 15 5zM24 12c3-5 9-7 15-5-2 6-8 8-15 5z" fill="#40c057" stroke="#2b8a3e" stroke-width="1"/>
      <path d="M24 12V4" stroke="#2b8a3e" stroke-width="2" stroke-linecap="round"/>
      <g fill="#4c2a85" stroke="#241042" stroke-width="1">${[[19, 18], [29, 18], [24, 17], [15, 24], [22, 24], [29, 24], [34, 24],
        [18, 30], [25, 30], [32, 30], [21, 36], [28, 36], [24, 41]]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.4"/>`).join("")}</g>
      <g fill="#b197fc" opacity=".7">${[[18, 17], [28, 17], [14, 23], [21, 23], [28, 23], [17, 29], [24, 29], [31, 29], [20, 35], [27, 35]]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.1"/>`).join("")}</g>`,
    grasshopper: `<path d="M39 21c-2-8-9-13-18-15M41 21c1-7-1-13-5-17" stroke="#c0eb75" stroke-width="1.3" fill="none" stroke-linecap="round"/>
      <path d="M33 33l3 8M29 33l-1 8M17 33l-3 7" stroke="#94d82d" stroke-width="1.8" stroke-linecap="round"/>
      <path d="M6 30c1-5 10-8 24-7 6 .4 10 2.5 10 6s-4 4.5-9 4.5H10c-3 0-4-1.5-4-3.5z" fill="#82c91e" stroke="#5c940d" stroke-width="1.2"/>
      <path d="M10 27c6-4 15-5 21-3" stroke="#5c940d" stroke-width="1.1" fill="none"/>
      <path d="M18 28l11-15c1-1.4 3-.6 2.6 1L23 31z" fill="#a9e34b" stroke="#5c940d" stroke-width="1.1" stroke-linejoin="round"/>
      <path d="M30 14L13 41" stroke="#5c940d" stroke-width="2" stroke-linecap="round"/>
      <circle cx="38" cy="26" r="6" fill="#94d82d" stroke="#5c940d" stroke-width="1.1"/>
      <circle cx="40" cy="24.5" r="2" fill="#1b1b1b"/><circle cx="40.6" cy="23.9" r=".6" fill="#fff"/>`,
  };

  /* Per drawing: what was shown at the last render, to animate only what is new. */
  const memory = new WeakMap();

  /* -- words ------------------------------------------------------------------------------------ */
  const seated = (seat) => seat !== null && seat !== undefined;
  const nameOf = Potager.playerName;
  const verb = (s, viewer, you, other) => (seated(viewer) && s === viewer ? you : other);
  const count = (n, kind) => `${n} ${LABEL[kind][n === 1 ? 0 : 1]}`;
  const cardsLine = (cards) => Object.entries(cards).filter(([, n]) => n).map(([k, n]) => count(n, k)).join(", ") || "nothing";
  function listNames(names) {
    return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }
  const colourOf = (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];

  /* The printed facts, with the rulebook's values when a page has none to pass. */
  function factsOf(table, view) {
    const f = (table && table.facts) || {};
    return {
      kinds: f.kinds || Object.keys(view.display),
      grasshopper: f.grasshopper || "grasshopper",
      bids: f.bids || ["1", "2", "3", "4", "5", "6", "A", "X"],
      ace: f.ace || "A",
      x: f.x_card || "X",
      harvest: f.harvest_set || 3,
      plague: f.plague_at || 3,
      hand: f.hand_size || 8,
    };
  }

  /* -- cards ------------------------------------------------------------------------------------ */
  function gardenCard(kind, extra = "", style = null) {
    const el = h("span", { class: `hp-gc kind-${kind} ${extra}`, title: LABEL[kind][0], style });
    el.innerHTML = `<svg viewBox="0 0 48 48" aria-hidden="true">${ART[kind]}</svg>`;
    return el;
  }

  const gardenBack = (extra = "", style = null) => h("span", { class: `hp-gc back ${extra}`, style });

  function pokerFace(bid, facts) {
    const special = bid === facts.ace ? "ace" : bid === facts.x ? "x" : "number";
    return [
      h("span", { class: "corner tl" }, bid),
      h("span", { class: `value ${special}` }, bid),
      h("span", { class: "corner br" }, bid),
    ];
  }

  /* A poker card of seat `s`. opts: action+send (a legal bid), state (spent | pending |
   * cancelled), fresh (flip in), delay (of the flip), size. */
  function pokerCard(bid, s, facts, opts = {}) {
    const classes = ["hp-pc", opts.size || "", opts.state || "", opts.fresh ? "fresh" : "",
      opts.action ? "playable" : ""].join(" ");
    const style = `--seat:${colourOf(s)};${opts.delay ? `animation-delay:${opts.delay}ms` : ""}`;
    const title = opts.title || (bid === facts.ace ? "the Ace" : bid === facts.x ? "the X" : `poker card ${bid}`);
    if (!opts.action) return h("span", { class: classes, style, title, dataset: { bid } }, pokerFace(bid, facts));
    return h("button", {
      type: "button", class: classes, style, title: `Bid ${opts.action.label || bid}`,
      dataset: { bid, action: opts.action.notation }, onclick: () => opts.send(opts.action.action),
    }, pokerFace(bid, facts));
  }

  function pokerBack(s, extra = "", peek = null) {
    return h("span", {
      class: `hp-pc back ${extra}`, style: `--seat:${colourOf(s)}`,
      title: peek ? `your face-down bid: ${peek}` : "a face-down bid",
    }, peek ? h("span", { class: "peek" }, peek) : null);
  }

  function chipToken(n, extra = "") {
    return h("span", { class: `hp-chip ${extra}`, title: `${n} win chip${n === 1 ? "" : "s"}` }, String(n));
  }

  /* -- the last reveal and its outcome, from the public events ---------------------------------- */
  /* {bids, cancelled, outcome: per seat [{type: take | all | empty | harvest | plague, …}],
   * notes: [{cls, text}], index: how many reveals so far} of the latest reveal, or null. */
  function lastReveal(view, events, table, seat) {
    const list = events || [];
    let start = -1;
    let reveals = 0;
    for (let i = 0; i < list.length; i++) {
      if (list[i].type === "reveal") { start = i; reveals += 1; }
    }
    if (start < 0) {
      if (!view.revealed) return null;
      const counts = {};
      for (const b of view.revealed) counts[b] = (counts[b] || 0) + 1;
      const cancelled = view.revealed.map((b, s) => (counts[b] > 1 ? s : -1)).filter((s) => s >= 0);
      return { bids: view.revealed, cancelled, outcome: view.revealed.map(() => []), notes: [], index: 0 };
    }
    const reveal = list[start];
    const outcome = reveal.bids.map(() => []);
    const notes = [];
    const name = (s) => nameOf(table, s, seat);
    for (let i = start + 1; i < list.length; i++) {
      const e = list[i];
      if (e.type === "bid" || e.type === "reveal") break;
      if (e.type === "take") outcome[e.seat].push({ type: "take", kind: e.kind, n: e.count, forced: e.forced });
      else if (e.type === "take_all") outcome[e.seat].push({ type: "all", reason: e.reason, cards: e.cards });
      else if (e.type === "empty_handed") e.seats.forEach((s) => outcome[s].push({ type: "empty" }));
      else if (e.type === "harvest") outcome[e.seat].push({ type: "harvest", chips: e.chips, kind: e.kind });
      else if (e.type === "plague") outcome[e.seat].push({ type: "plague" });
      else if (e.type === "stalemate") {
        notes.push({ cls: "stalemate", text: e.added.length
          ? `Stalemate: nobody may take. One card is added (${e.added.map((k) => LABEL[k][0]).join(", ")}); everyone bids again.`
          : "Stalemate: nobody may take, and the pile is empty." });
      } else if (e.type === "double_stalemate") {
        notes.push({ cls: "stalemate", text: `Second stalemate in a row: the display goes to the discard (${cardsLine(e.discarded)}).` });
      } else if (e.type === "round_scoring") {
        const to = e.chips_to.map(name);
        notes.push({ cls: "round", text: `Round ${e.round} scored — most plants: ${to.length ? `+1 chip to ${listNames(to)}` : "nobody has any"}. Poker cards back to hand.` });
      }
    }
    return { bids: reveal.bids, cancelled: reveal.cancelled, outcome, notes, index: reveals };
  }

  /* -- the status line ------------------------------------------------------------------------- */
  function prompt(view, seat, legal, table) {
    const name = (s) => nameOf(table, s, seat);
    const mine = legal.length > 0;
    if (table && table.status === "waiting") return ["Waiting for players", Potager.waitingForSeats(table.seats)];
    if (view.phase === "over") {
      const winners = table && table.result ? table.result.winners : [];
      const who = winners.map(name);
      return ["Game over", who.length
        ? `${listNames(who)} ${winners.length === 1 && !(seated(seat) && winners[0] === seat) ? "wins" : "win"} with the most chips (ties: fewest grasshoppers).`
        : "Every garden card has been used."];
    }
    if (view.phase === "take") {
      const taker = view.takers[0];
      return mine
        ? ["Take a kind", "Click a stack in the display: you take every card of that kind."]
        : [`${name(taker)} ${verb(taker, seat, "pick", "picks")} a kind`, "Highest bid first; each taker takes every card of one kind."];
    }
    const again = view.stalemates ? "Stalemate — bid again. " : "";
    if (mine) {
      return [`${again}Bid a poker card`, `Everyone chooses at the same time; the bids turn over together. Equal bids cancel; the Ace takes all${view.variant && view.variant.beginner ? "" : " (unless one X answers it)"}.`];
    }
    const waiting = view.to_move.map(name);
    if (seated(seat) && view.bid) return [`${again}Your bid is down: ${view.bid}`, `Waiting for ${listNames(waiting)}.`];
    return [`${again}Everyone bids`, `Waiting for ${listNames(waiting)}.`];
  }

  /* -- the table: pile, display, discard ------------------------------------------------------- */
  function pileArea(view) {
    const depth = Math.min(4, Math.ceil(view.pile / 16));
    const backs = Array.from({ length: Math.max(depth, view.pile ? 1 : 0) }, (_, i) =>
      gardenBack("", `--i:${i}`));
    return h("div", { class: "hp-pile", title: `${view.pile} garden cards left to draw` },
      h("div", { class: `hp-heap ${view.pile ? "" : "empty"}` }, backs),
      h("div", { class: "hp-label" }, h("b", {}, String(view.pile)), " to draw"));
  }

  function discardArea(view, facts) {
    const total = facts.kinds.reduce((sum, k) => sum + view.discard[k], 0);
    const top = facts.kinds.filter((k) => view.discard[k]).slice(-2);
    return h("div", { class: "hp-discard", title: `discard pile: ${cardsLine(view.discard)}` },
      h("div", { class: `hp-heap ${total ? "" : "empty"}` },
        top.map((k, i) => gardenCard(k, "discarded", `--i:${i}`))),
      h("div", { class: "hp-label" }, h("b", {}, String(total)), " discarded"),
      total ? h("ul", { class: "hp-tally" }, facts.kinds.filter((k) => view.discard[k]).map((k) =>
        h("li", { title: count(view.discard[k], k) }, gardenCard(k, "icon"), String(view.discard[k])))) : null);
  }

  function displayArea(view, facts, takeActions, send, fresh) {
    const stacks = facts.kinds.filter((k) => view.display[k]).map((kind) => {
      const n = view.display[kind];
      const cards = Array.from({ length: n }, (_, i) => gardenCard(kind, fresh.has(`${kind}:${i}`) ? "fresh" : "", `--i:${i}`));
      const inner = [h("span", { class: "fan", style: `--n:${n}` }, cards),
        h("span", { class: "badge" }, `×${n}`),
        h("span", { class: "hp-label" }, count(n, kind))];
      const action = takeActions.get(kind);
      if (!action) return h("div", { class: `hp-stack kind-${kind}`, dataset: { kind } }, inner);
      return h("button", {
        type: "button", class: `hp-stack kind-${kind} playable`, title: `Take ${count(n, kind)}`,
        dataset: { kind, action: action.notation }, onclick: () => send(action.action),
      }, inner);
    });
    return h("div", { class: `hp-display ${takeActions.size ? "choosing" : ""}` },
      h("div", { class: "hp-caption" }, "Display"),
      h("div", { class: "stacks" }, stacks.length ? stacks : h("span", { class: "hp-empty" }, "empty")));
  }

  /* -- the reveal: every bid face up, cancelled ones crossed out, then who took what ----------- */
  function outcomeLine(item, s, seat) {
    if (item.type === "take") {
      return h("li", { class: "got" }, gardenCard(item.kind, "icon"),
        `${verb(s, seat, "take", "takes")} ${count(item.n, item.kind)}${item.forced ? " (last kind)" : ""}`);
    }
    if (item.type === "all") {
      const kinds = Object.entries(item.cards).filter(([, n]) => n);
      return h("li", { class: "got all" }, kinds.map(([k]) => gardenCard(k, "icon")),
        `${verb(s, seat, "take", "takes")} the whole display ${REASON[item.reason] || ""}`);
    }
    if (item.type === "empty") return h("li", { class: "empty" }, "nothing left");
    if (item.type === "harvest") return h("li", { class: "harvest" }, chipToken(item.chips, "tiny"), `${verb(s, seat, "harvest", "harvests")} ${LABEL[item.kind][1]}`);
    if (item.type === "plague") return h("li", { class: "plague" }, gardenCard("grasshopper", "icon"), "plague! the garden is eaten");
    return null;
  }

  function revealArea(view, seat, table, facts, reveal, fresh, freshReveal) {
    if (!reveal) {
      return h("div", { class: "hp-reveal none" },
        h("div", { class: "hp-caption" }, "Bids"),
        h("p", { class: "hp-empty" }, "The bids turn over here, all at once."));
    }
    const cancelled = new Set(reveal.cancelled);
    const takers = view.phase === "take" ? view.takers : [];
    const spots = reveal.bids.map((bid, s) => {
      const isCancelled = cancelled.has(s);
      const lines = reveal.outcome[s].map((item, i) => {
        const line = outcomeLine(item, s, seat);
        if (line && fresh.has(outcomeKey(reveal, s, i))) line.classList.add("fresh");
        return line;
      }).filter(Boolean);
      const queue = takers.indexOf(s);
      if (queue === 0) lines.push(h("li", { class: "picking" }, `${verb(s, seat, "pick", "picks")} a kind…`));
      else if (queue > 0) lines.push(h("li", { class: "queued" }, queue === 1 ? "picks next" : "waits to pick"));
      if (isCancelled) lines.unshift(h("li", { class: "cancel" }, "cancelled"));
      else if (!lines.length && bid === facts.x) lines.push(h("li", { class: "empty" }, view.variant && view.variant.beginner ? "a pass" : "no Ace to beat"));
      else if (!lines.length) lines.push(h("li", { class: "empty" }, "gets nothing"));
      if (freshReveal) for (const line of lines) line.classList.add("fresh");
      return h("div", { class: `hp-bid ${isCancelled ? "cancelled" : ""} ${queue === 0 ? "taker" : ""}`, dataset: { seat: s, bid } },
        h("span", { class: "who", style: `--seat:${colourOf(s)}` }, nameOf(table, s, seat)),
        h("span", { class: "slot" }, pokerCard(bid, s, facts, {
          fresh: freshReveal, delay: freshReveal ? s * 90 : 0, state: isCancelled ? "cancelled" : "",
        }), isCancelled ? h("span", { class: `cross ${freshReveal ? "fresh" : ""}`, "aria-hidden": "true" }) : null),
        h("ul", { class: "outcome" }, lines));
    });
    const title = view.phase === "take" ? "Bids revealed" : "Last bids";
    return h("div", { class: `hp-reveal ${freshReveal ? "fresh" : ""}` },
      h("div", { class: "hp-caption" }, title),
      h("div", { class: "bids" }, spots),
      reveal.notes.length ? h("ul", { class: "notes" }, reveal.notes.map((n) => h("li", { class: n.cls }, n.text))) : null);
  }

  /* -- each player: chips, bid, poker cards, garden ------------------------------------------- */
  function bidSlot(view, s, seat, fresh) {
    if (view.committed.includes(s)) {
      const peek = s === seat ? view.bid : null;
      return h("span", { class: "hp-bidslot down" }, pokerBack(s, `small ${fresh.has(`bid:${s}`) ? "fresh" : ""}`, peek),
        h("span", { class: "note" }, peek ? "your bid" : "has bid"));
    }
    if (view.phase === "bid" && view.to_move.includes(s)) {
      return h("span", { class: "hp-bidslot waiting" }, h("span", { class: "hp-pc small slot" }),
        h("span", { class: "note" }, "choosing…"));
    }
    if (view.phase === "take" && view.takers[0] === s) {
      return h("span", { class: "hp-bidslot picking" }, h("span", { class: "note" }, "picking…"));
    }
    return h("span", { class: "hp-bidslot" });
  }

  function pokerRow(view, s, seat, facts) {
    const inHand = new Set(view.hands[s]);
    return h("div", { class: "hp-pokers", title: `${view.hands[s].length} poker cards in hand` },
      facts.bids.map((bid) => {
        const pending = s === seat && view.bid === bid;
        return pokerCard(bid, s, facts, {
          size: "mini", state: pending ? "pending" : inHand.has(bid) ? "" : "spent",
          title: pending ? `${bid}: your face-down bid` : inHand.has(bid) ? `${bid}: in hand` : `${bid}: spent this round`,
        });
      }));
  }

  const plantsOf = (garden, facts) => facts.kinds.reduce((sum, k) => sum + (k === facts.grasshopper ? 0 : garden[k]), 0);

  function gardenArea(view, s, facts, fresh) {
    const garden = view.gardens[s];
    const hop = facts.grasshopper;
    const cards = (kind) => Array.from({ length: garden[kind] }, (_, i) =>
      gardenCard(kind, fresh.has(`${s}:${kind}:${i}`) ? "fresh" : ""));
    const danger = garden[hop] === facts.plague - 1;
    const rows = facts.kinds.filter((k) => k !== hop).map((kind) => {
      const n = garden[kind];
      return h("div", { class: `hp-row kind-${kind}`, title: `${count(n, kind)}: ${facts.harvest} are harvested for a chip`, dataset: { kind } },
        n ? cards(kind) : gardenCard(kind, "ghost"),
        h("span", { class: "tally" }, `${n}/${facts.harvest}`));
    });
    const plants = plantsOf(garden, facts);
    const most = Math.max(...view.gardens.map((g) => plantsOf(g, facts)));
    const lead = plants > 0 && plants === most;
    return h("div", { class: "hp-garden" },
      h("div", { class: `hp-hoppers ${danger ? "danger" : ""}`, title: `${count(garden[hop], hop)}: ${facts.plague} eat the garden` },
        garden[hop] ? cards(hop) : gardenCard(hop, "ghost"),
        h("span", { class: "tally" }, danger ? `${garden[hop]}/${facts.plague}: one more eats the garden!` : `${garden[hop]}/${facts.plague}`)),
      h("div", { class: "hp-rows" }, rows),
      h("div", { class: `hp-plants ${lead ? "lead" : ""}`, title: "the most plants at the round's end earn a chip" },
        `${plants} plant${plants === 1 ? "" : "s"}${lead ? " — the most" : ""}`));
  }

  function playerArea(view, s, seat, table, facts, fresh, winners) {
    const classes = ["hp-player", s === seat ? "mine" : "", view.to_move.includes(s) ? "to-move" : "",
      winners.includes(s) ? "winner" : ""].join(" ");
    return h("section", { class: classes, style: `--seat:${colourOf(s)}`, dataset: { seat: s } },
      h("header", {},
        h("span", { class: "name" }, winners.includes(s) ? "★ " : "", nameOf(table, s, seat)),
        chipToken(view.chips[s], fresh.has(`chips:${s}`) ? "fresh" : ""),
        bidSlot(view, s, seat, fresh)),
      pokerRow(view, s, seat, facts),
      gardenArea(view, s, facts, fresh));
  }

  /* -- your hand -------------------------------------------------------------------------------- */
  function handArea(view, seat, facts, bidActions, send) {
    const inHand = new Set(view.hands[seat]);
    const cards = facts.bids.map((bid) => {
      const pending = view.bid === bid;
      const state = pending ? "pending" : inHand.has(bid) ? "" : "spent";
      return h("span", { class: `hp-handslot ${state}` },
        pokerCard(bid, seat, facts, { action: bidActions.get(bid), send, state }),
        h("span", { class: "tag" }, pending ? "your bid" : state === "spent" ? "spent" : ""));
    });
    const left = view.hands[seat].length;
    return h("section", { class: `hp-hand ${bidActions.size ? "active" : ""}` },
      h("h3", {}, "Your poker cards ", h("span", { class: "count" }, `(${left} in hand this round)`)),
      h("div", { class: "cards" }, cards));
  }

  /* -- animation memory ------------------------------------------------------------------------- */
  /* What is new since the last drawing of this container, to animate that alone (a state message
   * redraws everything; issue 16 saw the reveal's result lines fade in again on each): cards in
   * the display and the gardens, chips, face-down bids, the reveal itself and each result line
   * under it (`outcomeKey`). Nothing is new on the first drawing. */
  const outcomeKey = (reveal, s, i) => `${reveal.index}:${s}:${i}:${reveal.outcome[s][i].type}`;

  function freshness(container, view, facts, reveal) {
    const before = memory.get(container);
    const lines = new Set();
    if (reveal) reveal.outcome.forEach((items, s) => items.forEach((_, i) => lines.add(outcomeKey(reveal, s, i))));
    const now = {
      display: view.display, gardens: view.gardens, chips: view.chips, committed: view.committed,
      reveal: reveal ? reveal.index : 0, lines,
    };
    memory.set(container, now);
    const fresh = new Set();
    if (!before) return { fresh, freshReveal: false };
    for (const k of facts.kinds) {
      for (let i = before.display[k] || 0; i < view.display[k]; i++) fresh.add(`${k}:${i}`);
      view.gardens.forEach((g, s) => {
        for (let i = (before.gardens[s] || {})[k] || 0; i < g[k]; i++) fresh.add(`${s}:${k}:${i}`);
      });
    }
    view.chips.forEach((c, s) => { if (c > (before.chips[s] || 0)) fresh.add(`chips:${s}`); });
    for (const s of view.committed) if (!before.committed.includes(s)) fresh.add(`bid:${s}`);
    for (const key of lines) if (!before.lines.has(key)) fresh.add(key);
    return { fresh, freshReveal: now.reveal !== before.reveal && now.reveal > 0 };
  }

  /* -- the whole drawing ------------------------------------------------------------------------ */
  function render(container, view, seat, legal, send, table) {
    const facts = factsOf(table, view);
    const bidActions = new Map();
    const takeActions = new Map();
    for (const a of legal) {
      if (facts.kinds.includes(a.notation)) takeActions.set(a.notation, a);
      else bidActions.set(a.notation, a);
    }
    const reveal = lastReveal(view, table && table.events, table, seat);
    const { fresh, freshReveal } = freshness(container, view, facts, reveal);
    const winners = view.phase === "over" && table && table.result ? table.result.winners : [];

    const [title, hint] = prompt(view, seat, legal, table);
    const status = h("div", { class: `game-status hp-status ${legal.length ? "mine" : ""} phase-${view.phase}` },
      h("div", { class: "where" },
        h("span", { class: "pill" }, `Round ${view.round}`),
        view.phase === "over" ? null : h("span", { class: "pill" }, `Bid ${Math.min(view.bids_played + 1, facts.hand)} / ${facts.hand}`),
        view.variant && view.variant.beginner ? h("span", { class: "pill alt" }, "Beginners") : null,
        view.stalemates ? h("span", { class: "pill warn" }, "Stalemate") : null),
      h("div", { class: "what" }, h("strong", {}, title), h("span", {}, hint)));

    const felt = h("section", { class: `hp-felt phase-${view.phase}` },
      h("div", { class: "hp-centre" }, pileArea(view), displayArea(view, facts, takeActions, send, fresh), discardArea(view, facts)),
      revealArea(view, seat, table, facts, reveal, fresh, freshReveal));

    const parts = [status, felt];
    if (seated(seat) && view.hands && view.hands[seat]) parts.push(handArea(view, seat, facts, bidActions, send));
    const order = Array.from({ length: view.players }, (_, s) => s);
    if (seated(seat)) order.sort((a, b) => (a === seat ? -1 : b === seat ? 1 : a - b));
    parts.push(h("div", { class: `hp-players players-${view.players}` },
      order.map((s) => playerArea(view, s, seat, table, facts, fresh, winners))));
    container.replaceChildren(h("div", { class: "hp" }, parts));
  }

  /* -- the log ---------------------------------------------------------------------------------- */
  function describe(event, table) {
    const name = (s) => Potager.seatName(table && table.seats, s);
    switch (event.type) {
      case "bid":
        return `${name(event.seat)} bids face down.`;
      case "reveal": {
        const cancelled = event.cancelled.length ? ` (${listNames(event.cancelled.map(name))} cancel out)` : "";
        return `Bids turn over: ${event.bids.map((b, s) => `${name(s)} ${b}`).join(", ")}${cancelled}.`;
      }
      case "take":
        return `${name(event.seat)} takes ${count(event.count, event.kind)}${event.forced ? " (the only kind left)" : ""}.`;
      case "take_all":
        return `${name(event.seat)} takes the whole display ${REASON[event.reason] || ""}: ${cardsLine(event.cards)}.`;
      case "empty_handed":
        return `Nothing left for ${listNames(event.seats.map(name))}.`;
      case "harvest":
        return `${name(event.seat)} harvests ${LABEL[event.kind][1]}: +${event.chips} chip${event.chips === 1 ? "" : "s"}.`;
      case "plague":
        return `Grasshopper plague! ${name(event.seat)} loses the garden (${cardsLine(event.cards)}).`;
      case "stalemate":
        return `Stalemate: ${event.added.length ? `${event.added.map((k) => LABEL[k][0]).join(", ")} added` : "nothing added"}; everyone bids again.`;
      case "double_stalemate":
        return `Second stalemate: the display is discarded (${cardsLine(event.discarded)}).`;
      case "refill":
        return `The display is made up: ${event.cards.map((k) => LABEL[k][0]).join(", ")}.`;
      case "round_scoring":
        return `Round ${event.round} scored (plants ${event.plants.join(" / ")}): ${event.chips_to.length ? `+1 chip to ${listNames(event.chips_to.map(name))}` : "no chip"}.`;
      case "game_end":
        return `Game over: ${listNames(event.winners.map(name))} ${event.winners.length === 1 ? "wins" : "win"} (chips ${event.chips.join(" / ")}).`;
      default:
        return null;
    }
  }

  /* -- the components, for the rules page and the lobby (from the printed facts alone) ---------- */
  function components(printed) {
    const facts = factsOf({ facts: printed }, { display: {} });
    const counts = printed.card_counts;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return {
      className: "hp",
      groups: [
        {
          title: "Garden cards",
          note: `${total} cards, shuffled into the draw pile; ${printed.display_size} lie face up in the display.`,
          items: facts.kinds.map((kind) => ({ picture: gardenCard(kind, "", "--w: var(--gw)"), caption: `${LABEL[kind][0]} ×${counts[kind]}` })),
        },
        {
          title: "Poker cards",
          note: `Each player holds ${facts.hand} in their own colour, taken back after every round.`,
          items: facts.bids.map((bid) => ({
            picture: pokerCard(bid, 0, facts),
            caption: bid === facts.ace ? "the Ace" : bid === facts.x ? "the X" : bid,
          })),
        },
        {
          title: "Win chips",
          note: `${facts.harvest} plants of one kind are harvested for a chip; ${facts.plague} grasshoppers eat the garden.`,
          items: [{ picture: chipToken(1), caption: "a chip" }],
        },
      ],
    };
  }

  Potager.registerGame("heuschrecken-poker", { render, describe, components, handlesActions: true, stylesheet: true });
})();
