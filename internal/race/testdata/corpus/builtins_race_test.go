package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vtcheck/vt/vt"
)

// Races inside builtins, conversions, copies and library functions: the
// racing access is made by copy, append, delete, clear, range, len, a
// conversion, a struct or array copy or comparison, or a function of the
// standard library reading or writing the program's memory. Each is
// reported by go test -race in every run (TestCorpusNative checks the
// labels natively), except where a comment says why not.
//
// The pattern: a goroutine makes one access, main the conflicting one,
// and only then waits for the goroutine, so that nothing orders the two.

// copy reads its source: a concurrent write of a source element races.
func TestRaceCopyReadsSource(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		src := []int{1, 2, 3}
		done := make(chan int)
		go func() {
			dst := make([]int, 3)
			done <- copy(dst, src)
		}()
		src[1] = 5
		<-done
	})
}

// copy writes its destination: a concurrent read of it races.
func TestRaceCopyWritesDestination(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		dst := make([]int, 4)
		done := make(chan int)
		go func() {
			done <- copy(dst, []int{1, 2, 3, 4})
		}()
		v := dst[2]
		<-done
		_ = v
	})
}

// Two copies into overlapping ranges of one slice (element 2 is in both).
func TestRaceCopyOverlappingRanges(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]byte, 6)
		done := make(chan int)
		go func() { done <- copy(buf[0:3], "abc") }()
		copy(buf[2:5], "xyz")
		<-done
	})
}

// copy of a slice of structs writes every field of the elements.
func TestRaceCopyStructElements(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ps := make([]point, 2)
		done := make(chan int)
		go func() { done <- copy(ps, []point{{1, 2}, {3, 4}}) }()
		y := ps[1].y
		<-done
		_ = y
	})
}

// append that grows the slice reads the old elements to copy them.
func TestRaceAppendGrowReadsElements(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 2)
		done := make(chan int)
		go func() {
			s2 := append(s, 3)
			done <- len(s2)
		}()
		s[1] = 7
		<-done
	})
}

// append within capacity writes the slot after len: a read of that slot
// through a longer slice of the same array races.
func TestRaceAppendWritesSpareSlot(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := make([]int, 1, 4)
		done := make(chan int)
		go func() {
			s2 := append(s, 9)
			done <- len(s2)
		}()
		v := s[:2][1]
		<-done
		_ = v
	})
}

// append(dst, src...) reads the elements of src.
func TestRaceAppendSpreadReadsSource(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		src := []int{1, 2, 3}
		done := make(chan int)
		go func() {
			dst := append([]int(nil), src...)
			done <- len(dst)
		}()
		src[2] = 0
		<-done
	})
}

// delete writes the map: a concurrent lookup races.
func TestRaceMapDelete(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]int{1: 1, 2: 2}
		done := make(chan bool)
		go func() {
			delete(m, 1)
			done <- true
		}()
		v := m[2]
		<-done
		_ = v
	})
}

// clear of a map writes it.
func TestRaceMapClear(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[string]int{"a": 1}
		done := make(chan bool)
		go func() {
			clear(m)
			done <- true
		}()
		v := m["a"]
		<-done
		_ = v
	})
}

// range over a map reads it: a concurrent insertion races.
func TestRaceMapRange(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]int{1: 1}
		done := make(chan int)
		go func() {
			n := 0
			for k, v := range m {
				n += k + v
			}
			done <- n
		}()
		m[2] = 2
		<-done
	})
}

// len of a map reads it (as -race reports).
func TestRaceMapLen(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]bool{}
		done := make(chan int)
		go func() { done <- len(m) }()
		m[1] = true
		<-done
	})
}

// delete and len of the same map.
func TestRaceMapDeleteLen(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[string]bool{"a": true}
		done := make(chan bool)
		go func() {
			delete(m, "a")
			done <- true
		}()
		n := len(m)
		<-done
		_ = n
	})
}

// maps.Keys ranges over the map.
func TestRaceMapsKeys(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		m := map[int]int{1: 1, 2: 2}
		done := make(chan int)
		go func() { done <- len(slices.Collect(maps.Keys(m))) }()
		m[3] = 3
		<-done
	})
}

// clear of a slice writes its elements. (-race does not see this one: the
// compiler lowers clear to memclr, which it does not instrument. It is a
// data race all the same, and vt reports it.)
func TestRaceClearSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2, 3, 4}
		done := make(chan bool)
		go func() {
			clear(s[:2])
			done <- true
		}()
		v := s[1]
		<-done
		_ = v
	})
}

// string(b) reads the bytes.
func TestRaceStringOfBytes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := []byte("hello")
		done := make(chan string)
		go func() { done <- string(b) }()
		b[4] = '!'
		<-done
	})
}

// string(r) reads the runes.
func TestRaceStringOfRunes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		r := []rune("héllo")
		done := make(chan string)
		go func() { done <- string(r) }()
		r[1] = 'e'
		<-done
	})
}

// A comparison of string(b) with a constant reads the bytes too (without
// allocating a string).
func TestRaceStringOfBytesCompare(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := []byte("abc")
		done := make(chan bool)
		go func() { done <- string(b) == "abc" }()
		b[0] = 'x'
		<-done
	})
}

// Conversion of a slice to an array reads the elements.
func TestRaceSliceToArray(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2, 3}
		done := make(chan [3]int)
		go func() { done <- [3]int(s) }()
		s[2] = 0
		<-done
	})
}

// range over a slice reads each element.
func TestRaceRangeSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2, 3, 4}
		done := make(chan int)
		go func() {
			sum := 0
			for _, v := range s {
				sum += v
			}
			done <- sum
		}()
		s[3] = 0
		<-done
	})
}

// range over an array variable reads its elements.
func TestRaceRangeArray(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var a [4]int
		done := make(chan int)
		go func() {
			sum := 0
			for _, v := range a {
				sum += v
			}
			done <- sum
		}()
		a[3] = 1
		<-done
	})
}

// A struct copy reads every field.
func TestRaceStructCopy(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := &point{1, 2}
		done := make(chan point)
		go func() { done <- *p }()
		p.y = 3
		<-done
	})
}

// A struct copy reads the fields of nested arrays too.
func TestRaceStructCopyNested(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		type rec struct {
			id   int
			vals [3]int
		}
		r := &rec{}
		done := make(chan rec)
		go func() { done <- *r }()
		r.vals[2] = 1
		<-done
	})
}

// A struct comparison reads every field.
func TestRaceStructCompare(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := &point{1, 2}
		done := make(chan bool)
		go func() { done <- *p == point{1, 2} }()
		p.y = 0
		<-done
	})
}

// An array copy reads every element.
func TestRaceArrayCopy(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a := &[4]int{}
		done := make(chan [4]int)
		go func() { done <- *a }()
		a[2] = 1
		<-done
	})
}

// An array comparison reads every element.
func TestRaceArrayCompare(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a, b := &[4]int{}, &[4]int{}
		done := make(chan bool)
		go func() { done <- *a == *b }()
		a[3] = 1
		<-done
	})
}

// sort.Ints sorts in place (interpreted from source: element accesses).
func TestRaceSortInts(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{3, 1, 2}
		done := make(chan bool)
		go func() {
			sort.Ints(s)
			done <- true
		}()
		v := s[0]
		<-done
		_ = v
	})
}

// sort.Slice swaps elements through reflect's Swapper.
func TestRaceSortSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []string{"b", "a"}
		done := make(chan bool)
		go func() {
			sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
			done <- true
		}()
		s[1] = "c"
		<-done
	})
}

// slices.Contains reads the elements.
func TestRaceSlicesContains(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2, 3}
		done := make(chan bool)
		go func() { done <- slices.Contains(s, 4) }()
		s[2] = 4
		<-done
	})
}

// slices.Sort writes the elements.
func TestRaceSlicesSort(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{3, 2, 1}
		done := make(chan bool)
		go func() {
			slices.Sort(s)
			done <- true
		}()
		v := s[1]
		<-done
		_ = v
	})
}

// bytes.Equal reads both slices.
func TestRaceBytesEqual(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		a, b := []byte("abc"), []byte("abc")
		done := make(chan bool)
		go func() { done <- bytes.Equal(a, b) }()
		a[1] = 'x'
		<-done
	})
}

// bytes.IndexByte reads the slice. (-race does not see this one: the
// search is assembly, which the race detector does not instrument. It is
// a data race all the same, and vt reports it.)
func TestRaceBytesIndexByte(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		b := []byte("abcd")
		done := make(chan int)
		go func() { done <- bytes.IndexByte(b, 'z') }()
		b[3] = 'z'
		<-done
	})
}

// strings.Builder: String reads the buffer that WriteString appends to.
func TestRaceStringsBuilder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var sb strings.Builder
		sb.WriteString("a")
		done := make(chan bool)
		go func() {
			sb.WriteString("b")
			done <- true
		}()
		s := sb.String()
		<-done
		_ = s
	})
}

// fmt reads a struct through the pointer it prints (&{...}).
func TestRaceFmtReadsThroughPointer(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		p := &point{1, 2}
		done := make(chan string)
		go func() { done <- fmt.Sprint(p) }()
		p.x = 3
		<-done
	})
}

// fmt reads the elements of a slice it prints.
func TestRaceFmtSlice(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		s := []int{1, 2}
		done := make(chan string)
		go func() { done <- fmt.Sprintf("%v", s) }()
		s[0] = 3
		<-done
	})
}

type jsonConfig struct {
	Name string
	Port int
}

// encoding/json writes the fields of a shared struct through reflect.
func TestRaceJSONUnmarshal(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		var c jsonConfig
		done := make(chan error)
		go func() { done <- json.Unmarshal([]byte(`{"Name":"a","Port":1}`), &c) }()
		n := c.Port
		<-done
		_ = n
	})
}

// encoding/json reads the fields of the struct it encodes.
func TestRaceJSONMarshal(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		c := &jsonConfig{Name: "a"}
		done := make(chan bool)
		go func() {
			_, err := json.Marshal(c)
			done <- err == nil
		}()
		c.Port = 8080
		<-done
	})
}

// reflect writes through Value.SetInt.
func TestRaceReflectSet(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		x := 0
		done := make(chan bool)
		go func() {
			reflect.ValueOf(&x).Elem().SetInt(1)
			done <- true
		}()
		v := x
		<-done
		_ = v
	})
}

// io.ReadFull writes the buffer it fills.
func TestRaceReadFull(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		buf := make([]byte, 4)
		done := make(chan error)
		go func() {
			_, err := io.ReadFull(strings.NewReader("data"), buf)
			done <- err
		}()
		b := buf[3]
		<-done
		_ = b
	})
}

// Parallel workers over two halves of one slice that overlap by one
// element.
func TestRaceWorkersOverlappingHalves(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		data := make([]int, 8)
		done := make(chan bool)
		fill := func(part []int, v int) {
			for i := range part {
				part[i] = v
			}
			done <- true
		}
		go fill(data[:5], 1)
		go fill(data[4:], 2)
		<-done
		<-done
	})
}

// A send unordered with a close of the channel: the send reads the
// channel, close writes it (whichever comes first: a send after the close
// panics, recovered here).
func TestRaceChanSendClose(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		c := make(chan int, 1)
		done := make(chan bool)
		go func() {
			defer func() { recover(); done <- true }()
			c <- 1
		}()
		close(c)
		<-done
	})
}
