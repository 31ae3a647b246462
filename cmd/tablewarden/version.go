package main

import (
	"fmt"
	"io"
	"math"
	"runtime/debug"
)

// version and commit are set by release builds (.ci/release) with
// -ldflags "-X main.version=v1.2.3 -X main.commit=…"; a plain go build or
// go run says "devel" and takes the commit from the build's VCS stamp.
var (
	version = "devel"
	commit  = ""
)

// buildInfo is what "tablewarden version" prints: the version, the commit
// and its time (from the build's VCS stamp, when it was built from a git
// checkout), the Go version, and the soft memory limit in force (tuneGC).
func buildInfo() string {
	rev, when, dirty := commit, "", ""
	goVersion := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.time":
				when = " " + s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = " (modified)"
				}
			}
		}
	}
	if rev == "" {
		rev = "unknown"
	}
	mem := "none"
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		mem = fmt.Sprintf("%d MiB", l>>20)
	}
	return fmt.Sprintf("tablewarden %s\ncommit %s%s%s\n%s\nsoft memory limit %s\n", version, rev, when, dirty, goVersion, mem)
}

func runVersion(stdout io.Writer) error {
	_, err := io.WriteString(stdout, buildInfo())
	return err
}
