// Package table is a table's whole lifecycle, without HTTP: the lobby
// (create, join, lock, join codes), seats and their devices (remove,
// revoke, hand-over), start, moves and undo, replay from the log, the
// views and the log each identity may see, rematch, the game timers, the
// per-table registry of open streams that every new view is pushed to
// (hub.go), the loaded tables kept in memory (tablecache.go) and the
// tables retention deletes. Service is its one entry point; package api
// binds requests, calls Service and renders what it returns.
//
// A seat is an identity: a name and, once the game has started, a
// position in the game that never changes. The device holding a seat is
// its token, stored only hashed; the host may revoke it or hand the seat
// to a new phone, and neither changes the game. Everything that acts for a
// device (a request, an SSE push, a revocation) resolves its token to a
// seat at that moment (Holders), never through a seat number captured
// earlier. Replay deals the seats exactly as they were dealt at start
// (Dealt), whatever has happened to their devices since.
//
// Service loads a table on first touch and applies the changes to one
// table strictly one at a time, under that table's lock; a move's log
// entry, snapshot, timers and version are written together
// (db.Store.RecordMove). No caller reaches the locks, the cache or the
// hub: they are the package's own. Over PostgreSQL, where other instances
// share the database, each table write also takes the table's row lock and
// checks its version, and other instances' moves reach the hub through
// NOTIFY (multi.go; Share starts the listener).
//
// Errors. Every method returns either an *Error, whose Code says what went
// wrong (CodeInvalid, CodeNotFound, CodeConflict, CodeUnauthorized,
// CodeForbidden, CodeIllegalMove, CodeGone, CodeInternal; package api maps
// each to an HTTP status), a *kit.RuleError from the referee (an illegal
// move), or an error of storage (db.ErrUnavailable when the database
// refuses writes). Each method's comment names the codes particular to
// it; besides those, every method that takes a table id returns
// CodeNotFound for a table that does not exist.
package table
