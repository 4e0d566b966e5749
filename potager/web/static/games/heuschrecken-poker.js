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
  const { h, t, tn } = Potager;

  /* Each kind of garden card: its name and a count of it ("3 strawberries"), in the page's
   * language as the rulebook names them (potager/web/GLOSSARY.md). */
  const KINDS = {
    corn: { name: () => t("corn"), count: (n) => tn(n, "{n} corn", "{n} corn") },
    strawberry: { name: () => t("strawberry"), count: (n) => tn(n, "{n} strawberry", "{n} strawberries") },
    broccoli: { name: () => t("broccoli"), count: (n) => tn(n, "{n} broccoli", "{n} broccoli") },
    blackberry: { name: () => t("blackberry"), count: (n) => tn(n, "{n} blackberry", "{n} blackberries") },
    grasshopper: { name: () => t("grasshopper"), count: (n) => tn(n, "{n} grasshopper", "{n} grasshoppers") },
  };
  const kindName = (kind) => (KINDS[kind] ? KINDS[kind].name() : kind);
  /* The four colour sets of poker cards, one per seat. */
  const SEAT_COLOURS = ["#2563eb", "#c2410c", "#7e22ce", "#0f766e"]; // each 4.5:1 or more on white
  /* Why a seat took the whole display (the `take_all` event's reason). */
  const REASON = {
    ace: () => t("with the Ace"), x: () => t("with the X card (over the Ace)"), alone: () => t("as the only taker"),
  };
  const reasonOf = (reason) => (REASON[reason] ? REASON[reason]() : "");

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
  /* `you` when seat `s` is the viewer's, else `other`: two whole texts, as each language
   * conjugates its own verb (never a verb's ending glued on). */
  const verb = (s, viewer, you, other) => (seated(viewer) && s === viewer ? you : other);
  const count = (n, kind) => (KINDS[kind] ? KINDS[kind].count(n) : `${n} ${kind}`);
  const cardsLine = (cards) => Potager.listOf(Object.entries(cards).filter(([, n]) => n).map(([k, n]) => count(n, k))) || t("nothing");
  const listNames = Potager.listOf;
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
      round: f.round_chips ?? 1,
      chips: f.harvest_chips ?? 1,
      counts: f.card_counts || {},
      beginner: Boolean(view.variant && view.variant.beginner),
    };
  }

  /* -- what each component is worth and when it scores (Potager.explain), from the facts ------- */
  function cardWorth(kind, facts) {
    const inGame = facts.counts[kind] ? t("{cards} in the game.", { cards: count(facts.counts[kind], kind) }) : "";
    if (kind === facts.grasshopper) {
      return `${inGame} ${t("Worth nothing and not a plant: {plague} in a garden eat all of it, the cards just taken included, before any harvest.", { plague: facts.plague })}`;
    }
    return `${inGame} ${tn(facts.chips, "Every {set} in your garden are harvested at once for {n} win chip.", "Every {set} in your garden are harvested at once for {n} win chips.", { set: facts.harvest })} ${tn(facts.round, "A plant: the most plants at a round's end earn {n} win chip.", "A plant: the most plants at a round's end earn {n} win chips.")}`;
  }

  function bidWorth(bid, facts) {
    if (bid === facts.ace) {
      return facts.beginner ? t("The Ace takes the whole display; two Aces cancel out.")
        : t("The Ace takes the whole display, unless exactly one X card is played too; two Aces cancel out.");
    }
    if (bid === facts.x) {
      return facts.beginner ? t("The X card is a pass: it takes nothing (beginners' variant).")
        : t("The X card takes the whole display from a lone Ace; with no Ace it takes nothing.");
    }
    return t("Poker card {bid}: the highest number not cancelled picks a kind of the display first, then the next; equal bids cancel out. Back to hand at the round's end.", { bid });
  }

  const chipWorth = (n) => tn(n, "{n} win chip: the most win chips at the game's end win; a tie goes to the fewest grasshoppers in the garden.",
    "{n} win chips: the most win chips at the game's end win; a tie goes to the fewest grasshoppers in the garden.");

  /* -- cards ------------------------------------------------------------------------------------ */
  /* A garden card; with `facts`, it explains what it is worth. */
  function gardenCard(kind, extra = "", style = null, facts = null) {
    const el = h("span", { class: `hp-gc kind-${kind} ${extra}`, title: kindName(kind), role: "img", "aria-label": kindName(kind), style });
    el.innerHTML = `<svg viewBox="0 0 48 48" aria-hidden="true">${ART[kind]}</svg>`;
    return facts ? Potager.explain(el, cardWorth(kind, facts)) : el;
  }

  const gardenBack = (extra = "", style = null) => h("span", { class: `hp-gc back ${extra}`, style, "aria-hidden": "true" });

  /* A poker card's face, its value drawn three times: CSS text (`data-glyph`), so that a screen
   * reader says the card's name once, not "5 5 5". */
  function pokerFace(bid, facts) {
    const special = bid === facts.ace ? "ace" : bid === facts.x ? "x" : "number";
    return [
      h("span", { class: "corner tl", dataset: { glyph: bid } }),
      h("span", { class: `value ${special}`, dataset: { glyph: bid } }),
      h("span", { class: "corner br", dataset: { glyph: bid } }),
    ];
  }

  /* A poker card's name: the Ace, the X card, poker card 5. */
  function pokerName(bid, facts) {
    if (bid === facts.ace) return t("the Ace");
    if (bid === facts.x) return t("the X card");
    return t("poker card {bid}", { bid });
  }

  /* A poker card of seat `s`. opts: action+send (a legal bid), state (spent | pending |
   * cancelled), fresh (flip in), delay (of the flip), size. */
  function pokerCard(bid, s, facts, opts = {}) {
    const classes = ["hp-pc", opts.size || "", opts.state || "", opts.fresh ? "fresh" : "",
      opts.action ? "playable" : ""].join(" ");
    const style = `--seat:${colourOf(s)};${opts.delay ? `animation-delay:${opts.delay}ms` : ""}`;
    const title = opts.title || pokerName(bid, facts);
    if (!opts.action) {
      const worth = opts.title ? `${opts.title}. ${bidWorth(bid, facts)}` : bidWorth(bid, facts);
      return Potager.explain(h("span", { class: classes, style, role: "img", "aria-label": title, dataset: { bid } }, pokerFace(bid, facts)), worth);
    }
    const name = t("Bid {card}", { card: pokerName(bid, facts) });
    return Potager.explain(h("button", {
      type: "button", class: classes, style, "aria-label": name, "aria-keyshortcuts": bid,
      dataset: { bid, action: opts.action.notation }, onclick: () => opts.send(opts.action.action),
    }, pokerFace(bid, facts)), bidWorth(bid, facts));
  }

  function pokerBack(s, extra = "", peek = null) {
    const title = peek ? t("your face-down bid: {bid}", { bid: peek }) : t("a face-down bid");
    return h("span", {
      class: `hp-pc back ${extra}`, style: `--seat:${colourOf(s)}`, title, role: "img", "aria-label": title,
    }, peek ? h("span", { class: "peek" }, peek) : null);
  }

  /* Win chips; `worth`: it explains what they are worth. */
  function chipToken(n, extra = "", worth = true) {
    const title = tn(n, "{n} win chip", "{n} win chips");
    const el = h("span", { class: `hp-chip ${extra}`, title, role: "img", "aria-label": title }, String(n));
    return worth ? Potager.explain(el, chipWorth(n)) : el;
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
          ? t("Stalemate: nobody may take. A card is added ({cards}); everyone bids again.", { cards: Potager.listOf(e.added.map(kindName)) })
          : t("Stalemate: nobody may take, and the draw pile is empty.") });
      } else if (e.type === "double_stalemate") {
        notes.push({ cls: "stalemate", text: t("Second stalemate in a row: the display goes to the discard pile ({cards}).", { cards: cardsLine(e.discarded) }) });
      } else if (e.type === "round_scoring") {
        const to = e.chips_to.map(name);
        notes.push({ cls: "round", text: to.length
          ? t("Round {round} scored: the most plants, +1 win chip to {names}. Poker cards back to hand.", { round: e.round, names: listNames(to) })
          : t("Round {round} scored: nobody has any plant. Poker cards back to hand.", { round: e.round }) });
      }
    }
    return { bids: reveal.bids, cancelled: reveal.cancelled, outcome, notes, index: reveals };
  }

  /* -- the end: how the win chips came about, round by round ------------------------------------ */
  /* Per round scored, from the public events (every seat hears each one): each seat's chips
   * harvested, the gardens eaten by grasshoppers (the plants lost), its plants at the round's
   * scoring and whether they were the most (+1 win chip). */
  function roundsOf(events, players, facts) {
    const rounds = [];
    const fresh = () => Array.from({ length: players }, () => ({ harvested: 0, eaten: 0, lost: 0 }));
    let seats = fresh();
    for (const e of events || []) {
      if (e.type === "harvest") seats[e.seat].harvested += e.chips;
      else if (e.type === "plague") {
        seats[e.seat].eaten += 1;
        seats[e.seat].lost += facts.kinds.reduce((sum, k) => sum + (k === facts.grasshopper ? 0 : e.cards[k] || 0), 0);
      } else if (e.type === "round_scoring") {
        rounds.push({ round: e.round, seats: seats.map((x, s) => ({ ...x, plants: e.plants[s], most: e.chips_to.includes(s) })) });
        seats = fresh();
      }
    }
    return rounds;
  }

  /* The score sheet at the game's end: a row per round, a column per player (the chips the round
   * gave and why), then the win chips and the grasshoppers left (the tie-break). */
  function scoreSheet(view, seat, table, facts) {
    const rounds = roundsOf(table && table.events, view.players, facts);
    if (!rounds.length) return null;
    const order = Array.from({ length: view.players }, (_, s) => s);
    const cell = (x) => {
      const chips = x.harvested + (x.most ? facts.round : 0);
      const lines = [];
      if (x.harvested) lines.push(h("li", {}, tn(x.harvested, "harvested: +{n} win chip", "harvested: +{n} win chips")));
      lines.push(h("li", {}, tn(x.plants, "{n} plant", "{n} plants")));
      if (x.most) lines.push(h("li", { class: "most" }, tn(facts.round, "the most plants: +{n} win chip", "the most plants: +{n} win chips")));
      if (x.eaten) {
        const plants = tn(x.lost, "{n} plant lost", "{n} plants lost");
        lines.push(h("li", { class: "eaten" }, x.eaten === 1 ? t("eaten by grasshoppers ({plants})", { plants })
          : t("eaten by grasshoppers {n} times ({plants})", { n: x.eaten, plants })));
      }
      return h("td", {}, h("strong", {}, chips ? `+${chips}` : "0"), h("ul", {}, lines));
    };
    const heading = t("How the win chips came, round by round");
    // On a phone the sheet scrolls sideways: a region the keyboard may scroll too.
    return h("section", { class: "hp-sheet" },
      h("h3", {}, heading),
      h("div", { class: "hp-sheet-scroll", role: "region", tabindex: "0", "aria-label": heading }, h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Round")),
          order.map((s) => h("th", { scope: "col", style: `--seat:${colourOf(s)}` }, nameOf(table, s, seat))))),
        h("tbody", {}, rounds.map((r) => h("tr", {}, h("th", { scope: "row" }, String(r.round)), r.seats.map(cell)))),
        h("tfoot", {},
          h("tr", {}, h("th", { scope: "row" }, t("Win chips")), order.map((s) => h("td", {}, h("strong", {}, String(view.chips[s]))))),
          h("tr", {}, h("th", { scope: "row" }, t("Grasshoppers left (fewest wins a tie)")),
            order.map((s) => h("td", {}, String(view.gardens[s][facts.grasshopper]))))))));
  }

  /* -- the status line ------------------------------------------------------------------------- */
  function prompt(view, seat, legal, table) {
    const name = (s) => nameOf(table, s, seat);
    const mine = legal.length > 0;
    if (table && table.status === "waiting") return [t("Waiting for players"), Potager.waitingForSeats(table.seats)];
    if (view.phase === "over") {
      const winners = table && table.result ? table.result.winners : [];
      const names = listNames(winners.map(name));
      let line = t("Every garden card has been used.");
      if (winners.length === 1 && seated(seat) && winners[0] === seat) line = t("You win with the most win chips (ties: fewest grasshoppers).");
      else if (winners.length === 1) line = t("{names} wins with the most win chips (ties: fewest grasshoppers).", { names });
      else if (winners.length) line = t("{names} win with the most win chips (ties: fewest grasshoppers).", { names });
      return [t("Game over"), line];
    }
    if (view.phase === "take") {
      const taker = view.takers[0];
      if (mine) return [t("Take a kind"), t("Click a stack in the display: you take every card of that kind.")];
      return [verb(taker, seat, t("You pick a kind"), t("{name} picks a kind", { name: name(taker) })),
        t("Highest bid first; each taker takes every card of one kind.")];
    }
    const again = view.stalemates;
    if (mine) {
      const rule = view.variant && view.variant.beginner
        ? t("Everyone chooses at the same time; the bids turn over together. Equal cards cancel out; the Ace takes the whole display.")
        : t("Everyone chooses at the same time; the bids turn over together. Equal cards cancel out; the Ace takes the whole display (unless one X card answers it).");
      return [again ? t("Stalemate — bid a poker card again") : t("Bid a poker card"), rule];
    }
    const waiting = t("Waiting for {names}.", { names: listNames(view.to_move.map(name)) });
    if (seated(seat) && view.bid) {
      return [again ? t("Stalemate — your new bid is down: {bid}", { bid: view.bid }) : t("Your bid is down: {bid}", { bid: view.bid }), waiting];
    }
    return [again ? t("Stalemate — everyone bids again") : t("Everyone bids"), waiting];
  }

  /* -- the table: pile, display, discard ------------------------------------------------------- */
  function pileArea(view) {
    const depth = Math.min(4, Math.ceil(view.pile / 16));
    const backs = Array.from({ length: Math.max(depth, view.pile ? 1 : 0) }, (_, i) =>
      gardenBack("", `--i:${i}`));
    return h("div", { class: "hp-pile", title: tn(view.pile, "{n} garden card left to draw", "{n} garden cards left to draw") },
      h("div", { class: `hp-heap ${view.pile ? "" : "empty"}` }, backs),
      h("div", { class: "hp-label" }, h("b", {}, String(view.pile)), " ", t("to draw")));
  }

  function discardArea(view, facts) {
    const total = facts.kinds.reduce((sum, k) => sum + view.discard[k], 0);
    const top = facts.kinds.filter((k) => view.discard[k]).slice(-2);
    return h("div", { class: "hp-discard", title: t("discard pile: {cards}", { cards: cardsLine(view.discard) }) },
      h("div", { class: `hp-heap ${total ? "" : "empty"}` },
        top.map((k, i) => gardenCard(k, "discarded", `--i:${i}`))),
      h("div", { class: "hp-label" }, h("b", {}, String(total)), " ", t("discarded")),
      total ? h("ul", { class: "hp-tally" }, facts.kinds.filter((k) => view.discard[k]).map((k) =>
        h("li", { title: count(view.discard[k], k) }, gardenCard(k, "icon"), String(view.discard[k])))) : null);
  }

  /* The display's stacks; a stack one may take has its place's number as its shortcut key. */
  function displayArea(view, facts, takeActions, send, fresh) {
    const stacks = facts.kinds.filter((k) => view.display[k]).map((kind, i) => {
      const n = view.display[kind];
      const cards = Array.from({ length: n }, (_, i) => gardenCard(kind, fresh.has(`${kind}:${i}`) ? "fresh" : "", `--i:${i}`));
      const inner = [h("span", { class: "fan", style: `--n:${n}`, "aria-hidden": "true" }, cards),
        h("span", { class: "badge", dataset: { glyph: `×${n}` } }),
        h("span", { class: "hp-label" }, count(n, kind))];
      const action = takeActions.get(kind);
      if (!action) {
        return Potager.explain(h("div", { class: `hp-stack kind-${kind}`, role: "img", "aria-label": count(n, kind), dataset: { kind } }, inner), cardWorth(kind, facts));
      }
      const name = t("Take {cards}", { cards: count(n, kind) });
      return Potager.explain(h("button", {
        type: "button", class: `hp-stack kind-${kind} playable`, "aria-label": name,
        "aria-keyshortcuts": String(i + 1), dataset: { kind, action: action.notation }, onclick: () => send(action.action),
      }, inner), cardWorth(kind, facts));
    });
    return h("div", { class: `hp-display ${takeActions.size ? "choosing" : ""}` },
      h("div", { class: "hp-caption" }, t("Display")),
      h("div", { class: "stacks" }, stacks.length ? stacks : h("span", { class: "hp-empty" }, t("empty"))));
  }

  /* -- the reveal: every bid face up, cancelled ones crossed out, then who took what ----------- */
  function outcomeLine(item, s, seat, facts) {
    if (item.type === "take") {
      const cards = count(item.n, item.kind);
      const text = item.forced
        ? verb(s, seat, t("take {cards} (last kind)", { cards }), t("takes {cards} (last kind)", { cards }))
        : verb(s, seat, t("take {cards}", { cards }), t("takes {cards}", { cards }));
      return h("li", { class: "got" }, gardenCard(item.kind, "icon"), text);
    }
    if (item.type === "all") {
      const kinds = Object.entries(item.cards).filter(([, n]) => n);
      const reason = reasonOf(item.reason);
      return h("li", { class: "got all" }, kinds.map(([k]) => gardenCard(k, "icon")),
        verb(s, seat, t("take the whole display {reason}", { reason }), t("takes the whole display {reason}", { reason })));
    }
    if (item.type === "empty") return h("li", { class: "empty" }, t("nothing left"));
    if (item.type === "harvest") {
      return h("li", { class: "harvest" }, chipToken(item.chips, "tiny", false),
        verb(s, seat, t("harvest {cards}", { cards: count(item.chips * facts.harvest, item.kind) }),
          t("harvests {cards}", { cards: count(item.chips * facts.harvest, item.kind) })));
    }
    if (item.type === "plague") return h("li", { class: "plague" }, gardenCard("grasshopper", "icon"), t("plague of grasshoppers! the garden is eaten"));
    return null;
  }

  function revealArea(view, seat, table, facts, reveal, fresh, freshReveal) {
    if (!reveal) {
      return h("div", { class: "hp-reveal none" },
        h("div", { class: "hp-caption" }, t("Bids")),
        h("p", { class: "hp-empty" }, t("The bids turn over here, all at once.")));
    }
    const cancelled = new Set(reveal.cancelled);
    const takers = view.phase === "take" ? view.takers : [];
    const spots = reveal.bids.map((bid, s) => {
      const isCancelled = cancelled.has(s);
      const lines = reveal.outcome[s].map((item, i) => {
        const line = outcomeLine(item, s, seat, facts);
        if (line && fresh.has(outcomeKey(reveal, s, i))) line.classList.add("fresh");
        return line;
      }).filter(Boolean);
      const queue = takers.indexOf(s);
      if (queue === 0) lines.push(h("li", { class: "picking" }, verb(s, seat, t("pick a kind…"), t("picks a kind…"))));
      else if (queue > 0) lines.push(h("li", { class: "queued" }, queue === 1 ? t("picks next") : t("waits to pick")));
      if (isCancelled) lines.unshift(h("li", { class: "cancel" }, t("cancelled")));
      else if (!lines.length && bid === facts.x) lines.push(h("li", { class: "empty" }, view.variant && view.variant.beginner ? t("a pass") : t("no Ace to beat")));
      else if (!lines.length) lines.push(h("li", { class: "empty" }, t("gets nothing")));
      if (freshReveal) for (const line of lines) line.classList.add("fresh");
      return h("div", { class: `hp-bid ${isCancelled ? "cancelled" : ""} ${queue === 0 ? "taker" : ""}`, dataset: { seat: s, bid } },
        h("span", { class: "who", style: `--seat:${colourOf(s)}` }, nameOf(table, s, seat)),
        h("span", { class: "slot" }, pokerCard(bid, s, facts, {
          fresh: freshReveal, delay: freshReveal ? s * 90 : 0, state: isCancelled ? "cancelled" : "",
        }), isCancelled ? h("span", { class: `cross ${freshReveal ? "fresh" : ""}`, "aria-hidden": "true" }) : null),
        h("ul", { class: "outcome" }, lines));
    });
    const title = view.phase === "take" ? t("Bids revealed") : t("Last bids");
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
        h("span", { class: "note" }, peek ? t("your bid") : t("has bid")));
    }
    if (view.phase === "bid" && view.to_move.includes(s)) {
      return h("span", { class: "hp-bidslot waiting" }, h("span", { class: "hp-pc small slot" }),
        h("span", { class: "note" }, t("choosing…")));
    }
    if (view.phase === "take" && view.takers[0] === s) {
      return h("span", { class: "hp-bidslot picking" }, h("span", { class: "note" }, t("picking…")));
    }
    return h("span", { class: "hp-bidslot" });
  }

  function pokerRow(view, s, seat, facts) {
    const inHand = new Set(view.hands[s]);
    return h("div", { class: "hp-pokers", title: tn(view.hands[s].length, "{n} poker card in hand", "{n} poker cards in hand") },
      facts.bids.map((bid) => {
        const pending = s === seat && view.bid === bid;
        return pokerCard(bid, s, facts, {
          size: "mini", state: pending ? "pending" : inHand.has(bid) ? "" : "spent",
          title: pending ? t("{bid}: your face-down bid", { bid }) : inHand.has(bid) ? t("{bid}: in hand", { bid }) : t("{bid}: spent this round", { bid }),
        });
      }));
  }

  const plantsOf = (garden, facts) => facts.kinds.reduce((sum, k) => sum + (k === facts.grasshopper ? 0 : garden[k]), 0);

  function gardenArea(view, s, facts, fresh) {
    const garden = view.gardens[s];
    const hop = facts.grasshopper;
    const cards = (kind) => Array.from({ length: garden[kind] }, (_, i) =>
      gardenCard(kind, fresh.has(`${s}:${kind}:${i}`) ? "fresh" : "", null, facts));
    const danger = garden[hop] === facts.plague - 1;
    const rows = facts.kinds.filter((k) => k !== hop).map((kind) => {
      const n = garden[kind];
      const title = t("{cards}: {set} are harvested for a win chip", { cards: count(n, kind), set: facts.harvest });
      return Potager.explain(h("div", { class: `hp-row kind-${kind}`, dataset: { kind } },
        n ? cards(kind) : gardenCard(kind, "ghost", null, facts),
        h("span", { class: "tally" }, `${n}/${facts.harvest}`)), title);
    });
    const plants = plantsOf(garden, facts);
    const most = Math.max(...view.gardens.map((g) => plantsOf(g, facts)));
    const lead = plants > 0 && plants === most;
    return h("div", { class: "hp-garden" },
      Potager.explain(h("div", { class: `hp-hoppers ${danger ? "danger" : ""}` },
        garden[hop] ? cards(hop) : gardenCard(hop, "ghost", null, facts),
        h("span", { class: "tally" }, danger
          ? t("{n}/{plague}: one more eats the garden!", { n: garden[hop], plague: facts.plague })
          : `${garden[hop]}/${facts.plague}`)),
      t("{cards}: {plague} eat the garden", { cards: count(garden[hop], hop), plague: facts.plague })),
      h("div", { class: "hp-rows" }, rows),
      h("div", { class: `hp-plants ${lead ? "lead" : ""}`, title: t("the most plants at the round's end earn a win chip") },
        lead ? tn(plants, "{n} plant — the most", "{n} plants — the most") : tn(plants, "{n} plant", "{n} plants")));
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
        h("span", { class: "tag" }, pending ? t("your bid") : state === "spent" ? t("spent") : ""));
    });
    const left = view.hands[seat].length;
    return h("section", { class: `hp-hand ${bidActions.size ? "active" : ""}` },
      h("h3", {}, t("Your poker cards"), " ", h("span", { class: "count" }, tn(left, "({n} in hand this round)", "({n} in hand this round)"))),
      h("div", { class: "cards" }, cards));
  }

  /* -- animation memory ------------------------------------------------------------------------- */
  /* What is new since the last drawing of this container, to animate that alone (a state message
   * redraws everything; we saw the reveal's result lines fade in again on each): cards in
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
        h("span", { class: "pill" }, t("Round {round}", { round: view.round })),
        view.phase === "over" ? null : h("span", { class: "pill" }, t("Bid {n} / {of}", { n: Math.min(view.bids_played + 1, facts.hand), of: facts.hand })),
        view.variant && view.variant.beginner ? h("span", { class: "pill alt" }, t("Beginners' variant")) : null,
        view.stalemates ? h("span", { class: "pill warn" }, t("Stalemate")) : null),
      h("div", { class: "what" }, h("strong", {}, title), h("span", {}, hint)));

    const felt = h("section", { class: `hp-felt phase-${view.phase}` },
      h("div", { class: "hp-centre" }, pileArea(view), displayArea(view, facts, takeActions, send, fresh), discardArea(view, facts)),
      revealArea(view, seat, table, facts, reveal, fresh, freshReveal));

    const parts = view.phase === "over" ? [status, scoreSheet(view, seat, table, facts), felt] : [status, felt];
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
    const facts = factsOf(table, { display: {} });
    switch (event.type) {
      case "bid":
        return t("{name} bids face down.", { name: name(event.seat) });
      case "reveal": {
        const bids = Potager.listOf(event.bids.map((bid, s) => `${name(s)} ${bid}`));
        return event.cancelled.length
          ? t("Bids turn over: {bids} ({names} cancel out).", { bids, names: listNames(event.cancelled.map(name)) })
          : t("Bids turn over: {bids}.", { bids });
      }
      case "take": {
        const params = { name: name(event.seat), cards: count(event.count, event.kind) };
        return event.forced ? t("{name} takes {cards} (the only kind left).", params) : t("{name} takes {cards}.", params);
      }
      case "take_all":
        return t("{name} takes the whole display {reason}: {cards}.", {
          name: name(event.seat), reason: reasonOf(event.reason), cards: cardsLine(event.cards),
        });
      case "empty_handed":
        return t("Nothing left for {names}.", { names: listNames(event.seats.map(name)) });
      case "harvest":
        return tn(event.chips, "{name} harvests {cards}: +{n} win chip.", "{name} harvests {cards}: +{n} win chips.", {
          name: name(event.seat), cards: count(event.chips * facts.harvest, event.kind),
        });
      case "plague":
        return t("Plague of grasshoppers! {name} loses the garden ({cards}).", { name: name(event.seat), cards: cardsLine(event.cards) });
      case "stalemate":
        return event.added.length
          ? t("Stalemate: {cards} added; everyone bids again.", { cards: Potager.listOf(event.added.map(kindName)) })
          : t("Stalemate: nothing added; everyone bids again.");
      case "double_stalemate":
        return t("Second stalemate: the display is discarded ({cards}).", { cards: cardsLine(event.discarded) });
      case "refill":
        return t("The display is made up: {cards}.", { cards: Potager.listOf(event.cards.map(kindName)) });
      case "round_scoring": {
        const plants = event.plants.join(" / ");
        return event.chips_to.length
          ? t("Round {round} scored (plants {plants}): +1 win chip to {names}.", { round: event.round, plants, names: listNames(event.chips_to.map(name)) })
          : t("Round {round} scored (plants {plants}): no win chip.", { round: event.round, plants });
      }
      case "game_end": {
        const params = { names: listNames(event.winners.map(name)), chips: event.chips.join(" / ") };
        return event.winners.length === 1
          ? t("Game over: {names} wins (win chips {chips}).", params)
          : t("Game over: {names} win (win chips {chips}).", params);
      }
      default:
        return null;
    }
  }

  /* -- a move in words, for the replay and the hint (README: `label`) ---------------------------- */
  function label(notation, table) {
    const facts = factsOf(table, { display: {} });
    if (facts.kinds.includes(notation)) return t("take the kind {kind}", { kind: kindName(notation) });
    if (facts.bids.includes(notation)) return t("bid {card}", { card: pokerName(notation, facts) });
    return null;
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
          title: t("Garden cards"),
          note: t("{total} cards, shuffled into the draw pile; {display} lie face up in the display.", { total, display: printed.display_size }),
          items: facts.kinds.map((kind) => ({ picture: gardenCard(kind, "", "--w: var(--gw)", facts), caption: `${kindName(kind)} ×${counts[kind]}` })),
        },
        {
          title: t("Poker cards"),
          note: t("Each player holds {n} in their own colour, taken back after every round.", { n: facts.hand }),
          items: facts.bids.map((bid) => ({
            picture: pokerCard(bid, 0, facts),
            caption: bid === facts.ace ? t("the Ace") : bid === facts.x ? t("the X card") : bid,
          })),
        },
        {
          title: t("Win chips"),
          note: t("{set} plants of one kind are harvested for a win chip; {plague} grasshoppers eat the garden.", { set: facts.harvest, plague: facts.plague }),
          items: [{ picture: chipToken(1), caption: t("a win chip") }],
        },
      ],
    };
  }

  Potager.registerGame("heuschrecken-poker", { render, describe, label, components, handlesActions: true, stylesheet: true });
})();
