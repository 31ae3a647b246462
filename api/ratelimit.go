package api

import (
	"sync"
	"time"
)

// rateLimiter is a token bucket per client address.
type rateLimiter struct {
	mu      sync.Mutex
	perSec  float64
	burst   float64
	now     func() time.Time
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute float64, burst int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perSec: perMinute / 60, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes one token for addr and reports whether one was there.
func (l *rateLimiter) allow(addr string) bool {
	if l.perSec <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.at).Seconds()*l.perSec > l.burst {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[addr]
	if !ok {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[addr] = b
	}
	b.tokens += now.Sub(b.at).Seconds() * l.perSec
	if b.tokens > l.burst {
		b.tokens = l.burst
	}
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// charge takes n more tokens from addr's bucket, down to -burst at most
// (issue 16: a failed join-code lookup costs more than a success).
func (l *rateLimiter) charge(addr string, n float64) {
	if l.perSec <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[addr]
	if !ok {
		b = &bucket{tokens: l.burst, at: l.now()}
		l.buckets[addr] = b
	}
	b.tokens -= n
	if b.tokens < -l.burst {
		b.tokens = -l.burst
	}
}
