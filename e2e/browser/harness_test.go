package browser_test

import "tablewarden/api/apitest"

// The harness (tablewarden/api/apitest) under the short names these tests
// use.
type (
	testServer = apitest.Server
	table      = apitest.Table
	stream     = apitest.Stream
	handover   = apitest.Handover
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
	driveCaptain        = apitest.DriveCaptain
	timerOf             = apitest.TimerOf
	hasChoice           = apitest.HasChoice
	finishLockupScoring = apitest.FinishLockupScoring
	stationsOf          = apitest.StationsOf
	stationNames        = apitest.StationNames
	bioOf               = apitest.BioOf
)
