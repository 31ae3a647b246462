//go:build unix

package api

import "syscall"

// openFilesLimit is the process's soft RLIMIT_NOFILE (Go raises it to the
// hard limit at startup), or 1024 when it cannot be read.
func openFilesLimit() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur == 0 {
		return 1024
	}
	if rl.Cur > 1<<20 {
		return 1 << 20
	}
	return int(rl.Cur)
}
