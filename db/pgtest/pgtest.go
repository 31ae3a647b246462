// Package pgtest gives tests a fresh PostgreSQL database on the server
// named by TW_PG_URL (started by .ci/pg-cluster), and restarts that server
// for the outage tests. Without TW_PG_URL the tests skip with a loud
// POSTGRES TESTS SKIPPED line, as the browser tests do without Chromium.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

var skipOnce sync.Once

// URL returns the connection string of a new, empty database on the test
// server, dropped when the test ends. It skips the test when TW_PG_URL is
// not set.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TW_PG_URL")
	if base == "" {
		skipOnce.Do(func() {
			fmt.Fprintln(os.Stderr, "!!!!!!!! POSTGRES TESTS SKIPPED: TW_PG_URL is not set (start a server with: eval \"$(.ci/pg-cluster start)\") !!!!!!!!")
		})
		t.Skip("POSTGRES TESTS SKIPPED: TW_PG_URL is not set")
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	name := "tw_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("postgres at TW_PG_URL: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			return // the server may be down after an outage test that failed
		}
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TW_PG_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// CanRestart reports whether the test server can be stopped and started
// (TW_PG_DATA and TW_PG_CTL are set by .ci/pg-cluster).
func CanRestart() bool {
	return os.Getenv("TW_PG_DATA") != "" && os.Getenv("TW_PG_CTL") != ""
}

// Stop stops the test server (fast shutdown: open sessions are ended).
func Stop(t testing.TB) { pgCtl(t, "-m", "fast", "-w", "stop") }

// Start starts the test server again after Stop.
func Start(t testing.TB) { pgCtl(t, "-w", "-t", "60", "start") }

func pgCtl(t testing.TB, args ...string) {
	t.Helper()
	if !CanRestart() {
		t.Skip("POSTGRES RESTART SKIPPED: TW_PG_DATA or TW_PG_CTL not set")
	}
	data, ctl := os.Getenv("TW_PG_DATA"), os.Getenv("TW_PG_CTL")
	cmdline := ctl + " -D " + data
	if args[len(args)-1] == "start" {
		cmdline += " -l " + data + "/../server.log"
	}
	for _, a := range args {
		cmdline += " " + a
	}
	var cmd *exec.Cmd
	if os.Geteuid() == 0 {
		user := os.Getenv("TW_PG_USER")
		if user == "" {
			user = "twpg"
		}
		cmd = exec.Command("su", user, "-s", "/bin/sh", "-c", cmdline)
	} else {
		cmd = exec.Command("/bin/sh", "-c", cmdline)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl %v: %v\n%s", args, err, out)
	}
}
