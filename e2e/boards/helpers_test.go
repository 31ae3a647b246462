package boards_test

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
	phoneScreen     = browsertest.PhoneScreen
	boardScreen     = browsertest.BoardScreen
	tourGames       = browsertest.TourGames
	browser         = browsertest.Browser
	do              = browsertest.Do
	pollJS          = browsertest.PollJS
	waitTrue        = browsertest.WaitTrue
	waitVersion     = browsertest.WaitVersion
	playToEnd       = browsertest.PlayToEnd
	jsString        = browsertest.JSString
	onEveryDocument = browsertest.OnEveryDocument
	krakenTable     = browsertest.KrakenTable
	putAway         = browsertest.PutAway
	takeOut         = browsertest.TakeOut
	bodyVersion     = browsertest.BodyVersion
	openAs          = browsertest.OpenAs
	itoa            = browsertest.Itoa
	screenshot      = browsertest.Screenshot
	viewportShot    = browsertest.ViewportShot
	boardFits       = browsertest.BoardFits
	pageText        = browsertest.PageText
)

// get runs one browser action that returns a value, with a time limit.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	return browsertest.Get(t, ctx, what, a)
}
