/* Kraut & Rüben in the browser: the gardens as 3 × 4 beds of illustrated tiles, snails and moles
 * sitting on the tiles they cover, the pile and the drawn tile, who still has a mole, your secret
 * contract card with your garden's column lit and its running score, and at the end every
 * contract revealed with the final scores.
 *
 * Drawn only from the view (potager/games/kraut_und_rueben/__init__.py documents its keys), from
 * the public events passed as `table.events` (to ring the tiles the others just played) and from
 * the printed facts passed as `table.facts` (the game's `facts()`, built from its data.py: the
 * contract cards, the tile counts, the fixed values, the garden's shape; never copied here).
 * A turn is clicked step by step: "Draw" (or arm your mole, then click a tile to cover), then a
 * glowing space, then "Take garden N" or "Pass". Every legal move carries
 * `data-action="<notation>"` (`draw`, `place 2 b3`, `mole 2 b3`, `take 2`, `pass`).
 */
"use strict";

(() => {
  const { h, t, tn } = Potager;

  /* Each kind of tile in the page's language, as the French rulebook calls the cards (tomate,
   * asperge, carotte, salade, trèfle, pissenlit, escargot, taupe; potager/web/GLOSSARY.md): the
   * word alone, and with its article as a whole phrase ("the tomato", "a tomato"), which German
   * sentences use as an object (den Spargel, einen Maulwurf) and Italian with its elision. */
  const KINDS = {
    tomato: { name: () => t("tomato"), the: () => t("the tomato"), a: () => t("a tomato") },
    asparagus: { name: () => t("asparagus"), the: () => t("the asparagus"), a: () => t("an asparagus") },
    carrot: { name: () => t("carrot"), the: () => t("the carrot"), a: () => t("a carrot") },
    salad: { name: () => t("salad"), the: () => t("the salad"), a: () => t("a salad") },
    clover: { name: () => t("clover"), the: () => t("the clover"), a: () => t("a clover") },
    dandelion: { name: () => t("dandelion"), the: () => t("the dandelion"), a: () => t("a dandelion") },
    snail: { name: () => t("snail"), the: () => t("the snail"), a: () => t("a snail") },
    mole: { name: () => t("mole"), the: () => t("the mole"), a: () => t("a mole") },
  };
  const kindWord = (kind, form) => (KINDS[kind] ? KINDS[kind][form]() : kind);
  const kindName = (kind) => kindWord(kind, "name");

  /* Each tile's illustration (viewBox 0 0 48 48). */
  const ART = {
    tomato: `<ellipse cx="24" cy="28" rx="16" ry="14.5" fill="#e03131"/>
      <path d="M12 30c1 6 6 10 12 10" stroke="#b02525" stroke-width="1.6" fill="none" opacity=".55"/>
      <ellipse cx="17" cy="23" rx="4.5" ry="2.6" fill="#ff8787" opacity=".75" transform="rotate(-35 17 23)"/>
      <path d="M24 17l3.2-4.6.7 5 5.4-.9-3.6 3.8 4.3 2.6-5.7.3-1.8 4.3-2.5-4.1-2.5 4.1-1.8-4.3-5.7-.3 4.3-2.6-3.6-3.8 5.4.9.7-5z"
        fill="#2f9e44" stroke="#237a35" stroke-width=".8" stroke-linejoin="round"/>
      <path d="M24 14V8" stroke="#2b8a3e" stroke-width="2.2" stroke-linecap="round"/>`,
    asparagus: `<g stroke-linecap="round">
      <path d="M16.5 43L19 13" stroke="#74b816" stroke-width="5"/>
      <path d="M24 44V9" stroke="#8bc34a" stroke-width="5.6"/>
      <path d="M31.5 43L29 14" stroke="#74b816" stroke-width="5"/></g>
      <path d="M19 8.5c2 1.5 2.2 4.5 0 7-2.2-2.5-2-5.5 0-7zM24 4c2.3 1.7 2.5 5.3 0 8-2.5-2.7-2.3-6.3 0-8zM29 9.5c2 1.5 2.2 4.5 0 7-2.2-2.5-2-5.5 0-7z" fill="#5c7f1f"/>
      <path d="M22.4 20l3 1.4M22.4 27l3 1.4M17.5 22l2.6 1.2M30.6 23l-2.6 1.2M17 30l2.5 1.2M31 31l-2.5 1.2" stroke="#4f7a12" stroke-width="1.1" stroke-linecap="round"/>
      <rect x="14" y="33" width="20" height="3.6" rx="1.6" fill="#9c36b5"/>`,
    carrot: `<path d="M24 16c-2-5-6-9-10-11M24 16c0-5 1-9 2.5-12M24 16c2.5-4 6.5-7 10.5-8" stroke="#37b24d" stroke-width="3" fill="none" stroke-linecap="round"/>
      <path d="M16 18c4-3.5 12-3.5 16 0 1 1 1 2.6.6 3.8L25.3 44c-.4 1.4-2.2 1.4-2.6 0L15.4 21.8c-.4-1.2-.4-2.8.6-3.8z" fill="#f76707"/>
      <path d="M18.5 24h4.5M23 30.5h4M21.5 37h3.5" stroke="#c2410c" stroke-width="1.5" stroke-linecap="round"/>
      <path d="M19 20c1.5-1 3-1.3 4.5-1.3" stroke="#ffa94d" stroke-width="1.6" stroke-linecap="round" fill="none"/>`,
    salad: `<circle cx="24" cy="26" r="16" fill="#40c057" stroke="#40c057" stroke-width="4.5" stroke-dasharray=".1 5.2" stroke-linecap="round"/>
      <circle cx="24" cy="27" r="11.5" fill="#8ce99a" stroke="#69db7c" stroke-width="3.5" stroke-dasharray=".1 4.4" stroke-linecap="round"/>
      <circle cx="24" cy="28" r="6.5" fill="#d3f9d8"/>
      <path d="M24 28L13 19M24 28l11-9M24 28V12M24 28l-13 6M24 28l13 6" stroke="#2f9e44" stroke-width="1.1" opacity=".7"/>`,
    clover: `<path d="M24 24c1 8 3 14 8 20" stroke="#2b8a3e" stroke-width="2.4" fill="none" stroke-linecap="round"/>
      ${[0, 120, 240].map((turn) => `<g transform="rotate(${turn} 24 24)">
        <path d="M24 24c-7-3-10-11-5.5-13.5 2.4-1.3 4.6.2 5.5 2.3.9-2.1 3.1-3.6 5.5-2.3C34 13 31 21 24 24z"
          fill="#40c057" stroke="#2b8a3e" stroke-width="1"/>
        <path d="M21 15.5l3 3 3-3" stroke="#d3f9d8" stroke-width="1.2" fill="none" stroke-linecap="round"/></g>`).join("")}`,
    dandelion: `<path d="M24 28c-1 6 0 11 1 17" stroke="#2f9e44" stroke-width="2.4" fill="none" stroke-linecap="round"/>
      <path d="M24 44c-5-2-9-6-11-11l3 1-1-4 4 3 0-4 3 5z" fill="#51cf66"/>
      <circle cx="24" cy="19" r="9" fill="none" stroke="#fcc419" stroke-width="10" stroke-dasharray="1.5 1.3"/>
      <circle cx="24" cy="19" r="5.2" fill="#fab005" stroke="#f59f00" stroke-width="2" stroke-dasharray="1 1"/>`,
    snail: `<path d="M5 40c0-3 3-5 8-5h24c3 0 5-3 6-8 .6-2.4 3-2.4 3.2 0 .5 6-1.5 13-9 13H8c-2 0-3-.4-3-1z" fill="#d8c3a5" stroke="#a68b6b" stroke-width="1.2"/>
      <path d="M41 29l-1.5-8M44.5 28.5l1-8" stroke="#a68b6b" stroke-width="1.5" stroke-linecap="round"/>
      <circle cx="39.4" cy="20.6" r="1.7" fill="#5c4630"/><circle cx="45.6" cy="20.3" r="1.7" fill="#5c4630"/>
      <circle cx="23" cy="24" r="12.5" fill="#c0793f" stroke="#7a4a26" stroke-width="1.6"/>
      <path d="M23 24a2 2 0 0 1 4 0a4 4 0 0 1-8 0a6 6 0 0 1 12 0a8 8 0 0 1-16 0a10 10 0 0 1 20 0" fill="none" stroke="#7a4a26" stroke-width="1.6" stroke-linecap="round"/>
      <ellipse cx="18" cy="17" rx="3.5" ry="1.8" fill="#e8b07e" opacity=".7" transform="rotate(-30 18 17)"/>`,
    mole: `<path d="M2 46c3-9 11-13 22-13s19 4 22 13z" fill="#8d6e4f"/>
      <circle cx="12" cy="41" r="1.3" fill="#6b4f36"/><circle cx="35" cy="43" r="1.5" fill="#6b4f36"/>
      <ellipse cx="24" cy="27" rx="14" ry="13" fill="#495057"/>
      <ellipse cx="24" cy="31" rx="8" ry="6" fill="#5f676e"/>
      <path d="M13 30c2 1 4 1 6 0M35 30c-2 1-4 1-6 0M13 33c2 0 4-.5 6-1.5M35 33c-2 0-4-.5-6-1.5" stroke="#ced4da" stroke-width=".8" fill="none"/>
      <ellipse cx="24" cy="29.5" rx="3.4" ry="2.5" fill="#f783ac"/>
      <circle cx="19" cy="24" r="1.3" fill="#111"/><circle cx="29" cy="24" r="1.3" fill="#111"/>
      <path d="M7 38c1-4 4-6 8-5 1 .3 1 1.5 0 2-2 1-4 3-5 5zM41 38c-1-4-4-6-8-5-1 .3-1 1.5 0 2 2 1 4 3 5 5z" fill="#faa2c1" stroke="#e64980" stroke-width=".7"/>`,
  };
  const CUP_SVG = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 3h10v3h3c0 4-2 6-4.5 6.5A5 5 0 0 1 13 15v3h3v3H8v-3h3v-3a5 5 0 0 1-2.5-2.5C6 12 4 10 4 6h3z"
    fill="#f2b707" stroke="#a87900" stroke-width="1"/><path d="M7 8H6c.3 1.6 1 2.6 2 3M17 8h1c-.3 1.6-1 2.6-2 3" stroke="#a87900" fill="none"/></svg>`;
  const SEAT_COLOURS = ["#2563eb", "#c2410c", "#7e22ce", "#0f766e", "#be185d"];

  /* Per drawing: what was on the table at the last render (to drop in only new tiles) and
   * whether the mole is armed (a click on the mole before the click on a tile). */
  const memory = new WeakMap();

  /* -- words ------------------------------------------------------------------------------------ */
  const isPlayer = (seat) => seat !== null && seat !== undefined;
  const nameOf = Potager.playerName;
  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");
  /* "8 pts" ("+8 pts" with `sign`; "−2 pts" with the minus sign either way). */
  const points = (v, sign = false) => tn(Math.abs(v), "{v} pt", "{v} pts", { v: sign || v < 0 ? signed(v) : v });
  const colourOf = (s) => SEAT_COLOURS[s % SEAT_COLOURS.length];

  /* -- scoring a garden with a contract card (rulebook "Carte contrat"), for the lit column ------ */
  const spacesOf = (facts) => facts.columns.length * facts.rows.length;

  function principalCount(garden, card) {
    return Object.values(garden.spaces).filter((stack) => stack[stack.length - 1] === card.principal).length;
  }
  const columnOf = (count, facts) => Math.min(count, facts.column_labels.length - 1);

  function gardenPoints(garden, number, facts) {
    const card = facts.contracts[number];
    const col = columnOf(principalCount(garden, card), facts);
    let total = 0;
    for (const stack of Object.values(garden.spaces)) {
      const top = stack[stack.length - 1];
      if (top === card.lower) total += card.lower_points[col];
      else if (top === card.higher) total += card.higher_points[col];
      else if (top === card.negative) total += facts.negative_points;
      else if (top !== card.principal) total += facts.fixed_points[top] || 0;
    }
    return total;
  }

  /* -- what a tile, a contract card and the cup are worth (Potager.explain), from the facts and
   * the viewer's contract card (`contract`: its number, null for a spectator or the rules page) -- */
  function tileWorth(kind, facts, contract) {
    const scored = t("Scored at the game's end, in the gardens each gardener took.");
    if (kind in facts.fixed_points) {
      const fixed = t("{kind} scores {points} in any garden, whatever the contract.", { kind: kindName(kind), points: points(facts.fixed_points[kind], true) });
      const covers = kind === "snail" || kind === "mole" ? ` ${t("It covers the tile under it, which no longer counts.")}` : "";
      return `${fixed}${covers} ${scored}`;
    }
    const card = contract ? facts.contracts[contract] : null;
    const params = { kind: kindName(kind), negative: points(facts.negative_points, true) };
    if (!card) {
      const values = Object.values(facts.contracts).flatMap((c) => [...c.lower_points, ...c.higher_points]);
      return `${t("{kind} scores by each gardener's secret contract card: nothing as the principal vegetable, {low} to {high} per tile as a scoring one, {negative} per tile as the negative one.", {
        ...params, low: Math.min(...values), high: Math.max(...values) })} ${scored}`;
    }
    const best = facts.column_labels[card.higher_points.indexOf(Math.max(...card.higher_points))];
    if (kind === card.principal) {
      return `${t("{kind} is your principal vegetable: it scores nothing itself, but how many lie uncovered in your garden picks your card's column (best: {best}).", { ...params, best })} ${scored}`;
    }
    if (kind === card.negative) return `${t("{kind} is your negative vegetable: {negative} per tile in your garden.", params)} ${scored}`;
    const values = (kind === card.lower ? card.lower_points : card.higher_points).join("/");
    return `${t("{kind} scores {values} per tile in your garden, by the column the count of {principal} picks.", { ...params, values, principal: kindName(card.principal) })} ${scored}`;
  }

  const cupWorth = (facts) => t("The cup: {points} in each game of a match to whoever takes a garden first.", { points: points(facts.cup_points, true) });

  /* -- tiles ------------------------------------------------------------------------------------ */
  function art(kind, cls) {
    const el = h("span", { class: `${cls} kind-${kind}`, title: kindName(kind), role: "img", "aria-label": kindName(kind) });
    el.innerHTML = `<svg viewBox="0 0 48 48" aria-hidden="true">${ART[kind] || ""}</svg>`;
    return el;
  }
  const tile = (kind, extra = "") => art(kind, `kr-tile ${extra}`);
  function cup(facts) {
    const el = h("span", { class: "kr-cup", role: "img", "aria-label": t("the cup") });
    el.innerHTML = CUP_SVG;
    Potager.explain(el, cupWorth(facts));
    return el;
  }
  const token = (kind, extra = "") => art(kind, `kr-cover ${extra}`);

  function stackTitle(g, name, stack) {
    if (!stack.length) return t("Garden {g}, {space}: empty", { g, space: name });
    if (stack.length === 2) {
      const params = { g, space: name, tile: kindName(stack[0]) };
      return stack[1] === "mole"
        ? t("Garden {g}, {space}: {tile} under a mole (no longer counts)", params)
        : t("Garden {g}, {space}: {tile} under a snail (no longer counts)", params);
    }
    return t("Garden {g}, {space}: {tile}", { g, space: name, tile: kindName(stack[0]) });
  }

  /* What a move does, in the page's language (the server's label is English), from its
   * notation and the tile drawn (null when not known: a replay's banner). */
  function moveLabel(notation, drawn) {
    const [verb, g, space] = notation.split(" ");
    if (verb === "place" && drawn) return t("place {tile} on garden {g}, space {space}", { tile: kindWord(drawn, "the"), g, space });
    if (verb === "place") return t("place the drawn tile on garden {g}, space {space}", { g, space });
    if (verb === "mole") return t("play the mole on garden {g}, space {space}", { g, space });
    if (verb === "take") return t("take garden {g}", { g });
    if (verb === "pass") return t("pass (take no garden this turn)");
    if (verb === "draw") return t("draw the top tile of the pile");
    return null;
  }

  /* A move in words for the replay and the hint (README: `label`). */
  const label = (notation) => moveLabel(notation, null);

  /* One space of a garden: empty soil, a tile, or a tile under a snail or mole. When `move` is
   * set, the space is a button that plays it; `ghost` is the tile that would land there. */
  function space(g, name, stack, opts) {
    const covered = stack.length === 2;
    const classes = ["kr-space", stack.length ? "filled" : "empty", covered ? "covered" : "",
      opts.move ? "target" : "", opts.recent !== undefined ? "recent" : ""];
    const children = [
      stack.length ? tile(stack[0], opts.fresh && !covered ? "drop" : "") : null,
      covered ? token(stack[1], opts.fresh ? "drop" : "") : null,
      opts.move && opts.ghost ? art(opts.ghost, stack.length ? "kr-cover kr-ghost" : "kr-tile kr-ghost") : null,
    ];
    const attrs = {
      class: classes.join(" "), title: stackTitle(g, name, stack),
      style: opts.recent !== undefined ? `--ring: ${colourOf(opts.recent)}` : null,
      dataset: { space: `${g} ${name}` },
    };
    // A space with a tile says what its top tile is worth to the viewer.
    const worth = (el) => (stack.length ? Potager.explain(el, `${el.title}. ${opts.worth(stack[stack.length - 1])}`) : el);
    if (!opts.move) return worth(h("div", attrs, children));
    return worth(h("button", {
      ...attrs, type: "button", title: `${attrs.title} — ${moveLabel(opts.move.notation, opts.drawn)}`,
      dataset: { space: `${g} ${name}`, action: opts.move.notation },
      "aria-label": moveLabel(opts.move.notation, opts.drawn), onclick: () => opts.send(opts.move.action),
    }, children));
  }

  /* -- a garden: its header (number, owner, full), the 3 × 4 bed, the viewer's score ------------ */
  function gardenBoard(garden, ctx) {
    const { view, seat, table, facts } = ctx;
    const g = garden.garden;
    const owner = garden.owner;
    const moves = ctx.targets.get(g);
    const takeable = ctx.takes.has(g);
    const cells = [h("span", { class: "kr-corner" })];
    for (const c of facts.columns) cells.push(h("span", { class: "kr-label col" }, c));
    for (const r of facts.rows) {
      cells.push(h("span", { class: "kr-label row" }, r));
      for (const c of facts.columns) {
        const name = c + r;
        const stack = garden.spaces[name] || [];
        cells.push(space(g, name, stack, {
          move: moves && moves.get(name), ghost: ctx.ghost, send: ctx.send, drawn: view.drawn,
          worth: (kind) => tileWorth(kind, facts, isPlayer(seat) ? view.contract : null),
          fresh: ctx.fresh.has(`${g} ${name}`), recent: ctx.recent.get(`${g} ${name}`),
        }));
      }
    }
    const ownerTag = owner === null
      ? h("span", { class: "kr-owner free" }, t("free"))
      : h("span", { class: "kr-owner", style: `--seat: ${colourOf(owner)}` },
        h("span", { class: "kr-dot" }), nameOf(table, owner, seat));
    const own = isPlayer(seat) && owner === seat && view.contract;
    const filled = Object.keys(garden.spaces).length;
    const classes = ["kr-garden", owner === null ? "unowned" : "owned", garden.full ? "full" : "",
      own ? "mine" : "", moves ? "has-targets" : "", takeable ? "takeable" : ""].join(" ");
    return h("section", {
      class: classes, dataset: { garden: g },
      style: owner === null ? null : `--seat: ${colourOf(owner)}`,
    },
    h("header", { class: "kr-garden-head" },
      h("span", { class: "kr-garden-no" }, t("Garden {g}", { g })), ownerTag),
    h("div", { class: "kr-bed" }, cells),
    h("footer", { class: "kr-garden-foot" },
      garden.full
        ? h("span", { class: "kr-full", title: t("all {n} spaces are occupied", { n: spacesOf(facts) }) }, t("✓ full"))
        : h("span", { class: "kr-filled", title: t("spaces occupied") }, `${filled}/${spacesOf(facts)}`),
      own ? h("span", { class: "kr-garden-score", title: t("this garden scored with your contract now") },
        points(gardenPoints(garden, view.contract, facts), true)) : null));
  }

  /* A contract card's rows, as the rulebook calls them: the principal vegetable, the two that
   * score (the lower and the higher row) and the negative one. */
  const ROLE = {
    principal: () => t("principal"), lower: () => t("lower row"), higher: () => t("higher row"), negative: () => t("negative"),
  };
  /* "G2": garden 2 in a short mark (J2 in French: jardin). */
  const gardenTag = (g) => t("G{g}", { g });

  /* -- a contract card: the principal row picks the column, the lit column is each owned
   * garden's (rulebook "Carte contrat") ------------------------------------------------------------ */
  function contractCard(number, lit, facts, opts = {}) {
    const card = facts.contracts[number];
    const { principal, lower, higher, negative } = card;
    const labels = facts.column_labels;
    const litCols = new Map();
    for (const [g, col] of lit) litCols.set(col, (litCols.get(col) || []).concat(g));
    const head = (kind, role) => h("th", { class: `kr-role role-${role}` },
      tile(kind, "mini"), h("span", { class: "kr-role-text" },
        h("b", {}, kindName(kind)), h("small", {}, ROLE[role]())));
    // Each cell explains itself (Potager.explain), within the card's own explanation.
    const cellsOf = (values, kind) => values.map((v, col) => Potager.explain(h("td", {
      class: `${litCols.has(col) ? "lit" : ""} ${v < 0 ? "neg" : ""}`,
    }, signed(v)), t("{kind}: {v} per tile with {principal} ×{count}", {
      kind: kindName(kind), v: signed(v), principal: kindName(principal), count: labels[col],
    })));
    const principalRow = h("tr", { class: "principal" }, head(principal, "principal"),
      labels.map((label, col) => Potager.explain(h("td", { class: litCols.has(col) ? "lit" : "" },
        h("span", { class: "kr-count" }, label),
        litCols.has(col) && opts.marks !== false
          ? h("span", { class: "kr-mark" }, litCols.get(col).map(gardenTag).join(" ")) : null),
      t("{principal} ×{count} uncovered in the garden", { principal: kindName(principal), count: label }))));
    const worth = t("Contract card {n}: at the game's end each garden its owner took scores by it. The count of uncovered {principal} picks the column; {lower} and {higher} score per tile as that column says; {negative} {points} per tile.", {
      n: number, principal: kindName(principal), lower: kindName(lower), higher: kindName(higher), negative: kindName(negative), points: points(facts.negative_points, true),
    });
    return Potager.explain(h("div", { class: `kr-contract ${opts.small ? "small" : ""}`, dataset: { contract: number } },
      h("div", { class: "kr-contract-title" }, h("span", {}, opts.title || t("Contract card")),
        h("span", { class: "kr-card-no" }, t("card {n}", { n: number }))),
      h("table", {},
        h("tbody", {},
          principalRow,
          h("tr", { class: "lower" }, head(lower, "lower"), cellsOf(card.lower_points, lower)),
          h("tr", { class: "higher" }, head(higher, "higher"), cellsOf(card.higher_points, higher)),
          h("tr", { class: "negative" }, head(negative, "negative"),
            cellsOf(labels.map(() => facts.negative_points), negative)))),
      opts.small ? null : h("div", { class: "kr-fixed" },
        Object.entries(facts.fixed_points).map(([kind, v]) => h("span", { class: "kr-fixed-item" },
          tile(kind, "mini"), signed(v))))), worth);
  }

  /* The column each garden of `s` falls in under `contract`: [[garden number, column], ...]. */
  function litColumns(gardens, s, contract, facts) {
    const card = facts.contracts[contract];
    return gardens.filter((g) => g.owner === s).map((g) => [g.garden, columnOf(principalCount(g, card), facts)]);
  }

  function contractPanel(view, seat, facts) {
    if (!isPlayer(seat) || !view.contract) return null;
    const owned = view.gardens.filter((g) => g.owner === seat);
    const lit = litColumns(view.gardens, seat, view.contract, facts);
    const score = view.running_score;
    const over = view.phase === "over";
    let label = over ? t("Your garden scored") : t("Your garden scores");
    if (owned.length > 1) label = over ? t("Your gardens scored") : t("Your gardens score");
    return h("section", { class: "kr-panel kr-my-contract", dataset: { sheet: t("Contract card") } },
      contractCard(view.contract, lit, facts, { title: t("Your secret contract card") }),
      h("div", { class: "kr-running" },
        owned.length
          ? [h("span", { class: "kr-running-label" }, label),
            h("strong", { class: `kr-running-score ${score < 0 ? "neg" : ""}` }, signed(score)),
            h("span", { class: "kr-running-label" }, over ? t("points") : t("points now"))]
          : h("span", { class: "kr-running-label" }, t("Take a garden: it will score with this card."))));
  }

  /* Why the (last) game ended, as the rulebook's "Fin du jeu" says (FACTS.md, reading 4): every
   * gardener had finished, or the pile ran out first (then who took no garden scores 0); and a tie
   * on points that went to whoever of the tied took a garden first. */
  function endReason(view, seat, table) {
    const last = view.history[view.history.length - 1];
    const said = [];
    if (view.finished.length === view.players) {
      said.push(view.players === 2 ? t("Both gardeners' gardens are full: the game ended.")
        : t("Every gardener's garden is full: the game ended."));
    } else {
      said.push(t("The pile ran out before every garden was full: the game ended."));
      const none = last ? last.gardens.map((g, s) => (g.length ? -1 : s)).filter((s) => s >= 0) : [];
      if (none.length === 1 && none[0] === seat) said.push(t("You took no garden: 0 points."));
      else if (none.length) {
        said.push(tn(none.length, "{names} took no garden: 0 points.", "{names} took no garden: 0 points.",
          { names: Potager.listOf(none.map((s) => nameOf(table, s, seat))) }));
      }
    }
    if (last && view.games === 1) {
      const best = Math.max(...last.scores);
      const tied = last.scores.map((p, s) => (p === best ? s : -1)).filter((s) => s >= 0);
      if (tied.length > 1 && last.winners.length === 1) {
        const params = { names: Potager.listOf(tied.map((s) => nameOf(table, s, seat))), points: points(best), name: nameOf(table, last.winners[0], seat) };
        said.push(last.winners[0] === seat
          ? t("{names} tied on {points}: you took a garden first and win.", params)
          : t("{names} tied on {points}: {name} took a garden first and wins.", params));
      }
    }
    return said;
  }

  /* -- the turn: the prompt, the pile, the drawn tile and the buttons ------------------------------ */
  function prompt(view, seat, ctx) {
    const { table } = ctx;
    const name = nameOf(table, view.turn, seat);
    const you = ctx.legal.length > 0;
    const drawn = view.drawn;
    const { snails_per_garden: snails, moles_per_garden: moles } = ctx.facts;
    if (table && table.status === "waiting") return [t("Waiting for players"), Potager.waitingForSeats(table.seats)];
    switch (view.phase) {
      case "over":
        return [t("Game over"), [...endReason(view, seat, table), t("Every contract card is revealed below with the final scores.")].join(" ")];
      case "draw":
        if (you && ctx.armed) return [t("Play your mole"), t("Click an uncovered tile to cover it (not in a full garden, at most {n} moles a garden).", { n: moles })];
        if (you) return [t("Your turn: draw a tile"), ctx.moles.size ? t("…or play your mole instead (once a game) to cover a tile.") : t("Draw the top tile of the pile.")];
        return [view.moles[view.turn] ? t("{name} draws a tile or plays the mole", { name }) : t("{name} draws a tile", { name }), t("Wait for your turn.")];
      case "place":
        if (you && drawn === "snail") {
          return [t("Place {tile}", { tile: kindWord(drawn, "the") }),
            t("It must cover an uncovered tile in a garden with fewer than {n} snails: click a glowing tile.", { n: snails })];
        }
        if (you) return [t("Place {tile}", { tile: kindWord(drawn, "the") }), t("Click a glowing empty space in any garden (the last space of an owned garden is its owner's).")];
        return [t("{name} places {tile}", { name, tile: kindWord(drawn, "a") }), ""];
      default:
        if (you) return [t("Take a garden?"), t("You may take a free garden with everything on it, or pass.")];
        return [t("{name} may take a garden", { name }), ""];
    }
  }

  function pileStack(view) {
    const layers = Math.min(4, Math.ceil(view.pile / 20));
    return h("div", { class: "kr-pile", title: tn(view.pile, "{n} tile left in the pile", "{n} tiles left in the pile") },
      h("div", { class: "kr-pile-stack" },
        Array.from({ length: Math.max(layers, 1) }, (_, i) => h("span", {
          class: `kr-back ${view.pile ? "" : "gone"}`, style: `--i: ${i}`,
        }))),
      h("span", { class: "kr-pile-count" }, h("b", {}, String(view.pile)), " ", t("in the pile")));
  }

  function drawnSlot(view, ctx) {
    const fresh = ctx.freshDrawn;
    return h("div", { class: "kr-drawn" },
      view.drawn ? Potager.explain(tile(view.drawn, `big ${fresh ? "flip" : ""}`), tileWorth(view.drawn, ctx.facts, isPlayer(ctx.seat) ? view.contract : null))
        : h("span", { class: "kr-tile big slot" }),
      h("span", { class: "kr-drawn-label" }, view.drawn ? t("drawn: {tile}", { tile: kindName(view.drawn) }) : t("no tile drawn")));
  }

  /* A move's button; `shortcut` its key (js/keys.js: a garden's number takes it). */
  function button(move, text, cls, send, shortcut = null) {
    return h("button", {
      type: "button", class: `kr-btn ${cls}`, dataset: { action: move.notation }, "aria-keyshortcuts": shortcut,
      title: moveLabel(move.notation, null), onclick: () => send(move.action),
    }, text);
  }

  function controls(ctx) {
    const { send } = ctx;
    const items = [];
    if (ctx.draw) items.push(button(ctx.draw, t("Draw"), "primary draw", send));
    if (ctx.moles.size) {
      items.push(h("button", {
        type: "button", class: `kr-btn mole-arm ${ctx.armed ? "armed" : ""}`, dataset: { arm: "mole" },
        "aria-pressed": ctx.armed ? "true" : "false",
        title: ctx.armed ? t("put the mole back") : t("play your mole instead of drawing"),
        onclick: () => ctx.toggleMole(),
      }, token("mole", "mini"), ctx.armed ? t("Cancel the mole") : t("Play your mole")));
    }
    for (const [g, move] of ctx.takes) {
      const take = button(move, t("Take garden {g}", { g }), "primary take", send, String(g));
      const light = (on) => {
        const board = take.closest(".kr").querySelector(`.kr-garden[data-garden="${g}"]`);
        if (board) board.classList.toggle("hover-take", on);
      };
      take.addEventListener("mouseenter", () => light(true));
      take.addEventListener("mouseleave", () => light(false));
      items.push(take);
    }
    if (ctx.pass) items.push(button(ctx.pass, t("Pass"), "pass", send));
    return items.length ? h("div", { class: "kr-controls" }, items) : null;
  }

  /* The end of a game: each gardener's points, best first, the winners starred. */
  function podium(view, seat, table) {
    const last = view.history[view.history.length - 1];
    if (!last) return null;
    const scores = view.games > 1 ? view.totals : last.scores;
    const winners = view.games > 1 ? scores.map((p, s) => [p, s]).filter(([p]) => p === Math.max(...scores)).map(([, s]) => s)
      : last.winners;
    const order = scores.map((p, s) => [p, s]).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
    return h("ol", { class: "kr-podium" }, order.map(([p, s]) => h("li", {
      class: winners.includes(s) ? "winner" : "", style: `--seat: ${colourOf(s)}`,
    }, h("span", { class: "kr-dot" }), h("span", { class: "kr-gardener-name" }, nameOf(table, s, seat)),
    winners.includes(s) ? h("span", { class: "kr-star" }, "★") : null, h("strong", {}, points(p)))));
  }

  function turnPanel(view, seat, ctx) {
    const [title, hint] = prompt(view, seat, ctx);
    const you = ctx.legal.length > 0;
    return h("section", { class: `kr-panel kr-turn ${you ? "mine" : ""} phase-${view.phase}` },
      h("div", { class: "kr-prompt" },
        view.games > 1 ? h("span", { class: "kr-pill" }, t("Game {n} of {of}", { n: view.game, of: view.games })) : null,
        h("strong", {}, title), hint ? h("span", { class: "kr-hint" }, hint) : null),
      view.phase === "over" ? podium(view, seat, ctx.table) : [h("div", { class: "kr-turn-row" },
        pileStack(view), drawnSlot(view, ctx), controls(ctx)), pileContents(view, ctx.facts)]);
  }

  /* -- the gardeners: colour, gardens, mole, contract (hidden until the end), score -------------- */
  function gardeners(view, seat, table) {
    const over = view.phase === "over";
    const last = over ? view.history[view.history.length - 1] : null;
    const seats = Array.from({ length: view.players }, (_, s) => s);
    const first = view.taken.length ? view.taken[0][0] : null;
    const cards = seats.map((s) => {
      const owned = view.taken.filter(([taker]) => taker === s).map(([, g]) => g);
      const contract = view.contracts[s];
      const winner = last && last.winners.includes(s);
      const classes = ["kr-gardener", s === seat ? "me" : "", view.turn === s ? "to-move" : "",
        view.finished.includes(s) ? "finished" : "", winner ? "winner" : ""].join(" ");
      const reveal = over && contract
        ? contractCard(contract, litColumns(view.gardens, s, contract, table.facts), table.facts, { small: true, marks: false })
        : null;
      return h("article", { class: classes, style: `--seat: ${colourOf(s)}`, dataset: { seat: s } },
        h("header", {},
          h("span", { class: "kr-dot" }),
          h("span", { class: "kr-gardener-name" }, nameOf(table, s, seat)),
          winner ? h("span", { class: "kr-star", title: t("winner") }, "★") : null,
          view.turn === s ? h("span", { class: "kr-turn-dot", title: t("to move") }) : null),
        h("div", { class: "kr-gardener-row" },
          h("span", { class: `kr-mole-slot ${view.moles[s] ? "" : "used"}`,
            title: view.moles[s] ? t("still has the mole") : t("the mole is played") },
          token("mole", "mini"), view.moles[s] ? kindName("mole") : t("mole used")),
          h("span", { class: "kr-owned" }, owned.length ? owned.map((g) => h("span", { class: "kr-chip" }, gardenTag(g)))
            : h("span", { class: "muted" }, t("no garden"))),
          view.finished.includes(s) ? h("span", { class: "kr-chip done", title: t("its garden is full") }, t("✓ done")) : null,
          view.games > 1 && first === s
            ? h("span", { class: "kr-chip cup" }, cup(table.facts), t("cup")) : null),
        reveal || h("div", { class: "kr-secret", title: contract ? t("card {n}", { n: contract }) : t("a secret contract card") },
          h("span", { class: "kr-card-back" }),
          contract && !over ? t("your card {n}", { n: contract }) : over ? t("no card") : t("secret contract card")),
        last ? finalLine(last, s, table.facts) : null);
    });
    return h("section", { class: `kr-panel kr-gardeners ${over ? "revealed" : ""}` },
      h("h3", {}, over ? t("Contract cards revealed") : t("Gardeners")),
      h("div", { class: "kr-gardener-list" }, cards),
      historyTable(view, seat, table));
  }

  /* How a gardener's points came about in the last game, as one sum in one unit ("−2"
   * beside "1 pt" where the cup's +3 was not said): each garden's points, the cup, the total. */
  function finalLine(last, s, facts) {
    const parts = last.gardens[s].map((g, i) => `${gardenTag(g)} ${points(last.garden_points[s][i], true)}`);
    if (last.cup === s) parts.push(t("the cup {points}", { points: points(facts.cup_points, true) }));
    return h("div", { class: "kr-final" },
      parts.length ? h("span", { class: "muted" }, parts.join(" · "), " = ") : null,
      h("strong", {}, points(last.scores[s])));
  }

  /* Why each game of a match ended, by its number, from the public events: every gardener
   * finished (a `finished` event each) before its `game_over`, or the pile ran out first. */
  function endings(events, players) {
    const ended = new Map();
    let finished = new Set();
    for (const e of events || []) {
      if (e.type === "finished") finished.add(e.seat);
      else if (e.type === "game_over") {
        ended.set(e.game, finished.size === players ? t("every garden full") : t("the pile ran out"));
        finished = new Set();
      }
    }
    return ended;
  }

  /* A match's finished games (variant `match`): points, cards and the cup of each game, and why
   * it ended. */
  function historyTable(view, seat, table) {
    if (view.games < 2 || !view.history.length) return null;
    const seats = Array.from({ length: view.players }, (_, s) => s);
    const ended = endings(table.events, view.players);
    return h("table", { class: "kr-history" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Game no.")), seats.map((s) => h("th", {}, nameOf(table, s, seat))), h("th", {}, t("Ended by")))),
      h("tbody", {}, view.history.map((g) => h("tr", {}, h("th", {}, String(g.game)),
        seats.map((s) => h("td", { class: g.winners.includes(s) ? "winner" : "" },
          `${g.scores[s]}`, g.cup === s ? cup(table.facts) : null, " ", h("small", {}, t("card {n}", { n: g.contracts[s] })))),
        h("td", { class: "kr-ended" }, ended.get(g.game) || "")))),
      h("tfoot", {}, h("tr", {}, h("th", {}, t("Total")), view.totals.map((total) => h("td", {}, String(total))), h("td", {}))));
  }

  /* What is left in the pile, kind by kind: the box less every tile seen (on the gardens, drawn,
   * out of the game), so every player may count it; then the tiles out of the game. */
  function pileContents(view, facts) {
    const left = Object.fromEntries(facts.pile_kinds.map((kind) => [kind, facts.tile_counts[kind]]));
    for (const g of view.gardens) {
      for (const stack of Object.values(g.spaces)) for (const kind of stack) if (kind in left) left[kind] -= 1;
    }
    if (view.drawn) left[view.drawn] -= 1;
    for (const [kind, n] of Object.entries(view.out)) left[kind] -= n;
    const out = Object.entries(view.out);
    return h("div", { class: "kr-tally" },
      h("div", { class: "kr-tally-row", title: t("tiles still in the pile, by kind") },
        h("span", { class: "kr-tally-label" }, t("Still in the pile")),
        Object.entries(left).map(([kind, n]) => h("span", { class: `kr-tally-item ${n ? "" : "none"}` },
          tile(kind, "mini"), String(n)))),
      out.length ? h("div", { class: "kr-tally-row kr-out", title: t("tiles that had no legal place and left the game") },
        h("span", { class: "kr-tally-label" }, t("Out of the game")),
        out.map(([kind, n]) => h("span", { class: "kr-tally-item" }, tile(kind, "mini"), String(n)))) : null);
  }

  /* -- memory: the tiles played since the viewer's last move, and what is new since last render -- */
  function recentPlays(events, seat, players) {
    const list = events || [];
    const plays = [];
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (e.type === "new_game") break;
      if (e.type !== "place" && e.type !== "mole") continue;
      if (isPlayer(seat) && e.seat === seat) break;
      plays.push(e);
      if (plays.length >= players) break;
    }
    return new Map(plays.map((e) => [`${e.garden} ${e.space}`, e.seat]));
  }

  function render(container, view, seat, legal, send, table) {
    const targets = new Map();
    const moles = new Map();
    const takes = new Map();
    let draw = null;
    let pass = null;
    for (const a of legal) {
      const [verb, g, name] = a.notation.split(" ");
      if (verb === "place" || verb === "mole") {
        const into = verb === "place" ? targets : moles;
        if (!into.has(Number(g))) into.set(Number(g), new Map());
        into.get(Number(g)).set(name, a);
      } else if (verb === "take") takes.set(Number(g), a);
      else if (verb === "draw") draw = a;
      else if (verb === "pass") pass = a;
    }
    const before = memory.get(container) || {};
    const armed = Boolean(before.armed && moles.size);
    const tops = new Set();
    for (const g of view.gardens) {
      for (const [name, stack] of Object.entries(g.spaces)) tops.add(`${g.garden} ${name} ${stack.join("/")}`);
    }
    const fresh = new Set();
    if (before.game === view.game && before.tops) {
      for (const key of tops) if (!before.tops.has(key)) fresh.add(key.split(" ").slice(0, 2).join(" "));
    }
    const freshDrawn = Boolean(view.drawn) && before.drawn !== `${view.pile} ${view.drawn}`;
    const state = { game: view.game, tops, armed, drawn: view.drawn ? `${view.pile} ${view.drawn}` : null };
    memory.set(container, state);
    const ctx = {
      view, seat, table, legal, send, takes, draw, pass, moles, armed, fresh, freshDrawn, facts: table.facts,
      targets: armed ? moles : targets,
      ghost: armed ? "mole" : view.phase === "place" ? view.drawn : null,
      recent: recentPlays(table && table.events, seat, view.players),
      toggleMole() {
        state.armed = !state.armed;
        render(container, view, seat, legal, send, table);
      },
    };
    const you = legal.length > 0;
    const boards = view.gardens.map((g) => gardenBoard(g, ctx));
    container.replaceChildren(h("div", { class: `kr players-${view.players} ${you ? "my-turn" : ""} ${armed ? "mole-armed" : ""}` },
      h("div", { class: "kr-top" }, turnPanel(view, seat, ctx), contractPanel(view, seat, table.facts)),
      h("div", { class: `kr-gardens gardens-${view.gardens.length}` }, boards),
      gardeners(view, seat, table)));
  }

  /* -- the log ---------------------------------------------------------------------------------- */
  function describe(event, table) {
    const name = (s) => Potager.seatName(table && table.seats, s);
    /* Where a tile went, as a whole phrase: "on garden 2, b3" ("dans le jardin 2, case b3"). */
    const at = (e) => t("on garden {g}, {space}", { g: e.garden, space: e.space });
    switch (event.type) {
      case "contract":
        return t("Your secret contract card for game {game}: card {n} (principal vegetable: {principal}).", {
          game: event.game, n: event.contract, principal: kindName(table.facts.contracts[event.contract].principal),
        });
      case "draw":
        return t("{name} draws {tile}.", { name: name(event.seat), tile: kindWord(event.tile, "a") });
      case "place": {
        const params = { name: name(event.seat), tile: kindWord(event.tile, "the"), at: at(event) };
        return event.covers
          ? t("{name} covers {covered} with {tile} {at}.", { ...params, covered: kindWord(event.covers, "the") })
          : t("{name} places {tile} {at}.", params);
      }
      case "mole":
        return t("{name} plays the mole {at}, covering {covered}.", {
          name: name(event.seat), at: at(event), covered: kindWord(event.covers, "the"),
        });
      case "discard":
        return t("No place for {tile}: it leaves the game.", { tile: kindWord(event.tile, "the") });
      case "take":
        return event.cup
          ? t("{name} takes garden {g} and the cup ({points}).", { name: name(event.seat), g: event.garden, points: signed(table.facts.cup_points) })
          : t("{name} takes garden {g}.", { name: name(event.seat), g: event.garden });
      case "pass":
        return t("{name} passes.", { name: name(event.seat) });
      case "full":
        return t("Garden {g} is full.", { g: event.garden });
      case "finished":
        return t("{name} has finished: the garden is full.", { name: name(event.seat) });
      case "game_over": {
        const params = {
          game: event.game,
          scores: Potager.listOf(event.scores.map((p, s) => t("{name} {points} (card {n})", { name: name(s), points: p, n: event.contracts[s] }))),
          names: Potager.listOf(event.winners.map(name)),
        };
        return event.winners.length === 1
          ? t("Game {game} over: {scores}; {names} wins.", params)
          : t("Game {game} over: {scores}; {names} win.", params);
      }
      case "new_game":
        return t("Game {game} begins: new contract cards, a new pile.", { game: event.game });
      default:
        return null;
    }
  }

  /* -- the components, for the rules page and the lobby (from the printed facts alone) ---------- */
  function components(facts) {
    const pile = facts.pile_kinds.reduce((sum, kind) => sum + facts.tile_counts[kind], 0);
    const fixed = Potager.listOf(Object.entries(facts.fixed_points).map(([kind, v]) => `${kindName(kind)} ${signed(v)}`));
    return {
      className: "kr",
      groups: [
        {
          title: t("Tiles"),
          note: t("{n} tiles make the pile; each player keeps a mole beside it.", { n: pile }),
          items: facts.kinds.map((kind) => ({ picture: Potager.explain(tile(kind, "big"), tileWorth(kind, facts, null)), caption: `${kindName(kind)} ×${facts.tile_counts[kind]}` })),
        },
        {
          title: t("Contract cards"),
          note: t("Each player holds one in secret. The number of its principal vegetable in a garden picks the column; the two scoring vegetables earn that column's points per tile, the negative one {points} each; {fixed}.", {
            points: signed(facts.negative_points), fixed,
          }),
          items: Object.keys(facts.contracts).map((number) => ({
            picture: contractCard(number, [], facts, { small: true }), caption: t("card {n}", { n: number }),
          })),
        },
        {
          title: t("The cup"),
          note: t("In a match of {n} games, the first to take a garden in a game gets the cup: {points}.", { n: facts.match_games, points: signed(facts.cup_points) }),
          items: [{ picture: cup(facts), caption: t("the cup") }],
        },
      ],
    };
  }

  Potager.registerGame("kraut-und-rueben", { render, describe, label, components, handlesActions: true, stylesheet: true });
})();
