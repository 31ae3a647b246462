package api

// Status is status, for the external tests.
var Status = status
