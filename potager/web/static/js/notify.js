/* Telling a player what happens when they are not looking: sounds, notifications and
 * short animations, each as `Potager.settings` allows.
 *
 * - Sounds are made with WebAudio, no file: `sound("turn")` (two rising notes: it is your turn),
 *   `sound("move")` (a soft tick: somebody else acted). Browsers start audio only after the
 *   person has touched the page, so the first click or key press opens the audio context.
 * - `turn(title, body, url)`: it has just become your turn: the turn sound, and a notification
 *   while the page is hidden (if they are on and the browser allowed them); clicking it brings
 *   the page (or opens `url`).
 * - `tableState(previous, next, title)`: what a table page calls with each state message: the
 *   move sound when another seat acted, `turn` when this seat's turn begins.
 * - `snapshot(container)` before a drawing and `animate(container, before)` after it: what moved
 *   slides from where it was (class `pg-move`), what is new fades in (class `pg-enter`). An
 *   element is followed by its data attributes that name a thing (card, bid, token, square…),
 *   those of the named elements around it added where several share them (`named`). Nothing is
 *   added while animations are off.
 */
"use strict";

(() => {
  const settings = Potager.settings;
  let audio = null;

  function context() {
    if (!audio) {
      const Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return null;
      audio = new Audio();
    }
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  /* The first gesture opens the audio context, so that a later sound (on a turn that comes while
   * the person is away) is allowed to play. */
  function unlock() {
    if (settings.get("sound")) context();
    window.removeEventListener("pointerdown", unlock);
    window.removeEventListener("keydown", unlock);
  }
  window.addEventListener("pointerdown", unlock);
  window.addEventListener("keydown", unlock);

  /* Each sound: its notes as [frequency in Hz, start in s, length in s], a waveform, a volume. */
  const SOUNDS = {
    turn: { notes: [[660, 0, 0.14], [990, 0.12, 0.22]], wave: "sine", volume: 0.22 },
    move: { notes: [[420, 0, 0.07]], wave: "triangle", volume: 0.12 },
  };

  function sound(kind) {
    const spec = SOUNDS[kind];
    if (!spec || !settings.get("sound")) return;
    const ctx = context();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    for (const [frequency, at, length] of spec.notes) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = spec.wave;
      oscillator.frequency.value = frequency;
      // A quick attack and an exponential fade: a note, not a click.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(spec.volume, start + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  }

  function notification(title, body, url) {
    if (!document.hidden || !settings.get("notifications") || !settings.canNotify()) return;
    if (Notification.permission !== "granted") return;
    try {
      const shown = new Notification(title, { body, tag: url, icon: "/static/favicon.svg" });
      shown.onclick = () => {
        window.focus();
        if (url && location.pathname !== url) location.href = url;
        shown.close();
      };
    } catch {
      // A browser that shows them only from a service worker (Chrome on Android): none.
    }
  }

  function turn(title, body, url) {
    sound("turn");
    notification(title, body, url);
  }

  function tableState(previous, next, title) {
    if (!previous || next.version <= previous.version || next.status === "waiting") return;
    const mine = next.status === "playing" && next.legal.length > 0;
    const wasMine = previous.status === "playing" && previous.legal.length > 0;
    if (mine && !wasMine) {
      turn(Potager.t("Your turn"), Potager.t("It is your turn at {game}.", { game: title }), location.pathname);
    } else if (next.last_mover !== null && next.last_mover !== next.seat) {
      sound("move");
    }
  }

  /* -- animations ----------------------------------------------------------------------------- */
  const NAMES = ["card", "bid", "token", "face", "square", "key", "owner", "space", "slot", "garden", "contract", "kind", "seat"];
  const SELECTOR = NAMES.map((name) => `[data-${name}]`).join(",");

  const own = (el) => NAMES.filter((name) => name in el.dataset).map((name) => `${name}=${el.dataset[name]}`).join(" ");

  /* The named elements of a drawing by name: an element's own data attributes, or, where several
   * share them (two carrot tokens), theirs after those of the named elements around it (the carrot
   * of square c2 of seat 1); a name still shared is left out. */
  function named(container) {
    const elements = [...container.querySelectorAll(SELECTOR)];
    const names = elements.map(own);
    const count = new Map();
    for (const name of names) count.set(name, (count.get(name) || 0) + 1);
    const found = new Map();
    const twice = new Set();
    elements.forEach((el, i) => {
      let key = names[i];
      if (count.get(key) > 1) {
        for (let up = el.parentElement; up && up !== container; up = up.parentElement) {
          if (up.matches(SELECTOR)) key = `${own(up)} / ${key}`;
        }
      }
      if (found.has(key)) twice.add(key);
      else found.set(key, el);
    });
    for (const key of twice) found.delete(key);
    return found;
  }

  function snapshot(container) {
    if (!settings.get("animations") || !container) return null;
    const rects = new Map();
    for (const [key, el] of named(container)) rects.set(key, el.getBoundingClientRect());
    return rects;
  }

  function animate(container, before) {
    if (!before || !before.size || !settings.get("animations")) return;
    for (const [key, el] of named(container)) {
      const was = before.get(key);
      if (!was) {
        el.classList.add("pg-enter");
        continue;
      }
      const now = el.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      // FLIP: drawn where it was, then let go to where it is now.
      el.style.transform = `translate(${dx}px, ${dy}px)`;
      el.classList.add("pg-move");
      requestAnimationFrame(() => requestAnimationFrame(() => { el.style.transform = ""; }));
    }
  }

  Potager.notify = { sound, turn, tableState, snapshot, animate };
})();
