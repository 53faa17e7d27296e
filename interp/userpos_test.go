package interp

import (
	"go/token"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"
)

// testFunction returns a compiled-looking function for frames built by
// hand: the program's own (user) or the Go distribution's, whose one op is
// at pos.
func testFunction(id int, user bool, pos token.Pos) *function {
	f := &function{ssa: &ssa.Function{}, id: id, pos: []token.Pos{pos}, gorootSet: true, goroot: !user}
	f.ready.Store(true)
	return f
}

// TestUserPosDeepLibraryStack pushes 200,000 frames of the Go distribution
// over one frame of the program's own, asking userPos at every push, as a
// library recursing that deep (text/template's exec depth limit) does at
// each mutex operation. With a walk over the stack per question this is
// 2·10^10 frame visits (minutes; TestMaxExecDepth ran 13 k steps/s); with
// userFrame's memo it is linear (milliseconds).
func TestUserPosDeepLibraryStack(t *testing.T) {
	const depth = 200_000
	m := &machine{}
	g := &Goroutine{m: m}
	userFn := testFunction(0, true, 42)
	libFn := testFunction(1, false, 7)
	bottom := m.newFrame(userFn)
	bottom.g, bottom.pc = g, 1

	done := make(chan token.Pos, 1)
	go func() {
		top := bottom
		var got token.Pos
		for range depth {
			nf := m.newFrame(libFn)
			nf.g, nf.caller, nf.pc = g, top, 1
			top = nf
			got = top.userPos(top.pos())
			if got != 42 {
				break
			}
		}
		done <- got
	}()
	select {
	case got := <-done:
		assert.Equal(t, token.Pos(42), got, "the position of the call in the program's own frame")
	case <-time.After(10 * time.Second):
		t.Fatalf("userPos over a %d-frame library stack did not finish in 10 s: it walks the stack at every question", depth)
	}
}

// TestUserPosAfterFrameReuse checks that userFrame's memo does not outlive
// a frame's activation: a library frame released and reused over another
// user frame names that frame's call, not the first one's.
func TestUserPosAfterFrameReuse(t *testing.T) {
	m := &machine{}
	g := &Goroutine{m: m}
	userA := testFunction(0, true, 42)
	userB := testFunction(1, true, 43)
	lib := testFunction(2, false, 7)
	lib2 := testFunction(3, false, 8)

	a := m.newFrame(userA)
	a.g, a.pc = g, 1
	mid := m.newFrame(lib2)
	mid.g, mid.caller, mid.pc = g, a, 1
	top := m.newFrame(lib)
	top.g, top.caller, top.pc = g, mid, 1
	require.Equal(t, token.Pos(42), top.userPos(7))
	require.Same(t, a, mid.user, "the memo is filled on the way")

	// Both library frames return; their functions are called again over
	// another user frame and get the same frames back.
	m.release(top)
	m.release(mid)
	b := m.newFrame(userB)
	b.g, b.pc = g, 1
	mid2 := m.newFrame(lib2)
	require.Same(t, mid, mid2, "the frame is recycled")
	mid2.g, mid2.caller, mid2.pc = g, b, 1
	top2 := m.newFrame(lib)
	top2.g, top2.caller, top2.pc = g, mid2, 1
	assert.Equal(t, token.Pos(43), top2.userPos(7))

	// A library stack with no user frame below: the position itself.
	m.release(top2)
	m.release(mid2)
	lone := m.newFrame(lib2)
	lone.g, lone.pc = g, 1
	top3 := m.newFrame(lib)
	top3.g, top3.caller, top3.pc = g, lone, 1
	assert.Equal(t, token.Pos(7), top3.userPos(7))
	assert.Nil(t, lone.userFrame())
	assert.Nil(t, top3.userFrame())
}

// BenchmarkUserPosDeep measures userPos at the top of a 100,000-frame
// library stack: constant per question once the memo is filled.
func BenchmarkUserPosDeep(b *testing.B) {
	m := &machine{}
	g := &Goroutine{m: m}
	top := m.newFrame(testFunction(0, true, 42))
	top.g, top.pc = g, 1
	lib := testFunction(1, false, 7)
	for range 100_000 {
		nf := m.newFrame(lib)
		nf.g, nf.caller, nf.pc = g, top, 1
		top = nf
	}
	b.ResetTimer()
	for b.Loop() {
		if top.userPos(7) != 42 {
			b.Fatal("wrong position")
		}
	}
}
