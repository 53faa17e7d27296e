package explore

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readProfile writes res's profile to a file and parses it back, as go
// tool pprof would.
func readProfile(t *testing.T, res *Result) *profile.Profile {
	t.Helper()
	require.NotNil(t, res.Profile, "Options.Profile set: the result has a profile")
	name := filepath.Join(t.TempDir(), "vt.pprof")
	require.NoError(t, WriteProfile(name, res.Profile))
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	p, err := profile.Parse(f)
	require.NoError(t, err)
	require.NoError(t, p.CheckValid())
	return p
}

// totals sums each sample type of p, by name.
func totals(p *profile.Profile) map[string]int64 {
	out := map[string]int64{}
	for _, s := range p.Sample {
		for i, st := range p.SampleType {
			out[st.Type] += s.Value[i]
		}
	}
	return out
}

func TestProfileTotalsMatchTheRun(t *testing.T) {
	for _, strategy := range []string{"dfs", "portfolio"} {
		t.Run(strategy, func(t *testing.T) {
			target := verdictTarget(t, "TestOK")
			o := DefaultOptions()
			o.Strategy = strategy
			o.Profile = "on"
			// One stage (each stage of the portfolio's DPOR starts again
			// from the first schedule).
			o.Preempt = -1
			res, err := Explore(target, o, nil)
			require.NoError(t, err)
			require.Equal(t, "ok", res.Verdict)
			// Enough executions that some branch at the test's own
			// scheduling points.
			require.Greater(t, res.Executions, 3)
			p := readProfile(t, res)
			var types []string
			for _, st := range p.SampleType {
				types = append(types, st.Type)
			}
			assert.Equal(t, []string{"executions", "steps", "wall", "races", "failures"}, types)
			assert.Equal(t, "executions", p.DefaultSampleType)
			sum := totals(p)
			assert.Equal(t, int64(res.Executions), sum["executions"], "every execution is attributed once")
			assert.Equal(t, res.Steps, sum["steps"], "every step is attributed once (sleep-pruned executions' too)")
			assert.Positive(t, sum["wall"])
			assert.Zero(t, sum["races"]+sum["failures"])

			// Executions other than the first branch at the test's own
			// scheduling points, with the interpreted stack.
			branched := int64(0)
			for _, s := range p.Sample {
				if s.Value[0] == 0 {
					continue
				}
				leaf := s.Location[0].Line[0]
				if leaf.Function.Name == "(first schedule)" {
					assert.Equal(t, int64(1), s.Value[0], "only the first execution branches nowhere")
					continue
				}
				branched += s.Value[0]
				assert.True(t, strings.HasSuffix(leaf.Function.Filename, ".go"), leaf.Function.Filename)
				assert.Positive(t, leaf.Line)
				var names []string
				for _, l := range s.Location {
					names = append(names, l.Line[0].Function.Name)
				}
				assert.Contains(t, strings.Join(names, " "), "verdicts.TestOK", "the stack reaches the test")
			}
			assert.Equal(t, int64(res.Executions-1), branched)
		})
	}
}

func TestProfileCountsTheFailure(t *testing.T) {
	target := verdictTarget(t, "TestDeadlock")
	o := DefaultOptions()
	o.Strategy = "dfs"
	o.Profile = "on"
	res, err := Explore(target, o, nil)
	require.NoError(t, err)
	require.Equal(t, "deadlock", res.Verdict)
	p := readProfile(t, res)
	sum := totals(p)
	assert.Equal(t, int64(res.Executions), sum["executions"])
	assert.Equal(t, res.Steps, sum["steps"])
	assert.Equal(t, int64(1), sum["failures"])
	for _, s := range p.Sample {
		if s.Value[4] > 0 {
			leaf := s.Location[0]
			assert.Equal(t, "verdicts_test.go", filepath.Base(leaf.Line[0].Function.Filename))
		}
	}
}

// vt.Check with -vt.profile=FILE (here the option, as the flag gives it)
// writes the profile of its exploration.
func TestCheckCallWritesProfile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "check.pprof")
	t.Chdir("testdata/verdicts")
	out, err := CheckCall("TestOK", 0, CallSite{}, map[string]string{"profile": name, "strategy": "dfs"})
	require.NoError(t, err)
	require.False(t, out.Failed, out.Text)
	m := regexp.MustCompile(`ok, (\d+) executions`).FindStringSubmatch(out.Text)
	require.NotNil(t, m, out.Text)
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	p, err := profile.Parse(f)
	require.NoError(t, err)
	require.NoError(t, p.CheckValid())
	assert.Equal(t, m[1], strconv.FormatInt(totals(p)["executions"], 10))
}
