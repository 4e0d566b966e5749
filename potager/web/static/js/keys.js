/* Playing by keyboard (a far square took up to 24 Tabs). A game's drawing is one Tab
 * stop (a roving tabindex): inside it the arrow keys go to the nearest control in their direction
 * (a card, a square, a stack, a button), Home and End to the first and the last, and a control's
 * shortcut keys (`aria-keyshortcuts`, which a plug-in sets: a bid's card, a Hedge slot's number,
 * a suit's letter) go straight to it, to the next of several on each press. Enter or Space plays
 * it, as a button does. Shift and an arrow go to the nearest component of any kind that explains
 * itself (a card in another garden, a chip): the focus shows what it is worth. The "Skip to the game" link goes to the drawing's first move.
 *
 * `Potager.keys.board(container)` once per page; the drawing may redraw itself at any time (a
 * state, a plug-in's own step): the control that had the focus keeps it, else the first move
 * takes it, so that the next key goes on where the last one left. */
"use strict";

(() => {
  const CONTROLS = "button:not(:disabled), [role=button], [role=menuitem], a[href]";
  const MOVES = "[data-action], [data-pick]";
  const TEXT = new Set(["INPUT", "SELECT", "TEXTAREA"]);

  const shown = (el) => el.getClientRects().length > 0 && !el.closest("[hidden]");
  /* What names a control across drawings: its move, its first step, its square or card. */
  const identity = (el) => {
    const d = el.dataset;
    return d.action || d.pick || d.key || d.card || d.slot || d.kind || d.bid || el.textContent.trim();
  };

  function controls(container) {
    return [...container.querySelectorAll(CONTROLS)].filter(shown);
  }

  /* The controls and every other component that explains itself (`Potager.explain`), which
   * Shift and an arrow go through: a card in another player's garden, a chip, a square. */
  function components(container) {
    return [...container.querySelectorAll(`${CONTROLS}, [data-explain]`)].filter(shown);
  }

  /* The control nearest to `from` in direction (dx, dy), by the centres of their boxes: the
   * distance along the direction plus twice the distance across it; none that lies behind. */
  function nearest(items, from, dx, dy) {
    const centre = (el) => {
      const r = el.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    };
    const [x, y] = centre(from);
    let best = null;
    let score = Infinity;
    for (const el of items) {
      if (el === from) continue;
      const [ex, ey] = centre(el);
      const along = (ex - x) * dx + (ey - y) * dy;
      if (along < 1) continue;
      const across = Math.abs((ex - x) * dy) + Math.abs((ey - y) * dx);
      const s = along + 2 * across;
      if (s < score) { best = el; score = s; }
    }
    return best;
  }

  const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function board(container) {
    let remembered = null; // the identity of the control that had the focus last
    let inside = false; // the keyboard's focus is in the drawing (or was, when a redraw took it)

    /* One control of the drawing takes part in Tab's order: the remembered one, else the first
     * move, else the first control. */
    function current(items) {
      return items.find((el) => identity(el) === remembered)
        || items.find((el) => el.matches(MOVES)) || items[0] || null;
    }

    function rove() {
      const items = controls(container);
      const chosen = current(items);
      for (const el of items) el.tabIndex = el === chosen ? 0 : -1;
      return chosen;
    }

    function go(el) {
      if (!el) return;
      remembered = identity(el);
      rove();
      el.focus();
    }

    container.tabIndex = -1; // it holds the focus while a redraw offers no control
    container.addEventListener("focusin", (event) => {
      inside = true;
      if (event.target !== container) remembered = identity(event.target);
      rove();
    });
    const away = (event) => { if (!container.contains(event.target)) inside = false; };
    document.addEventListener("focusin", away);
    document.addEventListener("mousedown", away);

    container.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || TEXT.has(event.target.tagName)) return;
      const items = controls(container);
      const here = container.contains(document.activeElement) && document.activeElement !== container
        ? document.activeElement : current(items);
      if (!here) return;
      let next = null;
      if (ARROWS[event.key] && event.shiftKey) {
        // To the nearest component, played or not: its worth shows (Potager.explain).
        const [dx, dy] = ARROWS[event.key];
        const found = nearest(components(container), here, dx, dy);
        if (!found) return;
        event.preventDefault();
        if (!found.matches(CONTROLS)) found.tabIndex = -1;
        found.focus();
        return;
      }
      if (ARROWS[event.key]) {
        const [dx, dy] = ARROWS[event.key];
        next = nearest(items, here, dx, dy);
        // Past the end of a row, Right and Left go on in the reading order (a hand that wraps).
        if (!next && dy === 0) next = items[items.indexOf(here) + dx] || null;
        if (!next && here !== document.activeElement) next = here;
      } else if (event.key === "Home") next = items[0];
      else if (event.key === "End") next = items[items.length - 1];
      else if (event.key.length === 1 && event.key !== " ") {
        const key = event.key.toUpperCase();
        const matching = items.filter((el) => (el.getAttribute("aria-keyshortcuts") || "").toUpperCase().split(" ").includes(key));
        if (!matching.length) return;
        next = matching[(matching.indexOf(document.activeElement) + 1) % matching.length];
      } else return;
      event.preventDefault();
      go(next || here);
    });

    /* A redraw replaces the controls: the focus goes back to the same control, or to the
     * drawing's current one, if the keyboard was in the drawing. */
    new MutationObserver(() => {
      const chosen = rove();
      const lost = document.activeElement === document.body || document.activeElement === container
        || !document.activeElement;
      if (inside && lost) (chosen || container).focus({ preventScroll: true });
    }).observe(container, { childList: true, subtree: true });

    return {
      /* Into the drawing, at its current control (the skip link). */
      enter() { const chosen = rove(); (chosen || container).focus(); },
    };
  }

  /* The page's "Skip to the game" link (`a.skip-link` with `href="#board"`) enters `drawing`. */
  function skipLink(link, drawing) {
    if (!link) return;
    link.addEventListener("click", (event) => { event.preventDefault(); drawing.enter(); });
  }

  Potager.keys = { board, skipLink, nearest };
})();
