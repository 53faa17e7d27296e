// Package cliengine exposes vt's exploration engine (vt/internal/engine) to
// the vt command in cmd/vt, which Go's internal-package rule keeps from
// importing it directly. It is not an API for users: it holds aliases only
// and changes with the engine. (If the engine moves to the module's root
// internal/ directory, cmd/vt can import it and this package can go.)
package cliengine

import "github.com/vtcheck/vt/vt/internal/engine"

// BuildTag is the build tag under which vt loads code into its interpreter.
const BuildTag = engine.BuildTag

type (
	// Target is engine.Target: what an exploration runs.
	Target = engine.Target
	// Options is engine.Options: how it explores.
	Options = engine.Options
	// Result is engine.Result: the outcome of an exploration.
	Result = engine.Result
	// Failure is engine.Failure: a failing execution.
	Failure = engine.Failure
	// GoroutineReport is engine.GoroutineReport: a goroutine in a report.
	GoroutineReport = engine.GoroutineReport
	// Frame is engine.Frame: a stack frame in a report.
	Frame = engine.Frame
	// Step is engine.Step: one scheduling decision of a schedule.
	Step = engine.Step
	// Token is engine.Token: a decoded replay token.
	Token = engine.Token
)

// The engine's functions and tables, under the same names (see package
// vt/internal/engine for their documentation).
var (
	OptionNames    = engine.OptionNames
	OptionUsage    = engine.OptionUsage
	DefaultOptions = engine.DefaultOptions
	ParseOptions   = engine.ParseOptions
	Explore        = engine.Explore
	LoadTests      = engine.LoadTests
	TestPackage    = engine.TestPackage
	ReadToken      = engine.ReadToken
	ParseToken     = engine.ParseToken
	FormatReport   = engine.FormatReport
	JSON           = engine.JSON
	JSONError      = engine.JSONError
	Worst          = engine.Worst
	Coverage       = engine.Coverage
	Interrupt      = engine.Interrupt
)
