// Package explore is vt's exploration engine: it runs a target (a vt.Check
// call of a test, a whole test, or a main package) in the interpreter many
// times under a controlled scheduler, classifies each execution, and reports
// the first failing one with a replayable schedule.
package explore

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Options configure an exploration. Every field is set by one entry of
// OptionTable; DefaultOptions and ParseOptions build them from it.
type Options struct {
	Strategy string        // "portfolio", "dpor", "stateful", "regions", "dfs", "random", "pct", "guided" or "jrf"
	PCTDepth int           // depth of pct
	Execs    int           // maximum executions
	Steps    int64         // maximum steps per execution; 0 (auto): only executions that stop making progress are bounded (see autoSteps)
	Preempt  int           // preemption bound of dfs; -1 none; -2 iterative
	Seed     int64         // seed of random choices
	Time     time.Duration // time budget
	Replay   string        // token or file: replay exactly one execution
	Profile  string        // file to write a pprof profile of the exploration to ("" none)
	Corpus   string        // saved schedules: "auto" (replayed unless a strategy is given), "on" or "off"
	HTML     string        // picture of the failing execution: "" none, "on" next to the saved schedule, or a file
	Expect   string        // expected verdict ("" none)
	Sharing  bool          // make the sharing report even if no execution used an annotation (vt annotate)
	Race     string        // race detector: "h", "lockset" or "" (off)
	Trust    []string      // packages whose accesses are not checked for races
	// Guide is the location sequence of the guided strategy (guided.go;
	// empty: generated from the program's lock events).
	Guide []srcLine
	// JRF holds the heuristics of the jrf strategy (jrf.go).
	JRF jrfHeuristics
	// Transactions: a goroutine about to release a lock or perform a go
	// statement, or that just started, goes on without a choice
	// (transactions.go; not under DPOR).
	Transactions bool
	// Clock is when virtual time passes while goroutines can run (see
	// clock.go): a duration (a timer whose deadline is at most that far
	// may fire at any scheduling point where that is observable, one
	// further only when nothing else can make progress), "any" (every
	// timer may fire early) or "synctest" (time passes only when every
	// goroutine is blocked).
	Clock string
	// Enumerate is the largest number of values of a random draw or a map
	// iteration start that dfs enumerates; larger ones are sampled.
	Enumerate int
	// UDPLoss: datagrams may be lost (a choice per datagram).
	UDPLoss bool
	// Short is what testing.Short reports to the explored code (go test
	// -short).
	Short bool
	// Parallel is the number of cores that run executions (see
	// parallel.go); the verdict and the failure reported do not depend
	// on it.
	Parallel int
	// Shard (from 0) of Shards: the exploration explores only its part of
	// the space, for one of Shards CI jobs (set by the shard option, or
	// by a CI engine's variables: shardenv.go). The parts are disjoint and
	// together are the space of the search sharded 1/1: the i-th sample
	// belongs to shard i mod Shards, and each execution of DPOR to the
	// shard of the alternative its first choice of a goroutine takes (mod
	// Shards). A sharded search explores every alternative of that choice
	// (dpor.go), which an unsharded one need not: so that each shard knows
	// them without the others' executions. Shards 0: not sharded.
	Shard, Shards int
	// Resume is where the exploration saves the frontier of its search
	// when its budget ends it, and goes on from on the next run
	// (resume.go): "" nowhere, "on" the package's testdata/vt, or a
	// directory.
	Resume string
	// Given holds the options set explicitly (ParseOptions' settings):
	// in a whole-test exploration, they beat those a vt.Check call gives
	// in code (see codeOptions).
	Given map[string]bool
}

// An OptionSpec declares one option of an exploration, once. Everything
// else about the option follows from it: its field of Options and default
// (DefaultOptions), the validation of its values (ParseOptions, whatever
// set them), the test flag -vt.NAME that package vt registers, the
// environment variable VT_NAME, the flag -NAME of the vt command, and the
// options tables of README.md and of package vt's documentation (tests
// fail when those disagree with OptionTable). Package vt has a constructor
// for each, named like the option with an upper-case first letter
// (vt.Execs).
type OptionSpec struct {
	// Name is the option's name: lower case letters.
	Name string
	// Type is the kind of value, as usage messages show it: int,
	// duration, string, list (comma-separated) or bool (a flag of it may
	// be given without a value: -short is -short=true).
	Type string
	// Default is the value when nothing sets the option, written as a user
	// would write it ("" for none).
	Default string
	// Doc says what the option does, in one line without a final period.
	Doc string
	// OneRun marks options that shape every single execution (not only the
	// search): vt replay takes them too, and the replay command line that
	// a report prints repeats them when they are not the default.
	OneRun bool

	// set parses v into o; its error says what is wanted instead.
	set func(o *Options, v string) error
	// get formats the option's value in o, as set would accept it.
	get func(o *Options) string
}

// EnvVar is the environment variable that sets the option: VT_NAME.
func (s *OptionSpec) EnvVar() string { return "VT_" + strings.ToUpper(s.Name) }

// FuncName is the name of the vt package's constructor of the option.
func (s *OptionSpec) FuncName() string {
	switch s.Name {
	case "html", "jrf":
		return strings.ToUpper(s.Name) // an initialism, as Go spells it
	}
	return strings.ToUpper(s.Name[:1]) + s.Name[1:]
}

// Value formats the option's value in o, in the form the option takes.
func (s *OptionSpec) Value(o *Options) string { return s.get(o) }

// want is the error of a setter: what the value should have been.
func want(what string) error { return errors.New(what) }

// OptionTable declares every option of an exploration, in the order usage
// messages and documentation list them. To add an option, add its entry
// here (and its field to Options, and its constructor to package vt).
var OptionTable = []*OptionSpec{
	{
		Name: "strategy", Type: "string", Default: "portfolio",
		Doc: "strategy: portfolio, dpor, stateful, regions, dfs, random, pct[:N], guided, jrf",
		set: func(o *Options, v string) error {
			s, depth, hasDepth := strings.Cut(v, ":")
			o.PCTDepth = 3
			switch s {
			case "portfolio", "dfs", "dpor", "stateful", "regions", "random", "guided", "jrf":
				if hasDepth {
					return want("portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf")
				}
			case "pct":
				if hasDepth {
					d, err := strconv.Atoi(depth)
					if err != nil || d < 1 {
						return want("pct:DEPTH with DEPTH ≥ 1")
					}
					o.PCTDepth = d
				}
			default:
				return want("portfolio, dpor, stateful, regions, dfs, random, pct, pct:DEPTH, guided or jrf")
			}
			o.Strategy = s
			return nil
		},
		get: func(o *Options) string {
			if o.Strategy == "pct" && o.PCTDepth != 3 {
				return fmt.Sprintf("pct:%d", o.PCTDepth)
			}
			return o.Strategy
		},
	},
	{
		Name: "execs", Type: "int", Default: "100000",
		Doc: "maximum number of executions",
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return want("a positive integer")
			}
			o.Execs = n
			return nil
		},
		get: func(o *Options) string { return strconv.Itoa(o.Execs) },
	},
	{
		Name: "steps", Type: "int", Default: "auto", OneRun: true,
		Doc: "maximum steps of one execution; auto: only a livelock (no progress) is bounded",
		set: func(o *Options, v string) error {
			if v == "auto" {
				o.Steps = 0
				return nil
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return want("a positive integer or auto")
			}
			o.Steps = n
			return nil
		},
		get: func(o *Options) string {
			if o.Steps == 0 {
				return "auto"
			}
			return strconv.FormatInt(o.Steps, 10)
		},
	},
	{
		Name: "preempt", Type: "int", Default: "auto",
		Doc: "preemption bound of dfs: -1 none, auto raised from 0 until exhausted",
		set: func(o *Options, v string) error {
			if v == "auto" {
				o.Preempt = -2
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < -1 {
				return want("an integer ≥ 0, -1 for no bound, or auto")
			}
			o.Preempt = n
			return nil
		},
		get: func(o *Options) string {
			if o.Preempt == -2 {
				return "auto"
			}
			return strconv.Itoa(o.Preempt)
		},
	},
	{
		Name: "seed", Type: "int", Default: "0", OneRun: true,
		Doc: "seed of random strategies and of the program's sampled random draws",
		set: func(o *Options, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return want("an integer")
			}
			o.Seed = n
			return nil
		},
		get: func(o *Options) string { return strconv.FormatInt(o.Seed, 10) },
	},
	{
		Name: "time", Type: "duration", Default: "10s",
		Doc: "wall-clock budget of one exploration (of each test under vt test), e.g. 30s",
		set: func(o *Options, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return want("a positive duration such as 30s")
			}
			o.Time = d
			return nil
		},
		get: func(o *Options) string { return o.Time.String() },
	},
	{
		Name: "replay", Type: "string", Default: "",
		Doc: "replay one execution from a token or a saved file, with its trace",
		set: func(o *Options, v string) error { o.Replay = v; return nil },
		get: func(o *Options) string { return o.Replay },
	},
	{
		Name: "profile", Type: "string", Default: "",
		Doc: "write a pprof profile of the exploration to this file (go tool pprof reads it)",
		set: func(o *Options, v string) error { o.Profile = v; return nil },
		get: func(o *Options) string { return o.Profile },
	},
	{
		Name: "html", Type: "string", Default: "",
		Doc: "draw the failing execution as an HTML page in this file (on: by the saved one)",
		set: func(o *Options, v string) error {
			switch v {
			case "off", "false", "":
				o.HTML = ""
			case "on", "true":
				o.HTML = "on"
			default:
				o.HTML = v
			}
			return nil
		},
		get: func(o *Options) string { return o.HTML },
	},
	{
		Name: "corpus", Type: "string", Default: "auto",
		Doc: "replay saved failures first: auto (unless -strategy), on, off (save none)",
		set: func(o *Options, v string) error {
			switch v {
			case "auto", "on", "off":
				o.Corpus = v
			case "true":
				o.Corpus = "on"
			case "false":
				o.Corpus = "off"
			default:
				return want("auto, on or off")
			}
			return nil
		},
		get: func(o *Options) string { return o.Corpus },
	},
	{
		Name: "expect", Type: "string", Default: "",
		Doc: "verdict to reach: ok, race, region, deadlock, leak, panic, assert or steps",
		set: func(o *Options, v string) error {
			if _, ok := verdictRank[v]; v != "" && (!ok || v == "error") {
				return want("ok, race, region, deadlock, leak, panic, assert or steps")
			}
			o.Expect = v
			return nil
		},
		get: func(o *Options) string { return o.Expect },
	},
	{
		Name: "race", Type: "string", Default: "on", OneRun: true,
		Doc: "race detection: on (happens-before summary h), lockset or off",
		set: func(o *Options, v string) error {
			switch v {
			case "on", "true", "h":
				o.Race = "h"
			case "lockset":
				o.Race = "lockset"
			case "off", "false":
				o.Race = ""
			default:
				return want("on, off, h or lockset")
			}
			return nil
		},
		get: func(o *Options) string {
			switch o.Race {
			case "h":
				return "on"
			case "":
				return "off"
			}
			return o.Race
		},
	},
	{
		Name: "trust", Type: "list", Default: "", OneRun: true,
		Doc: "comma-separated packages whose own accesses are not race-checked",
		set: func(o *Options, v string) error {
			o.Trust = nil
			for _, p := range strings.Split(v, ",") {
				if p = strings.TrimSpace(p); p != "" {
					o.Trust = append(o.Trust, p)
				}
			}
			return nil
		},
		get: func(o *Options) string { return strings.Join(o.Trust, ",") },
	},
	{
		Name: "guide", Type: "list", Default: "",
		Doc: "FILE.go:LINE,... that guided steers executions through (empty: from lock events)",
		set: func(o *Options, v string) error {
			l, err := parseLocations(v)
			o.Guide = l
			return err
		},
		get: func(o *Options) string {
			var s []string
			for _, l := range o.Guide {
				s = append(s, l.String())
			}
			return strings.Join(s, ",")
		},
	},
	{
		Name: "jrf", Type: "list", Default: "WF,WW,ARA,AF",
		Doc: "heuristics of the jrf strategy: any of WF, WW, ARA, AF",
		set: func(o *Options, v string) error {
			h, err := parseJRF(v)
			o.JRF = h
			return err
		},
		get: func(o *Options) string { return o.JRF.String() },
	},
	{
		Name: "transactions", Type: "string", Default: "off", OneRun: true,
		Doc: "on: no choice at lock releases, go, goroutine starts (portfolio's guided: on)",
		set: func(o *Options, v string) error {
			switch v {
			case "on", "true":
				o.Transactions = true
			case "off", "false":
				o.Transactions = false
			default:
				return want("on or off")
			}
			return nil
		},
		get: func(o *Options) string {
			if o.Transactions {
				return "on"
			}
			return "off"
		},
	},
	{
		Name: "clock", Type: "string", Default: defaultClock, OneRun: true,
		Doc: "timers due within it fire at any point, later only when all wait",
		set: func(o *Options, v string) error {
			if _, err := parseClock(v); err != nil {
				return want("any, synctest or a duration such as 1ms")
			}
			o.Clock = v
			return nil
		},
		get: func(o *Options) string { return o.Clock },
	},
	{
		Name: "enumerate", Type: "int", Default: "16",
		Doc: "largest random range or map that dfs enumerates (larger are sampled)",
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return want("an integer ≥ 0")
			}
			o.Enumerate = n
			return nil
		},
		get: func(o *Options) string { return strconv.Itoa(o.Enumerate) },
	},
	{
		Name: "udploss", Type: "string", Default: "off", OneRun: true,
		Doc: "on: every UDP or unixgram datagram sent may be lost (explored)",
		set: func(o *Options, v string) error {
			switch v {
			case "on", "true":
				o.UDPLoss = true
			case "off", "false":
				o.UDPLoss = false
			default:
				return want("on or off")
			}
			return nil
		},
		get: func(o *Options) string {
			if o.UDPLoss {
				return "on"
			}
			return "off"
		},
	},
	{
		Name: "short", Type: "bool", Default: "false", OneRun: true,
		Doc: "testing.Short() reports true in the explored code, as under go test -short",
		set: func(o *Options, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return want("true or false")
			}
			o.Short = b
			return nil
		},
		get: func(o *Options) string { return strconv.FormatBool(o.Short) },
	},
	{
		Name: "parallel", Type: "int", Default: "auto",
		Doc: "cores that run executions; auto: GOMAXPROCS (results do not depend on it)",
		set: func(o *Options, v string) error {
			if v == "auto" {
				o.Parallel = 0
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return want("a positive integer or auto")
			}
			o.Parallel = n
			return nil
		},
		get: func(o *Options) string {
			if o.Parallel == 0 {
				return "auto"
			}
			return strconv.Itoa(o.Parallel)
		},
	},
	{
		Name: "shard", Type: "string", Default: "",
		Doc: "I/N: explore only part I (1..N) of N disjoint parts (default: from CI; off)",
		set: func(o *Options, v string) error {
			o.Shard, o.Shards = 0, 0
			if v == "" || v == "off" {
				return nil
			}
			a, b, ok := strings.Cut(v, "/")
			i, err1 := strconv.Atoi(a)
			n, err2 := strconv.Atoi(b)
			if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
				return want("I/N with 1 ≤ I ≤ N, such as 2/4, or off")
			}
			o.Shard, o.Shards = i-1, n
			return nil
		},
		get: func(o *Options) string {
			if o.Shards == 0 {
				return ""
			}
			return fmt.Sprintf("%d/%d", o.Shard+1, o.Shards)
		},
	},
	{
		Name: "resume", Type: "string", Default: "",
		Doc: "save where the search stops, go on from there next run: on (testdata/vt) or DIR",
		set: func(o *Options, v string) error {
			switch v {
			case "off", "false":
				v = ""
			case "true":
				v = "on"
			}
			o.Resume = v
			return nil
		},
		get: func(o *Options) string { return o.Resume },
	},
}

// ownsSample reports whether the i-th sample of a random or PCT search is
// this shard's.
func (o *Options) ownsSample(i int) bool { return o.Shards <= 1 || i%o.Shards == o.Shard }

// LookupOption returns the entry of OptionTable named name, or nil.
func LookupOption(name string) *OptionSpec {
	for _, s := range OptionTable {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// optionNames lists the names of OptionTable, for messages.
func optionNames() string {
	names := make([]string, len(OptionTable))
	for i, s := range OptionTable {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// DefaultOptions are the options when nothing is set: each OptionSpec's
// Default.
func DefaultOptions() Options {
	var o Options
	for _, s := range OptionTable {
		if err := s.set(&o, s.Default); err != nil {
			panic(fmt.Sprintf("vt: default %q of option %s: want %v", s.Default, s.Name, err))
		}
	}
	return o
}

// ParseOptions applies settings (option name to value) to the defaults.
// Errors name the option and the bad value, the same whether the value came
// from code, a flag or the environment.
func ParseOptions(settings map[string]string) (Options, error) {
	for name := range settings {
		if LookupOption(name) == nil {
			return Options{}, fmt.Errorf("vt: unknown option %q (options: %s)", name, optionNames())
		}
	}
	o := DefaultOptions()
	o.Given = map[string]bool{}
	for _, s := range OptionTable {
		v, ok := settings[s.Name]
		if !ok {
			continue
		}
		o.Given[s.Name] = true
		if err := s.set(&o, v); err != nil {
			return o, fmt.Errorf("vt: bad value %q for option %s: want %v", v, s.Name, err)
		}
	}
	return o, nil
}

// SetFromEnv sets in settings the options whose environment variable
// (VT_NAME) lookup finds, overriding what settings had.
func SetFromEnv(settings map[string]string, lookup func(string) (string, bool)) {
	for _, s := range OptionTable {
		if v, ok := lookup(s.EnvVar()); ok {
			settings[s.Name] = v
		}
	}
}

// DefineFlags defines on fs a flag prefix+NAME for each option that keep
// accepts (nil: all), with usage usagePrefix+Doc and the option's Default
// as the flag's default. A flag given on the command line records its value,
// unchecked, in settings (ParseOptions checks it): an option whose flag is
// not given keeps what the environment or code set.
func DefineFlags(fs *flag.FlagSet, prefix, usagePrefix string, keep func(*OptionSpec) bool, settings map[string]string) {
	for _, s := range OptionTable {
		if keep == nil || keep(s) {
			fs.Var(&optionFlag{spec: s, settings: settings}, prefix+s.Name, usagePrefix+s.Doc)
		}
	}
}

// optionFlag is the flag.Value of an option.
type optionFlag struct {
	spec     *OptionSpec
	settings map[string]string
}

// String returns the value set, or the default (the flag package calls it
// on a zero optionFlag too).
func (f *optionFlag) String() string {
	if f == nil || f.spec == nil {
		return ""
	}
	if v, ok := f.settings[f.spec.Name]; ok {
		return v
	}
	return f.spec.Default
}

// Set records v.
func (f *optionFlag) Set(v string) error {
	f.settings[f.spec.Name] = v
	return nil
}

// OptionType returns the kind of value of the flag's option (OptionSpec.Type),
// for usage messages.
func (f *optionFlag) OptionType() string { return f.spec.Type }

// IsBoolFlag reports whether the flag may be given without a value, as the
// flag package asks: options of Type bool (-short is -short=true).
func (f *optionFlag) IsBoolFlag() bool { return f.spec != nil && f.spec.Type == "bool" }
