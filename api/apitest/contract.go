package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"tablewarden/api"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The API tests check every request and response that goes through the
// test server's client against api/openapi.json, with kin-openapi's
// openapi3filter. A response whose status the document does not list for
// the operation, or whose JSON body the document's schema refuses (the
// fixed objects say additionalProperties: false, so an undocumented field
// is refused), fails the test. A request the document refuses fails the
// test only when the server accepted it (a 2xx or 3xx answer): a test that
// sends a bad request on purpose gets a 4xx, and its response is still
// checked. Paths outside /api/, /healthz and /metrics (the web app) are
// not checked. On a text/event-stream response every event is checked
// against the StreamEvent schema as it arrives, as {"event": its name,
// "data": its data}: an event the document does not name fails.

// openAPIContract is the loaded document and its router, shared by every
// test.
type openAPIContract struct {
	doc    *openapi3.T
	router routers.Router
	event  *openapi3.Schema
}

var (
	contractOnce sync.Once
	contract     *openAPIContract
	contractErr  error
)

// Document returns api/openapi.json, loaded and validated once.
func Document() (*openapi3.T, error) {
	c, err := loadContract()
	if err != nil {
		return nil, err
	}
	return c.doc, nil
}

// loadContract reads and validates api/openapi.json once.
func loadContract() (*openAPIContract, error) {
	contractOnce.Do(func() {
		raw, err := api.OpenAPIDocument(), error(nil)
		if err != nil {
			contractErr = err
			return
		}
		if err := noReadWriteOnly(raw); err != nil {
			contractErr = err
			return
		}
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(raw)
		if err != nil {
			contractErr = fmt.Errorf("openapi.json: %w", err)
			return
		}
		if err := doc.Validate(loader.Context); err != nil {
			contractErr = fmt.Errorf("openapi.json is not a valid OpenAPI document: %w", err)
			return
		}
		router, err := gorillamux.NewRouter(doc)
		if err != nil {
			contractErr = err
			return
		}
		// The PNG of the join QR code is checked as an opaque file.
		openapi3filter.RegisterBodyDecoder("image/png", openapi3filter.FileBodyDecoder)
		event := doc.Components.Schemas["StreamEvent"]
		if event == nil || event.Value == nil {
			contractErr = fmt.Errorf("openapi.json has no StreamEvent schema")
			return
		}
		contract = &openAPIContract{doc: doc, router: router, event: event.Value}
	})
	return contract, contractErr
}

// checkingTransport is an http.RoundTripper that checks each exchange
// against the contract and reports mismatches through report.
type checkingTransport struct {
	base   http.RoundTripper
	report func(format string, args ...any)
}

// NewCheckedClient returns an HTTP client whose exchanges are checked
// against api/openapi.json; a mismatch is a t.Errorf.
func NewCheckedClient(t testing.TB) *http.Client {
	t.Helper()
	if _, err := loadContract(); err != nil {
		t.Fatal(err)
	}
	return &http.Client{Transport: &checkingTransport{base: http.DefaultTransport, report: t.Errorf}}
}

func (ct *checkingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c, _ := loadContract()
	var reqBody []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		reqBody = b
		req.Body = io.NopCloser(bytes.NewReader(b))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	}
	res, err := ct.base.RoundTrip(req)
	if err != nil {
		return res, err
	}
	where := req.Method + " " + req.URL.RequestURI()
	if p := req.URL.Path; !strings.HasPrefix(p, "/api/") && p != "/healthz" && p != "/metrics" {
		// The web app's pages and files are not part of the API (as in
		// TestOpenAPIMatchesRoutes).
		return res, nil
	}
	route, params, ferr := c.router.FindRoute(req)
	if ferr != nil {
		ct.report("openapi: %s = %d: route is not documented: %v", where, res.StatusCode, ferr)
		return res, nil
	}
	// The check's copy of the request carries the body the server got.
	check := req.Clone(context.Background())
	check.Body = io.NopCloser(bytes.NewReader(reqBody))
	in := &openapi3filter.RequestValidationInput{
		Request: check, PathParams: params, Route: route,
		Options: &openapi3filter.Options{
			AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc,
			IncludeResponseStatus: true,
			MultiError:            true,
			// Reports name the path and the reason, not the whole schema.
			SchemaValidationOptions: []openapi3.SchemaValidationOption{openapi3.DisableSchemaErrorDetails()},
		},
	}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && res.StatusCode < 400 {
		ct.report("openapi: %s = %d: the server accepted a request the document refuses: %v (body %.300s)", where, res.StatusCode, err, reqBody)
	}
	mediaType := strings.TrimSpace(strings.Split(res.Header.Get("Content-Type"), ";")[0])
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode, Header: res.Header, Options: in.Options}
	// statusAndHeaders checks the response's status and headers, not its
	// body (checked apart, or event by event).
	statusAndHeaders := func() error {
		opts := *in.Options
		opts.ExcludeResponseBody = true
		out.Options = &opts
		out.SetBodyBytes(nil)
		return openapi3filter.ValidateResponse(context.Background(), out)
	}
	if mediaType == "text/event-stream" {
		if err := statusAndHeaders(); err != nil {
			ct.report("openapi: %s = %d: %v", where, res.StatusCode, err)
		}
		res.Body = &sseChecker{ReadCloser: res.Body, where: where, schema: c.event, report: ct.report}
		return res, nil
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		// A body cut short is the test's concern; it reads the same error.
		return res, nil
	}
	if mediaType == "application/json" {
		// The body by checkJSONBody (why: there).
		err := statusAndHeaders()
		if err == nil {
			err = checkJSONBody(req.Method, route, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
		if err != nil {
			ct.report("openapi: %s = %d: %v", where, res.StatusCode, err)
		}
	} else {
		out.SetBodyBytes(body)
		if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
			ct.report("openapi: %s = %d: %v", where, res.StatusCode, err)
		}
	}
	if err := RefusalCoded(req.Method, res.StatusCode, mediaType, body); err != nil {
		ct.report("openapi: %s = %d: %v", where, res.StatusCode, err)
	}
	return res, nil
}

// checkJSONBody checks a JSON response body against the schema the
// document gives for its operation, status and Content-Type, as
// openapi3filter.ValidateResponse does, but without its response mode
// (openapi3.VisitAsResponse). That mode does two things: it refuses a
// writeOnly property in a response (loadContract refuses a document with
// readOnly or writeOnly anywhere, so there is none to refuse), and it fills
// in defaults, for which it deep-copies the value at every oneOf and anyOf
// and walks the chosen schema twice. A view nests them (the view, each
// offered move, each choice), and that was a third of the api suite's CPU.
func checkJSONBody(method string, route *routers.Route, status int, contentType string, body []byte) error {
	switch {
	case method == http.MethodHead,
		status == http.StatusNotModified, status == http.StatusPermanentRedirect,
		status == http.StatusTemporaryRedirect, status == http.StatusMovedPermanently:
		return nil
	}
	ref := route.Operation.Responses.Status(status)
	if ref == nil {
		ref = route.Operation.Responses.Default()
	}
	if ref == nil || ref.Value == nil || len(ref.Value.Content) == 0 {
		// An undocumented status was reported with the headers.
		return nil
	}
	media := ref.Value.Content.Get(contentType)
	if media == nil {
		return fmt.Errorf("response Content-Type %q is not documented", contentType)
	}
	if media.Schema == nil || media.Schema.Value == nil {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("response body is not JSON: %v", err)
	}
	opts := []openapi3.SchemaValidationOption{openapi3.MultiErrors(), openapi3.DisableSchemaErrorDetails()}
	if route.Spec.IsOpenAPI31OrLater() {
		// As openapi3filter does.
		opts = append(opts, openapi3.EnableJSONSchema2020())
	}
	if err := media.Schema.Value.VisitJSON(v, opts...); err != nil {
		return fmt.Errorf("response body doesn't match schema: %v", err)
	}
	return nil
}

// noReadWriteOnly returns an error naming a readOnly or writeOnly in the
// document's JSON, which checkJSONBody would not check.
func noReadWriteOnly(raw []byte) error {
	var walk func(any) error
	walk = func(n any) error {
		switch n := n.(type) {
		case map[string]any:
			for k, v := range n {
				if k == "readOnly" || k == "writeOnly" {
					return fmt.Errorf("openapi.json has %s: the API tests' response check (checkJSONBody) does not check it", k)
				}
				if err := walk(v); err != nil {
					return err
				}
			}
		case []any:
			for _, v := range n {
				if err := walk(v); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return err
	}
	return walk(doc)
}

// RefusalCoded returns an error when an answer of status 400 or above is
// not the one JSON error with a code: every refusal of every route tells
// a client what it was by its code alone (table.Reasons, a game's
// kit.Code). The checked client runs it on every exchange of the API
// tests. A HEAD answer has no body.
func RefusalCoded(method string, status int, mediaType string, body []byte) error {
	if status < 400 || method == http.MethodHead {
		return nil
	}
	mediaType = strings.TrimSpace(strings.Split(mediaType, ";")[0])
	if mediaType != "application/json" {
		return fmt.Errorf("a refusal answered %s, not the JSON error: %.80q", mediaType, body)
	}
	var e struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == "" || e.Code == "" {
		return fmt.Errorf("a refusal without a code: %.200s", body)
	}
	return nil
}

// sseChecker passes an event stream through and checks each complete
// event against the StreamEvent schema, as {"event": name, "data": data}.
// Checked counts the events checked by name.
type sseChecker struct {
	io.ReadCloser
	where  string
	schema *openapi3.Schema
	report func(format string, args ...any)
	buf    []byte
	event  string
	data   []string
	seen   bool
}

func (s *sseChecker) Read(p []byte) (int, error) {
	n, err := s.ReadCloser.Read(p)
	s.buf = append(s.buf, p[:n]...)
	for {
		i := bytes.IndexByte(s.buf, '\n')
		if i < 0 {
			break
		}
		s.line(strings.TrimSuffix(string(s.buf[:i]), "\r"))
		s.buf = s.buf[i+1:]
	}
	return n, err
}

// line takes one line of the stream; a blank line ends an event (an event
// with neither name nor data, such as the "retry:" line alone, is none).
func (s *sseChecker) line(l string) {
	switch {
	case l == "":
		if s.seen {
			s.check(s.event, strings.Join(s.data, "\n"))
		}
		s.event, s.data, s.seen = "", nil, false
	case strings.HasPrefix(l, "event:"):
		s.event, s.seen = strings.TrimSpace(strings.TrimPrefix(l, "event:")), true
	case strings.HasPrefix(l, "data:"):
		s.data, s.seen = append(s.data, strings.TrimPrefix(strings.TrimPrefix(l, "data:"), " ")), true
	}
}

func (s *sseChecker) check(event, data string) {
	var v any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		s.report("openapi: %s: %s event is not JSON: %v", s.where, event, err)
		return
	}
	checked.Add(event)
	ev := map[string]any{"event": event, "data": v}
	if err := s.schema.VisitJSON(ev, openapi3.MultiErrors(), openapi3.DisableSchemaErrorDetails()); err != nil {
		s.report("openapi: %s: %q event does not match StreamEvent: %v", s.where, event, err)
	}
}

// checked counts the stream events checked against StreamEvent, by name,
// in this test binary (StreamEventsChecked).
var checked = &eventCount{n: map[string]int{}}

type eventCount struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *eventCount) Add(name string) {
	c.mu.Lock()
	c.n[name]++
	c.mu.Unlock()
}

// StreamEventsChecked returns how many stream events of each name the
// checking clients of this test binary have checked against StreamEvent.
func StreamEventsChecked() map[string]int {
	checked.mu.Lock()
	defer checked.mu.Unlock()
	out := map[string]int{}
	for k, v := range checked.n {
		out[k] = v
	}
	return out
}
