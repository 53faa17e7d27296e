// Package regions holds tests whose vt.Check calls use permission-region
// annotations: conflicting regions in some interleaving (a panic, as the
// annotations panic outside vt), regions that never conflict (ok), and
// misuse of the annotations. The engine's tests explore them.
package regions
