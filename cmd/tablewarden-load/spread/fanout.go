package spread

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"sync"
	"time"
)

// Fanout measures how long a move acknowledged by one instance takes to
// reach a phone on each instance: it keeps one host stream per instance
// on every table it watches (the host sees every version), and matches
// each acknowledged move (Ack, from Proxy.OnMove) with the first view of
// that version or newer on each instance's stream. A view that arrived
// before the acknowledgement counts as 0.
type Fanout struct {
	backends []string
	client   *http.Client
	ctx      context.Context
	mu       sync.Mutex
	acks     []ack
	seen     map[string][][]arrival // table → backend → views in order
}

type ack struct {
	table   string
	version int64
	backend int
	at      time.Time
}

type arrival struct {
	version int64
	at      time.Time
}

// NewFanout returns a probe over the instances; its streams end with ctx.
func NewFanout(ctx context.Context, backends []string) *Fanout {
	return &Fanout{backends: backends, client: &http.Client{}, ctx: ctx, seen: map[string][][]arrival{}}
}

// Watch opens the host's stream of a table on every instance.
func (f *Fanout) Watch(tableID, hostToken string) {
	f.mu.Lock()
	if _, ok := f.seen[tableID]; ok {
		f.mu.Unlock()
		return
	}
	f.seen[tableID] = make([][]arrival, len(f.backends))
	f.mu.Unlock()
	for i, b := range f.backends {
		go f.stream(tableID, hostToken, i, b)
	}
}

func (f *Fanout) stream(tableID, token string, i int, base string) {
	for f.ctx.Err() == nil {
		req, err := http.NewRequestWithContext(f.ctx, "GET", base+"/api/tables/"+tableID+"/stream", nil)
		if err != nil {
			return
		}
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := f.client.Do(req)
		if err != nil || res.StatusCode != 200 {
			if res != nil {
				res.Body.Close()
			}
			select {
			case <-f.ctx.Done():
				return
			case <-time.After(200 * time.Millisecond):
			}
			continue
		}
		br := bufio.NewReaderSize(res.Body, 1<<20)
		for {
			line, err := br.ReadBytes('\n')
			if err != nil {
				break
			}
			data, ok := bytes.CutPrefix(line, []byte("data: "))
			if !ok {
				continue
			}
			var v struct {
				Version int64 `json:"version"`
			}
			if json.Unmarshal(data, &v) == nil && v.Version > 0 {
				at := time.Now()
				f.mu.Lock()
				f.seen[tableID][i] = append(f.seen[tableID][i], arrival{v.Version, at})
				f.mu.Unlock()
			}
		}
		res.Body.Close()
	}
}

// Ack records a move acknowledged by instance backend at at.
func (f *Fanout) Ack(tableID string, version int64, backend int, at time.Time) {
	f.mu.Lock()
	f.acks = append(f.acks, ack{tableID, version, backend, at})
	f.mu.Unlock()
}

// Latencies is one fan-out distribution.
type Latencies struct {
	N        int
	P50, P99 time.Duration
	Max      time.Duration
}

func summarize(d []time.Duration) Latencies {
	if len(d) == 0 {
		return Latencies{}
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	at := func(q float64) time.Duration { return d[int(q*float64(len(d)-1))] }
	return Latencies{N: len(d), P50: at(0.5), P99: at(0.99), Max: d[len(d)-1]}
}

// Summary returns the fan-out from an acknowledgement to the host's view
// on another instance (cross) and on the instance that acknowledged it
// (same), for the acknowledgements after since; missed counts those
// whose view never came on some instance.
func (f *Fanout) Summary(since time.Time) (cross, same Latencies, missed int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var cd, sd []time.Duration
	for _, a := range f.acks {
		if a.at.Before(since) {
			continue
		}
		per, ok := f.seen[a.table]
		if !ok {
			continue
		}
		for i, arr := range per {
			k := sort.Search(len(arr), func(k int) bool { return arr[k].version >= a.version })
			if k == len(arr) {
				missed++
				continue
			}
			d := max(arr[k].at.Sub(a.at), 0)
			if i == a.backend {
				sd = append(sd, d)
			} else {
				cd = append(cd, d)
			}
		}
	}
	return summarize(cd), summarize(sd), missed
}
