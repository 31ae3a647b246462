package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoopbackWarning runs the server in process as a host would start it
// on loopback (-addr 127.0.0.1:…): with no -public-url, the start-up text
// warns that phones cannot reach the join link, names the address it
// listens on and the two ways out (-addr 0.0.0.0:<port>, -public-url), and
// the host's and home pages carry the note (data-reach); with -public-url
// (a proxy or tunnel in front) there is no warning and no note.
func TestLoopbackWarning(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, args ...string) (*Main, string) {
		cfg, err := parseConfig(append([]string{"-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "tw.db"), "-log-level", "error"}, args...), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		m := &Main{Config: cfg, Out: &out}
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		return m, out.String()
	}
	t.Run("NoPublicURL", func(t *testing.T) {
		t.Parallel()
		m, out := run(t)
		addr := m.listener.Addr().String()
		_, port, _ := strings.Cut(addr, ":")
		for _, want := range []string{"WARNING", "listens on " + addr, "phones cannot open the join link " + m.URL + "/j/", "-addr 0.0.0.0:" + port, "-public-url"} {
			if !strings.Contains(out, want) {
				t.Errorf("the start-up text lacks %q:\n%s", want, out)
			}
		}
		for _, p := range []string{"/h/x", "/"} {
			if _, body := get(t, "http://"+addr+p); !strings.Contains(body, `data-reach="loopback"`) {
				t.Errorf("%s carries no loopback note (data-reach)", p)
			}
		}
		t.Logf("start-up text:\n%s", out)
	})
	t.Run("PublicURL", func(t *testing.T) {
		t.Parallel()
		m, out := run(t, "-public-url", "https://tables.example.org")
		if strings.Contains(out, "WARNING") || strings.Contains(out, "0.0.0.0") {
			t.Errorf("with -public-url the start-up text still warns:\n%s", out)
		}
		if _, body := get(t, "http://"+m.listener.Addr().String()+"/h/x"); strings.Contains(body, "data-reach") {
			t.Errorf("with -public-url the host page still carries the loopback note")
		}
	})
}
