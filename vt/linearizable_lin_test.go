//go:build !vtinterp

package vt

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A register: input 0 writes 1, input 1 writes 2, input 2 reads.
func register() linModelFuncs {
	return linModelFuncs{
		Fingerprint: "reg",
		Choices:     3,
		Init:        func() any { return 0 },
		Step: func(st any, in int) (any, string, error) {
			if in == 2 {
				return st, fmt.Sprintf("%#v", st), nil
			}
			return in + 1, "struct {}{}", nil
		},
		Key:      func(st any) string { return fmt.Sprintf("%#v", st) },
		Describe: func(in int) string { return []string{"Write(1)", "Write(2)", "Read()"}[in] },
	}
}

// Thread 0 writes 1 then thread 1 reads: sequential, so the read must see 1.
const sequentialRead = "reg\n2 1\nc 0 0 0\nr 0 0 \"struct {}{}\"\nc 1 0 2\nr 1 0 %q\n"

// The same operations, overlapping: the read may see 0 or 1.
const overlappingRead = "reg\n2 1\nc 0 0 0\nc 1 0 2\nr 0 0 \"struct {}{}\"\nr 1 0 %q\n"

func TestCheckVerdicts(t *testing.T) {
	c := newLinChecker(register(), "TestCheckVerdicts")
	assert.Equal(t, linOK, c.Check(fmt.Sprintf(sequentialRead, "1")))
	assert.Equal(t, linOK, c.Check(fmt.Sprintf(overlappingRead, "0")))
	assert.Equal(t, linOK, c.Check(fmt.Sprintf(overlappingRead, "1")))

	msg := c.Check(fmt.Sprintf(sequentialRead, "0"))
	require.True(t, strings.HasPrefix(msg, "not linearizable:"), msg)
	assert.Contains(t, msg, "thread 1: Write(1)\n")
	assert.Contains(t, msg, "thread 2: Read()\n")
	assert.Contains(t, msg, " 4  thread 2  return  Read() → 0\n")
	assert.Contains(t, msg, "Read() (thread 2) returned 0, the model returns 1")
	_, path, ok := strings.Cut(msg, "porcupine's picture of the history: ")
	require.True(t, ok, msg)
	html, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<html")
	os.Remove(path)
}

func TestCheckMemoizes(t *testing.T) {
	c := newLinChecker(register(), "TestCheckMemoizes")
	for range 3 {
		c.Check(fmt.Sprintf(overlappingRead, "1"))
	}
	c.Check(fmt.Sprintf(sequentialRead, "1"))
	histories, distinct, scenarios := c.Stats()
	assert.Equal(t, 4, histories)
	assert.Equal(t, 2, distinct)
	assert.Equal(t, 1, scenarios)
}

// A model that changes the state it is given is reported, not believed.
func TestCheckModelModifiesState(t *testing.T) {
	m := linModelFuncs{
		Fingerprint: "q",
		Choices:     1,
		Init:        func() any { return append(make([]int, 0, 4), 5) },
		Step: func(st any, in int) (any, string, error) {
			s := st.([]int)
			s = append(s, 1)
			s[0] = 7 // writes into the array the given state shares
			return s, "struct {}{}", nil
		},
		Key:      func(st any) string { return fmt.Sprintf("%#v", st) },
		Describe: func(int) string { return "Push(1)" },
	}
	c := newLinChecker(m, "x")
	msg := c.Check("q\n1 1\nc 0 0 0\nr 0 0 \"struct {}{}\"\n")
	assert.Contains(t, msg, "the model of Push(1) modified the state it was given, []int{5}, to []int{7}")
}

func TestCheckBadInput(t *testing.T) {
	c := newLinChecker(register(), "x")
	for text, want := range map[string]string{
		"other\n2 1\n":                     "the execution recorded a history of operations other, the test's spec has reg",
		"reg\n":                            "truncated history",
		"reg\n1 1\nc 0 0 0\n":              "thread 0's operation 0 did not return",
		"reg\n1 1\nr 0 0 \"1\"\n":          "returns from operation 0 it did not call",
		"reg\n1 1\nc 0 0 9\nr 0 0 \"1\"\n": "operation 9 out of range",
		"reg\n1 1\nx 0 0 9\n":              "bad kind",
		"reg\nz\n":                         "history header",
	} {
		msg := c.Check(text)
		assert.True(t, strings.HasPrefix(msg, "vt.Linearizable: "), msg)
		assert.Contains(t, msg, want)
	}
}

// The explanation names the operations porcupine ordered, also when the
// threads call in another order than their numbers.
func TestExplainOrder(t *testing.T) {
	c := newLinChecker(register(), "TestExplainOrder")
	msg := c.Check("reg\n2 1\nc 1 0 0\nr 1 0 \"struct {}{}\"\nc 0 0 2\nr 0 0 \"0\"\n")
	assert.Contains(t, msg, "end after\n    Write(1) (thread 2)\n    (model state 1), and no operation can go next:\n    Read() (thread 1) returned 0, the model returns 1\n", msg)
	if _, path, ok := strings.Cut(msg, "history: "); ok {
		os.Remove(path)
	}
}

// The weaker criteria accept what linearizability refuses, and refuse
// what they must.
func TestCheckWeakerCriteria(t *testing.T) {
	check := func(cr Criterion, text string) string {
		m := register()
		m.Criterion = cr
		msg := newLinChecker(m, "TestCheckWeakerCriteria").Check(text)
		if _, path, ok := strings.Cut(msg, "history: "); ok {
			os.Remove(path)
		}
		return msg
	}
	// Thread 1 reads 0 after thread 0's write returned: sequentially
	// consistent (the read goes first), neither linearizable nor
	// quiescently consistent (quiescence separates them).
	stale := fmt.Sprintf(sequentialRead, "0")
	assert.Contains(t, check(Linearizability, stale), "not linearizable")
	assert.Equal(t, linOK, check(SequentialConsistency, stale))
	assert.Contains(t, check(QuiescentConsistency, stale), "not quiescently consistent")

	// One thread reads 0 after its own write: sequentially consistent in
	// no order.
	own := "reg\n1 2\nc 0 0 0\nr 0 0 \"struct {}{}\"\nc 0 1 2\nr 0 1 \"0\"\n"
	msg := check(SequentialConsistency, own)
	assert.Contains(t, msg, "not sequentially consistent")
	assert.Contains(t, msg, "why: the longest sequential orders the model accepts end after\n    Write(1) (thread 1)\n    (model state 1), and no operation can go next:\n    Read() (thread 1) returned 0, the model returns 1")

	// The same, while thread 1's write is pending throughout: no
	// quiescence, so any order goes for quiescent consistency.
	busy := "reg\n2 2\nc 1 0 1\nc 0 0 0\nr 0 0 \"struct {}{}\"\nc 0 1 2\nr 0 1 \"0\"\nr 1 0 \"struct {}{}\"\nc 1 1 1\nr 1 1 \"struct {}{}\"\n"
	assert.Contains(t, check(Linearizability, busy), "not linearizable")
	assert.Equal(t, linOK, check(QuiescentConsistency, busy))
	assert.Contains(t, check(SequentialConsistency, busy), "not sequentially consistent")
}

// A model that panics is reported as such, naming the operation, not
// taken for a verdict.
func TestCheckModelPanics(t *testing.T) {
	spec := &Spec[*int, int]{
		New:  func() *int { return new(int) },
		Init: func() int { return 0 },
		Ops: []Op[*int, int]{
			Call("Div", func(p *int) int { return 0 }, func(s int) (int, int) { return s, 1 / s }),
		},
	}
	c := newLinChecker(spec.linModel(), "x")
	msg := c.Check(spec.fingerprint() + "\n1 1\nc 0 0 0\nr 0 0 \"0\"\n")
	assert.Equal(t, "vt.Linearizable: the model of Div() panicked: runtime error: integer divide by zero", msg)
}

// Draws of more values than the search enumerates are noted.
func TestSampledNote(t *testing.T) {
	args := make([]int, 17)
	spec := &Spec[*int, int]{Ops: []Op[*int, int]{
		CallWith("Set", args, func(*int, int) int { return 0 }, func(s, _ int) (int, int) { return s, 0 }),
	}}
	assert.Contains(t, spec.sampledNote(""), "17 arguments of Set are more than the search enumerates (-enumerate 16)")
	assert.Equal(t, "", spec.sampledNote("20"))
}
