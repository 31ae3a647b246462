package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
)

// writerConn is the commit loop's own hold on the writer's one connection,
// with every statement the writes use prepared on it once. The loop opens
// and ends its transactions with prepared BEGIN and COMMIT statements on
// this connection instead of through database/sql's Tx, which began each
// transaction by parsing BEGIN again, watched it from a goroutine of its
// own, and bound every cached statement to it again on every call. Only the
// commit loop uses it, so it needs no lock.
type writerConn struct {
	db    *sql.DB
	conn  *sql.Conn
	stmts map[string]*sql.Stmt
	inTx  bool // between begin and commit or rollback
}

// errWriterLost is a statement's error when the connection broke inside a
// transaction: the transaction is gone, and the rest of it must not run
// on a new connection outside one.
var errWriterLost = errors.New("the writer's database connection broke inside a transaction")

// begin starts a transaction on the connection. Should one be left open
// (a failed COMMIT whose ROLLBACK failed too), it is rolled back first: its
// writes were answered with the error.
func (w *writerConn) begin(ctx context.Context) error {
	if _, err := w.ExecContext(ctx, "BEGIN"); err != nil {
		if w.conn == nil {
			return err
		}
		_, _ = w.ExecContext(ctx, "ROLLBACK")
		if _, err := w.ExecContext(ctx, "BEGIN"); err != nil {
			return err
		}
	}
	w.inTx = true
	return nil
}

// commit ends the transaction with COMMIT; on an error it rolls back what
// is left of it (SQLite may have rolled it back already).
func (w *writerConn) commit(ctx context.Context) error {
	_, err := w.ExecContext(ctx, "COMMIT")
	if err != nil {
		w.rollback(ctx)
	}
	w.inTx = false
	return err
}

// rollback undoes the transaction; an error (none open any more) is moot.
func (w *writerConn) rollback(ctx context.Context) {
	if w.conn != nil {
		_, _ = w.ExecContext(ctx, "ROLLBACK")
	}
	w.inTx = false
}

func newWriterConn(d *sql.DB) *writerConn {
	return &writerConn{db: d, stmts: map[string]*sql.Stmt{}}
}

// stmt returns the statement for query prepared on the connection, taking
// the connection from the pool the first time.
func (w *writerConn) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := w.stmts[query]; st != nil {
		return st, nil
	}
	if w.conn == nil {
		if w.inTx {
			return nil, errWriterLost
		}
		c, err := w.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		w.conn = c
	}
	st, err := w.conn.PrepareContext(ctx, query)
	if err != nil {
		w.dropIfBroken(err)
		return nil, err
	}
	w.stmts[query] = st
	return st, nil
}

// dropIfBroken lets go of a connection that database/sql reports broken,
// so that the next statement takes a new one.
func (w *writerConn) dropIfBroken(err error) {
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) {
		w.release()
	}
}

// release closes the statements and hands the connection back to the pool.
func (w *writerConn) release() {
	for _, st := range w.stmts {
		st.Close()
	}
	clear(w.stmts)
	if w.conn != nil {
		w.conn.Close()
		w.conn = nil
	}
}

func (w *writerConn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := w.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	res, err := st.ExecContext(ctx, args...)
	if err != nil {
		w.dropIfBroken(err)
	}
	return res, err
}

// PrepareContext prepares a statement of the caller's own (which it may
// close) on the connection.
func (w *writerConn) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	if w.conn == nil {
		return nil, errWriterLost
	}
	return w.conn.PrepareContext(ctx, query)
}

func (w *writerConn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := w.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

func (w *writerConn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := w.stmt(ctx, query)
	if err != nil && w.conn != nil {
		// A Row carries its error to Scan, and only database/sql makes
		// one: the connection runs the query unprepared and answers with
		// the same error.
		return w.conn.QueryRowContext(ctx, query, args...)
	}
	if err != nil {
		// No connection to run it on (errWriterLost, or none to be had):
		// a canceled context makes a Row that fails without running the
		// query, which must not run outside the transaction.
		done, cancel := context.WithCancel(ctx)
		cancel()
		return w.db.QueryRowContext(done, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}
