package explore

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/ssa"

	"github.com/vtcheck/vt/interp"
)

// A test is explored the same way alone and in a run that loads other
// packages: the default strategy follows what the test's code reaches, not
// what the loaded program contains (workerpool's tests used to get the
// habanero programs' strategy when loaded with them, and lost their leak
// for thousands of executions).
func TestSameExplorationAloneAndTogether(t *testing.T) {
	examples, err := filepath.Abs("../../examples")
	require.NoError(t, err)
	together, err := interp.Load(interp.Config{Dir: examples, Tests: true, BuildFlags: []string{"-tags=" + BuildTag}}, "./workerpool", "./habanero/racycounter")
	require.NoError(t, err)
	for _, tc := range []struct {
		dir, test string
		execs     int
	}{
		{"workerpool", "TestMapLeaksOnError", 400},
		{"workerpool", "TestMapCancelOK", 400},
	} {
		t.Run(tc.test, func(t *testing.T) {
			alone, err := LoadTests(filepath.Join(examples, tc.dir))
			require.NoError(t, err)
			var results []*Result
			for _, prog := range []*interp.Program{alone, together} {
				pkg := testPackageIn(t, prog, tc.test, filepath.Join(examples, tc.dir))
				o := DefaultOptions()
				o.Execs, o.Time, o.Corpus, o.Parallel = tc.execs, time.Minute, "off", 1
				res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: -1, Name: tc.test}, o, nil)
				require.NoError(t, err)
				results = append(results, res)
			}
			a, b := results[0], results[1]
			assert.Equal(t, a.Verdict, b.Verdict)
			assert.Equal(t, a.Strategy, b.Strategy)
			assert.Equal(t, a.Executions, b.Executions)
			assert.Equal(t, a.Exhaustive, b.Exhaustive)
			assert.Equal(t, a.FoundBy, b.FoundBy)
		})
	}
}

// testPackageIn returns the package of prog in dir that declares test.
func testPackageIn(t *testing.T, prog *interp.Program, test, dir string) *ssa.Package {
	t.Helper()
	for _, p := range prog.Packages {
		if p == nil || p.Func(test) == nil {
			continue
		}
		if filepath.Dir(prog.Position(p.Func(test).Pos()).Filename) == dir {
			return p
		}
	}
	require.FailNow(t, "no package declares "+test+" in "+dir)
	return nil
}

// The habanero library's default strategy goes to the tests whose code
// reaches the library, whatever else the program holds.
func TestUsesHabaneroFollowsTheTest(t *testing.T) {
	examples, err := filepath.Abs("../../examples")
	require.NoError(t, err)
	prog, err := interp.Load(interp.Config{Dir: examples, Tests: true, BuildFlags: []string{"-tags=" + BuildTag}}, "./workerpool", "./habanero/racycounter")
	require.NoError(t, err)
	for _, tc := range []struct {
		dir, test string
		uses      bool
	}{
		{"workerpool", "TestMapLeaksOnError", false},
		{"habanero/racycounter", "TestIsolated", true},
	} {
		pkg := testPackageIn(t, prog, tc.test, filepath.Join(examples, tc.dir))
		assert.Equal(t, tc.uses, usesHabanero(Target{Prog: prog, Pkg: pkg, Test: tc.test, Root: -1}), tc.test)
	}
}
