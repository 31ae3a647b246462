//go:build linux

package api

import (
	"net"
	"sync"
	"syscall"
)

// leaveWatch is the one goroutine that notices, for every open stream of
// the process, that its phone left. Each stream's socket is in an epoll set
// of its own (apart from the runtime's netpoller) for EPOLLIN, EPOLLRDHUP,
// EPOLLHUP and EPOLLERR, one-shot: the first of them closes the stream's
// channel. A stream is known in the set by an id, not by its descriptor,
// so a descriptor reused after a close cannot reach another stream.
type leaveWatch struct {
	epfd int

	mu   sync.Mutex
	next int32
	gone map[int32]chan struct{}
}

// epollOneShot is EPOLLONESHOT (syscall's constant is an int).
const epollOneShot = 1 << 30

var (
	leaveOnce sync.Once
	leaveW    *leaveWatch // nil when no epoll set could be made
)

// watchLeave watches conn for its phone leaving (streamleave.go): through
// the process's leaveWatch when conn is a plain socket, else with a
// goroutine of its own.
func watchLeave(conn net.Conn) (gone <-chan struct{}, stop func()) {
	leaveOnce.Do(startLeaveWatch)
	raw := rawConnOf(conn)
	if leaveW == nil || raw == nil {
		return readUntilGone(conn)
	}
	if ch, stop, ok := leaveW.add(raw); ok {
		return ch, stop
	}
	return readUntilGone(conn)
}

// startLeaveWatch makes the epoll set and starts its goroutine; it leaves
// leaveW nil if the set cannot be made.
func startLeaveWatch() {
	fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return
	}
	leaveW = &leaveWatch{epfd: fd, gone: map[int32]chan struct{}{}}
	go leaveW.run()
}

// add puts raw's socket in the set. It reports false if the kernel refused.
func (w *leaveWatch) add(raw syscall.RawConn) (<-chan struct{}, func(), bool) {
	ch := make(chan struct{})
	w.mu.Lock()
	id := w.next
	for _, taken := w.gone[id]; taken; _, taken = w.gone[id] { // after 2³² streams
		id++
	}
	w.next = id + 1
	w.gone[id] = ch
	w.mu.Unlock()
	var addErr error
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLHUP | syscall.EPOLLERR | epollOneShot, Fd: id}
	err := raw.Control(func(fd uintptr) {
		addErr = syscall.EpollCtl(w.epfd, syscall.EPOLL_CTL_ADD, int(fd), &ev)
	})
	if err != nil || addErr != nil {
		w.forget(id)
		return nil, nil, false
	}
	stop := func() {
		w.forget(id)
		raw.Control(func(fd uintptr) {
			syscall.EpollCtl(w.epfd, syscall.EPOLL_CTL_DEL, int(fd), nil)
		})
	}
	return ch, stop, true
}

// forget drops a stream's id; an event for it that comes later is ignored.
func (w *leaveWatch) forget(id int32) {
	w.mu.Lock()
	delete(w.gone, id)
	w.mu.Unlock()
}

// run waits for events for as long as the process lives (a blocked system
// call holds a thread, not a P).
func (w *leaveWatch) run() {
	evs := make([]syscall.EpollEvent, 256)
	for {
		n, err := syscall.EpollWait(w.epfd, evs, -1)
		if err != nil {
			continue // EINTR; no other error can come from a valid set
		}
		w.mu.Lock()
		for _, ev := range evs[:n] {
			if ch, ok := w.gone[ev.Fd]; ok {
				close(ch)
				delete(w.gone, ev.Fd)
			}
		}
		w.mu.Unlock()
	}
}
