package boards_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablewarden/api"
)

// TestBrowserBoardKeyPastStranger: a stranger on
// another address holds all of a table's anonymous board streams; the
// board page opened by the host page's board link (which carries the board
// key) still gets its live stream: a move reaches it without a reload.
func TestBrowserBoardKeyPastStranger(t *testing.T) {
	t.Parallel()
	newCtx := browser(t)
	ts := startServer(t, "", func(c *api.Config) { c.Limits = api.DefaultLimits() })
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	addr := strings.TrimPrefix(ts.URL, "http://")
	stranger := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.3")}, Timeout: 3 * time.Second}
	held, refused := 0, 0
	for i := 0; i < 10; i++ {
		c, err := stranger.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(c, "GET /api/tables/%s/stream?as=board HTTP/1.1\r\nHost: stranger\r\n\r\n", tb.ID)
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Time{})
		switch {
		case strings.Contains(line, " 200 "):
			held++
		case strings.Contains(line, " 429 "):
			refused++
			c.Close()
		}
	}
	if refused == 0 {
		t.Fatalf("the stranger holds %d anonymous board streams and none was refused", held)
	}
	host := newCtx()
	openAs(t, ts, host, boardScreen, tb, "host", tb.Host, 0)
	href := get(t, host, "board link", chromedp.Evaluate[string](`document.getElementById("board-link").getAttribute("href")`))
	if !strings.Contains(href, "key=") {
		t.Fatalf("the host's board link %q carries no board key", href)
	}
	board := newCtx()
	do(t, board, "viewport", chromedp.EmulateViewport(boardScreen.Width, boardScreen.Height))
	do(t, board, "open the board link", chromedp.Navigate(ts.URL+href), chromedp.WaitVisible(css("#log")))
	v0 := bodyVersion(t, board)
	if !playRandom(t, ts, tb, rand.New(rand.NewPCG(35, 4))) {
		t.Fatal("no move to play")
	}
	waitVersion(t, board, v0+1)
	t.Logf("the stranger at 127.0.0.3 holds %d anonymous board streams (%d refused); the board opened by %q got move %d live", held, refused, href, v0+1)
}
