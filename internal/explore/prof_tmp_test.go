package explore

import (
	"os"
	"testing"
	"time"
)

func TestProfTmp(t *testing.T) {
	prog, err := LoadTests(os.Getenv("STAT_DIR"))
	if err != nil {
		t.Fatal(err)
	}
	name := os.Getenv("STAT_TESTS")
	pkg, _ := TestPackage(prog, name, "")
	target := Target{Prog: prog, Pkg: pkg, Test: name, Root: -1, Name: name}
	o := DefaultOptions()
	o.Time, o.Parallel, o.Execs = 5*time.Minute, 1, 4
	st := time.Now()
	res, _ := Explore(target, o, nil)
	t.Logf("%d execs %v", res.Executions, time.Since(st))
}
