package explore

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"
)

// maxScheduleLines bounds the schedule printed in a text report.
const maxScheduleLines = 40

// FormatReport formats a result for people: the failure with its
// goroutines, the schedule, and how to replay it. runCmd is the command
// that replays it without the token (e.g. "go test -run '^TestX$'").
func FormatReport(r *Result, name, runCmd string) string {
	var sb strings.Builder
	f := r.Failure
	if f == nil || f.Kind == "ok" {
		fmt.Fprintf(&sb, "vt: %s: no failure in %d executions (%s)", name, r.Executions, Coverage(r))
		writeWarnings(&sb, r.Warnings)
		if f != nil {
			writeSchedule(&sb, f.Schedule, f.Points)
		}
		return sb.String()
	}
	fmt.Fprintf(&sb, "vt: %s found in execution %d of %s (%s, %s):\n", f.Kind, f.Execution, name, r.Strategy, r.Elapsed.Round(1e6))
	for _, line := range strings.Split(f.Message, "\n") {
		sb.WriteString("    " + line + "\n")
	}
	writeGoroutines(&sb, f.Goroutines)
	if len(f.Logs) > 0 {
		sb.WriteString("\nlog:\n")
		for _, l := range f.Logs {
			sb.WriteString("    " + l + "\n")
		}
	}
	writeWarnings(&sb, r.Warnings)
	writeSchedule(&sb, f.Schedule, f.Points)
	fmt.Fprintf(&sb, "\nreplay: %s -vt.replay=%s\n", runCmd, f.Replay)
	sb.WriteString(Notes(r))
	if f.SavedTo != "" {
		fmt.Fprintf(&sb, "saved: %s (replayed first on every run)\n", relPath(f.SavedTo))
	}
	if f.Picture != "" {
		fmt.Fprintf(&sb, "picture: %s\n", relPath(f.Picture))
	}
	return sb.String()
}

// Notes returns the notes of r (Result.Notes), a line "note: ..." each.
func Notes(r *Result) string {
	var sb strings.Builder
	for _, n := range r.Notes {
		sb.WriteString("note: " + n + "\n")
	}
	sb.WriteString(FormatSharing(r.Sharing))
	return sb.String()
}

// writeWarnings writes the warnings of a result, one per line.
func writeWarnings(sb *strings.Builder, ws []string) {
	if len(ws) == 0 {
		return
	}
	sb.WriteString("\nwarning (lockset):\n")
	for _, w := range ws {
		sb.WriteString("    " + w + "\n")
	}
}

// Coverage says how much of the space of schedules r explored:
// "exhaustive", "exhaustive up to 2 preemptions", "sampled with random, not
// exhaustive", "sampled with dfs, time budget spent, not exhaustive" or
// "interrupted, not exhaustive".
func Coverage(r *Result) string {
	switch {
	case r.Interrupted:
		return "interrupted, not exhaustive"
	case r.Budget == "time" && r.StoppedIn > 0:
		return fmt.Sprintf("sampled with %s, time budget spent in execution %d, not exhaustive", r.Strategy, r.StoppedIn)
	case r.Budget == "time":
		return fmt.Sprintf("sampled with %s, time budget spent, not exhaustive", r.Strategy)
	case r.Exhaustive && r.Bound < 0:
		return "exhaustive"
	case r.Exhaustive:
		if r.Bound == 1 {
			return "exhaustive up to 1 preemption"
		}
		return fmt.Sprintf("exhaustive up to %d preemptions", r.Bound)
	}
	return fmt.Sprintf("sampled with %s, not exhaustive", r.Strategy)
}

func writeSchedule(sb *strings.Builder, steps []Step, total int) {
	if len(steps) == 0 {
		return
	}
	start := 0
	switch {
	case total > len(steps):
		start = max(len(steps)-maxScheduleLines, 0)
		fmt.Fprintf(sb, "\nschedule (%d steps; the last %d of the first %d recorded):\n", total, len(steps)-start, len(steps))
	case len(steps) > maxScheduleLines:
		start = len(steps) - maxScheduleLines
		fmt.Fprintf(sb, "\nschedule (last %d of %d steps):\n", maxScheduleLines, len(steps))
	default:
		fmt.Fprintf(sb, "\nschedule (%d steps):\n", len(steps))
	}
	for i := start; i < len(steps); i++ {
		s := steps[i]
		who := fmt.Sprintf("goroutine %-3d", s.G)
		if s.G == 0 {
			who = fmt.Sprintf("%-13s", "the clock") // time passes: no goroutine's step
		}
		op := s.Op
		if s.Early != "" {
			op += " early"
		}
		fmt.Fprintf(sb, "    %4d  %s %-24s %s\n", i+1, who, op, shortPos(s.Pos))
	}
	writeEarly(sb, steps)
}

// writeEarly says which timers of a schedule fired early: while goroutines
// could still run, because their deadline was close (the clock option). A
// failure after one is one a slow or loaded machine shows, a flaky test
// rather than a wrong order of operations alone.
func writeEarly(sb *strings.Builder, steps []Step) {
	for i, s := range steps {
		if s.Early == "" {
			continue
		}
		fmt.Fprintf(sb, "    step %d: the timer set at %s fired early (its deadline %s away) while goroutines could still run: a slow or loaded machine does this (see the clock option)\n", i+1, shortPos(s.Pos), s.Early)
	}
}

func shortPos(pos string) string {
	if pos == "" || pos == "-" {
		return ""
	}
	return filepath.Base(pos)
}

func relPath(p string) string {
	sep := string(filepath.Separator)
	if i := strings.LastIndex(p, sep+"testdata"+sep+"vt"+sep); i >= 0 {
		return p[i+1:]
	}
	return p
}

// jsonResult is the -json shape of a result.
type jsonResult struct {
	Name    string `json:"name,omitempty"`
	Verdict string `json:"verdict"`
	// Strategy is the strategy explored with (portfolio, dpor, ...).
	Strategy string `json:"strategy,omitempty"`
	// Shard is the part of the space explored, "I/N" (Options.Shard;
	// absent: all of it): vt merge combines the shards' results.
	Shard      string `json:"shard,omitempty"`
	Exhaustive bool   `json:"exhaustive"`
	// Exhausted is Exhaustive under its other name: no schedule (under
	// the bound, if any) was left out.
	Exhausted   bool         `json:"exhausted"`
	Bound       *int         `json:"bound,omitempty"` // the preemption bound an exhausted search was under
	Executions  int          `json:"executions"`
	SleepPruned int          `json:"sleep_pruned,omitempty"`
	States      int          `json:"states,omitempty"`         // stored by the stateful strategy
	Matched     int          `json:"states_matched,omitempty"` // executions it ended at a stored state
	FoundBy     string       `json:"found_by,omitempty"`
	Steps       int64        `json:"steps"`
	ElapsedMS   int64        `json:"elapsed_ms"`
	Budget      string       `json:"budget,omitempty"`
	Failure     *jsonFailure `json:"failure,omitempty"`
	Warnings    []string     `json:"warnings,omitempty"`
	Notes       []string     `json:"notes,omitempty"`
	Skipped     string       `json:"skipped,omitempty"`
	Unexplored  string       `json:"unexplored,omitempty"`
	SetupMS     int64        `json:"setup_ms,omitempty"`
	Error       string       `json:"error,omitempty"`
	// Tests is, with the error of a package's initialization, the number
	// of the package's tests it kept from running (JSONInitError).
	Tests int `json:"tests,omitempty"`
	// Sharing is the sharing report, when one was made (an empty list:
	// every shared access is in a region).
	Sharing *[]SharedLocation `json:"sharing,omitempty"`
}

type jsonFailure struct {
	Kind       string            `json:"kind"`
	Message    string            `json:"message"`
	Goroutines []GoroutineReport `json:"goroutines"`
	Schedule   []Step            `json:"schedule"`
	Replay     string            `json:"replay"`
	Execution  int               `json:"execution,omitempty"` // which execution failed (from 1)
	// The -json form is an excerpt, so that one event stays small
	// (maxJSONSteps, maxJSONGoroutines): ScheduleSteps is the length of
	// the whole schedule, ScheduleFirst the number (from 1) of the first
	// step listed, GoroutinesTotal the goroutines reported; Saved is the
	// schedule file, whose replay shows the rest.
	ScheduleSteps   int    `json:"schedule_steps,omitempty"`
	ScheduleFirst   int    `json:"schedule_first,omitempty"`
	GoroutinesTotal int    `json:"goroutines_total,omitempty"`
	Saved           string `json:"saved,omitempty"`
}

// Bounds of a failure's -json form: the steps that lead to the failure
// (the last ones), the goroutines reported first, the frames of each, and
// the message, so that one event of vt test -json stays under 64 KB.
const (
	maxJSONSteps      = 200
	maxJSONGoroutines = 32
	maxJSONFrames     = 32
	maxJSONMessage    = 8 << 10
)

// jsonFailureOf returns the bounded -json form of f.
func jsonFailureOf(f *Failure) *jsonFailure {
	j := &jsonFailure{Kind: f.Kind, Message: f.Message, Goroutines: f.Goroutines, Schedule: f.Schedule, Replay: f.Replay, Execution: f.Execution, Saved: f.SavedTo}
	if total := max(f.Points, len(f.Schedule)); total > len(f.Schedule) || len(f.Schedule) > maxJSONSteps {
		j.ScheduleSteps = total
		first := max(len(f.Schedule)-maxJSONSteps, 0)
		j.Schedule = f.Schedule[first:]
		j.ScheduleFirst = first + 1
	}
	if len(f.Goroutines) > maxJSONGoroutines {
		j.GoroutinesTotal = len(f.Goroutines)
		j.Goroutines = f.Goroutines[:maxJSONGoroutines]
	}
	copied := false
	for i, g := range j.Goroutines {
		if len(g.Stack) > maxJSONFrames {
			if !copied { // the result's reports stay whole
				j.Goroutines, copied = append([]GoroutineReport(nil), j.Goroutines...), true
			}
			j.Goroutines[i].Stack = g.Stack[:maxJSONFrames]
		}
	}
	if len(j.Message) > maxJSONMessage {
		cut := maxJSONMessage
		for cut > 0 && !utf8.RuneStart(j.Message[cut]) {
			cut--
		}
		j.Message = fmt.Sprintf("%s\n… (%d bytes more; replay shows all)", j.Message[:cut], len(j.Message)-cut)
	}
	return j
}

// JSON returns the -json form of a result (one object, one line).
func JSON(r *Result, name string) []byte {
	j := jsonResult{Name: name, Verdict: r.Verdict, Strategy: r.Strategy, Shard: r.Shard, Exhaustive: r.Exhaustive, Exhausted: r.Exhaustive, Executions: r.Executions,
		SleepPruned: r.SleepPruned, FoundBy: r.FoundBy, States: r.States, Matched: r.StatesMatched,
		Steps: r.Steps, ElapsedMS: r.Elapsed.Milliseconds(), Warnings: r.Warnings, Budget: r.Budget, Notes: r.Notes, Skipped: r.Skipped,
		Unexplored: r.Unexplored, SetupMS: r.Setup.Milliseconds()}
	if r.Sharing != nil {
		j.Sharing = &r.Sharing
	}
	if r.Exhaustive && r.Bound >= 0 {
		j.Bound = &r.Bound
	}
	if f := r.Failure; f != nil && f.Kind != "ok" {
		j.Failure = jsonFailureOf(f)
	}
	data, _ := json.Marshal(j)
	return data
}

// JSONError returns the -json form of a tool error.
func JSONError(name string, err error) []byte {
	data, _ := json.Marshal(jsonResult{Name: name, Verdict: "error", Error: err.Error()})
	return data
}

// JSONInitError is JSONError for the error of a package's initialization
// (InitError), reported once for the package's tests, n of them.
func JSONInitError(n int, err error) []byte {
	data, _ := json.Marshal(jsonResult{Name: "init", Verdict: "error", Error: err.Error(), Tests: n})
	return data
}

// verdictRank orders verdicts from best to worst, for summaries.
var verdictRank = map[string]int{"ok": 0, "unexplored": 1, "steps": 2, "leak": 3, "assert": 4, "deadlock": 5, "panic": 6, "region": 7, "race": 8, "error": 9}

// Worst returns the worse of two verdicts.
func Worst(a, b string) string {
	if verdictRank[b] > verdictRank[a] {
		return b
	}
	return a
}

var testNameRE = regexp.MustCompile(`[^A-Za-z0-9_]`)

// runPattern returns a -run pattern that selects exactly test name (with
// its subtest path).
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + testNameRE.ReplaceAllStringFunc(p, func(s string) string { return `\` + s }) + "$"
	}
	return strings.Join(parts, "/")
}
