// Package api is tablewarden's HTTP server: JSON under /api, the SSE
// streams, the embedded web pages and the Kraken continuation pages. Its
// handlers bind the request, call table.Service and render; they hold no SQL
// and no rules.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"tablewarden/table"
)

// Config is the server's configuration.
type Config struct {
	// PublicURL is the base URL phones reach (join links and QR codes),
	// without a trailing slash.
	PublicURL string
	// LoopbackOnly says that the server listens on a loopback address
	// and PublicURL was not chosen by the operator: phones cannot reach
	// the join link, and the home and host pages say so.
	LoopbackOnly bool
	// JoinsPerMinute and JoinBurst rate-limit failed join-code lookups
	// (a code no table has: a guess, or a typo) per client address; a
	// lookup or join that finds its table is limited by the table
	// (Limits.JoinsPerSeat). JoinBurst defaults to JoinsPerMinute.
	// JoinsPerMinute <= 0 disables the limit (load tests).
	JoinsPerMinute float64
	JoinBurst      int
	// Heartbeat is how often a live stream sends its heartbeat event;
	// 0 = 3 s.
	Heartbeat time.Duration
	// TrustProxy makes the server take the client address from
	// X-Forwarded-For set by a proxy on loopback; off by default, so the
	// header cannot be spoofed to dodge the join limit.
	TrustProxy bool
	// BodyLimit caps request bodies, e.g. "256K".
	BodyLimit string
	// Logger receives structured logs.
	Logger *slog.Logger
	// Now is the clock (tests may replace it).
	Now func() time.Time
	// Limits are the caps against a hostile client (limits.go); the zero
	// value has none.
	Limits Limits
	// Retention deletes idle lobby tables and old ended tables
	// (retention.go); the zero value keeps everything.
	Retention Retention
	// MetricsElsewhere takes /metrics off the main listener (404 there):
	// the operator serves MetricsHandler on an address of its own, such as
	// loopback alone (-metrics-addr).
	MetricsElsewhere bool
}

// Server is the HTTP server over a table.Service.
type Server struct {
	cfg       Config
	echo      *echo.Echo
	svc       *table.Service
	log       *slog.Logger
	metrics   *metrics
	limiter   *rateLimiter // failed join-code lookups, per address
	heartbeat []byte       // the streams' heartbeat event (stream.go)
	claims    *claimLimit  // failed hand-over claims per address (claimlimit.go)
	lengths   bodyLengths  // the longest body per table, version and route (samelength.go)
	games     *encoded     // GET /api/games, compressed once (compress.go)
	closing   chan struct{}
	streams   sync.WaitGroup // the SSE streams' goroutines (stream.go)
	streamMu  sync.Mutex     // orders addStream and Shutdown
	once      sync.Once
	hardening // Limits, database watch, retention (hardening.go)
	// stopBackground stops what Share started (PostgreSQL only).
	stopBackground context.CancelFunc
}

// New builds a server over a table service, which main builds over the
// store (table.Config: give it the same PublicURL, Now and
// Limits.MaxLoadedTables). It
// schedules the timers stored as running; tables load lazily on first
// touch.
func New(ctx context.Context, svc *table.Service, cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.BodyLimit == "" {
		cfg.BodyLimit = "256K"
	}
	if cfg.JoinBurst <= 0 {
		cfg.JoinBurst = max(int(cfg.JoinsPerMinute), 1)
	}
	s := &Server{cfg: cfg, svc: svc, log: cfg.Logger, metrics: newMetrics(svc), closing: make(chan struct{})}
	svc.ObserveFanout(s.metrics.observeFanout) // the fan-out histogram (metrics.go)
	s.metrics.registerService(s.svc)
	s.limiter = newRateLimiter(cfg.JoinsPerMinute, cfg.JoinBurst, cfg.Now)
	s.heartbeat = heartbeatEvent(s.heartbeatEvery())
	s.claims = newClaimLimit(cfg.Now)
	s.lengths.m = map[string]bodyLength{}
	s.games = gamesCatalog(svc)
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.httpErrorHandler
	if cfg.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader(echo.TrustLoopback(true), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false))
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	// The http.Server is set up here, not in Serve, so that Shutdown never
	// races with Serve over it.
	e.Server.Handler = e
	e.Server.ReadHeaderTimeout = 10 * time.Second
	e.Server.IdleTimeout = 120 * time.Second
	s.echo = e
	s.harden() // hardening.go
	s.routes()
	n, err := s.svc.ResumeTimers(ctx)
	if err != nil {
		return nil, err
	}
	if n > 0 {
		s.log.Info("timers resumed", "count", n)
	}
	var bg context.Context
	bg, s.stopBackground = context.WithCancel(context.Background())
	s.svc.Share(bg) // PostgreSQL: other instances share the database (table/multi.go)
	return s, nil
}

// Handler returns the HTTP handler.
func (s *Server) Handler() http.Handler { return s.echo }

// MetricsHandler serves the Prometheus metrics, for a listener of their
// own (Config.MetricsElsewhere).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

// Service returns the table service (for tests and tools).
func (s *Server) Service() *table.Service { return s.svc }

// Serve serves on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	err := s.echo.Server.Serve(s.limitListener(l)) // Connection caps
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown closes the SSE streams, lets in-flight requests (moves waiting
// for their commit among them) finish, and stops the timers. It does not
// close the store.
func (s *Server) Shutdown(ctx context.Context) error {
	s.streamMu.Lock()
	s.once.Do(func() { close(s.closing) })
	s.streamMu.Unlock()
	s.stopBackground()
	s.svc.StopTimers()
	s.stopHardening() // The database watch and the retention job
	err := s.echo.Shutdown(ctx)
	// The streams' connections are no longer net/http's: wait for their
	// goroutines, which close them on s.closing.
	done := make(chan struct{})
	go func() { s.streams.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		if err == nil {
			err = ctx.Err()
		}
	}
	return err
}

// routes registers every route. The OpenAPI test checks this list against
// api/openapi.json.
func (s *Server) routes() {
	e := s.echo
	e.Pre(closeAfterChunked) // a chunked request closes its connection (smuggling.go)
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{Generator: table.NewTableID}))
	e.Use(middleware.Recover())
	e.Use(s.accessLog)
	e.Use(securityHeaders)
	e.Use(s.admitReserve) // The reserve connections serve only /healthz and moves
	e.Use(s.proveConn)    // an answered connection leaves its address's cap (connlimit.go)

	e.GET("/healthz", s.handleHealth)
	e.GET("/metrics", s.handleMetrics)

	a := e.Group("/api", middleware.BodyLimit(s.cfg.BodyLimit), utf8Only)
	a.GET("/openapi.json", s.handleOpenAPI)
	a.GET("/games", s.handleGames)
	// noStore: an answer that carries a token; viewer: an answer that
	// depends on the credential asking, never stored and padded to one
	// length for every viewer (samelength.go).
	viewer := s.viewerBody
	a.POST("/tables", s.handleTableCreate, noStore)
	a.GET("/join/:code", s.handleJoinLookup)
	a.POST("/join", s.handleJoin, noStore)
	a.GET("/tables/:id/qr.png", s.handleTableQR)
	a.POST("/tables/:id/start", s.handleTableStart, viewer)
	a.POST("/tables/:id/session", s.handleSession, viewer)
	a.GET("/tables/:id/view", s.handleViewGet, viewer)
	a.POST("/tables/:id/moves", s.handleMovePost, viewer)
	a.POST("/tables/:id/undo", s.handleUndoPost, viewer)
	a.DELETE("/tables/:id/seats/:seat", s.handleSeatDelete, viewer)
	a.DELETE("/tables/:id/seats/:seat/device", s.handleSeatDeviceDelete, viewer)
	a.POST("/tables/:id/seats/:seat/handover", s.handleSeatHandover, viewer)
	a.DELETE("/tables/:id/seats/:seat/handover", s.handleSeatHandoverCancel, viewer)
	a.POST("/handover/:code", s.handleHandoverClaim, noStore)
	a.POST("/tables/:id/rematch", s.handleRematch, viewer)
	a.POST("/tables/:id/rematch/claim", s.handleRematchClaim, viewer)
	a.POST("/tables/:id/join-code", s.handleJoinCodeRotate, viewer) // access.go
	a.POST("/tables/:id/lock", s.handleLockPost, viewer)            // access.go
	a.GET("/tables/:id/log", s.handleLogGet, viewer)
	a.GET("/tables/:id/result", s.handleResultGet, viewer)
	a.GET("/tables/:id/stream", s.handleStream)
	s.benchRoutes(a) // the load tool's routes: bench build only (benchroutes.go)

	s.webRoutes()
}

// Routes lists the registered routes as "METHOD path" with Echo's :param
// syntax (for the OpenAPI test).
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.echo.Routes() {
		if r.Method == echo.RouteNotFound || r.Name == "echo_route_not_found" {
			continue
		}
		out = append(out, r.Method+" "+r.Path)
	}
	return out
}
