// Package explore is vt's exploration engine: it runs a target (a vt.Check
// call of a test, a whole test, or a main package) in the interpreter many
// times under a controlled scheduler, classifies each execution, and reports
// the first failing one with a replayable schedule.
package explore

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// OptionNames are the names of the options, as used by flags (-vt.name),
// environment variables (VT_NAME) and the command line.
var OptionNames = []string{"strategy", "execs", "steps", "preempt", "seed", "time", "replay", "expect", "race", "trust"}

// OptionUsage documents each option.
var OptionUsage = map[string]string{
	"strategy": "vt: exploration strategy: dfs, random, pct or pct:DEPTH",
	"execs":    "vt: maximum number of executions",
	"steps":    "vt: maximum steps (taken branches and calls) of one execution",
	"preempt":  "vt: preemption bound of dfs (-1: none; default: raised iteratively)",
	"seed":     "vt: seed of random choices",
	"time":     "vt: time budget of an exploration, e.g. 60s",
	"replay":   "vt: replay one execution from a token or a file holding one",
	"expect":   "vt: the verdict the exploration must reach (ok, deadlock, leak, panic, assert, steps, race)",
	"race":     "vt: data race detection: on (the happens-before detector h, default), lockset, or off",
	"trust":    "vt: comma-separated package paths whose non-atomic accesses are not checked for races",
}

// Options configure an exploration.
type Options struct {
	Strategy string        // "dfs", "random" or "pct"
	PCTDepth int           // depth of pct
	Execs    int           // maximum executions
	Steps    int64         // maximum steps per execution
	Preempt  int           // preemption bound of dfs; -1 none; -2 iterative
	Seed     int64         // seed of random choices
	Time     time.Duration // time budget
	Replay   string        // token or file: replay exactly one execution
	Expect   string        // expected verdict ("" none)
	Race     string        // race detector: "h", "lockset" or "" (off)
	Trust    []string      // packages whose accesses are not checked for races
}

// DefaultOptions are the options when nothing is set.
func DefaultOptions() Options {
	return Options{Strategy: "dfs", PCTDepth: 3, Execs: 100000, Steps: 1000000, Preempt: -2, Time: 10 * time.Second, Race: "h"}
}

// ParseOptions applies settings (option name to value) to the defaults.
// Errors name the option and the bad value.
func ParseOptions(settings map[string]string) (Options, error) {
	o := DefaultOptions()
	for _, name := range OptionNames {
		v, ok := settings[name]
		if !ok {
			continue
		}
		bad := func(want string) error {
			return fmt.Errorf("vt: bad value %q for option %s: want %s", v, name, want)
		}
		switch name {
		case "strategy":
			s, depth, hasDepth := strings.Cut(v, ":")
			switch s {
			case "dfs", "random":
				if hasDepth {
					return o, bad("dfs, random, pct or pct:DEPTH")
				}
			case "pct":
				if hasDepth {
					d, err := strconv.Atoi(depth)
					if err != nil || d < 1 {
						return o, bad("pct:DEPTH with DEPTH ≥ 1")
					}
					o.PCTDepth = d
				}
			default:
				return o, bad("dfs, random, pct or pct:DEPTH")
			}
			o.Strategy = s
		case "execs":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return o, bad("a positive integer")
			}
			o.Execs = n
		case "steps":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return o, bad("a positive integer")
			}
			o.Steps = n
		case "preempt":
			n, err := strconv.Atoi(v)
			if err != nil || n < -1 {
				return o, bad("an integer ≥ 0, or -1 for no bound")
			}
			o.Preempt = n
		case "seed":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return o, bad("an integer")
			}
			o.Seed = n
		case "time":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return o, bad("a positive duration such as 30s")
			}
			o.Time = d
		case "replay":
			o.Replay = v
		case "race":
			switch v {
			case "on", "true", "h":
				o.Race = "h"
			case "lockset":
				o.Race = "lockset"
			case "off", "false":
				o.Race = ""
			default:
				return o, bad("on, off, h or lockset")
			}
		case "trust":
			o.Trust = nil
			for _, p := range strings.Split(v, ",") {
				if p = strings.TrimSpace(p); p != "" {
					o.Trust = append(o.Trust, p)
				}
			}
		case "expect":
			if _, ok := verdictRank[v]; !ok || v == "error" {
				return o, bad("ok, deadlock, leak, panic, assert, steps or race")
			}
			o.Expect = v
		}
	}
	for name := range settings {
		if _, ok := OptionUsage[name]; !ok {
			return o, fmt.Errorf("vt: unknown option %q (options: %s)", name, strings.Join(OptionNames, ", "))
		}
	}
	return o, nil
}
