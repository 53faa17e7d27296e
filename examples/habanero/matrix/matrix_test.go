package matrix

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAddAndScalarMultiply(t *testing.T) {
	a, b := New(5, 4), New(5, 4)
	for i := range a {
		for j := range a[i] {
			a[i][j] = float64(i*10 + j)
			b[i][j] = float64(j - i)
		}
	}
	c := Add(a, b)
	for i := range c {
		for j := range c[i] {
			assert.Equal(t, float64(9*i+2*j), c[i][j], "c[%d][%d]", i, j)
		}
	}
	ScalarMultiply(-2, c)
	assert.Equal(t, []float64{-72, -76, -80, -84}, c[4])
	assert.Equal(t, Matrix{}, Add(Matrix{}, Matrix{}))
	assert.Panics(t, func() { Add(New(2, 2), New(3, 2)) })
}
