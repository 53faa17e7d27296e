package explore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReportGroupsIdenticalStacks(t *testing.T) {
	worker := []Frame{{Func: "main.worker", Pos: "/src/main.go:12:5"}}
	var gs []GoroutineReport
	gs = append(gs, GoroutineReport{ID: 1, Op: "sync.WaitGroup.Wait", Stack: []Frame{{Func: "main.main", Pos: "/src/main.go:30:9"}}})
	for id := 2; id < 1002; id++ {
		gs = append(gs, GoroutineReport{ID: id, Op: "chan send", Stack: worker, CreatedBy: 1, CreatedAt: "/src/main.go:28:3"})
	}
	// Many goroutines with distinct stacks: only the first groups print.
	for i := range 30 {
		gs = append(gs, GoroutineReport{ID: 2000 + i, Op: "chan receive", Stack: []Frame{{Func: "main.reader", Pos: fmt.Sprintf("/src/main.go:%d:2", 100+i)}}})
	}
	r := &Result{Strategy: "dfs", Failure: &Failure{Kind: "deadlock", Message: "fatal error: all goroutines are asleep - deadlock!", Goroutines: gs, Replay: "vt1:00:0", Execution: 1}}
	out := FormatReport(r, "main", "vt replay .")
	assert.Less(t, strings.Count(out, "\n"), 80, out)
	assert.Contains(t, out, "\ngoroutine 1 [sync.WaitGroup.Wait]:\n    main.main\n")
	assert.Contains(t, out, "\n1000 goroutines [chan send] with this stack: 2, 3, 4, 5, 6, 7, ...\n    main.worker\n        /src/main.go:12:5\n    created by goroutine 1 at /src/main.go:28:3\n")
	assert.Equal(t, 1, strings.Count(out, "main.worker"), "the shared stack prints once")
	assert.Equal(t, maxGoroutineGroups-2, strings.Count(out, "main.reader"))
	assert.Contains(t, out, "\n... and 20 more goroutines with 20 other stacks (vt's -json report lists every goroutine)\n")
}
