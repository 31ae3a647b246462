package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// Compression of the public bodies. The pages' shells, the static files,
// the service worker, the manifest and the game catalog (GET /api/games)
// are the same for everyone who asks, so each is compressed once per
// process, with brotli and gzip, and served in the coding the client
// prefers (Accept-Encoding, with its q-values), with a strong ETag per
// coding and Vary: Accept-Encoding.
//
// Nothing else is compressed, and never a body that depends on the viewer
// (a view, the log, the stream, a result, a token, a join code): its
// compressed length would tell its content again (samelength.go).
// TestCompressionOnlyPublicBodies asks every route for gzip and br as
// every viewer and fails on any other compressed answer.

// Cache lifetimes of the public bodies.
const (
	// cacheImmutable is a static file asked for by its content hash
	// (/static/app.js?v=<hash>, as the shells name them): its URL
	// changes with its content, so a browser may keep it a year.
	cacheImmutable = "public, max-age=31536000, immutable"
	// cacheRevalidate is everything else: kept, but asked again each time
	// with If-None-Match (a 304 costs a few bytes), so that a deploy
	// reaches every phone at its next load.
	cacheRevalidate = "no-cache"
)

// encoded is one public body in its codings. The codings are made in the
// background (start-up is not held up: a server restarted in a crash loop
// answers at once); ready is closed once gzip and br are set.
type encoded struct {
	ctype    string
	hash     string // the first 16 hex digits of the identity's SHA-256
	identity []byte
	ready    chan struct{}
	gzip     []byte // nil: not worth compressing (an image, a tiny file)
	br       []byte
}

// encodedCache keeps every body compressed in this process, by its
// content type and SHA-256: the files are embedded, so every server of a
// process (tests start many) compresses each of them once.
var encodedCache = struct {
	sync.Mutex
	m map[[sha256.Size]byte]*encoded
}{m: map[[sha256.Size]byte]*encoded{}}

// compressing lets one body be compressed at a time, so that start-up
// takes one core at most.
var compressing sync.Mutex

// brotliLevel is brotli's level for the public bodies. Level 11 made them
// 10 % smaller (74 KB for 82 KB, every static file and the catalog) for
// 40 times the time (3.6 s of a loaded core at each start, and ten times
// that under the race detector); gzip's best level costs little.
const brotliLevel = 5

// encode returns body's codings, compressing it in the background on first
// use in the process (about 0.1 s of one core for every body).
func encode(ctype string, body []byte) *encoded {
	sum := sha256.Sum256(append([]byte(ctype+"\x00"), body...))
	encodedCache.Lock()
	defer encodedCache.Unlock()
	if e := encodedCache.m[sum]; e != nil {
		return e
	}
	idSum := sha256.Sum256(body)
	e := &encoded{ctype: ctype, hash: hex.EncodeToString(idSum[:])[:16], identity: body, ready: make(chan struct{})}
	encodedCache.m[sum] = e
	if !compressible(ctype) || len(body) <= 256 {
		close(e.ready)
		return e
	}
	go func() {
		compressing.Lock()
		defer compressing.Unlock()
		defer close(e.ready)
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(body)
		w.Close()
		var br bytes.Buffer
		bw := brotli.NewWriterLevel(&br, brotliLevel)
		bw.Write(body)
		bw.Close()
		// A coding that saves less than a tenth is not worth the client's
		// work.
		if gz.Len() < len(body)*9/10 {
			e.gzip = gz.Bytes()
		}
		if br.Len() < len(body)*9/10 {
			e.br = br.Bytes()
		}
	}()
	return e
}

// compressible reports whether a content type is text (already-compressed
// images are not).
func compressible(ctype string) bool {
	mt, _, _ := strings.Cut(ctype, ";")
	mt = strings.TrimSpace(mt)
	return strings.HasPrefix(mt, "text/") || mt == "application/json" || mt == "application/manifest+json" ||
		mt == "application/javascript" || mt == "image/svg+xml"
}

// acceptQ is the q-value Accept-Encoding gives each coding the server
// offers. Without the header only identity is acceptable; identity is
// acceptable unless refused by name (identity;q=0) or by "*;q=0".
type acceptQ struct{ br, gzip, identity float64 }

func parseAcceptEncoding(h []string) acceptQ {
	if len(h) == 0 {
		return acceptQ{identity: 1}
	}
	q := map[string]float64{}
	for _, line := range h {
		for _, part := range strings.Split(line, ",") {
			name, params, _ := strings.Cut(part, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			v := 1.0
			for _, p := range strings.Split(params, ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
					if err != nil || f < 0 || f > 1 {
						f = 0 // a malformed weight accepts nothing
					}
					v = f
				}
			}
			if name == "x-gzip" {
				name = "gzip"
			}
			q[name] = v
		}
	}
	get := func(name string, def float64) float64 {
		if v, ok := q[name]; ok {
			return v
		}
		if v, ok := q["*"]; ok {
			return v
		}
		return def
	}
	// Identity not named is acceptable, but after any coding the client
	// names.
	return acceptQ{br: get("br", 0), gzip: get("gzip", 0), identity: get("identity", 0.001)}
}

// pick returns the coding to send ("br", "gzip" or "" for identity) and
// its body, the client's highest weight first, the smaller body on a tie;
// ok is false when the client accepts none of them.
func (e *encoded) pick(a acceptQ) (coding string, body []byte, ok bool) {
	best := -1.0
	try := func(c string, b []byte, q float64) {
		if b != nil && q > 0 && q > best {
			coding, body, best = c, b, q
		}
	}
	select {
	case <-e.ready: // the codings are set (read them only then)
		try("br", e.br, a.br)
		try("gzip", e.gzip, a.gzip)
	default:
	}
	try("", e.identity, a.identity)
	return coding, body, best > 0
}

// serve answers with e: the coding the client prefers, its strong ETag
// (one per coding), Vary: Accept-Encoding, and 304 when If-None-Match
// names it (http.ServeContent also answers HEAD and ranges).
func (e *encoded) serve(c echo.Context, cacheControl string) error {
	w, r := c.Response(), c.Request()
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	accept := parseAcceptEncoding(r.Header.Values("Accept-Encoding"))
	if accept.br > 0 || accept.gzip > 0 {
		// The first requests after start wait for their body's codings
		// (well under a second), so that every answer of one coding has
		// one ETag.
		select {
		case <-e.ready:
		case <-r.Context().Done():
			return r.Context().Err()
		}
	}
	coding, body, ok := e.pick(accept)
	if !ok {
		return table.Refusef(table.ReasonNotAcceptable, "This server sends this file plain, as gzip or as br.")
	}
	h.Set("Cache-Control", cacheControl)
	h.Set("Content-Type", e.ctype)
	etag := e.hash
	if coding != "" {
		h.Set("Content-Encoding", coding)
		etag += "-" + coding
	}
	h.Set("ETag", `"`+etag+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	return nil
}
