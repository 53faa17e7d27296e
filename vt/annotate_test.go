package vt

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inGoroutine runs f in a new goroutine and returns what it panicked with.
func inGoroutine(f func()) (panicked any) {
	done := make(chan any)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	return <-done
}

func live() int {
	permissions.mu.Lock()
	defer permissions.mu.Unlock()
	return permissions.tr.Len()
}

func TestGoid(t *testing.T) {
	a := goid()
	assert.Equal(t, a, goid())
	var b any
	require.Nil(t, inGoroutine(func() { b = goid() }))
	assert.NotEqual(t, a, b)
	assert.Positive(t, int64(a))
}

func TestBalancedRegions(t *testing.T) {
	before := live()
	x := new(int)
	s := make([]int, 8)
	m := map[string]int{}
	AcquireR(x)
	AcquireW(x)
	AcquireR(x)
	ReleaseR(x)
	ReleaseW(x)
	ReleaseR(x)
	AcquireW(m)
	ReleaseW(m)
	AcquireW(s)
	AcquireWRange(s, 0, 8)
	AcquireRAt(s, 3)
	ReleaseRAt(s, 3)
	ReleaseWRange(s, 0, 8)
	ReleaseW(s)
	AcquireWRange(s, 4, 4) // empty range
	ReleaseWRange(s, 4, 4)
	assert.Equal(t, before, live(), "every location is back to Null")
}

func TestSharedReadersAndDisjointWriters(t *testing.T) {
	x := new(int)
	s := make([]int, 10)
	AcquireR(x)
	AcquireWRange(s, 0, 5)
	require.Nil(t, inGoroutine(func() {
		AcquireR(x) // two readers: SharedRead
		AcquireWRange(s, 5, 10)
		ReleaseWRange(s, 5, 10)
		ReleaseR(x)
	}))
	ReleaseWRange(s, 0, 5)
	ReleaseR(x)
}

var violation = regexp.MustCompile(`^vt: (\w+\(.*?\)): permission violation on (.*?): goroutine (\d+) (\w+) conflicts with goroutine (\d+) (\w+) \(state (.*)\)$`)

func TestConflictNamesBothGoroutines(t *testing.T) {
	x := new(int)
	me := fmt.Sprint(goid())
	AcquireR(x)
	p := inGoroutine(func() { AcquireW(x) })
	require.IsType(t, "", p)
	m := violation.FindStringSubmatch(p.(string))
	require.NotNil(t, m, "message %q", p)
	assert.Equal(t, "AcquireW(x)", m[1])
	assert.Regexp(t, `^int at 0x[0-9a-f]+$`, m[2])
	assert.NotEqual(t, me, m[3])
	assert.Equal(t, "AcquireW", m[4])
	assert.Equal(t, me, m[5])
	assert.Equal(t, "AcquireR", m[6])
	assert.Equal(t, "PrivateRead(goroutine "+me+", r=1)", m[7])

	// The location stays in violation.
	assert.PanicsWithValue(t, "vt: ReleaseR(x): permission violation on "+m[2]+": goroutine "+me+" ReleaseR on a location already in violation (state Violation)",
		func() { ReleaseR(x) })
}

func TestElementConflicts(t *testing.T) {
	s := make([]int, 10)
	me := fmt.Sprint(goid())

	AcquireWAt(s, 2)
	p := inGoroutine(func() { AcquireRAt(s[2:], 0) }) // the same element through a sub-slice
	require.IsType(t, "", p)
	m := violation.FindStringSubmatch(p.(string))
	require.NotNil(t, m, "message %q", p)
	assert.Equal(t, "AcquireRAt(s, 0)", m[1])
	assert.Equal(t, "AcquireR", m[4])
	assert.Equal(t, me, m[5])
	assert.Equal(t, "AcquireW", m[6])

	AcquireRRange(s, 5, 8)
	p = inGoroutine(func() { AcquireWRange(s, 7, 10) })
	m = violation.FindStringSubmatch(fmt.Sprint(p))
	require.NotNil(t, m, "message %q", p)
	assert.Equal(t, "AcquireWRange(s, 7, 10)", m[1])
	assert.Equal(t, "AcquireR", m[6])
	ReleaseRRange(s, 5, 7) // elements 5 and 6 were not touched by the violation

	// &s[i] is the location of s[i].
	AcquireW(&s[4])
	p = inGoroutine(func() { AcquireWAt(s, 4) })
	assert.Contains(t, fmt.Sprint(p), "conflicts with goroutine "+me+" AcquireW")
	assert.Panics(t, func() { ReleaseW(&s[4]) }, "s[4] stays in violation")

	// The slice as a whole is not its elements.
	AcquireW(s)
	assert.Nil(t, inGoroutine(func() { AcquireWAt(s, 0); ReleaseWAt(s, 0) }))
	ReleaseW(s)

	// Arrays through a pointer.
	var a [3]int
	AcquireWAt(&a, 1)
	assert.Contains(t, fmt.Sprint(inGoroutine(func() { AcquireRAt(a[:], 1) })), "conflicts with goroutine "+me+" AcquireW")
}

func TestMisuseMessages(t *testing.T) {
	var nilp *int
	s := make([]int, 3)
	cases := map[string]func(){
		"vt: AcquireR of nil":        func() { AcquireR(nil) },
		"vt: AcquireW of a nil *int": func() { AcquireW(nilp) },
		"vt: ReleaseW of an empty []int (no backing array to identify)":                 func() { ReleaseW([]int{}) },
		"vt: AcquireR needs a pointer, map, channel or slice, got int":                  func() { AcquireR(3) },
		"vt: AcquireRAt needs a slice or a pointer to an array, got int":                func() { AcquireRAt(3, 0) },
		"vt: AcquireRAt(s, 3): permission index 3 out of range [0, 3)":                  func() { AcquireRAt(s, 3) },
		"vt: ReleaseWAt(s, -1): permission index -1 out of range [0, 3)":                func() { ReleaseWAt(s, -1) },
		"vt: AcquireWRange(s, 1, 4): permission range [1, 4) out of range for length 3": func() { AcquireWRange(s, 1, 4) },
		"vt: AcquireWRange(s, 2, 1): permission range [2, 1) out of range for length 3": func() { AcquireWRange(s, 2, 1) },
	}
	for msg, f := range cases {
		assert.PanicsWithValue(t, msg, f)
	}
	x := new(int)
	me := fmt.Sprint(goid())
	assert.PanicsWithValue(t, "vt: ReleaseR(x): permission violation on int at "+fmt.Sprintf("%p", x)+": goroutine "+me+" ReleaseR without a matching AcquireR; no task holds it (state Null)",
		func() { ReleaseR(x) })
}
