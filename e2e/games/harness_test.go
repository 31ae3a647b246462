package games_test

import "tablewarden/api/apitest"

// The harness (tablewarden/api/apitest) under the short names these tests
// use.
type (
	testServer = apitest.Server
	table      = apitest.Table
)

var (
	startServer         = apitest.StartServer
	playerName          = apitest.PlayerName
	playRandom          = apitest.PlayRandom
	mustJSON            = apitest.MustJSON
	playPreferring      = apitest.PlayPreferring
	hasMove             = apitest.HasMove
	moveTypes           = apitest.MoveTypes
	driveToTimer        = apitest.DriveToTimer
	timerOf             = apitest.TimerOf
	finishLockupScoring = apitest.FinishLockupScoring
	driveCaptain        = apitest.DriveCaptain
)
