package vt

// Benign declares the location ptr points to as one whose data races are
// intended (a statistics counter, a racy cache that tolerates stale reads):
// vt.Check's race detection ignores races on it. Call it in the checked
// function, before the racing accesses. Outside vt's interpreter it does
// nothing; vt intercepts it by name.
func Benign(ptr any) {}
