package api

import (
	"context"
	"net"
	"sync"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// hardening is the Server's state for the connection and stream
// caps, the table-creation limiter, the database-file watch and the
// retention job.
type hardening struct {
	conns   *connLimiter
	gate    *streamGate
	creates *rateLimiter
	joins   *rateLimiter // per table, sized by its seats (allowTableJoin)
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
	s.joins = newRateLimiter(float64(l.JoinsPerSeat), l.JoinsPerSeat, s.cfg.Now)
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
		return &table.Error{Code: table.CodeUnavailable, Reason: table.ReasonStorageUnavailable, Message: "The database file is gone or damaged; the server refuses writes. Restore a backup and restart.", Err: err}
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
		return table.Refusef(table.ReasonTooManyTables, "Too many tables created from this address; wait a minute and try again.")
	}
	return nil
}

// checkOptionsSize refuses table options over the cap with a 413.
func (s *Server) checkOptionsSize(options []byte) error {
	if n := s.cfg.Limits.MaxOptionsBytes; n > 0 && len(options) > n {
		return table.Refusef(table.ReasonTooLarge, "The table options are %d bytes; the limit is %d bytes (%d KiB), which holds the longest game data of every game.", len(options), n, n>>10)
	}
	return nil
}

// Join codes: a lookup (GET /api/join/{code}, a join, a hand-over claim)
// is looked up first. A code that finds its table (or its seat) is never
// refused for its address: a café's phones share one, and a hostile
// phone among them must not lock the others out. A join with it is
// limited by its table (allowTableJoin). A miss (a code no table has, a
// join whose body is bad or never arrives) takes LookupFailCost from its
// address's allowance of misses (Config.JoinsPerMinute); an address out of
// misses is answered 429 for each further miss, held RefusalDelay, so a
// guesser runs out of tries and is answered slowly after that.

// missedLookup counts a lookup that found nothing (err) against the
// client's address and returns err, or 429 when the address is out of
// misses. A lookup that found its code is not counted.
func (s *Server) missedLookup(c echo.Context, err error) error {
	ip := c.RealIP()
	if !s.limiter.allow(ip) {
		s.slowRefusal(c)
		c.Response().Header().Set("Retry-After", retryAfter)
		return table.Refusef(table.ReasonTooManyWrongCodes, "Too many wrong codes from this address; wait a minute and try again.")
	}
	if n := s.cfg.Limits.LookupFailCost - 1; n > 0 {
		s.limiter.charge(ip, float64(n))
	}
	return err
}

// missedCode is missedLookup for a lookup's error when it says that no
// table has the code; any other error is returned as it is.
func (s *Server) missedCode(c echo.Context, err error) error {
	if toError(err).Code == table.CodeNotFound {
		return s.missedLookup(c, err)
	}
	return err
}

// allowTableJoin limits the joins with a valid code by their table: as
// many at once as JoinsPerSeat × its seats, then its seats' number a
// minute. A table fills in one go; a client that knows the code cannot
// churn it.
func (s *Server) allowTableJoin(c echo.Context, tableID string) error {
	per := s.cfg.Limits.JoinsPerSeat
	if per <= 0 {
		return nil
	}
	seats, err := s.svc.SeatCount(c.Request().Context(), tableID)
	if err != nil {
		return err
	}
	if !s.joins.allowSized(tableID, float64(seats), float64(per*seats)) {
		s.slowRefusal(c)
		c.Response().Header().Set("Retry-After", retryAfter)
		return table.Refusef(table.ReasonTooManyJoins, "This table has had many joins in the last minute; wait a minute and try again.")
	}
	return nil
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
