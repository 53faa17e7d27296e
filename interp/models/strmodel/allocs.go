package strmodel

import "github.com/vtcheck/vt/interp/model"

// The heap allocations of the Go bodies of the models that allocate
// (model.Func.Allocs), by the bodies' rules. A model that returns a
// substring or allocates nothing has none.

// withAllocs returns f with the allocations a.
func withAllocs(f model.Func, a model.AllocsFunc) model.Func {
	f.Allocs = a
	return f
}

// oneIf is one allocation of size bytes if cond holds.
func oneIf(cond bool, size int64) (int, int64) {
	if cond {
		return 1, size
	}
	return 0, 0
}

// changedString: a new string if any letter changed (ToUpper, ToLower,
// Replace return their argument otherwise).
func changedString(m model.Machine, a []model.Value, r model.Value) (int, int64) {
	s := m.String(r)
	return oneIf(s != m.String(a[0]) && len(s) > 0, int64(len(s)))
}

// splitAlloc: genSplit's, explode's and Fields' make([]string, n),
// returned.
func splitAlloc(m model.Machine, _ []model.Value, r model.Value) (int, int64) {
	n := len(m.Elems(r))
	return oneIf(n > 0, 16*int64(n))
}

// repeatAlloc: Repeat's result, unless it is its argument or one of its
// constant strings.
func repeatAlloc(m model.Machine, a []model.Value, r model.Value) (int, int64) {
	s, n, res := m.String(a[0]), a[1].Int(), m.String(r)
	if n <= 1 || len(s) == 0 || staticRepeat(s, len(res)) {
		return 0, 0
	}
	return 1, int64(len(res))
}

func itoaAlloc(m model.Machine, a []model.Value, r model.Value) (int, int64) {
	return formatAlloc(m, a[0].Int(), 10, r)
}

func formatIntAlloc(m model.Machine, a []model.Value, r model.Value) (int, int64) {
	return formatAlloc(m, a[0].Int(), a[1].Int(), r)
}

func formatUintAlloc(m model.Machine, a []model.Value, r model.Value) (int, int64) {
	if a[0].Uint() < 100 {
		return formatAlloc(m, int64(a[0].Uint()), a[1].Int(), r)
	}
	return formatAlloc(m, 100, a[1].Int(), r)
}

// formatAlloc: FormatInt and FormatUint return the small numbers of base
// 10 from a table, and string(a[j:]) of their digits otherwise (a
// one-byte string is static).
func formatAlloc(m model.Machine, i, base int64, r model.Value) (int, int64) {
	if base == 10 && 0 <= i && i < 100 {
		return 0, 0
	}
	s := m.String(r)
	return oneIf(len(s) >= 2, int64(len(s)))
}

// staticRepeat reports whether strings.Repeat returns its result, of n
// bytes repeating s, from its constant strings of spaces, dashes, zeroes,
// equal signs or tabs.
func staticRepeat(s string, n int) bool {
	for _, c := range []struct {
		b byte
		n int
	}{{' ', 128}, {'-', 128}, {'0', 64}, {'=', 128}, {'\t', 64}} {
		if s[0] != c.b {
			continue
		}
		if n > c.n {
			return false
		}
		for i := range len(s) {
			if s[i] != c.b {
				return false
			}
		}
		return true
	}
	return false
}
