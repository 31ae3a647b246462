package jumpship

// The rulebook sections that rule errors and outcomes name.
const (
	ruleSetUp        = "Jumpship › Set Up"
	ruleGameplay     = "Jumpship › Gameplay"
	ruleOnYourTurn   = "Jumpship › On Your Turn"
	ruleBasicTokens  = "Jumpship › Basic Token Rules"
	rulePerformScan  = "Jumpship › Perform a Scan"
	ruleShipRepair   = "Jumpship › Ship Repair"
	ruleQuarantine   = "Jumpship › Part 1: Countdown to Quarantine"
	ruleEject        = "Jumpship › Part 2: Countdown to Eject"
	ruleKill         = "Jumpship › Part 3: Countdown to Kill"
	ruleAbilityChef  = "Jumpship › Special Abilities › Chef"
	ruleAbilityDoc   = "Jumpship › Special Abilities › Doctor"
	ruleAbilityEng   = "Jumpship › Special Abilities › Engineer"
	ruleAbilitySec   = "Jumpship › Special Abilities › Security"
	ruleAbilityDip   = "Jumpship › Special Abilities › Diplomat"
	ruleAbilityPilot = "Jumpship › Special Abilities › Pilot"
	ruleAbilityFM    = "Jumpship › Special Abilities › First Mate"
	ruleAbilityCapt  = "Jumpship › Special Abilities › Captain"
)

// The move types of the catalog.
const (
	MoveDraw         = "draw"
	MoveRedraw       = "redraw"
	MoveGive         = "give"
	MovePlaceRepair  = "place_repair"
	MoveScan         = "scan"
	MoveChef         = "chef_remove_countdown"
	MoveDoctor       = "doctor_move_medical"
	MoveEngineer     = "engineer_remove_repair"
	MoveSecurity     = "security_take_target"
	MoveCaptainBreak = "captain_break_tie"
	MoveQuarantine   = "quarantine"
	MoveKill         = "kill"
	MoveKillNobody   = "kill_nobody"
)

// RedrawBoth is the redraw argument that returns both drawn tokens.
const RedrawBoth = "both"
