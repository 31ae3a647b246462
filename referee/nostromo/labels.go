package nostromo

import (
	"strings"
)

// Labels: how tokens, Blips and Items are named on screens and in the log.

func tokenLabel(t CrewToken) string {
	return t.Color + " " + strings.ToUpper(t.Kind[:1]) + t.Kind[1:]
}

func tokenValue(t CrewToken) string { return t.Color + "/" + t.Kind }

func blipLabel(k string) string {
	switch k {
	case BlipAlien:
		return "Alien"
	case BlipJonesy:
		return "Jonesy"
	case BlipBreakdown:
		return "Breakdown"
	}
	return k
}

func itemLabel(n string) string {
	if n == FlameThrower {
		return "Flame-thrower"
	}
	return "Motion detector"
}

// difficultyLabel names a difficulty level as the book does.
func difficultyLabel(d string) string {
	switch d {
	case Experienced:
		return "Experienced crew players (blue side of the Alien board)"
	case HardCore:
		return "Hard-core crew players (Veteran: blue side and 2 penalties)"
	}
	return "Novice crew players (green side of the Alien board)"
}

// postureLabel names a posture, "" for none.
func postureLabel(p string) string {
	switch p {
	case Aggressive:
		return "Aggressive"
	case Instinctive:
		return "Instinctive"
	case Focused:
		return "Focused"
	}
	return ""
}
