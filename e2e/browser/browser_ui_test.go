package browser_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// fillPickers makes a choice in every picker of a move form that starts
// empty (the page never picks a victim or a target for the player): the
// first offered choice of each list.
func fillPickers(t *testing.T, p context.Context, typ string) {
	t.Helper()
	get(t, p, "fill "+typ, chromedp.Evaluate[bool](`(() => {
		const f = document.querySelector('form[data-move="`+typ+`"]');
		if (!f) return false;
		for (const fs of f.querySelectorAll("fieldset.choices")) {
			if (!fs.querySelector("input:checked")) { const r = fs.querySelector("input[type=radio]"); if (r) r.checked = true; }
		}
		for (const s of f.querySelectorAll("select")) if (s.value === "" && s.options.length > 1) s.selectedIndex = 1;
		return true;
	})()`))
}

// pressMove fills a move's empty pickers and taps its button, leaving any
// confirmation the page asks unanswered.
func pressMove(t *testing.T, p context.Context, typ string) {
	t.Helper()
	fillPickers(t, p, typ)
	do(t, p, "tap "+typ, chromedp.Click(css(`form[data-move="`+typ+`"] button[type=submit]`)))
}

// tapMove fills a move's empty pickers and taps its button; when the page
// asks before sending (a move with a confirmation, such as a draw from the
// bag), it answers yes, as the player would. It returns the question asked,
// or "" when the page sent the move at once.
func tapMove(t *testing.T, p context.Context, typ string) string {
	t.Helper()
	pressMove(t, p, typ)
	question := get(t, p, "asked "+typ, chromedp.Evaluate[string](`document.getElementById("confirm").open ? document.getElementById("confirm-text").textContent : ""`))
	if question != "" {
		do(t, p, "confirm "+typ, chromedp.Click(css("#confirm-yes")), chromedp.WaitNotVisible(css("#confirm")))
	}
	return question
}

// heldSecrets presses the secrets button, reads what it shows, and lets
// go; it also checks that the secrets hide again on release.
func heldSecrets(t *testing.T, p context.Context) string {
	t.Helper()
	do(t, p, "secrets button", chromedp.WaitVisible(css("#secret-hold")))
	got := get(t, p, "hold secrets", chromedp.Evaluate[[]string](`(() => {
		const b = document.getElementById("secret-hold");
		const p = () => document.getElementById("private");
		const before = p().hidden ? "hidden" : "shown";
		b.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
		const text = p().hidden ? "" : p().innerText;
		b.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
		return [before, text, p().hidden ? "hidden" : "shown"];
	})()`))
	if got[0] != "hidden" || got[2] != "hidden" {
		t.Fatalf("secrets are %s before the press and %s after the release, want hidden both times", got[0], got[2])
	}
	return got[1]
}

// domText is every text of the page, hidden or not (textContent).
func domText(t *testing.T, p context.Context) string {
	t.Helper()
	return get(t, p, "dom text", chromedp.Evaluate[string](`document.body.textContent`))
}
