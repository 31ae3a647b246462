package main

import (
	"bufio"
	"bytes"
	"debug/buildinfo"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// benchOnly is the code of the bench build (-tags bench): the load tool's
// routes, their handlers, its storage ceiling and its game. what names it
// for a failure; symbol is a substring of its name in the symbol table.
var benchOnly = []struct{ what, symbol string }{
	{"the WebSocket prototype (api/benchws.go)", "tablewarden/api.(*Server).handleBenchWS"},
	{"the HTTP ceiling GET /api/noop (api/noop.go)", "tablewarden/api.(*Server).handleNoop"},
	{"the storage ceiling POST /api/noop/commit (api/noop.go)", "tablewarden/api.(*Server).handleNoopCommit"},
	{"the pprof routes (api/pprof.go)", "tablewarden/api.(*Server).handlePprofHeap"},
	{"the bench routes' registration (api/benchroutes.go)", "tablewarden/api.(*Server).benchRoutes"},
	{"net/http/pprof", "net/http/pprof."},
	{"the table's storage ceiling (table/ceiling.go)", "tablewarden/table.(*Service).CeilingCommit"},
	{"the database's storage ceiling (db/sqlite/ceiling.go)", "tablewarden/db/sqlite.OpenCeiling"},
	{"the game givetoken", "tablewarden/referee/givetoken."},
}

// benchFiles are the source files of the bench build; the production
// build compiles none of them.
var benchFiles = []string{
	"api/benchroutes.go", "api/benchws.go", "api/noop.go", "api/pprof.go",
	"table/ceiling.go", "db/sqlite/ceiling.go", "referee/catalog/bench.go",
}

// TestProductionBinaryHasNoBenchCode builds the server as a release does
// and as the load tool does (-tags bench), and reads each binary's symbol
// table (go tool nm) and build information: the production binary holds
// none of the bench code and does not say -tags=bench; the bench build
// holds all of it. It also checks, with go list, that the production
// build's packages compile none of the bench files and do not import
// givetoken or net/http/pprof at all (code the linker would drop anyway
// still leaves the production packages).
func TestProductionBinaryHasNoBenchCode(t *testing.T) {
	t.Parallel()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go command: %v", err)
	}
	goCmd := func(args ...string) []byte {
		t.Helper()
		out, err := exec.Command(gobin, args...).Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		return out
	}
	symbols := func(tags string) (syms []string, bin string) {
		t.Helper()
		bin = filepath.Join(t.TempDir(), "tablewarden")
		goCmd("build", "-tags", tags, "-o", bin, ".")
		sc := bufio.NewScanner(bytes.NewReader(goCmd("tool", "nm", bin)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			// "  4a1b20 T tablewarden/api.(*Server).handleNoop": the name
			// is what follows the address and the kind.
			f := strings.Fields(sc.Text())
			if len(f) >= 3 {
				syms = append(syms, strings.Join(f[2:], " "))
			}
		}
		return syms, bin
	}
	has := func(syms []string, sub string) bool {
		return slices.ContainsFunc(syms, func(s string) bool { return strings.Contains(s, sub) })
	}
	benchTag := func(bin string) bool {
		t.Helper()
		info, err := buildinfo.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range info.Settings {
			if s.Key == "-tags" && slices.Contains(strings.Split(s.Value, ","), "bench") {
				return true
			}
		}
		return false
	}

	prod, prodBin := symbols("")
	if len(prod) < 1000 || !has(prod, "tablewarden/api.(*Server).handleMovePost") {
		t.Fatalf("the production binary's symbol table has %d names and no handleMovePost: cannot judge it", len(prod))
	}
	for _, b := range benchOnly {
		if has(prod, b.symbol) {
			t.Errorf("the production binary carries %s (a symbol holding %q)", b.what, b.symbol)
		}
	}
	if benchTag(prodBin) {
		t.Errorf("the production binary's build information says -tags bench")
	}
	bench, benchBin := symbols("bench")
	for _, b := range benchOnly {
		if !has(bench, b.symbol) {
			t.Errorf("the bench build lacks %s (no symbol holding %q)", b.what, b.symbol)
		}
	}
	if !benchTag(benchBin) {
		t.Errorf("the bench build's build information does not say -tags bench")
	}

	for _, dep := range strings.Fields(string(goCmd("list", "-deps", "."))) {
		if dep == "tablewarden/referee/givetoken" || dep == "net/http/pprof" {
			t.Errorf("the production build imports %s", dep)
		}
	}
	// Every production package's files, as paths in the module.
	root := strings.TrimSpace(string(goCmd("list", "-m", "-f", "{{.Dir}}")))
	var compiled []string
	for _, line := range strings.Split(strings.TrimSpace(string(goCmd("list", "-f", `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}`, "tablewarden/..."))), "\n") {
		if rel, err := filepath.Rel(root, line); err == nil {
			compiled = append(compiled, filepath.ToSlash(rel))
		}
	}
	if !slices.Contains(compiled, "api/server.go") {
		t.Fatalf("go list found no api/server.go among %d files: cannot judge them", len(compiled))
	}
	for _, f := range benchFiles {
		if slices.Contains(compiled, f) {
			t.Errorf("the production build compiles %s, a file of the bench build (its //go:build bench line is missing)", f)
		}
	}
}
