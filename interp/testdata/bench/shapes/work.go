// Package shapes is a benchmark program: method calls through interfaces.
package shapes

// Shape is implemented by several concrete types.
type Shape interface {
	Area() int
	Perimeter() int
}

type rect struct{ w, h int }
type square struct{ s int }
type tri struct{ b, h, s1, s2 int }
type circle struct{ r int }

func (r rect) Area() int         { return r.w * r.h }
func (r rect) Perimeter() int    { return 2 * (r.w + r.h) }
func (s *square) Area() int      { return s.s * s.s }
func (s *square) Perimeter() int { return 4 * s.s }
func (t tri) Area() int          { return t.b * t.h / 2 }
func (t tri) Perimeter() int     { return t.b + t.s1 + t.s2 }
func (c circle) Area() int       { return 314 * c.r * c.r / 100 }
func (c circle) Perimeter() int  { return 628 * c.r / 100 }

// Run builds 1000 shapes and sums their areas and perimeters n/1000 times
// (n calls of each method in all).
func Run(n int) int {
	shapes := make([]Shape, 1000)
	for i := range shapes {
		switch i % 4 {
		case 0:
			shapes[i] = rect{i%13 + 1, i%7 + 1}
		case 1:
			shapes[i] = &square{i%11 + 1}
		case 2:
			shapes[i] = tri{i%5 + 2, i%9 + 2, i%3 + 3, i%4 + 3}
		default:
			shapes[i] = circle{i%6 + 1}
		}
	}
	sum := 0
	for round := 0; round < n/len(shapes); round++ {
		for _, s := range shapes {
			sum += s.Area() - s.Perimeter() + round&1
		}
	}
	return sum
}
