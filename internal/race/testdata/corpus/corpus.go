// Package corpus is the labeled race corpus of package race: every test is a
// vt.Check of a small concurrent program, named TestRace... when some
// execution has a data race and TestNoRace... when none has.
package corpus

// config is written by package initialization, before any test runs.
var config = map[string]int{}

func init() {
	config["workers"] = 2
}
