//go:build vtinterp

package vt

import (
	"context"
	"testing"
)

// Linearizable, as vt's interpreter runs it: as Check, with one scenario
// per execution (runScenario).
func Linearizable[I, S any](tb testing.TB, spec Spec[I, S], opts ...Option) {
	t := &T{tb: tb, name: tb.Name()}
	t.ctx, t.cancel = context.WithCancel(context.Background())
	explore(tb.Name(), t, func() {
		defer t.finish()
		runScenario(t, &spec)
	}, codeSettings(opts))
}
