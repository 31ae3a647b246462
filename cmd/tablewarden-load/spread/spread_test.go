package spread

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// backend answers which instance it is, and a move's version.
func backend(name string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/moves") {
			fmt.Fprintf(w, `{"seq":1,"version":7,"by":%q}`, name)
			return
		}
		io.WriteString(w, name)
	}))
}

func get(t *testing.T, url, token string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestTokenStaysOnItsInstance: each token keeps the instance it was first
// given, tokens alternate between the instances, and a move's answer is
// reported with the instance that gave it.
func TestTokenStaysOnItsInstance(t *testing.T) {
	t.Parallel() // its own test servers
	a, b := backend("a"), backend("b")
	defer a.Close()
	defer b.Close()
	p := New([]string{a.URL, b.URL})
	var moved []string
	p.OnMove = func(id string, v int64, i int, _ time.Time) { moved = append(moved, fmt.Sprintf("%s/%d/%d", id, v, i)) }
	front := httptest.NewServer(p)
	defer front.Close()
	first := map[string]string{}
	for round := range 3 {
		for _, tok := range []string{"t1", "t2", "t3", "t4"} {
			got := get(t, front.URL+"/api/x", tok)
			if round == 0 {
				first[tok] = got
			} else if got != first[tok] {
				t.Fatalf("token %s went to %s, then to %s", tok, first[tok], got)
			}
		}
	}
	if got, want := first["t1"]+first["t2"]+first["t3"]+first["t4"], "abab"; got != want {
		t.Fatalf("instances by token = %s, want %s", got, want)
	}
	res, err := http.Post(front.URL+"/api/tables/T9/moves", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if len(moved) != 1 || !strings.HasPrefix(moved[0], "T9/7/") {
		t.Fatalf("moves reported: %v, want T9 at version 7", moved)
	}
}

// TestDeadInstanceSkipped: requests for a token whose instance refuses
// connections go to the other instance.
func TestDeadInstanceSkipped(t *testing.T) {
	t.Parallel() // its own test servers
	a, b := backend("a"), backend("b")
	defer b.Close()
	p := New([]string{a.URL, b.URL})
	front := httptest.NewServer(p)
	defer front.Close()
	if got := get(t, front.URL+"/", "t1"); got != "a" {
		t.Fatalf("t1 on %s, want a", got)
	}
	a.Close()
	for range 3 {
		if got, want := get(t, front.URL+"/", "t1"), "b"; got != want {
			t.Fatalf("t1 with a down went to %q, want %q", got, want)
		}
	}
}
