package captainisdead

import (
	"slices"

	"tablewarden/referee/kit"
)

// The card-effect moves on the tracks and the alarms.

type trackArgs struct {
	Track  string `json:"track"`
	Source string `json:"source,omitempty"`
}

func offerRaiseTrack(s *State, _ int) *kit.MoveSpec {
	tracks := trackChoices[1:]
	if s.Concealment.Pos < ConcealmentDef.Max() && s.aboard()[Commander] < s.Data.alienSupply[Commander] {
		tracks = trackChoices
	}
	sp := with(specRaiseTrack, choiceArg("track", "Track", tracks), sourceArg)
	if s.ShipControl.Pos == ShipControlDef.Max()-1 {
		sp.Confirm = "Raising Ship Control now reaches WIN! and ends the game."
	}
	return sp
}

// applyRaiseTrack raises the Concealment Level or Ship Control one step by
// a card effect, with its source recorded. While all four Commanders are
// aboard the Concealment Level stays at SET TO KILL. Codes:
// "unknown_track", "track_at_end", "commanders_aboard".
func applyRaiseTrack(t *turn, _ int, a trackArgs) error {
	s := t.S
	src := sourceText(a.Source)
	switch a.Track {
	case ConcealmentDef.Label:
		if s.Concealment.Pos == ConcealmentDef.Max() {
			return kit.Errorf("track_at_end", ruleTrackText, "The Concealment Level is already at 100%%.")
		}
		if s.aboard()[Commander] >= s.Data.alienSupply[Commander] {
			return kit.Errorf("commanders_aboard", ruleHowAliens, "All four Commanders are on the ship: the Concealment Level stays at SET TO KILL.")
		}
		s.Concealment.Pos++
		t.Public("concealment_raised", "The Concealment Level rises to %s (%s).", ConcealmentDef.StepLabel(s.Concealment.Pos), src)
	case ShipControlDef.Label:
		s.raiseShipControl(src, t)
	default:
		return kit.Errorf("unknown_track", ruleTrackText, "There is no track %q.", a.Track)
	}
	return nil
}

func sourceText(src string) string {
	if src == "" {
		return "card effect"
	}
	return src
}

type sourceArgs struct {
	Source string `json:"source,omitempty"`
}

func offerLowerShipControl(s *State, _ int) *kit.MoveSpec {
	if s.ShipControl.Pos == 0 {
		return nil
	}
	return with(specLowerShipControl, sourceArg)
}

// applyLowerShipControl lowers Ship Control one step by a card effect.
// Codes: "track_at_end".
func applyLowerShipControl(t *turn, _ int, a sourceArgs) error {
	s := t.S
	if s.ShipControl.Pos == 0 {
		return kit.Errorf("track_at_end", ruleTrackText, "Ship Control is already at Insane.")
	}
	s.ShipControl.Pos--
	t.Public("ship_control", "Ship Control falls to %s (%s).", ShipControlDef.StepLabel(s.ShipControl.Pos), sourceText(a.Source))
	return nil
}

// AlarmCauses are the alarms the table reports by hand (the others the
// referee sounds itself).
var AlarmCauses = []string{"bell icon", "alert overridden", "card effect"}

// alarmCausePhrases are AlarmCauses as a sentence names them.
var alarmCausePhrases = []string{"a bell icon", "an alert overridden", "a card effect"}

// suppressionPhrases are SuppressionSources as a sentence names them.
var suppressionPhrases = []string{"the Alarm Suppressor tool", "a ship upgrade", "a character or veteran ability", "a Battle Plan"}

type alarmArgs struct {
	Cause  string `json:"cause"`
	Source string `json:"source,omitempty"`
}

func offerSoundAlarm(s *State, _ int) *kit.MoveSpec {
	return with(specSoundAlarm, causeArg, sourceArg)
}

// applySoundAlarm sounds an alarm the referee cannot see by itself: a bell
// icon, an overridden alert, a card effect. Codes: "unknown_cause".
func applySoundAlarm(t *turn, _ int, a alarmArgs) error {
	s := t.S
	if !slices.Contains(AlarmCauses, a.Cause) {
		return kit.Errorf("unknown_cause", ruleAlarms, "An alarm the table sounds comes from %s; %q is none of them.", kit.ListOr(alarmCausePhrases), a.Cause)
	}
	cause := a.Cause
	if a.Source != "" {
		cause += ": " + a.Source
	}
	s.alarm(cause, t)
	return nil
}

type suppressArgs struct {
	Source string `json:"source,omitempty"`
}

func offerArmSuppression(s *State, _ int) *kit.MoveSpec {
	return with(specArmSuppression, enumArg(suppressionArg.Name, suppressionArg.Label, s.heldSuppressions()))
}

// applyArmSuppression arms a suppression that absorbs the next alarm and
// records its source (Alarms). Codes: "unknown_source", those of
// suppressionHeld.
func applyArmSuppression(t *turn, _ int, a suppressArgs) error {
	s := t.S
	if !slices.Contains(SuppressionSources, a.Source) {
		return kit.Errorf("unknown_source", ruleAlarms, "Alarms are suppressed by %s; %q is none of them.", kit.ListOr(suppressionPhrases), a.Source)
	}
	if err := s.suppressionHeld(a.Source); err != nil {
		return err
	}
	s.Suppressions = append(s.Suppressions, a.Source)
	t.Public("suppression_armed", "The %s will suppress the next alarm.", a.Source)
	return nil
}

func offerCancelSuppression(s *State, _ int) *kit.MoveSpec {
	if len(s.Suppressions) == 0 {
		return nil
	}
	sp := specCancelSuppression
	return &sp
}

// applyCancelSuppression disarms the last armed suppression. Codes:
// "no_suppression".
func applyCancelSuppression(t *turn, _ int) error {
	s := t.S
	if len(s.Suppressions) == 0 {
		return kit.Errorf("no_suppression", ruleAlarms, "No suppression is armed.")
	}
	last := s.Suppressions[len(s.Suppressions)-1]
	s.Suppressions = s.Suppressions[:len(s.Suppressions)-1]
	t.Public("suppression_cancelled", "The %s suppression is cancelled.", last)
	return nil
}
