package apitest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestOpenAPICheckBites shows that the harness check fails an exchange the
// document does not describe: real answers of the server pass, and the
// same answers with one undocumented field, with an undocumented status,
// on an undocumented route, or as a view event with an extra field fail.
func TestOpenAPICheckBites(t *testing.T) {
	ts := StartServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	_, games := ts.Call("GET", "/api/games", "", nil)
	_, view := ts.Call("GET", "/api/tables/"+tb.ID+"/view?as=board", "", nil)
	withField := func(body []byte) string {
		t.Helper()
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		obj := v
		if list, ok := v.([]any); ok {
			obj = list[0]
		}
		obj.(map[string]any)["surprise"] = 1
		out, _ := json.Marshal(v)
		return string(out)
	}
	// deepField puts an undocumented field on the game view's first seat,
	// under the View schema's oneOf.
	deepField := func(body []byte) string {
		t.Helper()
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatal(err)
		}
		v["view"].(map[string]any)["seats"].([]any)[0].(map[string]any)["surprise"] = 1
		out, _ := json.Marshal(v)
		return string(out)
	}
	viewPath := "/api/tables/" + tb.ID + "/view?as=board"
	streamPath := "/api/tables/" + tb.ID + "/stream?as=board"
	cases := []struct {
		name, path, ctype, body string
		status                  int
		ok                      bool
	}{
		{"real games list", "/api/games", "application/json", string(games), 200, true},
		{"real view", viewPath, "application/json", string(view), 200, true},
		{"real view event", streamPath, "text/event-stream", "event: view\ndata: " + string(view) + "\n\n", 200, true},
		{"games list with an undocumented field", "/api/games", "application/json", withField(games), 200, false},
		{"view with an undocumented field", viewPath, "application/json", withField(view), 200, false},
		{"view with an undocumented field on a seat", viewPath, "application/json", deepField(view), 200, false},
		{"view that is not JSON", viewPath, "application/json", string(view[:len(view)/2]), 200, false},
		{"view under an undocumented media type", viewPath, "application/json-seq", string(view), 200, false},
		{"undocumented status", "/api/games", "application/json", string(games), 418, false},
		{"undocumented route", "/api/nowhere", "application/json", "{}", 200, false},
		{"view event with an undocumented field", streamPath, "text/event-stream", "event: view\ndata: " + withField(view) + "\n\n", 200, false},
		{"patch event", streamPath, "text/event-stream", "event: patch\ndata: [{\"op\":\"test\",\"path\":\"/version\",\"value\":3},{\"op\":\"add\",\"path\":\"/log/-\",\"value\":{}}]   \n\n", 200, true},
		{"patch event with a move operation", streamPath, "text/event-stream", "event: patch\ndata: [{\"op\":\"move\",\"from\":\"/a\",\"path\":\"/b\"}]\n\n", 200, false},
		{"heartbeat event", streamPath, "text/event-stream", "event: heartbeat\ndata: {\"every_ms\":3000}\n\n", 200, true},
		{"heartbeat event without its period", streamPath, "text/event-stream", "event: heartbeat\ndata: {}\n\n", 200, false},
		{"revoked event", streamPath, "text/event-stream", "event: revoked\ndata: {\"reason\":\"handed_over\"}\n\n", 200, true},
		{"revoked event with an unknown reason", streamPath, "text/event-stream", "event: revoked\ndata: {\"reason\":\"bored\"}\n\n", 200, false},
		{"replaced event", streamPath, "text/event-stream", "retry: 60000\nevent: replaced\ndata: {}\n\n", 200, true},
		{"an event the document does not name", streamPath, "text/event-stream", "event: surprise\ndata: {}\n\n", 200, false},
		{"a view's data under the patch event's name", streamPath, "text/event-stream", "event: patch\ndata: " + string(view) + "\n\n", 200, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var msgs []string
			ct := &checkingTransport{
				base: roundTripFunc(func(*http.Request) (*http.Response, error) {
					return &http.Response{StatusCode: tc.status, Header: http.Header{"Content-Type": {tc.ctype}}, Body: io.NopCloser(strings.NewReader(tc.body))}, nil
				}),
				report: func(format string, args ...any) { msgs = append(msgs, fmt.Sprintf(format, args...)) },
			}
			req, _ := http.NewRequest("GET", ts.URL+tc.path, nil)
			res, err := ct.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, bufio.NewReader(res.Body))
			res.Body.Close()
			if got, want := len(msgs) == 0, tc.ok; got != want {
				t.Errorf("check passed = %v, want %v; reports: %q", got, want, msgs)
			}
		})
	}
}

// roundTripFunc is a canned transport for TestOpenAPICheckBites.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
