package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"tablewarden/db/engine"
)

// acmeConfig is -acme-domain and the flags that go with it: HTTPS with a
// certificate from an ACME certificate authority (Let's Encrypt unless
// -acme-directory names another), obtained on the first connection by the
// TLS-ALPN-01 challenge on the server's own port (which the CA must reach
// as the domain's port 443), renewed before it expires, and cached in the
// data folder.
type acmeConfig struct {
	Domain    string
	Directory string
	Email     string
	Cache     string
	// Roots is a PEM file of extra roots to trust when talking to the
	// ACME server (a private CA, or a test CA such as pebble).
	Roots string
}

// acmeFlags registers the ACME flags.
func acmeFlags(fs *flag.FlagSet, a *acmeConfig) {
	fs.StringVar(&a.Domain, "acme-domain", env("ACME_DOMAIN", ""), "serve HTTPS for this domain with a certificate from an ACME CA (TLS-ALPN-01: the CA must reach this server as the domain's port 443) (TABLEWARDEN_ACME_DOMAIN)")
	fs.StringVar(&a.Directory, "acme-directory", env("ACME_DIRECTORY", autocert.DefaultACMEDirectory), "the ACME CA's directory URL (TABLEWARDEN_ACME_DIRECTORY)")
	fs.StringVar(&a.Email, "acme-email", env("ACME_EMAIL", ""), "contact address given to the ACME CA, for expiry notices (TABLEWARDEN_ACME_EMAIL)")
	fs.StringVar(&a.Cache, "acme-cache", env("ACME_CACHE", ""), "folder for the ACME account key and certificates; default: acme/ beside the -db file (TABLEWARDEN_ACME_CACHE)")
	fs.StringVar(&a.Roots, "acme-roots", env("ACME_ROOTS", ""), "PEM file of extra root certificates to trust for the ACME directory (a private CA) (TABLEWARDEN_ACME_ROOTS)")
}

// check refuses -acme-domain together with -tls-cert.
func (a acmeConfig) check(c Config) error {
	if a.Domain != "" && c.TLSCert != "" {
		return errors.New("-acme-domain and -tls-cert exclude each other")
	}
	return nil
}

// cacheDir is the folder certificates are kept in: -acme-cache, else
// acme/ in the database file's folder (the working folder for
// PostgreSQL).
func (a acmeConfig) cacheDir(dbPath string) string {
	if a.Cache != "" {
		return a.Cache
	}
	if engine.IsPostgres(dbPath) {
		return "acme"
	}
	return filepath.Join(filepath.Dir(dbPath), "acme")
}

// tlsConfig builds the autocert manager and the TLS configuration that
// obtains, caches and renews the domain's certificate.
func (a acmeConfig) tlsConfig(dbPath string) (*tls.Config, error) {
	client := &acme.Client{DirectoryURL: a.Directory}
	if a.Roots != "" {
		pem, err := os.ReadFile(a.Roots)
		if err != nil {
			return nil, fmt.Errorf("-acme-roots: %w", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("-acme-roots: no certificate in %s", a.Roots)
		}
		client.HTTPClient = &http.Client{Timeout: time.Minute, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	}
	dir := a.cacheDir(dbPath)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("-acme-cache: %w", err)
	}
	m := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		HostPolicy: autocert.HostWhitelist(a.Domain),
		Cache:      autocert.DirCache(dir),
		Email:      a.Email,
		Client:     client,
	}
	return m.TLSConfig(), nil
}
