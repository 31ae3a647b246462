// tablewarden pages: the running total of Lockup's score pad.
//
// Lockup's final scoring is one move per player, the score pad
// (submit_final_score). The page draws it as one row per count (app.js,
// scorePad); this file gives the total the referee will score for the
// counts entered so far, from the rules the view carries in final scoring
// (view.public.score_pad, documented in referee/lockup/view_scorepad.go),
// and where each row starts (the minions recruited through the app).
"use strict";
(function () {
  // table reads a scoring table: the points for n cards; beyond the table
  // each extra card adds the table's last step.
  function table(t, n) {
    if (!t || !t.length || n <= 0) return 0;
    if (n < t.length) return t[n];
    const last = t[t.length - 1], step = t.length >= 2 ? last - t[t.length - 2] : 0;
    return last + step * (n - t.length + 1);
  }

  // golems is what the Golems add: each counts as a Dwarf or a Ratman,
  // only as a type the player has one of, the split that scores the most.
  function golems(r, d, rt, g) {
    if (d === 0 && rt === 0) return 0;
    let best = 0;
    for (let k = 0; k <= g; k++) {
      if ((k > 0 && d === 0) || (g - k > 0 && rt === 0)) continue;
      best = Math.max(best, table(r.dwarf_table, d + k) - table(r.dwarf_table, d) + table(r.ratman_table, rt + g - k) - table(r.ratman_table, rt));
    }
    return best;
  }

  // total is the pad's score for seat with the counts in vals, or null
  // when the view gives no rules.
  function total(v, vals, seat) {
    const r = v && v.view && v.view.public && v.view.public.score_pad;
    if (!r) return null;
    const known = (r.players || []).find(p => p.seat === seat) || { catacombs: 0, loot_tokens: 0 };
    const n = (k) => vals[k] || 0;
    let s = n("stars") + known.catacombs;
    s += table(r.dwarf_table, n("dwarves")) + table(r.ratman_table, n("ratmen")) + golems(r, n("dwarves"), n("ratmen"), n("golems"));
    s += n("dryads") * (n("barrels") + r.crew_board_barrels) * r.dryad_stars_per_barrel;
    s += n("fungoids") * known.loot_tokens * r.fungoid_stars_per_loot;
    for (const type of Object.keys(r.valuable_tables || {})) s += table(r.valuable_tables[type], n("valuable_" + type) + n("wild_as_" + type));
    return s + n("base_other");
  }

  // start is where a row starts: the minions recruited through the app.
  function start(v, name) {
    const sc = v && v.view && v.view.private && v.view.private.scoring;
    return (sc && sc.recruited && sc.recruited[name]) || 0;
  }

  window.TW_PADS = Object.assign(window.TW_PADS || {}, { lockup: { move: "submit_final_score", total, start } });
})();
