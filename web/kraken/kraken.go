// Package kraken serves the continuation of Space Cadets: Resistance Is
// Mostly Futile's Mission 10, the Star Kraken. In the box, the last active
// tentacle's card carries a QR code to the next part of the mission; the
// book does not reproduce it, so these pages are the tablewarden team's own
// second part, built from the mechanics the rulebook defines, at a stable
// short URL per tentacle:
//
//	/kraken/             index of the four tentacles
//	/kraken/<id>         the second part when <id> was the last active tentacle (t1–t4)
//	/kraken/<id>/qr.png  a printable QR code of publicURL + "/kraken/<id>"
//	/kraken/kraken.js    the script of the "start part 2" button
//
// The pages need no table. With ?table=<tableId>, a button starts part 2 in
// that table with the phone's seat token from localStorage "tw:<tableId>",
// and the page is the table's own: it names the tentacle as the table's
// data does, and it is found for every tentacle id the table has (its own
// cards too, ids other than t1–t4). A table's tentacle with no part 2 of
// its own in the table's data gets a plain note and the built-in part 2,
// the rules every tentacle shares, which the referee plays for it.
// They load no external resource and carry no inline script.
package kraken

import (
	_ "embed"
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"github.com/skip2/go-qrcode"

	"tablewarden/referee/spacecadets"
)

//go:embed page.html
var pageHTML string

//go:embed kraken.js
var script []byte

var page = template.Must(template.New("page").Parse(pageHTML))

// QRModule is the size in pixels of one QR module in qr.png.
const QRModule = 8

// Handler serves the pages under /kraken/ (it expects the full request
// path; mount it at /kraken/ without stripping the prefix). publicURL gives
// the server's public base URL (scheme and host, no trailing slash) for the
// QR codes.
func Handler(publicURL func(r *http.Request) string) http.Handler {
	return TableHandler(publicURL, nil)
}

// TableLookup returns tentacle id's part 2 briefing as table tableID has
// it (spacecadets.Part2FromView of the table's board view); ok is false
// for an unknown table, another game, or a tentacle the table lacks.
type TableLookup func(r *http.Request, tableID, id string) (b spacecadets.Part2Briefing, ok bool)

// TableHandler is Handler with the tables' own tentacles: with
// ?table=<tableId> the continuation page of a tentacle comes from
// tables(r, tableId, id) when it knows it, else from the embedded data.
func TableHandler(publicURL func(r *http.Request) string, tables TableLookup) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		rest, ok := strings.CutPrefix(r.URL.EscapedPath(), "/kraken")
		if !ok {
			http.NotFound(w, r)
			return
		}
		rest = strings.Trim(rest, "/")
		tableID := r.URL.Query().Get("table")
		// find is the briefing of a tentacle id (one escaped path segment).
		find := func(seg string) (spacecadets.Part2Briefing, bool) {
			id, err := url.PathUnescape(seg)
			if err != nil || strings.Contains(seg, "/") || id == "" {
				return spacecadets.Part2Briefing{}, false
			}
			if tableID != "" && tables != nil {
				if b, ok := tables(r, tableID, id); ok {
					return b, true
				}
			}
			return spacecadets.Part2For(id)
		}
		switch {
		case rest == "":
			render(w, r, pageData{Index: true, Tentacles: briefings()})
		case rest == "kraken.js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Header().Set("Cache-Control", "public, max-age=3600")
			_, _ = w.Write(script)
		case strings.HasSuffix(rest, "/qr.png"):
			b, ok := find(strings.TrimSuffix(rest, "/qr.png"))
			if !ok {
				http.NotFound(w, r)
				return
			}
			png, err := QRPNG(publicURL(r) + pageURL(b, tableID))
			if err != nil {
				http.Error(w, "cannot draw the QR code", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Cache-Control", "public, max-age=3600")
			_, _ = w.Write(png)
		default:
			b, ok := find(rest)
			if !ok {
				http.NotFound(w, r)
				return
			}
			d := pageData{Part: &b, Text: textFor(b), Table: tableID, URL: publicURL(r) + pageURL(b, tableID),
				QR: spacecadets.ContinuationPath(b.TentacleID) + "/qr.png", Back: backPath(r, tableID)}
			if b.Table {
				d.QR += "?table=" + url.QueryEscape(tableID)
			}
			render(w, r, d)
		}
	})
}

// QRPNG draws the QR code of url (Medium error correction, QRModule pixels
// per module, with the quiet zone).
func QRPNG(url string) ([]byte, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	return q.PNG(-QRModule)
}

// pageURL is the path of b's page: a table's own briefing keeps its table.
func pageURL(b spacecadets.Part2Briefing, tableID string) string {
	p := spacecadets.ContinuationPath(b.TentacleID)
	if b.Table {
		p += "?table=" + url.QueryEscape(tableID)
	}
	return p
}

type pageData struct {
	Index     bool
	Tentacles []spacecadets.Part2Briefing
	Part      *spacecadets.Part2Briefing
	Text      tentacleText
	Table     string
	URL       string
	// QR is the path of the qr.png of this page's own URL.
	QR string
	// Back is the table page that opened this one (?back=, the seat's,
	// the host's or the board's page of ?table=), linked at the top so
	// that the table stays one tap away in the same tab.
	Back string
}

// backPath is the page to link back to: ?back= when it is one of the
// table's own pages (/t/, /h/ or /b/ and the table id), else the seat
// page; none without a table.
func backPath(r *http.Request, tableID string) string {
	if tableID == "" {
		return ""
	}
	back := r.URL.Query().Get("back")
	for _, p := range []string{"/t/", "/h/", "/b/"} {
		if back == p+tableID {
			return back
		}
	}
	return "/t/" + tableID
}

func briefings() []spacecadets.Part2Briefing {
	var out []spacecadets.Part2Briefing
	for _, id := range spacecadets.KrakenTentacleIDs() {
		if b, ok := spacecadets.Part2For(id); ok {
			out = append(out, b)
		}
	}
	return out
}

func render(w http.ResponseWriter, r *http.Request, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if err := page.Execute(w, d); err != nil {
		http.Error(w, "page error", http.StatusInternalServerError)
	}
}
