//go:build !linux

package api

import "net"

// watchLeave watches conn for its phone leaving (streamleave.go). Outside
// Linux it is a goroutine per stream.
func watchLeave(conn net.Conn) (gone <-chan struct{}, stop func()) {
	return readUntilGone(conn)
}
