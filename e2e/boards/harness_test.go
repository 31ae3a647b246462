package boards_test

import "tablewarden/api/apitest"

// The harness (tablewarden/api/apitest) under the short names these tests
// use.
type (
	testServer = apitest.Server
	table      = apitest.Table
)

var (
	startServer    = apitest.StartServer
	playRandom     = apitest.PlayRandom
	playPreferring = apitest.PlayPreferring
	driveToTimer   = apitest.DriveToTimer
	driveCaptain   = apitest.DriveCaptain
	timerOf        = apitest.TimerOf
)
