package browser_test

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// One finger on a touch screen: every helper here sends touch events with
// a single touch point (Input.dispatchTouchEvent), as a player holding the
// phone in one hand taps with the thumb.

// touchPoint scrolls the element sel matches into the middle of the
// screen and returns its centre.
func touchPoint(t *testing.T, p context.Context, sel string) (float64, float64) {
	t.Helper()
	xy := get(t, p, "where is "+sel, chromedp.Evaluate[[]float64](`(() => {
		const e = document.querySelector(`+mustJSON(sel)+`);
		if (!e || e.offsetParent === null) return [];
		e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`))
	if len(xy) != 2 {
		dump(t, p)
		t.Fatalf("%s is not on the screen to touch", sel)
	}
	return xy[0], xy[1]
}

// touch puts one finger down on sel (down) or lifts it (up).
func touch(t *testing.T, p context.Context, sel string, down bool) {
	t.Helper()
	params := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}
	if down {
		x, y := touchPoint(t, p, sel)
		params = input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}
	}
	do(t, p, "touch "+sel, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, params)
		return err
	}))
}

// tapOne taps sel with one finger: down, then up.
func tapOne(t *testing.T, p context.Context, sel string) {
	t.Helper()
	touch(t, p, sel, true)
	touch(t, p, sel, false)
}
