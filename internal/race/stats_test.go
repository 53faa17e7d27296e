package race_test

import (
	"fmt"
	"os"
	"testing"
)

func TestCorpusStats(t *testing.T) {
	if os.Getenv("CORPUS_STATS") == "" {
		t.Skip()
	}
	prog, names := corpus(t)
	for _, name := range names {
		for _, det := range []string{"", "h"} {
			res := exploreCorpus(t, prog, name, det)
			fmt.Printf("%-50s %-3s %-5s execs %6d  %v exh=%v\n", name, det, res.Verdict, res.Executions, res.Elapsed, res.Exhaustive)
		}
	}
}
