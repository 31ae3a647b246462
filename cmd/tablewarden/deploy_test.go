package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablewarden/db/pgtest"
	"tablewarden/e2e/missing"
	"tablewarden/referee/kit"
	"tablewarden/table"
)

// The tests below check the ways people install and run the server: the
// release archive on a machine without Go, a container, and two instances
// behind HAProxy. Each needs something the ordinary test run does not have
// (an archive, a running container, haproxy and PostgreSQL), so each is
// skipped with a loud line unless .ci/run, which builds and starts those
// things, sets its variable.

// playSomeMoves plays up to n legal moves on a started table through base,
// chosen from what the seats' views offer, and fails unless at least one
// is accepted. It returns how many were.
func playSomeMoves(t *testing.T, base, tableID string, tokens []string, n int) int {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	played := 0
	for try := 0; try < 20*n && played < n; try++ {
		tok := tokens[r.IntN(len(tokens))]
		v := getView(t, endpointURL(base), tableID, tok)
		if v.Status != "playing" || v.View == nil || len(v.View.Moves) == 0 {
			if v.Status != "playing" {
				break
			}
			continue
		}
		spec := v.View.Moves[r.IntN(len(v.View.Moves))]
		if spec.Host {
			continue
		}
		mv := kit.RandomMove(spec, r)
		ver := v.Version
		st, body := httpDo(t, "POST", base+"/api/tables/"+tableID+"/moves", tok,
			table.MoveRequest{Type: mv.Type, Args: mv.Args, ExpectedVersion: &ver, IdempotencyKey: fmt.Sprintf("deploy-%d", try)})
		switch st {
		case 200:
			played++
		case 409, 422:
			// a random choice the referee refused, or a table that moved on
		default:
			t.Fatalf("move = %d %s", st, body)
		}
	}
	if played == 0 {
		t.Fatalf("no move was accepted on %s", base)
	}
	return played
}

// endpointURL is a server the tests reach by URL alone.
type endpointURL string

func (u endpointURL) base() string { return string(u) }

// TestReleaseArchive unpacks the linux release archive (TW_RELEASE_ARCHIVE)
// into an empty folder and runs its binary there with an environment that
// has no Go (PATH=/usr/bin:/bin, a fresh HOME): the first command of the
// README prints the join URL and a QR code, the server answers, and a game
// is played on it. `version` prints the version the archive was built with.
func TestReleaseArchive(t *testing.T) {
	t.Parallel() // its own folder and port
	archive := os.Getenv("TW_RELEASE_ARCHIVE")
	if archive == "" {
		missing.Skip(t, "RELEASE ARCHIVE TEST SKIPPED: set TW_RELEASE_ARCHIVE to a tablewarden_*_linux_amd64.tar.gz (.ci/run does)")
	}
	dir := t.TempDir()
	if out, err := exec.Command("tar", "-xzf", archive, "-C", dir).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "tablewarden")
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
	if _, err := exec.LookPath("go"); err == nil {
		// The test runs under go; the server's environment must not have it.
		for _, p := range strings.Split("/usr/bin:/bin", ":") {
			if _, err := os.Stat(filepath.Join(p, "go")); err == nil {
				t.Fatalf("go is in %s: the archive test needs a PATH without Go", p)
			}
		}
	}

	ver := exec.Command(bin, "version")
	ver.Env = env
	out, err := ver.CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "tablewarden ") || strings.Contains(string(out), "devel") {
		t.Fatalf("version = %q, %v; want a release version", out, err)
	}

	addr := freeAddr(t)
	cmd := exec.Command(bin, "-addr", addr, "-public-url", "http://"+addr)
	cmd.Dir, cmd.Env = dir, env
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// The terminal shows the join URL and a QR code drawn in blocks.
	lines := make(chan string, 256)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	sawURL, qrRows := false, 0
	deadline := time.After(15 * time.Second)
	for !(sawURL && qrRows >= 10) {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the server stopped; url %v, qr rows %d", sawURL, qrRows)
			}
			if strings.Contains(l, "http://"+addr) {
				sawURL = true
			}
			if strings.ContainsAny(l, "█▀▄") {
				qrRows++
			}
		case <-deadline:
			t.Fatalf("no join URL and QR code within 15 s (url %v, qr rows %d)", sawURL, qrRows)
		}
	}
	go func() {
		for range lines {
		}
	}()
	base := "http://" + addr
	if !waitHealthy(base, 10*time.Second) {
		t.Fatal("the released binary does not answer /healthz")
	}
	id, _, tokens := seatedTable(t, "jumpship", nil, 5, endpointURL(base))
	n := playSomeMoves(t, base, id, tokens, 10)
	if _, err := os.Stat(filepath.Join(dir, "tablewarden.db")); err != nil {
		t.Fatalf("the database is not in the folder it ran from: %v", err)
	}
	t.Logf("released binary from %s: %d moves played", filepath.Base(archive), n)
}

// TestContainerServes plays a game against a server in a container
// (TW_CONTAINER_URL, started by .ci/run), then asks the container's own
// data volume for the table after a restart (TW_CONTAINER_RESTART, a
// command that restarts the container).
func TestContainerServes(t *testing.T) {
	t.Parallel() // the container is this test's alone
	base := os.Getenv("TW_CONTAINER_URL")
	if base == "" {
		missing.Skip(t, "CONTAINER TEST SKIPPED: set TW_CONTAINER_URL to a running container's URL (.ci/run does where containers run)")
	}
	if !waitHealthy(base, 30*time.Second) {
		t.Fatal("the container does not answer /healthz")
	}
	id, _, tokens := seatedTable(t, "jumpship", nil, 5, endpointURL(base))
	playSomeMoves(t, base, id, tokens, 5)
	before := getView(t, endpointURL(base), id, tokens[0]).Version
	restart := os.Getenv("TW_CONTAINER_RESTART")
	if restart == "" {
		return
	}
	if out, err := exec.Command("sh", "-c", restart).CombinedOutput(); err != nil {
		t.Fatalf("restart: %v\n%s", err, out)
	}
	if !waitHealthy(base, 30*time.Second) {
		t.Fatal("the container does not answer /healthz after its restart")
	}
	if after := getView(t, endpointURL(base), id, tokens[0]).Version; after != before {
		t.Fatalf("after the restart the table is at version %d, want %d (the data volume lost it)", after, before)
	}
}

// TestBalancerFailover starts two instances of the binary on one
// PostgreSQL database behind HAProxy with the shipped configuration
// (docs/deploy/haproxy.cfg), plays a table through the balancer, kills the
// instance that served it, and checks that the table goes on through the
// other one at the version it had, with the phones' tokens unchanged.
func TestBalancerFailover(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		missing.Skip(t, "BALANCER TEST SKIPPED: no haproxy on PATH (.ci/run installs it)")
	}
	t.Parallel() // its own database, binaries, ports and HAProxy
	dsn := pgtest.URL(t)
	judgesTime(t) // the failover within 10 s
	bin := buildBinary(t)
	insts := []*serverProc{
		{t: t, bin: bin, addr: freeAddr(t), db: dsn},
		{t: t, bin: bin, addr: freeAddr(t), db: dsn},
	}
	for _, p := range insts {
		p.start()
		t.Cleanup(p.kill)
	}
	cfg, err := os.ReadFile("../../docs/deploy/haproxy.cfg")
	if err != nil {
		t.Fatal(err)
	}
	front := freeAddr(t)
	c := strings.Replace(string(cfg), "bind *:8080", "bind "+front, 1)
	c = strings.Replace(c, "server tw1 127.0.0.1:8081", "server tw1 "+insts[0].addr, 1)
	c = strings.Replace(c, "server tw2 127.0.0.1:8082", "server tw2 "+insts[1].addr, 1)
	cfgPath := filepath.Join(t.TempDir(), "haproxy.cfg")
	os.WriteFile(cfgPath, []byte(c), 0o600)
	hp := exec.Command(haproxy, "-db", "-f", cfgPath)
	var hpLog strings.Builder
	hp.Stdout, hp.Stderr = &hpLog, &hpLog
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hp.Process.Kill(); hp.Wait() })
	base := "http://" + front
	if !waitHealthy(base, 10*time.Second) {
		t.Fatalf("haproxy does not answer: %s", hpLog.String())
	}

	id, _, tokens := seatedTable(t, "jumpship", nil, 5, endpointURL(base))
	playSomeMoves(t, base, id, tokens, 5)
	served := servedBy(t, base, id, tokens[0])
	// Every request about the table went to the same instance.
	for range 5 {
		if s := servedBy(t, base, id, tokens[1]); s != served {
			t.Fatalf("the table was served by %s and then %s: the balancer is not sticky by table", served, s)
		}
	}
	before := getView(t, endpointURL(base), id, tokens[0]).Version
	victim := map[string]*serverProc{"tw1": insts[0], "tw2": insts[1]}[served]
	if victim == nil {
		t.Fatalf("X-Served-By = %q", served)
	}
	victim.kill()
	// HAProxy marks it down after two failed checks a second apart; until
	// then a request may fail, after that it must not.
	var other string
	waitFor(t, 10*time.Second, "the table served by the other instance after "+served+" died", func() bool {
		res, err := http.Get(base + "/api/tables/" + id + "/view?x=1")
		if err == nil {
			res.Body.Close()
			other = res.Header.Get("X-Served-By")
		}
		return other != "" && other != served
	})
	if after := getView(t, endpointURL(base), id, tokens[0]).Version; after != before {
		t.Fatalf("through %s the table is at version %d, want %d", other, after, before)
	}
	playSomeMoves(t, base, id, tokens, 5)
	t.Logf("table %s went on through %s after %s was killed", id, other, served)
}

// servedBy asks for a seat's view through the balancer and returns which
// instance answered.
func servedBy(t *testing.T, base, id, token string) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), "GET", base+"/api/tables/"+id+"/view", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v map[string]any
	json.NewDecoder(res.Body).Decode(&v)
	if res.StatusCode != 200 {
		t.Fatalf("view through the balancer = %d", res.StatusCode)
	}
	return res.Header.Get("X-Served-By")
}
