package explore

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// labelVerdicts maps the label of a test in testdata/labeled (its name's
// prefix up to the underscore) to the verdict vt must give it.
var labelVerdicts = map[string]string{
	"TestOK":       "ok",
	"TestRace":     "race",
	"TestDeadlock": "deadlock",
	"TestLeak":     "leak",
	"TestPanic":    "panic",
	"TestFail":     "assert",
}

// Every program of testdata/labeled gets the verdict its name carries with
// the default options, and the correct ones are proved correct (the space
// is exhausted).
func TestLabeledVerdicts(t *testing.T) {
	dir, err := filepath.Abs("testdata/labeled")
	require.NoError(t, err)
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	var names []string
	for _, p := range prog.Packages {
		if p == nil {
			continue
		}
		for name := range p.Members {
			if label, _, ok := strings.Cut(name, "_"); ok && labelVerdicts[label] != "" {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	require.GreaterOrEqual(t, len(names), 50)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			label, _, _ := strings.Cut(name, "_")
			pkg, err := TestPackage(prog, name, "")
			require.NoError(t, err)
			o := DefaultOptions()
			o.Time, o.Execs = 2*time.Minute, 20000
			res, err := Explore(Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}, o, nil)
			require.NoError(t, err)
			msg := ""
			if res.Failure != nil {
				msg = res.Failure.Message
			}
			require.Equal(t, labelVerdicts[label], res.Verdict, "%s\n%s", msg, FormatReport(res, name, "go test"))
			if label == "TestOK" {
				assert.True(t, res.Exhaustive, "a correct program this small is exhausted")
			}
		})
	}
}
