package main

import (
	"errors"
	"flag"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// metricsFlag registers -metrics-addr. By default /metrics is served on the
// main listener, to anyone who can reach the server: it holds counters
// only (no table ids, names or tokens), but they tell an outsider how busy
// the venue is. -metrics-addr 127.0.0.1:9090 serves it on loopback alone,
// and the main listener then answers 404 for it.
func metricsFlag(fs *flag.FlagSet, c *Config) {
	fs.StringVar(&c.MetricsAddr, "metrics-addr", env("METRICS_ADDR", ""), "serve /metrics on this address alone (e.g. 127.0.0.1:9090) instead of the main listener (TABLEWARDEN_METRICS_ADDR)")
}

// serveMetrics starts the metrics listener of -metrics-addr, if set. A
// non-loopback address is allowed (a private network's scraper) but
// logged as a warning.
func (m *Main) serveMetrics(logger *slog.Logger) error {
	if m.Config.MetricsAddr == "" {
		return nil
	}
	l, err := net.Listen("tcp", m.Config.MetricsAddr)
	if err != nil {
		return err
	}
	if ta, ok := l.Addr().(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
		logger.Warn("metrics are served on a non-loopback address; anyone who reaches it reads them", "addr", l.Addr().String())
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.server.MetricsHandler())
	m.metrics = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	m.MetricsURL = "http://" + l.Addr().String()
	go func() {
		if err := m.metrics.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics listener", "err", err)
		}
	}()
	return nil
}
