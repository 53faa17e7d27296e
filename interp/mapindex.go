package interp

import "maps"

// mapIndex maps the index form of a map's keys (mapKey, see keyOf) to the
// positions of their entries in mapObj.entries. Keys of string type and of
// integer and boolean types are indexed by a Go map of their own key
// type, so that a lookup hashes and compares a string or a word (the
// runtime's fast paths for them) rather than a whole mapKey; other keys
// (floats, pointers, channels, interfaces, structs, arrays) by mapKey.
// Exactly one of the three maps is non-nil.
type mapIndex struct {
	strs map[string]int
	ints map[uint64]int
	keys map[mapKey]int
}

// newMapIndex returns an empty index for keys of type kt, sized for n keys.
func newMapIndex(kt *rtype, n int) mapIndex {
	switch {
	case kt.kind == kString:
		return mapIndex{strs: make(map[string]int, n)}
	case isInt(kt.kind) || kt.kind == kBool:
		// keyOf keeps such a key's scalar word alone (mapKey{n: v.n}).
		return mapIndex{ints: make(map[uint64]int, n)}
	}
	return mapIndex{keys: make(map[mapKey]int, n)}
}

// get returns the position of the entry of hk.
func (x mapIndex) get(hk mapKey) (int, bool) {
	var i int
	var ok bool
	switch {
	case x.strs != nil:
		i, ok = x.strs[hk.s]
	case x.ints != nil:
		i, ok = x.ints[hk.n]
	default:
		i, ok = x.keys[hk]
	}
	return i, ok
}

// set records that hk's entry is at position i.
func (x mapIndex) set(hk mapKey, i int) {
	switch {
	case x.strs != nil:
		x.strs[hk.s] = i
	case x.ints != nil:
		x.ints[hk.n] = i
	default:
		x.keys[hk] = i
	}
}

// del removes hk.
func (x mapIndex) del(hk mapKey) {
	switch {
	case x.strs != nil:
		delete(x.strs, hk.s)
	case x.ints != nil:
		delete(x.ints, hk.n)
	default:
		delete(x.keys, hk)
	}
}

// len returns the number of keys in x.
func (x mapIndex) len() int { return len(x.strs) + len(x.ints) + len(x.keys) }

// clone returns a copy of x that shares nothing with it.
func (x mapIndex) clone() mapIndex {
	return mapIndex{strs: maps.Clone(x.strs), ints: maps.Clone(x.ints), keys: maps.Clone(x.keys)}
}
