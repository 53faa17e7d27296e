package race

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// Rows built by random sets, unions and copies (so that they share
// subtrees, frozen or not) hold, after a sweep, exactly the live columns
// they held before, and after renumber exactly their new numbers, and
// nothing else.
func TestCompactRowsKeepLiveColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		d := New(Options{})
		const nrows = 6
		for range nrows {
			d.newRow()
		}
		ncols := int32(1 + rng.IntN(1<<(leafShift+2*fanShift)))
		for range 5 + rng.IntN(200) {
			a, b := int32(rng.IntN(nrows)), int32(rng.IntN(nrows))
			switch rng.IntN(10) {
			case 0:
				d.union(a, b)
			case 1:
				d.copyRow(a, b)
			case 2:
				d.clearRow(a)
			default:
				d.set(a, int32(rng.IntN(int(ncols))))
			}
		}
		live := make([]uint64, (ncols+63)/64)
		for c := range ncols {
			if rng.IntN(3) == 0 {
				live[c>>6] |= 1 << (uint(c) & 63)
			}
		}
		d.ncols = ncols
		m := newColMap(live)
		renumber := round%2 == 0
		before := make([][]int32, nrows) // the live columns held, by their number after
		for r := range int32(nrows) {
			for c := range ncols {
				if m.isLive(c) && d.has(r, c) {
					if renumber {
						before[r] = append(before[r], m.to(c))
					} else {
						before[r] = append(before[r], c)
					}
				}
			}
		}
		n := ncols
		if renumber {
			n = d.renumber(live)
			require.Equal(t, m.count(), n)
		} else {
			d.sweep(live)
		}
		for r := range int32(nrows) {
			var after []int32
			d.eachCol(r, func(c int32) { after = append(after, c) })
			require.Equal(t, before[r], after, "round %d, row %d", round, r)
		}
		// The rebuilt rows take writes like any other (copy on write of
		// their shared, frozen nodes): a set in one changes no other.
		other := make([][]int32, nrows)
		for r := range int32(nrows) {
			d.eachCol(r, func(c int32) { other[r] = append(other[r], c) })
		}
		d.set(0, n+5)
		assert.True(t, d.has(0, n+5))
		for r := int32(1); r < nrows; r++ {
			var got []int32
			d.eachCol(r, func(c int32) { got = append(got, c) })
			require.Equal(t, other[r], got, "round %d: row %d changed by a set in row 0", round, r)
		}
	}
}

// Compaction changes no verdict: random scripts (alone_test.go's) run with
// a sweep, or a renumbering, at nearly every event find the same races, at
// the same accesses, as without any.
func TestCompactSameVerdicts(t *testing.T) {
	oldMin, oldAt := compactMin, renumberAt
	defer func() { compactMin, renumberAt = oldMin, oldAt }()
	rng := rand.New(rand.NewPCG(5, 6))
	races, compactions := 0, 0
	for range 2000 {
		script := randomScript(rng)
		run := func(min, renumber int32) (*Race, int) {
			compactMin, renumberAt = min, renumber
			s := newAloneScript(false)
			n := 0
			for _, e := range script {
				if e.Kind == interp.EvRead || e.Kind == interp.EvWrite || e.Kind == interp.EvLock || e.Kind == interp.EvUnlock || e.Kind == interp.EvTimerSet || e.Kind == interp.EvTimerFire {
					e.Addr = s.at(int(e.Seq))
					e.Seq = 0
				}
				before := s.d.compactAt
				s.ev(e)
				if s.d.compactAt != before {
					n++
				}
			}
			return s.d.Race(), n
		}
		want, _ := run(1<<30, 1<<30)
		for _, renumber := range []int32{1 << 30, 2} {
			got, n := run(2, renumber)
			compactions += n
			require.Equal(t, want == nil, got == nil, "script %v", script)
			if want == nil {
				continue
			}
			require.Equal(t, want.Cur, got.Cur, "script %v", script)
			require.Equal(t, want.Prev, got.Prev, "script %v", script)
		}
		if want != nil {
			races++
		}
	}
	t.Logf("%d scripts with a race, %d compactions", races, compactions)
	assert.Greater(t, races, 300)
	assert.Greater(t, compactions, 2000)
}

// A long execution's rows and columns stay bounded: a goroutine that
// writes a few locations again and again, releasing between writes, makes
// a column a write; sweeps keep the rows' nodes near the live columns',
// renumbering keeps the column numbers near their count.
func TestCompactBounds(t *testing.T) {
	oldMin, oldAt := compactMin, renumberAt
	defer func() { compactMin, renumberAt = oldMin, oldAt }()
	for _, renumber := range []bool{false, true} {
		compactMin, renumberAt = 1<<10, 1<<30
		if renumber {
			renumberAt = 1 << 12
		}
		s := newScript(t, Options{})
		s.goStart(1, 2)
		const back = 14
		for i := range 20000 {
			s.write(1, x)
			s.write(1, y)
			s.send(1, ch, i, 1<<30) // a release: the next write is a new column
			s.recv(2, ch, i, 1<<30)
			s.read(2, x)
			if i < 19999 {
				s.send(2, back, i, 1<<30)
				s.recv(1, back, i, 1<<30)
			}
		}
		require.Empty(t, s.race())
		if renumber {
			assert.Less(t, s.d.ncols, renumberAt+compactMin, "renumbering bounds the columns")
		} else {
			assert.Greater(t, s.d.ncols, int32(60000), "sweeps do not renumber")
			for _, r := range s.d.gRow[1:3] {
				assert.Less(t, nodes(s.d.rows[r-1]), 20, "a sweep drops the nodes of dead columns")
			}
		}
		s.write(2, y)
		assert.Empty(t, s.race(), "goroutine 2 received the last message")
		s.read(1, x)
		assert.Empty(t, s.race(), "reads do not race")
		s.write(1, x)
		assert.Equal(t, "read-write", s.race(), "goroutine 2's last read is not ordered before")
	}
}

// nodes returns the number of nodes of row t.
func nodes(t row) int {
	var count func(n *node, lvl uint8) int
	count = func(n *node, lvl uint8) int {
		if n == nil {
			return 0
		}
		c := 1
		if lvl > 1 {
			for _, k := range n.kids {
				c += count(k, lvl-1)
			}
		}
		return c
	}
	return count(t.root, t.depth)
}
