package table

import (
	"fmt"
	"sort"
)

// A Reason is the machine-readable code of a refusal that is no rule of a
// game: the table layer's and the HTTP layer's own (a wrong join code, a
// stale version, a name already taken). Clients read it as the error
// body's "code", beside a game's refusal codes (kit.Code); together they
// tell any two refusals apart. Each is declared once, in Reasons, with
// the application code (and so the HTTP status) it answers with; Refusef
// takes only declared reasons, by their constants.
type Reason string

// The declared reasons, grouped by the status they answer with.
const (
	// 400
	ReasonInvalid           Reason = "invalid"
	ReasonBadJSON           Reason = "bad_json"
	ReasonNotJSON           Reason = "not_json"
	ReasonNotUTF8           Reason = "not_utf8"
	ReasonBadBody           Reason = "bad_body"
	ReasonTooDeep           Reason = "too_deep"
	ReasonUnknownGame       Reason = "unknown_game"
	ReasonUnknownLang       Reason = "unknown_lang"
	ReasonNameEmpty         Reason = "name_empty"
	ReasonNameInvisible     Reason = "name_invisible"
	ReasonNameTooLong       Reason = "name_too_long"
	ReasonNameMixedScripts  Reason = "name_mixed_scripts"
	ReasonNoMoveType        Reason = "no_move_type"
	ReasonBadIdempotencyKey Reason = "bad_idempotency_key"
	ReasonBadSeat           Reason = "bad_seat_number"
	ReasonBadFormat         Reason = "bad_format"
	ReasonMethodNotAllowed  Reason = "method_not_allowed"
	// 401
	ReasonNoToken          Reason = "token_required"
	ReasonBadToken         Reason = "bad_token"
	ReasonBadBoardKey      Reason = "bad_board_key"
	ReasonBadAuthorization Reason = "bad_authorization"
	ReasonNotJoined        Reason = "not_joined"
	// 403
	ReasonNotHost   Reason = "not_host"
	ReasonNotASeat  Reason = "not_a_seat"
	ReasonCrossSite Reason = "cross_site"
	// 404
	ReasonNotFound        Reason = "not_found"
	ReasonUnknownTable    Reason = "unknown_table"
	ReasonUnknownJoinCode Reason = "unknown_join_code"
	ReasonNoSeat          Reason = "no_seat"
	ReasonNoCeiling       Reason = "no_ceiling"
	// 409
	ReasonStale          Reason = "stale"
	ReasonNotStarted     Reason = "not_started"
	ReasonAlreadyStarted Reason = "game_started"
	ReasonNotEnded       Reason = "not_ended"
	ReasonTableLocked    Reason = "table_locked"
	ReasonTableFull      Reason = "table_full"
	ReasonNameTaken      Reason = "name_taken"
	ReasonKeyReused      Reason = "key_reused"
	ReasonSeatAttended   Reason = "seat_attended"
	ReasonRematchExists  Reason = "rematch_exists"
	ReasonNoRematch      Reason = "no_rematch"
	ReasonRematchClaimed Reason = "rematch_claimed"
	// 410
	ReasonHandoverGone Reason = "handover_gone"
	// 413
	ReasonTooLarge Reason = "too_large"
	// 429
	ReasonRateLimited        Reason = "rate_limited"
	ReasonServerBusy         Reason = "server_busy"
	ReasonTooManyConnections Reason = "too_many_connections"
	ReasonTooManyScreens     Reason = "too_many_screens"
	ReasonTooManyBoards      Reason = "too_many_boards"
	ReasonTooManyTables      Reason = "too_many_tables"
	ReasonTooManyJoins       Reason = "too_many_joins"
	ReasonTooManyWrongCodes  Reason = "too_many_wrong_codes"
	// 500, 503
	ReasonInternal           Reason = "internal"
	ReasonStorageUnavailable Reason = "storage_unavailable"
	ReasonShuttingDown       Reason = "shutting_down"
	ReasonNotAcceptable      Reason = "not_acceptable"
)

// ReasonSpec declares one reason: the application code it answers with
// and what it means, in English.
type ReasonSpec struct {
	Reason  Reason
	Code    Code
	Message string
}

// Reasons declares every reason once. The OpenAPI document's
// TableRefusalCode and docs/games.md list them (go generate ./api).
var Reasons = []ReasonSpec{
	{ReasonInvalid, CodeInvalid, "The request is not valid."},
	{ReasonBadJSON, CodeInvalid, "The request body, or a JSON part of it (a move's args, a table's options), is not valid JSON, has trailing data or does not fit the request's fields."},
	{ReasonNotJSON, CodeInvalid, "The request body is not sent as application/json."},
	{ReasonNotUTF8, CodeInvalid, "The request is not valid UTF-8 text; nothing was recorded."},
	{ReasonBadBody, CodeInvalid, "The request body could not be read."},
	{ReasonTooDeep, CodeInvalid, "The request's JSON is nested too deep."},
	{ReasonUnknownGame, CodeInvalid, "No game has this id (GET /api/games lists them)."},
	{ReasonUnknownLang, CodeInvalid, "The table's language is not one the server speaks."},
	{ReasonNameEmpty, CodeInvalid, "A name must have at least one visible character."},
	{ReasonNameInvisible, CodeInvalid, "A name cannot hold invisible, control or text-direction characters."},
	{ReasonNameTooLong, CodeInvalid, "A name is longer than the limit."},
	{ReasonNameMixedScripts, CodeInvalid, "A name cannot mix alphabets."},
	{ReasonNoMoveType, CodeInvalid, "A move needs a type."},
	{ReasonBadIdempotencyKey, CodeInvalid, "The idempotency key is too long, not printable or one of the server's own."},
	{ReasonBadSeat, CodeInvalid, "The seat in the path is not a small whole number."},
	{ReasonBadFormat, CodeInvalid, "The result's format is json or csv."},
	{ReasonMethodNotAllowed, CodeInvalid, "The route does not take this method."},
	{ReasonNoToken, CodeUnauthorized, "The route needs the seat's or the host's token as a Bearer token."},
	{ReasonBadToken, CodeUnauthorized, "This device's token is not valid for this table (removed, or its seat handed to another phone)."},
	{ReasonBadBoardKey, CodeUnauthorized, "The board key is not this table's."},
	{ReasonBadAuthorization, CodeUnauthorized, "The Authorization header is not 'Bearer <token>'."},
	{ReasonNotJoined, CodeUnauthorized, "Only a seat that joined the table, or its host, makes moves."},
	{ReasonNotHost, CodeForbidden, "Only the host can do this."},
	{ReasonNotASeat, CodeForbidden, "Only a seat of this table can claim its seat at the rematch."},
	{ReasonCrossSite, CodeForbidden, "A cross-site request (no X-Requested-With, or a foreign Origin) is refused."},
	{ReasonNotFound, CodeNotFound, "No such page or resource."},
	{ReasonUnknownTable, CodeNotFound, "No table has this id."},
	{ReasonUnknownJoinCode, CodeNotFound, "No table has this join code."},
	{ReasonNoSeat, CodeNotFound, "The table has no such seat."},
	{ReasonNoCeiling, CodeNotFound, "The commit ceiling route needs a SQLite database."},
	{ReasonStale, CodeConflict, "The table has moved on since expected_version: version holds the table's version; nothing was applied."},
	{ReasonNotStarted, CodeConflict, "The game has not started yet."},
	{ReasonAlreadyStarted, CodeConflict, "The game has already started."},
	{ReasonNotEnded, CodeConflict, "The game has not ended yet."},
	{ReasonTableLocked, CodeConflict, "The host has locked the table against new players."},
	{ReasonTableFull, CodeConflict, "The table is full."},
	{ReasonNameTaken, CodeConflict, "Someone at the table already has this name, or one that looks the same."},
	{ReasonKeyReused, CodeConflict, "The idempotency key was already used for another move; nothing was applied."},
	{ReasonSeatAttended, CodeConflict, "A phone holds that seat; only it plays the seat's moves."},
	{ReasonRematchExists, CodeConflict, "This table's rematch has already started."},
	{ReasonNoRematch, CodeConflict, "This table has no rematch yet."},
	{ReasonRematchClaimed, CodeConflict, "The seat at the rematch was already claimed."},
	{ReasonHandoverGone, CodeGone, "The hand-over code was already used or has expired."},
	{ReasonTooLarge, CodeTooLarge, "The request body, or the table's options, is too large."},
	{ReasonRateLimited, CodeRateLimited, "Too many requests; wait a moment."},
	{ReasonServerBusy, CodeRateLimited, "The server is busy (its connections or its live screens); try again shortly."},
	{ReasonTooManyConnections, CodeRateLimited, "Too many open connections from this address."},
	{ReasonTooManyScreens, CodeRateLimited, "This table has as many live screens open as its seats need."},
	{ReasonTooManyBoards, CodeRateLimited, "This table's board is open on as many screens as it may be."},
	{ReasonTooManyTables, CodeRateLimited, "Too many tables created from this address; wait a minute."},
	{ReasonTooManyJoins, CodeRateLimited, "This table has had many joins in the last minute; wait a minute."},
	{ReasonTooManyWrongCodes, CodeRateLimited, "Too many wrong join or hand-over codes from this address; wait."},
	{ReasonInternal, CodeInternal, "Internal error; the server logged it under the request id."},
	{ReasonStorageUnavailable, CodeUnavailable, "Storage is unavailable (disk full, read-only, locked or gone); nothing was recorded."},
	{ReasonShuttingDown, CodeUnavailable, "The server is shutting down."},
	{ReasonNotAcceptable, CodeNotAcceptable, "The file is sent plain, as gzip or as br, and the request accepts none of them."},
}

// reasonCodes maps each declared reason to its application code.
var reasonCodes = func() map[Reason]Code {
	m := make(map[Reason]Code, len(Reasons))
	for _, r := range Reasons {
		if _, dup := m[r.Reason]; dup {
			panic("table: reason declared twice: " + r.Reason)
		}
		m[r.Reason] = r.Code
	}
	return m
}()

// Refusef returns the refusal of a declared reason, with its application
// code and a formatted message a player can read.
func Refusef(r Reason, format string, args ...any) *Error {
	c, ok := reasonCodes[r]
	if !ok {
		panic("table: undeclared reason " + string(r))
	}
	return &Error{Code: c, Reason: r, Message: fmt.Sprintf(format, args...)}
}

// RuleCodes declares the refusals by the rules that the table layer
// itself makes for every game (the undo's, the end's, a rematch's, the
// lobby's seat options), beside the games' own (kit.Info.RefusalCodes):
// they answer 422 with the code and the rule, as a game's do.
var RuleCodes = []struct{ Code, Rule, Message string }{
	{"game_over", "", "The game is over; no more moves are taken."},
	{"nothing_to_undo", "Table › Undo", "There is no move to undo."},
	{"undo_random", "Table › Undo", "The last move drew dice, a shuffle or a draw, so it cannot be undone."},
	{"undo_reveals", "Table › Undo", "The last move revealed hidden information, so it cannot be undone."},
	{"undo_timer", "Table › Undo", "A timer that ran out cannot be undone."},
	{"rematch_started", "Table › Rematch", "This table's rematch has started; this game can no longer change."},
	{"host_not_offered", "Table › Seats and devices", "The host cannot make this move for that seat now; hand the seat to a phone."},
	{"bad_option", "Setup", "A seat option given at the start is not valid."},
	{"system_only", "", "Only the server's clock reports expired timers."},
}

// SortedReasons returns Reasons sorted by reason.
func SortedReasons() []ReasonSpec {
	out := append([]ReasonSpec(nil), Reasons...)
	sort.Slice(out, func(i, j int) bool { return out[i].Reason < out[j].Reason })
	return out
}
