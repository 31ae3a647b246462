// unattended.js: the host's screen for a seat that no phone holds.
//
// The host is blind to an unattended seat's secrets, so the way out comes
// first: "hand this seat to a phone", with the seat's hand-over QR code
// large enough to scan across the table (requested once when the seat
// becomes unattended, and again on demand when it has expired). Below it,
// grouped under the seat's name, the moves the host may still play for
// that seat (the server offers only those that show no secret).
//
// app.js calls TW_UNATTENDED.panel(v, hooks) on the host page; hooks are
// { t, movePanels, handover, startHandover }.
(function () {
  const { el } = window.TW_DOM;
  const asked = {}; // table:seat → true once a hand-over was requested

  function panel(v, hooks) {
    const list = v.unattended || [];
    if (!list.length) return null;
    const { t } = hooks;
    return el("section", { id: "unattended", class: "unattended", "data-key": "unattended" },
      list.map(u => {
        const seat = (v.seats || []).find(s => s.seat === u.seat) || { seat: u.seat, name: u.name };
        const name = u.name || seat.name;
        const key = v.table_id + ":" + u.seat;
        const h = hooks.handover[u.seat];
        if (!h && !asked[key]) { asked[key] = true; hooks.startHandover(seat); }
        const moves = u.moves || [];
        return el("article", { class: "unattended-seat", id: "unattended-" + u.seat, "data-seat": String(u.seat), "data-key": "unattended:" + u.seat },
          el("h2", { class: "unattended-name", text: name }),
          el("div", { class: "handover-big", "data-key": "hand:" + u.seat },
            el("p", { class: "handover-title", text: t("unattended_hand", { name }) }),
            h ? el("img", { class: "qr big", id: "handover-qr-" + u.seat, src: h.qr, alt: t("qr_alt"), "data-key": "hq:" + h.code }) : el("p", { class: "muted", text: t("loading") }),
            h ? el("p", { class: "code big-code", text: h.code }) : null,
            h ? el("p", { class: "muted", text: h.url }) : null,
            el("p", { class: "help", text: t("unattended_help", { name }) }),
            el("button", { type: "button", class: "secondary", "data-new-handover": String(u.seat), onclick: () => hooks.startHandover(seat) }, t("unattended_new_code"))),
          el("div", { class: "unattended-moves", "data-key": "um:" + u.seat },
            el("h3", { text: moves.length ? t("unattended_moves", { name }) : t("unattended_no_moves", { name }) }),
            moves.length ? hooks.movePanels(v, moves, u.seat) : null));
      }));
  }

  window.TW_UNATTENDED = { panel };
})();
