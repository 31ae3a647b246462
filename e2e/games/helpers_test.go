package games_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"tablewarden/e2e/browsertest"
)

// The shared Chromium harness (tablewarden/e2e/browsertest) under the
// short names these tests use.
type (
	css = chromedp.CSS
)

var (
	phoneScreen        = browsertest.PhoneScreen
	boardScreen        = browsertest.BoardScreen
	tourGames          = browsertest.TourGames
	browser            = browsertest.Browser
	do                 = browsertest.Do
	dump               = browsertest.Dump
	waitTrue           = browsertest.WaitTrue
	waitURL            = browsertest.WaitURL
	waitVersion        = browsertest.WaitVersion
	playToEnd          = browsertest.PlayToEnd
	openAs             = browsertest.OpenAs
	itoa               = browsertest.Itoa
	screenshot         = browsertest.Screenshot
	viewportShot       = browsertest.ViewportShot
	noSideways         = browsertest.NoSideways
	boardFits          = browsertest.BoardFits
	pageText           = browsertest.PageText
	domText            = browsertest.DOMText
	pressMove          = browsertest.PressMove
	tapMove            = browsertest.TapMove
	secretLeaves       = browsertest.SecretLeaves
	expandTerms        = browsertest.ExpandTerms
	restartSame        = browsertest.RestartSame
	waitConfirm        = browsertest.WaitConfirm
	driveToCaptainTurn = browsertest.DriveToCaptainTurn
	secretsStayHome    = browsertest.SecretsStayHome
	bareTerm           = browsertest.BareTerm
)

// get runs one browser action that returns a value, with a time limit.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	return browsertest.Get(t, ctx, what, a)
}
