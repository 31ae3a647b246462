// Command tablewarden-openapi writes the generated parts of the API's
// description: every game's view, moves and options, and the result of a
// finished game, made from their Go types (package api/openapigen), and
// the refusal codes, from their declarations. It reads and rewrites the
// document in place, keeping what is written by hand, and with -games-doc
// the list of refusal codes in docs/games.md. `go generate ./api` runs it.
//
//	go run ./cmd/tablewarden-openapi [-doc api/openapi.json] [-games-doc docs/games.md]
package main

import (
	"flag"
	"fmt"
	"os"

	"tablewarden/api/openapigen"
)

func main() {
	path := flag.String("doc", "api/openapi.json", "the OpenAPI document to regenerate")
	gamesDoc := flag.String("games-doc", "", "docs/games.md, whose list of refusal codes to regenerate (none when empty)")
	flag.Parse()
	raw, err := os.ReadFile(*path)
	if err == nil {
		raw, err = openapigen.Generate(raw, openapigen.Games())
	}
	if err == nil {
		err = os.WriteFile(*path, raw, 0o644)
	}
	if err == nil && *gamesDoc != "" {
		var md []byte
		md, err = os.ReadFile(*gamesDoc)
		if err == nil {
			md, err = openapigen.GamesDoc(md, openapigen.Games())
		}
		if err == nil {
			err = os.WriteFile(*gamesDoc, md, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tablewarden-openapi:", err)
		os.Exit(1)
	}
}
