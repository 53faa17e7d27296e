//go:build !vtinterp

package vt

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/vtcheck/vt/internal/explore"
)

// Linearizable checks that the implementation spec.New makes is
// linearizable with respect to the sequential model of spec (Herlihy and
// Wing): that in every execution of every scenario, the results of the
// operations are those of some sequential order of them that respects
// their real-time order.
//
// A scenario gives each of spec.Threads goroutines spec.OpsPerThread
// operations of spec.Ops. vt explores the scenarios and their
// interleavings with its search, as Check explores a function: the
// scenario is drawn at the start of each execution, choices the search
// enumerates (each operation, then its argument, among at most Enumerate
// values; draws of more are sampled from the Seed, and the output says
// so), so that small scenario spaces are explored exhaustively and larger
// ones sampled, and the replay token of an execution holds its scenario. Each execution runs
// the scenario on a new implementation, records its history (each call and
// return, in the order the scheduler ran them) and checks it against the
// model with porcupine; a history checked once is not checked again. The
// first history that no sequential order explains fails tb with vt's
// report: the scenario, the history, why no order explains it, a file with
// porcupine's picture of it, then the execution's schedule and replay
// token. Races, deadlocks, leaks and panics of the implementation are
// reported as Check reports them. Options are those of Check.
//
// spec.Criterion may ask for a weaker condition than linearizability:
// sequential consistency or quiescent consistency (see [Criterion]).
//
// The model's functions run in the test process, the implementation's in
// vt's interpreter: results are compared by their renderings (see [Op]).
func Linearizable[I, S any](tb testing.TB, spec Spec[I, S], opts ...Option) {
	tb.Helper()
	_, file, line, _ := runtime.Caller(1)
	if err := spec.validate(); err != nil {
		tb.Fatal(err)
	}
	name := tb.Name()
	ck := newLinChecker(spec.linModel(), name)
	unregister, ok := explore.RegisterHost(linHostPrefix+name, ck.Check)
	if !ok {
		tb.Fatalf("vt.Linearizable: test %s runs another vt.Linearizable call at the same time: make them one after the other", name)
	}
	defer unregister()
	callsMu.Lock()
	k := calls[name]
	calls[name]++
	callsMu.Unlock()
	set := settings(opts, os.LookupEnv, flagSettings)
	out, err := explore.CheckCall(name, k, explore.CallSite{File: file, Line: line}, set)
	histories, distinct, scenarios := ck.Stats()
	stats := fmt.Sprintf("vt.Linearizable: %d histories recorded, %d distinct checked by porcupine, from %d scenarios", histories, distinct, scenarios)
	if note := spec.sampledNote(set["enumerate"]); note != "" {
		stats += "\n" + note
	}
	switch {
	case err != nil:
		tb.Fatal(err)
	case out.Failed:
		tb.Errorf("%s\n%s", out.Text, stats)
	default:
		tb.Logf("%s\n%s", out.Text, stats)
	}
}

// sampledNote says, if a scenario draw has more values than the search
// enumerates (enumerate, the option's value; "" its default), that the
// scenarios are sampled: an exhaustive exploration covers the sampled
// values only.
func (spec *Spec[I, S]) sampledNote(enumerate string) string {
	limit := 16
	if n, err := strconv.Atoi(enumerate); err == nil {
		limit = n
	}
	what := ""
	if len(spec.Ops) > limit {
		what = fmt.Sprintf("%d operations", len(spec.Ops))
	}
	for _, op := range spec.Ops {
		if what == "" && len(op.args) > limit {
			what = fmt.Sprintf("%d arguments of %s", len(op.args), op.name)
		}
	}
	if what == "" {
		return ""
	}
	return fmt.Sprintf("vt.Linearizable: note: %s are more than the search enumerates (-enumerate %d): scenarios are sampled from the seed, and \"exhaustive\" covers the sampled ones only (raise vt.Enumerate)", what, limit)
}

// validate says what is wrong with spec, naming the field.
func (spec *Spec[I, S]) validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("vt.Linearizable: "+format, args...))
	}
	if spec.New == nil {
		bad("Spec.New is nil: it makes the implementation under test")
	}
	if spec.Init == nil {
		bad("Spec.Init is nil: it makes the model's initial state")
	}
	if len(spec.Ops) == 0 {
		bad("Spec.Ops is empty: give the operations, made with vt.Call or vt.CallWith")
	}
	if spec.Threads < 0 || spec.Threads > 16 {
		bad("Spec.Threads is %d: give 1 to 16 (0: 2)", spec.Threads)
	}
	if spec.OpsPerThread < 0 || spec.OpsPerThread > 64 {
		bad("Spec.OpsPerThread is %d: give 1 to 64 (0: 2)", spec.OpsPerThread)
	}
	if spec.Criterion < Linearizability || spec.Criterion > QuiescentConsistency {
		bad("Spec.Criterion is %v: give vt.Linearizability, vt.SequentialConsistency or vt.QuiescentConsistency", spec.Criterion)
	}
	seen := map[string]bool{}
	for i, op := range spec.Ops {
		switch {
		case op.run == nil:
			bad("Spec.Ops[%d] is zero: make it with vt.Call or vt.CallWith", i)
			continue
		case op.name == "":
			bad("Spec.Ops[%d] has no name", i)
		case seen[op.name]:
			bad("Spec.Ops[%d]: two operations are named %q", i, op.name)
		case op.missing != "":
			bad("Spec.Ops[%d] (%s): %s is nil", i, op.name, op.missing)
		}
		seen[op.name] = true
	}
	return errors.Join(errs...)
}

// linModel is spec's model for the checker (linearizable_lin.go).
func (spec *Spec[I, S]) linModel() linModelFuncs {
	cs := spec.choices()
	return linModelFuncs{
		Fingerprint: spec.fingerprint(),
		Criterion:   spec.Criterion,
		Choices:     len(cs),
		Init:        func() any { return spec.Init() },
		Step: func(st any, input int) (next any, output string, err error) {
			c := cs[input]
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("the model of %s panicked: %v", spec.describe(c), r)
				}
			}()
			s, out := spec.Ops[c.op].model(st.(S), c.arg)
			return s, render(out), nil
		},
		Key:      func(st any) string { return render(st) },
		Describe: func(input int) string { return spec.describe(cs[input]) },
	}
}
