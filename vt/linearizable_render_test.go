package vt

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

type renderPoint struct {
	X, y int
	Err  error
	Next *renderPoint
}

type renderID int

func TestRender(t *testing.T) {
	loop := &renderPoint{X: 1}
	loop.Next = loop
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, "nil"},
		{3, "3"},
		{int8(3), "int8(3)"},
		{renderID(4), "vt.renderID(4)"},
		{"a\"b", `"a\"b"`},
		{true, "true"},
		{0.5, "0.5"},
		{struct{}{}, "struct {}{}"},
		{[]int(nil), "[]int(nil)"},
		{[]int{}, "[]int{}"},
		{[2]string{"a", "b"}, `[2]string{"a", "b"}`},
		{map[string]int{"b": 2, "a": 1}, `map[string]int{"a":1, "b":2}`},
		{map[string]int(nil), "map[string]int(nil)"},
		{[]any{1, int64(1), nil}, "[]interface {}{1, int64(1), nil}"},
		{errors.New("empty"), `&errors.errorString{s:"empty"}`},
		{fmt.Errorf("w: %w", errors.New("e")), `&fmt.wrapError{msg:"w: e", err:&errors.errorString{s:"e"}}`},
		{renderPoint{X: 1, y: 2, Err: errors.New("x")}, `vt.renderPoint{X:1, y:2, Err:&errors.errorString{s:"x"}, Next:(*vt.renderPoint)(nil)}`},
		{loop, "&vt.renderPoint{X:1, y:0, Err:nil, Next:<cycle>}"},
		{make(chan int), "<chan int>"},
	} {
		assert.Equal(t, tc.want, render(tc.v), "%#v", tc.v)
	}
	// Equal values in different memory render alike.
	a, b := errors.New("e"), errors.New("e")
	assert.Equal(t, render(a), render(b))
}
