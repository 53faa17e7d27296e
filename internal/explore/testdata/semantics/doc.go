// Package semantics holds the programs of issue 11 (real-world semantics):
// budgets that hold, leaks after the test returned, fair schedules, and
// testing's rules. internal/explore's semantics_test.go explores each test
// function as vt test does (the whole test) or, for TestCheck*, its
// vt.Check call, and asserts the verdict.
package semantics
