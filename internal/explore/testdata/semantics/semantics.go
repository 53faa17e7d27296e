// Package semantics holds tests of what vt models of the world: time that
// passes while goroutines run, randomness and map iteration order as
// inputs. Each test's vt.Check fails only when the explorer makes the
// right choice of time or data (and, for some, of schedule); the engine's
// tests explore them.
package semantics
