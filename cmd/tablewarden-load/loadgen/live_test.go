package loadgen

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestLive: the live figure is the heap after the collection the tool asks
// for, plus stacks, and it is asked for before /metrics is read; a server
// without the bench route gives 0, not a figure.
func TestLive(t *testing.T) {
	t.Parallel() // its own test servers
	collected := false
	mux := http.NewServeMux()
	mux.HandleFunc("/api/debug/pprof/heap", func(w http.ResponseWriter, r *http.Request) {
		collected = r.URL.Query().Get("gc") == "1"
	})
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		heap := "9.9e+07"
		if collected {
			heap = "3.0e+06"
		}
		w.Write([]byte("# TYPE go_memstats_heap_alloc_bytes gauge\ngo_memstats_heap_alloc_bytes " + heap +
			"\ngo_memstats_stack_inuse_bytes 1.048576e+06\ngo_memstats_heap_inuse_bytes 5e+06\n"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	r := newRunner(Config{BaseURL: srv.URL}, Probe{})
	defer r.close()
	if got, want := r.live(), int64(3_000_000+1_048_576); got != want {
		t.Fatalf("live() = %d, want %d", got, want)
	}

	bare := httptest.NewServer(http.NotFoundHandler())
	defer bare.Close()
	r2 := newRunner(Config{BaseURL: bare.URL}, Probe{})
	defer r2.close()
	if got := r2.live(); got != 0 {
		t.Fatalf("live() without bench routes = %d, want 0", got)
	}
}
