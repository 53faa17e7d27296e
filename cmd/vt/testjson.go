package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// testEvent is one event of vt test -json: the shape of go test -json
// (cmd/test2json's TestEvent), so that tools that read go test's stream
// (IDEs, gotestsum, CI reporters) read vt's. The event that ends a test
// (Action pass, fail or skip) carries vt's result in extra fields: those
// of vt check -json (verdict, exhaustive, executions, failure, ...).
type testEvent struct {
	Time    time.Time `json:",omitempty"`
	Action  string
	Package string   `json:",omitempty"`
	Test    string   `json:",omitempty"`
	Elapsed *float64 `json:",omitempty"` // seconds
	Output  string   `json:",omitempty"`
}

// testStream writes vt test's results as test2json events.
type testStream struct {
	w   io.Writer
	now func() time.Time
	// text writes only the events' output, as go test -v prints it
	// (vt test -v), instead of the events.
	text  bool
	pkg   string    // the package started, "" none
	start time.Time // of the package
	fail  bool      // a test of the package failed
	// initErr is the result of the package's initialization when it
	// stopped with an error (packageError), for the package's end event.
	initErr []byte
}

// emit writes one event, with extra (a JSON object, or nil) merged in.
func (s *testStream) emit(ev testEvent, extra []byte) {
	if s.text {
		io.WriteString(s.w, ev.Output)
		return
	}
	ev.Time = s.now()
	data, _ := json.Marshal(ev)
	if len(extra) > 2 && extra[0] == '{' {
		data = append(append(data[:len(data)-1], ','), extra[1:]...)
	}
	s.w.Write(append(data, '\n'))
}

// seconds returns d in seconds, rounded as go test rounds them.
func seconds(d time.Duration) *float64 {
	s := float64(d.Round(time.Millisecond)) / float64(time.Second)
	return &s
}

// startPackage ends the package being reported, if another, and starts pkg.
func (s *testStream) startPackage(pkg string) {
	if s.pkg == pkg {
		return
	}
	s.endPackage()
	s.pkg, s.start, s.fail, s.initErr = pkg, s.now(), false, nil
	s.emit(testEvent{Action: "start", Package: pkg}, nil)
}

// endPackage ends the package being reported, as go test does: PASS or
// FAIL, then ok or FAIL with the package's time.
func (s *testStream) endPackage() {
	if s.pkg == "" {
		return
	}
	el := s.now().Sub(s.start)
	action, word, line := "pass", "PASS", fmt.Sprintf("ok  \t%s\t%.3fs\n", s.pkg, el.Seconds())
	switch {
	case s.fail:
		action, word, line = "fail", "FAIL", fmt.Sprintf("FAIL\t%s\t%.3fs\n", s.pkg, el.Seconds())
	case s.initErr != nil:
		// As go test reports a package it ran no test of.
		action, word, line = "skip", "", fmt.Sprintf("?   \t%s\t[vt: initialization refused]\n", s.pkg)
	}
	if word != "" {
		s.emit(testEvent{Action: "output", Package: s.pkg, Output: word + "\n"}, nil)
	}
	s.emit(testEvent{Action: "output", Package: s.pkg, Output: line}, nil)
	s.emit(testEvent{Action: action, Package: s.pkg, Elapsed: seconds(el)}, s.initErr)
	s.pkg = ""
}

// test reports one test: its run, its output (text, the report vt prints
// without -json), and its end: action "pass", "fail" or "skip" (vt could
// not run it), with vt's result (result, a JSON object) merged in.
func (s *testStream) test(pkg, name, action, text string, elapsed time.Duration, result []byte) {
	s.startPackage(pkg)
	if action == "fail" {
		s.fail = true
	}
	s.emit(testEvent{Action: "run", Package: pkg, Test: name}, nil)
	s.emit(testEvent{Action: "output", Package: pkg, Test: name, Output: "=== RUN   " + name + "\n"}, nil)
	for _, line := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		if line != "" {
			s.emit(testEvent{Action: "output", Package: pkg, Test: name, Output: "    " + strings.TrimSuffix(line, "\n") + "\n"}, nil)
		}
	}
	secs := seconds(elapsed)
	s.emit(testEvent{Action: "output", Package: pkg, Test: name, Output: fmt.Sprintf("--- %s: %s (%.2fs)\n", strings.ToUpper(action), name, *secs)}, nil)
	s.emit(testEvent{Action: action, Package: pkg, Test: name, Elapsed: secs}, result)
}

// packageOutput reports text as the package's output (a note about the
// package, not about one of its tests).
func (s *testStream) packageOutput(pkg, text string) {
	s.startPackage(pkg)
	s.emit(testEvent{Action: "output", Package: pkg, Output: text}, nil)
}

// packageError reports, as the package's output, text: the error of the
// package's initialization (no test of it runs); result (a JSON object)
// goes into the package's end event.
func (s *testStream) packageError(pkg, text string, result []byte) {
	s.startPackage(pkg)
	s.initErr = result
	for _, line := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		s.emit(testEvent{Action: "output", Package: pkg, Output: strings.TrimSuffix(line, "\n") + "\n"}, nil)
	}
}

// toolError reports an error that is no test's (bad flags, packages that
// do not load) as output and a failure of the run.
func (s *testStream) toolError(pkg string, err error, result []byte) {
	s.emit(testEvent{Action: "output", Package: pkg, Output: err.Error() + "\n"}, nil)
	s.emit(testEvent{Action: "fail", Package: pkg, Elapsed: seconds(0)}, result)
}
