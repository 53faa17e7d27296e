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
	Target          = engine.Target
	Options         = engine.Options
	Result          = engine.Result
	Failure         = engine.Failure
	GoroutineReport = engine.GoroutineReport
	Frame           = engine.Frame
	Step            = engine.Step
	Token           = engine.Token
)

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
	Interrupt      = engine.Interrupt
)
