// Package spread is the load tool's balancer for several tablewarden
// instances on one PostgreSQL database: an HTTP proxy that
// gives each phone (each bearer token, on first sight) one instance, round
// robin, so the phones of a table are spread across the instances, and
// sends requests without a token round robin. When an instance refuses
// connections (it was killed) the request goes to the next one, as a
// balancer's health check would; a request that reached an instance is
// never sent twice. It records each acknowledged move (table, version,
// instance) and each created table, for the cross-instance fan-out probe
// (fanout.go).
package spread

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Proxy spreads requests over Backends. Its zero value is not usable: use
// New.
type Proxy struct {
	// Backends are the instances' base URLs (http://host:port).
	Backends []string
	// OnMove, when set, gets every 2xx move answer, after it was sent on.
	OnMove func(tableID string, version int64, backend int, at time.Time)
	// OnCreate, when set, gets every created table and its host token.
	OnCreate func(tableID, hostToken string)

	client *http.Client
	mu     sync.Mutex
	assign map[string]int
	next   int
	down   []time.Time // backend i refused a connection until then
	// Served counts the requests each backend answered.
	Served []atomic.Int64
}

// New returns a proxy over the backends.
func New(backends []string) *Proxy {
	tr := &http.Transport{MaxIdleConns: 4096, MaxIdleConnsPerHost: 4096, IdleConnTimeout: 90 * time.Second,
		DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext, DisableCompression: true}
	return &Proxy{Backends: backends, client: &http.Client{Transport: tr}, assign: map[string]int{},
		down: make([]time.Time, len(backends)), Served: make([]atomic.Int64, len(backends))}
}

// pick returns the order in which to try the backends for a token.
func (p *Proxy) pick(token string) []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.Backends)
	first, ok := p.assign[token]
	if !ok || token == "" {
		first = p.next % n
		p.next++
		if token != "" {
			p.assign[token] = first
		}
	}
	now := time.Now()
	var up, downs []int
	for k := range n {
		i := (first + k) % n
		if now.Before(p.down[i]) {
			downs = append(downs, i)
		} else {
			up = append(up, i)
		}
	}
	return append(up, downs...)
}

func (p *Proxy) markDown(i int) {
	p.mu.Lock()
	p.down[i] = time.Now().Add(500 * time.Millisecond)
	p.mu.Unlock()
}

// hopHeaders are not forwarded.
var hopHeaders = map[string]bool{"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Te": true,
	"Trailer": true, "Transfer-Encoding": true, "Upgrade": true}

// ServeHTTP forwards r to the phone's instance and streams the answer
// back, flushing as it goes (server-sent events pass unbuffered).
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "proxy: read body", http.StatusBadRequest)
		return
	}
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	var res *http.Response
	backend := -1
	for _, i := range p.pick(token) {
		out, err := http.NewRequestWithContext(r.Context(), r.Method, p.Backends[i]+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, "proxy: "+err.Error(), http.StatusBadGateway)
			return
		}
		for k, v := range r.Header {
			if !hopHeaders[k] {
				out.Header[k] = v
			}
		}
		res, err = p.client.Do(out)
		if err == nil {
			backend = i
			break
		}
		if !refused(err) {
			// The request may have reached the instance: never resend.
			http.Error(w, "proxy: "+err.Error(), http.StatusBadGateway)
			return
		}
		p.markDown(i)
	}
	if backend < 0 {
		http.Error(w, "proxy: no instance answers", http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	p.Served[backend].Add(1)
	for k, v := range res.Header {
		if !hopHeaders[k] {
			w.Header()[k] = v
		}
	}
	w.WriteHeader(res.StatusCode)
	tableID, isMove := movePath(r)
	isCreate := r.Method == "POST" && r.URL.Path == "/api/tables" && res.StatusCode == 201
	if (isMove && res.StatusCode/100 == 2) || isCreate {
		b, _ := io.ReadAll(res.Body)
		w.Write(b)
		at := time.Now()
		switch {
		case isMove && p.OnMove != nil:
			var m struct {
				Version int64 `json:"version"`
			}
			if json.Unmarshal(b, &m) == nil {
				p.OnMove(tableID, m.Version, backend, at)
			}
		case isCreate && p.OnCreate != nil:
			var c struct {
				TableID   string `json:"table_id"`
				HostToken string `json:"host_token"`
			}
			if json.Unmarshal(b, &c) == nil {
				p.OnCreate(c.TableID, c.HostToken)
			}
		}
		return
	}
	fl, _ := w.(http.Flusher)
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			if fl != nil {
				fl.Flush()
			}
		}
		if err != nil {
			return
		}
	}
}

// movePath returns the table of a POST /api/tables/{id}/moves.
func movePath(r *http.Request) (string, bool) {
	if r.Method != "POST" {
		return "", false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/tables/")
	if !ok {
		return "", false
	}
	id, ok := strings.CutSuffix(rest, "/moves")
	return id, ok && id != "" && !strings.Contains(id, "/")
}

// refused reports whether err is a connection the instance refused (it is
// not listening), so that the request was never sent.
func refused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED)
}
