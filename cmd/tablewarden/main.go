// Command tablewarden is the table server: one binary that keeps each
// table's state in SQLite, referees the moves, and serves the phones.
//
// Usage:
//
//	tablewarden [-addr :8080] [-db tablewarden.db | -db postgres://…] [-public-url URL] [-tls-cert FILE -tls-key FILE | -acme-domain DOMAIN]
//	tablewarden backup [-db tablewarden.db] PATH
//	tablewarden prune [-db tablewarden.db] [-lobby-ttl 24h] [-ended-ttl 720h]
//	tablewarden copy --from tablewarden.db --to postgres://…
//
// The limits against a hostile client (-max-conns, -streams-per-addr, …)
// and the retention of tables (-lobby-ttl, -ended-ttl) are in limits.go.
//
// Every flag has a TABLEWARDEN_* environment equivalent (TABLEWARDEN_ADDR,
// TABLEWARDEN_DB, TABLEWARDEN_PUBLIC_URL, …); a flag given on the command
// line wins over the environment.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"tablewarden/api"
	"tablewarden/db/engine"
	"tablewarden/db/sqlite"
	"tablewarden/table"
)

func main() {
	tuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "tablewarden:", err)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "version" {
		return runVersion(stdout)
	}
	if len(args) > 0 && args[0] == "healthcheck" {
		return runHealthcheck(ctx, stdout)
	}
	if len(args) > 0 && args[0] == "backup" {
		return runBackup(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "copy" {
		return runCopy(ctx, args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "prune" {
		return runPrune(ctx, args[1:], stdout, stderr)
	}
	cfg, err := parseConfig(args, stderr)
	if err != nil {
		return err
	}
	m := &Main{Config: cfg, Out: stdout}
	if err := m.Run(ctx); err != nil {
		m.Close()
		return err
	}
	<-ctx.Done()
	return m.Close()
}

// Config is the server's configuration, read from flags and environment.
type Config struct {
	Addr           string
	DB             string
	PublicURL      string
	JoinsPerMinute float64
	TrustProxy     bool
	LogLevel       string
	// The caps, the retention, TLS (limits.go).
	Limits    api.Limits
	Retention api.Retention
	TLSCert   string
	TLSKey    string
	// Heartbeat is the live streams' heartbeat period.
	Heartbeat time.Duration
	// ACME is -acme-domain and its flags (acme.go).
	ACME acmeConfig
	// MetricsAddr, when set, serves /metrics there instead of on Addr
	// (metrics.go).
	MetricsAddr string
}

// env returns the environment value of a flag, or def.
func env(name, def string) string {
	if v, ok := os.LookupEnv("TABLEWARDEN_" + name); ok {
		return v
	}
	return def
}

func parseConfig(args []string, stderr io.Writer) (Config, error) {
	fs := flag.NewFlagSet("tablewarden", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c Config
	fs.StringVar(&c.Addr, "addr", env("ADDR", ":8080"), "listen address (TABLEWARDEN_ADDR)")
	fs.StringVar(&c.DB, "db", env("DB", "tablewarden.db"), "SQLite database file, or postgres://… to share a PostgreSQL database with other instances (TABLEWARDEN_DB)")
	fs.StringVar(&c.PublicURL, "public-url", env("PUBLIC_URL", ""), "URL phones reach; default http://<first non-loopback IPv4>:<port> (TABLEWARDEN_PUBLIC_URL)")
	joins, _ := strconv.ParseFloat(env("JOINS_PER_MINUTE", "30"), 64)
	fs.Float64Var(&c.JoinsPerMinute, "joins-per-minute", joins, "failed join-code lookups (wrong codes) allowed per client address per minute, as many at once, beyond which a wrong code gets 429; a lookup or join with a valid code is never refused for its address, only by its table (-joins-per-seat); 0 = unlimited (TABLEWARDEN_JOINS_PER_MINUTE)")
	fs.BoolVar(&c.TrustProxy, "trust-proxy", env("TRUST_PROXY", "") == "1", "take the client address from X-Forwarded-For set by a proxy on loopback (TABLEWARDEN_TRUST_PROXY=1)")
	fs.StringVar(&c.LogLevel, "log-level", env("LOG_LEVEL", "info"), "debug, info, warn or error (TABLEWARDEN_LOG_LEVEL)")
	lf := limitFlags(fs, &c) // limits.go
	acmeFlags(fs, &c.ACME)
	metricsFlag(fs, &c) // metrics.go
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if err := lf.finish(&c); err != nil {
		return c, err
	}
	if err := c.ACME.check(c); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return c, nil
}

// Main is the running program: Run starts it, Close stops it.
type Main struct {
	Config Config
	Out    io.Writer

	store    *engine.Engine
	server   *api.Server
	listener net.Listener
	served   chan error
	metrics  *http.Server // -metrics-addr (metrics.go)
	lock     *sqlite.ServerLock
	// URL is the public URL, known after Run.
	URL string
	// MetricsURL is the base URL of the metrics listener, when
	// -metrics-addr is set, known after Run.
	MetricsURL string
}

// Run opens the database, starts the HTTP server and prints the join URL
// with its QR code.
func (m *Main) Run(ctx context.Context) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(m.Config.LogLevel)); err != nil {
		return fmt.Errorf("log level: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	store, err := engine.Open(ctx, m.Config.DB)
	if err != nil {
		return err
	}
	m.store = store
	if store.SQLite != nil {
		// The server's claim on its file, so that prune refuses to delete
		// tables it serves from memory. A second server on the same file
		// is only warned about here.
		lock, err := sqlite.LockServer(m.Config.DB)
		switch {
		case err == nil:
			m.lock = lock
		case errors.Is(err, sqlite.ErrInUse):
			logger.Warn("another tablewarden server holds this database file", "db", m.Config.DB)
		default:
			return err
		}
	}
	l, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return err
	}
	m.listener = l
	m.URL = m.Config.PublicURL
	// A server on loopback without -public-url hands the phones a join
	// link to this machine's LAN address, where nothing answers: the
	// terminal and the host's pages say so, and how to fix it.
	loopbackOnly := m.Config.PublicURL == "" && m.Config.ACME.Domain == "" && onLoopback(l.Addr())
	if m.URL == "" {
		m.URL = defaultPublicURL(l.Addr())
		if m.Config.TLSCert != "" {
			m.URL = "https" + strings.TrimPrefix(m.URL, "http")
		}
		if m.Config.ACME.Domain != "" {
			m.URL = "https://" + m.Config.ACME.Domain
		}
	}
	m.URL = strings.TrimRight(m.URL, "/")
	if _, err := url.ParseRequestURI(m.URL); err != nil {
		return fmt.Errorf("public URL %q: %w", m.URL, err)
	}
	// The table service owns the store (the port, and what the engine
	// offers beyond it); the HTTP server knows only the service.
	svc := table.New(table.Config{Store: store.Store, Extras: store.Extras, Log: logger, PublicURL: m.URL,
		MaxLoaded: m.Config.Limits.MaxLoadedTables})
	srv, err := api.New(ctx, svc, api.Config{PublicURL: m.URL, LoopbackOnly: loopbackOnly, JoinsPerMinute: m.Config.JoinsPerMinute,
		TrustProxy: m.Config.TrustProxy, Logger: logger,
		Limits: m.Config.Limits, Retention: m.Config.Retention, Heartbeat: m.Config.Heartbeat,
		MetricsElsewhere: m.Config.MetricsAddr != ""})
	if err != nil {
		return err
	}
	m.server = srv
	if err := m.serveMetrics(logger); err != nil {
		return err
	}
	m.served = make(chan error, 1)
	if m.Config.ACME.Domain != "" { // HTTPS with a certificate from an ACME CA (acme.go)
		tc, err := m.Config.ACME.tlsConfig(m.Config.DB)
		if err != nil {
			return err
		}
		go func() { m.served <- srv.ServeTLSConfig(l, tc) }()
	} else if m.Config.TLSCert != "" { // HTTPS
		go func() { m.served <- srv.ServeTLS(l, m.Config.TLSCert, m.Config.TLSKey) }()
	} else {
		go func() { m.served <- srv.Serve(l) }()
	}
	if m.Out != nil {
		fmt.Fprintf(m.Out, "tablewarden is listening on %s (database %s)\n", l.Addr(), redactDSN(m.Config.DB))
		fmt.Fprintf(m.Out, "Open this on the host's device, or scan it:\n\n  %s/\n\n", m.URL)
		if q, err := qrcode.New(m.URL+"/", qrcode.Low); err == nil {
			fmt.Fprintln(m.Out, q.ToSmallString(false))
		}
	}
	if loopbackOnly {
		port := "8080"
		if ta, ok := l.Addr().(*net.TCPAddr); ok {
			port = strconv.Itoa(ta.Port)
		}
		msg := fmt.Sprintf("WARNING: tablewarden listens on %s, which only this computer reaches: phones cannot open the join link %s/j/… or its QR code.\n"+
			"  Restart it with -addr 0.0.0.0:%s to listen on this computer's network (phones then reach %s),\n"+
			"  or, behind a proxy or tunnel that phones reach, give its address with -public-url.\n", l.Addr(), m.URL, port, m.URL)
		if m.Out != nil {
			fmt.Fprintln(m.Out, msg)
		} else {
			logger.Warn("the server listens on loopback: phones cannot reach the join link; restart with -addr 0.0.0.0:"+port+" or set -public-url", "addr", l.Addr().String(), "join_url", m.URL)
		}
	}
	return nil
}

// onLoopback reports whether addr is a loopback address (127.0.0.0/8,
// ::1), which no phone reaches.
func onLoopback(addr net.Addr) bool {
	ta, ok := addr.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// Close shuts the server down gracefully (in-flight moves finish and
// commit) and closes the database.
func (m *Main) Close() error {
	var errs []error
	if m.metrics != nil {
		errs = append(errs, m.metrics.Close())
	}
	if m.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		errs = append(errs, m.server.Shutdown(ctx))
		cancel()
		errs = append(errs, <-m.served)
	} else if m.listener != nil {
		m.listener.Close()
	}
	if m.store != nil {
		errs = append(errs, m.store.Close())
	}
	errs = append(errs, m.lock.Release())
	return errors.Join(errs...)
}

// redactDSN hides a PostgreSQL URL's password.
func redactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && engine.IsPostgres(dsn) {
		return u.Redacted()
	}
	return dsn
}

// defaultPublicURL is http://<first non-loopback IPv4>:<port>, or
// localhost when the machine has no such address.
func defaultPublicURL(addr net.Addr) string {
	port := "8080"
	if ta, ok := addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(ta.Port)
	}
	host := "localhost"
	if ip := firstIPv4(); ip != "" {
		host = ip
	}
	return "http://" + net.JoinHostPort(host, port)
}

func firstIPv4() string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return ""
	}
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok {
				if ip4 := ipn.IP.To4(); ip4 != nil && !ip4.IsLoopback() {
					return ip4.String()
				}
			}
		}
	}
	return ""
}

// runBackup copies the database consistently (VACUUM INTO reads one
// snapshot while the server keeps writing) and checks the copy.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablewarden backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("db", env("DB", "tablewarden.db"), "SQLite database file (TABLEWARDEN_DB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: tablewarden backup [-db FILE] PATH")
	}
	dst := fs.Arg(0)
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("backup: %s already exists", dst)
	}
	if _, err := os.Stat(*path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := sqlite.BackupFile(ctx, *path, dst); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup of %s written to %s (integrity_check ok)\n", *path, dst)
	return nil
}
