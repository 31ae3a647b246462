package api

import (
	"container/list"
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"tablewarden/table"
	"time"

	"github.com/labstack/echo/v4"
)

// connLimiter counts the open connections, in all and per client address,
// and caps per address only those that have not yet been answered a
// request below 400 (a café's phones share one address; a silent or slow
// connection is never answered). It sorts each new one: normal, reserve (admitted only for /healthz and
// moves on loaded tables), or refused. At the cap, a new connection takes
// the place of a connection that is idle or has sent nothing yet (net/http's
// StateNew and StateIdle), so that connections opened and left silent
// cannot fill the server. The one closed is the oldest idle connection of
// the address that holds the most connections: the flooder loses its own
// first, and a phone's one keep-alive connection stays. Only when every
// connection is busy is the new one refused.
type connLimiter struct {
	max, reserveFrom, perAddr int

	mu      sync.Mutex
	total   int
	byAddr  map[string]int        // open connections, per address
	fresh   map[string]int        // of those, not yet answered below 400 (the per-address cap)
	idle    map[string]*list.List // per address, of *limitedConn in StateNew or StateIdle, oldest first
	refused atomic.Int64
	dropped atomic.Int64
}

// connClass is how a connection was admitted.
type connClass int

const (
	connNormal connClass = iota
	connReserve
	connRefused
)

func newConnLimiter(l Limits, trustProxy bool) *connLimiter {
	c := &connLimiter{max: l.MaxConns, reserveFrom: l.MaxConns - l.ReserveConns, perAddr: l.ConnsPerAddr, byAddr: map[string]int{}, fresh: map[string]int{}, idle: map[string]*list.List{}}
	if trustProxy {
		c.perAddr = 0 // every peer is the proxy
	}
	return c
}

// admit counts a new connection from addr, unless it is refused. At the
// cap it returns an idle connection for the caller to close in its place.
func (c *connLimiter) admit(addr string) (connClass, *limitedConn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.perAddr > 0 && c.fresh[addr] >= c.perAddr {
		c.refused.Add(1)
		return connRefused, nil
	}
	var victim *limitedConn
	if c.max > 0 && c.total >= c.max {
		victim = c.idlest()
		if victim == nil {
			c.refused.Add(1)
			return connRefused, nil
		}
		c.unlistLocked(victim)
		c.dropped.Add(1)
	}
	c.total++
	c.byAddr[addr]++
	c.fresh[addr]++
	if c.max > 0 && c.total > c.reserveFrom {
		return connReserve, victim
	}
	return connNormal, victim
}

// track is the http.Server's ConnState: it keeps the list of idle and
// silent connections that admit may close.
func (c *connLimiter) track(nc net.Conn, st http.ConnState) {
	lc := asLimited(nc)
	if lc == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unlistLocked(lc)
	if (st == http.StateNew || st == http.StateIdle) && !lc.closed {
		l := c.idle[lc.addr]
		if l == nil {
			l = list.New()
			c.idle[lc.addr] = l
		}
		lc.elem = l.PushBack(lc)
	}
}

// unlistLocked takes lc off the idle lists; c.mu is held.
func (c *connLimiter) unlistLocked(lc *limitedConn) {
	if lc.elem == nil {
		return
	}
	l := c.idle[lc.addr]
	l.Remove(lc.elem)
	lc.elem = nil
	if l.Len() == 0 {
		delete(c.idle, lc.addr)
	}
}

// idlest is the oldest idle connection of the address with the most open
// connections among those with an idle one; c.mu is held.
func (c *connLimiter) idlest() *limitedConn {
	best, most := "", -1
	for addr := range c.idle {
		if n := c.byAddr[addr]; n > most {
			best, most = addr, n
		}
	}
	if most < 0 {
		return nil
	}
	return c.idle[best].Front().Value.(*limitedConn)
}

func (c *connLimiter) release(lc *limitedConn) {
	addr := lc.addr
	c.mu.Lock()
	lc.closed = true
	c.unlistLocked(lc)
	c.total--
	if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
		delete(c.byAddr, addr)
	}
	if !lc.proven {
		c.unfreshLocked(addr)
	}
	c.mu.Unlock()
}

// prove takes lc out of its address's count of fresh connections: it has
// been answered a request below 400.
func (c *connLimiter) prove(lc *limitedConn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if lc.proven || lc.closed {
		return
	}
	lc.proven = true
	c.unfreshLocked(lc.addr)
}

// unfreshLocked counts one fresh connection of addr less; c.mu is held.
func (c *connLimiter) unfreshLocked(addr string) {
	if c.fresh[addr]--; c.fresh[addr] <= 0 {
		delete(c.fresh, addr)
	}
}

// open is the number of open connections.
func (c *connLimiter) open() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// limitListener applies a connLimiter at Accept. A refused connection gets
// a 429 with Retry-After and is closed, so a client over the limit is told
// at once and never stalls in the backlog.
type limitListener struct {
	net.Listener
	lim *connLimiter
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := hostOf(conn.RemoteAddr())
		class, victim := l.lim.admit(addr)
		if victim != nil {
			victim.Close()
		}
		if class == connRefused {
			go refuseConn(conn)
			continue
		}
		return &limitedConn{Conn: conn, lim: l.lim, addr: addr, class: class}, nil
	}
}

// refusedConnBody is the answer to a connection over the limits: the one
// JSON error of every refusal, without a request id (it is refused before
// any request is read).
var refusedConnBody = func() string {
	b, err := json.Marshal(errorBody{Error: table.CodeRateLimited, Message: "Too many open connections from this address; wait a moment.",
		RuleCode: string(table.ReasonTooManyConnections)})
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}()

// refuseConn answers a connection over the limits with a 429 and closes
// it.
func refuseConn(conn net.Conn) {
	conn.SetDeadline(time.Now().Add(time.Second))
	conn.Write([]byte("HTTP/1.1 429 Too Many Requests\r\nRetry-After: " + retryAfter +
		"\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(refusedConnBody)) + "\r\nConnection: close\r\n\r\n" + refusedConnBody))
	conn.Close()
}

// limitedConn releases its slot when closed.
type limitedConn struct {
	net.Conn
	lim   *connLimiter
	addr  string
	class connClass
	once  sync.Once
	// elem, closed and proven are guarded by lim.mu.
	elem   *list.Element
	closed bool
	proven bool // answered a request below 400: out of the per-address cap
}

func (c *limitedConn) Close() error {
	c.once.Do(func() { c.lim.release(c) })
	return c.Conn.Close()
}

func hostOf(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	s := a.String()
	if h, _, err := net.SplitHostPort(s); err == nil {
		return h
	}
	return s
}

type connKey struct{}

// connContext is the http.Server's ConnContext: it lets a request find the
// class its connection was admitted with.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if lc := asLimited(c); lc != nil {
		return context.WithValue(ctx, connKey{}, lc)
	}
	return ctx
}

// asLimited finds the limitedConn under c (under TLS, net/http sees the
// *tls.Conn that wraps it), or nil.
func asLimited(c net.Conn) *limitedConn {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	lc, _ := c.(*limitedConn)
	return lc
}

// admitReserve is middleware: a request on a reserve connection is served
// only if it is /healthz or a move on a table already in memory; anything
// else gets a 429 with Retry-After and the connection is closed after it.
func (s *Server) admitReserve(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		lc, _ := c.Request().Context().Value(connKey{}).(*limitedConn)
		if lc == nil || lc.class != connReserve {
			return next(c)
		}
		r := c.Request()
		move := r.Method == http.MethodPost && strings.HasSuffix(c.Path(), "/moves") && s.svc.IsLoaded(c.Param("id"))
		if c.Path() == "/healthz" || move {
			return next(c)
		}
		c.Response().Header().Set("Connection", "close")
		c.Response().Header().Set("Retry-After", retryAfter)
		return table.Refusef(table.ReasonServerBusy, "The server is busy; try again in a few seconds.")
	}
}

// proveConn is middleware: a request answered below 400 proves its
// connection, which then no longer counts against its address's cap
// (connLimiter.prove). A stream's handler has taken the connection over
// when it returns; its status is set by then.
func (s *Server) proveConn(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if err == nil && c.Response().Status < 400 {
			s.prove(c)
		}
		return err
	}
}

// prove takes c's connection out of its address's cap (a stream does so
// once its first view is out, since its request lasts as long as it does).
func (s *Server) prove(c echo.Context) {
	if lc, _ := c.Request().Context().Value(connKey{}).(*limitedConn); lc != nil {
		s.conns.prove(lc)
	}
}
