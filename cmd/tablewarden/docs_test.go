package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinksResolve reads README.md, CHANGELOG.md, referee/README.md and
// every page under docs/, and checks that each relative link names a file
// or folder that exists and, where it has a #fragment into a Markdown
// page, a heading of that page (GitHub's anchors: lower case, spaces to
// hyphens, punctuation dropped).
func TestDocLinksResolve(t *testing.T) {
	t.Parallel() // reads files only
	root := filepath.Join("..", "..")
	pages := []string{"README.md", "CHANGELOG.md", filepath.Join("referee", "README.md")}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		pages = append(pages, rel)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, page := range pages {
		body, err := os.ReadFile(filepath.Join(root, page))
		if os.IsNotExist(err) && page == "CHANGELOG.md" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		text := stripCode(string(body))
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			path := filepath.Join(root, filepath.Dir(page), file)
			if file == "" {
				path = filepath.Join(root, page)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s links to %s, which does not exist", page, target)
				continue
			}
			checked++
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			page2, _ := os.ReadFile(path)
			if !hasAnchor(string(page2), frag) {
				t.Errorf("%s links to %s: no heading with the anchor #%s there", page, target, frag)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative link was found: the pattern is wrong")
	}
}

// stripCode removes fenced code blocks, whose brackets are not links.
func stripCode(s string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// hasAnchor reports whether a Markdown page has a heading whose GitHub
// anchor is frag.
func hasAnchor(page, frag string) bool {
	for _, line := range strings.Split(stripCode(page), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimSpace(strings.TrimLeft(line, "#"))
		if anchor(h) == frag {
			return true
		}
	}
	return false
}

func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestAnchor(t *testing.T) {
	t.Parallel()
	for h, want := range map[string]string{
		"Seats and devices":           "seats-and-devices",
		"Game data and its sources":   "game-data-and-its-sources",
		"Scale out (PostgreSQL)":      "scale-out-postgresql",
		"`tablewarden copy`, at once": "tablewarden-copy-at-once",
	} {
		if got := anchor(h); got != want {
			t.Errorf("anchor(%q) = %q, want %q", h, got, want)
		}
	}
}
