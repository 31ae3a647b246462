package loadgen

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// CeilingConfig says how to measure a ceiling route: Concurrency clients,
// each sending one request at a time for Duration (or MaxRequests in all).
type CeilingConfig struct {
	BaseURL     string
	SourceIPs   []string
	Method      string // "GET" for /api/noop, "POST" for /api/noop/commit
	Path        string
	Concurrency int
	Duration    time.Duration
	MaxRequests int
}

// CeilingReport is what a ceiling run measured.
type CeilingReport struct {
	Name       string
	Requests   int64
	Elapsed    time.Duration
	PerSec     float64
	Latency    Summary
	Errors     map[string]int64
	ErrorTotal int64
}

// Ceiling measures a ceiling route with the same HTTP client settings as
// the workload (keep-alive, the same source addresses).
func Ceiling(ctx context.Context, cfg CeilingConfig) (CeilingReport, error) {
	if cfg.Concurrency <= 0 || (cfg.Duration <= 0 && cfg.MaxRequests <= 0) {
		return CeilingReport{}, fmt.Errorf("loadgen: a ceiling needs a Concurrency and a Duration or MaxRequests")
	}
	c := newClient(cfg.BaseURL, cfg.SourceIPs)
	defer c.close()
	if cfg.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Duration)
		defer cancel()
	}
	var (
		n    atomic.Int64
		lat  samples
		errs errorCounts
		wg   sync.WaitGroup
	)
	start := time.Now()
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 4096)
			defer func() {
				lat.mu.Lock()
				lat.d = append(lat.d, local...)
				lat.mu.Unlock()
			}()
			for ctx.Err() == nil {
				if cfg.MaxRequests > 0 && n.Add(1) > int64(cfg.MaxRequests) {
					return
				}
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(context.WithoutCancel(ctx), cfg.Method, c.base+cfg.Path, nil)
				resp, err := c.http.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode/100 != 2 {
						err = &httpError{Status: resp.StatusCode}
					}
				}
				if err != nil {
					if ctx.Err() == nil {
						errs.add(errorKind(err))
						sleep(ctx, 10*time.Millisecond)
					}
					continue
				}
				local = append(local, time.Since(t0))
			}
		}()
	}
	wg.Wait()
	rep := CeilingReport{Name: cfg.Method + " " + cfg.Path, Elapsed: time.Since(start), Latency: lat.summary(), Errors: errs.snapshot()}
	rep.Requests = int64(rep.Latency.N)
	rep.PerSec = float64(rep.Requests) / rep.Elapsed.Seconds()
	for _, v := range rep.Errors {
		rep.ErrorTotal += v
	}
	return rep, nil
}
