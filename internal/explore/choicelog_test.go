package explore

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A choiceLog answers what a slice of the same choices answers, through
// runs of equal choices and changes of the last one.
func TestChoiceLogMatchesSlice(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := range 200 {
		var l choiceLog
		ref := []choice{}
		for range rng.Intn(300) {
			switch rng.Intn(10) {
			case 1, 2:
				// A pattern repeated (a goroutine that spins, switched
				// by the fair scheduler every few points).
				a := choice{n: 2, preemptive: true}
				b := choice{n: 2 + rng.Intn(2)}
				na, nb := 1+rng.Intn(4), 1+rng.Intn(2)
				for range rng.Intn(6) {
					for range na {
						ref = append(ref, a)
						l.add(a)
					}
					for range nb {
						ref = append(ref, b)
						l.add(b)
					}
				}
			case 0:
				if len(ref) > 0 {
					f := rng.Intn(2) == 0
					ref[len(ref)-1].fixed = f
					l.setLastFixed(f)
				}
			default:
				// Few distinct choices: long runs, as in long executions.
				c := choice{n: 2 + rng.Intn(2), chosen: rng.Intn(2), preemptive: rng.Intn(3) == 0}
				c.val = c.chosen
				for range 1 + rng.Intn(5) {
					ref = append(ref, c)
					l.add(c)
				}
			}
		}
		require.Equal(t, len(ref), l.len(), "trial %d", trial)
		for i, c := range ref {
			require.Equal(t, c, l.at(i), "trial %d: choice %d", trial, i)
		}
		assert.Equal(t, ref, l.slice(), "trial %d", trial)
		from := rng.Intn(len(ref) + 1)
		got := []choice{}
		for i, c := range l.from(from) {
			require.Equal(t, from+len(got), i)
			got = append(got, c)
		}
		assert.Equal(t, ref[from:], got, "trial %d: from %d", trial, from)
		vals := l.vals(from)
		require.Len(t, vals, from)
		for i, v := range vals {
			assert.Equal(t, ref[i].val, v)
		}
		l.reset()
		assert.Zero(t, l.len())
	}
}

// A long execution (two goroutines making 10^5 atomic operations, each a
// scheduling point with a choice) keeps a record of a few runs, not one
// entry per choice, and its replay token replays the same failure, which
// depends on the schedule (which goroutine finished first).
func TestLongExecutionTokenReplays(t *testing.T) {
	src := "package gen\n\nimport (\n\t\"sync\"\n\t\"sync/atomic\"\n\t\"testing\"\n)\n\n" +
		"func TestLong(t *testing.T) {\n\tvar n, first atomic.Int64\n\tvar wg sync.WaitGroup\n" +
		"\tfor id := range int64(2) {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n" +
		"\t\t\tfor range 50000 {\n\t\t\t\tn.Add(1)\n\t\t\t}\n\t\t\tfirst.CompareAndSwap(0, id+1)\n\t\t}()\n\t}\n" +
		"\twg.Wait()\n\tt.Fatalf(\"first %d of %d\", first.Load(), n.Load())\n}\n"
	prog, err := LoadTests(writeModule(t, src))
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestLong", "")
	require.NoError(t, err)
	target := Target{Prog: prog, Pkg: pkg, Test: "TestLong", Root: -1, Name: "TestLong"}
	for _, strategy := range []string{"portfolio", "random"} {
		t.Run(strategy, func(t *testing.T) {
			o := DefaultOptions()
			o.Execs, o.Parallel, o.Strategy = 1, 1, strategy
			o.Time = 1 << 62
			var x *explorer
			res, err := exploreWith(target, o, nil, func(e *explorer) { x = e }, nil)
			require.NoError(t, err)
			require.NotNil(t, res.Failure)
			assert.Regexp(t, `first [12] of 100000`, res.Failure.Message)
			choices := &x.last.sched.choices
			assert.GreaterOrEqual(t, choices.len(), 90000)
			if strategy == "portfolio" {
				// The default schedule: a goroutine goes on until it
				// ends; a handful of runs.
				assert.Less(t, choices.size(), 100, "%d choices: %+v", choices.len(), choices.units[:min(len(choices.units), 40)])
				assert.Less(t, len(res.Failure.Replay), 200, "the token: %s", res.Failure.Replay)
			}
			ro := DefaultOptions()
			ro.Replay, ro.Parallel = res.Failure.Replay, 1
			rep, err := Explore(target, ro, nil)
			require.NoError(t, err)
			require.NotNil(t, rep.Failure)
			assert.Equal(t, res.Failure.Message, rep.Failure.Message)
			assert.Equal(t, res.Failure.Replay, rep.Failure.Replay)

			// A token with more choices than the execution does not
			// fit it.
			tok, err := ParseToken(res.Failure.Replay)
			require.NoError(t, err)
			tok.Choices = append(tok.Choices, make([]int, 10)...)
			ro.Replay = tok.String()
			_, err = Explore(target, ro, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "does not fit")
		})
	}
}
