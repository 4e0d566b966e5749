/* Pas de Haricots (Amigo) in the browser: the tarot cards, the bean, the face-down cards, the
 * reveal, the taking chain, every player's series and the score pad.
 *
 * Drawn only from the view (potager/games/pas_de_haricots/__init__.py documents its keys), from
 * the public events passed as `table.events` (the taking chain of the turn) and from the printed
 * facts passed as `table.facts` (the game's `facts()`, built from its data.py: the suits, the
 * rank names, the trumps, the minus ranks and the Roi, the deal; never copied here). Every legal
 * move is a card carrying `data-action="<notation>"` (`play H7`, `take H7`).
 */
"use strict";

(() => {
  const { h, t, tn } = Potager;

  const SYMBOL = { H: "♥", D: "♦", S: "♠", C: "♣" };
  const BEAN_SVG = `<svg viewBox="0 0 48 32" aria-hidden="true"><path class="bean-body"
    d="M5 17C1 7 11 0 21 4c4 2 7 2 11-1 8-5 17 3 14 13-3 11-16 16-27 14C12 29 7 24 5 17z"/>
    <path class="bean-shine" d="M12 10c3-3 7-3 10-1"/><path class="bean-eye"
    d="M29 9c2-1 4-1 5 1"/></svg>`;
  const NO_BEAN_SVG = `<svg viewBox="0 0 48 48" aria-hidden="true"><circle class="no-ring" cx="24"
    cy="24" r="20"/><g transform="translate(8 14) scale(.68)"><path class="bean-body"
    d="M5 17C1 7 11 0 21 4c4 2 7 2 11-1 8-5 17 3 14 13-3 11-16 16-27 14C12 29 7 24 5 17z"/></g>
    <path class="no-bar" d="M10 38L38 10"/></svg>`;

  /* Fresh-state memory per drawing: which cards were already face up (animate only new ones). */
  const seen = new WeakMap();

  /* -- cards ----------------------------------------------------------------------------------- */
  /* The deck read from the game's facts (one per facts object): each trump is one suit's
   * "Pas de Haricots" card, which makes that series worth 0; a court card shows its rank's
   * letter in the notation (J, N, Q, K: we found the French R, C, D, V on the cards where
   * the notation and the docs use these), its rulebook name and what it does to its series (a
   * minus rank: −, the Roi: ×2); `legend` explains the letters on the page. */
  const decks = new WeakMap();
  function deckOf(facts) {
    if (!decks.has(facts)) {
      const trumps = facts.pas_de_haricots;
      const court = (rank) => {
        const name = facts.rank_names[rank];
        if (!name) return null;
        return [rank, name, rank === facts.doubler_rank ? "×2" : facts.minus_ranks.includes(rank) ? "−" : ""];
      };
      decks.set(facts, {
        facts, suits: facts.suits, suitName: facts.suit_names, trumpSuit: (card) => trumps[card], court,
        suitOf: (card) => trumps[card] || card[0], isTrump: (card) => card in trumps,
      });
    }
    return decks.get(facts);
  }
  const rankOf = (card) => card.slice(1);

  /* The facts' names of the suits and the court cards (English suits, the French rulebook's
   * court cards) in the page's language: German and Italian tarot decks have their own court
   * cards (Bube, Reiter, Dame, König; Fante, Cavallo, Regina, Re: potager/web/GLOSSARY.md). */
  const WORDS = {
    hearts: () => t("hearts"), diamonds: () => t("diamonds"), spades: () => t("spades"), clubs: () => t("clubs"),
    Valet: () => t("Valet"), Cavalier: () => t("Cavalier"), Dame: () => t("Dame"), Roi: () => t("Roi"),
  };
  const word = (name) => (WORDS[name] ? WORDS[name]() : name);
  const suitWord = (deck, suit) => word(deck.suitName[suit]);

  function cardName(deck, card) {
    if (deck.isTrump(card)) return t("trump {n} (no beans in {suit})", { n: card.slice(1), suit: suitWord(deck, deck.trumpSuit(card)) });
    const court = deck.court(rankOf(card));
    return t("{rank} of {suit}", { rank: court ? word(court[1]) : rankOf(card), suit: suitWord(deck, card[0]) });
  }

  /* What a card is worth and when it scores (Potager.explain), from the facts: at the hand's
   * end, in the series of its suit that it joins (every card played goes to an opponent). */
  function cardWorth(deck, card) {
    const { facts } = deck;
    const name = cardName(deck, card);
    const suit = deck.suitOf(card);
    const params = {
      card: name, suit: suitWord(deck, suit),
      minus: Potager.listOf(facts.minus_ranks.map((r) => word(facts.rank_names[r]))),
      king: word(facts.rank_names[facts.doubler_rank]),
      trump: Object.keys(facts.pas_de_haricots).find((k) => facts.pas_de_haricots[k] === suit),
    };
    if (deck.isTrump(card)) return t("{card}: the series of {suit} it joins is worth 0 at the hand's end, whatever else is in it.", params);
    const rank = rankOf(card);
    if (rank === facts.doubler_rank) return t("{card}: worth nothing itself, it doubles the series of {suit} it joins at the hand's end, positive or negative.", params);
    if (facts.minus_ranks.includes(rank)) {
      return t("{card}: a minus card, worth nothing itself: with an odd number of minus cards ({minus}) the series of {suit} it joins counts negative at the hand's end.", params);
    }
    return t("{card}: worth {n} in the series of {suit} it joins at the hand's end; negative with an odd number of minus cards ({minus}), doubled by the {king}, 0 with trump {trump}.", { ...params, n: facts.pips[rank] });
  }

  /* Short text of a card for the log: 7♥, Dame♠, T2. */
  function cardText(deck, card) {
    if (deck.isTrump(card)) return `${card}${SYMBOL[deck.trumpSuit(card)]}`;
    const court = deck.court(rankOf(card));
    return `${court ? word(court[1]) : rankOf(card)}${SYMBOL[card[0]]}`;
  }

  function bean(extra = "") {
    const el = h("span", { class: `pdh-bean ${extra}`, title: t("the bean"), role: "img", "aria-label": t("the bean") });
    el.innerHTML = BEAN_SVG;
    return el;
  }

  /* A card face. `opts`: size ("mini" | "small"), action (legal move) and send, bean, fresh.
   * Its marks (corners, rank, ribbon) are CSS text (`data-glyph`): the card is a picture named
   * once, and a card button's name holds all its visible text (axe's "label in name"). */
  function card(deck, code, opts = {}) {
    const suit = deck.suitOf(code);
    const trump = deck.isTrump(code);
    const rank = rankOf(code);
    const court = !trump && deck.court(rank);
    const corner = trump ? `T${rank}` : court ? court[0] : rank;
    const classes = ["pdh-card", `suit-${suit}`, trump ? "trump" : "", court ? "court" : "",
      opts.size || "", opts.action ? "playable" : "", opts.bean ? "has-bean" : "",
      opts.fresh ? "fresh" : "", opts.dim ? "dim" : ""].join(" ");
    const glyph = (cls, text) => h("span", { class: cls, dataset: { glyph: text } });
    const centre = trump
      ? h("span", { class: "face trump-face" }, h("span", { class: "no-bean" }),
        glyph("ribbon", "Pas de\nHaricots")) // i18n: not text (the card's name in every language)
      : court
        ? h("span", { class: "face court-face" }, glyph("court-letter", court[0]),
          glyph("ribbon", word(court[1])), glyph("effect", court[2]))
        : h("span", { class: "face pip-face" }, glyph("pip", SYMBOL[suit]), glyph("pip-value", rank));
    if (trump) centre.querySelector(".no-bean").innerHTML = NO_BEAN_SVG;
    const cornerOf = (where) => h("span", { class: `corner ${where}` },
      h("b", { dataset: { glyph: corner } }), h("i", { dataset: { glyph: SYMBOL[suit] } }));
    const children = [
      cornerOf("tl"),
      opts.size === "mini" ? null : centre,
      opts.size === "mini" ? null : cornerOf("br"),
      opts.bean ? bean("on-card") : null,
    ];
    const name = cardName(deck, code);
    const attrs = { class: classes, dataset: { card: code } };
    if (!opts.action) return Potager.explain(h("span", { ...attrs, role: "img", "aria-label": name }, children), cardWorth(deck, code));
    return Potager.explain(h("button", {
      ...attrs, type: "button", dataset: { card: code, action: opts.action.notation },
      "aria-label": moveWords(deck, opts.action.notation), "aria-keyshortcuts": opts.shortcut,
      onclick: () => opts.send(opts.action.action),
    }, children), cardWorth(deck, code));
  }

  /* A move in words from its notation ("play H7": "Play the 7 of hearts"), or null. */
  function moveWords(deck, notation) {
    const [verb, code] = notation.split(" ");
    if (verb === "take") return t("Take the {card}", { card: cardName(deck, code) });
    if (verb === "play") return t("Play the {card}", { card: cardName(deck, code) });
    return null;
  }

  /* A move in words for the replay and the hint (README: `label`). */
  const label = (notation, table) => moveWords(deckOf(table.facts), notation);

  function cardBack(deck, opts = {}) {
    const title = opts.title || t("a face-down card");
    return h("span", {
      class: `pdh-card back ${opts.size || ""} ${opts.fresh ? "fresh" : ""}`, title, role: "img", "aria-label": title,
    }, opts.peek ? h("span", { class: "peek" }, cardText(deck, opts.peek)) : null);
  }

  const emptySlot = (text, extra = "") => h("span", { class: `pdh-card slot ${extra}` }, h("span", {}, text));

  /* -- words ------------------------------------------------------------------------------------ */
  const nameOf = Potager.playerName;

  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");
  const signClass = (v) => (v > 0 ? "pos" : v < 0 ? "neg" : "zero");

  const listNames = (table, seats, viewer) => Potager.listOf(seats.map((s) => nameOf(table, s, viewer)));

  function prompt(view, seat, legal, table) {
    const name = (s) => nameOf(table, s, seat);
    const mine = legal.length > 0;
    if (table && table.status === "waiting") return [t("Waiting for players"), Potager.waitingForSeats(table.seats)];
    switch (view.phase) {
      case "over":
        return [t("Match over"), t("The score pad below shows every hand.")];
      case "lead":
        if (mine) return [t("Lead a card"), t("Play any card face up: the bean goes on it.")];
        return [view.bean === seat ? t("You lead a card") : t("{name} leads a card", { name: name(view.bean) }),
          t("The bean holder plays first, face up.")];
      case "commit": {
        if (mine) return [t("Put a card face down"), t("Everyone else chooses at the same time; the cards turn over together.")];
        const waiting = view.to_move.filter((s) => !view.committed.includes(s));
        return [t("Cards go face down"), t("Waiting for {names}.", { names: listNames(table, waiting, seat) })];
      }
      default:
        if (mine) return [t("Take a card"), t("Click a revealed card: not your own, and not the bean card while another is left.")];
        return [view.taker === seat ? t("You take a card") : t("{name} takes a card", { name: name(view.taker) }),
          t("Each player whose card is taken takes next; the last one gets the bean card.")];
    }
  }

  /* -- the taking chain, from the public events ----------------------------------------------- */
  function chainOf(events) {
    const list = events || [];
    let start = -1;
    for (let i = list.length - 1; i >= 0; i--) if (list[i].type === "reveal") { start = i; break; }
    if (start < 0) return { start, reveal: null, takes: [] };
    const takes = [];
    for (let i = start + 1; i < list.length && list[i].type === "take"; i++) takes.push(list[i]);
    return { start, reveal: list[start], takes };
  }

  /* -- the table: a spot per player -------------------------------------------------------------- */
  function spot(view, seat, s, takeActions, send, table, chain, fresh) {
    const deck = deckOf(table.facts);
    const phase = view.phase;
    const faceUp = view.table[s];
    const committed = view.committed.includes(s);
    const taken = phase === "take" && chain.takes.find((step) => step.from === s);
    const isBean = s === view.bean && phase !== "over";
    let slot;
    let note = "";
    if (faceUp) {
      slot = card(deck, faceUp, {
        action: takeActions.get(faceUp), send, bean: faceUp === view.bean_card, fresh: fresh.has(s),
      });
      note = faceUp === view.bean_card ? t("bean card") : "";
    } else if (committed) {
      const peek = s === seat ? view.commitment : null;
      slot = cardBack(deck, { peek, fresh: fresh.has(s), title: peek ? t("your face-down card: {card}", { card: cardName(deck, peek) }) : undefined });
      note = t("face down ✓");
    } else if (taken) {
      slot = emptySlot(`→ ${nameOf(table, taken.seat, seat)}`, "taken");
      note = t("{card} taken", { card: cardText(deck, taken.card) });
    } else if (phase === "commit" && view.to_move.includes(s)) {
      slot = emptySlot(t("choosing…"), "waiting");
      note = t("choosing");
    } else if (phase === "lead" && isBean) {
      slot = emptySlot(t("to lead"), "waiting");
    } else {
      slot = emptySlot("");
    }
    if (phase === "take" && view.taker === s) note = t("taking…");
    const classes = ["pdh-spot", s === seat ? "mine" : "", isBean ? "bean-holder" : "",
      phase === "take" && view.taker === s ? "taker" : "", view.to_move.includes(s) ? "to-move" : ""].join(" ");
    return h("div", { class: classes, dataset: { seat: s } },
      h("div", { class: "spot-head" },
        h("span", { class: "spot-name" }, nameOf(table, s, seat)),
        isBean ? bean("holder") : null,
        h("span", { class: "spot-count", title: tn(view.hand_sizes[s], "{n} card in hand", "{n} cards in hand") },
          h("span", { class: "mini-back" }), String(view.hand_sizes[s]))),
      h("div", { class: "spot-slot" }, slot),
      h("div", { class: "spot-note" }, note));
  }

  /* The chain of takes; the steps from index `known` on are new since the last drawing. */
  function chainStrip(view, seat, table, chain, known) {
    const deck = deckOf(table.facts);
    if (!chain.reveal || (!chain.takes.length && view.phase !== "take")) return null;
    const name = (s) => nameOf(table, s, seat);
    /* "You take the bean card [card] from Bob": the words before and after the card, whole per
     * language and per person (the card is drawn between them). */
    const takeWords = (step) => {
      const you = step.seat === seat;
      const from = name(step.from);
      if (step.bean) return you ? [t("take the bean card"), t("from {name}", { name: from })] : [t("takes the bean card"), t("from {name}", { name: from })];
      return you ? [t("take"), t("from {name}", { name: from })] : [t("takes"), t("from {name}", { name: from })];
    };
    const steps = chain.takes.map((step, i) => {
      const [before, after] = takeWords(step);
      return h("li", { class: `chain-step ${step.bean ? "bean-take" : ""} ${i >= known ? "fresh" : ""}` },
        h("span", { class: "who" }, name(step.seat)),
        h("span", { class: "verb" }, before),
        card(deck, step.card, { size: "mini", bean: step.bean }),
        h("span", { class: "verb" }, after));
    });
    if (view.phase === "take") {
      steps.push(h("li", { class: "chain-step pending" },
        h("span", { class: "who" }, name(view.taker)), h("span", { class: "verb" }, view.taker === seat ? t("take…") : t("takes…"))));
    }
    const title = view.phase === "take" ? t("Taking chain") : t("Last turn’s chain");
    return h("div", { class: "pdh-chain" }, h("span", { class: "chain-title" }, title),
      h("ol", {}, steps));
  }

  /* -- your hand, grouped by suit (a trump goes with the suit it zeroes) ---------------------- */
  function handArea(view, deck, playActions, send, mine) {
    const groups = deck.suits.map((suit) => {
      const cards = view.hand.filter((c) => deck.suitOf(c) === suit);
      if (!cards.length) return null;
      return h("div", { class: `hand-group suit-${suit}` },
        h("span", { class: "group-symbol", title: suitWord(deck, suit) }, SYMBOL[suit]),
        h("div", { class: "group-cards" }, cards.map((c) => card(deck, c, {
          action: playActions.get(c), send, dim: mine && !playActions.has(c), shortcut: suit,
        }))));
    });
    const count = view.hand.length;
    return h("section", { class: `pdh-hand ${mine ? "active" : ""}` },
      h("h3", {}, t("Your hand"), " ", h("span", { class: "count" }, tn(count, "({n} card)", "({n} cards)"))),
      count ? h("div", { class: "hand-groups" }, groups) : h("p", { class: "muted" }, t("No cards left in this hand.")));
  }

  /* What the letters on the cards mean: the court ranks as the notation writes them, with the
   * rulebook's names and their effect on a series, and the trumps. */
  function legend(facts) {
    const deck = deckOf(facts);
    const effect = {
      "−": (name) => t("{card}: a minus card of its series", { card: name }),
      "×2": (name) => t("{card}: doubles its series", { card: name }),
    };
    const courts = Object.keys(facts.rank_names).map((rank) => {
      const [letter, name, sign] = deck.court(rank);
      const shown = word(name);
      return h("li", { title: sign ? effect[sign](shown) : shown },
        h("b", {}, letter), " ", shown, sign ? h("span", { class: "effect" }, sign) : null);
    });
    const trumps = Object.keys(facts.pas_de_haricots);
    return h("section", { class: "pdh-legend", "aria-label": t("The letters on the cards") },
      h("ul", {}, courts,
        h("li", { title: t("a trump makes its suit's series worth 0") },
          h("b", {}, `${trumps[0]}–${trumps[trumps.length - 1]}`), " ", t("Pas de Haricots: its suit scores 0"))),
      h("p", {}, t("− an odd number of minus cards makes a series negative; ×2 the {king} doubles it.", { king: word(facts.rank_names[facts.doubler_rank]) })));
  }

  /* -- every player's series, by suit, with its current value ----------------------------------- */
  function seriesArea(view, seat, table) {
    const deck = deckOf(table.facts);
    const rows = Array.from({ length: view.players }, (_, s) => {
      const cards = view.collected[s];
      const values = view.series[s];
      const total = deck.suits.reduce((sum, suit) => sum + values[suit], 0);
      return h("div", { class: `series-row ${s === seat ? "mine" : ""}`, dataset: { seat: s } },
        h("div", { class: "series-name" }, nameOf(table, s, seat),
          h("span", { class: `value total ${signClass(total)}`, title: t("this hand so far") }, signed(total))),
        h("div", { class: "series-suits" }, deck.suits.map((suit) => {
          const mineCards = cards.filter((c) => deck.suitOf(c) === suit);
          const zeroed = mineCards.some(deck.isTrump);
          return h("div", { class: `series-suit suit-${suit} ${mineCards.length ? "" : "empty"}` },
            h("span", { class: "group-symbol" }, SYMBOL[suit]),
            h("span", { class: "series-cards" }, mineCards.map((c) => card(deck, c, { size: "mini" }))),
            mineCards.length
              ? h("span", { class: `value ${signClass(values[suit])} ${zeroed ? "zeroed" : ""}`,
                title: zeroed ? t("Pas de Haricots: this series is worth 0") : "" }, signed(values[suit]))
              : null);
        })));
    });
    return h("section", { class: "pdh-series" }, h("h3", {}, t("Series this hand")), rows);
  }

  /* -- the score pad: "+", "−" and total per hand ------------------------------------------------ */
  function sheetArea(view, seat, table) {
    const seats = Array.from({ length: view.players }, (_, s) => s);
    const best = Math.max(...view.totals);
    const head = h("tr", {}, h("th", {}, t("Hand")), h("th", {}, ""),
      seats.map((s) => h("th", { class: s === seat ? "mine" : "" }, nameOf(table, s, seat))));
    const body = [];
    view.scores.forEach((sheet, i) => {
      ["+", "−", "="].forEach((line, k) => body.push(h("tr", { class: `line-${k} ${i === view.scores.length - 1 ? "latest" : ""}` },
        k === 0 ? h("th", { rowspan: 3, class: "hand-no" }, String(i + 1)) : null,
        h("th", { class: "line" }, line),
        seats.map((s) => h("td", { class: `${signClass(sheet[s][k])} ${s === seat ? "mine" : ""}` }, signed(sheet[s][k]))))));
    });
    const foot = h("tr", { class: "match-total" }, h("th", { colspan: 2 }, t("Match total")),
      seats.map((s) => h("td", {
        class: `${signClass(view.totals[s])} ${view.scores.length && view.totals[s] === best ? "leader" : ""} ${s === seat ? "mine" : ""}`,
      }, signed(view.totals[s]))));
    const hands = view.variant.hands;
    return h("section", { class: "pdh-sheet" },
      h("h3", {}, t("Score pad"), " ", h("span", { class: "count" }, tn(hands, "({done} of {n} hand scored)", "({done} of {n} hands scored)", { done: view.scores.length }))),
      h("div", { class: "sheet-scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, foot))));
  }

  /* -- the whole drawing -------------------------------------------------------------------------- */
  function render(container, view, seat, legal, send, table) {
    const playActions = new Map();
    const takeActions = new Map();
    const other = [];
    for (const a of legal) {
      const [verb, code] = a.notation.split(" ");
      if (verb === "play") playActions.set(code, a);
      else if (verb === "take") takeActions.set(code, a);
      else other.push(a);
    }
    const chain = chainOf(table && table.events);
    // Animate only what has just turned face up (a reveal, a lead) or just gone face down.
    const key = `${view.hand_number}:${view.turn}`;
    const before = seen.get(container);
    const shown = new Set();
    for (let s = 0; s < view.players; s++) {
      if (view.table[s]) shown.add(`${s}:up`);
      else if (view.committed.includes(s)) shown.add(`${s}:down`);
    }
    const fresh = new Set([...shown]
      .filter((k) => !before || before.key !== key || !before.shown.has(k))
      .map((k) => Number(k.split(":")[0])));
    const known = before && before.chainStart === chain.start ? before.chainLength : 0;
    seen.set(container, { key, shown, chainStart: chain.start, chainLength: chain.takes.length });

    const [title, hint] = prompt(view, seat, legal, table);
    const perHand = table.facts.deal[view.players];
    const status = h("div", { class: `game-status pdh-status ${legal.length ? "mine" : ""} phase-${view.phase}` },
      h("div", { class: "where" },
        h("span", { class: "pill" }, t("Hand {n} / {of}", { n: view.hand_number, of: view.variant.hands })),
        h("span", { class: "pill" }, t("Turn {n} / {of}", { n: Math.min(view.turn, perHand), of: perHand }))),
      h("div", { class: "what" }, h("strong", {}, title), h("span", {}, hint)));

    const spots = Array.from({ length: view.players }, (_, s) =>
      spot(view, seat, s, takeActions, send, table, chain, fresh));
    const felt = h("section", { class: `pdh-felt players-${view.players} phase-${view.phase}` },
      h("div", { class: "spots" }, spots),
      chainStrip(view, seat, table, chain, known));

    const parts = [status, felt];
    if (other.length) parts.push(h("section", { class: "your-move" }, Potager.renderActions(other, send)));
    if (seat !== null && seat !== undefined && Array.isArray(view.hand)) {
      parts.push(handArea(view, deckOf(table.facts), playActions, send, playActions.size > 0));
    }
    parts.push(legend(table.facts), seriesArea(view, seat, table), sheetArea(view, seat, table));
    container.replaceChildren(h("div", { class: "pdh" }, parts));
  }

  /* -- the log ---------------------------------------------------------------------------------- */
  function describe(event, table) {
    const name = (s) => nameOf(table, s);
    const text = (card) => cardText(deckOf(table.facts), card);
    switch (event.type) {
      case "deal":
        return t("Hand {hand}: {n} cards each; {name} has the bean and leads.", { hand: event.hand, n: event.cards, name: name(event.bean) });
      case "cards":
        return tn(event.cards.length, "Your new hand: {n} card.", "Your new hand: {n} cards.");
      case "lead":
        return t("{name} leads {card} and puts the bean on it.", { name: name(event.seat), card: text(event.card) });
      case "commit":
        return t("{name} puts a card face down.", { name: name(event.seat) });
      case "reveal":
        return t("The cards turn over: {cards}.", {
          cards: Potager.listOf(event.cards.map((c, s) => (c ? `${name(s)} ${text(c)}` : null)).filter(Boolean)),
        });
      case "take": {
        const params = { name: name(event.seat), card: text(event.card), from: name(event.from) };
        return event.bean
          ? t("{name} takes the bean card {card} from {from} and gets the bean.", params)
          : t("{name} takes {card} from {from}.", params);
      }
      case "hand_end":
        return t("Hand {hand} scored: {scores}.", {
          hand: event.hand,
          scores: event.sheet.map(([p, m, total], s) => `${name(s)} ${signed(p)} / ${signed(m)} = ${signed(total)}`).join("; "),
        });
      case "game_end": {
        const params = { names: Potager.listOf(event.winners.map(name)), totals: event.totals.map(signed).join(", ") };
        return event.winners.length === 1 ? t("Match over: {names} wins ({totals}).", params) : t("Match over: {names} win ({totals}).", params);
      }
      default:
        return null;
    }
  }

  /* -- the components, for the rules page and the lobby (from the printed facts alone) ---------- */
  function components(facts) {
    const deck = deckOf(facts);
    const [first] = facts.suits;
    const minus = Potager.listOf(facts.minus_ranks.map((rank) => `${rank} ${word(facts.rank_names[rank])}`));
    const deal = Potager.listOf(Object.entries(facts.deal).map(([players, n]) => t("{n} with {players} players", { n, players })));
    return {
      className: "pdh",
      groups: [
        {
          title: t("The Pas de Haricots cards"),
          note: t("A trump per suit: it makes the series of its suit worth 0, whatever else is in it."),
          items: Object.keys(facts.pas_de_haricots).map((code) => ({ picture: card(deck, code), caption: cardName(deck, code) })),
        },
        {
          title: t("A suit: {suit}", { suit: suitWord(deck, first) }),
          note: t("Four suits ({suits}) of {n} cards; {minus} are minus cards, {king} doubles its series. All are dealt: {deal}.", {
            suits: Potager.listOf(facts.suits.map((suit) => suitWord(deck, suit))),
            n: facts.ranks.length,
            minus,
            king: `${facts.doubler_rank} ${word(facts.rank_names[facts.doubler_rank])}`,
            deal,
          }),
          items: facts.ranks.map((rank) => ({ picture: card(deck, `${first}${rank}`), caption: cardName(deck, `${first}${rank}`) })),
        },
        {
          title: t("The bean"),
          note: t("It lies on the card its holder leads; whoever takes the bean card leads next."),
          items: [{ picture: bean(), caption: t("the bean") }],
        },
      ],
    };
  }

  Potager.registerGame("pas-de-haricots", { render, describe, label, components, handlesActions: true, stylesheet: true });
})();
