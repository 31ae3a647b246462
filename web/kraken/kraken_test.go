package kraken

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
	"tablewarden/referee/spacecadets"
)

const base = "https://tw.example"

func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Result()
}

func handler() http.Handler {
	return Handler(func(*http.Request) string { return base })
}

var inlineScript = regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`)

func TestPages(t *testing.T) {
	h := handler()
	ids := spacecadets.KrakenTentacleIDs()
	if len(ids) != 4 {
		t.Fatalf("tentacle ids = %v, want 4", ids)
	}
	pages := map[string]string{}
	for _, p := range append([]string{"/kraken/", "/kraken"}, "/kraken/t1", "/kraken/t2", "/kraken/t3", "/kraken/t4", "/kraken/t2?table=ABC123") {
		res := get(t, h, p)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("GET %s = %d %s", p, res.StatusCode, res.Header.Get("Content-Type"))
		}
		s := string(body)
		if !strings.Contains(s, "Written by the tablewarden team, not part of the published rulebook") {
			t.Fatalf("GET %s: page lacks the authorship label", p)
		}
		if inlineScript.MatchString(s) || strings.Contains(s, " on") && regexp.MustCompile(`\son[a-z]+=`).MatchString(s) {
			t.Fatalf("GET %s: inline script found", p)
		}
		if regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(s) {
			t.Fatalf("GET %s: external resource", p)
		}
		if len(body) > 12000 {
			t.Fatalf("GET %s: %d bytes, want a tiny page", p, len(body))
		}
		pages[p] = s
	}
	for _, id := range ids {
		b, _ := spacecadets.Part2For(id)
		s := pages["/kraken/"+id]
		for _, want := range []string{b.TentacleName, b.Title, "Minor Victory", "Major Victory", "Setup", "Special rules", "/kraken/" + id + "/qr.png", base + "/kraken/" + id} {
			if !strings.Contains(s, want) {
				t.Fatalf("/kraken/%s lacks %q", id, want)
			}
		}
		if strings.Contains(s, "start-part2") {
			t.Fatalf("/kraken/%s without ?table offers the start button", id)
		}
		if !strings.Contains(pages["/kraken/"], `href="/kraken/`+id+`"`) {
			t.Fatalf("index does not link %s", id)
		}
	}
	// The text differs by tentacle.
	if a, b := textFor(mustPart(t, "t1")).SpecialRule, textFor(mustPart(t, "t2")).SpecialRule; a == b || a == "" {
		t.Fatalf("t1 and t2 special rules = %q, %q", a, b)
	}
	s := pages["/kraken/t2?table=ABC123"]
	for _, want := range []string{`id="start-part2"`, `data-table="ABC123"`, `<script src="/kraken/kraken.js" defer></script>`} {
		if !strings.Contains(s, want) {
			t.Fatalf("table page lacks %q", want)
		}
	}
}

func mustPart(t *testing.T, id string) spacecadets.Part2Briefing {
	b, ok := spacecadets.Part2For(id)
	if !ok {
		t.Fatalf("no part 2 for %s", id)
	}
	return b
}

func TestTableIDEscaped(t *testing.T) {
	res := get(t, handler(), `/kraken/t1?table=%22%3E%3Cscript%3Ealert(1)%3C/script%3E`)
	body, _ := io.ReadAll(res.Body)
	if strings.Contains(string(body), "<script>alert") {
		t.Fatal("table id is not escaped")
	}
}

func TestScript(t *testing.T) {
	res := get(t, handler(), "/kraken/kraken.js")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("kraken.js = %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{`"tw:" + table`, `"/api/tables/" + encodeURIComponent(table) + "/moves"`, `"Bearer " + cred.token`, `type: "start_kraken_part2"`, "idempotency_key"} {
		if !strings.Contains(string(body), want) {
			t.Fatalf("kraken.js lacks %s", want)
		}
	}
}

func TestNotFound(t *testing.T) {
	h := handler()
	for _, p := range []string{"/kraken/t5", "/kraken/t0/qr.png", "/kraken/t1/extra", "/kraken/T1", "/krakens", "/kraken/../api"} {
		if res := get(t, h, p); res.StatusCode != http.StatusNotFound {
			t.Fatalf("GET %s = %d, want 404", p, res.StatusCode)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/kraken/t1", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST = %d, want 405", rec.Code)
	}
}

// TestQRCodes decodes each qr.png, reads its module grid back and checks it
// is the QR symbol of publicURL + "/kraken/<id>".
func TestQRCodes(t *testing.T) {
	h := handler()
	grids := map[string][][]bool{}
	for _, id := range spacecadets.KrakenTentacleIDs() {
		res := get(t, h, "/kraken/"+id+"/qr.png")
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("qr %s = %d %s", id, res.StatusCode, res.Header.Get("Content-Type"))
		}
		body, _ := io.ReadAll(res.Body)
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("qr %s is not a PNG: %v", id, err)
		}
		got := sample(img)
		url := base + "/kraken/" + id
		q, err := qrcode.New(url, qrcode.Medium)
		if err != nil {
			t.Fatal(err)
		}
		want := q.Bitmap()
		if !sameGrid(got, want) {
			t.Fatalf("qr %s does not encode %s", id, url)
		}
		// A different URL gives a different symbol: the check has teeth.
		other, _ := qrcode.New(base+"/kraken/x"+id, qrcode.Medium)
		if sameGrid(got, other.Bitmap()) {
			t.Fatalf("qr %s matches another URL", id)
		}
		grids[id] = got
	}
	if sameGrid(grids["t1"], grids["t2"]) {
		t.Fatal("t1 and t2 share a QR code")
	}
}

// sample reads a QR image drawn at QRModule pixels per module into a grid.
func sample(img image.Image) [][]bool {
	b := img.Bounds()
	n := b.Dx() / QRModule
	grid := make([][]bool, n)
	for y := range grid {
		grid[y] = make([]bool, n)
		for x := range grid[y] {
			r, g, bl, _ := img.At(b.Min.X+x*QRModule+QRModule/2, b.Min.Y+y*QRModule+QRModule/2).RGBA()
			grid[y][x] = r+g+bl < 3*0x8000
		}
	}
	return grid
}

func sameGrid(a, b [][]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for y := range a {
		if len(a[y]) != len(b[y]) {
			return false
		}
		for x := range a[y] {
			if a[y][x] != b[y][x] {
				return false
			}
		}
	}
	return true
}

// tableTentacles is a Mission 10 table's own tentacle cards: its own id
// "arm-1" (no part 2 of its own in the data), an id that needs escaping,
// and built-in ids under the table's names.
const tableTentacles = `{"mission":"10","game_data":{"tentacles":[
 {"id":"arm-1","name":"Grasping Arm","station":"Weapons","subdue":"As printed.","range":2,"attack_dice":2,"source":"table-entered"},
 {"id":"t2","name":"Our Crusher","station":"Tractor Beams","subdue":"As printed.","range":3,"attack_dice":1,"source":"table-entered"},
 {"id":"big one","name":"The Big One","station":"Sensors","subdue":"As printed.","range":2,"attack_dice":2,"source":"table-entered"},
 {"id":"t4","name":"Long Tom","station":"Shields","subdue":"As printed.","range":1,"attack_dice":3,"source":"table-entered"}]}}`

// tableHandler serves the pages with one real Mission 10 table, ABC123,
// whose board view carries the table's tentacles.
func tableHandler(t *testing.T) http.Handler {
	t.Helper()
	g := spacecadets.New()
	st, err := g.Setup(json.RawMessage(tableTentacles), []string{"Ana", "Bo", "Cy", "Di"}, kit.NewCtx(3, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	public := g.View(st, kit.BoardViewer).Public
	return TableHandler(func(*http.Request) string { return base }, func(_ *http.Request, table, id string) (spacecadets.Part2Briefing, bool) {
		if table != "ABC123" {
			return spacecadets.Part2Briefing{}, false
		}
		return spacecadets.Part2FromView(public, id)
	})
}

// TestTableTentacles: with ?table=, the continuation page is found for
// every tentacle the table has and names it as the table does; a tentacle
// with no part 2 of its own says so plainly and shows the built-in part 2.
func TestTableTentacles(t *testing.T) {
	h := tableHandler(t)
	page := func(path string) (int, string) {
		t.Helper()
		res := get(t, h, path)
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	for _, c := range []struct {
		path       string
		want, not  []string
		noTextNote bool
	}{
		{"/kraken/arm-1?table=ABC123", []string{"Grasping Arm", "Further instructions", "Minor Victory", "/kraken/arm-1/qr.png?table=ABC123", base + "/kraken/arm-1?table=ABC123", "start-part2"}, []string{"Tentacle A"}, true},
		{"/kraken/big%20one?table=ABC123", []string{"The Big One", "/kraken/big%20one/qr.png?table=ABC123"}, []string{"Tentacle C"}, true},
		{"/kraken/t2?table=ABC123", []string{"Our Crusher", "The Crushing Grip"}, []string{"Tentacle B"}, false},
		{"/kraken/t4?table=ABC123", []string{"Long Tom", "The Long Reach"}, []string{"Tentacle D"}, false},
		{"/kraken/t1?table=ABC123", []string{"Tentacle A", "The Restless Arm"}, nil, false}, // not the table's: the built-in page
		{"/kraken/t2", []string{"Tentacle B"}, []string{"Our Crusher"}, false},
	} {
		st, s := page(c.path)
		if st != http.StatusOK {
			t.Fatalf("GET %s = %d, want 200", c.path, st)
		}
		for _, w := range c.want {
			if !strings.Contains(s, w) {
				t.Errorf("GET %s lacks %q", c.path, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(s, w) {
				t.Errorf("GET %s names %q, not the table's name", c.path, w)
			}
		}
		if got := strings.Contains(s, `id="no-text"`); got != c.noTextNote {
			t.Errorf("GET %s: the no-continuation-text note shown = %v, want %v", c.path, got, c.noTextNote)
		}
	}
	for _, p := range []string{"/kraken/arm-1", "/kraken/arm-1?table=OTHER", "/kraken/t9?table=ABC123", "/kraken/arm-1/extra?table=ABC123"} {
		if st, _ := page(p); st != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", p, st)
		}
	}
	res := get(t, h, "/kraken/arm-1/qr.png?table=ABC123")
	body, _ := io.ReadAll(res.Body)
	img, err := png.Decode(bytes.NewReader(body))
	if res.StatusCode != 200 || err != nil {
		t.Fatalf("qr of arm-1 = %d (%v)", res.StatusCode, err)
	}
	q, _ := qrcode.New(base+"/kraken/arm-1?table=ABC123", qrcode.Medium)
	if !sameGrid(sample(img), q.Bitmap()) {
		t.Fatal("the table tentacle's QR does not encode its page with the table")
	}
}
