package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// rawRequest sends one request with the given headers through a client that
// neither asks for nor decodes any coding by itself, and returns the
// answer with its body as sent.
func rawRequest(t *testing.T, method, url, token string, body []byte, hdr ...string) reply {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := rawClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Type") == "text/event-stream" {
		// A stream never ends by itself: its headers are the answer.
		return reply{res.StatusCode, res.Header, nil}
	}
	out, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return reply{res.StatusCode, res.Header, out}
}

var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// publicBodies are the routes whose answer is the same for every client:
// the only ones that may be compressed.
var publicBodies = map[string]bool{
	"GET /": true, "GET /j/:code": true, "GET /t/:id": true, "GET /h/:id": true, "GET /b/:id": true,
	"GET /static/*": true, "GET /sw.js": true, "GET /api/games": true,
	// The operator's counters: no table's content, whoever asks
	// (Prometheus' handler compresses them).
	"GET /metrics": true,
}

// TestCompressionOnlyPublicBodies asks every route the server registers,
// as every viewer of a started table (the board, the host, each seat),
// for br and gzip: only the public bodies (the pages' shells, the static
// files, the worker, the game catalog) may come compressed. A view, the
// log, the result, the stream, a move's answer, a token or a code never
// does, whatever the client accepts: its compressed length would tell what
// it holds. Each viewer-dependent GET must answer 2xx at least once, so
// that the check is not met by refusals alone.
func TestCompressionOnlyPublicBodies(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	// A Space Cadets game the host has ended (declare_loss): every GET
	// route answers, the result too.
	tb := ts.NewTable("spacecadets", nil, 3)
	ts.Start(tb)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	fill := strings.NewReplacer(":id", tb.ID, ":code", tb.Code, ":seat", "1", "*", "app.js")
	routes := ts.Srv.Routes()
	// GETs first: the other methods may take a seat's device away.
	var ordered []string
	for _, r := range routes {
		if strings.HasPrefix(r, "GET ") {
			ordered = append(ordered, r)
		}
	}
	for _, r := range routes {
		if !strings.HasPrefix(r, "GET ") {
			ordered = append(ordered, r)
		}
	}
	asks := []string{"br", "gzip", "br, gzip;q=0.8, deflate, *", "gzip;q=1, br;q=1, identity;q=0.1"}
	viewerOK := map[string]bool{}
	compressedPublic := map[string]bool{}
	for _, route := range ordered {
		method, path, _ := strings.Cut(route, " ")
		url := ts.URL + fill.Replace(path)
		if strings.HasSuffix(path, "/view") || strings.HasSuffix(path, "/stream") || strings.HasSuffix(path, "/log") || strings.HasSuffix(path, "/result") {
			url += "?as=board"
		}
		var body []byte
		if method != http.MethodGet {
			body = []byte(`{}`)
		}
		for _, v := range viewers(tb) {
			for _, ae := range asks {
				u := url
				if v[1] != "" {
					u = strings.Replace(u, "?as=board", "", 1)
				}
				r := rawRequest(t, method, u, v[1], body, "Accept-Encoding", ae)
				ce := r.header.Get("Content-Encoding")
				switch {
				case ce != "" && !publicBodies[route]:
					t.Errorf("%s as %s (Accept-Encoding %q) answered %d with Content-Encoding %q: only public bodies are compressed", route, v[0], ae, r.status, ce)
				case ce != "":
					compressedPublic[route] = true
				}
				if !publicBodies[route] && r.status/100 == 2 {
					viewerOK[route] = true
				}
			}
		}
	}
	for _, route := range []string{"GET /api/tables/:id/view", "GET /api/tables/:id/log", "GET /api/tables/:id/result", "GET /api/tables/:id/stream"} {
		if !viewerOK[route] {
			t.Errorf("%s never answered 2xx: the check above proved nothing for it", route)
		}
	}
	for route := range publicBodies {
		if !compressedPublic[route] {
			t.Errorf("%s was never compressed, though every client asked for br or gzip", route)
		}
	}
}

// TestStaticCompressedAndCached checks the public bodies' coding and
// caching: the coding Accept-Encoding prefers (q-values, identity, a
// refusal of everything), a strong ETag per coding, Vary, 304 on
// If-None-Match, a year's lifetime for a file asked for by its content
// hash (as the shell names them) and revalidation for the rest, images sent
// as they are, and every coded body decoding to the plain one.
func TestStaticCompressedAndCached(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	shell := rawRequest(t, "GET", ts.URL+"/t/x", "", nil)
	m := regexp.MustCompile(`src="(/static/app\.js\?v=([0-9a-f]{16}))"`).FindSubmatch(shell.body)
	if m == nil {
		t.Fatalf("the seat page's shell names no /static/app.js?v=<hash>:\n%s", shell.body)
	}
	appJS := string(m[1])
	plain := rawRequest(t, "GET", ts.URL+"/static/app.js", "", nil)
	if plain.status != 200 || plain.header.Get("Content-Encoding") != "" || !strings.Contains(plain.header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("/static/app.js without Accept-Encoding: %d, Content-Encoding %q, Vary %q", plain.status, plain.header.Get("Content-Encoding"), plain.header.Get("Vary"))
	}
	decode := map[string]func([]byte) []byte{
		"": func(b []byte) []byte { return b },
		"gzip": func(b []byte) []byte {
			r, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			out, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			return out
		},
		"br": func(b []byte) []byte {
			out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
			if err != nil {
				t.Fatal(err)
			}
			return out
		},
	}
	for _, c := range []struct{ ae, want string }{
		{"", ""}, {"identity", ""}, {"gzip", "gzip"}, {"br", "br"}, {"gzip, br", "br"}, {"deflate, gzip;q=1.0, *;q=0.5", "gzip"},
		{"br;q=0.5, gzip;q=0.9", "gzip"}, {"br;q=0, gzip;q=0", ""}, {"*", "br"}, {"br;q=0.2, identity;q=0.9", ""}, {"x-gzip", "gzip"},
	} {
		for _, path := range []string{appJS, "/t/x", "/static/style.css", "/static/manifest.webmanifest", "/sw.js", "/api/games"} {
			r := rawRequest(t, "GET", ts.URL+path, "", nil, "Accept-Encoding", c.ae)
			if r.status != 200 || r.header.Get("Content-Encoding") != c.want {
				t.Errorf("%s with Accept-Encoding %q: %d, Content-Encoding %q, want 200 %q", path, c.ae, r.status, r.header.Get("Content-Encoding"), c.want)
				continue
			}
			if path == appJS && !bytes.Equal(decode[c.want](r.body), plain.body) {
				t.Errorf("%s as %q does not decode to the plain file", path, c.want)
			}
			if c.want != "" && len(r.body) >= len(decode[c.want](r.body))*3/4 {
				t.Errorf("%s as %s: %d bytes for %d, compressed too little", path, c.want, len(r.body), len(decode[c.want](r.body)))
			}
		}
	}
	if r := rawRequest(t, "GET", ts.URL+appJS, "", nil, "Accept-Encoding", "*;q=0"); r.status != http.StatusNotAcceptable {
		t.Errorf("%s refusing every coding: %d, want 406", appJS, r.status)
	}
	// Caching: one strong ETag per coding, 304 on If-None-Match.
	etags := map[string]string{}
	for _, ae := range []string{"identity", "gzip", "br"} {
		for _, path := range []string{appJS, "/h/x", "/api/games", "/sw.js", "/static/icons/icon-192.png"} {
			r := rawRequest(t, "GET", ts.URL+path, "", nil, "Accept-Encoding", ae)
			etag := r.header.Get("ETag")
			if !regexp.MustCompile(`^"[0-9a-f]{16}(-br|-gzip)?"$`).MatchString(etag) {
				t.Fatalf("%s (%s): ETag %q, want a strong one", path, ae, etag)
			}
			if strings.HasSuffix(path, ".png") && r.header.Get("Content-Encoding") != "" {
				t.Errorf("%s: an image sent as %s", path, r.header.Get("Content-Encoding"))
			}
			if prev, ok := etags[path+" "+r.header.Get("Content-Encoding")]; ok && prev != etag {
				t.Errorf("%s: two ETags for one coding", path)
			}
			etags[path+" "+r.header.Get("Content-Encoding")] = etag
			nm := rawRequest(t, "GET", ts.URL+path, "", nil, "Accept-Encoding", ae, "If-None-Match", etag)
			if nm.status != http.StatusNotModified || len(nm.body) != 0 || nm.header.Get("ETag") != etag || !strings.Contains(nm.header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s (%s) with If-None-Match %s: %d, %d bytes, ETag %q, Vary %q; want 304, empty, the same ETag", path, ae, etag, nm.status, len(nm.body), nm.header.Get("ETag"), nm.header.Get("Vary"))
			}
			if other := rawRequest(t, "GET", ts.URL+path, "", nil, "Accept-Encoding", ae, "If-None-Match", `"0000000000000000"`); other.status != 200 {
				t.Errorf("%s with another ETag: %d, want 200", path, other.status)
			}
			cc := r.header.Get("Cache-Control")
			switch {
			case path == appJS && !strings.Contains(cc, "max-age=31536000") || path == appJS && !strings.Contains(cc, "immutable"):
				t.Errorf("%s: Cache-Control %q, want a year, immutable (its URL holds its hash)", path, cc)
			case path != appJS && cc != "no-cache":
				t.Errorf("%s: Cache-Control %q, want no-cache (asked again, 304 while unchanged)", path, cc)
			}
		}
	}
	if etags[appJS+" br"] == etags[appJS+" gzip"] || etags[appJS+" br"] == etags[appJS+" "] {
		t.Errorf("one ETag for two codings of app.js: %v", etags)
	}
	if r := rawRequest(t, "GET", ts.URL+"/static/app.js?v=0000000000000000", "", nil); r.header.Get("Cache-Control") != "no-cache" {
		t.Errorf("app.js asked for by another hash: Cache-Control %q, want no-cache", r.header.Get("Cache-Control"))
	}
	for _, p := range []string{"/static/", "/static/icons/", "/static/sw.js", "/static/app.html", "/static/nope.js"} {
		if r := rawRequest(t, "GET", ts.URL+p, "", nil); r.status != 404 {
			t.Errorf("%s: %d, want 404", p, r.status)
		}
	}
}
