package api_test

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestHelperHoldWriteLock is not a test: run by TestSQLiteLockedByAnotherProcess
// as a process of its own, it takes the SQLite file's write lock, says
// "locked" and holds the lock until its stdin closes.
func TestHelperHoldWriteLock(t *testing.T) {
	path := os.Getenv("TW_HOLD_LOCK")
	if path == "" {
		t.Skip("helper process only")
	}
	sdb, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sdb.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("locked\n")
	io.Copy(io.Discard, os.Stdin)
	conn.ExecContext(context.Background(), "ROLLBACK")
}

// While another process holds SQLite's write lock, a write is answered 503
// "storage unavailable, not recorded" with Retry-After, nothing is
// recorded, and /healthz reports the stall; once the lock is let go both
// recover.
func TestSQLiteLockedByAnotherProcess(t *testing.T) {
	t.Parallel()
	sqliteOnly(t, "a SQLite file's write lock")
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	tables := ts.QueryInt("SELECT COUNT(*) FROM game_tables")

	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperHoldWriteLock$")
	cmd.Env = append(os.Environ(), "TW_HOLD_LOCK="+ts.Path)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "locked" {
		t.Fatalf("the helper process said %q (%v)", line, err)
	}

	post := func() (int, string, http.Header) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/tables/"+tb.ID+"/start", nil)
		req.Header.Set("Authorization", "Bearer "+tb.Host)
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header
	}
	st, body, hdr := post()
	if st != 503 || !strings.Contains(body, "Storage unavailable, not recorded") || !strings.Contains(body, "locked by another process") || hdr.Get("Retry-After") == "" {
		t.Fatalf("a write while another process holds the lock = %d %s (Retry-After %q), want 503 storage unavailable, not recorded, with Retry-After", st, body, hdr.Get("Retry-After"))
	}
	hs, hb := ts.Call("GET", "/healthz", "", nil)
	if hs != 503 || !strings.Contains(string(hb), "locked by another process") {
		t.Fatalf("/healthz during the stall = %d %s, want 503 naming the lock", hs, hb)
	}

	stdin.Close()
	cmd.Wait()
	if hs, hb := ts.Call("GET", "/healthz", "", nil); hs != 200 {
		t.Fatalf("/healthz after the lock was let go = %d %s, want 200", hs, hb)
	}
	if v := ts.View(tb, tb.Host); v.Status != "lobby" {
		t.Fatalf("the refused start was recorded: the table is %q", v.Status)
	}
	if st, body, _ := post(); st != 200 {
		t.Fatalf("the start after the lock was let go = %d %s, want 200", st, body)
	}
	if n := ts.QueryInt("SELECT COUNT(*) FROM game_tables"); n != tables {
		t.Fatalf("%d tables, want %d", n, tables)
	}
}
