// Package timers holds the programs of the clock's rules (the clock option,
// internal/explore/clock.go): tests that guard correct work with a
// generous timeout, poll, beat or back off, which must be ok under the
// default clock (safety_test.go), and timer bugs of real Go projects'
// shapes, each with a timer of at most a millisecond or a zero period
// racing with running code, which the default must still find
// (bugs_test.go).
package timers
