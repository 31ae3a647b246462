package jumpship

import (
	"slices"

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

// DoctorArgs are the arguments of "doctor_move_medical".
type DoctorArgs struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// SeatArgs are the arguments of "captain_break_tie".
type SeatArgs struct {
	Seat int `json:"seat"`
}

// scanNeed returns the Scan tokens a role needs to scan and returns.
func scanNeed(role string) (need, ret int) {
	if role == Scientist {
		return data.Scan.ScientistNeed, data.Scan.ScientistReturn
	}
	return data.Scan.Need, data.Scan.Return
}

// scan looks at another player's Bio ID instead of drawing, in private.
// The scanner returns 3 Scan tokens (the Scientist 2) and keeps the rest.
// Codes: the checkTurn codes, "scanners_offline", "not_enough_scans",
// "unknown_seat", "scan_self", "scan_first_mate".
func (a *applier) scan(m kit.Move) error {
	var args TargetArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	st := a.st
	me := &st.Seats[a.seat]
	if !st.scannersOnline() {
		return kit.Errorf("scanners_offline", ruleShipRepair, "The scanners are offline: scanning needs at least %d Repair tokens on the Ship Repair board (%d now).", data.RepairTrack.ScannersAt, st.Repair)
	}
	need, ret := scanNeed(me.Role)
	if me.Scan < need {
		return kit.Errorf("not_enough_scans", rulePerformScan, "Scanning needs %d Scan tokens; you have %d.", need, me.Scan)
	}
	if err := a.checkSeat(args.Target, rulePerformScan); err != nil {
		return err
	}
	if err := a.checkScanTarget(args.Target); err != nil {
		return err
	}
	me.Scan -= ret
	a.returnToBag(Scan, ret)
	bio := st.Seats[args.Target].BioID
	me.Scans = append(me.Scans, ScanRecord{Target: args.Target, BioID: bio})
	a.reveals = true
	a.public("scanned", "%s returned %d Scan tokens and scanned %s in private.", a.name(a.seat), ret, a.name(args.Target))
	a.private("scan_result", []int{a.seat}, "Your scan: %s's Bio ID is %s.", a.name(args.Target), bio)
	a.endTurn()
	return nil
}

// checkScanTarget refuses scanning oneself and the First Mate.
func (a *applier) checkScanTarget(target int) error {
	switch {
	case target == a.seat:
		return kit.Errorf("scan_self", rulePerformScan, "Scan another player: you know your own Bio ID.")
	case a.st.Seats[target].Role == FirstMate:
		return kit.Errorf("scan_first_mate", ruleAbilityFM, "The First Mate cannot be scanned.")
	}
	return nil
}

// chef removes a Countdown token from an unfinished countdown track instead
// of drawing. Codes: the checkTurn codes, "wrong_role", "unknown_track",
// "track_finished", "no_countdown_to_remove".
func (a *applier) chef(m kit.Move) error {
	var args ChefArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	if err := a.checkRole(Chef, ruleAbilityChef); err != nil {
		return err
	}
	st := a.st
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
	a.returnToBag(Countdown, 1)
	a.public("chef_removed", "%s, the Chef, returned a Countdown token from the %s track to the bag (%d/%d).", a.name(a.seat), trackLabel(i), st.Countdown[i].Count, st.TrackLengths[i])
	a.endTurn()
	return nil
}

// doctor moves a Medical token from one player to another, himself
// included, instead of drawing. Codes: the checkTurn codes, "wrong_role",
// "no_medical_in_play", "unknown_seat", "no_medical_held",
// "medical_to_same_player", "not_aboard".
func (a *applier) doctor(m kit.Move) error {
	var args DoctorArgs
	if err := kit.DecodeArgs(m, &args); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	if err := a.checkRole(Doctor, ruleAbilityDoc); err != nil {
		return err
	}
	st := a.st
	if !slices.ContainsFunc(st.Seats, func(s Seat) bool { return s.Medical > 0 }) {
		return kit.Errorf("no_medical_in_play", ruleAbilityDoc, "No player has a Medical token: the Doctor's ability has no effect.")
	}
	if err := a.checkSeat(args.From, ruleAbilityDoc); err != nil {
		return err
	}
	if err := a.checkSeat(args.To, ruleAbilityDoc); err != nil {
		return err
	}
	switch {
	case st.Seats[args.From].Medical == 0:
		return kit.Errorf("no_medical_held", ruleAbilityDoc, "%s has no Medical token.", a.name(args.From))
	case args.From == args.To:
		return kit.Errorf("medical_to_same_player", ruleAbilityDoc, "The Doctor moves a Medical token from one player to another.")
	case !st.aboard(args.To):
		return kit.Errorf("not_aboard", ruleEject, "%s is %s and can not receive new tokens.", a.name(args.To), st.Seats[args.To].Status)
	}
	st.Seats[args.From].Medical--
	st.Seats[args.To].Medical++
	a.public("doctor_moved", "%s, the Doctor, moved a Medical token from %s to %s.", a.name(a.seat), a.name(args.From), a.name(args.To))
	a.endTurn()
	return nil
}

// engineer removes a Repair token from the Ship Repair board instead of
// drawing; below 5 the scanners go offline. Codes: the checkTurn codes,
// "wrong_role", "no_repair_on_track".
func (a *applier) engineer(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	if err := a.checkRole(Engineer, ruleAbilityEng); err != nil {
		return err
	}
	st := a.st
	if st.Repair == 0 {
		return kit.Errorf("no_repair_on_track", ruleAbilityEng, "The Ship Repair board holds no Repair token.")
	}
	st.Repair--
	a.returnToBag(Repair, 1)
	a.public("engineer_removed", "%s, the Engineer, returned a Repair token to the bag (%d/%d).", a.name(a.seat), st.Repair, data.RepairTrack.Spaces)
	if st.Repair == data.RepairTrack.ScannersAt-1 {
		a.public("scanners_offline", "The scanners are offline again.")
	}
	a.endTurn()
	return nil
}

// security takes a Target token out of the bag instead of drawing. The
// book does not say where it goes: the Security Officer must give it like
// a drawn token (never to himself), and cannot redraw it. Codes: the
// checkTurn codes, "wrong_role", "no_target_in_bag".
func (a *applier) security(m kit.Move) error {
	if err := kit.DecodeArgs(m, &struct{}{}); err != nil {
		return err
	}
	if err := a.checkTurn(PhaseTurn); err != nil {
		return err
	}
	if err := a.checkRole(Security, ruleAbilitySec); err != nil {
		return err
	}
	st := a.st
	if _, ok := st.Bag.Take(Target); !ok {
		return kit.Errorf("no_target_in_bag", ruleAbilitySec, "All %d Target tokens are out of the bag: the Security's ability has no effect.", data.Tokens.Counts[Target])
	}
	st.Hand = []string{Target}
	st.Taken = true
	st.Phase = PhaseGive
	a.public("security_took", "%s, the Security Officer, took a Target token out of the bag and must give it.", a.name(a.seat))
	return nil
}
