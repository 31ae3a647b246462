package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v4"
)

// workerVersion serves static through pwaRoutes and returns the VERSION
// and SHELL of its /sw.js.
func workerVersion(t *testing.T, static fstest.MapFS) (string, string) {
	t.Helper()
	e := echo.New()
	pwaRoutes(e, static, staticFiles(static))
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/sw.js", nil))
	body, _ := io.ReadAll(rec.Body)
	m := regexp.MustCompile(`const VERSION = "([0-9a-f]+)";\nconst SHELL = "([^"]*)"`).FindSubmatch(body)
	if rec.Code != http.StatusOK || m == nil {
		t.Fatalf("/sw.js: %d\n%s", rec.Code, body)
	}
	return string(m[1]), string(m[2])
}

// TestWorkerVersion checks that the worker's VERSION follows the embedded
// static files: the same files give the same version (a restart does not
// empty the phones' kept shell), a change to any file gives another (a
// deploy replaces it), and the shell lists every file but the worker.
func TestWorkerVersion(t *testing.T) {
	t.Parallel()
	files := func(app string) fstest.MapFS {
		return fstest.MapFS{
			"sw.js":                {Data: []byte("const VERSION = \"{{version}}\";\nconst SHELL = \"{{shell}}\".split(\" \");\n")},
			"manifest.webmanifest": {Data: []byte("{}")},
			"app.js":               {Data: []byte(app)},
			"icons/icon-192.png":   {Data: []byte("png")},
		}
	}
	v1, shell := workerVersion(t, files("one"))
	v1again, _ := workerVersion(t, files("one"))
	v2, _ := workerVersion(t, files("two"))
	if v1 != v1again {
		t.Errorf("the same files give versions %s and %s", v1, v1again)
	}
	if v1 == v2 {
		t.Errorf("a changed app.js keeps version %s", v1)
	}
	if got, want := shell, "/ /j/- /t/- /h/- /b/- /static/app.js /static/icons/icon-192.png /static/manifest.webmanifest"; got != want {
		t.Errorf("shell = %q, want %q", got, want)
	}
	if strings.Contains(shell, "sw.js") {
		t.Errorf("the shell lists the worker: %q", shell)
	}
}
