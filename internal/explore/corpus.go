package explore

import (
	"fmt"
	"os"
)

// replayCorpus replays the saved failing schedules of the target
// (testdata/vt/NAME, see Options.Corpus) before the search: done reports
// that one still fails (x.res has the failure). A schedule that no longer
// fails is noted (Result.Notes) and the search goes on; one that no longer
// fits the program's executions (the program changed where it branched)
// is removed, and noted.
func (x *explorer) replayCorpus() (done bool, err error) {
	if x.t.Dir == "" || x.o.Corpus == "off" || x.o.Corpus == "auto" && x.o.Given["strategy"] {
		return false, nil
	}
	toks, names, err := loadCorpus(corpusDir(x.t.Dir, x.t.Name))
	if err != nil {
		return false, err
	}
	for i, tok := range toks {
		txn := x.o.Transactions
		x.o.Transactions = tok.Transactions // as the execution ran
		done, err := x.run(tok.Choices, firstChoice{})
		x.o.Transactions = txn
		if err != nil {
			return true, err
		}
		if done {
			if x.res.Failure != nil {
				x.res.FoundBy = "saved schedule " + relPath(names[i])
			}
			return true, nil
		}
		s := x.last.sched
		if s.diverged || s.choices.len() < len(tok.Choices) {
			if err := os.Remove(names[i]); err != nil {
				return true, fmt.Errorf("vt: removing a stale saved schedule: %w", err)
			}
			os.Remove(names[i] + ".html")
			x.res.Notes = append(x.res.Notes, fmt.Sprintf("saved schedule %s no longer fits the program (it changed where the schedule branched): removed", relPath(names[i])))
			continue
		}
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("saved schedule %s no longer fails (fixed?): it stays as a regression test; delete it, or use -corpus=off, to stop replaying it", relPath(names[i])))
	}
	return false, nil
}
