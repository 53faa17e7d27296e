package explore

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestZZTick(t *testing.T) {
	dir, _ := filepath.Abs("/tmp/vtscratch/ticktest")
	prog, err := LoadTests(dir)
	require.NoError(t, err)
	pkg, err := TestPackage(prog, "TestTick", "")
	require.NoError(t, err)
	tg := Target{Prog: prog, Pkg: pkg, Test: "TestTick", Root: -1, Name: "TestTick"}
	for _, s := range []int64{1000, 20000, 200000, 400000} {
		o := DefaultOptions()
		o.Steps = s
		o.Execs = 1
		start := time.Now()
		res, err := Explore(tg, o, nil)
		require.NoError(t, err)
		t.Log(s, res.Verdict, time.Since(start))
	}
}
