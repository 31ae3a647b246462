package apitest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Attacker is a client bound to its own loopback address.
type Attacker struct {
	ip     string
	dialer net.Dialer
}

// NewAttacker returns the n-th client, on an address of its own in
// 127.0.0.0/8 from 127.0.1.2 on (Linux answers the whole range on loopback).
func NewAttacker(n int) *Attacker {
	ip := fmt.Sprintf("127.0.%d.%d", 1+n/250, 2+n%250)
	return &Attacker{ip: ip, dialer: net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 3 * time.Second}}
}

// Dial opens a TCP connection to ts from the Attacker's address.
func (a *Attacker) Dial(ts *Server) (net.Conn, error) {
	return a.dialer.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
}

// Request sends a raw request and reads the status code of the answer
// (0 on a transport error or when nothing came within wait).
func (a *Attacker) Request(ts *Server, raw string, wait time.Duration) (int, net.Conn) {
	c, err := a.Dial(ts)
	if err != nil {
		return 0, nil
	}
	c.SetDeadline(time.Now().Add(wait))
	if _, err := io.WriteString(c, raw); err != nil {
		c.Close()
		return 0, nil
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	c.SetDeadline(time.Time{})
	if err != nil {
		c.Close()
		return 0, nil
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		c.Close()
		return 0, nil
	}
	st, _ := strconv.Atoi(f[1])
	return st, c
}

// Client returns an http.Client that dials from the Attacker's address.
func (a *Attacker) Client() *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: a.dialer.DialContext, MaxIdleConnsPerHost: 4}}
}
