//go:build vtinterp

package vt

import (
	"context"
	"strings"
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
	}, codeSettings(opts))
}

// explore runs body. vt's interpreter intercepts it and, for the Check call
// being explored, runs body once per execution under its scheduler;
// settings are the options given in code, one NAME=VALUE per line (a
// whole test explored by vt test applies those that shape an execution).
func explore(name string, t *T, body func(), settings string) { body() }

// codeSettings returns the options given in code, one NAME=VALUE per line.
func codeSettings(opts []Option) string {
	var sb strings.Builder
	for _, o := range opts {
		sb.WriteString(o.name + "=" + o.value + "\n")
	}
	return sb.String()
}
