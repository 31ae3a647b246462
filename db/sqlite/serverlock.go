package sqlite

import (
	"errors"
	"os"
)

// ErrInUse is LockServer's answer when a running server holds the file.
var ErrInUse = errors.New("the database file is in use by a running tablewarden server")

// ServerLock is a running server's claim on its SQLite file: an advisory
// lock (flock) on the file, apart from SQLite's own locks, that the kernel
// lets go when the process ends, however it ends. Tools that change what a
// server holds in memory (prune deletes tables, which the server would go
// on serving from memory) take it too, and refuse to run while a server
// holds it; tools that only read (backup, copy) do not.
type ServerLock struct{ f *os.File }

// LockServer takes the server lock of the SQLite file at path, or returns
// ErrInUse when another process (or another LockServer in this one)
// holds it. On systems without flock it always succeeds.
func LockServer(path string) (*ServerLock, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := flockExclusive(f); err != nil {
		f.Close()
		return nil, err
	}
	return &ServerLock{f: f}, nil
}

// Release lets the lock go.
func (l *ServerLock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
