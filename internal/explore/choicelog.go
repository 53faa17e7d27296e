package explore

import (
	"iter"
	"sort"
)

// choiceLog is the record of an execution's choices, in order, compressed
// twice: a run of equal consecutive choices is one entry, and so is a
// pattern of two runs repeated (k times one choice, then m times
// another). A long execution is mostly such patterns: the running
// goroutine goes on, and where it spins, the fair scheduler switches every
// few points (15 choices that continue it, one that does not). Its record
// costs a unit per change of pattern, not 48 bytes a choice: a test of
// 10^8 scheduling points keeps kilobytes for its replay token, not
// gigabytes. The zero value is empty.
type choiceLog struct {
	units []choiceUnit // closed runs
	cur   choice       // the open run: the last choices, all equal
	curN  int          // how many (0: the log is empty)
	done  int          // choices in units
}

// choiceUnit is reps repetitions of na choices a then nb choices b (nb = 0:
// a run of a alone, reps = 1), ending before index end.
type choiceUnit struct {
	a, b         choice
	na, nb, reps int
	end          int
}

// start returns the index of the unit's first choice.
func (u *choiceUnit) start() int { return u.end - u.reps*(u.na+u.nb) }

// at returns the unit's choice at index i.
func (u *choiceUnit) at(i int) choice {
	if (i-u.start())%(u.na+u.nb) < u.na {
		return u.a
	}
	return u.b
}

// len returns the number of choices.
func (l *choiceLog) len() int { return l.done + l.curN }

// size returns the number of entries the log holds (its memory is about
// size × 130 bytes).
func (l *choiceLog) size() int { return len(l.units) + 1 }

// add appends c.
func (l *choiceLog) add(c choice) {
	if l.curN > 0 && c == l.cur {
		l.curN++
		return
	}
	l.close()
	l.cur, l.curN = c, 1
}

// close moves the open run into units: it joins the run before into a
// pattern of two, and a pattern into the same one before it.
func (l *choiceLog) close() {
	if l.curN == 0 {
		return
	}
	l.done += l.curN
	k := len(l.units) - 1
	if k >= 0 && l.units[k].nb == 0 && l.units[k].a != l.cur {
		// Two runs: a pattern of two.
		u := &l.units[k]
		u.b, u.nb, u.end = l.cur, l.curN, l.done
		if k >= 1 {
			if p := &l.units[k-1]; p.nb > 0 && p.a == u.a && p.na == u.na && p.b == u.b && p.nb == u.nb {
				// The pattern before, once more.
				p.reps++
				p.end = l.done
				l.units = l.units[:k]
			}
		}
		l.curN = 0
		return
	}
	if len(l.units) == cap(l.units) {
		// Double (append grows a large slice by a quarter).
		grown := make([]choiceUnit, len(l.units), max(2*len(l.units), 16))
		copy(grown, l.units)
		l.units = grown
	}
	l.units = append(l.units, choiceUnit{a: l.cur, na: l.curN, reps: 1, end: l.done})
	l.curN = 0
}

// at returns choice i (0 ≤ i < len).
func (l *choiceLog) at(i int) choice {
	if i >= l.done {
		return l.cur
	}
	k := sort.Search(len(l.units), func(j int) bool { return l.units[j].end > i })
	return l.units[k].at(i)
}

// setLastFixed sets the fixed field of the last choice.
func (l *choiceLog) setLastFixed(fixed bool) {
	if l.cur.fixed == fixed {
		return
	}
	c := l.cur
	c.fixed = fixed
	if l.curN == 1 {
		l.cur = c
		return
	}
	l.curN--
	l.add(c)
}

// reset empties l, keeping its memory.
func (l *choiceLog) reset() { *l = choiceLog{units: l.units[:0]} }

// all yields the index and the value of every choice, in order.
func (l *choiceLog) all() iter.Seq2[int, choice] { return l.from(0) }

// from yields the index and the value of every choice from index i on,
// in order.
func (l *choiceLog) from(i int) iter.Seq2[int, choice] {
	return func(yield func(int, choice) bool) {
		k := sort.Search(len(l.units), func(j int) bool { return l.units[j].end > i })
		for _, u := range l.units[k:] {
			for j := max(u.start(), i); j < u.end; j++ {
				if !yield(j, u.at(j)) {
					return
				}
			}
		}
		for j := max(l.done, i); j < l.len(); j++ {
			if !yield(j, l.cur) {
				return
			}
		}
	}
}

// vals returns the answers (choice.val) of the first n choices: the
// prefix that replays them.
func (l *choiceLog) vals(n int) []int {
	return l.appendVals(make([]int, 0, min(n, l.len())), n)
}

// appendVals appends the values of the first n choices to out.
func (l *choiceLog) appendVals(out []int, n int) []int {
	n = min(n, l.len())
	for i, c := range l.all() {
		if i >= n {
			break
		}
		out = append(out, c.val)
	}
	return out
}

// slice returns the choices as a slice.
func (l *choiceLog) slice() []choice {
	out := make([]choice, 0, l.len())
	for _, c := range l.all() {
		out = append(out, c)
	}
	return out
}
