package jumpship

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// TargetArgs are the arguments of "scan", "quarantine" and "kill".
type TargetArgs struct {
	Target int `json:"target"`
}

// ChefArgs are the arguments of "chef_remove_countdown": the track named
// by its event ("quarantine", "eject", "kill").
type ChefArgs struct {
	Track string `json:"track"`
}

// DoctorArgs are the arguments of "doctor_move_medical": one transfer,
// written "from>to" with seat indices ("2>4": from seat 2 to seat 4). One
// argument, not two, so that the offered choices are exactly the legal
// pairs (a Medical token cannot go back to the player it leaves). The
// earlier form, {"from": 2, "to": 4}, is still accepted from clients that
// send it; the phone sends the offered transfer.
type DoctorArgs struct {
	Transfer string `json:"transfer,omitempty"`
	From     *int   `json:"from,omitempty"`
	To       *int   `json:"to,omitempty"`
}

// transfer writes a Doctor's transfer as its argument value.
func transfer(from, to int) string { return fmt.Sprintf("%d>%d", from, to) }

// parseTransfer reads a Doctor's transfer; ok is false when it is not
// written exactly as transfer writes it.
func parseTransfer(s string) (from, to int, ok bool) {
	a, b, found := strings.Cut(s, ">")
	from, errFrom := strconv.Atoi(a)
	to, errTo := strconv.Atoi(b)
	if !found || errFrom != nil || errTo != nil || transfer(from, to) != s {
		return 0, 0, false
	}
	return from, to, true
}

// The catalog entries of the moves made instead of drawing.
var (
	specScan = kit.MoveSpec{Type: MoveScan, Label: "Scan a player's Bio ID", Rule: rulePerformScan, Group: groupInstead, Primary: true,
		Confirm: "Scan this player? It takes your turn and returns Scan tokens to the bag; only you see the Bio ID.",
		Args:    []kit.ArgSpec{{Name: "target", Label: "Player to scan", Kind: kit.ArgSeat}}}
	specChef = kit.MoveSpec{Type: MoveChef, Label: "Chef: remove a Countdown token", Rule: ruleAbilityChef, Group: groupInstead, Primary: true,
		Args: []kit.ArgSpec{trackArg(trackEvents[:])}}
	specDoctor = kit.MoveSpec{Type: MoveDoctor, Label: "Doctor: move a Medical token", Rule: ruleAbilityDoc, Group: groupInstead, Primary: true,
		Args: []kit.ArgSpec{{Name: "transfer", Label: "Medical token to move", Kind: kit.ArgEnum}}}
	specEngineer = kit.MoveSpec{Type: MoveEngineer, Label: "Engineer: remove a Repair token", Rule: ruleAbilityEng, Group: groupInstead, Primary: true}
	specSecurity = kit.MoveSpec{Type: MoveSecurity, Label: "Security: take a Target from the bag", Rule: ruleAbilitySec, Group: groupInstead, Primary: true}
)

// groupInstead heads the moves a seat may make instead of drawing.
const groupInstead = "Instead of drawing"

// trackArg is the Chef's choice among countdown tracks, by their names.
func trackArg(tracks []string) kit.ArgSpec {
	ch := make([]kit.Choice, len(tracks))
	for i, tr := range tracks {
		ch[i] = kit.Choice{Value: tr, Label: trackLabel(slices.Index(trackEvents[:], tr))}
	}
	return kit.ArgSpec{Name: "track", Label: "Countdown track", Kind: kit.ArgEnum, Choices: ch}
}

// scanNeed returns the Scan tokens a role needs to scan and returns.
func scanNeed(role string) (need, ret int) {
	if role == Scientist {
		return data.Scan.ScientistNeed, data.Scan.ScientistReturn
	}
	return data.Scan.Need, data.Scan.Return
}

// offerScan offers a scan of any other player but the First Mate, once
// the scanners are online and the seat holds enough Scan tokens.
func offerScan(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) || !st.scannersOnline() {
		return nil
	}
	if need, _ := scanNeed(st.Seats[seat].Role); st.Seats[seat].Scan < need {
		return nil
	}
	targets := st.seats(func(i int, s Seat) bool { return i != seat && s.Role != FirstMate })
	if len(targets) == 0 {
		return nil
	}
	return narrow(specScan, st.seatArg("target", "Player to scan", targets))
}

// offerChef offers the Chef the unfinished tracks holding a Countdown.
func offerChef(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) || st.Seats[seat].Role != Chef {
		return nil
	}
	var tracks []string
	for i, tr := range st.Countdown {
		if !tr.Resolved && tr.Count > 0 && tr.Count < st.TrackLengths[i] {
			tracks = append(tracks, trackEvents[i])
		}
	}
	if len(tracks) == 0 {
		return nil
	}
	return narrow(specChef, trackArg(tracks))
}

// offerDoctor offers the Doctor every move of a Medical token from a
// player holding one to another player aboard.
func offerDoctor(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) || st.Seats[seat].Role != Doctor {
		return nil
	}
	var ch []kit.Choice
	for from, s := range st.Seats {
		if s.Medical == 0 {
			continue
		}
		for to, r := range st.Seats {
			if to != from && r.Status == Aboard {
				ch = append(ch, kit.Choice{Value: transfer(from, to), Label: "From " + s.Name + " to " + r.Name})
			}
		}
	}
	if len(ch) == 0 {
		return nil
	}
	a := specDoctor.Args[0]
	a.Choices = ch
	return narrow(specDoctor, a)
}

// offerEngineer offers the Engineer a Repair token to remove.
func offerEngineer(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) || st.Seats[seat].Role != Engineer || st.Repair == 0 {
		return nil
	}
	return narrow(specEngineer)
}

// offerSecurity offers the Security a Target to take from the bag.
func offerSecurity(st *State, seat int) *kit.MoveSpec {
	if !st.turnOf(seat, PhaseTurn) || st.Seats[seat].Role != Security || st.Bag.Count(Target) == 0 {
		return nil
	}
	return narrow(specSecurity)
}

// checkAbility refuses a Special Ability used instead of drawing unless it
// is seat's turn to draw (the checkTurn codes) and seat has role
// ("wrong_role").
func checkAbility(st *State, seat int, role, rule string) error {
	if err := checkTurn(st, seat, PhaseTurn); err != nil {
		return err
	}
	return checkRole(st, seat, role, rule)
}

// checkRole refuses an ability used by another role ("wrong_role").
func checkRole(st *State, seat int, role, rule string) error {
	if got := st.Seats[seat].Role; got != role {
		return kit.Errorf("wrong_role", rule, "Only the %s has this ability; you are the %s.", role, got)
	}
	return nil
}

// scan looks at another player's Bio ID instead of drawing, in private.
// The scanner returns 3 Scan tokens (the Scientist 2) and keeps the rest.
// Codes: the checkTurn codes, "scanners_offline", "not_enough_scans",
// "unknown_seat", "scan_self", "scan_first_mate".
func scan(t *kit.Turn[State], seat int, args TargetArgs) error {
	st := t.S
	if err := checkTurn(st, seat, PhaseTurn); err != nil {
		return err
	}
	me := &st.Seats[seat]
	if !st.scannersOnline() {
		return kit.Errorf("scanners_offline", ruleShipRepair, "The scanners are offline: scanning needs at least %d Repair tokens on the Ship Repair board (%d now).", data.RepairTrack.ScannersAt, st.Repair)
	}
	need, ret := scanNeed(me.Role)
	if me.Scan < need {
		return kit.Errorf("not_enough_scans", rulePerformScan, "Scanning needs %d Scan tokens; you have %d.", need, me.Scan)
	}
	if err := checkSeat(st, args.Target, rulePerformScan); err != nil {
		return err
	}
	if err := checkScanTarget(st, seat, args.Target); err != nil {
		return err
	}
	me.Scan -= ret
	returnToBag(t, Scan, ret)
	bio := st.Seats[args.Target].BioID
	me.Scans = append(me.Scans, ScanRecord{Target: args.Target, BioID: bio})
	t.Reveal()
	t.Public("scanned", "%s returned %d Scan tokens and scanned %s in private.", st.name(seat), ret, st.name(args.Target))
	t.Private("scan_result", fmt.Sprintf("Your scan: %s's Bio ID is %s.", st.name(args.Target), bio), seat)
	endTurn(t)
	return nil
}

// checkScanTarget refuses scanning oneself and the First Mate.
func checkScanTarget(st *State, seat, target int) error {
	switch {
	case target == seat:
		return kit.Errorf("scan_self", rulePerformScan, "Scan another player: you know your own Bio ID.")
	case st.Seats[target].Role == FirstMate:
		return kit.Errorf("scan_first_mate", ruleAbilityFM, "The First Mate cannot be scanned.")
	}
	return nil
}

// chef removes a Countdown token from an unfinished countdown track instead
// of drawing. Codes: the checkTurn codes, "wrong_role", "unknown_track",
// "track_finished", "no_countdown_to_remove".
func chef(t *kit.Turn[State], seat int, args ChefArgs) error {
	st := t.S
	if err := checkAbility(st, seat, Chef, ruleAbilityChef); err != nil {
		return err
	}
	i := slices.Index(trackEvents[:], args.Track)
	switch {
	case i < 0:
		return kit.Errorf("unknown_track", ruleAbilityChef, "There is no countdown track %q (quarantine, eject, kill).", args.Track)
	case st.Countdown[i].Resolved || st.Countdown[i].Count >= st.TrackLengths[i]:
		return kit.Errorf("track_finished", ruleAbilityChef, "The %s track is finished: the Chef may only take from an unfinished track.", trackLabel(i))
	case st.Countdown[i].Count == 0:
		return kit.Errorf("no_countdown_to_remove", ruleAbilityChef, "The %s track holds no Countdown token.", trackLabel(i))
	}
	st.Countdown[i].Count--
	returnToBag(t, Countdown, 1)
	t.Public("chef_removed", "%s, the Chef, returned a Countdown token from the %s track to the bag (%d/%d).", st.name(seat), trackLabel(i), st.Countdown[i].Count, st.TrackLengths[i])
	endTurn(t)
	return nil
}

// doctor moves a Medical token from one player to another, himself
// included, instead of drawing. Codes: the checkTurn codes, "wrong_role",
// "no_medical_in_play", "bad_args" (a transfer not written "from>to"),
// "unknown_seat", "no_medical_held", "medical_to_same_player",
// "not_aboard".
func doctor(t *kit.Turn[State], seat int, args DoctorArgs) error {
	st := t.S
	if err := checkAbility(st, seat, Doctor, ruleAbilityDoc); err != nil {
		return err
	}
	if !slices.ContainsFunc(st.Seats, func(s Seat) bool { return s.Medical > 0 }) {
		return kit.Errorf("no_medical_in_play", ruleAbilityDoc, "No player has a Medical token: the Doctor's ability has no effect.")
	}
	from, to, ok := parseTransfer(args.Transfer)
	if args.Transfer == "" && args.From != nil && args.To != nil {
		from, to, ok = *args.From, *args.To, true
	}
	if !ok {
		return kit.Errorf("bad_args", ruleAbilityDoc, "The Doctor's transfer %q is not of the form from>to.", args.Transfer)
	}
	if err := checkSeat(st, from, ruleAbilityDoc); err != nil {
		return err
	}
	if err := checkSeat(st, to, ruleAbilityDoc); err != nil {
		return err
	}
	switch {
	case st.Seats[from].Medical == 0:
		return kit.Errorf("no_medical_held", ruleAbilityDoc, "%s has no Medical token.", st.name(from))
	case from == to:
		return kit.Errorf("medical_to_same_player", ruleAbilityDoc, "The Doctor moves a Medical token from one player to another.")
	case !st.aboard(to):
		return kit.Errorf("not_aboard", ruleEject, "%s is %s and can not receive new tokens.", st.name(to), st.Seats[to].Status)
	}
	st.Seats[from].Medical--
	st.Seats[to].Medical++
	t.Public("doctor_moved", "%s, the Doctor, moved a Medical token from %s to %s.", st.name(seat), st.name(from), st.name(to))
	endTurn(t)
	return nil
}

// engineer removes a Repair token from the Ship Repair board instead of
// drawing; below 5 the scanners go offline. Codes: the checkTurn codes,
// "wrong_role", "no_repair_on_track".
func engineer(t *kit.Turn[State], seat int) error {
	st := t.S
	if err := checkAbility(st, seat, Engineer, ruleAbilityEng); err != nil {
		return err
	}
	if st.Repair == 0 {
		return kit.Errorf("no_repair_on_track", ruleAbilityEng, "The Ship Repair board holds no Repair token.")
	}
	st.Repair--
	returnToBag(t, Repair, 1)
	t.Public("engineer_removed", "%s, the Engineer, returned a Repair token to the bag (%d/%d).", st.name(seat), st.Repair, data.RepairTrack.Spaces)
	if st.Repair == data.RepairTrack.ScannersAt-1 {
		t.Public("scanners_offline", "The scanners are offline again.")
	}
	endTurn(t)
	return nil
}

// security takes a Target token out of the bag instead of drawing. The
// book does not say where it goes: the Security Officer must give it like
// a drawn token (never to himself), and cannot redraw it. Codes: the
// checkTurn codes, "wrong_role", "no_target_in_bag".
func security(t *kit.Turn[State], seat int) error {
	st := t.S
	if err := checkAbility(st, seat, Security, ruleAbilitySec); err != nil {
		return err
	}
	if _, ok := st.Bag.Take(Target); !ok {
		return kit.Errorf("no_target_in_bag", ruleAbilitySec, "All %d Target tokens are out of the bag: the Security's ability has no effect.", data.Tokens.Counts[Target])
	}
	st.Hand = []string{Target}
	st.Taken = true
	st.Phase = PhaseGive
	t.Public("security_took", "%s, the Security Officer, took a Target token out of the bag and must give it.", st.name(seat))
	return nil
}
