package attack_test

import "tablewarden/api/apitest"

// The harness (tablewarden/api/apitest) under the short names these tests
// use.
type (
	testServer = apitest.Server
	table      = apitest.Table
	stream     = apitest.Stream
)

var (
	startServer = apitest.StartServer
	playerName  = apitest.PlayerName
)
