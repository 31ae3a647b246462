package catalog_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablewarden/referee/catalog"
	"tablewarden/referee/givetoken"
	"tablewarden/referee/kit"
)

// games are the games whose codes are checked: the catalog's and the
// bench build's givetoken, whatever the build tags (as the OpenAPI
// document describes them).
func games() []kit.Game { return append(catalog.All(), givetoken.New()) }

// emittedCodes returns the refusal codes the Go files of dir name as a
// literal first argument of a call to Errorf (kit.Errorf) or ruleErr
// (Lockup's), and as a SeatOnlyCode, with where each first appears.
// Every other string literal of the files is in named (a code passed
// through a helper, such as The Captain Is Dead's throwInto).
func emittedCodes(t *testing.T, dir string, named map[string]bool) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		lit := func(e ast.Expr) {
			if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				if s, err := strconv.Unquote(bl.Value); err == nil && out[s] == "" {
					out[s] = fset.Position(bl.Pos()).String()
				}
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && named != nil {
					named[s] = true
				}
			case *ast.CallExpr:
				name := ""
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "kit" {
						name = fn.Sel.Name
					}
				}
				if (name == "Errorf" || name == "ruleErr") && len(n.Args) > 0 {
					if _, isFmt := n.Fun.(*ast.SelectorExpr); isFmt || name == "ruleErr" || filepath.Base(dir) == "kit" {
						lit(n.Args[0])
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "SeatOnlyCode" {
					lit(n.Value)
				}
			}
			return true
		})
	}
	return out
}

// TestRefusalCodesDeclared reads every game's source (and the kit's) for
// the refusal codes it emits and fails on one that the game did not
// declare in its Info.Codes (codes.go) or the kit in kit.KitCodes: a
// misspelled code fails here even where no test plays the refusal. It
// fails too on a declared code that no source names (a declaration left
// behind), on one declared twice, and on a declaration without a message.
func TestRefusalCodesDeclared(t *testing.T) {
	kitCodes := map[string]bool{}
	for _, c := range kit.KitCodes {
		kitCodes[c.Code] = true
	}
	for code, at := range emittedCodes(t, filepath.Join("..", "kit"), nil) {
		if !kitCodes[code] {
			t.Errorf("%s: the kit emits %q, which kit.KitCodes does not declare", at, code)
		}
	}
	for _, g := range games() {
		info := g.Info()
		dir := filepath.Join("..", filepath.Base(reflect.TypeOf(g).Elem().PkgPath()))
		t.Run(info.ID, func(t *testing.T) {
			named := map[string]bool{}
			emitted := emittedCodes(t, dir, named)
			var missing []string
			for code, at := range emitted {
				if !info.Declared(code) {
					missing = append(missing, at+": "+code)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%d refusal codes emitted but not declared in %s/codes.go:\n%s", len(missing), dir, strings.Join(missing, "\n"))
			}
			seen := map[string]bool{}
			for _, c := range info.Codes {
				if seen[c.Code] {
					t.Errorf("%q is declared twice", c.Code)
				}
				seen[c.Code] = true
				if kitCodes[c.Code] && info.ID != "lockup" {
					t.Errorf("%q is the kit's code (kit.KitCodes); the game declares only its own", c.Code)
				}
				if c.Message == "" {
					t.Errorf("%q is declared without a message", c.Code)
				}
				if !named[c.Code] {
					t.Errorf("%q is declared but nothing in %s names it", c.Code, dir)
				}
			}
		})
	}
}

// TestRefusalCodesTranslated fails when a game that speaks a language
// besides English (its Info.Messages has it: Lockup's pt-BR) lacks a
// translation of one of its refusal codes' messages, the kit's included:
// the phone would fall back to English. The bench build's givetoken,
// which only the load tool plays, is not held to it.
func TestRefusalCodesTranslated(t *testing.T) {
	for _, g := range catalog.All() {
		info := g.Info()
		for lang, msgs := range info.Messages {
			if lang == "en" {
				continue
			}
			t.Run(info.ID+"/"+lang, func(t *testing.T) {
				for _, c := range info.RefusalCodes() {
					if strings.TrimSpace(msgs[c.Code]) == "" {
						t.Errorf("%s has no %s message for refusal code %q (%q)", info.ID, lang, c.Code, c.Message)
					}
				}
			})
		}
	}
}
