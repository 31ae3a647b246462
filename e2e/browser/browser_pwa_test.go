package browser_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"tablewarden/api/apitest"
	"tablewarden/e2e/browsertest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// appManifest is the part of the web app manifest the pages promise.
type appManifest struct {
	Name            string `json:"name"`
	ShortName       string `json:"short_name"`
	StartURL        string `json:"start_url"`
	Scope           string `json:"scope"`
	Display         string `json:"display"`
	ThemeColor      string `json:"theme_color"`
	BackgroundColor string `json:"background_color"`
	Icons           []struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	} `json:"icons"`
}

// plainGet fetches a path that is no part of the API (the OpenAPI-checked
// client would refuse it) and returns the status, content type and body.
func plainGet(t *testing.T, base, path string) (int, string, []byte) {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

// cssVar reads a custom property of :root from style.css.
func cssVar(t *testing.T, style []byte, name string) string {
	t.Helper()
	m := regexp.MustCompile(`--` + name + `:\s*(#[0-9a-fA-F]{6})`).FindSubmatch(style)
	if m == nil {
		t.Fatalf("style.css has no --%s colour", name)
	}
	return strings.ToLower(string(m[1]))
}

// workerShell reads VERSION and SHELL from the served service worker.
func workerShell(t *testing.T, worker []byte) (string, []string) {
	t.Helper()
	v := regexp.MustCompile(`const VERSION = "([0-9a-f]+)";`).FindSubmatch(worker)
	s := regexp.MustCompile(`const SHELL = "([^"]+)"\.split`).FindSubmatch(worker)
	if v == nil || s == nil {
		t.Fatalf("/sw.js has no filled VERSION and SHELL:\n%s", worker)
	}
	return string(v[1]), strings.Fields(string(s[1]))
}

// TestBrowserAppManifest checks the installable app from outside and as
// Chromium sees it: the manifest is served with its media type and the
// members an install needs, in the pages' own colours (style.css's --panel
// for the bar, --bg behind the splash); every icon it lists is served with
// the stated type and size, PNG 192 and 512 both plain and maskable; the
// service worker is served at the root with its shell filled in, all of
// it answering, none of it the API; Chromium parses the manifest without
// errors and reports no installability error.
func TestBrowserAppManifest(t *testing.T) {
	t.Parallel()
	browser(t) // starts the shared Chromium
	ts := startServer(t, "")

	st, ctype, body := plainGet(t, ts.URL, "/static/manifest.webmanifest")
	if st != 200 || !strings.HasPrefix(ctype, "application/manifest+json") {
		t.Fatalf("manifest: %d %q", st, ctype)
	}
	var m appManifest
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	_, _, style := plainGet(t, ts.URL, "/static/style.css")
	if m.Name == "" || m.ShortName == "" || m.StartURL != "/?app" || m.Scope != "/" || m.Display != "standalone" {
		t.Fatalf("manifest members: %+v", m)
	}
	if got, want := strings.ToLower(m.ThemeColor), cssVar(t, style, "panel"); got != want {
		t.Errorf("theme_color = %s, want style.css's --panel %s", got, want)
	}
	if got, want := strings.ToLower(m.BackgroundColor), cssVar(t, style, "bg"); got != want {
		t.Errorf("background_color = %s, want style.css's --bg %s", got, want)
	}
	_, _, shell := plainGet(t, ts.URL, "/t/x")
	if !bytes.Contains(shell, []byte(`<meta name="theme-color" content="`+m.ThemeColor+`">`)) || !bytes.Contains(shell, []byte(`<link rel="manifest" href="/static/manifest.webmanifest">`)) {
		t.Fatalf("the page shell does not link the manifest with its theme colour")
	}
	have := map[string]bool{}
	for _, ic := range m.Icons {
		st, ctype, b := plainGet(t, ts.URL, ic.Src)
		if st != 200 || ctype != ic.Type {
			t.Fatalf("icon %s: %d %q, the manifest says %q", ic.Src, st, ctype, ic.Type)
		}
		switch ic.Type {
		case "image/png":
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("icon %s: %v", ic.Src, err)
			}
			if got := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height); got != ic.Sizes {
				t.Fatalf("icon %s is %s, the manifest says %s", ic.Src, got, ic.Sizes)
			}
		case "image/svg+xml":
			var svg struct {
				XMLName xml.Name
				ViewBox string `xml:"viewBox,attr"`
			}
			if err := xml.Unmarshal(b, &svg); err != nil || svg.XMLName.Local != "svg" || svg.ViewBox == "" || ic.Sizes != "any" {
				t.Fatalf("icon %s: not a scalable SVG (%v, %+v, sizes %q)", ic.Src, err, svg, ic.Sizes)
			}
		default:
			t.Fatalf("icon %s: type %q", ic.Src, ic.Type)
		}
		have[ic.Purpose+" "+ic.Type+" "+ic.Sizes] = true
	}
	for _, want := range []string{"any image/png 192x192", "any image/png 512x512", "maskable image/png 192x192", "maskable image/png 512x512"} {
		if !have[want] {
			t.Errorf("the manifest lists no %s icon", want)
		}
	}

	st, ctype, worker := plainGet(t, ts.URL, "/sw.js")
	if st != 200 || !strings.HasPrefix(ctype, "text/javascript") {
		t.Fatalf("/sw.js: %d %q", st, ctype)
	}
	version, paths := workerShell(t, worker)
	for _, want := range []string{"/", "/t/-", "/j/-", "/h/-", "/b/-", "/static/app.js", "/static/pwa.js", "/static/style.css", "/static/manifest.webmanifest", "/static/icons/icon-192.png"} {
		if !slices.Contains(paths, want) {
			t.Errorf("the worker's shell lacks %s: %v", want, paths)
		}
	}
	for _, p := range paths {
		if !(p == "/" || strings.HasPrefix(p, "/static/") || regexp.MustCompile(`^/[jthb]/-$`).MatchString(p)) {
			t.Errorf("the worker's shell holds %s, which is not a page or a static file", p)
		}
		if st, _, _ := plainGet(t, ts.URL, p); st != 200 {
			t.Errorf("shell file %s: %d", p, st)
		}
	}
	t.Logf("worker version %s, %d shell paths", version, len(paths))

	// Chromium never installs from a private browser context (each test
	// phone's): this is the browser's first tab, in its own profile, on
	// this test's own origin (no browser test runs in parallel). It goes
	// back to a blank page, its worker unregistered, afterwards.
	p := browsertest.FirstTab()
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(p, 10*time.Second)
		defer cancel()
		chromedp.Run(c, chromedp.Evaluate[bool](`navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister()))).then(() => true)`, chromedp.EvalAwaitPromise))
		chromedp.Do(c, chromedp.Navigate("about:blank"))
	})
	do(t, p, "open home", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#create-btn")))
	got := get(t, p, "app manifest", chromedp.Action[page.GetAppManifestResult](func(ctx context.Context, tg *chromedp.Target) (page.GetAppManifestResult, error) {
		return cdp.Call(ctx, tg, page.GetAppManifest, page.GetAppManifestParams{})
	}))
	if !strings.HasSuffix(got.URL, "/static/manifest.webmanifest") || len(got.Errors) > 0 {
		t.Fatalf("Chromium's manifest: url %q, errors %+v", got.URL, got.Errors)
	}
	if got.Manifest == nil || got.Manifest.Name != m.Name || got.Manifest.StartURL != ts.URL+"/?app" || got.Manifest.Scope != ts.URL+"/" || !strings.EqualFold(strings.TrimPrefix(string(got.Manifest.Display), "k"), "standalone") || len(got.Manifest.Icons) != len(m.Icons) {
		t.Fatalf("Chromium parsed the manifest as %+v", got.Manifest)
	}
	get(t, p, "worker active", chromedp.Poll[bool](`navigator.serviceWorker.controller !== null || null`, chromedp.WithPollingTimeout(15*time.Second)))
	inst := get(t, p, "installability", chromedp.Action[page.GetInstallabilityErrorsResult](func(ctx context.Context, tg *chromedp.Target) (page.GetInstallabilityErrorsResult, error) {
		return cdp.Call(ctx, tg, page.GetInstallabilityErrors, cdp.Empty{})
	}))
	var ids []string
	for _, e := range inst.InstallabilityErrors {
		ids = append(ids, e.ErrorID)
		t.Errorf("Chromium: not installable: %s %+v", e.ErrorID, e.ErrorArguments)
	}
	t.Logf("Chromium's installability errors: %v", ids)
}

// cacheKeys lists, in the page, the names of its origin's caches and the
// paths each one holds. caches.open creates again a cache that the worker
// deleted between caches.keys and the open, and the worker fills a new one
// after creating it: an empty cache is either, and is left out (a kept
// shell never is empty).
func cacheKeys(t *testing.T, p context.Context) map[string][]string {
	t.Helper()
	js := `(async () => { const out = {}; for (const n of await caches.keys()) { const paths = (await (await caches.open(n)).keys()).map(r => new URL(r.url).pathname); if (paths.length > 0) out[n] = paths; } return JSON.stringify(out); })()`
	raw := get(t, p, "cache keys", chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	var out map[string][]string
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// waitWorker waits until the page's service worker is active and controls
// it.
func waitWorker(t *testing.T, p context.Context) {
	t.Helper()
	get(t, p, "worker controls the page", chromedp.Poll[bool](`(document.documentElement.dataset.sw === "registered" && navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === "activated") || null`, chromedp.WithPollingTimeout(15*time.Second)))
}

// chromiumErrorPage reports whether the page is Chromium's own "This site
// can't be reached" page rather than the app's shell.
func chromiumErrorPage(t *testing.T, p context.Context) bool {
	t.Helper()
	return get(t, p, "error page?", chromedp.Evaluate[bool](`!document.querySelector("header.top .brand") || /ERR_|can.t be reached/.test(document.body.innerText)`))
}

// TestBrowserAppOffline opens a seat's phone (390×844, touch) until its
// service worker is active, checks that the kept shell holds the pages and
// static files and no view, API answer or stream, then stops the server: a
// reload of the seat page comes from the kept shell and shows the offline
// bar, not Chromium's error page; the board page, never opened on this
// phone, loads from it too; the API is not answered from any cache; and
// the app's start page leads back to the table page opened last.
func TestBrowserAppOffline(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	_, _, worker := plainGet(t, ts.URL, "/sw.js")
	version, _ := workerShell(t, worker)
	p := newCtx()
	openAs(t, ts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	waitWorker(t, p)
	// The page now under the worker fetches its view and stream again.
	do(t, p, "reload under the worker", chromedp.Reload(), chromedp.WaitVisible(css("#log")))
	caches := cacheKeys(t, p)
	kept := caches["tw-shell-"+version]
	if len(caches) != 1 || !slices.Contains(kept, "/t/-") || !slices.Contains(kept, "/static/app.js") {
		t.Fatalf("caches after a page load: %v, want only tw-shell-%s with the shell", caches, version)
	}
	for _, k := range kept {
		if strings.HasPrefix(k, "/api/") || k == "/healthz" || k == "/metrics" || strings.HasPrefix(k, "/t/"+tb.ID) {
			t.Fatalf("the worker kept %s: %v", k, kept)
		}
	}
	if bar := get(t, p, "bar", chromedp.Evaluate[bool](`!document.getElementById("offline").hidden`)); bar {
		t.Fatal("the offline bar shows while the server is up")
	}

	ts.Stop()
	do(t, p, "reload with the server down", chromedp.Reload())
	do(t, p, "offline bar", chromedp.WaitVisible(css("#offline")))
	if chromiumErrorPage(t, p) {
		t.Fatalf("the reload shows Chromium's error page: %q", pageText(t, p))
	}
	if loc := get(t, p, "where", chromedp.Location()); loc != ts.URL+"/t/"+tb.ID {
		t.Fatalf("the reload is at %s", loc)
	}
	text := get(t, p, "bar text", chromedp.Text(css("#offline")))
	if !strings.Contains(text, "No connection") {
		t.Fatalf("the offline bar reads %q", text)
	}
	if page := get(t, p, "page kind", chromedp.Evaluate[string](`document.body.dataset.page`)); page != "seat" {
		t.Fatalf("the kept shell is the %q page, want seat", page)
	}
	viewportShot(t, p, "pwa-offline-seat")
	if strings.Contains(pageText(t, p), "null") {
		t.Fatal("the offline page shows \"null\"")
	}
	// The view is never answered from a cache: with the server down the
	// page's own fetch of it fails.
	res := get(t, p, "view offline", chromedp.Evaluate[string](`fetch("/api/tables/`+tb.ID+`/view", {headers: {"Authorization": "Bearer `+tb.Tokens[0]+`"}}).then(r => "answered " + r.status, e => "failed")`, chromedp.EvalAwaitPromise))
	if res != "failed" {
		t.Fatalf("the view with the server down: %s, want a network failure", res)
	}

	do(t, p, "board with the server down", chromedp.Navigate(ts.URL+"/b/"+tb.ID), chromedp.WaitVisible(css("#offline")))
	if chromiumErrorPage(t, p) {
		t.Fatalf("the board page shows Chromium's error page: %q", pageText(t, p))
	}
	if page := get(t, p, "page kind", chromedp.Evaluate[string](`document.body.dataset.page`)); page != "board" {
		t.Fatalf("the kept shell is the %q page, want board", page)
	}
	viewportShot(t, p, "pwa-offline-board-on-phone")

	// Opened from the home screen (the manifest's start_url), the app goes
	// back to the table page this phone had open last, also from the kept
	// shell.
	do(t, p, "open the app", chromedp.Navigate(ts.URL+"/?app"))
	get(t, p, "back at the table", chromedp.Poll[bool](`(location.pathname === "/b/`+tb.ID+`" && !document.getElementById("offline").hidden) || null`, chromedp.WithPollingTimeout(10*time.Second)))
}

// shellProxy is a reverse proxy in front of a test server, on its own
// address (its own origin for the browser). With next set it serves the
// worker with another VERSION, as a deploy with changed pages would.
type shellProxy struct {
	URL  string
	next atomic.Bool
}

func startShellProxy(t *testing.T, ts *testServer, host string) *shellProxy {
	t.Helper()
	target, err := url.Parse(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Skipf("no address %s to listen on: %v", host, err)
	}
	sp := &shellProxy{URL: "http://" + l.Addr().String()}
	// The deploy's worker is the server's rewritten: the proxy asks for it
	// plain and unconditionally (the server's is compressed, and 304 while
	// the server's own is unchanged), and gives it an ETag of its own.
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.Out.Host = pr.In.Host
		pr.SetXForwarded()
		if pr.Out.URL.Path == "/sw.js" && sp.next.Load() {
			pr.Out.Header.Del("Accept-Encoding")
			pr.Out.Header.Del("If-None-Match")
		}
	}}
	rp.FlushInterval = -1
	rp.ErrorLog = log.New(io.Discard, "", 0)
	rp.ModifyResponse = func(res *http.Response) error {
		if res.Request.URL.Path != "/sw.js" || !sp.next.Load() {
			return nil
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			return err
		}
		b = regexp.MustCompile(`const VERSION = "([0-9a-f]+)"`).ReplaceAll(b, []byte(`const VERSION = "${1}0"`))
		res.Body = io.NopCloser(bytes.NewReader(b))
		res.ContentLength = int64(len(b))
		res.Header.Set("Content-Length", strconv.Itoa(len(b)))
		if etag := res.Header.Get("ETag"); etag != "" {
			res.Header.Set("ETag", strings.TrimSuffix(etag, `"`)+`-next"`)
		}
		return nil
	}
	srv := &http.Server{Handler: rp}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return sp
}

// TestBrowserAppUpdate opens a seat's phone through a proxy; when the
// worker changes (a deploy whose static files differ), the next page load
// installs it and the old kept shell is gone, replaced by the new one.
// Then the server stops: the proxy answers 502, and the page still comes
// from the kept shell with the offline bar.
func TestBrowserAppUpdate(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	_, _, worker := plainGet(t, ts.URL, "/sw.js")
	version, _ := workerShell(t, worker)
	sp := startShellProxy(t, ts, "127.0.0.1")
	lts := *ts
	lts.URL = sp.URL
	p := newCtx()
	openAs(t, &lts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	waitWorker(t, p)
	if c := cacheKeys(t, p); len(c) != 1 || c["tw-shell-"+version] == nil {
		t.Fatalf("caches before the deploy: %v", c)
	}
	sp.next.Store(true)
	do(t, p, "reload after the deploy", chromedp.Reload(), chromedp.WaitVisible(css("#log")))
	var c map[string][]string
	if !apitest.Eventually(15*time.Second, func() bool {
		c = cacheKeys(t, p)
		return len(c) == 1 && slices.Contains(c["tw-shell-"+version+"0"], "/t/-")
	}) {
		t.Fatalf("caches after the deploy: %v, want only tw-shell-%s0", c, version)
	}

	// The page's own API calls get the proxy's 502 too: the page says so
	// in its own words (how it reads a 502 is the page's business).
	ts.Stop()
	do(t, p, "reload with the server down", chromedp.Reload(), chromedp.WaitVisible(css("header.top .brand")))
	if chromiumErrorPage(t, p) || get(t, p, "page kind", chromedp.Evaluate[string](`document.body.dataset.page`)) != "seat" {
		t.Fatalf("with the proxy answering 502 the page is: %q", pageText(t, p))
	}
	viewportShot(t, p, "pwa-proxy-502-seat")
}

// TestBrowserAppPlainHTTP opens a seat's phone over plain HTTP at a
// non-loopback address (a LAN), where browsers offer no service worker:
// the page registers none, says so in <html data-sw>, and works as before.
func TestBrowserAppPlainHTTP(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	lan := lanAddress(t)
	sp := startShellProxy(t, ts, lan)
	lts := *ts
	lts.URL = sp.URL
	p := newCtx()
	openAs(t, &lts, p, phoneScreen, tb, "seat", tb.Tokens[0], 0)
	if secure := get(t, p, "secure?", chromedp.Evaluate[bool](`window.isSecureContext`)); secure {
		t.Fatalf("%s is a secure context: the test needs plain HTTP", sp.URL)
	}
	get(t, p, "registration skipped", chromedp.Poll[bool](`document.documentElement.dataset.sw === "unavailable" || null`, chromedp.WithPollingTimeout(5*time.Second)))
	if get(t, p, "offline bar", chromedp.Evaluate[bool](`!document.getElementById("offline").hidden`)) {
		t.Fatal("the offline bar shows over plain HTTP")
	}
	if !strings.Contains(pageText(t, p), "#") {
		t.Fatalf("the seat page over plain HTTP shows no log: %q", pageText(t, p))
	}
}

// lanAddress is this machine's first non-loopback IPv4 address, or skips.
func lanAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("no interfaces: %v", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	t.Skip("no non-loopback IPv4 address: plain HTTP on a LAN cannot be tried here")
	return ""
}
