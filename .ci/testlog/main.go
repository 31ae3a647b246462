// Command testlog reads `go test -json` on its standard input and prints
// what a CI log needs: every package's summary line (ok, FAIL, ?), each
// top-level test's result line, and the whole output of every test that
// failed (its t.Log and t.Error lines, which a filtered -v log loses
// among the parallel tests' interleaved lines). It exits 1 when a test or
// a package failed, or when a test printed a SKIPPED line (a missing part:
// Chromium, PostgreSQL, HAProxy, ...), which the end-to-end run refuses.
//
//	go test -json ./e2e/... | go run ./.ci/testlog
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	out := map[string][]string{} // package + test -> its output lines
	failed, skipped := false, []string{}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// Not JSON: a build error or the go command's own words.
			fmt.Println(sc.Text())
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			if strings.Contains(e.Output, "SKIPPED") {
				skipped = append(skipped, strings.TrimRight(e.Output, "\n"))
			}
			if e.Test == "" {
				// The package's own lines: its summary, a panic, a build failure.
				if line := strings.TrimRight(e.Output, "\n"); line != "PASS" && !strings.HasPrefix(line, "=== ") && line != "" {
					fmt.Println(line)
				}
				continue
			}
			out[key] = append(out[key], e.Output)
		case "pass", "skip":
			if !strings.Contains(e.Test, "/") {
				for _, l := range out[key] {
					if strings.HasPrefix(l, "--- ") {
						fmt.Print(l)
					}
				}
			}
			delete(out, key)
		case "fail":
			failed = true
			if e.Test == "" {
				continue
			}
			fmt.Printf("::: output of %s (%s)\n", e.Test, e.Package)
			for _, l := range out[key] {
				fmt.Print(l)
			}
			delete(out, key)
		}
	}
	if len(skipped) > 0 {
		fmt.Println(strings.Join(skipped, "\n"))
		fmt.Println("a suite skipped: a part the tests need is missing")
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}
