// Package matrix adds matrices and multiplies a matrix by a scalar with one
// task per row (Add and ScalarMultiply). Each task reads its row of the
// inputs and writes its row of the output, announced with permission
// regions on those rows. Expected vt verdict: no race.
package matrix

import (
	"fmt"

	"github.com/vtcheck/vt/habanero"
	"github.com/vtcheck/vt/vt"
)

// Matrix is a dense matrix of rows.
type Matrix [][]float64

// New returns a zero matrix with the given shape.
func New(rows, cols int) Matrix {
	m := make(Matrix, rows)
	for i := range m {
		m[i] = make([]float64, cols)
	}
	return m
}

// Add returns a + b. It panics if the shapes differ.
func Add(a, b Matrix) Matrix {
	if len(a) != len(b) || (len(a) > 0 && len(a[0]) != len(b[0])) {
		panic(fmt.Sprintf("matrix: Add of %dx? and %dx? matrices", len(a), len(b)))
	}
	c := New(len(a), cols(a))
	habanero.Launch(func(t *habanero.Task) {
		t.Forall(0, len(a), func(_ *habanero.Task, i int) {
			vt.AcquireR(a[i])
			vt.AcquireR(b[i])
			vt.AcquireW(c[i])
			for j := range c[i] {
				c[i][j] = a[i][j] + b[i][j]
			}
			vt.ReleaseW(c[i])
			vt.ReleaseR(b[i])
			vt.ReleaseR(a[i])
		})
	})
	return c
}

// ScalarMultiply multiplies every element of a by k in place, one task per
// chunk of rows.
func ScalarMultiply(k float64, a Matrix) {
	habanero.Launch(func(t *habanero.Task) {
		t.ForallChunked(0, len(a), 2, func(_ *habanero.Task, i int) {
			vt.AcquireW(a[i])
			for j := range a[i] {
				a[i][j] *= k
			}
			vt.ReleaseW(a[i])
		})
	})
}

func cols(m Matrix) int {
	if len(m) == 0 {
		return 0
	}
	return len(m[0])
}
