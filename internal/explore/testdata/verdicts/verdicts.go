// Package verdicts holds tests whose vt.Check calls fail only under a
// particular interleaving, one per verdict; the engine's tests explore them.
package verdicts
