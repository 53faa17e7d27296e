// Program nilloop dereferences a nil pointer in the middle of a loop of
// micro-code: the panic names that line.
package main

type point struct{ x, y float64 }

func sum(ps []*point) float64 {
	s := 0.0
	for _, p := range ps {
		s = s*1.5 + 1
		s -= p.y // the nil dereference (p is nil at index 2)
	}
	return s
}

func main() {
	p := &point{1, 2}
	println(sum([]*point{p, p, nil, p}))
}
