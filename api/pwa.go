package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"strings"

	"github.com/labstack/echo/v4"
)

// pwaShellPages are the page routes whose shell the service worker keeps,
// one per kind of page (every table's page of a kind is the same HTML),
// under the id "-" that static/sw.js looks them up by.
var pwaShellPages = []string{"/", "/j/-", "/t/-", "/h/-", "/b/-"}

// pwaRoutes serves what makes the pages an installable app: the service
// worker at /sw.js (at the root, so its scope covers every page), and the
// manifest with its own media type (Go's table has none for
// .webmanifest). The worker's VERSION is a hash of every embedded static
// file, computed here at start, so that a deploy that changes the pages
// installs a new worker, which replaces the kept shell; its SHELL lists
// the page shells and the static files (files, which holds neither the
// worker nor the shell's template). Both are compressed once, and asked
// again on every use (no-cache, answered 304 while unchanged).
func pwaRoutes(e *echo.Echo, static fs.FS, files map[string]*encoded) {
	sum := sha256.New()
	shell := append([]string(nil), pwaShellPages...)
	err := fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, path)
		if err != nil {
			return err
		}
		sum.Write([]byte(path))
		sum.Write([]byte{0})
		sum.Write(b)
		if files[path] != nil {
			shell = append(shell, "/static/"+path)
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	version := hex.EncodeToString(sum.Sum(nil))[:16]
	worker, err := fs.ReadFile(static, "sw.js")
	if err != nil {
		panic(err)
	}
	worker = bytes.Replace(worker, []byte("{{version}}"), []byte(version), 1)
	worker = bytes.Replace(worker, []byte("{{shell}}"), []byte(strings.Join(shell, " ")), 1)
	// The browser checks for a new worker on every navigation; the worker
	// must not come from a stale HTTP cache (no-cache: asked again, 304
	// while the same).
	w := encode("text/javascript; charset=utf-8", worker)
	e.GET("/sw.js", func(c echo.Context) error { return w.serve(c, cacheRevalidate) })
}
