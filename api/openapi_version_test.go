package api_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tablewarden/api/openapigen"
)

// release is a released document kept under testdata.
type release struct {
	version openapigen.Semver
	raw     []byte
}

// releases returns the released documents (testdata/openapi-X.Y.Z.json),
// oldest first.
func releases(t *testing.T) []release {
	t.Helper()
	files, err := filepath.Glob("testdata/openapi-*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no released document under api/testdata (%v)", err)
	}
	var out []release
	for _, f := range files {
		v, err := openapigen.ParseSemver(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "openapi-"), ".json"))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := docVersion(t, raw); got != v.String() {
			t.Fatalf("%s says info.version %q", f, got)
		}
		out = append(out, release{v, raw})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version.Less(out[j].version) })
	return out
}

func docVersion(t *testing.T, raw []byte) string {
	t.Helper()
	var d struct {
		Info struct {
			Version string `json:"version"`
		} `json:"info"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return d.Info.Version
}

// changelogSections returns CHANGELOG.md's sections by the version in
// their heading ("## 2.0.0 — 2026-12-01").
func changelogSections(t *testing.T) map[string]string {
	t.Helper()
	raw, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	head := regexp.MustCompile(`(?m)^## +(\S+)`)
	idx := head.FindAllStringSubmatchIndex(string(raw), -1)
	for i, m := range idx {
		end := len(raw)
		if i+1 < len(idx) {
			end = idx[i+1][0]
		}
		out[string(raw[m[2]:m[3]])] = string(raw[m[1]:end])
	}
	return out
}

// TestOpenAPIVersion keeps the contract versioned: info.version is
// major.minor.patch and never goes back; CHANGELOG.md has a section for
// every released version and for the current one; and a change that can
// break a client (openapigen.Breaking), between two releases or since the
// last one, comes with a new major version whose changelog section says
// "Breaking".
func TestOpenAPIVersion(t *testing.T) {
	t.Parallel()
	rels := releases(t)
	log := changelogSections(t)
	check := func(from, to openapigen.Semver, old, cur []byte, what string) {
		t.Helper()
		if _, ok := log[to.String()]; !ok && to != from {
			t.Fatalf("CHANGELOG.md has no section \"## %s\" (%s)", to, what)
		}
		breaks, err := openapigen.Breaking(old, cur)
		if err != nil {
			t.Fatal(err)
		}
		if len(breaks) == 0 {
			return
		}
		if to[0] <= from[0] {
			t.Fatalf("%s: breaking changes without a new major version (%s → %s):\n%s", what, from, to, strings.Join(breaks, "\n"))
		}
		if !strings.Contains(log[to.String()], "Breaking") {
			t.Fatalf("%s: CHANGELOG.md's section %s does not say \"Breaking\", but the document breaks:\n%s", what, to, strings.Join(breaks, "\n"))
		}
	}
	for i := 1; i < len(rels); i++ {
		check(rels[i-1].version, rels[i].version, rels[i-1].raw, rels[i].raw, "released documents")
	}
	cur, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := openapigen.ParseSemver(docVersion(t, cur))
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	last := rels[len(rels)-1]
	if v.Less(last.version) {
		t.Fatalf("openapi.json's version %s is older than the last release %s", v, last.version)
	}
	check(last.version, v, last.raw, cur, "openapi.json since the last release")
}
