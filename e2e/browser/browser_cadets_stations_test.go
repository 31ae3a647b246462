package browser_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
)

// TestBrowserCadetsStationsLobby opens the host's lobby (1280×800) of
// Space Cadets tables of 3, 4 and 5 players. Each station picker starts
// on a player by name (never a rule such as "the third to join"), the
// summary under the pickers names every player with the stations the
// picks give them, and by default no player holds two stations while
// another has none: with three players each holds one. The three-player
// table is started from that screen and deals what the summary said.
func TestBrowserCadetsStationsLobby(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	host := newCtx()
	type row struct {
		Seat     int    `json:"seat"`
		Name     string `json:"name"`
		Stations string `json:"stations"`
	}
	type lobby struct {
		Picks   []string `json:"picks"`
		Options []string `json:"options"`
		Rows    []row    `json:"rows"`
	}
	for _, n := range []int{3, 4, 5} {
		tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, n)
		openAs(t, ts, host, boardScreen, tb, "host", tb.Host, -1)
		do(t, host, "stations drawn", chromedp.WaitVisible(css("#assign-stations")))
		l := get(t, host, "lobby", chromedp.Evaluate[lobby](`(() => {
			const sels = Array.from(document.querySelectorAll("#assign-stations select"));
			return {
				picks: sels.map(s => s.options[s.selectedIndex] ? s.options[s.selectedIndex].textContent : ""),
				options: sels.flatMap(s => Array.from(s.options).map(o => o.textContent)),
				rows: Array.from(document.querySelectorAll("#station-summary li")).map(li => ({
					seat: Number(li.dataset.seat), name: li.querySelector("b").textContent, stations: li.textContent })),
			};
		})()`))
		names := []string{}
		for i := 0; i < n; i++ {
			names = append(names, apitest.PlayerName(i))
		}
		for _, p := range l.Picks {
			if !slices.Contains(names, p) {
				t.Errorf("%d players: a station picker starts on %q, want a player's name", n, p)
			}
		}
		for _, o := range l.Options {
			if strings.Contains(strings.ToLower(o), "join") {
				t.Errorf("%d players: a station picker offers %q, want only the players", n, o)
			}
		}
		if len(l.Rows) != n {
			t.Fatalf("%d players: the summary has %d lines, want one per player: %+v", n, len(l.Rows), l.Rows)
		}
		held := 0
		for i, r := range l.Rows {
			c := 0
			for _, st := range []string{"Captain", "Science Officer", "Sensors"} {
				if strings.Contains(r.Stations, st) {
					c++
				}
			}
			held += c
			if r.Name != names[i] {
				t.Errorf("%d players: summary line %d names %q, want %q", n, i+1, r.Name, names[i])
			}
			if c > 1 {
				t.Errorf("%d players: %s holds %d stations while there are players without one: %q", n, r.Name, c, r.Stations)
			}
			if n == 3 && c != 1 {
				t.Errorf("3 players: %s holds %d stations, want one each: %q", r.Name, c, r.Stations)
			}
		}
		if held != 3 {
			t.Errorf("%d players: the summary gives out %d stations, want the three", n, held)
		}
		if n != 3 {
			continue
		}
		viewportShot(t, host, "cadets-lobby-3-host")
		do(t, host, "start", chromedp.Click(css("#start")))
		waitTrue(t, host, "started", `document.body.dataset.status === "playing"`)
		for i, want := range []string{"captain", "sensors", "science"} {
			got := slices.DeleteFunc(stationNames(t, ts.View(tb, tb.Tokens[i])), func(s string) bool { return s == "crew" })
			if !slices.Equal(got, []string{want}) {
				t.Errorf("after the start %s holds %v, want [%s] as the lobby said", names[i], got, want)
			}
		}
	}
}
