package api

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"
)

// TestRefusedConnectionIsTheJSONError: a connection over the limits,
// refused before any request is read, gets the same JSON error as every
// refusal (code too_many_connections), not a bare text.
func TestRefusedConnectionIsTheJSONError(t *testing.T) {
	t.Parallel()
	server, client := net.Pipe()
	go refuseConn(server)
	res, err := http.ReadResponse(bufio.NewReader(client), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	client.Close()
	var e struct{ Error, Code, Message string }
	if err := json.Unmarshal(body, &e); err != nil || res.StatusCode != 429 || res.Header.Get("Content-Type") != "application/json" ||
		e.Error != "rate_limited" || e.Code != "too_many_connections" || e.Message == "" {
		t.Fatalf("refused connection = %d %q %s, want 429 and the JSON error with code too_many_connections", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
}
