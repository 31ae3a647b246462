// Package web holds the phone UI: plain HTML, CSS and JS embedded in the
// binary, with no build step. Every UI string goes through the message
// catalog in static/i18n.js.
package web

import "embed"

// Static is the embedded files under static/.
//
//go:embed static
var Static embed.FS
