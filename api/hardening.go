package api

import (
	"context"
	"net"
	"sync"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// hardening is the Server's state for issue 16: the connection and stream
// caps, the table-creation limiter, the database-file watch and the
// retention job.
type hardening struct {
	conns   *connLimiter
	gate    *streamGate
	creates *rateLimiter
	bgStop  chan struct{}
	bg      sync.WaitGroup
	bgOnce  sync.Once
}

// dbWatchEvery is how often the server checks that its database file is
// still the one it opened.
const dbWatchEvery = 3 * time.Second

// harden applies cfg.Limits and cfg.Retention to a new server.
func (s *Server) harden() {
	l := s.cfg.Limits
	e := s.echo
	if l.ReadTimeout > 0 {
		e.Server.ReadTimeout = l.ReadTimeout
		if e.Server.ReadHeaderTimeout > l.ReadTimeout {
			e.Server.ReadHeaderTimeout = l.ReadTimeout
		}
	}
	if l.MaxHeaderBytes > 0 {
		e.Server.MaxHeaderBytes = l.MaxHeaderBytes
	}
	e.Server.ConnContext = connContext
	s.conns = newConnLimiter(l, s.cfg.TrustProxy)
	e.Server.ConnState = s.conns.track
	s.gate = newStreamGate(l)
	s.creates = newRateLimiter(l.CreatesPerMinute, max(l.CreateBurst, 1), s.cfg.Now)
	s.bgStop = make(chan struct{})
	s.bg.Add(1)
	go s.watchDB()
	if s.cfg.Retention.enabled() {
		s.bg.Add(1)
		go s.retentionLoop()
	}
}

// stopHardening stops the background jobs.
func (s *Server) stopHardening() {
	s.bgOnce.Do(func() { close(s.bgStop) })
	s.bg.Wait()
}

// limitListener wraps l with the connection caps.
func (s *Server) limitListener(l net.Listener) net.Listener {
	return &limitListener{Listener: l, lim: s.conns}
}

// watchDB checks the database file every dbWatchEvery; once it is gone,
// replaced or damaged, the store refuses writes (503) and /healthz fails.
func (s *Server) watchDB() {
	defer s.bg.Done()
	tick := time.NewTicker(dbWatchEvery)
	defer tick.Stop()
	logged := false
	for {
		select {
		case <-s.bgStop:
			return
		case <-tick.C:
			if err := s.svc.CheckStorage(); err != nil && !logged {
				s.log.Error("database file lost; refusing writes until restart", "err", err)
				logged = true
			}
		}
	}
}

// checkHealth is /healthz's check beyond a ping: the database file.
func (s *Server) checkHealth() error {
	if err := s.svc.CheckStorage(); err != nil {
		return &table.Error{Code: table.CodeUnavailable, Message: "The database file is gone or damaged; the server refuses writes. Restore a backup and restart.", Err: err}
	}
	return nil
}

// slowRefusal waits Limits.RefusalDelay (or until the client leaves)
// before a rate limit's 429 is sent.
func (s *Server) slowRefusal(c echo.Context) {
	d := s.cfg.Limits.RefusalDelay
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-c.Request().Context().Done():
	}
}

// allowCreate rate-limits table creation per client address.
func (s *Server) allowCreate(c echo.Context) error {
	if !s.creates.allow(c.RealIP()) {
		s.slowRefusal(c)
		c.Response().Header().Set("Retry-After", retryAfter)
		return table.Errorf(table.CodeRateLimited, "Too many tables created from this address; wait a minute and try again.")
	}
	return nil
}

// checkOptionsSize refuses table options over the cap with a 413.
func (s *Server) checkOptionsSize(options []byte) error {
	if n := s.cfg.Limits.MaxOptionsBytes; n > 0 && len(options) > n {
		return table.Errorf(table.CodeTooLarge, "The table options are %d bytes; the limit is %d bytes (%d KiB), which holds the longest game data of every game.", len(options), n, n>>10)
	}
	return nil
}

// allowLookup takes one join token from the address for a join-code
// lookup (GET /api/join/{code}); the lookups share the joins' limit.
func (s *Server) allowLookup(c echo.Context) error {
	if !s.limiter.allow(c.RealIP()) {
		s.slowRefusal(c)
		c.Response().Header().Set("Retry-After", retryAfter)
		return table.Errorf(table.CodeRateLimited, "Too many join attempts from this address; wait a minute and try again.")
	}
	return nil
}

// chargeFailedLookup takes the extra tokens a failed lookup costs, so
// guessing codes runs out of tries LookupFailCost times faster than
// joining does.
func (s *Server) chargeFailedLookup(c echo.Context, err error) error {
	if ae, ok := err.(*table.Error); ok && ae.Code == table.CodeNotFound && s.cfg.Limits.LookupFailCost > 1 {
		s.limiter.charge(c.RealIP(), float64(s.cfg.Limits.LookupFailCost-1))
	}
	return err
}

// background returns a context that ends when the server stops.
func (s *Server) background() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-s.bgStop:
		case <-ctx.Done():
		}
		cancel()
	}()
	return ctx, cancel
}
