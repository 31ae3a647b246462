package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	apiclient "tablewarden/api/client"
)

// client is an HTTP client that dials from the given source addresses in
// turn, so that many connections can pass the per-address port limit.
type client struct {
	base string
	// api is the generated client (api/client) over http: the table's
	// setup, its views and its moves go through it.
	api  *apiclient.Client
	http *http.Client // requests (keep-alive pool)
	sse  *http.Client // streams (one connection each, no timeout)
}

func newClient(base string, sources []string) *client {
	var next atomic.Uint64
	var addrs []*net.TCPAddr
	for _, s := range sources {
		if ip := net.ParseIP(strings.TrimSpace(s)); ip != nil {
			addrs = append(addrs, &net.TCPAddr{IP: ip})
		}
	}
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
		if len(addrs) > 0 {
			d.LocalAddr = addrs[next.Add(1)%uint64(len(addrs))]
			d.Control = bindAddressNoPort
		}
		return d.DialContext(ctx, network, addr)
	}
	tr := &http.Transport{DialContext: dial, MaxIdleConns: 512, MaxIdleConnsPerHost: 512, MaxConnsPerHost: 512, IdleConnTimeout: 90 * time.Second,
		DisableCompression: true, ResponseHeaderTimeout: 30 * time.Second}
	sseTr := &http.Transport{DialContext: dial, MaxIdleConns: 0, MaxIdleConnsPerHost: -1, DisableCompression: true,
		ResponseHeaderTimeout: 30 * time.Second, ReadBufferSize: 8 << 10, WriteBufferSize: 1 << 10}
	c := &client{base: strings.TrimRight(base, "/"), http: &http.Client{Transport: tr, Timeout: 60 * time.Second}, sse: &http.Client{Transport: sseTr}}
	c.api, _ = apiclient.NewClient(c.base, apiclient.WithHTTPClient(c.http)) // fails only on a bad option
	return c
}

func (c *client) close() {
	c.http.CloseIdleConnections()
	c.sse.CloseIdleConnections()
}

// httpError is a non-2xx answer.
type httpError struct {
	Status  int
	Code    string
	Version *int64
	Body    string
}

func (e *httpError) Error() string { return fmt.Sprintf("HTTP %d %s", e.Status, e.Code) }

// decode reads an answer: a 2xx JSON answer into out (if not nil), any
// other as an *httpError. It takes a request's results as they come, so
// that the generated client's calls can be handed to it directly.
func decode(resp *http.Response, err error) func(out any, what string) error {
	return func(out any, what string) error {
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		if resp.StatusCode/100 != 2 {
			he := &httpError{Status: resp.StatusCode, Body: string(data)}
			var e struct {
				Error    string `json:"error"`
				RuleCode string `json:"code"`
				Version  *int64 `json:"version"`
			}
			if json.Unmarshal(data, &e) == nil {
				he.Code, he.Version = e.Error, e.Version
			}
			return he
		}
		if out != nil && len(data) > 0 {
			if err := json.Unmarshal(data, out); err != nil {
				return fmt.Errorf("decode %s: %w", what, err)
			}
		}
		return nil
	}
}

// errorKind names an error for the report: conn_refused, conn_reset, eof,
// timeout, addr_not_available, http_<status>_<code>, decode, canceled, other.
func errorKind(err error) string {
	var he *httpError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &he):
		if he.Code != "" {
			return fmt.Sprintf("http_%d_%s", he.Status, he.Code)
		}
		return fmt.Sprintf("http_%d", he.Status)
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "conn_refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "conn_reset"
	case errors.Is(err, syscall.EADDRNOTAVAIL), errors.Is(err, syscall.EADDRINUSE):
		return "addr_not_available"
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.ENFILE):
		return "too_many_open_files"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "eof"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded):
		return "timeout"
	case strings.Contains(err.Error(), "decode"):
		return "decode"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	return "other"
}

// ReadRSS returns a process's resident set size in bytes (VmRSS).
func ReadRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			if _, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb); err != nil {
				return 0, err
			}
			return kb << 10, nil
		}
	}
	return 0, errors.New("no VmRSS")
}

// bindAddressNoPort sets IP_BIND_ADDRESS_NO_PORT on a socket that binds a
// source address: the kernel then picks the port at connect() by the whole
// 4-tuple, instead of searching for a port free on that address at bind(),
// which gets slow (and runs out) with tens of thousands of connections.
func bindAddressNoPort(network, address string, c syscall.RawConn) error {
	const ipBindAddressNoPort = 24 // linux/in.h
	var serr error
	err := c.Control(func(fd uintptr) {
		serr = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_IP, ipBindAddressNoPort, 1)
	})
	if err != nil {
		return err
	}
	_ = serr // not fatal: without it, bind() picks the port
	return nil
}
