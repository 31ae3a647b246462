package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"tablewarden/api"
	"tablewarden/db/engine"
	"tablewarden/db/sqlite"
)

// limitFlagSet holds the limit flags until parsing ends.
type limitFlagSet struct {
	on bool
}

// limitFlags registers the flags of the caps against a hostile client, of
// the retention of tables and of TLS. Their defaults suit a game store
// (api.DefaultLimits); -limits=false turns every cap off, for load tests.
func limitFlags(fs *flag.FlagSet, c *Config) *limitFlagSet {
	d := api.DefaultLimits()
	lf := &limitFlagSet{}
	l := &c.Limits
	fs.BoolVar(&lf.on, "limits", envBool("LIMITS", true), "apply the connection, stream and creation limits below; false only for load tests (TABLEWARDEN_LIMITS)")
	fs.IntVar(&l.MaxConns, "max-conns", envInt("MAX_CONNS", d.MaxConns), "open connections at most; default: the open-files limit less 256 (TABLEWARDEN_MAX_CONNS)")
	fs.IntVar(&l.ReserveConns, "reserve-conns", envInt("RESERVE_CONNS", d.ReserveConns), "of -max-conns, kept for /healthz and moves on open tables (TABLEWARDEN_RESERVE_CONNS)")
	fs.IntVar(&l.ConnsPerAddr, "conns-per-addr", envInt("CONNS_PER_ADDR", d.ConnsPerAddr), "connections per client address not yet answered a request (an answered one no longer counts); 0 = no cap (TABLEWARDEN_CONNS_PER_ADDR)")
	fs.IntVar(&l.MaxStreams, "max-streams", envInt("MAX_STREAMS", d.MaxStreams), "live streams at most (TABLEWARDEN_MAX_STREAMS)")
	fs.IntVar(&l.StreamsPerSeat, "streams-per-seat", envInt("STREAMS_PER_SEAT", d.StreamsPerSeat), "a table holds this many live streams per seat, host and board (by its board key), and twice this many anonymous board streams apart from them; 0 = no per-table cap (TABLEWARDEN_STREAMS_PER_SEAT)")
	fs.IntVar(&l.StreamsPerToken, "streams-per-token", envInt("STREAMS_PER_TOKEN", d.StreamsPerToken), "live streams per seat or host token; one more closes the oldest (TABLEWARDEN_STREAMS_PER_TOKEN)")
	fs.DurationVar(&l.ReadTimeout, "read-timeout", envDuration("READ_TIMEOUT", d.ReadTimeout), "time to read a whole request, body included (TABLEWARDEN_READ_TIMEOUT)")
	fs.IntVar(&l.MaxHeaderBytes, "max-header-bytes", envInt("MAX_HEADER_BYTES", d.MaxHeaderBytes), "largest request header (TABLEWARDEN_MAX_HEADER_BYTES)")
	fs.DurationVar(&l.StreamWriteTimeout, "stream-write-timeout", envDuration("STREAM_WRITE_TIMEOUT", d.StreamWriteTimeout), "a stream whose phone takes no event for this long is dropped (TABLEWARDEN_STREAM_WRITE_TIMEOUT)")
	fs.Float64Var(&l.CreatesPerMinute, "tables-per-minute", envFloat("TABLES_PER_MINUTE", d.CreatesPerMinute), "tables created per client address per minute, after -tables-burst; 0 = unlimited (TABLEWARDEN_TABLES_PER_MINUTE)")
	fs.IntVar(&l.CreateBurst, "tables-burst", envInt("TABLES_BURST", d.CreateBurst), "tables one client address may create at once (TABLEWARDEN_TABLES_BURST)")
	fs.IntVar(&l.JoinsPerSeat, "joins-per-seat", envInt("JOINS_PER_SEAT", d.JoinsPerSeat), "joins with a valid code a table takes at once, per seat; then one per seat a minute; 0 = no per-table limit (TABLEWARDEN_JOINS_PER_SEAT)")
	fs.IntVar(&l.MaxOptionsBytes, "max-options-bytes", envInt("MAX_OPTIONS_BYTES", d.MaxOptionsBytes), "largest table options JSON (TABLEWARDEN_MAX_OPTIONS_BYTES)")
	fs.IntVar(&l.LookupFailCost, "lookup-fail-cost", envInt("LOOKUP_FAIL_COST", d.LookupFailCost), "of -joins-per-minute, how much one failed join-code lookup takes (TABLEWARDEN_LOOKUP_FAIL_COST)")
	fs.IntVar(&l.MaxLoadedTables, "max-loaded-tables", envInt("MAX_LOADED_TABLES", d.MaxLoadedTables), "tables kept in memory; idle ones beyond are dropped, least recently used first; 0 = all (TABLEWARDEN_MAX_LOADED_TABLES)")
	fs.DurationVar(&l.RefusalDelay, "refusal-delay", envDuration("REFUSAL_DELAY", d.RefusalDelay), "hold a wrong join or hand-over code, or a creation, refused by its rate limit this long before the 429 (TABLEWARDEN_REFUSAL_DELAY)")
	fs.DurationVar(&c.Heartbeat, "heartbeat", envDuration("HEARTBEAT", 3*time.Second), "how often a live stream sends its heartbeat event; a page that hears nothing for 2.5 of them shows the offline bar (TABLEWARDEN_HEARTBEAT)")
	retentionFlags(fs, &c.Retention)
	fs.StringVar(&c.TLSCert, "tls-cert", env("TLS_CERT", ""), "serve HTTPS with this certificate file (PEM) (TABLEWARDEN_TLS_CERT)")
	fs.StringVar(&c.TLSKey, "tls-key", env("TLS_KEY", ""), "the certificate's private key file (PEM) (TABLEWARDEN_TLS_KEY)")
	return lf
}

// retentionFlags registers -lobby-ttl, -ended-ttl and -prune-every.
func retentionFlags(fs *flag.FlagSet, r *api.Retention) {
	fs.DurationVar(&r.LobbyIdle, "lobby-ttl", envDuration("LOBBY_TTL", 24*time.Hour), "delete lobby tables with no activity for this long; 0 = keep (TABLEWARDEN_LOBBY_TTL)")
	fs.DurationVar(&r.EndedAge, "ended-ttl", envDuration("ENDED_TTL", 30*24*time.Hour), "delete ended tables this long after their last move; 0 = keep (TABLEWARDEN_ENDED_TTL)")
	fs.DurationVar(&r.Every, "prune-every", envDuration("PRUNE_EVERY", 10*time.Minute), "how often the server deletes the tables above (TABLEWARDEN_PRUNE_EVERY)")
}

// finish checks the flags and applies -limits=false.
func (lf *limitFlagSet) finish(c *Config) error {
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if !lf.on {
		c.Limits = api.Limits{}
		return nil
	}
	l := c.Limits
	if l.MaxConns > 0 && (l.ReserveConns < 0 || l.ReserveConns >= l.MaxConns) {
		return fmt.Errorf("-reserve-conns %d must be below -max-conns %d", l.ReserveConns, l.MaxConns)
	}
	return nil
}

// runPrune deletes, now, the tables the retention flags let go.
func runPrune(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablewarden prune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("db", env("DB", "tablewarden.db"), "SQLite database file, or postgres://… (TABLEWARDEN_DB)")
	var r api.Retention
	retentionFlags(fs, &r)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !engine.IsPostgres(*path) {
		if _, err := os.Stat(*path); err != nil {
			return fmt.Errorf("prune: %w", err)
		}
		// A server would go on serving the deleted tables from memory.
		lock, err := sqlite.LockServer(*path)
		if errors.Is(err, sqlite.ErrInUse) {
			return fmt.Errorf("prune: %s is in use by a running tablewarden server, which would go on serving the deleted tables from memory; nothing was deleted. The server prunes the file itself (-lobby-ttl, -ended-ttl, every -prune-every): change those and restart it, or stop it and prune again", *path)
		}
		if err != nil {
			return fmt.Errorf("prune: %w", err)
		}
		defer lock.Release()
	}
	store, err := engine.Open(ctx, *path)
	if err != nil {
		return err
	}
	res, err := store.Extras.Pruner.Prune(ctx, time.Now(), r.LobbyIdle, r.EndedAge, nil)
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("prune: %w", err)
	}
	fmt.Fprintf(stdout, "deleted %d idle lobby tables and %d ended tables from %s\n", res.Lobby, res.Ended, redactDSN(*path))
	return nil
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(env(name, "")); err == nil {
		return v
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(env(name, ""), 64); err == nil {
		return v
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(env(name, "")); err == nil {
		return v
	}
	return def
}

func envBool(name string, def bool) bool {
	if v, err := strconv.ParseBool(env(name, "")); err == nil {
		return v
	}
	return def
}
