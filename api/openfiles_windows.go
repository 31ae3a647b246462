package api

// openFilesLimit is what Windows allows: it has no RLIMIT_NOFILE, and the
// C runtime's stream limit does not bound sockets, so the cap is the same
// 1024 that Unix gets when its limit cannot be read.
func openFilesLimit() int { return 1024 }
