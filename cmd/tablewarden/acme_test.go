package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/ca"
	pebbledb "github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"
)

// acmeDomain is the domain the test's certificate is for. Nothing on
// the machine resolves it: the test's own DNS server tells pebble's
// validation authority that it is 127.0.0.1.
const acmeDomain = "tables.example.net"

// TestACMECertificate: a real ACME server (pebble, in this process: its
// certificate authority, validation authority and web front end, over
// TLS on loopback) issues the server a certificate for -acme-domain by the
// TLS-ALPN-01 challenge on the server's own port; the certificate is
// cached in the data folder, and a page is served over it to a client
// that trusts only pebble's root.
func TestACMECertificate(t *testing.T) {
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")      // pebble's VA waits up to 5 s before each check otherwise
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0") // and rejects 5 % of good nonces
	quiet := log.New(io.Discard, "", 0)

	// A DNS server for pebble's VA: the domain is 127.0.0.1.
	dnsL, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := dns.NewServeMux()
	mux.HandleFunc(".", func(w dns.ResponseWriter, q *dns.Msg) {
		r := new(dns.Msg)
		r.SetReply(q)
		for _, qq := range q.Question {
			if qq.Qtype == dns.TypeA && strings.EqualFold(qq.Name, acmeDomain+".") {
				r.Answer = append(r.Answer, &dns.A{Hdr: dns.RR_Header{Name: qq.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60}, A: net.IPv4(127, 0, 0, 1)})
			}
		}
		w.WriteMsg(r)
	})
	dnsSrv := &dns.Server{Listener: dnsL, Handler: mux}
	go dnsSrv.ActivateAndServe()
	t.Cleanup(func() { dnsSrv.Shutdown() })

	// The server's port, known before pebble's VA, which checks it.
	addr := freeAddr(t)
	_, portText, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(portText)

	store := pebbledb.NewMemoryStore()
	authority := ca.New(quiet, store, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {Description: "default"}})
	validator := va.New(quiet, 0, port, false, dnsL.Addr().String(), store)
	front := wfe.New(quiet, store, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 1, 1)
	acmeSrv := httptest.NewTLSServer(front.Handler())
	t.Cleanup(acmeSrv.Close)
	dir := t.TempDir()
	roots := filepath.Join(dir, "acme-server-root.pem")
	if err := os.WriteFile(roots, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: acmeSrv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}

	dbPath := filepath.Join(dir, "data", "tablewarden.db")
	os.MkdirAll(filepath.Dir(dbPath), 0o755)
	cfg, err := parseConfig([]string{"-addr", addr, "-db", dbPath, "-log-level", "warn",
		"-acme-domain", acmeDomain, "-acme-directory", acmeSrv.URL + wfe.DirectoryPath, "-acme-roots", roots}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: cfg}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	if got, want := m.URL, "https://"+acmeDomain; got != want {
		t.Errorf("public URL = %q, want %q", got, want)
	}

	// A phone that trusts only pebble's root, reaching the domain at the
	// server's port.
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(authority.GetRootCert(0).PEM())
	phone := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: acmeDomain},
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
	}}
	t0 := time.Now()
	res, err := phone.Get("https://" + acmeDomain + "/")
	if err != nil {
		t.Fatalf("GET / over the ACME certificate: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "tablewarden") {
		t.Fatalf("GET / = %d %.200s", res.StatusCode, body)
	}
	leaf := res.TLS.PeerCertificates[0]
	if err := leaf.VerifyHostname(acmeDomain); err != nil {
		t.Fatal(err)
	}
	t.Logf("certificate for %v issued by %q in %v; page served over it (%s, %d bytes)", leaf.DNSNames, leaf.Issuer.CommonName, time.Since(t0).Round(time.Millisecond), res.Proto, len(body))
	if res.Proto != "HTTP/1.1" {
		t.Errorf("protocol %s, want HTTP/1.1 (streams take their connection over)", res.Proto)
	}
	// The certificate is cached in the data folder, beside the database.
	cached, _ := os.ReadDir(filepath.Join(filepath.Dir(dbPath), "acme"))
	found := false
	for _, e := range cached {
		found = found || e.Name() == acmeDomain
	}
	if !found {
		t.Errorf("no certificate for %s cached in %s (found %v)", acmeDomain, filepath.Join(filepath.Dir(dbPath), "acme"), cached)
	}
}
