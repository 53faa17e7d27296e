// Package rewrite holds source-to-source transformations of Go code. Regions
// inserts permission-region annotations (vt.AcquireWAt, vt.ReleaseR, ...)
// around the accesses vt's sharing report names, the narrowest region
// around each (vt annotate runs it in the gradual-permission paper's
// loop: check, annotate, check again); Diff shows a change.
package rewrite
