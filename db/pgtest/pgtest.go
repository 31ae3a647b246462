// Package pgtest gives tests a fresh PostgreSQL database on the server
// named by TW_PG_URL (started by .ci/pg-cluster), and private servers
// (Cluster) for the tests that stop and start one. Without TW_PG_URL the tests skip with a loud
// POSTGRES TESTS SKIPPED line, as the browser tests do without Chromium.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"tablewarden/e2e/missing"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// URL returns the connection string of a new, empty database on the test
// server, dropped when the test ends. It skips the test when TW_PG_URL is
// not set.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TW_PG_URL")
	if base == "" {
		missing.Skip(t, "POSTGRES TESTS SKIPPED: TW_PG_URL is not set (start a server with: eval \"$(.ci/pg-cluster start)\")")
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

// Cluster is a private PostgreSQL server for one test, for the tests
// that stop and start it (an outage must not hit the other packages' tests
// that share the TW_PG_URL server). It runs as the non-root user twpg
// (PostgreSQL refuses root), on a loopback port, in a temporary folder.
type Cluster struct {
	Dir  string
	Port int
	// URL is the connection string of its postgres database.
	URL string
	t   testing.TB
}

// NewCluster initializes and starts a private server, stopped and removed
// when the test ends. Like URL, it skips without TW_PG_URL (the same
// switch turns every PostgreSQL test on).
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	URL(t) // skips without a server
	bin := pgBin()
	if _, err := os.Stat(filepath.Join(bin, "initdb")); err != nil {
		missing.Skip(t, "POSTGRES TESTS SKIPPED: no initdb in "+bin+" (apt-get install postgresql)")
	}
	if os.Geteuid() == 0 {
		if err := exec.Command("id", pgUser()).Run(); err != nil {
			if out, err := exec.Command("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", pgUser()).CombinedOutput(); err != nil {
				t.Fatalf("useradd: %v\n%s", err, out)
			}
		}
	}
	dir, err := os.MkdirTemp("", "tw-pgtest-")
	if err != nil {
		t.Fatal(err)
	}
	c := &Cluster{Dir: dir, Port: freePort(t), t: t}
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chown", pgUser(), dir).CombinedOutput(); err != nil {
			t.Fatalf("chown: %v\n%s", err, out)
		}
	}
	t.Cleanup(func() {
		_ = c.ctl("-m", "immediate", "-w", "stop")
		os.RemoveAll(dir)
	})
	if err := c.sh(filepath.Join(bin, "initdb") + " -D " + dir + "/data -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8"); err != nil {
		t.Fatalf("initdb: %v", err)
	}
	conf := fmt.Sprintf("port = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nmax_connections = 100\nfsync = on\n", c.Port, dir)
	if err := c.sh("cat >> " + dir + "/data/postgresql.conf <<'EOF'\n" + conf + "EOF"); err != nil {
		t.Fatalf("configure: %v", err)
	}
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port)
	c.Start()
	return c
}

// Stop stops the server (fast shutdown: open sessions are ended).
func (c *Cluster) Stop() {
	c.t.Helper()
	if err := c.ctl("-m", "fast", "-w", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v", err)
	}
}

// Kill stops the server at once, as a crash would (immediate shutdown:
// recovery runs at the next start).
func (c *Cluster) Kill() {
	c.t.Helper()
	if err := c.ctl("-m", "immediate", "-w", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v", err)
	}
}

// Start starts the server and waits until it accepts connections.
func (c *Cluster) Start() {
	c.t.Helper()
	if err := c.ctl("-l", c.Dir+"/server.log", "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(c.Dir + "/server.log")
		c.t.Fatalf("pg_ctl start: %v\n%s", err, log)
	}
}

func (c *Cluster) ctl(args ...string) error {
	line := filepath.Join(pgBin(), "pg_ctl") + " -D " + c.Dir + "/data"
	for _, a := range args {
		line += " " + a
	}
	return c.sh(line)
}

// sh runs a shell command line as the cluster's user.
func (c *Cluster) sh(line string) error {
	var cmd *exec.Cmd
	if os.Geteuid() == 0 {
		cmd = exec.Command("su", pgUser(), "-s", "/bin/sh", "-c", line)
	} else {
		cmd = exec.Command("/bin/sh", "-c", line)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

func pgBin() string {
	if b := os.Getenv("PG_BIN"); b != "" {
		return b
	}
	return "/usr/lib/postgresql/15/bin"
}

func pgUser() string {
	if u := os.Getenv("TW_PG_USER"); u != "" {
		return u
	}
	return "twpg"
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
