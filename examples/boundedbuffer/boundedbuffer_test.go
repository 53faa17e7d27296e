package boundedbuffer

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestPutBlocksWhenFull: a producer ahead of a slow consumer waits for room
// and never loses an item.
func TestPutBlocksWhenFull(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := New[string](2)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for _, s := range []string{"a", "b", "c", "d"} {
				require.NoError(t, b.Put(s))
			}
		}()
		var got []string
		for range 4 {
			v, ok := b.Get()
			require.True(t, ok)
			got = append(got, v)
		}
		<-done
		require.Equal(t, []string{"a", "b", "c", "d"}, got)
	}, vt.Preempt(1))
}

// TestProducersConsumers: two producers put two items each through a
// buffer of capacity 1 to two consumers; every item arrives exactly once and
// each producer's items arrive in order.
func TestProducersConsumers(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		const producers, perProducer = 2, 2
		b := New[int](1)

		var prod sync.WaitGroup
		for p := range producers {
			prod.Add(1)
			go func() {
				defer prod.Done()
				for i := range perProducer {
					require.NoError(t, b.Put(p*10+i))
				}
			}()
		}

		got := make([][]int, 2)
		var cons sync.WaitGroup
		for c := range got {
			cons.Add(1)
			go func() {
				defer cons.Done()
				for {
					v, ok := b.Get()
					if !ok {
						return
					}
					got[c] = append(got[c], v)
				}
			}()
		}

		prod.Wait()
		b.Close()
		cons.Wait()

		perProd := make([][]int, producers)
		for _, items := range got {
			last := map[int]int{}
			for _, v := range items {
				p := v / 10
				if prev, seen := last[p]; seen {
					require.Less(t, prev, v, "items of producer %d out of order", p)
				}
				last[p] = v
				perProd[p] = append(perProd[p], v)
			}
		}
		for p := range producers {
			require.ElementsMatch(t, []int{p * 10, p*10 + 1}, perProd[p])
		}
		require.Zero(t, b.Len())
		require.ErrorIs(t, b.Put(99), ErrClosed)
	}, vt.Preempt(1), vt.Time(time.Second))
}
