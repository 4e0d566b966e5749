/* A game's rules page (/rules/<game>): the text is the server's (potager/server/rules.py, from the
 * game's docs); this draws the components, each as the table draws it, by the game's plug-in from
 * the game's printed facts (`components(facts)`, potager/web/README.md). */
"use strict";

(() => {
  const { h } = Potager;

  /* The plug-in's groups of components, each a heading, a note and its pictures with captions. */
  function gallery(drawn) {
    return drawn.groups.map((group) => h("section", { class: `component-group ${drawn.className}` },
      h("h3", {}, group.title),
      group.note ? h("p", { class: "hint" }, group.note) : null,
      h("ul", { class: "component-list" }, group.items.map((item) => h("li", { class: "component" },
        h("span", { class: "component-picture" }, item.picture),
        h("span", { class: "component-caption" }, item.caption))))));
  }

  async function start() {
    await Potager.i18n.ready;
    const name = document.body.dataset.game;
    const box = document.getElementById("gallery");
    if (!name || !box) return;
    const [plugin, info] = await Promise.all([Potager.loadGame(name), Potager.gameInfo(name)]);
    if (!info || !plugin.components) {
      box.replaceChildren(h("p", { class: "muted" }, Potager.t("This game has no pictures of its components yet.")));
      return;
    }
    box.replaceChildren(...gallery(plugin.components(info.facts)));
  }

  start().catch((error) => Potager.toast(Potager.t("Could not draw the components: {reason}", { reason: error.message })));
})();
