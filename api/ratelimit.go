package api

import (
	"sync"
	"time"
)

// rateLimiter is a token bucket per key: a client address, or a table.
// Every bucket of one limiter refills at perSec up to burst, unless a call
// gives a bucket a size of its own (allowSized: a table's joins, sized by
// its seats).
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
	// perSec and burst are the bucket's own rate and size.
	perSec, burst float64
}

func newRateLimiter(perMinute float64, burst int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perSec: perMinute / 60, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes one token for key and reports whether one was there.
func (l *rateLimiter) allow(key string) bool {
	return l.allowSized(key, l.perSec*60, l.burst)
}

// allowSized is allow for a bucket that refills at perMinute up to burst.
func (l *rateLimiter) allowSized(key string, perMinute, burst float64) bool {
	if l.perSec <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.fillLocked(key, perMinute/60, burst)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// charge takes n tokens from key's bucket, down to -burst at most.
func (l *rateLimiter) charge(key string, n float64) {
	if l.perSec <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.fillLocked(key, l.perSec, l.burst)
	b.tokens -= n
	if b.tokens < -b.burst {
		b.tokens = -b.burst
	}
}

// fillLocked finds key's bucket (a new one is full), refills it for the
// time since it was last touched, and now and then forgets buckets that
// have refilled; l.mu is held.
func (l *rateLimiter) fillLocked(key string, perSec, burst float64) *bucket {
	now := l.now()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if b.tokens+now.Sub(b.at).Seconds()*b.perSec >= b.burst {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: burst, at: now}
		l.buckets[key] = b
	}
	b.perSec, b.burst = perSec, burst
	b.tokens += now.Sub(b.at).Seconds() * perSec
	if b.tokens > burst {
		b.tokens = burst
	}
	b.at = now
	return b
}
