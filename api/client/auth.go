// Package client is a Go client of the tablewarden API, generated from
// api/openapi.json by oapi-codegen (client.gen.go; `go generate ./api`
// writes it again). This file adds what the document cannot say.
package client

import (
	"context"
	"net/http"
)

// Bearer is a request editor that sends a seat's or the host's token.
func Bearer(token string) RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return nil
	}
}
