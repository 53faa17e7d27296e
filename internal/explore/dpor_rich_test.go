package explore

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// genRich writes a small random concurrent program, as genProgram, with
// more kinds of operations (see TestDPORRichSameOutputs).
func genRich(rng *rand.Rand, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(t *testing.T) {\n", name)
	b.WriteString("\tvar mu sync.Mutex\n\tvar rw sync.RWMutex\n\tvar wg sync.WaitGroup\n\tvar once sync.Once\n\tvar a int32\n\tx, y := 0, 0\n")
	fmt.Fprintf(&b, "\tch := make(chan int, %d)\n\tch2 := make(chan int, %d)\n\tdone := make(chan struct{})\n", rng.Intn(2), 1+rng.Intn(2))
	b.WriteString("\t_, _, _, _, _, _, _, _, _ = &mu, &rw, &a, &x, &y, ch, ch2, done, &once\n")
	ng := 2 + rng.Intn(4)/3
	sends := 0
	closer := rng.Intn(ng + 2) // goroutine that closes done (>= ng: main, before wg.Wait)
	fmt.Fprintf(&b, "\twg.Add(%d)\n", ng)
	for g := range ng {
		b.WriteString("\tgo func() {\n\t\tdefer wg.Done()\n")
		nops := 1 + rng.Intn(2)
		for range nops {
			k := 1 + rng.Intn(3)
			switch rng.Intn(12) {
			case 0:
				fmt.Fprintf(&b, "\t\tmu.Lock(); x = x*2 + %d; mu.Unlock()\n", k)
			case 1:
				fmt.Fprintf(&b, "\t\tif mu.TryLock() { x += %d; mu.Unlock() } else { fmt.Println(\"g%d busy\") }\n", k, g)
			case 2:
				fmt.Fprintf(&b, "\t\tatomic.AddInt32(&a, %d)\n", k)
			case 3:
				fmt.Fprintf(&b, "\t\tif atomic.LoadInt32(&a) > %d { fmt.Println(\"g%d a\") }\n", k-1, g)
			case 4:
				fmt.Fprintf(&b, "\t\trw.RLock(); fmt.Println(\"g%d rx\", x); rw.RUnlock()\n", g)
			case 5:
				fmt.Fprintf(&b, "\t\tselect {\n\t\tcase v := <-ch2:\n\t\t\tfmt.Println(\"g%d got\", v)\n\t\tdefault:\n\t\t\tfmt.Println(\"g%d none\")\n\t\t}\n", g, g)
			case 6:
				fmt.Fprintf(&b, "\t\tselect {\n\t\tcase ch2 <- %d:\n\t\tdefault:\n\t\t\tfmt.Println(\"g%d full\")\n\t\t}\n", k, g)
			case 7:
				fmt.Fprintf(&b, "\t\tfmt.Println(\"g%d len\", len(ch2))\n", g)
			case 8:
				fmt.Fprintf(&b, "\t\tch <- %d\n", k*10+g)
				sends++
			case 9:
				fmt.Fprintf(&b, "\t\tonce.Do(func() { fmt.Println(\"once g%d\") })\n", g)
			case 10:
				fmt.Fprintf(&b, "\t\tselect {\n\t\tcase <-done:\n\t\t\tfmt.Println(\"g%d done\")\n\t\tdefault:\n\t\t}\n", g)
			case 11:
				fmt.Fprintf(&b, "\t\trw.Lock(); y++; rw.Unlock()\n")
			}
		}
		if g == closer {
			b.WriteString("\t\tclose(done)\n")
		}
		b.WriteString("\t}()\n")
	}
	for range sends {
		b.WriteString("\tfmt.Println(\"r\", <-ch)\n")
	}
	if closer >= ng {
		b.WriteString("\tclose(done)\n")
	}
	b.WriteString("\twg.Wait()\n\tfmt.Println(x, y, atomic.LoadInt32(&a), len(ch2))\n}\n\n")
	return b.String()
}

// DPOR reaches exactly the final outputs of the stateful search (whose
// outputs are dfs's) on generated programs that also use TryLock, RWMutex,
// selects with a default (sending and receiving), len of a channel,
// sync.Once and a channel closed while others poll it: operations whose
// outcome depends on an object they do not change.
func TestDPORRichSameOutputs(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 3
	}
	compared, several := 0, 0
	dporMatchesStateful(t, 7, n, 4000, genRich, func(want map[string]bool) {
		compared++
		if len(want) > 1 {
			several++
		}
	})
	assert.GreaterOrEqual(t, compared, n/2)
	assert.Positive(t, several, "every program has one final state")
}
