package race

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// cols returns the columns of row r.
func (d *Detector) cols(r int32) []int32 {
	var out []int32
	d.eachCol(r, func(c int32) { out = append(out, c) })
	return out
}

// hBytes returns the memory of the distinct nodes of h's trees.
func (d *Detector) hBytes() int {
	seen := map[*node]bool{}
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		for _, k := range n.kids {
			walk(k)
		}
	}
	for _, t := range d.rows {
		walk(t.root)
	}
	total := 0
	for n := range seen {
		if n.bits != nil {
			total += int(unsafe.Sizeof(leafNode{}))
		} else {
			total += int(unsafe.Sizeof(innerNode{}))
		}
	}
	return total
}

// TestRowsMatchReference applies random sets, unions, copies and clears
// to shared copy-on-write rows and checks every row against plain sets
// after each operation, and that Undo restores every earlier state: a
// write through a shared node would show up in another row.
func TestRowsMatchReference(t *testing.T) {
	for seed := range uint64(8) {
		rowsMatchReference(t, seed)
	}
}

func rowsMatchReference(t *testing.T, seed uint64) {
	const nrows = 6
	rng := rand.New(rand.NewPCG(seed, 2))
	d := New(Options{History: true})
	for range nrows {
		d.newRow()
	}
	ref := make([]map[int32]bool, nrows)
	for i := range ref {
		ref[i] = map[int32]bool{}
	}
	snapshot := func() [][]int32 {
		out := make([][]int32, nrows)
		for i, m := range ref {
			for c := range m {
				out[i] = append(out[i], c)
			}
			slices.Sort(out[i])
		}
		return out
	}
	check := func(step int) {
		for r := range nrows {
			want := snapshot()[r]
			require.Equal(t, want, d.cols(int32(r)), "seed %d step %d row %d", seed, step, r)
		}
	}
	type mark struct {
		at   int
		want [][]int32
	}
	var marks []mark
	for step := range 2000 {
		a, b := int32(rng.IntN(nrows)), int32(rng.IntN(nrows))
		switch op := rng.IntN(10); {
		case op < 5:
			// Mostly small columns, some far ones (deeper trees).
			c := int32(rng.IntN(3000))
			if rng.IntN(8) == 0 {
				c = int32(rng.IntN(1 << 20))
			}
			d.set(a, c)
			ref[a][c] = true
		case op < 8:
			d.union(a, b)
			for c := range ref[b] {
				ref[a][c] = true
			}
		case op < 9:
			d.copyRow(a, b)
			cp := map[int32]bool{}
			for c := range ref[b] {
				cp[c] = true
			}
			ref[a] = cp
		default:
			d.clearRow(a)
			ref[a] = map[int32]bool{}
		}
		check(step)
		if rng.IntN(50) == 0 {
			marks = append(marks, mark{d.Mark(), snapshot()})
		}
		if len(marks) > 0 && rng.IntN(200) == 0 {
			m := marks[rng.IntN(len(marks))]
			d.Undo(m.at)
			for r := range nrows {
				require.Equal(t, m.want[r], d.cols(int32(r)), "seed %d: undo at step %d row %d", seed, step, r)
				ref[r] = map[int32]bool{}
				for _, c := range m.want[r] {
					ref[r][c] = true
				}
			}
			marks = slices.DeleteFunc(marks, func(x mark) bool { return x.at > m.at })
		}
	}
}

// TestReleasesShareRows is the pattern of a loop of time.After calls: a
// goroutine writes a new variable and sets a new timer each round, so each
// timer's row is the goroutine's row at the time. With rows copied, h
// would take rounds × columns bits (here about 156 MB); shared, it takes
// a path of nodes per round.
func TestReleasesShareRows(t *testing.T) {
	const rounds = 50000
	mem := make([][3]uint64, 2*rounds)
	s := newScript(t, Options{})
	for i := range rounds {
		x := addrOf(unsafe.Pointer(&mem[2*i]))
		tm := addrOf(unsafe.Pointer(&mem[2*i+1]))
		s.d.event(&event{Kind: interp.EvWrite, G: 1, Addr: x})
		s.d.event(&event{Kind: interp.EvTimerSet, G: 1, Addr: tm})
	}
	require.Equal(t, rounds, len(s.d.objs)+len(s.d.life.objs))
	// Every timer's row holds the variables written before it was set.
	last, ok := s.d.obj(objKey{addrOf(unsafe.Pointer(&mem[2*rounds-1])), objTimer, 0}, false)
	require.True(t, ok)
	require.Len(t, s.d.cols(last), rounds)
	first, ok := s.d.obj(objKey{addrOf(unsafe.Pointer(&mem[1])), objTimer, 0}, false)
	require.True(t, ok)
	require.Len(t, s.d.cols(first), 1)
	runtime.KeepAlive(mem)
	require.Less(t, s.d.hBytes(), rounds*1024, "h takes at most a path of nodes per release")
}

// TestSplitSharesColumns: the two halves of a location read as one share
// its column after a split; the first write of each must still be ordered
// on its own. g2 writes the first half, releases to g3, then writes the
// second half: g3's read of the second half races with that write.
func TestSplitSharesColumns(t *testing.T) {
	s := newScript(t, Options{})
	s.d.event(&event{Kind: interp.EvRead, G: 1, Addr: addr(20), N: 2}) // one location of two cells
	s.goStart(1, 2)
	s.goStart(1, 3)
	s.write(2, 20) // splits; the first half is written
	s.unlock(2, mu)
	s.lock(3, mu)
	s.read(3, 20) // ordered after g2's write
	require.Empty(t, s.race())
	s.write(2, 21) // the second half: not released to g3
	s.read(3, 21)
	require.Equal(t, "write-read", s.race())
}
