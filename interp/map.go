package interp

import (
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// mapObj is a map. Entries are kept in insertion order, so iteration is
// deterministic; deleted entries leave holes that are compacted when they
// outnumber the live ones.
type mapObj struct {
	m       *machine // for snapshots (nil for maps made outside a run)
	epoch   int
	t       *rtype
	index   mapIndex
	entries []mapEntry
	live    int
	// hint is the position of the entry last found or added (see find);
	// it may be stale.
	hint int
}

type mapEntry struct {
	hk   mapKey
	k, v value
	dead bool
}

func newMap(m *machine, t *rtype) *mapObj {
	mo := &mapObj{m: m, t: t, index: newMapIndex(t.key, 0)}
	if m != nil {
		mo.epoch = m.epoch
	}
	return mo
}

func (m *mapObj) touch() {
	if m.m != nil {
		m.m.touchMap(m)
	}
}

func (m *mapObj) addr() Addr { return Addr{p: unsafe.Pointer(m)} }

func (m *mapObj) len() int {
	if m == nil {
		return 0
	}
	return m.live
}

// get returns the value for k.
func (m *mapObj) get(k value) (value, bool) {
	if m == nil {
		return value{}, false
	}
	_, i, ok := m.find(k)
	if !ok {
		return value{}, false
	}
	return m.entries[i].v, true
}

// find returns the position of k's entry, if any, and the index form of
// k. It tries the entry it last found or added first (hint), checking its
// key: a read-modify-write (m[k]++, m[k] = append(m[k], v)) finds the
// same key twice in a row.
func (m *mapObj) find(k value) (hk mapKey, i int, ok bool) {
	x := m.index
	switch {
	case x.strs != nil:
		s := k.str()
		if h := m.hint; h < len(m.entries) && !m.entries[h].dead && m.entries[h].hk.s == s {
			return mapKey{s: s}, h, true
		}
		i, ok = x.strs[s]
		hk = mapKey{s: s}
	case x.ints != nil:
		if h := m.hint; h < len(m.entries) && !m.entries[h].dead && m.entries[h].hk.n == k.n {
			return mapKey{n: k.n}, h, true
		}
		i, ok = x.ints[k.n]
		hk = mapKey{n: k.n}
	default:
		hk = keyOf(k, m.t.key)
		i, ok = x.keys[hk]
	}
	if ok {
		m.hint = i
	}
	return hk, i, ok
}

func (m *mapObj) set(k, v value) {
	m.touch()
	hk, i, ok := m.find(k)
	if ok {
		m.entries[i].v = v
		return
	}
	m.hint = len(m.entries)
	m.index.set(hk, len(m.entries))
	m.entries = append(m.entries, mapEntry{hk: hk, k: k, v: v})
	m.live++
}

func (m *mapObj) delete(k value) {
	hk := keyOf(k, m.t.key)
	i, ok := m.index.get(hk)
	if !ok {
		return
	}
	m.touch()
	m.index.del(hk)
	m.entries[i] = mapEntry{dead: true}
	m.live--
	if dead := len(m.entries) - m.live; dead > 16 && dead > m.live {
		m.compact()
	}
}

func (m *mapObj) compact() {
	es := make([]mapEntry, 0, m.live)
	for _, e := range m.entries {
		if !e.dead {
			m.index.set(e.hk, len(es))
			es = append(es, e)
		}
	}
	m.entries = es
}

func (m *mapObj) clear() {
	m.touch()
	m.index = newMapIndex(m.t.key, 0)
	m.entries = nil
	m.live = 0
}

// mapIter iterates over a snapshot of the map's entries, from the one at
// start on, wrapping around, skipping those deleted since and reading
// current values.
type mapIter struct {
	m       *mapObj
	entries []mapEntry
	start   int
	i       int
}

func (m *mapObj) iter(*machine) *mapIter {
	if m == nil {
		return &mapIter{}
	}
	return &mapIter{m: m, entries: m.entries}
}

// iterFrom iterates from the k-th live entry (0 ≤ k < m.live).
func (m *mapObj) iterFrom(k int) *mapIter {
	it := m.iter(nil)
	for j, e := range m.entries {
		if e.dead {
			continue
		}
		if k == 0 {
			it.start = j
			break
		}
		k--
	}
	return it
}

func (it *mapIter) next() (k, v value, ok bool) {
	for it.i < len(it.entries) {
		e := it.entries[(it.start+it.i)%len(it.entries)]
		it.i++
		if e.dead {
			continue
		}
		j, live := it.m.index.get(e.hk)
		if !live {
			continue
		}
		cur := it.m.entries[j]
		return cur.k, cur.v, true
	}
	return value{}, value{}, false
}

func (c *compiler) lookup(i *ssa.Lookup, dst int) op {
	x, k := c.reg(i.X), c.reg(i.Index)
	xt := c.typ(i.X.Type())
	if xt.kind == kString {
		signed := isSigned(i.Index.Type())
		return func(fr *frame) *frame {
			s := fr.regs[x].str()
			j := checkIndex(fr.regs[k].n, signed, len(s))
			fr.regs[dst] = value{n: uint64(s[j])}
			fr.pc++
			return fr
		}
	}
	et := xt.elem
	kt := xt.key
	commaOk := i.CommaOk
	pos := i.Pos()
	return func(fr *frame) *frame {
		mo, _ := fr.regs[x].r.(*mapObj)
		key := fr.regs[k]
		var v value
		var ok bool
		if mo == nil {
			hashKey(key, kt)
		} else {
			if m := fr.g.m; m.watchMem {
				m.accessMap(fr, EvRead, OpMapAccess, mo, pos)
			}
			v, ok = mo.get(key)
		}
		if ok {
			v = copyVal(v, et)
		} else {
			v = zero(et)
		}
		fr.regs[dst] = okResult(v, ok, commaOk)
		fr.pc++
		return fr
	}
}

func (c *compiler) mapUpdate(i *ssa.MapUpdate) op {
	x, k, v := c.reg(i.Map), c.reg(i.Key), c.reg(i.Value)
	et := c.typ(i.Value.Type())
	pos := i.Pos()
	return func(fr *frame) *frame {
		mo, _ := fr.regs[x].r.(*mapObj)
		if mo == nil {
			panic(runtimeError("assignment to entry in nil map"))
		}
		if m := fr.g.m; m.watchMem {
			m.accessMap(fr, EvWrite, OpMapAssign, mo, pos)
		}
		mo.set(fr.regs[k], copyVal(fr.regs[v], et))
		fr.pc++
		return fr
	}
}
