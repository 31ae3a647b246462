package postgres

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"tablewarden/db"
)

// NotifyChannel is the channel every move's transaction notifies on.
const NotifyChannel = "tablewarden"

// Listener holds one dedicated connection (outside the pool) that LISTENs
// on NotifyChannel, and hands each notification to OnNotify. When the
// connection is lost it reconnects with a growing pause (up to two
// seconds) and, once it LISTENs again, calls OnResync: notifications sent
// while it was away are lost, so the instance reloads every table it has
// open streams for.
type Listener struct {
	dsn        string
	onNotify   func(tableID string, version int64)
	onResync   func()
	connected  atomic.Bool
	pid        atomic.Uint32
	reconnects atomic.Int64
	done       chan struct{}
}

// Listen starts a Listener on the store's database. It runs until ctx ends;
// Done is closed then. onNotify and onResync run on the listener's
// goroutine, one at a time; they must not block for long.
func (s *Store) Listen(ctx context.Context, onNotify func(tableID string, version int64), onResync func()) db.Listener {
	l := &Listener{dsn: s.dsn, onNotify: onNotify, onResync: onResync, done: make(chan struct{})}
	go l.run(ctx)
	return l
}

// Connected reports whether the listener's connection is up and LISTENing.
func (l *Listener) Connected() bool { return l.connected.Load() }

// BackendPID is the server process of the current connection (0 when
// down), for tests that cut the connection with pg_terminate_backend.
func (l *Listener) BackendPID() uint32 { return l.pid.Load() }

// Reconnects counts the connections made after the first.
func (l *Listener) Reconnects() int64 { return l.reconnects.Load() }

// Done is closed when the listener has stopped.
func (l *Listener) Done() <-chan struct{} { return l.done }

func (l *Listener) run(ctx context.Context) {
	defer close(l.done)
	pause := 50 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		conn, err := l.connect(ctx)
		if err != nil {
			select {
			case <-ctx.Done():
				return
			case <-time.After(pause):
			}
			pause = min(2*pause, 2*time.Second)
			continue
		}
		pause = 50 * time.Millisecond
		l.pid.Store(conn.PgConn().PID())
		l.connected.Store(true)
		if !first {
			l.reconnects.Add(1)
			if l.onResync != nil {
				l.onResync()
			}
		}
		first = false
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				break
			}
			id, v, err := ParseNotifyPayload(n.Payload)
			if err == nil && l.onNotify != nil {
				l.onNotify(id, v)
			}
		}
		l.connected.Store(false)
		l.pid.Store(0)
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(cctx)
		cancel()
	}
}

func (l *Listener) connect(ctx context.Context) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(l.dsn)
	if err != nil {
		return nil, err
	}
	cfg.ConnectTimeout = pgConnectTimeout
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+NotifyChannel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}
