package corpus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// Race-free programs whose accesses are made by builtins, conversions,
// copies and library functions: disjoint ranges of one slice, accesses
// ordered by synchronization, reads only, and the standard library's own
// state (fmt, sync.Pool, sync.Map, context, encoding/json), which
// goroutines that share nothing else must not be reported for. go test
// -race never reports them (TestCorpusNative checks it).

// Two goroutines copy into the two halves of one slice.
func TestNoRaceCopyDisjointHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		dst := make([]int, 8)
		src := []int{1, 2, 3, 4, 5, 6, 7, 8}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); copy(dst[:4], src[:4]) }()
		go func() { defer wg.Done(); copy(dst[4:], src[4:]) }()
		wg.Wait()
		_ = dst[0] + dst[7]
	})
}

// Two goroutines copy from one source (reads only).
func TestNoRaceCopySharedSource(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		src := []byte("shared")
		done := make(chan []byte)
		for range 2 {
			go func() {
				dst := make([]byte, len(src))
				copy(dst, src)
				done <- dst
			}()
		}
		<-done
		<-done
	})
}

// A copy published by a channel send.
func TestNoRaceCopyThenSend(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]int, 3)
		ready := make(chan bool)
		go func() {
			copy(buf, []int{1, 2, 3})
			ready <- true
		}()
		<-ready
		buf[0] = buf[1] + buf[2]
	})
}

// Two goroutines append to slices that share a backing array but not
// elements (three-index slices limit their capacity).
func TestNoRaceAppendSeparateCapacity(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		base := make([]int, 0, 8)
		a, b := base[0:0:4], base[4:4:8]
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); a = append(a, 1, 2) }()
		go func() { defer wg.Done(); b = append(b, 3, 4) }()
		wg.Wait()
		_ = len(a) + len(b)
	})
}

// append that grows a two-element slice reads those two elements only.
func TestNoRaceAppendGrowReadsPrefix(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 4)
		done := make(chan int)
		go func() {
			s2 := append(s[:2:2], 9)
			done <- len(s2)
		}()
		s[3] = 1
		<-done
	})
}

// Map writes (delete, clear) and reads (range, len) under one mutex.
func TestNoRaceMapOperationsUnderMutex(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var mu sync.Mutex
		m := map[int]int{1: 1, 2: 2}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			mu.Lock()
			delete(m, 1)
			mu.Unlock()
		}()
		go func() {
			defer wg.Done()
			mu.Lock()
			n := len(m)
			for k := range m {
				n += k
			}
			mu.Unlock()
			_ = n
		}()
		wg.Wait()
		clear(m)
	})
}

// Concurrent readers of one map: range, len, lookup, maps.Keys.
func TestNoRaceMapReaders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[string]int{"a": 1, "b": 2}
		done := make(chan int)
		go func() {
			n := len(m)
			for _, v := range m {
				n += v
			}
			done <- n
		}()
		go func() { done <- m["a"] + len(slices.Collect(maps.Keys(m))) }()
		<-done
		<-done
	})
}

// clear of one half of a slice while the other half is written.
func TestNoRaceClearDisjoint(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2, 3, 4}
		done := make(chan bool)
		go func() {
			clear(s[:2])
			done <- true
		}()
		s[3] = 0
		<-done
		_ = s[0]
	})
}

// string of the first bytes while a later byte is written.
func TestNoRaceStringOfDisjointBytes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := []byte("hello")
		done := make(chan string)
		go func() { done <- string(b[:2]) }()
		b[4] = '!'
		<-done
	})
}

// Conversions of a shared string (strings are immutable).
func TestNoRaceConvertSharedString(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := "héllo"
		done := make(chan int)
		go func() { done <- len([]byte(s)) }()
		go func() { done <- len([]rune(s)) }()
		<-done
		<-done
	})
}

// Parallel workers sum the two halves of a slice (range) and write their
// own result slot.
func TestNoRaceWorkersOnHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		data := []int{1, 2, 3, 4, 5, 6}
		sums := make([]int, 2)
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, v := range data[w*3 : w*3+3] {
					sums[w] += v
				}
			}()
		}
		wg.Wait()
		_ = sums[0] + sums[1]
	})
}

// A copy of one field of a struct (itself a struct) while another field
// is written.
func TestNoRaceStructFieldCopy(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		type pair struct {
			a, b point
		}
		p := &pair{}
		done := make(chan point)
		go func() { done <- p.a }()
		p.b.x = 1
		<-done
	})
}

// Concurrent struct and array comparisons and copies (reads only).
func TestNoRaceCompareReaders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p, q := &point{1, 2}, &point{1, 2}
		a := &[3]int{1, 2, 3}
		done := make(chan bool)
		go func() { done <- *p == *q && a[0] == 1 }()
		go func() { c := *a; done <- c == [3]int{} || *p != *q }()
		<-done
		<-done
	})
}

// Two goroutines sort the two halves of one slice.
func TestNoRaceSortHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{4, 3, 2, 1, 8, 7, 6, 5}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); sort.Ints(s[:4]) }()
		go func() { defer wg.Done(); slices.Sort(s[4:]) }()
		wg.Wait()
		_ = s[0]
	})
}

// sort.Slice on disjoint halves (reflect's Swapper).
func TestNoRaceSortSliceHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []string{"d", "c", "b", "a"}
		var wg sync.WaitGroup
		for h := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				part := s[h*2 : h*2+2]
				sort.Slice(part, func(i, j int) bool { return part[i] < part[j] })
			}()
		}
		wg.Wait()
	})
}

// fmt and strings from several goroutines that share nothing: the
// packages' own state (fmt's printer pool) is not the program's.
func TestNoRaceFmtAndStringsInternals(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		done := make(chan string)
		for i := range 2 {
			go func() {
				var sb strings.Builder
				fmt.Fprintf(&sb, "worker %d: %v", i, []int{i})
				done <- strings.ToUpper(sb.String()) + fmt.Sprint(i)
			}()
		}
		<-done
		<-done
	})
}

// fmt reading one struct from two goroutines (reads only).
func TestNoRaceFmtSharedReadOnly(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := &point{1, 2}
		done := make(chan string)
		go func() { done <- fmt.Sprint(p) }()
		go func() { done <- fmt.Sprintf("%+v", *p) }()
		<-done
		<-done
	})
}

// encoding/json decoding into a struct of its own while another goroutine
// encodes a shared struct that nobody writes. (The package's caches are
// filled before vt.Check, so that exploring its sync.Map operations stays
// small.)
func TestNoRaceJSON(t *testing.T) {
	warm := func() (string, error) {
		var c jsonConfig
		b, err := json.Marshal(&jsonConfig{})
		return string(b), errors.Join(err, json.Unmarshal(b, &c))
	}
	if _, err := warm(); err != nil {
		t.Fatal(err)
	}
	vt.Check(t, func(t *vt.T) {
		shared := &jsonConfig{Name: "s", Port: 1}
		done := make(chan string)
		go func() {
			b, _ := json.Marshal(shared)
			done <- string(b)
		}()
		var c jsonConfig
		err := json.Unmarshal([]byte(`{"Name":"a"}`), &c)
		<-done
		_ = err
	})
}

// reflect writes one field while another goroutine writes another.
func TestNoRaceReflectDisjointFields(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		c := &jsonConfig{}
		done := make(chan bool)
		go func() {
			reflect.ValueOf(c).Elem().Field(1).SetInt(1)
			done <- true
		}()
		c.Name = "b"
		<-done
	})
}

// io.ReadFull into the two halves of one buffer.
func TestNoRaceReadFullHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]byte, 8)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); io.ReadFull(strings.NewReader("abcd"), buf[:4]) }()
		go func() { defer wg.Done(); io.ReadFull(strings.NewReader("efgh"), buf[4:]) }()
		wg.Wait()
		_ = string(buf)
	})
}

// sync.Pool: objects taken, used and put back by several goroutines.
func TestNoRaceSyncPoolBuilder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		pool := sync.Pool{New: func() any { return new(strings.Builder) }}
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sb := pool.Get().(*strings.Builder)
				sb.Reset()
				fmt.Fprint(sb, i)
				_ = sb.String()
				pool.Put(sb)
			}()
		}
		wg.Wait()
	})
}

// sync.Map publishes a value initialized before Store.
func TestNoRaceSyncMapPublishedPoint(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var m sync.Map
		done := make(chan int)
		go func() {
			p := &point{x: 1}
			p.y = 2
			m.Store("p", p)
			done <- 0
		}()
		go func() {
			n := 0
			if v, ok := m.Load("p"); ok {
				n = v.(*point).y
			}
			m.Range(func(k, v any) bool { return true })
			done <- n
		}()
		<-done
		<-done
	})
}

// context: a value looked up and a cancellation observed by another
// goroutine; data published by cancel (it closes Done).
func TestNoRaceContext(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		type key struct{}
		ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
		result := 0
		done := make(chan bool)
		go func() {
			<-ctx.Done()
			done <- ctx.Value(key{}) == "v" && ctx.Err() != nil && result == 42
		}()
		result = 42
		cancel()
		<-done
	})
}

// Sends (one in a select) finished before the channel is closed.
func TestNoRaceChanCloseAfterSends(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		c := make(chan int, 2)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); c <- 1 }()
		go func() {
			defer wg.Done()
			select {
			case c <- 2:
			default:
			}
		}()
		wg.Wait()
		close(c)
		for range c {
		}
	})
}
