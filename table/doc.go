// Package table holds the rules of a table's lifecycle that do not depend
// on HTTP: who a device is at a table, how a table is replayed from its
// log, and what makes two moves the same move.
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
// The service that loads, locks and commits tables still lives in package
// api (api/service.go); it calls this package for these rules.
package table
