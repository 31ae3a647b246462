package browser_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/e2e/browsertest"
)

// The shared Chromium harness (tablewarden/e2e/browsertest) under the
// short names these tests use.
type (
	css    = chromedp.CSS
	device = browsertest.Device
)

var (
	phoneScreen        = browsertest.PhoneScreen
	boardScreen        = browsertest.BoardScreen
	tourGames          = browsertest.TourGames
	browser            = browsertest.Browser
	fullBrowser        = browsertest.FullBrowser
	do                 = browsertest.Do
	dump               = browsertest.Dump
	pollJS             = browsertest.PollJS
	waitTrue           = browsertest.WaitTrue
	waitURL            = browsertest.WaitURL
	waitVersion        = browsertest.WaitVersion
	jsString           = browsertest.JSString
	onEveryDocument    = browsertest.OnEveryDocument
	krakenTable        = browsertest.KrakenTable
	putAway            = browsertest.PutAway
	takeOut            = browsertest.TakeOut
	bodyVersion        = browsertest.BodyVersion
	openAs             = browsertest.OpenAs
	itoa               = browsertest.Itoa
	screenshot         = browsertest.Screenshot
	screenshotOf       = browsertest.ScreenshotOf
	viewportShot       = browsertest.ViewportShot
	noSideways         = browsertest.NoSideways
	boardFits          = browsertest.BoardFits
	pageText           = browsertest.PageText
	domText            = browsertest.DOMText
	heldSecrets        = browsertest.HeldSecrets
	fillPickers        = browsertest.FillPickers
	pressMove          = browsertest.PressMove
	tapMove            = browsertest.TapMove
	declareLoss        = browsertest.DeclareLoss
	gameMessages       = browsertest.GameMessages
	secretLeaves       = browsertest.SecretLeaves
	expandTerms        = browsertest.ExpandTerms
	restartSame        = browsertest.RestartSame
	newRand            = browsertest.NewRand
	waitConfirm        = browsertest.WaitConfirm
	driveToCaptainTurn = browsertest.DriveToCaptainTurn
	secretsOfStayHome  = browsertest.SecretsOfStayHome
	secretsStayHome    = browsertest.SecretsStayHome
)

// get runs one browser action that returns a value, with a time limit.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	return browsertest.Get(t, ctx, what, a)
}
