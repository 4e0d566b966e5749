/* Garden Rush (Ki Mansell, Space Cowboys) in the browser: both Potagers as boards facing each
 * other across the Hedge, the Trampoline, the vegetable / tool / mole tokens, the score track with
 * its bonus squares and both gnomes, the bag and the discard, the patterns to harvest.
 *
 * Drawn only from the view (potager/games/garden_rush/__init__.py documents its keys), the
 * public events passed as `table.events` (the squares touched by the latest turn) and the printed
 * facts passed as `table.facts` (the game's `facts()`, built from its data.py: the Potager's
 * columns and cut corners, the vegetables, the tool tokens, the patterns; never copied here).
 * A turn is a sequence of decisions, guided step by step: click a Hedge token
 * (`data-pick="slot 3"`) to light the squares it may go to, click one
 * (`data-action="plant 3 c2"`); click a harvestable token to list the fields through it, or pick
 * one in the list of every legal field (hover previews it); a bonus offers its tools as tabs and
 * an always-visible Skip (`data-action="skip"`). Every element that sends a move carries
 * `data-action="<notation>"`; a first step carries `data-pick`.
 *
 * Each seat sees its own Potager at the bottom as its owner sees it (seat 1's columns therefore
 * run e…a from left to right, its Trampoline on the left); the spectator sits in seat 0's chair.
 */
"use strict";

(() => {
  const { h, t, tn } = Potager;

  /* The names of the vegetables and tools as the French rulebook writes them ("jeton Pomme de
   * Terre", "case Outil"), and their German and Italian (potager/web/GLOSSARY.md). A vegetable
   * also has its name with an indefinite article, a whole phrase per language ("an aubergine":
   * it read "A aubergine"). */
  const NAMES = {
    tomato: () => t("Tomato"), carrot: () => t("Carrot"), broccoli: () => t("Broccoli"),
    potato: () => t("Potato"), aubergine: () => t("Aubergine"),
    gloves: () => t("Gloves"), basket: () => t("Basket"), wheelbarrow: () => t("Wheelbarrow"),
    "watering can": () => t("Watering Can"), swap: () => t("Swap"), compost: () => t("Compost"),
    flipcol: () => t("Column Flip"), copy: () => t("Copy"), molemove: () => t("Mole move"),
  };
  const WITH_ARTICLE = {
    tomato: () => t("a tomato"), carrot: () => t("a carrot"), broccoli: () => t("a broccoli"),
    potato: () => t("a potato"), aubergine: () => t("an aubergine"),
  };
  const TOOL_HELP = {
    gloves: () => t("place 1 token"), basket: () => t("harvest 1 field"), wheelbarrow: () => t("move 1 of your tokens"),
    "watering can": () => t("flip 1 vegetable token"), swap: () => t("swap 2 Hedge tokens, then place one"),
    compost: () => t("discard a vegetable from the Hedge, 1 point each"),
    flipcol: () => t("flip every vegetable of a column"), copy: () => t("use one of the opponent's tools"),
    molemove: () => t("send one of your moles to the opponent"),
  };
  const helpOf = (tool) => (TOOL_HELP[tool] ? TOOL_HELP[tool]() : "");
  /* What each verb of the notation belongs to: a bonus offers these as tabs. */
  const CATEGORY = {
    plant: "place", mole: "place", harvest: "harvest", move: "wheelbarrow", flip: "watering can",
    swap: "swap", compost: "compost", flipcol: "flipcol", molemove: "molemove",
  };
  const CATEGORY_TAB = {
    place: ["gloves", () => t("Place a token")], harvest: ["basket", () => t("Harvest a field")],
    wheelbarrow: ["wheelbarrow", () => t("Wheelbarrow")], "watering can": ["watering can", () => t("Watering Can")],
    swap: ["swap", () => t("Swap")], compost: ["compost", () => t("Compost")], flipcol: ["flipcol", () => t("Column Flip")],
    molemove: ["mole", () => t("Move a mole")],
  };
  const ICON_ID = { "watering can": "watering-can", molemove: "mole" };

  const SPRITE = `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">
<symbol id="gr-i-tomato" viewBox="0 0 32 32"><circle cx="16" cy="18.5" r="11" fill="#e0412f"/>
<path d="M9 15.5c1.3-2.7 3.6-4.3 6.4-4.6" stroke="#ff9f8a" stroke-width="2.2" fill="none" stroke-linecap="round"/>
<path d="M16 7.2l1.7 3.4 3.8-.5-2.7 2.7 1.9 3.3-4.7-1.6-4.7 1.6 1.9-3.3-2.7-2.7 3.8.5z" fill="#2f8a3a"/>
<path d="M16 8V3.6" stroke="#2f8a3a" stroke-width="2.2" stroke-linecap="round"/></symbol>
<symbol id="gr-i-carrot" viewBox="0 0 32 32"><path d="M18.2 9.3c3.6-1.3 7 1.8 5.6 5.5L9.6 28c-2 1.5-4.3-.6-2.9-2.7z" fill="#f07f1a"/>
<path d="M15.6 15.5l2.4 1.4M12.2 19.8l2.2 1.3M18.6 12l1.6 1" stroke="#b65a0b" stroke-width="1.4" stroke-linecap="round"/>
<path d="M21 9.6l.4-6.6M22.3 10.4l5-4.6M23.4 12l6.2-1" stroke="#3c9a45" stroke-width="2.4" stroke-linecap="round"/></symbol>
<symbol id="gr-i-broccoli" viewBox="0 0 32 32"><path d="M13 17h6l1.6 12h-9.2z" fill="#98cc5a"/>
<path d="M16 20v8M16 22l-2.4-3M16 22l2.4-3" stroke="#6d9e35" stroke-width="1.3" fill="none"/>
<circle cx="9.6" cy="14.2" r="5.6" fill="#2d7a34"/><circle cx="22.4" cy="14.2" r="5.6" fill="#2d7a34"/>
<circle cx="16" cy="9.8" r="6.6" fill="#37903f"/><circle cx="16" cy="15.6" r="5" fill="#46a44d"/>
<circle cx="13.6" cy="8" r="1.4" fill="#5fc066"/><circle cx="20.5" cy="12.5" r="1.2" fill="#5fc066"/></symbol>
<symbol id="gr-i-potato" viewBox="0 0 32 32"><path d="M6.4 13.4C8.6 6.8 19 5.6 24.4 8.8c5.3 3.2 4.6 13.2-1.8 16.3-6.2 3-14.6 3.2-16.6-2.8-.9-2.9-.6-5.9.4-8.9z" fill="#c9965c" stroke="#8f6232" stroke-width="1.2"/>
<circle cx="12" cy="13.5" r="1.2" fill="#7d5326"/><circle cx="19" cy="11.5" r="1.1" fill="#7d5326"/>
<circle cx="22" cy="18.5" r="1.2" fill="#7d5326"/><circle cx="14" cy="20.5" r="1" fill="#7d5326"/>
<path d="M10 10.5c1.6-1.6 3.6-2.3 5.8-2.4" stroke="#e6c193" stroke-width="1.8" fill="none" stroke-linecap="round"/></symbol>
<symbol id="gr-i-aubergine" viewBox="0 0 32 32"><path d="M20.5 9.5c3.8 1.4 4 7.8 1.6 12.6-2.6 5.3-9.6 9-13.3 5.6-3.4-3.1-.2-8.3 2.6-11.4 2.6-2.8 4.7-8.3 9.1-6.8z" fill="#6b2f93"/>
<path d="M11.5 22.8c.2-2.6 1.8-5 3.7-7" stroke="#a872cf" stroke-width="1.8" fill="none" stroke-linecap="round"/>
<path d="M15.8 9.8c1.6-2.6 5.6-3.6 8.4-1.6l-1.4 3.2-2.6-.9-1.6 2.2z" fill="#3c9a45"/>
<path d="M22.2 8l2.4-4.6" stroke="#3c9a45" stroke-width="2.2" stroke-linecap="round"/></symbol>
<symbol id="gr-i-gloves" viewBox="0 0 32 32"><path d="M9.5 26.5V23l-3.6-6.8c-.9-1.9 1.6-3.2 2.8-1.5l2.4 3.3V8.6c0-1.7 2.8-1.7 2.8 0V15V6.4c0-1.8 2.9-1.8 2.9 0V15V7.4c0-1.7 2.8-1.7 2.8 0V16v-5.2c0-1.7 2.8-1.7 2.8 0v9.7c0 3.3-1.5 5-2.6 6z" fill="#f2b134" stroke="#94650f" stroke-width="1.2" stroke-linejoin="round"/>
<rect x="8.6" y="25.5" width="12.6" height="4.4" rx="1.2" fill="#4f8fce" stroke="#2c5f8f" stroke-width="1"/></symbol>
<symbol id="gr-i-basket" viewBox="0 0 32 32"><path d="M8.5 14c0-9.6 15-9.6 15 0" fill="none" stroke="#8a5a2b" stroke-width="2.6"/>
<path d="M4 13h24l-3.2 14.2H7.2z" fill="#cf9350" stroke="#8a5a2b" stroke-width="1.4" stroke-linejoin="round"/>
<path d="M5.2 18.2h21.6M6.4 22.8h19.2M11.5 13l1.2 14M20.5 13l-1.2 14M16 13v14" stroke="#8a5a2b" stroke-width="1.2"/></symbol>
<symbol id="gr-i-wheelbarrow" viewBox="0 0 32 32"><path d="M2.6 10.5h19.8l-4.4 9.6H8.2z" fill="#d2462f" stroke="#7a2418" stroke-width="1.3" stroke-linejoin="round"/>
<path d="M17.5 18.5l11.6-6.6" stroke="#6b4a2f" stroke-width="2.4" stroke-linecap="round"/>
<path d="M17 20l1.6 5.5" stroke="#6b4a2f" stroke-width="2.2" stroke-linecap="round"/>
<circle cx="9.5" cy="24.5" r="4" fill="#3b3b3b"/><circle cx="9.5" cy="24.5" r="1.4" fill="#c9c9c9"/></symbol>
<symbol id="gr-i-watering-can" viewBox="0 0 32 32"><path d="M9 14c0-5.4 9-5.4 9 0" fill="none" stroke="#22637e" stroke-width="2.2"/>
<path d="M7 14h13v11.5a2.2 2.2 0 0 1-2.2 2.2H9.2A2.2 2.2 0 0 1 7 25.5z" fill="#4aa3c9" stroke="#22637e" stroke-width="1.3"/>
<path d="M7.4 16.5c-4.2 0-4.2 7 0 7" fill="none" stroke="#22637e" stroke-width="2.2"/>
<path d="M19.5 22l7.4-8.6" stroke="#22637e" stroke-width="2.6" stroke-linecap="round"/>
<path d="M25.4 10.8l4.2 3.6-2 1.7-3.7-3.2z" fill="#22637e"/>
<path d="M29.5 17.5v2M27.2 19.6v2M31 20.5v1.6" stroke="#5fb8e0" stroke-width="1.4" stroke-linecap="round"/></symbol>
<symbol id="gr-i-swap" viewBox="0 0 32 32"><path d="M6 11h19m-4.5-4.5L25 11l-4.5 4.5M26 21H7m4.5-4.5L7 21l4.5 4.5" fill="none" stroke="currentColor" stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/></symbol>
<symbol id="gr-i-compost" viewBox="0 0 32 32"><path d="M4 27c2.2-7.6 6.6-11.6 12-11.6S25.8 19.4 28 27z" fill="#7a5230"/>
<path d="M11.5 21.5l1.2-1M18 22.5h1.4M14.5 25h1.3M21.5 25.4l1-1M8.8 25.3h1.2" stroke="#d4ad80" stroke-width="1.6" stroke-linecap="round"/>
<path d="M16 15.8c-1.2-5.4 2.2-9.6 8.8-10.6 0 6.6-3.3 9.8-8.8 10.6z" fill="#5cb85c"/>
<path d="M16.2 15.4c2-3.4 4.2-5.6 7.4-8.4" stroke="#2f6b3a" stroke-width="1.1" fill="none"/></symbol>
<symbol id="gr-i-flipcol" viewBox="0 0 32 32"><rect x="12" y="3.5" width="8" height="25" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>
<path d="M12 11.8h8M12 20.2h8" stroke="currentColor" stroke-width="1.5"/>
<path d="M7.6 8.5a10 10 0 0 0 0 15" fill="none" stroke="currentColor" stroke-width="2.2"/>
<path d="M4.6 21.2l3 3 3-3" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>
<path d="M24.4 23.5a10 10 0 0 0 0-15" fill="none" stroke="currentColor" stroke-width="2.2"/>
<path d="M21.4 10.8l3-3 3 3" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></symbol>
<symbol id="gr-i-copy" viewBox="0 0 32 32"><rect x="4.5" y="4.5" width="15" height="17" rx="2.6" fill="none" stroke="currentColor" stroke-width="2.3"/>
<rect x="12.5" y="10.5" width="15" height="17" rx="2.6" fill="currentColor"/></symbol>
<symbol id="gr-i-mole" viewBox="0 0 32 32"><path d="M1.5 29c3-6.6 8.8-9 14.5-9s11.5 2.4 14.5 9z" fill="#6b4a2f"/>
<ellipse cx="16" cy="17" rx="9.5" ry="8.6" fill="#4b4b55"/>
<ellipse cx="8.6" cy="24.2" rx="3.4" ry="2" fill="#f3a0b0"/><ellipse cx="23.4" cy="24.2" rx="3.4" ry="2" fill="#f3a0b0"/>
<ellipse cx="16" cy="21" rx="3.2" ry="2.4" fill="#f3a0b0"/>
<circle cx="12.4" cy="15" r="1.3" fill="#111"/><circle cx="19.6" cy="15" r="1.3" fill="#111"/>
<path d="M7 9.5l2.5 2M25 9.5l-2.5 2" stroke="#4b4b55" stroke-width="1.6" stroke-linecap="round"/></symbol>
<symbol id="gr-i-gnome" viewBox="0 0 32 32"><path d="M16 1.5L24.5 15H7.5z" fill="currentColor" stroke="rgba(0,0,0,.35)" stroke-width=".8" stroke-linejoin="round"/>
<circle cx="16" cy="16.6" r="4.8" fill="#f5cba7"/>
<path d="M10 17.2c0 8 3 11 6 11s6-3 6-11c-2 2-4 3-6 3s-4-1-6-3z" fill="#fff" stroke="#cfcfcf" stroke-width=".7"/>
<circle cx="16" cy="18.3" r="1.7" fill="#e8907a"/>
<rect x="8.5" y="27.6" width="15" height="3.4" rx="1.6" fill="#5a3b22"/></symbol>
<symbol id="gr-i-seed" viewBox="0 0 32 32"><path d="M16 3.5c7.5 5 8.5 17.5 0 25-8.5-7.5-7.5-20 0-25z" fill="#d4a85a" stroke="#7a5a22" stroke-width="1.4"/>
<path d="M16 7v18" stroke="#7a5a22" stroke-width="1.1"/></symbol>
<symbol id="gr-i-star" viewBox="0 0 32 32"><path d="M16 3l3.8 8.2 9 1-6.7 6.1 1.9 8.8L16 22.6l-8 4.5 1.9-8.8-6.7-6.1 9-1z" fill="currentColor"/></symbol>
<symbol id="gr-i-bag" viewBox="0 0 32 32"><path d="M10 9c-6 5-7 12-5 16 2 4 20 4 22 0s1-11-5-16z" fill="#b98a55" stroke="#6b4a2f" stroke-width="1.3"/>
<path d="M10 9l2-4h8l2 4M9.5 9h13" fill="none" stroke="#6b4a2f" stroke-width="1.8" stroke-linecap="round"/></symbol>
</svg>`;

  /* -- per-drawing memory: the step in progress and the last view (to animate what changed) ---- */
  const memory = new WeakMap();

  function ensureAssets() {
    if (!document.getElementById("gr-sprite")) {
      const holder = h("div", { id: "gr-sprite" });
      holder.innerHTML = SPRITE;
      document.body.append(holder);
    }
  }

  function icon(name, extra = "") {
    const el = h("span", { class: `gr-icon ${extra}`, "aria-hidden": "true" });
    el.innerHTML = `<svg viewBox="0 0 32 32"><use href="#gr-i-${ICON_ID[name] || name}"/></svg>`;
    return el;
  }

  const isVegetable = (facts, kind) => facts.vegetables.includes(kind);
  const nameOf = (kind) => (NAMES[kind] ? NAMES[kind]() : kind);
  /* A token as a sentence names it: "the Tomato token", "a Swap token", "3 Tomato tokens". */
  const theToken = (kind) => t("the {name} token", { name: nameOf(kind) });
  const aToken = (facts, kind) => (isVegetable(facts, kind) && WITH_ARTICLE[kind]
    ? WITH_ARTICLE[kind]() : t("a {name} token", { name: nameOf(kind) }));
  const tokens = (n, kind) => tn(n, "{n} {name} token", "{n} {name} tokens", { name: nameOf(kind) });
  const faceName = (face) => (face === "double" ? t("double face") : face === "single" ? t("single face") : face);
  /* A sentence begins with a capital in all four languages, whatever phrase comes first. */
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  /* -- what a token, a square and a field are worth (Potager.explain), from the facts ---------- */
  const fieldSizes = (facts, veg) => facts.patterns[veg].map((shape) => shape.split("").filter((x) => x === "X").length);
  const either = (items) => new Intl.ListFormat(Potager.i18n.lang, { type: "disjunction" }).format(items.map(String));

  function tokenWorth(kind, face, facts) {
    if (face === "mole") return t("Mole: it blocks its square for good and scores nothing.");
    if (!isVegetable(facts, kind)) {
      return t("{name} tool token, placed in your Potager (not on a tool square): {help}. Or drop it mole side up in your opponent's Potager, where it blocks a square.", { name: nameOf(kind), help: helpOf(kind) });
    }
    const params = { name: nameOf(kind), sizes: either(fieldSizes(facts, kind)) };
    return face === "double"
      ? t("{name}, double face: a harvested field scores a point per token; a double then turns single and stays. Fields of {name}: {sizes} tokens.", params)
      : t("{name}, single face: a harvested field scores a point per token; a single then leaves your Potager. Fields of {name}: {sizes} tokens.", params);
  }

  const toolSquareWorth = (tool) => t("{name} square, a token placed here gives its bonus action: {help}. A bonus square of the score track lets you use it again while it is uncovered.", { name: nameOf(tool), help: helpOf(tool) });

  /* The winners of a finished game: the higher gnome(s), or the other seat of a stuck player. */
  function winnersOf(view) {
    if (view.phase !== "over") return [];
    if (view.stuck !== null) return [1 - view.stuck];
    const best = Math.max(...view.scores);
    return view.scores.map((g, s) => (g === best ? s : -1)).filter((s) => s >= 0);
  }

  const who = Potager.playerName;

  /* -- tokens -------------------------------------------------------------------------------- */
  /* A token as its face shows it: a vegetable's double face carries two of it, its single one;
   * a tool token shows its tool, its mole face a mole (with the tool it still is, small). */
  function token(kind, face, extra = "") {
    const vegetable = face === "double" || face === "single"; // a vegetable's faces
    let title = t("{name} tool token", { name: nameOf(kind) });
    if (vegetable) title = t("{name}, {face}", { name: nameOf(kind), face: faceName(face) });
    else if (face === "mole") title = t("Mole (a {name} token)", { name: nameOf(kind) });
    let body;
    if (vegetable) {
      body = face === "double"
        ? [icon(kind, "veg one"), icon(kind, "veg two"), h("span", { class: "pip", dataset: { glyph: "2" } })]
        : [icon(kind, "veg solo")];
    } else if (face === "mole") {
      body = [icon("mole", "mole"), icon(kind, "under")];
    } else {
      body = [icon(kind, "tool")];
    }
    return h("span", {
      class: `gr-token k-${kind} f-${face} ${extra}`, title, role: "img", "aria-label": title, dataset: { token: kind, face },
    }, body);
  }

  /* What a move does, in the page's language (the server labels a move by its notation), from
   * its notation and the Hedge (null when not known: a replay's banner); null for no move. */
  function moveWords(notation, hedge) {
    const [verb, ...w] = notation.split(" ");
    switch (verb) {
      case "plant": return t("place the token of Hedge slot {slot} on {square}", { slot: w[0], square: w[1] });
      case "mole": return t("put the token of Hedge slot {slot} as a mole on the opponent's {square}", { slot: w[0], square: w[2] });
      case "harvest": return t("harvest {tokens}: {squares}", { tokens: tokens(w.length - 1, w[0]), squares: w.slice(1).join(" ") });
      case "move": return t("move the token on {from} to {to}", { from: w[0], to: w[1] });
      case "flip": return w[0] === "opp"
        ? t("flip the opponent's token on {square}", { square: w[1] }) : t("flip the token on {square}", { square: w[0] });
      case "swap": return t("swap Hedge slots {slot} and {next}", { slot: Number(w[0]), next: Number(w[0]) + 1 });
      case "compost": return hedge
        ? t("compost every {name} of the Hedge (+{n})", { name: nameOf(w[0]), n: hedge.filter((k) => k === w[0]).length })
        : t("compost every {name} of the Hedge", { name: nameOf(w[0]) });
      case "flipcol": return t("flip every vegetable token of column {column}", { column: w[0] });
      case "molemove": return t("send the mole on {from} to the opponent's {to}", { from: w[0], to: w[2] });
      case "skip": return t("decline the bonus");
      default: return null;
    }
  }
  const moveLabel = (ctx, move) => moveWords(move.notation, ctx.view.hedge) || move.notation;

  /* A move in words for the replay and the hint (README: `label`). */
  const label = (notation) => moveWords(notation, null);

  /* -- the moves on offer, by what they use -------------------------------------------------- */
  function parseLegal(legal, actor, facts) {
    const acts = {
      place: new Map(), fields: [], moves: new Map(), flips: new Map(), swaps: new Map(),
      compost: new Map(), flipcol: new Map(), molemoves: new Map(), skip: null, other: [], cats: [],
    };
    const opp = 1 - actor;
    const push = (map, key, item) => { if (!map.has(key)) map.set(key, []); map.get(key).push(item); };
    for (const a of legal) {
      const words = a.notation.split(" ");
      const verb = words[0];
      if (verb === "plant") push(acts.place, Number(words[1]), { owner: actor, sq: words[2], a });
      else if (verb === "mole") push(acts.place, Number(words[1]), { owner: opp, sq: words[3], a });
      else if (verb === "harvest") acts.fields.push({ veg: words[1], squares: words.slice(2), a });
      else if (verb === "move") push(acts.moves, words[1], { to: words[2], a });
      else if (verb === "flip") acts.flips.set(words[1] === "opp" ? `${opp}:${words[2]}` : `${actor}:${words[1]}`, a);
      else if (verb === "swap") acts.swaps.set(Number(words[1]), a);
      else if (verb === "compost") acts.compost.set(words[1], a);
      else if (verb === "flipcol") acts.flipcol.set(words[1], a);
      else if (verb === "molemove") push(acts.molemoves, words[1], { to: words[3], a });
      else if (verb === "skip") acts.skip = a;
      else acts.other.push(a);
      const cat = CATEGORY[verb];
      if (cat && !acts.cats.includes(cat)) acts.cats.push(cat);
    }
    // Bigger fields first within each vegetable: they score more.
    acts.fields.sort((x, y) => facts.vegetables.indexOf(x.veg) - facts.vegetables.indexOf(y.veg)
      || y.squares.length - x.squares.length);
    return acts;
  }

  /* What is clickable now: per square key (`owner:square`) a move (`targets`) or a first step
   * (`picks`), and the squares of legal fields (`harvestable`). */
  function interactions(acts, ui, active, actor) {
    const targets = new Map();
    const picks = new Map();
    const harvestable = new Set();
    const sel = ui.sel;
    if (active.has("place") && sel && sel.type === "slot") {
      for (const step of acts.place.get(sel.slot) || []) targets.set(`${step.owner}:${step.sq}`, step.a);
    }
    if (active.has("wheelbarrow")) {
      for (const from of acts.moves.keys()) picks.set(`${actor}:${from}`, { type: "move", from });
      if (sel && sel.type === "move") {
        for (const step of acts.moves.get(sel.from) || []) targets.set(`${actor}:${step.to}`, step.a);
      }
    }
    if (active.has("molemove")) {
      for (const from of acts.molemoves.keys()) picks.set(`${actor}:${from}`, { type: "molemove", from });
      if (sel && sel.type === "molemove") {
        for (const step of acts.molemoves.get(sel.from) || []) targets.set(`${1 - actor}:${step.to}`, step.a);
      }
    }
    if (active.has("watering can")) for (const [key, a] of acts.flips) targets.set(key, a);
    if (active.has("harvest")) {
      for (const f of acts.fields) for (const sq of f.squares) harvestable.add(`${actor}:${sq}`);
    }
    return { targets, picks, harvestable };
  }

  /* The squares touched by the latest turn (its plant, mole, harvest, move, flip), from events:
   * the trailing run of one seat's events ("last turn" names the next player: not part of it). */
  function latestTurn(events) {
    const marks = new Set();
    const list = events || [];
    let s = null;
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (!("seat" in e) || e.type === "last turn") continue;
      if (s === null) s = e.seat;
      else if (e.seat !== s) break;
      if (e.type === "plant" || e.type === "move") marks.add(`${s}:${e.type === "move" ? e.to : e.square}`);
      else if (e.type === "mole" || e.type === "molemove") marks.add(`${1 - s}:${e.type === "mole" ? e.square : e.to}`);
      else if (e.type === "flip") marks.add(`${e.potager}:${e.square}`);
      else if (e.type === "harvest") for (const sq of e.squares) marks.add(`${s}:${sq}`);
    }
    return marks;
  }

  /* What changed since the last drawing: squares newly filled (pop) or turned (flip), gnomes. */
  function changes(before, view) {
    const fresh = new Map();
    if (!before) return fresh;
    view.potagers.forEach((squares, owner) => {
      for (const [sq, placed] of Object.entries(squares)) {
        const old = before.potagers[owner][sq];
        if (!old || old.token !== placed.token) fresh.set(`${owner}:${sq}`, "pop");
        else if (old.face !== placed.face) fresh.set(`${owner}:${sq}`, "turn");
      }
    });
    view.hedge.forEach((kind, k) => { if (before.hedge[k] !== kind) fresh.set(`hedge:${k + 1}`, "slide"); });
    if (view.trampoline && view.trampoline !== before.trampoline) fresh.set("trampoline", "drop");
    view.scores.forEach((g, s) => { if (before.scores[s] !== g) fresh.set(`gnome:${s}`, "hop"); });
    return fresh;
  }

  /* -- the boards ----------------------------------------------------------------------------- */
  function square(ctx, owner, sq) {
    const { view, inter, ui, marks, fresh } = ctx;
    if (ctx.cut.has(sq)) return h("div", { class: "gr-sq cut", "aria-hidden": "true" });
    const key = `${owner}:${sq}`;
    const placed = view.potagers[owner][sq];
    const tool = view.tool_squares[owner][sq];
    const target = inter.targets.get(key);
    const pick = inter.picks.get(key);
    const harvestable = inter.harvestable.has(key);
    const selected = ui.sel && ui.sel.from === sq && owner === ctx.actor;
    const fixed = view.bonus && view.bonus.fixed === sq && owner === view.turn;
    const classes = ["gr-sq", tool ? "tool-sq" : "", placed ? "full" : "empty",
      target ? "target" : "", pick ? "source" : "", harvestable ? "harvestable" : "",
      selected ? "selected" : "", marks.has(key) ? "recent" : "",
      ui.anchor === key ? "anchor" : "", fixed ? "fixed" : ""].join(" ");
    const children = [];
    if (tool) children.push(icon(tool, placed ? "tool-mark covered" : "tool-mark"));
    if (placed) children.push(token(placed.token, placed.face, fresh.get(key) || ""));
    if (target && !placed) {
      const ghost = ghostOf(ctx, owner, sq);
      children.push(ghost ? token(ghost.token, ghost.face, "ghost") : h("span", { class: "ghost-dot" }));
    }
    const title = [tool ? `${sq} · ${nameOf(tool)}: ${helpOf(tool)}` : sq,
      fixed ? t("this token gave the bonus: it stays") : "", target ? moveLabel(ctx, target) : ""].filter(Boolean).join(" — ");
    // A square with a tool or a token says what they are worth.
    const worth = [placed ? tokenWorth(placed.token, placed.face, ctx.facts) : "", tool ? toolSquareWorth(tool) : ""].filter(Boolean).join(" ");
    const explained = (el) => (worth ? Potager.explain(el, `${title}. ${worth}`) : el);
    const attrs = { class: classes, title, dataset: { key, square: sq, owner } };
    if (target) {
      return explained(h("button", {
        ...attrs, type: "button", dataset: { key, square: sq, owner, action: target.notation },
        "aria-label": moveLabel(ctx, target), onclick: () => ctx.send(target.action),
      }, children));
    }
    if (pick) {
      return explained(h("button", {
        ...attrs, type: "button", dataset: { key, square: sq, owner, pick: `${pick.type} ${sq}` },
        onclick: () => ctx.choose(selected ? null : pick),
      }, children));
    }
    if (harvestable) {
      // A div, not a button: the fields popover inside it holds buttons.
      const toggle = () => ctx.anchor(ui.anchor === key ? null : key);
      const cell = h("div", {
        ...attrs, role: "button", tabindex: "0", "aria-haspopup": "menu",
        onclick: (event) => { if (!event.target.closest(".gr-popover")) toggle(); },
        onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); } },
      }, children);
      if (ui.anchor === key) cell.append(fieldPopover(ctx, sq));
      return explained(cell);
    }
    return explained(h("div", attrs, children));
  }

  /* The token the chosen move would put on a free square, as it would lie there: a Hedge
   * vegetable double in its slot's column and single elsewhere, a tool token tool side up in your
   * Potager and mole side up in the opponent's; a moved token keeps its face. */
  function ghostOf(ctx, owner, sq) {
    const { view, ui, actor, facts } = ctx;
    const sel = ui.sel;
    if (!sel) return null;
    if (sel.type === "slot") {
      const kind = view.hedge[sel.slot - 1];
      if (!isVegetable(facts, kind)) return { token: kind, face: owner === actor ? "tool" : "mole" };
      return { token: kind, face: sq[0] === facts.columns[sel.slot - 1] ? "double" : "single" };
    }
    return view.potagers[actor][sel.from] || null;
  }

  /* The fields through the clicked square, on the board (the phone-friendly way to harvest);
   * `placePopover` moves it off their squares. */
  function fieldPopover(ctx, sq) {
    const fields = ctx.acts.fields.filter((f) => f.squares.includes(sq));
    const squares = [...new Set(fields.flatMap((f) => f.squares))];
    return h("span", { class: "gr-popover", role: "menu", dataset: { squares: squares.join(" ") } },
      h("span", { class: "pop-title" }, t("Harvest through {square}", { square: sq })),
      fields.map((f) => fieldButton(ctx, f, "pop")));
  }

  /* Put the open harvest popover where it hides no square of the fields it offers (it
   * hung below the clicked square, over the rest of a field through it): next to that square on
   * the first side with room — below, above, right, left — else under the whole Potager. */
  function placePopover(container) {
    const pop = container.querySelector(".gr-popover");
    if (!pop) return;
    const cell = pop.parentElement;
    const potager = cell.closest(".gr-potager");
    const offered = new Set(pop.dataset.squares.split(" "));
    const keep = [...potager.querySelectorAll(".gr-sq[data-square]")]
      .filter((el) => offered.has(el.dataset.square)).map((el) => el.getBoundingClientRect());
    const c = cell.getBoundingClientRect();
    const [w, ht, gap, edge] = [pop.offsetWidth, pop.offsetHeight, 6, 4];
    const across = (left) => Math.max(edge, Math.min(left, document.documentElement.clientWidth - w - edge));
    const middle = across(c.left + (c.width - w) / 2);
    const sides = [
      [middle, c.bottom + gap], [middle, c.top - gap - ht],
      [c.right + gap, c.top + (c.height - ht) / 2], [c.left - gap - w, c.top + (c.height - ht) / 2],
    ];
    const free = ([left, top]) => across(left) === left && top >= 0
      && keep.every((r) => left >= r.right || left + w <= r.left || top >= r.bottom || top + ht <= r.top);
    const [left, top] = sides.find(free) || [middle, potager.getBoundingClientRect().bottom + gap];
    // Offsets from the square's padding box, which holds the popover.
    Object.assign(pop.style, {
      left: `${left - c.left - cell.clientLeft}px`, top: `${top - c.top - cell.clientTop}px`, transform: "none",
    });
  }

  function fieldButton(ctx, f, extra = "") {
    const keys = f.squares.map((sq) => `${ctx.actor}:${sq}`);
    return h("button", {
      type: "button", class: `gr-field k-${f.veg} ${extra}`, role: "menuitem",
      title: moveLabel(ctx, f.a), dataset: { action: f.a.notation },
      onmouseenter: () => ctx.highlight(keys), onmouseleave: () => ctx.highlight([]),
      onfocus: () => ctx.highlight(keys), onblur: () => ctx.highlight([]),
      onclick: () => ctx.send(f.a.action),
    }, icon(f.veg), h("b", {}, `+${f.squares.length}`), h("span", { class: "sqs" }, f.squares.join(" ")));
  }

  /* A row of the garden: a narrow label end, the five columns, the wide Trampoline end (the
   * Trampoline sits beyond slot 5, so on the left when the columns run e…a). */
  function row(ctx, extra, label, cells, wide = null) {
    const narrow = label || h("span", {});
    const far = wide || h("span", {});
    return h("div", { class: `gr-row ${extra}` }, ctx.rev ? far : narrow, cells, ctx.rev ? narrow : far);
  }

  function potager(ctx, owner, top) {
    const { view, cols, table, seat, facts } = ctx;
    const rows = Array.from({ length: facts.size }, (_, i) => (top ? facts.size - i : i + 1));
    const letters = row(ctx, "letters", null, cols.map((c) => h("span", { class: "col-letter" }, c)));
    const grid = rows.map((r) => row(ctx, "", h("span", { class: "row-no" }, String(r)),
      cols.map((c) => square(ctx, owner, `${c}${r}`))));
    const turn = view.phase !== "over" && view.turn === owner;
    return h("section", {
      class: `gr-potager s${owner} ${top ? "top" : "bottom"} ${turn ? "turn" : ""}`,
      "aria-label": t("{name} — Potager", { name: who(table, owner, seat) }), dataset: { owner },
    }, top ? [letters, grid] : [grid, letters]);
  }

  function nameBar(ctx, owner) {
    const { view, table, seat, fresh } = ctx;
    const turn = view.phase !== "over" && view.turn === owner;
    const won = winnersOf(view).includes(owner);
    return h("div", { class: `gr-namebar s${owner} ${turn ? "turn" : ""} ${won ? "winner" : ""}` },
      icon("gnome", `gnome s${owner}`),
      h("span", { class: "name" }, who(table, owner, seat)),
      view.first_seed === owner ? h("span", { class: "seed", title: t("First seed: plays first; the other player gets a last turn") }, icon("seed")) : null,
      turn ? h("span", { class: "turn-tag" }, view.phase === "bonus" ? t("bonus…") : t("to play")) : null,
      won ? h("span", { class: "turn-tag won" }, t("★ winner")) : null,
      h("span", { class: `score ${fresh.has(`gnome:${owner}`) ? "hop" : ""}`, title: t("gnome on the score track") },
        h("b", {}, String(view.scores[owner])), ` / ${view.goal}`));
  }

  /* The Hedge: slot k above column k of both Potagers, the Trampoline beyond slot 5 (tokens slide
   * towards slot 1), the column arrows (clickable for a Column Flip), Swap buttons between slots. */
  function arrows(ctx, dir) {
    const { cols, acts, active, facts } = ctx;
    return row(ctx, `arrows ${dir}`, null, cols.map((c) => {
      const a = active.has("flipcol") && acts.flipcol.get(c);
      const glyph = dir === "up" ? "▲" : "▼";
      const feeds = t("Hedge slot {slot} feeds column {column}", { slot: facts.columns.indexOf(c) + 1, column: c });
      if (!a) return h("span", { class: "arrow", title: feeds, role: "img", "aria-label": feeds }, glyph);
      return h("button", {
        type: "button", class: "arrow flip", title: moveLabel(ctx, a), "aria-label": moveLabel(ctx, a), dataset: { action: a.notation },
        onclick: () => ctx.send(a.action),
      }, icon("flipcol"), c);
    }));
  }

  function hedge(ctx) {
    const { view, cols, acts, active, ui, fresh, rev, facts } = ctx;
    const slots = cols.map((c) => {
      const k = facts.columns.indexOf(c) + 1;
      const kind = view.hedge[k - 1];
      const inSwap = view.phase === "swap" && (k === view.swap || k === view.swap + 1);
      const places = active.has("place") && acts.place.get(k);
      const compost = active.has("compost") && kind && acts.compost.get(kind);
      const selected = ui.sel && ui.sel.type === "slot" && ui.sel.slot === k;
      const classes = `gr-slot ${places ? "source" : ""} ${selected ? "selected" : ""} ${inSwap ? "swapped" : ""} ${compost ? "compostable" : ""}`;
      const content = [h("span", { class: "slot-no", dataset: { glyph: String(k) } }),
        kind ? token(kind, isVegetable(facts, kind) ? "double" : "tool", fresh.get(`hedge:${k}`) || "") : h("span", { class: "gr-token none" })];
      const swap = active.has("swap") && acts.swaps.get(k);
      const swapButton = swap ? h("button", {
        type: "button", class: `gr-swap ${rev ? "before" : "after"}`, title: moveLabel(ctx, swap),
        dataset: { action: swap.notation }, onclick: () => ctx.send(swap.action),
      }, icon("swap")) : null;
      // Named by their titles (a screen reader said "1 2", the slot and the pip); the
      // slot's number is its shortcut key.
      const title = kind && isVegetable(facts, kind)
        ? t("{name} of Hedge slot {slot}: double in column {column}", { name: nameOf(kind), slot: k, column: c })
        : kind ? t("{name} of Hedge slot {slot}", { name: nameOf(kind), slot: k }) : t("Hedge slot {slot}", { slot: k });
      let cell;
      if (places) {
        cell = h("button", {
          type: "button", class: classes, dataset: { slot: k, pick: `slot ${k}` }, title, "aria-label": title,
          "aria-keyshortcuts": String(k), "aria-pressed": String(Boolean(selected)),
          onclick: () => ctx.choose(selected ? null : { type: "slot", slot: k }),
        }, content);
      } else if (compost) {
        cell = h("button", {
          type: "button", class: classes, dataset: { slot: k, action: compost.notation }, "aria-keyshortcuts": String(k),
          title: moveLabel(ctx, compost), "aria-label": moveLabel(ctx, compost), onclick: () => ctx.send(compost.action),
        }, content);
      } else {
        cell = h("div", { class: classes, dataset: { slot: k }, title, role: "img", "aria-label": title }, content);
      }
      if (kind) Potager.explain(cell, `${cell.title || cell.getAttribute("aria-label")}. ${tokenWorth(kind, isVegetable(facts, kind) ? "double" : "tool", facts)}`);
      return h("div", { class: "slot-wrap" }, cell, swapButton);
    });
    const trampTitle = t("Trampoline: its token enters the Hedge at slot {slot}", { slot: facts.hedge_slots });
    const tramp = h("div", { class: `gr-trampoline ${rev ? "left" : "right"}`, title: trampTitle },
      h("span", { class: "mat" }, view.trampoline
        ? token(view.trampoline, isVegetable(facts, view.trampoline) ? "double" : "tool", fresh.get("trampoline") || "")
        : h("span", { class: "empty-mat" }, "—")),
      h("span", { class: "tramp-arrow", "aria-hidden": "true" }, rev ? "→" : "←"),
      h("span", { class: "tramp-label" }, t("Trampoline")));
    if (view.trampoline) {
      Potager.explain(tramp, `${trampTitle}. ${tokenWorth(view.trampoline, isVegetable(facts, view.trampoline) ? "double" : "tool", facts)}`);
    }
    return row(ctx, "gr-hedge", h("span", { class: "hedge-label" }, t("Hedge")), slots, tramp);
  }

  /* -- the score track: 0…40 (and beyond), bonus squares every 5 up to 35, both gnomes -------- */
  function track(ctx) {
    const { view, table, seat, fresh } = ctx;
    const last = Math.max(view.goal, ...view.scores);
    const bonus = new Set(view.bonus_squares);
    const cells = [];
    for (let n = 0; n <= last; n++) {
      const here = view.scores.map((g, s) => (g === n ? s : -1)).filter((s) => s >= 0);
      const cell = h("li", {
        class: `cell ${bonus.has(n) ? "bonus" : ""} ${n === view.goal ? "goal" : ""} ${n % 10 === 0 ? "ten" : ""}`,
        title: String(n),
      },
      h("span", { class: "n" }, String(n)),
      bonus.has(n) ? icon("star", "star") : null,
      here.map((s) => icon("gnome", `gnome s${s} ${fresh.has(`gnome:${s}`) ? "hop" : ""}`)),
      here.map((s) => h("span", { class: "sr-only" }, `${who(table, s, seat)}`)));
      if (bonus.has(n)) Potager.explain(cell, t("{n}: a bonus square: a gnome landing here lets its player use one of their uncovered tool squares.", { n }));
      if (n === view.goal) Potager.explain(cell, t("{n}: the goal: the game ends after the turn in which a gnome reaches it, or the bag runs out; the higher gnome wins.", { n }));
      cells.push(cell);
    }
    return h("section", { class: "gr-track", "aria-label": t("Score track") },
      h("ol", {}, cells));
  }

  /* Why a game played out ended (rulebook "Fin de la partie"): a gnome reached the goal, both
   * players passed (stuck = pass), or the bag ran out; each ends the game after that turn. */
  function endReason(view, table, seat) {
    const reached = view.scores.map((g, s) => (g >= view.goal ? s : -1)).filter((s) => s >= 0);
    if (reached.length) {
      const names = Potager.listOf(reached.map((s) => who(table, s, seat)));
      return reached.length === 1 && reached[0] === seat
        ? t("You reached {goal} points: the game ended after that turn.", { goal: view.goal })
        : tn(reached.length, "{names} reached {goal} points: the game ended after that turn.",
          "{names} reached {goal} points: the game ended after that turn.", { names, goal: view.goal });
    }
    if (view.passes >= 2) return t("Neither player could place or harvest: the game ended.");
    return t("The bag ran out before anyone reached {goal} points: the game ended after that turn.", { goal: view.goal });
  }

  /* -- what the table waits for: the prompt, the tool tabs, Skip ------------------------------ */
  function prompt(ctx) {
    const { view, table, seat, acts, active, ui, mine, facts } = ctx;
    const name = who(table, view.turn, seat);
    if (table && table.status === "waiting") return [t("Waiting for players"), Potager.waitingForSeats(table.seats)];
    if (view.phase === "over") {
      if (view.stuck !== null) {
        return [view.stuck === seat ? t("You could not play and lost") : t("{name} could not play and lost", { name: who(table, view.stuck, seat) }),
          t("A player who can neither place nor harvest loses at once.")];
      }
      const winners = winnersOf(view);
      const params = { names: Potager.listOf(winners.map((s) => who(table, s, seat))), n: view.scores[winners[0]] };
      let title = t("{names} win with {n} points", params);
      if (winners.length === 1) title = winners[0] === seat ? t("You win with {n} points", params) : t("{names} wins with {n} points", params);
      const scores = t("Final gnomes: {scores}.", { scores: Potager.listOf(view.scores.map((g, s) => `${who(table, s, seat)} ${g}`)) });
      return [title, `${endReason(view, table, seat)} ${scores}`];
    }
    if (!mine) {
      if (view.phase === "bonus") return [t("{name} has a bonus action", { name }), t("{tools} — or skip.", { tools: Potager.listOf(view.bonus.tools.map(nameOf)) })];
      if (view.phase === "swap") {
        return [t("{name} swapped two Hedge tokens", { name }),
          t("and now places the token of slot {slot} or {next}.", { slot: view.swap, next: view.swap + 1 })];
      }
      return [view.turn === seat ? t("You are playing") : t("{name} is playing", { name }), t("Place a token from the Hedge, or harvest a field.")];
    }
    const sel = ui.sel;
    if (sel && sel.type === "slot") {
      const kind = view.hedge[sel.slot - 1];
      const col = facts.columns[sel.slot - 1];
      if (isVegetable(facts, kind)) {
        return [t("Plant {token}", { token: theToken(kind) }),
          t("Double face up in column {column} (its slot's column), single anywhere else. Click a lit square.", { column: col })];
      }
      return [t("Place {token}", { token: theToken(kind) }), t("As a tool in your Potager (its bonus follows), or as a mole in the opponent's.")];
    }
    if (sel && sel.type === "move") return [t("Move your token from {square}", { square: sel.from }), t("Click a free square of your Potager (it keeps its face).")];
    if (sel && sel.type === "molemove") return [t("Send your mole from {square}", { square: sel.from }), t("Click a free square of the opponent's Potager.")];
    if (view.phase === "swap") return [t("Place a swapped token"), t("Pick the token of slot {slot} or {next}, then a square.", { slot: view.swap, next: view.swap + 1 })];
    if (view.phase === "bonus") {
      const tab = [...active][0];
      const hints = {
        place: () => t("Pick a Hedge token, then a square (Gloves). Or skip it."),
        harvest: () => t("Choose a field: click a lit token, or one in the list. Or skip it."),
        wheelbarrow: () => t("Pick one of your tokens, then a free square. Or skip it."),
        "watering can": () => t("Click a vegetable token to flip it (either Potager). Or skip it."),
        swap: () => t("Click ⇄ between two Hedge tokens; then place one of them. Or skip it."),
        compost: () => t("Click a vegetable in the Hedge: every one of its kind there is discarded, 1 point each. Or skip it."),
        flipcol: () => t("Click a column arrow: its vegetables flip in both Potagers. Or skip it."),
        molemove: () => t("Pick one of your moles, then a free square of the opponent's. Or skip it."),
      };
      return [t("Bonus action: {tools}", { tools: Potager.listOf(view.bonus.tools.map(nameOf)) }), hints[tab] ? hints[tab]() : t("Or skip it.")];
    }
    const canHarvest = acts.fields.length > 0;
    return [t("Your turn"), canHarvest
      ? t("Pick a Hedge token to plant it, or harvest a field (lit in gold).")
      : t("Pick a Hedge token to plant it (no field can be harvested).")];
  }

  function statusBar(ctx) {
    const { view, acts, ui, mine } = ctx;
    const [title, hint] = prompt(ctx);
    const tabs = view.phase === "bonus" && mine && acts.cats.length > 1
      ? h("div", { class: "gr-tabs", role: "tablist" }, acts.cats.map((cat) => {
        const [ic, label] = [CATEGORY_TAB[cat][0], CATEGORY_TAB[cat][1]()];
        const on = ctx.active.has(cat);
        return h("button", {
          type: "button", role: "tab", class: `gr-tab ${on ? "on" : ""}`, "aria-selected": on ? "true" : "false",
          dataset: { tab: cat }, onclick: () => ctx.tab(cat),
        }, icon(ic), label);
      }))
      : null;
    const pills = [
      view.last_turn && view.phase !== "over" ? h("span", { class: "pill warn" }, t("Last turn")) : null,
      view.end_triggered && !view.last_turn && view.phase !== "over" ? h("span", { class: "pill warn" }, t("Bag empty: the game ends")) : null,
      view.variant.tools_and_moles ? h("span", { class: "pill" }, t("Tools & Moles")) : null,
    ];
    const compost = view.phase === "bonus" && ctx.active.has("compost")
      ? h("div", { class: "gr-choices" }, [...acts.compost].map(([veg, a]) => h("button", {
        type: "button", class: `gr-choice k-${veg}`, title: moveLabel(ctx, a), dataset: { action: a.notation },
        onclick: () => ctx.send(a.action),
      }, icon(veg), t("Compost: {name} (+{n})", { name: nameOf(veg), n: view.hedge.filter((k) => k === veg).length }))))
      : null;
    return h("div", { class: `gr-status ${mine ? "mine" : ""} phase-${view.phase.replace(/ /g, "-")}` },
      h("div", { class: "what" }, h("strong", {}, title), h("span", {}, hint)),
      h("div", { class: "pills" }, pills),
      tabs, compost,
      h("div", { class: "buttons" },
        ui.sel ? h("button", { type: "button", class: "quiet gr-cancel", onclick: () => ctx.choose(null) }, t("Cancel")) : null,
        acts.skip ? h("button", {
          type: "button", class: "gr-skip", title: t("Decline the bonus action on offer"), dataset: { action: "skip" },
          onclick: () => ctx.send(acts.skip.action),
        }, t("Skip the bonus")) : null));
  }

  /* -- beside the garden: fields to harvest, bag, discard, the patterns --------------------- */
  function fieldList(ctx) {
    const { acts, active, facts } = ctx;
    if (!active.has("harvest") || !acts.fields.length) return null;
    const groups = facts.vegetables.map((veg) => {
      const fields = acts.fields.filter((f) => f.veg === veg);
      if (!fields.length) return null;
      return h("div", { class: `field-group k-${veg}` },
        h("span", { class: "group-name" }, icon(veg), nameOf(veg)),
        h("div", { class: "group-fields" }, fields.map((f) => fieldButton(ctx, f))));
    });
    return h("section", { class: "gr-panel gr-fields" },
      h("h3", {}, t("Harvest a field"), " ", h("span", { class: "count" }, `(${acts.fields.length})`)),
      h("p", { class: "hint" }, t("Hover to see it in your Potager; click to harvest. Single tokens are discarded, double ones turn single; 1 point per token.")),
      groups);
  }

  function counts(facts, title, items, total, extra) {
    const entries = Object.entries(items);
    return h("section", { class: `gr-panel gr-counts ${extra}` },
      h("h3", {}, extra === "bag" ? icon("bag", "bag") : null, title, total !== null ? h("span", { class: "count" }, ` (${total})`) : null),
      h("ul", {}, entries.map(([kind, n]) => h("li", { class: n ? "" : "none", title: `${nameOf(kind)}: ${n}` },
        token(kind, isVegetable(facts, kind) ? "single" : "tool", "mini"), h("b", {}, String(n))))));
  }

  function toolsLegend(view, facts) {
    const tools = [...new Set(Object.values(view.tool_squares[0]))];
    if (view.variant.tools_and_moles) tools.push(...facts.tool_tokens);
    return h("section", { class: "gr-panel gr-legend" }, h("h3", {}, t("Tools")),
      h("ul", {}, tools.map((tool) => h("li", {}, icon(tool), h("b", {}, nameOf(tool)), h("span", {}, helpOf(tool))))));
  }

  /* The three fields of each vegetable as printed (rows split by "|"; any rotation or reflection). */
  function patterns(facts) {
    return h("section", { class: "gr-panel gr-patterns" },
      h("h3", {}, t("Fields"), " ", h("span", { class: "count" }, t("(rotate or mirror them)"))),
      facts.vegetables.map((veg) => patternRow(facts, veg)));
  }

  function patternRow(facts, veg) {
    return h("div", { class: `pattern-row k-${veg}` }, icon(veg),
      facts.patterns[veg].map((shape) => {
        const rows = shape.split("|");
        const n = shape.split("").filter((x) => x === "X").length;
        return Potager.explain(h("span", { class: "pattern", role: "img", "aria-label": tokens(n, veg) },
          h("span", { class: "shape", style: `grid-template-columns: repeat(${rows[0].length}, 9px)` },
            rows.flatMap((row) => row.split("").map((x) => h("i", { class: x === "X" ? "on" : "" })))),
          h("small", {}, String(n))),
        tn(n, "A field of {tokens} in this shape, turned or mirrored as you like: harvesting it scores {n} point.",
          "A field of {tokens} in this shape, turned or mirrored as you like: harvesting it scores {n} points.", { tokens: tokens(n, veg) }));
      }));
  }

  /* -- the whole drawing ---------------------------------------------------------------------- */
  function render(container, view, seat, legal, send, table) {
    ensureAssets();
    let ui = memory.get(container);
    if (!ui) { ui = { sel: null, anchor: null, tab: null, view: null, key: null }; memory.set(container, ui); }
    const key = `${view.turn}|${view.phase}|${legal.map((a) => a.notation).join(",")}`;
    if (ui.key !== key) { ui.key = key; ui.sel = null; ui.anchor = null; ui.tab = null; }
    const fresh = ui.view && ui.view !== view ? changes(ui.view, view) : new Map();
    ui.view = view;
    const repaint = () => draw(container, ui, view, seat, legal, send, table, new Map());
    ui.repaint = repaint;
    draw(container, ui, view, seat, legal, send, table, fresh);
  }

  function draw(container, ui, view, seat, legal, send, table, fresh) {
    const viewer = seat === null || seat === undefined ? 0 : seat;
    const rev = viewer === 1;
    const facts = table.facts;
    const cols = rev ? [...facts.columns].reverse() : facts.columns;
    const mine = legal.length > 0;
    const actor = mine ? seat : view.turn;
    const acts = parseLegal(legal, actor, facts);
    let active;
    if (view.phase === "bonus") {
      const tab = acts.cats.includes(ui.tab) ? ui.tab : acts.cats[0];
      active = new Set(tab ? [tab] : []);
    } else {
      active = new Set(acts.cats);
    }
    const ctx = {
      view, seat, table, send, ui, acts, active, actor, cols, rev, mine, fresh, facts,
      cut: new Set(facts.cut_corners),
      inter: interactions(acts, ui, active, actor),
      marks: latestTurn(table && table.events),
      choose(sel) { ui.sel = sel; ui.anchor = null; ui.repaint(); },
      anchor(key) { ui.anchor = key; ui.sel = null; ui.repaint(); },
      tab(cat) { ui.tab = cat; ui.sel = null; ui.anchor = null; ui.repaint(); },
      highlight(keys) {
        const on = new Set(keys);
        for (const el of container.querySelectorAll(".gr-sq[data-key]")) el.classList.toggle("preview", on.has(el.dataset.key));
      },
    };
    const opp = 1 - viewer;
    const garden = h("div", { class: `gr-garden ${rev ? "rev" : ""}` },
      nameBar(ctx, opp),
      potager(ctx, opp, true),
      arrows(ctx, "up"),
      hedge(ctx),
      arrows(ctx, "down"),
      potager(ctx, viewer, false),
      nameBar(ctx, viewer));
    const kinds = Object.keys(view.bag);
    const discard = Object.fromEntries(kinds.map((k) => [k, view.discard[k] || 0]));
    const side = h("div", { class: "gr-side" },
      fieldList(ctx),
      h("div", { class: "gr-supplies" },
        counts(facts, t("Bag"), view.bag, view.bag_size, "bag"),
        counts(facts, t("Discarded"), discard, null, "discard")),
      patterns(facts),
      toolsLegend(view, facts));
    const extra = acts.other.length ? h("section", { class: "your-move" }, Potager.renderActions(acts.other, send)) : null;
    container.replaceChildren(h("div", { class: `gr ${mine ? "mine" : ""}` },
      statusBar(ctx), track(ctx), extra,
      h("div", { class: "gr-main" }, garden, side)));
    placePopover(container);
  }

  /* -- the log -------------------------------------------------------------------------------- */
  /* Each log line names its player (as the other games' logs do), in the page's language; a
   * Potager is named by its owner. */
  function describe(event, table) {
    const facts = table.facts;
    const name = (s) => Potager.seatName(table && table.seats, s);
    const s = "seat" in event ? name(event.seat) : "";
    const whatOf = (kind) => (isVegetable(facts, kind) ? nameOf(kind) : t("{name} token", { name: nameOf(kind) }));
    switch (event.type) {
      case "setup":
        return t("The Hedge holds {tokens}; the Trampoline {token}.", {
          tokens: Potager.listOf(event.hedge.map(whatOf)), token: aToken(facts, event.trampoline),
        });
      case "draw":
        return capital(t("{token} is drawn onto the Trampoline.", { token: aToken(facts, event.token) }));
      case "bag empty":
        return t("The bag is empty: the game ends after this turn (or after the other player’s last turn).");
      case "plant": {
        const params = { name: s, token: theToken(event.token), slot: event.slot, square: event.square, face: faceName(event.face) };
        return isVegetable(facts, event.token)
          ? t("{name} plants {token} of Hedge slot {slot} on {square} ({face}).", params)
          : t("{name} places {token} of Hedge slot {slot} on {square}.", params);
      }
      case "mole":
        return t("{name} puts {token} as a mole on {square} of {owner}’s Potager.", {
          name: s, token: theToken(event.token), square: event.square, owner: name(1 - event.seat),
        });
      case "harvest":
        return t("{name} harvests {tokens} ({squares}).", {
          name: s, tokens: tokens(event.squares.length, event.vegetable), squares: event.squares.join(" "),
        });
      case "score":
        return t("{name}’s gnome goes from {from} to {to}.", { name: s, from: event.from, to: event.to });
      case "bonus":
        return t("{name} may use {tools}.", { name: s, tools: Potager.listOf(event.tools.map(nameOf)) });
      case "skip":
        return t("{name} skips the bonus action.", { name: s });
      case "move":
        return t("{name} moves the token on {from} to {to} (Wheelbarrow).", { name: s, from: event.from, to: event.to });
      case "flip":
        return t("{name} flips {square} of {owner}’s Potager.", { name: s, square: event.square, owner: name(event.potager) });
      case "swap":
        return t("{name} swaps Hedge slots {slot} and {next}.", { name: s, slot: event.slots[0], next: event.slots[1] });
      case "compost":
        return t("{name} composts {tokens} from the Hedge.", { name: s, tokens: tokens(event.n, event.vegetable) });
      case "flipcol":
        return t("{name} flips column {column} in both Potagers.", { name: s, column: event.column });
      case "molemove":
        return t("{name} sends the mole on {from} to {to} of {owner}’s Potager.", {
          name: s, from: event.from, to: event.to, owner: name(1 - event.seat),
        });
      case "last turn":
        return t("{name} plays the last turn.", { name: s });
      case "stuck":
        return t("{name} can neither place nor harvest, and loses.", { name: s });
      case "pass":
        return t("{name} can neither place nor harvest, and passes.", { name: s });
      case "game over": {
        const params = { names: Potager.listOf(event.winners.map(name)), scores: event.scores.join(" – ") };
        return event.winners.length === 1 ? t("Game over: {names} wins ({scores}).", params) : t("Game over: {names} win ({scores}).", params);
      }
      default:
        return null;
    }
  }

  /* -- the components, for the rules page and the lobby (from the printed facts alone) ---------- */
  function components(facts) {
    ensureAssets();
    const tools = [...new Set(Object.values(facts.tool_squares[0]))];
    return {
      className: "gr",
      groups: [
        {
          title: t("Vegetable tokens"),
          note: t("{n} of each vegetable. The double face goes down in the column of the token's Hedge slot, the single face anywhere else; a harvest turns a double single.", { n: facts.per_vegetable }),
          items: ["double", "single"].flatMap((face) => facts.vegetables.map((veg) => ({
            picture: Potager.explain(token(veg, face), tokenWorth(veg, face, facts)), caption: t("{name}, {face}", { name: nameOf(veg), face: faceName(face) }),
          }))),
        },
        {
          title: t("Fields to harvest"),
          note: t("Each vegetable's three fields, turned or mirrored as you like; the number is the tokens it takes."),
          items: facts.vegetables.map((veg) => ({ picture: h("div", { class: "gr-panel gr-patterns" }, patternRow(facts, veg)), caption: nameOf(veg) })),
        },
        {
          title: t("Tool squares"),
          note: t("{n} squares of each Potager: a token placed on one gives its bonus action.", { n: Object.keys(facts.tool_squares[0]).length }),
          items: tools.map((tool) => ({ picture: icon(tool, "big"), caption: `${nameOf(tool)}: ${helpOf(tool)}` })),
        },
        {
          title: t("Tools & Moles tokens"),
          note: t("The module adds {n} of each tool token, placed as a tool in your Potager or as a mole in your opponent's.", { n: facts.per_tool_token }),
          items: [...facts.tool_tokens.map((tool) => ({ picture: Potager.explain(token(tool, "tool"), tokenWorth(tool, "tool", facts)), caption: `${nameOf(tool)}: ${helpOf(tool)}` })),
            { picture: Potager.explain(token(facts.tool_tokens[0], "mole"), tokenWorth(facts.tool_tokens[0], "mole", facts)), caption: t("a tool token as a mole") }],
        },
      ],
    };
  }

  Potager.registerGame("garden-rush", { render, describe, label, components, handlesActions: true, stylesheet: true });
})();
