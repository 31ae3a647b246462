package api

import (
	"github.com/labstack/echo/v4"
)

// closeAfterChunked answers a request that came with Transfer-Encoding and
// then closes its connection. net/http reads such a request by its chunks
// and drops a Content-Length beside them, so a request smuggled after the
// body (a front proxy that went by the Content-Length would take it for
// part of the body) would otherwise be read and answered as the next one
// on the connection. RFC 9112 §6.1 asks a server that receives both
// headers to close the connection after its answer; net/http removes the
// Content-Length before a handler can see it, so every request with a
// Transfer-Encoding is answered so. No browser sends a request body in
// chunks, and the rare client that does only loses its keep-alive.
func closeAfterChunked(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if len(c.Request().TransferEncoding) > 0 {
			c.Response().Header().Set(echo.HeaderConnection, "close")
		}
		return next(c)
	}
}
