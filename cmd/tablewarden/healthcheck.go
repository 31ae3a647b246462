package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// runHealthcheck is "tablewarden healthcheck": it asks the server listening
// on TABLEWARDEN_ADDR (or -addr's default, :8080) on this machine for
// /healthz and fails unless it answers 200 within three seconds. It is the
// container's HEALTHCHECK, which has no shell or curl to run.
func runHealthcheck(ctx context.Context, stdout io.Writer) error {
	addr := os.Getenv("TABLEWARDEN_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("healthcheck: TABLEWARDEN_ADDR %q: %w", addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	scheme := "http"
	if os.Getenv("TABLEWARDEN_TLS_CERT") != "" || os.Getenv("TABLEWARDEN_ACME_DOMAIN") != "" {
		scheme = "https"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", scheme+"://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	client := http.DefaultClient
	if scheme == "https" {
		// The certificate names the public host, not 127.0.0.1; what is
		// checked here is that the server answers.
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
		client = &http.Client{Transport: tr}
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s: %s", res.Status, strings.TrimSpace(string(body)))
	}
	_, err = fmt.Fprintf(stdout, "ok %s\n", strings.TrimSpace(string(body)))
	return err
}
