package browser_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api/apitest"
	tablepkg "tablewarden/table"
)

// Wi-Fi that drops without a word: the phone's stream goes silent with no
// FIN and no error. The server runs as its own process (the real binary),
// so that it can be frozen with SIGSTOP; the second test puts a TCP proxy
// between the phone and the server that stops forwarding without closing.
// Either way the page must show its offline bar within 10 s (the
// heartbeat's watchdog, web/static/connection.js), refuse a tap on screen
// while offline, and when the server answers again hide the bar within
// 5 s and catch up to the current version without a reload.

// serverBinary builds ./cmd/tablewarden into a temporary folder.
func serverBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tablewarden")
	// The go command on PATH; GOTOOLCHAIN in the environment picks the
	// same toolchain as the test's.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go command: %v", err)
	}
	out, err := exec.Command(gobin, "build", "-o", bin, "tablewarden/cmd/tablewarden").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serverProcess starts the binary on a free loopback port with its
// default limits and heartbeat, and returns its base URL and process.
func serverProcess(t *testing.T, bin string, args ...string) (string, *os.Process) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	base := "http://" + addr
	var logs bytes.Buffer
	cmd := exec.Command(bin, append([]string{"-addr", addr, "-db", filepath.Join(t.TempDir(), "tw.db"), "-public-url", base, "-log-level", "warn"}, args...)...)
	cmd.Stdout, cmd.Stderr = io.Discard, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		cmd.Wait()
	})
	up := apitest.Eventually(15*time.Second, func() bool {
		res, err := http.Get(base + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	if !up {
		t.Fatalf("the server did not come up: %s", logs.String())
	}
	return base, cmd.Process
}

// stallProxy forwards TCP connections to a target until stalled: then it
// holds every byte, of old and new connections, and closes nothing, as a
// Wi-Fi that is gone does; resumed, it forwards what it held.
type stallProxy struct {
	l       net.Listener
	target  string
	mu      sync.Mutex
	cond    *sync.Cond
	stalled bool
}

func newStallProxy(t *testing.T, target string) *stallProxy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &stallProxy{l: l, target: target}
	p.cond = sync.NewCond(&p.mu)
	var conns []net.Conn
	var cmu sync.Mutex
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			cmu.Lock()
			conns = append(conns, c, up)
			cmu.Unlock()
			go p.pipe(c, up)
			go p.pipe(up, c)
		}
	}()
	t.Cleanup(func() {
		p.set(false)
		l.Close()
		cmu.Lock()
		for _, c := range conns {
			c.Close()
		}
		cmu.Unlock()
	})
	return p
}

func (p *stallProxy) url() string { return "http://" + p.l.Addr().String() }

func (p *stallProxy) set(stalled bool) {
	p.mu.Lock()
	p.stalled = stalled
	p.mu.Unlock()
	p.cond.Broadcast()
}

// pipe copies src to dst, waiting while the proxy is stalled.
func (p *stallProxy) pipe(src, dst net.Conn) {
	defer dst.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		p.mu.Lock()
		for p.stalled {
			p.cond.Wait()
		}
		p.mu.Unlock()
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// dropTable is a started table on the server at base, with a seat that
// may make a move without confirmation, and that move.
type dropTable struct {
	base, id, host string
	tokens         []string
	seat           int
	move           string
	version        int64
}

func newDropTable(t *testing.T, base string) *dropTable {
	t.Helper()
	c := &http.Client{Timeout: 5 * time.Second}
	call := func(method, path, token string, body any, want int, dst any) {
		t.Helper()
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, rd)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if res.StatusCode != want {
			t.Fatalf("%s %s = %d %s, want %d", method, path, res.StatusCode, out, want)
		}
		if dst != nil {
			json.Unmarshal(out, dst)
		}
	}
	// The first game whose opening offers some seat a move without a
	// confirmation (the test fills its form and taps it).
	for _, game := range []string{"jumpship", "lockup", "nostromo", "captainisdead", "spacecadets"} {
		var cr struct {
			TableID   string `json:"table_id"`
			JoinCode  string `json:"join_code"`
			HostToken string `json:"host_token"`
		}
		call("POST", "/api/tables", "", map[string]any{"game": game}, 201, &cr)
		var lobby tablepkg.ViewResponse
		call("GET", "/api/tables/"+cr.TableID+"/view?as=board", "", nil, 200, &lobby)
		dt := &dropTable{base: base, id: cr.TableID, host: cr.HostToken, seat: -1}
		for i := 0; i < max(lobby.MinPlayers, min(4, lobby.MaxPlayers)); i++ {
			var jr tablepkg.JoinResult
			call("POST", "/api/join", "", map[string]any{"code": cr.JoinCode, "name": playerName(i)}, 201, &jr)
			dt.tokens = append(dt.tokens, jr.Token)
		}
		call("POST", "/api/tables/"+dt.id+"/start", dt.host, nil, 200, nil)
		for s, tok := range dt.tokens {
			var v tablepkg.ViewResponse
			call("GET", "/api/tables/"+dt.id+"/view", tok, nil, 200, &v)
			for _, m := range v.View.Moves {
				if m.Confirm == "" && dt.seat < 0 {
					dt.seat, dt.move, dt.version = s, m.Type, v.Version
				}
			}
		}
		if dt.seat >= 0 {
			t.Logf("%s: seat %d taps %s", game, dt.seat, dt.move)
			return dt
		}
	}
	t.Fatal("no game offers a move without confirmation at its start")
	return nil
}

// serverVersion is the table's version, asked of the server directly.
func (dt *dropTable) serverVersion(t *testing.T) int64 {
	t.Helper()
	res, err := http.Get(dt.base + "/api/tables/" + dt.id + "/view?as=board")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v tablepkg.ViewResponse
	json.NewDecoder(res.Body).Decode(&v)
	return v.Version
}

// moveAsAnother moves the table on without the phone, directly at the
// server: the host gives the table a new join code, which every view's
// version counts. It returns the new version.
func (dt *dropTable) moveAsAnother(t *testing.T) int64 {
	t.Helper()
	req, _ := http.NewRequest("POST", dt.base+"/api/tables/"+dt.id+"/join-code", nil)
	req.Header.Set("Authorization", "Bearer "+dt.host)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return dt.serverVersion(t)
}

// openDropPhone opens the seat's page at pageBase (the server, or the
// proxy in front of it) on a phone-sized screen.
func openDropPhone(t *testing.T, newPhone func() context.Context, dt *dropTable, pageBase string) context.Context {
	t.Helper()
	p := newPhone()
	do(t, p, "viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch, chromedp.EmulateMobile))
	do(t, p, "origin", chromedp.Navigate(pageBase+"/"))
	cred, _ := json.Marshal(map[string]any{"token": dt.tokens[dt.seat], "seat": dt.seat})
	get(t, p, "token", chromedp.Evaluate[bool](fmt.Sprintf(`(localStorage.setItem("tw:%s", %q), true)`, dt.id, cred)))
	do(t, p, "seat page", chromedp.Navigate(pageBase+"/t/"+dt.id),
		chromedp.WaitReady(css(fmt.Sprintf(`form.move[data-move=%q]`, dt.move))))
	get(t, p, "mark the load", chromedp.Evaluate[bool](`(window.__sameLoad = 1, true)`))
	// A game is playing: the page holds the screen's wake lock, or, where
	// the browser refuses it, the menu says how to keep the screen on.
	waitFor(t, p, "wake lock", `["held", "refused", "unavailable"].includes(document.body.dataset.wakeLock)`, 5*time.Second)
	if lock := get(t, p, "wake lock state", chromedp.Evaluate[string](`document.body.dataset.wakeLock`)); lock != "held" {
		if !get(t, p, "wake note", chromedp.Evaluate[bool](`!document.getElementById("wake-note").hidden && document.getElementById("wake-note").textContent.includes("screen")`)) {
			t.Fatalf("wake lock %s and no note in the menu on how to keep the screen on", lock)
		}
	}
	t.Logf("wake lock: %s", get(t, p, "wake lock state", chromedp.Evaluate[string](`document.body.dataset.wakeLock`)))
	return p
}

// waitFor polls a boolean expression on the page for up to within and
// returns how long it took to become true.
func waitFor(t *testing.T, p context.Context, what, expr string, within time.Duration) time.Duration {
	t.Helper()
	t0 := time.Now()
	if !pollJS(p, expr, within) {
		dump(t, p)
		t.Fatalf("%s: not within %v", what, within)
	}
	return time.Since(t0)
}

const offlineShown = `!document.getElementById("offline").hidden`

// checkSilentDrop runs the part both tests share: freeze (stop), check
// the bar and the refused tap, change the table meanwhile if the server
// still runs (change), thaw (resume), and check the bar goes and the page
// catches up without a reload.
func checkSilentDrop(t *testing.T, p context.Context, dt *dropTable, name string, stop, resume func(), change func() int64) {
	t.Helper()
	stop()
	dropped := time.Now()
	waitFor(t, p, "offline bar after a silent drop", offlineShown, 12*time.Second)
	shown := time.Since(dropped)
	if shown > 10*time.Second {
		t.Errorf("%s: the offline bar came %v after the drop, want within 10 s", name, shown)
	}
	screenshot(t, p, "offline-"+name+"-390x844")
	// A tap while offline is refused at once, on screen.
	get(t, p, "tap offline", chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
		const f = document.querySelector('form.move[data-move=%q]');
		for (const s of f.querySelectorAll("select")) if (s.options.length) s.selectedIndex = s.options.length - 1;
		for (const i of f.querySelectorAll("input[type=number]")) if (i.value === "") i.value = i.min || "0";
		for (const r of f.querySelectorAll("input[type=radio]")) r.checked = true;
		f.requestSubmit();
		return true;
	})()`, dt.move)))
	waitFor(t, p, "the tap refused on screen", `!document.getElementById("toast").hidden && document.getElementById("toast").textContent.includes("not sent")`, 2*time.Second)
	want := dt.version
	if change != nil {
		want = change()
	}
	resume()
	resumed := time.Now()
	waitFor(t, p, "offline bar gone", "!("+offlineShown+")", 8*time.Second)
	gone := time.Since(resumed)
	if gone > 5*time.Second {
		t.Errorf("%s: the offline bar went %v after the server answered again, want within 5 s", name, gone)
	}
	waitFor(t, p, "caught up", fmt.Sprintf(`Number(document.body.dataset.version) >= %d`, want), 5*time.Second)
	if !get(t, p, "same page", chromedp.Evaluate[bool](`window.__sameLoad === 1`)) {
		t.Errorf("%s: the page was reloaded", name)
	}
	// The refused tap was never sent: the server's version is the one
	// the table had before the drop (or after the change made meanwhile).
	apitest.Stays(t, 500*time.Millisecond, name+": the refused tap stays unsent (server version "+fmt.Sprint(want)+")", func() bool { return dt.serverVersion(t) == want })
	t.Logf("%s: offline bar %v after the drop; bar gone %v after the server answered; page at version %d without a reload; the tap while offline refused on screen", name, shown.Round(100*time.Millisecond), gone.Round(100*time.Millisecond), want)
}

// TestBrowserSilentDropSIGSTOP: the server process is frozen.
func TestBrowserSilentDropSIGSTOP(t *testing.T) {
	newPhone := browser(t)
	base, proc := serverProcess(t, serverBinary(t))
	dt := newDropTable(t, base)
	p := openDropPhone(t, newPhone, dt, base)
	checkSilentDrop(t, p, dt, "sigstop",
		func() { proc.Signal(syscall.SIGSTOP) },
		func() { proc.Signal(syscall.SIGCONT) },
		nil)
	// Live again: a change reaches the page by its stream.
	v := dt.moveAsAnother(t)
	waitFor(t, p, "live after the thaw", fmt.Sprintf(`Number(document.body.dataset.version) >= %d`, v), 5*time.Second)
}

// TestBrowserSilentDropProxy: the network between phone and server stops
// forwarding without closing; the table moves on meanwhile.
func TestBrowserSilentDropProxy(t *testing.T) {
	newPhone := browser(t)
	base, _ := serverProcess(t, serverBinary(t))
	dt := newDropTable(t, base)
	px := newStallProxy(t, strings.TrimPrefix(base, "http://"))
	p := openDropPhone(t, newPhone, dt, px.url())
	checkSilentDrop(t, p, dt, "proxy",
		func() { px.set(true) },
		func() { px.set(false) },
		func() int64 { return dt.moveAsAnother(t) })
}
