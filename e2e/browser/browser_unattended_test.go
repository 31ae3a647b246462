package browser_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserHostUnattended: at a Nostromo table whose phone for a seat
// was signed out, the host screen shows, for that seat, "hand this seat
// to a phone" with its hand-over QR code, large, and under the seat's name
// exactly the moves the server offers the host for it; the code's link
// gives the seat to a new phone, and the panel goes. Once for a Crew
// player's seat and once for the Alien's, on a tablet and on a phone.
func TestBrowserHostUnattended(t *testing.T) {
	t.Parallel()
	newPhone := browser(t)
	for _, who := range []struct {
		name string
		seat int // the Alien is seat 0
	}{{"crew", 1}, {"alien", 0}} {
		t.Run(who.name, func(t *testing.T) {
			ts := startServer(t, "")
			tb := ts.NewTable("nostromo", nil, 3)
			ts.Start(tb)
			hv := ts.View(tb, tb.Host)
			ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "designate_alien", "args": map[string]any{"seat": 0}, "expected_version": hv.Version}, nil)
			ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/%d/device", tb.ID, who.seat), tb.Host, nil, nil)
			hv = ts.View(tb, tb.Host)
			var want []string
			for _, u := range hv.Unattended {
				if u.Seat == who.seat {
					for _, m := range u.Moves {
						if !slices.Contains(want, m.Type) {
							want = append(want, m.Type)
						}
					}
				}
			}
			slices.Sort(want)
			name := playerName(who.seat)
			var link string
			for _, d := range []device{boardScreen, phoneScreen} {
				host := newPhone()
				openAs(t, ts, host, d, tb, "host", tb.Host, -1)
				sel := fmt.Sprintf("#unattended-%d", who.seat)
				do(t, host, "unattended panel", chromedp.WaitVisible(css(sel+" img.qr.big")))
				seen := get(t, host, "panel", chromedp.Evaluate[struct {
					Name, Title, URL string
					QRWidth, QRShown int
					Moves, Outside   []string
				}](fmt.Sprintf(`(() => {
					const a = document.querySelector(%q);
					const img = a.querySelector("img.qr.big");
					const mv = f => f.dataset.move;
					return {
						name: a.querySelector(".unattended-name").textContent,
						title: a.querySelector(".handover-title").textContent,
						url: a.querySelector(".handover-big .muted").textContent,
						qrwidth: img.naturalWidth,
						qrshown: Math.round(img.getBoundingClientRect().width),
						moves: Array.from(new Set(Array.from(a.querySelectorAll(".unattended-moves form.move")).map(mv))).sort(),
						outside: Array.from(document.querySelectorAll("form.move[data-key$='@%d']")).filter(f => !a.contains(f)).map(mv),
					};
				})()`, sel, who.seat)))
				if seen.Name != name || seen.Title == "" || seen.QRWidth == 0 || seen.QRShown < 250 {
					t.Fatalf("%s: panel for seat %d = %+v; want the name %q, a title and a QR code shown at least 250 px wide", d.Name, who.seat, seen, name)
				}
				if !slices.Equal(seen.Moves, want) && !(len(seen.Moves) == 0 && len(want) == 0) {
					t.Fatalf("%s: moves under %s = %v, the server offers the host %v for that seat", d.Name, name, seen.Moves, want)
				}
				if w := get(t, host, "page width", chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); int64(w) > d.Width {
					t.Fatalf("%s: the host page is %d px wide on a %d px screen", d.Name, w, d.Width)
				}
				if len(seen.Outside) > 0 {
					t.Fatalf("%s: moves for seat %d outside its panel: %v", d.Name, who.seat, seen.Outside)
				}
				screenshot(t, host, fmt.Sprintf("host-unattended-%s-%dx%d", who.name, d.Width, d.Height))
				t.Logf("%s %s: %q, QR %d px shown %d px wide, moves %v", who.name, d.Name, seen.Title, seen.QRWidth, seen.QRShown, seen.Moves)
				link = seen.URL
				if d.Name == "phone" {
					// The QR code's link gives the seat to a new phone; the
					// host's panel for it goes.
					fresh := newPhone()
					do(t, fresh, "open the QR link", chromedp.Navigate(link))
					if !pollJS(host, fmt.Sprintf(`!document.querySelector(%q)`, sel), 10*time.Second) {
						t.Fatalf("the host still shows seat %d unattended after its hand-over link was opened", who.seat)
					}
				}
			}
		})
	}
}
