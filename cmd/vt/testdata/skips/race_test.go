//go:build race

package skips

const raceEnabled = true
