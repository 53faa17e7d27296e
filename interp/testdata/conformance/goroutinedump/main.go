// Command goroutinedump prints the goroutine dumps a program can take of
// itself: runtime.Stack of one goroutine and of all, runtime/debug.Stack
// (in a deferred call after recover), and runtime/pprof's goroutine
// profile with debug=1 and debug=2, while goroutines wait in a channel
// receive and a mutex. What differs between two runs of Go itself is
// normalized away: goroutine ids (by rank), arguments, offsets and
// addresses, the order of profile records.
package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

func worker(ch chan int) { <-ch }

type guarded struct{ mu sync.Mutex }

func (g *guarded) lock() { g.mu.Lock() }

func main() {
	ch := make(chan int)
	for range 3 {
		go worker(ch)
	}
	var g guarded
	g.mu.Lock()
	go g.lock()
	buf := make([]byte, 1<<20)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		dump := string(buf[:runtime.Stack(buf, true)])
		if strings.Count(dump, "[chan receive]") == 3 && strings.Count(dump, "[sync.Mutex.Lock]") == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}

	fmt.Println("== runtime.Stack(buf, false)")
	fmt.Print(normalize(string(buf[:runtime.Stack(buf, false)])))
	fmt.Println("== runtime.Stack(buf, true)")
	fmt.Print(normalize(string(buf[:runtime.Stack(buf, true)])))
	fmt.Println("== debug.Stack after recover")
	func() {
		defer func() {
			recover()
			fmt.Print(normalize(string(debug.Stack())))
		}()
		panic("x")
	}()
	var prof bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&prof, 2)
	fmt.Println("== goroutine profile, debug=2")
	fmt.Print(normalize(prof.String()))
	prof.Reset()
	pprof.Lookup("goroutine").WriteTo(&prof, 1)
	fmt.Println("== goroutine profile, debug=1")
	fmt.Print(normalizeProfile(prof.String()))
	fmt.Println("goroutines:", runtime.NumGoroutine(), pprof.Lookup("goroutine").Count())
}

var (
	header  = regexp.MustCompile(`^goroutine ([0-9]+) (\[.*\]:)$`)
	created = regexp.MustCompile(`^(created by \S+) in goroutine ([0-9]+)$`)
	offset  = regexp.MustCompile(` \+0x[0-9a-f]+$`)
	frame   = regexp.MustCompile(`^#\t0x[0-9a-f]+\t(\S+)\+0x[0-9a-f]+\s+(\S+):([0-9]+)$`)
)

// normalize returns a traceback with goroutine ids replaced by their rank,
// arguments, offsets and directories removed.
func normalize(dump string) string {
	var ids []int
	for _, l := range strings.Split(dump, "\n") {
		if m := header.FindStringSubmatch(l); m != nil {
			id, _ := strconv.Atoi(m[1])
			ids = append(ids, id)
		}
	}
	sort.Ints(ids)
	rank := func(s string) string {
		id, _ := strconv.Atoi(s)
		return "#" + strconv.Itoa(sort.SearchInts(ids, id)+1)
	}
	var out strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(dump, "\n"), "\n") {
		switch m, c := header.FindStringSubmatch(l), created.FindStringSubmatch(l); {
		case m != nil:
			l = "goroutine " + rank(m[1]) + " " + m[2]
		case c != nil:
			l = c[1] + " in goroutine " + rank(c[2])
		case strings.HasPrefix(l, "\t"):
			l = "\t" + filepath.Base(offset.ReplaceAllString(l[1:], ""))
		case l != "":
			l = l[:strings.LastIndexByte(l, '(')] + "()"
		}
		out.WriteString(l + "\n")
	}
	return out.String()
}

// normalizeProfile returns a goroutine profile (debug=1) with addresses
// and directories removed and its records sorted.
func normalizeProfile(p string) string {
	parts := strings.Split(strings.TrimRight(p, "\n"), "\n\n")
	head, first, _ := strings.Cut(parts[0], "\n")
	records := append([]string{first}, parts[1:]...)
	for i, r := range records {
		lines := strings.Split(r, "\n")
		lines[0], _, _ = strings.Cut(lines[0], " @")
		for j, l := range lines[1:] {
			if m := frame.FindStringSubmatch(l); m != nil {
				lines[j+1] = "#\t" + m[1] + "\t" + filepath.Base(m[2]) + ":" + m[3]
			}
		}
		records[i] = strings.Join(lines, "\n")
	}
	sort.Strings(records)
	return head + "\n" + strings.Join(records, "\n\n") + "\n"
}
