package api

import (
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tablewarden/table"
)

// A hand-over code is short enough to read aloud, so the server, not the
// code's length alone, slows guessing: an address (an IPv6 address by its
// /64) that has failed claimFailures claims within claimWindow gets 429,
// held Limits.RefusalDelay, for every further wrong code until the window
// has passed. A right code is always claimed: it is looked up first, and
// the host's fresh code for a phone at a venue must not depend on what
// other phones behind the venue's address guessed. A code has 46.4 bits
// and lives ten minutes (table/handover.go).
const (
	claimFailures = 10
	claimWindow   = 10 * time.Minute
)

// claimLimit counts failed hand-over claims per client address.
type claimLimit struct {
	mu    sync.Mutex
	now   func() time.Time
	fails map[string][]time.Time
	swept time.Time
}

func newClaimLimit(now func() time.Time) *claimLimit {
	return &claimLimit{now: now, fails: map[string][]time.Time{}}
}

// claimKey is the address a claim counts against: an IPv6 address by its
// /64, which one host usually holds whole.
func claimKey(ip string) string {
	p := net.ParseIP(ip)
	if p == nil || p.To4() != nil {
		return ip
	}
	return p.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// recent returns addr's failures within the window, dropping older ones.
// The caller holds l.mu.
func (l *claimLimit) recent(addr string, now time.Time) []time.Time {
	list := l.fails[addr]
	i := 0
	for i < len(list) && now.Sub(list[i]) >= claimWindow {
		i++
	}
	list = list[i:]
	if len(list) == 0 {
		delete(l.fails, addr)
	} else {
		l.fails[addr] = list
	}
	return list
}

// blocked reports whether addr has used up its failed claims, and for how
// long it stays blocked.
func (l *claimLimit) blocked(addr string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > claimWindow {
		for k := range l.fails {
			l.recent(k, now)
		}
		l.swept = now
	}
	list := l.recent(addr, now)
	if len(list) < claimFailures {
		return false, 0
	}
	return true, claimWindow - now.Sub(list[0])
}

// fail records a failed claim from addr.
func (l *claimLimit) fail(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.fails[addr] = append(l.recent(addr, now), now)
}

// failedClaim records a claim whose code was wrong (err) and returns err,
// or 429 when the address has failed too often already.
func (s *Server) failedClaim(c echo.Context, err error) error {
	key := claimKey(c.RealIP())
	blocked, wait := s.claims.blocked(key)
	if !blocked {
		s.claims.fail(key)
		return err
	}
	s.slowRefusal(c)
	secs := int(wait/time.Second) + 1
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return table.Refusef(table.ReasonTooManyWrongCodes, "Too many wrong hand-over codes from this address; wait %d minutes and try again.", (secs+59)/60)
}
