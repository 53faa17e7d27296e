package vos

import "syscall"

// Anonymous memory maps of the process. Their memory is the caller's (an
// interpreter's byte slice); the kernel keeps the table of live maps, so
// that unmapping a slice that is not a live map fails as munmap does
// (EINVAL, as Go's syscall and x/sys/unix report for a slice they did
// not map), and keeps each map's memory alive until it is unmapped, as a
// mapping does. A map is named by the address of its last byte, as Go's
// mmapper names it. Protection, locking and syncing of pages change
// nothing: the memory is the caller's values, checked against the
// slice's bounds, never swapped, and backed by no file; the advice
// MADV_DONTNEED zeroes the pages, as it does for a private anonymous map
// (the caller does: MapOffset says where they are).
type memMaps map[*byte]int // last byte → length

// MapAnon records the anonymous map b (fresh memory of the caller's, not
// empty).
func (v *Kernel) MapAnon(b []byte) {
	if v.maps == nil {
		v.maps = memMaps{}
	}
	v.maps[&b[len(b)-1]] = len(b)
}

// Unmap removes the map b: EINVAL unless b is a whole live map (as Go's
// mmapper requires: the slice Mmap returned, not a part of it).
func (v *Kernel) Unmap(b []byte) syscall.Errno {
	if len(b) == 0 || len(b) != cap(b) {
		return syscall.EINVAL
	}
	last := &b[len(b)-1]
	if n, ok := v.maps[last]; !ok || n != cap(b) {
		return syscall.EINVAL
	}
	delete(v.maps, last)
	return 0
}

// MapOffset returns where b lies in a live map: the offset of its first
// byte from the map's start and the map's length (ok false: b is not in
// a live map, or its capacity was cut short of the map's end).
func (v *Kernel) MapOffset(b []byte) (off, n int, ok bool) {
	if cap(b) == 0 {
		return 0, 0, false
	}
	n, ok = v.maps[&b[:cap(b)][cap(b)-1]]
	if !ok {
		return 0, 0, false
	}
	return n - cap(b), n, true
}

// clone copies the table.
func (mm memMaps) clone() memMaps {
	if mm == nil {
		return nil
	}
	c := make(memMaps, len(mm))
	for k, n := range mm {
		c[k] = n
	}
	return c
}
