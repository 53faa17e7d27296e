package race

import (
	"github.com/vtcheck/vt/interp"
)

// shadow maps the interpreter's memory cells to a detector's locations, as
// a race detector's shadow memory does: each cell holds the index (plus
// one) of the location it belongs to, 0 for a cell not seen yet.
//
// A location is a set of cells whose accesses the detector has seen as one:
// a memory event covers a range of cells (a copy, a conversion, a struct
// copy), and the cells it sees for the first time become one location. A
// later access of part of a location splits that part off (the detectors'
// split), so a location's cells always share their history and the work
// of an access is proportional to the number of locations it covers, not
// to its cells: a copy of a megabyte that nothing else touched is one
// location. Finding the locations of a range is a loop over the cells'
// shadow entries (plain array reads, no map operations).
//
// The shadow is organized in pages of consecutive cells, found through a
// map with a one-page cache. Cells are numbered by their address divided
// by the cell size: distinct cells (and maps, which are larger) never share
// a number, and consecutive elements of an array have consecutive numbers.
// Pages are kept from one execution to the next and cleared lazily (their
// generation says whether they belong to the current one).
type shadow struct {
	pages   map[uintptr]*shadowPage
	lastKey uintptr
	last    *shadowPage
	gen     uint32
}

const (
	pageBits  = 8
	pageCells = 1 << pageBits
	pageMask  = pageCells - 1
	// maxPages bounds the pages kept across executions.
	maxPages = 1 << 14
)

type shadowPage struct {
	gen  uint32
	locs [pageCells]int32
}

var cellSize = interp.Addr{}.Add(1).Uintptr()

// cellKey returns the number of the cell at a.
func cellKey(a interp.Addr) uintptr { return a.Uintptr() / cellSize }

// reset forgets every cell (a new execution).
func (s *shadow) reset() {
	s.gen++
	s.last = nil
	if len(s.pages) > maxPages {
		s.pages = nil
	}
}

// page returns the page of cell number key, creating it.
func (s *shadow) page(key uintptr) *shadowPage {
	pk := key >> pageBits
	if s.last != nil && s.lastKey == pk {
		return s.last
	}
	if s.pages == nil {
		s.pages = map[uintptr]*shadowPage{}
	}
	p := s.pages[pk]
	if p == nil {
		p = &shadowPage{gen: s.gen}
		s.pages[pk] = p
	} else if p.gen != s.gen {
		p.gen = s.gen
		clear(p.locs[:])
	}
	s.last, s.lastKey = p, pk
	return p
}

// at returns the shadow entry of cell number key.
func (s *shadow) at(key uintptr) *int32 { return &s.page(key).locs[key&pageMask] }

// segment returns the shadow entries of the cells from number key on, up
// to n of them and at most to the end of the key's page.
func (s *shadow) segment(key uintptr, n int) []int32 {
	i := int(key & pageMask)
	return s.page(key).locs[i:min(pageCells, i+n)]
}

// peek is segment without creating the page: it returns the entries of
// the cells from number key on (up to n, at most to the end of the page)
// and their number, or nil and their number when the page does not exist
// or belongs to an earlier execution (its cells are all unseen).
func (s *shadow) peek(key uintptr, n int) ([]int32, int) {
	i := int(key & pageMask)
	l := min(pageCells-i, n)
	pk := key >> pageBits
	p := s.last
	if p == nil || s.lastKey != pk {
		p = s.pages[pk]
		if p == nil || p.gen != s.gen {
			return nil, l
		}
		s.last, s.lastKey = p, pk
	}
	return p.locs[i : i+l], l
}

// eachPeek is each without creating pages: f gets a nil segment of length
// l for cells on no page of this execution (all unseen).
func (s *shadow) eachPeek(key uintptr, n int, f func(off int, seg []int32, l int)) {
	for off := 0; off < n; {
		seg, l := s.peek(key+uintptr(off), n-off)
		f(off, seg, l)
		off += l
	}
}

// each calls f with the shadow entries of the n cells from number key on,
// in segments, and the offset of each segment's first cell.
func (s *shadow) each(key uintptr, n int, f func(off int, seg []int32)) {
	for off := 0; off < n; {
		seg := s.segment(key+uintptr(off), n-off)
		f(off, seg)
		off += len(seg)
	}
}

// rangeScratch is the bookkeeping of one range access: the locations it
// covers (in order of first cell) with the number of their cells in the
// range, and the cells not seen before. Its slices are reused.
type rangeScratch struct {
	stamp  []uint32 // per location: the range access that counted it last
	count  []int32  // per location: its cells in the current range
	first  []int32  // per location: offset of its first cell in the range
	moveTo []int32  // per location: the location its cells in range move to (+1), or 0
	cur    uint32
	locs   []int32 // the locations covered, by first cell
	fresh  int32   // cells not seen before
	fFirst int32   // offset of the first of them
}

// scan counts, for the n cells from number key, the cells of each location
// and the fresh cells. nlocs is the number of locations of the detector.
func (r *rangeScratch) scan(s *shadow, key uintptr, n, nlocs int) {
	for len(r.stamp) < nlocs {
		r.stamp = append(r.stamp, 0)
		r.count = append(r.count, 0)
		r.first = append(r.first, 0)
		r.moveTo = append(r.moveTo, 0)
	}
	r.cur++
	if r.cur == 0 { // wrapped: forget every stamp
		clear(r.stamp)
		r.cur = 1
	}
	r.locs, r.fresh, r.fFirst = r.locs[:0], 0, -1
	s.eachPeek(key, n, func(off int, seg []int32, l int) {
		if seg == nil {
			if r.fresh == 0 {
				r.fFirst = int32(off)
			}
			r.fresh += int32(l)
			return
		}
		for j := 0; j < len(seg); {
			v := seg[j]
			k := j + 1
			for k < len(seg) && seg[k] == v {
				k++
			}
			if v == 0 {
				if r.fresh == 0 {
					r.fFirst = int32(off + j)
				}
				r.fresh += int32(k - j)
			} else {
				i := v - 1
				if r.stamp[i] != r.cur {
					r.stamp[i], r.count[i], r.first[i], r.moveTo[i] = r.cur, 0, int32(off+j), 0
					r.locs = append(r.locs, i)
				}
				r.count[i] += int32(k - j)
			}
			j = k
		}
	})
}

// grow makes room for location i in the per-location slices.
func (r *rangeScratch) grow(i int32) {
	for int(i) >= len(r.stamp) {
		r.stamp = append(r.stamp, 0)
		r.count = append(r.count, 0)
		r.first = append(r.first, 0)
		r.moveTo = append(r.moveTo, 0)
	}
}

// reassign rewrites the shadow entries of the n cells from number key:
// fresh cells (0) to fresh+1 (when fresh ≥ 0), and the cells of each
// location with a moveTo to that location.
func (r *rangeScratch) reassign(s *shadow, key uintptr, n int, fresh int32, log func(key uintptr, old int32)) {
	s.each(key, n, func(off int, seg []int32) {
		for j, v := range seg {
			var nv int32
			switch {
			case v == 0:
				if fresh < 0 {
					continue
				}
				nv = fresh + 1
			case r.stamp[v-1] == r.cur && r.moveTo[v-1] != 0:
				nv = r.moveTo[v-1]
			default:
				continue
			}
			if log != nil {
				log(key+uintptr(off+j), v)
			}
			seg[j] = nv
		}
	})
}

// rangeOwner is a detector's side of a range access: its locations, as
// locate needs them.
type rangeOwner interface {
	// freshLoc adds a location of cells cells first seen (the first at
	// keep, all within the span cells from keep).
	freshLoc(cells int32, keep interp.Addr, span int32) int32
	// cellsOf returns the number of cells of location i.
	cellsOf(i int32) int32
	// split moves cells cells of location i (the first at keep, all
	// within the span cells from keep) to a new location with the same
	// history, and returns it.
	split(i, cells int32, keep interp.Addr, span int32) int32
	// live reports whether location i may still be accessed; if not, it
	// forgets it (its cells become unseen).
	live(i int32) bool
}

// locate calls visit with each location that the n cells from a cover
// after the access (a location for the cells first seen, and each earlier
// one, split where the range covers only part of it) and the address of
// its first cell in the range. log, if not nil, records the shadow entries
// it changes.
func (r *rangeScratch) locate(s *shadow, o rangeOwner, nlocs int, a interp.Addr, n int, log func(key uintptr, old int32), visit func(i int32, first interp.Addr)) {
	key := cellKey(a)
	r.scan(s, key, n, nlocs)
	for again := true; again; {
		again = false
		for _, i := range r.locs {
			if !o.live(i) {
				// A location of an object that died: its cells were
				// forgotten (the range is in a new object); count again.
				r.scan(s, key, n, nlocs)
				again = true
				break
			}
		}
	}
	fresh := int32(-1)
	if r.fresh > 0 {
		fresh = o.freshLoc(r.fresh, a.Add(int(r.fFirst)), int32(n)-r.fFirst)
	}
	moved := false
	for _, i := range r.locs {
		if r.count[i] < o.cellsOf(i) {
			// The range covers part of location i: split that part off.
			r.moveTo[i] = o.split(i, r.count[i], a.Add(int(r.first[i])), int32(n)-r.first[i]) + 1
			moved = true
		}
	}
	if moved || fresh >= 0 {
		r.reassign(s, key, n, fresh, log)
	}
	if fresh >= 0 {
		visit(fresh, a.Add(int(r.fFirst)))
	}
	for _, i := range r.locs {
		j := i
		if m := r.moveTo[i]; m != 0 {
			j = m - 1
		}
		visit(j, a.Add(int(r.first[i])))
	}
}
