package explore

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestStatTmp(t *testing.T) {
	dir := os.Getenv("STAT_DIR")
	prog, err := LoadTests(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(os.Getenv("STAT_TESTS"), ",") {
		pkg, _ := TestPackage(prog, name, "")
		target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
		for _, s := range strings.Split(os.Getenv("STAT_STRATS"), ",") {
			for _, p := range []int{1, 2, 1, 2} {
				o := DefaultOptions()
				o.Strategy, o.Time, o.Parallel = s, time.Minute, p
				st := time.Now()
				res, _ := Explore(target, o, nil)
				t.Logf("%s %s p%d: %s %v %d execs %s pruned %d, %v", name, s, p, res.Verdict, res.Exhaustive, res.Executions, res.ParallelStats(), res.SleepPruned, time.Since(st))
			}
		}
	}
}
