package interp

// The virtual clock: time is virtual and costs nothing. Timers wait in a
// heap; when every goroutine is blocked, the clock jumps to the earliest
// timer and fires every timer due then.

import (
	"container/heap"
	"sort"
)

// virtualEpoch is the virtual clock's start: 2000-01-01T00:00:00Z, as in
// testing/synctest.
const virtualEpoch = 946684800 * 1e9

type timer struct {
	when   int64
	seq    int64
	period int64
	fire   func(m *machine, t *timer)
	index  int
	id     any
	owner  *Goroutine // the goroutine that set the timer last
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }

func (h timerHeap) Less(i, j int) bool {
	if h[i].when != h[j].when {
		return h[i].when < h[j].when
	}
	return h[i].seq < h[j].seq
}

func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }

func (h *timerHeap) Push(x any) { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }

func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

func (m *machine) addTimer(t *timer) {
	m.timerSeq++
	t.seq = m.timerSeq
	heap.Push(&m.timers, t)
}

func (m *machine) delTimer(t *timer) bool {
	if t.index < 0 || t.index >= len(m.timers) || m.timers[t.index] != t {
		return false
	}
	heap.Remove(&m.timers, t.index)
	return true
}

// fireTimers advances the virtual clock to the earliest timer and fires
// every timer due then. It reports false if there is none.
func (m *machine) fireTimers() bool {
	if len(m.timers) == 0 {
		return false
	}
	when := m.timers[0].when
	if when > m.clock {
		m.clock = when
	}
	m.emit(nil, Event{Kind: EvTimer, Seq: m.clock})
	var due []*timer
	for len(m.timers) > 0 && m.timers[0].when <= m.clock {
		due = append(due, heap.Pop(&m.timers).(*timer))
	}
	sort.SliceStable(due, func(i, j int) bool { return due[i].seq < due[j].seq })
	for _, t := range due {
		if t.period > 0 {
			t.when += t.period
			m.addTimer(t)
		}
		t.fire(m, t)
	}
	return true
}

// monotonic is the runtime's nanotime on the virtual clock.
func (m *machine) monotonic() int64 { return m.clock - virtualEpoch + 1000 }

// vclock converts a runtime "when" (monotonic) to the virtual clock.
func (m *machine) vclock(when int64) int64 { return when - 1000 + virtualEpoch }
