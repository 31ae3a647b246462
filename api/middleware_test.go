package api

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestSecurityHeadersAreCanonicalAndNotShared checks the shared security
// header values: each key is in the canonical form Header.Get looks up, and
// a handler that adds to or changes one response's header leaves the next
// response's alone.
func TestSecurityHeadersAreCanonicalAndNotShared(t *testing.T) {
	t.Parallel()
	want := map[string]string{}
	for _, kv := range securityHeaderValues {
		if got, want := kv.key, http.CanonicalHeaderKey(kv.key); got != want {
			t.Errorf("key %q, want the canonical %q", got, want)
		}
		want[kv.key] = kv.value
	}
	if got, want := want["Referrer-Policy"], "no-referrer"; got != want {
		t.Fatalf("Referrer-Policy = %q, want %q", got, want)
	}
	e := echo.New()
	first := true
	h := securityHeaders(func(c echo.Context) error {
		if first {
			c.Response().Header().Add("X-Frame-Options", "SAMEORIGIN")
			c.Response().Header()["Referrer-Policy"][0] = "origin"
			first = false
		}
		return c.NoContent(http.StatusNoContent)
	})
	for i := 0; i < 2; i++ {
		rec := httptest.NewRecorder()
		if err := h(e.NewContext(httptest.NewRequest("GET", "/", nil), rec)); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			continue
		}
		for k, v := range want {
			if got := rec.Header().Values(k); len(got) != 1 || got[0] != v {
				t.Errorf("second response: %s = %q, want %q", k, got, v)
			}
		}
	}
}
