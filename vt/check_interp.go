//go:build vtinterp

package vt

import (
	"context"
	"testing"
)

// Check, as vt's interpreter runs it: it hands the function to explore,
// which vt intercepts to make this call the root of its exploration.
func Check(tb testing.TB, fn func(*T), opts ...Option) {
	t := &T{tb: tb, name: tb.Name()}
	// The context is made before the exploration's snapshot: each
	// execution starts with it as it was, not canceled.
	t.ctx, t.cancel = context.WithCancel(context.Background())
	explore(tb.Name(), t, func() {
		defer t.finish()
		fn(t)
	})
}

// explore runs body. vt's interpreter intercepts it and, for the Check call
// being explored, runs body once per execution under its scheduler.
func explore(name string, t *T, body func()) { body() }
