/* The table's chat: the lines said at the table, each under its seat's name and the
 * move it was said at, and a one-line form for the seated players (spectators read only). A line
 * is always text, never HTML: `Potager.h` makes it a text node. The replay page draws the same
 * list up to the move shown (`Potager.chat.draw`). */
"use strict";

(() => {
  const { h, t, seatName } = Potager;

  /* The lines as list items: "Ada (move 12): hello", "Ada (before the first move): hi"
   * (not "(move 0)"), yours marked like the log's own lines. */
  function items(lines, seats, viewer) {
    return lines.map((line) => h("li", { class: line.seat === viewer ? "chat-line mine" : "chat-line", dataset: { ply: line.ply } },
      h("span", { class: "chat-who" }, line.ply
        ? t("{name} (move {n}):", { name: seatName(seats, line.seat), n: line.ply })
        : t("{name} (before the first move):", { name: seatName(seats, line.seat) })), " ",
      h("span", { class: "chat-text" }, line.text)));
  }

  function draw(list, lines, seats, viewer) {
    list.replaceChildren(...items(lines, seats, viewer));
    if (!lines.length) list.append(h("li", { class: "muted" }, t("Nobody has said anything yet.")));
    list.scrollTop = list.scrollHeight;
  }

  /* Show the chat's panel or not; a panel not shown leaves the phone's panel bar too. */
  function show(panel, shown) {
    panel.hidden = !shown;
    if (!shown) delete panel.dataset.sheet;
  }

  /* The table page's chat: `mount` once the table is known, then `receive` each chat message and
   * `update` with each state (who sits where, whether this page may write). */
  function tableChat({ panel, list, form, input, note, say, changed }) {
    let lines = [];
    let state = null;
    let seen = 0; // lines there were when the panel was last open (a phone's sheet)

    function redraw() {
      if (state) draw(list, lines, state.seats, state.seat);
      changed();
    }

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text && say(text)) input.value = "";
    });

    return {
      receive(message) {
        lines = message.reset ? message.lines.slice() : lines.concat(message.lines);
        redraw();
      },
      update(next, enabled) {
        state = next;
        show(panel, enabled);
        form.hidden = state.seat === null;
        note.hidden = !form.hidden;
        redraw();
      },
      /* Lines that came while the panel was closed (the phone bar's count). */
      unread(open) {
        if (open) seen = lines.length;
        return lines.length - seen;
      },
    };
  }

  Potager.chat = { draw, show, tableChat };
})();
